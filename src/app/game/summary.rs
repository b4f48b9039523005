//! The game in one line: whose turn it is, and the panel's most pressing
//! news, for the bottom line when the panel does not fit.

use ratatui::style::Style;

use super::clock::clock_face;
use crate::app::action::Action;
use crate::app::computer::engine::Job;
use crate::app::keys::keymap::{Context, key_for};
use crate::app::message::{Message, Tone, count, wins};
use crate::app::state::App;
use crate::app::ui::cells::tone_style;
use crate::app::ui::theme::Ui;

/// Whose turn it is, or who won.
pub fn turn(app: &App) -> String {
    let theme = app.theme();
    let game = app.board().shown_game(app.game());
    if let Some(loser) = app
        .lost_on_time()
        .filter(|_| app.board().viewing().is_none())
    {
        return format!(
            "{} won on time after {}",
            app.name(loser.other()),
            count(game.history().len(), "move")
        );
    }
    match game.winner() {
        Some(player) => format!(
            "{} won in {}",
            app.name(player),
            count(game.history().len(), "move")
        ),
        None => format!(
            "Move {}{}{} to play",
            game.history().len() + 1,
            theme.dot(),
            app.name(game.player_to_move())
        ),
    }
}

/// The panel's most pressing news in a line, for the bottom line when
/// there is no room for the panel: a note, the winner, the pie rule's
/// question, the engine at work, else whose turn it is.
pub fn summary(app: &App) -> (String, Style) {
    let theme = app.theme();
    let game = app.board().shown_game(app.game());
    let key = |action| key_for(app.keys(), Context::Board, action, theme);
    // During one's own online game its notes (whom one plays, the time
    // for a move, watchers) give way to whose turn and the clocks, but
    // not a warning (the connection lost).
    let quiet = |note: &Message| app.online.playing() && note.tone == Tone::Info;
    if let Some(note) = app.panel_notes().into_iter().find(|n| !quiet(n)) {
        return (note.text, tone_style(theme, note.tone));
    }
    if let Some(loser) = app.lost_on_time() {
        let text = format!(
            "{} {} new game",
            app.on_time_text(loser),
            key(Action::NewGame)
        );
        return (text, theme.ui(Ui::Good));
    }
    if let Some(player) = game.winner() {
        let color = game.color_of(player);
        let text = format!(
            "{} {} new game",
            wins(app.name(player), color),
            key(Action::NewGame)
        );
        return (text, theme.ui(Ui::Good));
    }
    if game.position().can_swap() && !app.computer().to_move(app.game()) {
        let text = format!(
            "{} (White): {} swaps, or place a stone",
            app.name(game.player_to_move()),
            key(Action::Swap)
        );
        return (text, theme.ui(Ui::Accent));
    }
    let engine = crate::app::computer::thinking::lines(app);
    // Pondering is the computer's own business: the line says whose turn.
    let pondering = app.computer().job() == Some(Job::Ponder);
    if let Some((_, style)) = engine.first().filter(|_| !pondering) {
        let texts: Vec<&str> = engine.iter().map(|(text, _)| text.as_str()).collect();
        return (texts.join(" "), *style);
    }
    let stone = theme.stone(game.position().to_move());
    // The clocks too, where the game has them: `● 9:58 ○ 10:00`.
    let clocks: String = app
        .clock_faces()
        .into_iter()
        .flatten()
        .map(|face| format!(" {} {}", theme.stone(face.color), clock_face(face.left)))
        .collect();
    let dot = if clocks.is_empty() { "" } else { theme.dot() };
    (
        format!("{stone} {}{dot}{}", turn(app), clocks.trim_start()),
        theme.ui(Ui::Text),
    )
}
