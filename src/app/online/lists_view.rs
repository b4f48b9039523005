//! The rows of each page of the Online screen, as text: a heading, then
//! one line per seek, game, player or finished game.

use super::page::{OnlinePage, Tab};
use crate::app::ui::scene::Scene;
use crate::online::protocol::{GameSummary, Terms};

/// "9×9 original pie 10+5 rated".
pub fn terms_text(terms: &Terms) -> String {
    format!(
        "{0}×{0} {1}{2} {3} {4}",
        terms.size,
        terms.variant,
        if terms.pie { " pie" } else { "" },
        terms.pace,
        if terms.rated { "rated" } else { "casual" }
    )
}

/// A name, with " (bot)" after a bot's: plain text, for any colours.
pub fn named(name: &str, bot: bool) -> String {
    if bot {
        format!("{name} (bot)")
    } else {
        name.to_string()
    }
}

fn game_line(game: &GameSummary, me: Option<&str>) -> String {
    let turn = if Some(game.to_move.as_str()) == me {
        "your move".to_string()
    } else {
        format!("{} to move", game.to_move)
    };
    let watch = match game.watchers {
        0 => String::new(),
        n => format!(", {n} watching"),
    };
    format!(
        "#{:<5} {} – {}  {}  move {}, {turn}{watch}",
        game.game,
        named(&game.black, game.black_bot),
        named(&game.white, game.white_bot),
        terms_text(&game.terms),
        game.ply + 1
    )
}

/// Rating changes shown on the archive page, at most.
const HISTORY_SHOWN: usize = 8;

/// "1 game", "3 games".
fn games(n: u32) -> String {
    if n == 1 {
        "1 game".into()
    } else {
        format!("{n} games")
    }
}

/// The heading of `page`'s rows and the rows, cut to `width`.
pub fn rows(scene: &Scene<'_>, page: &OnlinePage, width: u16) -> (String, Vec<String>) {
    let o = &scene.remote.online;
    let me = o.me.as_deref();
    let (heading, rows): (String, Vec<String>) = match page.tab {
        Tab::Seeks => (
            "Open seeks and challenges, with the seeker's rating".into(),
            o.seeks
                .iter()
                .map(|s| {
                    let who = match (&s.to, Some(s.by.as_str()) == me) {
                        (Some(to), true) => format!("you challenge {to}"),
                        (Some(_), false) => format!("{} challenges you", named(&s.by, s.bot)),
                        (None, true) => "your seek".to_string(),
                        (None, false) => named(&s.by, s.bot),
                    };
                    format!("{who:<28} {:>5}  {}", s.rating, terms_text(&s.terms))
                })
                .collect(),
        ),
        Tab::Mine => (
            "Your games in progress (Black – White), those waiting for your move first".into(),
            o.mine.iter().map(|g| game_line(g, me)).collect(),
        ),
        Tab::Games => (
            "Games in progress (Black – White), to watch".into(),
            o.games.iter().map(|g| game_line(g, me)).collect(),
        ),
        Tab::Players => (
            "Players online: challenge one, or see their games".into(),
            o.players
                .iter()
                .map(|p| named(p, o.bots.contains(p)))
                .collect(),
        ),
        Tab::Leaderboard => (
            format!("The best rated players, {} rules", page.variant),
            o.leaderboard
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    format!(
                        "{:>3}. {:<24} {:>5.0} ±{:<4.0} {}",
                        i + 1,
                        named(&p.name, p.bot),
                        p.rating,
                        p.deviation,
                        games(p.games)
                    )
                })
                .collect(),
        ),
        Tab::Archive => {
            let whose = o.archive_of.as_deref().unwrap_or("your");
            let ratings: Vec<String> = o
                .ratings
                .iter()
                .map(|r| {
                    format!(
                        "{} {:.0} ±{:.0} ({})",
                        r.variant,
                        r.rating,
                        r.deviation,
                        games(r.games)
                    )
                })
                .collect();
            let rated = if ratings.is_empty() {
                "not rated yet".to_string()
            } else {
                ratings.join(", ")
            };
            // The last changes, oldest first: how the rating went.
            let recent = o.history.len().saturating_sub(HISTORY_SHOWN);
            let history: Vec<String> = o.history[recent..]
                .iter()
                .map(|p| format!("{:.0}", p.rating))
                .collect();
            let history = if history.is_empty() {
                String::new()
            } else {
                format!(" Rating after each game: {}.", history.join(" → "))
            };
            (
                format!("{whose}: {rated}.{history} Finished games, to download into your records"),
                o.archive
                    .iter()
                    .map(|g| {
                        format!(
                            "#{:<5} {} – {}  {}  {}, {} moves",
                            g.game,
                            named(&g.names[0], g.bots[0]),
                            named(&g.names[1], g.bots[1]),
                            terms_text(&g.terms),
                            g.result,
                            g.moves
                        )
                    })
                    .collect(),
            )
        }
        // Drawn by `tournament_view.rs`.
        Tab::Tournaments => (String::new(), Vec::new()),
    };
    let cut = |s: String| s.chars().take(usize::from(width)).collect::<String>();
    (heading, rows.into_iter().map(cut).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bot_is_marked_in_plain_text() {
        assert_eq!(named("brique-easy", true), "brique-easy (bot)");
        assert_eq!(named("alice", false), "alice");
    }
}
