//! Small boxes over the board: yes/no questions and notices.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::cells::{popup_lines, wrap};
use super::status_line::hint_spans;
use super::theme::Ui;
use crate::app::config::file::Notice;
use crate::app::keys::keymap::Context;
use crate::app::screen::Question;
use crate::app::ui::scene::Scene;
use crate::core::Move;

pub fn confirm(scene: &Scene<'_>, question: Question, area: Rect, buf: &mut Buffer) {
    let (title, text): (&str, String) = match question {
        Question::NewGame => (
            "New game",
            "Start a new game? The one in progress is kept in your saved games (f).".into(),
        ),
        Question::Quit if scene.files.keeps_game(scene.session) => (
            "Quit",
            "Quit? Your game is saved and resumes next time.".into(),
        ),
        // The autosave failed or is another copy's: say so, not "saved".
        Question::Quit => (
            "Quit",
            "Quit? This game is not saved (see the side panel) and may be \
             lost: save it as a record first to keep it."
                .into(),
        ),
        Question::Branch { mv, discards } => {
            let what = match mv {
                Move::Place(sq) => format!("A stone on {sq}"),
                Move::Swap => "Swapping".to_string(),
            };
            let later = if discards == 1 {
                "the later move".to_string()
            } else {
                format!("the {discards} later moves")
            };
            (
                "Play from here",
                format!("{what} in this earlier position discards {later}. Play it?"),
            )
        }
        Question::Replace => (
            "Replace",
            "A file of that name is there already. Replace it with this game?".into(),
        ),
        Question::MakeFolders => (
            "New folder",
            "That folder does not exist. Make it, and save the game there?".into(),
        ),
        Question::DeleteRecord => (
            "Delete",
            "Delete this saved game? Its file is removed for good.".into(),
        ),
        Question::Peer(_) => ("Your friend asks", scene.remote.question(question)),
        Question::Takeback => ("Take back", scene.remote.question(question)),
        Question::Resign => (
            "Resign",
            "Resign this game? The other player wins it.".into(),
        ),
        Question::Open => (
            "Open",
            "The game on screen is not saved anywhere (the autosave failed). \
             Open the other game anyway, losing this one?"
                .into(),
        ),
    };
    ask(scene, title, &text, area, buf);
}

/// A yes/no question in a box.
pub fn ask(scene: &Scene<'_>, title: &str, text: &str, area: Rect, buf: &mut Buffer) {
    message_box(scene, title, text, Context::Confirm, 48, area, buf);
}

pub fn notice(scene: &Scene<'_>, notice: &Notice, area: Rect, buf: &mut Buffer) {
    message_box(
        scene,
        &notice.title,
        &notice.body,
        Context::Notice,
        90,
        area,
        buf,
    );
}

/// A box sized to its text (at most `max_width` wide), with the context's
/// keys at the bottom.
pub fn message_box(
    scene: &Scene<'_>,
    title: &str,
    text: &str,
    context: Context,
    max_width: u16,
    area: Rect,
    buf: &mut Buffer,
) {
    let theme = scene.theme();
    let width = max_width.min(area.width.saturating_sub(2));
    let inner_width = width.saturating_sub(4);
    let mut body: Vec<Line<'static>> = vec![Line::default()];
    // Keep the text's own lines (a TOML error's caret must stay under its column).
    for line in text.lines() {
        body.extend(wrap(line, inner_width, theme.ui(Ui::Text)));
    }
    body.push(Line::default());
    body.push(Line::from(hint_spans(scene, context, inner_width)));
    popup_lines(area, buf, theme, title, width, &body);
}
