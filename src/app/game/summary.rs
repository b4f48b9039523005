//! The game in one line: whose turn it is, and the panel's most pressing
//! news, for the bottom line when the panel does not fit.

use ratatui::style::Style;

use super::clock::clock_face;
use crate::app::action::Action;
use crate::app::computer::engine::Job;
use crate::app::keys::keymap::{Context, key_for};
use crate::app::message::{Message, Tone, count, wins};
use crate::app::ui::cells::tone_style;
use crate::app::ui::scene::Scene;
use crate::app::ui::theme::Ui;

/// Whose turn it is, or who won.
pub fn turn(scene: &Scene<'_>) -> String {
    let theme = scene.theme();
    let game = scene.board().shown_game(scene.game());
    if let Some(loser) = scene
        .lost_on_time()
        .filter(|_| scene.board().viewing().is_none())
    {
        return format!(
            "{} won on time after {}",
            scene.name(loser.other()),
            count(game.history().len(), "move")
        );
    }
    match game.winner() {
        Some(player) => format!(
            "{} won in {}",
            scene.name(player),
            count(game.history().len(), "move")
        ),
        None => format!(
            "Move {}{}{} to play",
            game.history().len() + 1,
            theme.dot(),
            scene.name(game.player_to_move())
        ),
    }
}

/// The panel's most pressing news in a line, for the bottom line when
/// there is no room for the panel: a note, the winner, the pie rule's
/// question, the engine at work, else whose turn it is.
pub fn summary(scene: &Scene<'_>) -> (String, Style) {
    let theme = scene.theme();
    let game = scene.board().shown_game(scene.game());
    let key = |action| key_for(scene.keys(), Context::Board, action, theme);
    // During one's own online game its notes (whom one plays, the time
    // for a move, watchers) give way to whose turn and the clocks, but
    // not a warning (the connection lost).
    let quiet = |note: &Message| scene.remote.online.playing() && note.tone == Tone::Info;
    if let Some(note) = scene.panel_notes.iter().find(|n| !quiet(n)) {
        return (note.text.clone(), tone_style(theme, note.tone));
    }
    if let Some(loser) = scene.lost_on_time() {
        let text = format!(
            "{} {} new game",
            scene.on_time_text(loser),
            key(Action::NewGame)
        );
        return (text, theme.ui(Ui::Good));
    }
    if let Some(player) = game.winner() {
        let color = game.color_of(player);
        let text = format!(
            "{} {} new game",
            wins(scene.name(player), color),
            key(Action::NewGame)
        );
        return (text, theme.ui(Ui::Good));
    }
    if game.position().can_swap() && !scene.computer().to_move(scene.game()) {
        let text = format!(
            "{} (White): {} swaps, or place a stone",
            scene.name(game.player_to_move()),
            key(Action::Swap)
        );
        return (text, theme.ui(Ui::Accent));
    }
    let engine = crate::app::computer::thinking::lines(scene);
    // Pondering is the computer's own business: the line says whose turn.
    let pondering = scene.computer().job() == Some(Job::Ponder);
    if let Some((_, style)) = engine.first().filter(|_| !pondering) {
        let texts: Vec<&str> = engine.iter().map(|(text, _)| text.as_str()).collect();
        return (texts.join(" "), *style);
    }
    let stone = theme.stone(game.position().to_move());
    // The clocks too, where the game has them: `● 9:58 ○ 10:00`.
    let clocks: String = scene
        .clock_faces
        .into_iter()
        .flatten()
        .map(|face| format!(" {} {}", theme.stone(face.color), clock_face(face.left)))
        .collect();
    let dot = if clocks.is_empty() { "" } else { theme.dot() };
    (
        format!("{stone} {}{dot}{}", turn(scene), clocks.trim_start()),
        theme.ui(Ui::Text),
    )
}
