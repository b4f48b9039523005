//! The help overlay: the rules in short, then every key, generated from the
//! keymap table that input handling uses.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::cells::{lines, popup, wrap};
use super::status::hint_spans;
use crate::app::keymap::{Context, bindings, key_label};
use crate::app::theme::{Marker, Theme, Ui};
use crate::core::Color;

/// The rules, short. `{B}`, `{W}`, `{ghost}` and the marker names are
/// replaced by the theme's glyphs.
const RULES: &[&str] = &[
    "Black ({B}) joins the top and bottom edges (lettered), White ({W}) the left and \
     right edges (numbered). The first to link their two edges with a chain of stones, \
     side by side, wins. There are no draws.",
    "Black moves first. A move places one stone on an empty square. Every square has \
     escorts: a light square's are the squares above it and left of it; a dark square's \
     are right of it and below it. When all the escorts of a square hold your stones, \
     that square gets your stone too, and an enemy stone standing there is captured.",
    "Rules \"original\": an edge square with one escort fills from that one. Rules \
     \"revised\": only squares with two escorts fill.",
    "Pie rule: on White's first turn, White may swap sides instead of placing. The stone \
     stays; the players exchange colours, and the player who placed it now plays White.",
    "On the board, {ghost} shows where a stone at the cursor would go and which squares \
     it fills ({fill}) or captures ({capture}); {last} marks the last move and {fill} / \
     {capture} what it filled and captured. Click a square to place a stone there.",
];

const SECTIONS: &[(&str, Context)] = &[
    ("Playing", Context::Board),
    ("Settings screen", Context::SettingsChoice),
    ("Name fields", Context::SettingsText),
    ("Square prompt", Context::GoTo),
    ("Questions", Context::Confirm),
    ("This help", Context::Help),
];

/// Every line of the help at a given width.
pub fn help_lines(theme: Theme, width: u16) -> Vec<Line<'static>> {
    let mut out = vec![Line::styled("How to play", theme.ui(Ui::Title))];
    for paragraph in RULES {
        let text = paragraph
            .replace("{B}", &theme.stone(Color::Black).to_string())
            .replace("{W}", &theme.stone(Color::White).to_string())
            .replace("{ghost}", &theme.ghost(Color::Black).to_string())
            .replace("{fill}", &theme.marker(Marker::PreviewFill).to_string())
            .replace(
                "{capture}",
                &theme.marker(Marker::PreviewCapture).to_string(),
            )
            .replace("{last}", &theme.marker(Marker::LastPlaced).to_string());
        out.extend(wrap(&text, width, theme.ui(Ui::Text)));
        out.push(Line::default());
    }
    for &(title, context) in SECTIONS {
        out.push(Line::styled(format!("Keys: {title}"), theme.ui(Ui::Title)));
        // Bindings that say the same thing share a line (← and → in text).
        let mut rows: Vec<(Vec<String>, &str)> = Vec::new();
        for binding in bindings(context) {
            let keys = binding.keys.iter().map(|&k| key_label(k, theme));
            match rows.iter_mut().find(|(_, help)| *help == binding.help) {
                Some((labels, _)) => labels.extend(keys),
                None => rows.push((keys.collect(), binding.help)),
            }
        }
        for (keys, help) in rows {
            out.push(Line::from(vec![
                Span::raw("  "),
                Span::styled(format!("{:<14}", keys.join(" ")), theme.ui(Ui::Key)),
                Span::styled(format!(" {help}"), theme.ui(Ui::Text)),
            ]));
        }
        out.push(Line::default());
    }
    out
}

pub fn render(theme: Theme, scroll: u16, area: Rect, buf: &mut Buffer) {
    let inner = popup(area, buf, theme, "Help", 80, area.height.saturating_sub(2));
    if inner.height < 2 {
        return;
    }
    let body = Rect::new(
        inner.x + 1,
        inner.y,
        inner.width.saturating_sub(2),
        inner.height - 1,
    );
    let all = help_lines(theme, body.width);
    let max_scroll = all.len().saturating_sub(usize::from(body.height));
    let start = usize::from(scroll).min(max_scroll);
    lines(buf, body, &all[start..]);
    let mut footer = hint_spans(theme, Context::Help);
    if max_scroll > 0 {
        footer.insert(
            0,
            Span::styled(format!("{}/{} ", start, max_scroll), theme.ui(Ui::Dim)),
        );
    }
    lines(
        buf,
        Rect::new(body.x, inner.bottom() - 1, body.width, 1),
        &[Line::from(footer)],
    );
}
