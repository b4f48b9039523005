//! A game's page: who plays, the clocks or the result, the board after
//! the move asked for (`?move=K`, else the last), links and a slider to
//! step through the moves, and the move list. While the game goes on, a
//! small script follows the event stream and puts each new `live` part in
//! place of the old.

use maud::{Markup, PreEscaped, html};

use crate::core::Color;

use super::board::board;
use super::pages::{layout, player_link};
use super::shown::{ShownGame, clock};

/// The script of a page that follows its game: each event is the new
/// `live` part; `ended` closes the stream (the page then holds the end).
/// The page says whether it follows (`data-following` on the root).
const FOLLOW: &str = "(function(){var s=new EventSource(location.pathname+'/events');\
var d=document.documentElement.dataset;s.onopen=function(){d.following='yes';};\
s.onerror=function(){d.following='no';};\
s.onmessage=function(e){document.getElementById('live').innerHTML=e.data;};\
s.addEventListener('ended',function(e){document.getElementById('live').innerHTML=e.data;s.close();});})();";

/// The whole page, showing the board after `ply` moves (the last if
/// `None` or past the end).
pub fn page(shown: &ShownGame, ply: Option<usize>) -> Markup {
    let moves = shown.game.moves().len();
    let ply = ply.unwrap_or(moves).min(moves);
    // Only a page at the last move follows the game.
    let follow = shown.live.is_some() && ply == moves;
    let title = format!(
        "Game {}: {} – {}",
        shown.id,
        shown.name_of(Color::Black),
        shown.name_of(Color::White)
    );
    layout(
        &title,
        html! {
            div id="live" { (live_part(shown, ply)) }
            @if let Some(_) = &shown.record {
                p { a href=(format!("/game/{}.brique", shown.id)) { "Download the record" } }
            }
            @if follow {
                script { (PreEscaped(FOLLOW)) }
            }
        },
    )
}

/// What changes with each move: the players and clocks, the board, the
/// steps and the move list.
pub fn live_part(shown: &ShownGame, ply: usize) -> Markup {
    let moves: Vec<_> = shown.game.moves().collect();
    let at = shown.at(ply);
    let id = shown.id;
    html! {
        div.game {
            div {
                (board(&at))
                form.steps method="get" action=(format!("/game/{id}")) {
                    a href=(format!("/game/{id}?move=0")) { "« Start" } " "
                    a href=(format!("/game/{id}?move={}", ply.saturating_sub(1))) rel="prev" { "◀ Back" } " "
                    span.ply { "Move " (ply) " of " (moves.len()) } " "
                    a href=(format!("/game/{id}?move={}", (ply + 1).min(moves.len()))) rel="next" { "Forward ▶" } " "
                    a href=(format!("/game/{id}")) { "End »" }
                    br;
                    input type="range" name="move" min="0" max=(moves.len()) value=(ply) aria-label="Move";
                    button type="submit" { "Show" }
                }
            }
            div {
                table.players {
                    @for color in [Color::Black, Color::White] {
                        @let time = shown.live.map(|(clocks, _)| match color {
                            Color::Black => clocks.black_ms,
                            Color::White => clocks.white_ms,
                        });
                        tr {
                            td { (color) }
                            td { (player_link(shown.name_of(color))) }
                            td.clock { @if let Some(ms) = time { (clock(ms)) } }
                        }
                    }
                }
                p.terms {
                    (shown.terms())
                    @if let Some(pace) = &shown.pace { ", " (pace) }
                    @if shown.rated { ", rated" } @else { ", unrated" }
                }
                @match (&shown.result, shown.live) {
                    (Some(result), _) => p.result { strong { (result) } },
                    (None, Some((_, watchers))) => p.status {
                        (shown.game.position().to_move()) " to move; "
                        (watchers) @if watchers == 1 { " watcher" } @else { " watchers" }
                    },
                    (None, None) => {},
                }
                ol.moves {
                    @for (i, mv) in moves.iter().enumerate() {
                        li class=[(i + 1 == ply).then_some("now")] {
                            a href=(format!("?move={}", i + 1)) { (mv) }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{BoardSize, Game, Move, Player, Rules};

    /// A long game on a 25×25 board: stones placed row by row from the far
    /// corner, alternately, each move that would win taken back, until no
    /// square is left; then the side to move resigns.
    fn long_game() -> Game {
        let mut game = Game::new(BoardSize::new(25).unwrap(), Rules::default(), Player::One);
        for sq in BoardSize::new(25).unwrap().squares().rev() {
            if game.position().get(sq).is_none()
                && game.play(Move::Place(sq)).is_ok()
                && game.is_over()
            {
                game.undo();
            }
        }
        let mover = game.position().to_move();
        game.resign(mover).unwrap();
        game
    }

    #[test]
    fn a_long_games_page_is_under_100_kb() {
        let game = long_game();
        assert!(game.moves().len() > 200, "{}", game.moves().len());
        let names = ["<i>zed</i>".repeat(3), "ann".repeat(10)];
        let mut record = crate::core::Record::new(names.clone(), game);
        record.set_extra("x-rated", "yes");
        let shown = ShownGame::finished(7, record.to_string()).unwrap();
        let page = page(&shown, None).into_string();
        assert!(page.len() < 100 * 1024, "{} bytes", page.len());
        assert_eq!(
            page.matches("<use href=").count(),
            shown
                .game
                .size()
                .squares()
                .filter(|&s| shown.game.position().get(s).is_some())
                .count()
        );
        assert!(!page.contains("<i>zed"));
    }
}
