//! The screen shown when the terminal cannot hold the board and the panel.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;

use super::cells::{height, lines, wrap};
use super::theme::Ui;
use crate::app::action::Action;
use crate::app::keys::keymap::{Context, key_for};
use crate::app::ui::scene::Scene;

pub fn render(scene: &Scene<'_>, area: Rect, need: (u16, u16), buf: &mut Buffer) {
    let theme = scene.theme();
    let n = scene.game().size();
    let x = theme.sym("×", "x");
    let texts = [
        (
            format!(
                "Enlarge the terminal to {}{x}{} (it is {}{x}{}) to see the {n}{x}{n} board.",
                need.0, need.1, area.width, area.height
            ),
            theme.ui(Ui::Title),
        ),
        (
            format!(
                "{} quits; {} opens the settings, where a smaller board can be chosen.",
                key_for(scene.keys(), Context::Board, Action::Quit, theme),
                key_for(scene.keys(), Context::Board, Action::OpenSettings, theme)
            ),
            theme.ui(Ui::Dim),
        ),
    ];
    let mut out: Vec<Line<'static>> = Vec::new();
    for (text, style) in texts {
        out.extend(wrap(&text, area.width, style));
        out.push(Line::default());
    }
    let rows = height(&out);
    let top = area.y + area.height.saturating_sub(rows) / 2;
    let rect = Rect::new(area.x, top, area.width, area.bottom().saturating_sub(top));
    let centred: Vec<Line<'static>> = out.into_iter().map(Line::centered).collect();
    lines(buf, rect, &centred);
}
