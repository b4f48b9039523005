//! What a tournament shows on the wire (docs/protocol.md, "Tournaments"):
//! its summary in the list and its page (standings with tie-breaks, rounds
//! and their games), built from the tournament as stored.

use super::store_tournaments::StoredTournament;
use super::tournament::Kind;
use super::tournament::standings::standings;
use super::tournament::swiss::SwissRound;
use super::tournament::{Game, PlayerId};
use super::tournament_arena::arena_standings;
use crate::online::protocol::GameId;
use crate::online::tournaments::{
    MAX_PAGE_GAMES, TournamentGame, TournamentId, TournamentPage, TournamentRound,
    TournamentStanding, TournamentSummary,
};

/// A swiss's tie-breaks, in the order of the standings' `tie_breaks`.
pub const SWISS_TIE_BREAKS: [&str; 2] = ["Buchholz", "Sonneborn-Berger"];

/// The tournament's line in the list.
pub fn summary(t: &StoredTournament, by: Option<&str>, bots: bool) -> TournamentSummary {
    TournamentSummary {
        id: TournamentId(t.id),
        name: t.new.name.clone(),
        kind: t.new.kind,
        stage: t.stage,
        terms: t.new.terms,
        rounds: t.new.rounds,
        minutes: t.new.minutes,
        starts_ms: t.new.starts_ms,
        entrants: u32::try_from(t.entries.iter().filter(|e| !e.withdrawn).count())
            .unwrap_or(u32::MAX),
        round: u32::try_from(if t.new.kind == Kind::Arena {
            // An arena's games started so far.
            t.rounds
                .iter()
                .flat_map(|r| &r.pairings)
                .filter(|p| p.game.is_some())
                .count()
        } else {
            t.rounds.len()
        })
        .unwrap_or(u32::MAX),
        by: by.map(str::to_string),
        bots,
    }
}

/// The rounds as the swiss's pairing and standings read them: a game
/// counts for its winner once finished, for nobody before.
pub fn swiss_history(t: &StoredTournament) -> Vec<SwissRound> {
    t.rounds
        .iter()
        .map(|r| SwissRound {
            games: r
                .pairings
                .iter()
                .map(|p| Game {
                    white: p.pairing.white,
                    black: p.pairing.black,
                    winner: if p.finished { p.winner } else { None },
                })
                .collect(),
            bye: r.bye,
        })
        .collect()
}

/// The tournament's page; `is_bot` tells the bots' keys.
pub fn page(
    t: &StoredTournament,
    summary: TournamentSummary,
    is_bot: &dyn Fn(&str) -> bool,
) -> TournamentPage {
    let name_of = |seat: PlayerId| {
        t.entries
            .iter()
            .find(|e| e.seat == seat)
            .map_or_else(|| format!("seat {}", seat.0), |e| e.name.clone())
    };
    let (tie_breaks, lines) = if t.new.kind == Kind::Arena {
        (Vec::new(), arena_standings(t, &name_of, is_bot))
    } else {
        (
            SWISS_TIE_BREAKS.iter().map(|s| (*s).to_string()).collect(),
            swiss_standings(t, &name_of, is_bot),
        )
    };
    let mut rounds: Vec<TournamentRound> = t
        .rounds
        .iter()
        .map(|r| TournamentRound {
            round: r.round,
            bye: r.bye.map(name_of),
            games: r
                .pairings
                .iter()
                .map(|p| TournamentGame {
                    white: name_of(p.pairing.white),
                    black: name_of(p.pairing.black),
                    game: p.game.map(GameId),
                    finished: p.finished,
                    winner: p.winner.filter(|_| p.finished).map(name_of),
                })
                .collect(),
        })
        .collect();
    // The newest games are kept: older rounds are left out first, and an
    // arena's oldest games.
    let mut games: usize = rounds.iter().map(|r| r.games.len()).sum();
    while games > MAX_PAGE_GAMES && !rounds.is_empty() {
        if rounds.len() == 1 {
            rounds[0].games.drain(..games - MAX_PAGE_GAMES);
            break;
        }
        games -= rounds.remove(0).games.len();
    }
    TournamentPage {
        summary,
        tie_breaks,
        standings: lines,
        rounds,
    }
}

/// A swiss's standings: points, Buchholz, Sonneborn-Berger.
fn swiss_standings(
    t: &StoredTournament,
    name_of: &dyn Fn(PlayerId) -> String,
    is_bot: &dyn Fn(&str) -> bool,
) -> Vec<TournamentStanding> {
    let seats: Vec<PlayerId> = t.entries.iter().map(|e| e.seat).collect();
    let history = swiss_history(t);
    let table = standings(&seats, &history);
    let finished_games = |seat: PlayerId| {
        t.rounds
            .iter()
            .flat_map(|r| &r.pairings)
            .filter(|p| p.finished && (p.pairing.white == seat || p.pairing.black == seat))
            .count()
    };
    let mut lines: Vec<TournamentStanding> = Vec::with_capacity(table.len());
    let mut previous: Option<(u32, u32, u32)> = None;
    for (place, line) in (1u32..).zip(&table) {
        let score = (line.points, line.buchholz, line.sonneborn_berger);
        // Players equal on points and every tie-break share a rank.
        let rank = match (previous, lines.last()) {
            (Some(before), Some(last)) if before == score => last.rank,
            _ => place,
        };
        previous = Some(score);
        let entry = t.entries.iter().find(|e| e.seat == line.player);
        lines.push(TournamentStanding {
            rank,
            name: name_of(line.player),
            bot: entry.is_some_and(|e| is_bot(&e.key)),
            points: line.points,
            tie_breaks: vec![line.buchholz, line.sonneborn_berger],
            games: u32::try_from(finished_games(line.player)).unwrap_or(u32::MAX),
            streak: 0,
            paused: false,
            withdrawn: entry.is_some_and(|e| e.withdrawn),
            group: None,
        });
    }
    lines
}
