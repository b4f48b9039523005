//! The rename form drawn (`rename.rs` holds the form).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;

use super::form_view::{draw, text_row};
use super::rename::RenameForm;
use crate::app::ui::scene::Scene;
use crate::app::ui::theme::Ui;
use crate::online::NAME_MAX_CHARS;

pub fn render(scene: &Scene<'_>, form: &RenameForm, area: Rect, buf: &mut Buffer) {
    let theme = scene.theme();
    let rows = vec![text_row(scene, "Name", form.name(), true)];
    let (note, style) = match form.error() {
        Some(why) => (why.clone(), theme.ui(Ui::Error)),
        None => (
            format!(
                "Your name on this server: {NAME_MAX_CHARS} characters at most, once a \
                 month. Your games keep the name they were played under."
            ),
            theme.ui(Ui::Dim),
        ),
    };
    draw(scene, "Rename", rows, (&note, style), area, buf);
}
