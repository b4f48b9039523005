//! `brique online tournaments --server HOST:PORT [--id N]`: a lobby's
//! tournaments, or one tournament's standings and rounds, as plain text
//! for scripts: one line each, fields two spaces apart.

use crate::online::protocol::Terms;
use crate::online::tournaments::{
    Kind, TournamentGame, TournamentPage, TournamentStanding, TournamentSummary,
};
use crate::storage::Timestamp;

/// `5x5 revised pie 1+1 rated`.
fn terms(terms: &Terms) -> String {
    format!(
        "{0}x{0} {1}{2} {3} {4}",
        terms.size,
        terms.variant,
        if terms.pie { " pie" } else { "" },
        terms.pace,
        if terms.rated { "rated" } else { "casual" }
    )
}

/// A time on the wire (ms since 1970) as `2026-11-29T12:30:00Z`.
fn when(ms: i64) -> String {
    Timestamp::from_unix_seconds(ms.div_euclid(1000)).to_string()
}

/// How long it lasts: `2 rounds`, `30 minutes`, `a season`.
fn length(summary: &TournamentSummary) -> String {
    match (summary.kind, summary.rounds, summary.minutes) {
        (Kind::Swiss, Some(1), _) => "1 round".into(),
        (Kind::Swiss, Some(n), _) => format!("{n} rounds"),
        (Kind::Arena, _, Some(m)) => format!("{m} minutes"),
        _ => "a season".into(),
    }
}

fn plural(n: u32, one: &str, many: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {many}")
    }
}

/// `#3  Quick swiss  swiss  running  5x5 revised 1+1 rated  2 rounds  starts 2026-11-29T12:30:00Z  4 entrants`.
pub fn summary_line(t: &TournamentSummary) -> String {
    let by =
        t.by.as_deref()
            .map_or_else(String::new, |by| format!("  by {by}"));
    let bots = if t.bots { "  bots enter" } else { "" };
    format!(
        "#{}  {}  {}  {}  {}  {}  starts {}  {}{by}{bots}\n",
        t.id,
        t.name,
        t.kind,
        t.stage,
        terms(&t.terms),
        length(t),
        when(t.starts_ms),
        plural(t.entrants, "entrant", "entrants"),
    )
}

/// The list: a line per tournament, or a sentence when there is none.
pub fn list_text(list: &[TournamentSummary]) -> String {
    if list.is_empty() {
        return "no tournaments on this server\n".into();
    }
    list.iter().map(summary_line).collect()
}

/// `1  alice  4 points  Buchholz 3  Sonneborn-Berger 4  2 games`, and an
/// arena's streak and pause, a league's group, a withdrawal.
fn standing_line(s: &TournamentStanding, tie_breaks: &[String]) -> String {
    let mut line = format!(
        "{}  {}{}  {}",
        s.rank,
        s.name,
        if s.bot { " (bot)" } else { "" },
        plural(s.points, "point", "points")
    );
    for (name, value) in tie_breaks.iter().zip(&s.tie_breaks) {
        line.push_str(&format!("  {name} {value}"));
    }
    line.push_str(&format!("  {}", plural(s.games, "game", "games")));
    if s.streak > 0 {
        line.push_str(&format!("  streak {}", s.streak));
    }
    if let Some(group) = s.group {
        line.push_str(&format!("  group {group}"));
    }
    if s.paused {
        line.push_str("  paused");
    }
    if s.withdrawn {
        line.push_str("  withdrawn");
    }
    line.push('\n');
    line
}

/// `  #12  alice - bob  alice wins` (Black – White, as the lobby lists).
fn game_line(g: &TournamentGame) -> String {
    let number = g
        .game
        .map_or_else(|| "-".to_string(), |game| format!("#{game}"));
    let state = match (&g.winner, g.finished, g.game) {
        (Some(winner), _, _) => format!("{winner} wins"),
        (None, true, _) => "nobody won".into(),
        (None, false, Some(_)) => "playing".into(),
        (None, false, None) => "not started".into(),
    };
    format!("  {number}  {} - {}  {state}\n", g.black, g.white)
}

/// One tournament: its line, the standings, the rounds with their games.
pub fn page_text(page: &TournamentPage) -> String {
    let mut out = summary_line(&page.summary);
    let breaks = if page.tie_breaks.is_empty() {
        String::new()
    } else {
        format!(", then {}", page.tie_breaks.join(", then "))
    };
    out.push_str(&format!("standings (by points{breaks})\n"));
    if page.standings.is_empty() {
        out.push_str("  nobody has entered yet\n");
    }
    for standing in &page.standings {
        out.push_str("  ");
        out.push_str(&standing_line(standing, &page.tie_breaks));
    }
    for round in &page.rounds {
        out.push_str(&format!("round {} (Black - White)\n", round.round));
        for game in &round.games {
            out.push_str(&game_line(game));
        }
        if let Some(bye) = &round.bye {
            out.push_str(&format!("  bye  {bye}\n"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Variant;
    use crate::online::protocol::{GameId, Pace, TournamentId};
    use crate::online::tournaments::{Stage, TournamentRound};

    fn summary() -> TournamentSummary {
        TournamentSummary {
            id: TournamentId(3),
            name: "Quick swiss".into(),
            kind: Kind::Swiss,
            stage: Stage::Running,
            terms: Terms {
                size: 5,
                variant: Variant::Revised,
                pie: false,
                pace: Pace::Clock {
                    minutes: 1,
                    increment: 1,
                },
                rated: true,
            },
            rounds: Some(2),
            minutes: None,
            starts_ms: 1_796_041_800_000,
            entrants: 3,
            round: 1,
            by: None,
            bots: true,
        }
    }

    fn standing(rank: u32, name: &str, points: u32, tie_breaks: [u32; 2]) -> TournamentStanding {
        TournamentStanding {
            rank,
            name: name.into(),
            bot: name.starts_with("brique"),
            points,
            tie_breaks: tie_breaks.to_vec(),
            games: 1,
            streak: 0,
            paused: false,
            withdrawn: false,
            group: None,
        }
    }

    #[test]
    fn the_list_is_a_line_per_tournament_and_a_sentence_when_empty() {
        assert_eq!(list_text(&[]), "no tournaments on this server\n");
        let mut arena = summary();
        arena.id = TournamentId(4);
        arena.name = "Blitz arena".into();
        arena.kind = Kind::Arena;
        arena.stage = Stage::Upcoming;
        arena.rounds = None;
        arena.minutes = Some(30);
        arena.entrants = 1;
        arena.by = Some("alice".into());
        arena.bots = false;
        assert_eq!(
            list_text(&[summary(), arena]),
            "#3  Quick swiss  swiss  running  5x5 revised 1+1 rated  2 rounds  \
             starts 2026-11-30T12:30:00Z  3 entrants  bots enter\n\
             #4  Blitz arena  arena  upcoming  5x5 revised 1+1 rated  30 minutes  \
             starts 2026-11-30T12:30:00Z  1 entrant  by alice\n"
        );
    }

    #[test]
    fn a_page_names_its_tie_breaks_and_lists_each_round_s_games_and_bye() {
        let page = TournamentPage {
            summary: summary(),
            tie_breaks: vec!["Buchholz".into(), "Sonneborn-Berger".into()],
            standings: vec![
                standing(1, "alice", 1, [0, 0]),
                standing(1, "brique-easy", 1, [0, 0]),
                standing(3, "bob", 0, [1, 0]),
            ],
            rounds: vec![TournamentRound {
                round: 1,
                bye: Some("brique-easy".into()),
                games: vec![
                    TournamentGame {
                        white: "bob".into(),
                        black: "alice".into(),
                        game: Some(GameId(12)),
                        finished: true,
                        winner: Some("alice".into()),
                    },
                    TournamentGame {
                        white: "carol".into(),
                        black: "dan".into(),
                        game: None,
                        finished: false,
                        winner: None,
                    },
                ],
            }],
        };
        let text = page_text(&page);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(
            lines[1..],
            [
                "standings (by points, then Buchholz, then Sonneborn-Berger)",
                "  1  alice  1 point  Buchholz 0  Sonneborn-Berger 0  1 game",
                "  1  brique-easy (bot)  1 point  Buchholz 0  Sonneborn-Berger 0  1 game",
                "  3  bob  0 points  Buchholz 1  Sonneborn-Berger 0  1 game",
                "round 1 (Black - White)",
                "  #12  alice - bob  alice wins",
                "  -  dan - carol  not started",
                "  bye  brique-easy",
            ]
        );
        assert!(lines[0].starts_with("#3  Quick swiss  swiss  running"));
    }

    #[test]
    fn an_arena_s_streak_and_pause_and_a_league_s_group_are_said() {
        let mut s = standing(2, "bob", 6, [0, 0]);
        s.tie_breaks.clear();
        s.streak = 2;
        s.paused = true;
        assert_eq!(
            standing_line(&s, &[]),
            "2  bob  6 points  1 game  streak 2  paused\n"
        );
        s.streak = 0;
        s.paused = false;
        s.group = Some(1);
        s.withdrawn = true;
        assert_eq!(
            standing_line(&s, &[]),
            "2  bob  6 points  1 game  group 1  withdrawn\n"
        );
    }
}
