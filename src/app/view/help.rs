//! The help overlay: the rules in short, then every key, generated from the
//! keymap table that input handling uses.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::cells::{lines, popup, wrap};
use super::status::hint_spans;
use crate::app::keymap::{Binding, Context, bindings, key_label};
use crate::app::layout::centred;
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
    "The computer: in the settings, play against it (you are Player 1) or watch it play \
     itself, at a level from easy to strongest. A hint marks the engine's move with {hint}. \
     The analysis colours the empty squares by their share of the engine's search and \
     writes it on them (in percent; in tenths when the squares are small), and gives the \
     side to move's chances.",
];

/// Columns for the keys before their description.
const KEYS_WIDTH: usize = 14;

/// The key sections of the help; a binding is listed in the first that has it.
const SECTIONS: &[(&str, &[Context])] = &[
    ("Playing", &[Context::Board]),
    (
        "Settings screen",
        &[Context::SettingsChoice, Context::SettingsText],
    ),
    ("Square prompt (:)", &[Context::GoTo]),
    ("Saving a game (w)", &[Context::SaveAs]),
    (
        "Saved games (f) and results (p)",
        &[Context::Records, Context::Results],
    ),
    ("Questions", &[Context::Confirm]),
    ("This help", &[Context::Help]),
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
            .replace("{hint}", &theme.marker(Marker::Hint).to_string())
            .replace(
                "{capture}",
                &theme.marker(Marker::PreviewCapture).to_string(),
            )
            .replace("{last}", &theme.marker(Marker::LastPlaced).to_string());
        out.extend(wrap(&text, width, theme.ui(Ui::Text)));
        out.push(Line::default());
    }
    let mut listed: Vec<*const Binding> = Vec::new();
    for &(title, contexts) in SECTIONS {
        out.push(Line::styled(format!("Keys: {title}"), theme.ui(Ui::Title)));
        // Bindings that say the same thing share a line (← and → in text).
        let mut rows: Vec<(Vec<String>, &str)> = Vec::new();
        let section = contexts.iter().flat_map(|&c| bindings(c));
        for binding in section {
            if listed.contains(&std::ptr::from_ref(binding)) {
                continue;
            }
            listed.push(binding);
            let keys = binding.keys.iter().map(|&k| key_label(k, theme));
            match rows.iter_mut().find(|(_, help)| *help == binding.help) {
                Some((labels, _)) => labels.extend(keys),
                None => rows.push((keys.collect(), binding.help)),
            }
        }
        for (keys, help) in rows {
            let keys = format!("  {:<KEYS_WIDTH$} ", keys.join(" "));
            let indent = keys.chars().count();
            let text_width = usize::from(width).saturating_sub(indent).max(10);
            let wrapped = wrap(
                help,
                u16::try_from(text_width).unwrap_or(u16::MAX),
                theme.ui(Ui::Text),
            );
            for (i, line) in wrapped.into_iter().enumerate() {
                let lead = if i == 0 {
                    Span::styled(keys.clone(), theme.ui(Ui::Key))
                } else {
                    Span::raw(" ".repeat(indent))
                };
                let mut spans = vec![lead];
                spans.extend(line.spans);
                out.push(Line::from(spans));
            }
        }
        out.push(Line::default());
    }
    out
}

/// The help box's text area and the line at the bottom for keys.
fn boxes(area: Rect) -> (Rect, Rect) {
    let outer = centred(area, 80, area.height.saturating_sub(2));
    let inner = Rect::new(
        outer.x + 2,
        outer.y + 1,
        outer.width.saturating_sub(4),
        outer.height.saturating_sub(3),
    );
    let footer = Rect::new(inner.x, inner.bottom(), inner.width, 1);
    (inner, footer)
}

/// How far the help can scroll on a terminal of this size.
pub fn max_scroll(theme: Theme, area: Rect) -> u16 {
    let (body, _) = boxes(area);
    let total = help_lines(theme, body.width).len();
    let scroll = total.saturating_sub(usize::from(body.height));
    u16::try_from(scroll).unwrap_or(u16::MAX)
}

pub fn render(theme: Theme, scroll: u16, area: Rect, buf: &mut Buffer) {
    popup(area, buf, theme, "Help", 80, area.height.saturating_sub(2));
    let (body, footer_area) = boxes(area);
    if body.height == 0 || footer_area.bottom() > area.bottom() {
        return;
    }
    let all = help_lines(theme, body.width);
    let max = max_scroll(theme, area);
    let start = scroll.min(max);
    lines(buf, body, &all[usize::from(start)..]);
    let mut footer = hint_spans(theme, Context::Help, body.width);
    if start < max {
        footer.insert(
            0,
            Span::styled(theme.sym("▼ more  ", "v more  "), theme.ui(Ui::Accent)),
        );
    }
    lines(buf, footer_area, &[Line::from(footer)]);
}
