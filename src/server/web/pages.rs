//! The pages but the game's: the layout every page shares, the front
//! page, a player's page, the leaderboards and the page for what is not
//! there. Names and text are escaped by maud wherever they go.

use maud::{DOCTYPE, Markup, PreEscaped, html};

use crate::core::Variant;
use crate::online::protocol::RatedPlayer;

use super::chart::chart;
use super::read::{FrontPage, PlayerPage};
use super::shown::{clock, pace};

/// The style of every page: the terminal's dark ground, no web fonts.
const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:1em auto;max-width:70em;\
padding:0 1em;background:#1c1c1c;color:#e4e4e4}a{color:#87afd7}\
table{border-collapse:collapse}td,th{padding:.2em .6em;text-align:left;border-bottom:1px solid #444}\
.board{max-width:100%;height:auto}.game{display:flex;flex-wrap:wrap;gap:1.5em}\
ol.moves{columns:3;font-family:monospace}.moves .now{font-weight:bold;color:#ffafaf}\
nav a{margin-right:1em}";

/// A page: its title, the links every page has, and `body`.
pub fn layout(title: &str, body: Markup) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " · Brique" }
                style { (PreEscaped(STYLE)) }
            }
            body {
                nav { a href="/" { "Games" } a href="/leaderboard" { "Leaderboard" } }
                h1 { (title) }
                (body)
            }
        }
    }
}

/// `text` made safe in one segment of a path: letters, digits and
/// `-._~` as they are, every other byte as `%XX`.
pub fn path_segment(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// A link to a player's page.
pub fn player_link(name: &str) -> Markup {
    html! { a href=(format!("/player/{}", path_segment(name))) { (name) } }
}

fn leaderboard(players: &[RatedPlayer]) -> Markup {
    html! {
        @if players.is_empty() {
            p { "No rated player yet." }
        } @else {
            table {
                tr { th { "#" } th { "Player" } th { "Rating" } th { "Games" } }
                @for (rank, player) in players.iter().enumerate() {
                    tr {
                        td { (rank + 1) }
                        td { (player_link(&player.name)) }
                        td { (player.rating.round() as i64) " ± " (player.deviation.round() as i64) }
                        td { (player.games) }
                    }
                }
            }
        }
    }
}

pub fn front(page: &FrontPage) -> Markup {
    layout(
        "Brique lobby",
        html! {
            h2 { "Games in progress" }
            @if page.games.is_empty() {
                p { "No game in progress." }
            } @else {
                table.games {
                    tr { th { "Game" } th { "Black" } th { "White" } th { "Board" } th { "Clock" } th { "Move" } th { "Watchers" } }
                    @for listed in &page.games {
                        @let g = &listed.summary;
                        tr {
                            td { a href=(format!("/game/{}", g.game.0)) { "#" (g.game.0) } }
                            td { (player_link(&g.black)) " (" (listed.ratings[0]) ")" }
                            td { (player_link(&g.white)) " (" (listed.ratings[1]) ")" }
                            td { (g.terms.size) "×" (g.terms.size) ", " (g.terms.variant)
                                 @if g.terms.pie { ", pie" } @if g.terms.rated { ", rated" } }
                            td { (pace(g.terms.pace))
                                 @if let Some([black, white]) = listed.clocks { " (" (clock(black)) " – " (clock(white)) ")" } }
                            td { (g.ply + 1) }
                            td { (g.watchers) }
                        }
                    }
                }
            }
            h2 { "Open seeks" }
            @if page.seeks.is_empty() {
                p { "No open seek: start one with brique online." }
            } @else {
                table.seeks {
                    tr { th { "Player" } th { "Rating" } th { "Board" } th { "Pace" } }
                    @for seek in &page.seeks {
                        tr {
                            td { (player_link(&seek.by)) }
                            td { (seek.rating) }
                            td { (seek.terms.size) "×" (seek.terms.size) ", " (seek.terms.variant)
                                 @if seek.terms.rated { ", rated" } }
                            td { (pace(seek.terms.pace)) }
                        }
                    }
                }
            }
            @for (variant, players) in &page.leaders {
                h2 { "Leaders, " (variant) " rules" }
                (leaderboard(players))
            }
            p { a href="/leaderboard" { "Every leaderboard" } }
        },
    )
}

pub fn leaderboards(boards: &[(Variant, Vec<RatedPlayer>)]) -> Markup {
    layout(
        "Leaderboard",
        html! {
            @for (variant, players) in boards {
                h2 { (variant) " rules" }
                (leaderboard(players))
            }
        },
    )
}

pub fn player(page: &PlayerPage) -> Markup {
    layout(
        &page.name,
        html! {
            h2 { "Ratings" }
            @if page.ratings.is_empty() {
                p { "No rated game yet." }
            } @else {
                table.ratings {
                    tr { th { "Rules" } th { "Rating" } th { "Games" } }
                    @for r in &page.ratings {
                        tr { td { (r.variant) } td { (r.rating.round() as i64) " ± " (r.deviation.round() as i64) } td { (r.games) } }
                    }
                }
            }
            h2 { "Rating history" }
            (chart(&page.history))
            h2 { "Recent games" }
            @if page.games.is_empty() {
                p { "No finished game yet." }
            } @else {
                table.recent {
                    tr { th { "Game" } th { "Players" } th { "Board" } th { "Moves" } th { "Result" } }
                    @for g in &page.games {
                        tr {
                            td { a href=(format!("/game/{}", g.game.0)) { "#" (g.game.0) } }
                            td { (player_link(&g.names[0])) " – " (player_link(&g.names[1])) }
                            td { (g.terms.size) "×" (g.terms.size) ", " (g.terms.variant) ", " (pace(g.terms.pace)) }
                            td { (g.moves) }
                            td { (g.result) }
                        }
                    }
                }
            }
        },
    )
}

/// The page for a game or a player nobody has.
pub fn not_found(what: &str) -> Markup {
    layout(
        "Not found",
        html! { p { (what) } p { a href="/" { "Back to the games in progress." } } },
    )
}

/// The page for a look-up that failed.
pub fn failed() -> Markup {
    layout(
        "Not available",
        html! { p { "The lobby's database did not answer. Try again in a moment." } },
    )
}
