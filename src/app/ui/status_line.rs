//! The bottom line: the square prompt, else the last message (shortened
//! to fit, never cut in a word), else key hints.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::caret;
use super::cells::tone_style;
use super::shorten::shorten;
use super::text_input::TextInput;
use super::theme::{Theme, Ui};
use crate::app::game::summary::summary;
use crate::app::keys::keymap::{Context, hints};
use crate::app::screen::Screen;
use crate::app::ui::scene::Scene;

/// `panel_shown` false: the side panel did not fit, so with no message the
/// line gives the panel's most pressing news (see [`summary`]).
pub fn render(scene: &Scene<'_>, area: Rect, panel_shown: bool, buf: &mut Buffer) {
    let theme = scene.theme();
    let line = match (scene.screen(), scene.message()) {
        (Screen::GoTo(input) | Screen::TrainingGoTo(input) | Screen::Chat(input), message) => {
            let (label, context) = match scene.screen() {
                Screen::Chat(_) => ("Say: ", Context::Chat),
                _ => ("Go to square: ", Context::GoTo),
            };
            let mut spans = vec![Span::styled(label, theme.ui(Ui::Title))];
            spans.extend(text_field(theme, input, true));
            spans.push(Span::raw("  "));
            match message {
                Some(m) => {
                    let used = spans.iter().map(Span::width).sum::<usize>();
                    let room = usize::from(area.width).saturating_sub(used);
                    spans.push(Span::styled(
                        shorten(&m.text, room),
                        tone_style(theme, m.tone),
                    ));
                }
                None => spans.extend(hint_spans(scene, context, area.width)),
            }
            Line::from(spans)
        }
        (_, Some(m)) => Line::styled(
            shorten(&m.text, usize::from(area.width)),
            tone_style(theme, m.tone),
        ),
        (_, None) if !panel_shown => {
            let (text, style) = summary(scene);
            let text = shorten(&text, usize::from(area.width));
            let used = text.chars().count() + theme.dot().chars().count();
            let mut spans = vec![Span::styled(text, style)];
            // Help and quit (the last two hints), when they fit after it.
            let mut items = hints(scene.keys(), Context::Board, theme, |a| scene.offers(a));
            let last_two = items.split_off(items.len().saturating_sub(2));
            if used + hints_width(theme, &last_two) <= usize::from(area.width) {
                spans.push(Span::styled(theme.dot(), theme.ui(Ui::Dim)));
                spans.extend(hint_items(theme, last_two));
            }
            Line::from(spans)
        }
        // The keys of what has the keyboard: a dialog's while one is open.
        (_, None) => Line::from(hint_spans(scene, scene.context(), area.width)),
    };
    line.render(area, buf);
}

/// `key label · key label …` for a context, from the keys in force, those
/// that work now, at most `width` columns: whole items are left out (before
/// the last two, help and quit) rather than cut.
pub fn hint_spans(scene: &Scene<'_>, context: Context, width: u16) -> Vec<Span<'static>> {
    let theme = scene.theme();
    let mut items = hints(scene.keys(), context, theme, |a| scene.offers(a));
    while hints_width(theme, &items) > usize::from(width) && items.len() > 2 {
        items.remove(items.len() - 3);
    }
    hint_items(theme, items)
}

/// Columns that key hints take as `key label · key label …`.
fn hints_width(theme: Theme, items: &[(String, &str)]) -> usize {
    let item_width =
        |(keys, label): &(String, &str)| keys.chars().count() + 1 + label.chars().count();
    let dot = theme.dot().chars().count();
    items.iter().map(item_width).sum::<usize>() + dot * items.len().saturating_sub(1)
}

/// Key hints as `key label · key label …`.
fn hint_items(
    theme: Theme,
    items: impl IntoIterator<Item = (String, &'static str)>,
) -> Vec<Span<'static>> {
    let mut spans = Vec::new();
    for (i, (keys, label)) in items.into_iter().enumerate() {
        if i > 0 {
            spans.push(Span::styled(theme.dot(), theme.ui(Ui::Dim)));
        }
        spans.push(Span::styled(keys, theme.ui(Ui::Key)));
        spans.push(Span::styled(format!(" {label}"), theme.ui(Ui::Dim)));
    }
    spans
}

/// A text field's content with its cursor shown as a reversed cell; the
/// focused field's caret cell is marked for the terminal's cursor
/// ([`caret`]).
pub fn text_field(theme: Theme, input: &TextInput, focused: bool) -> Vec<Span<'static>> {
    let chars: Vec<char> = input.text().chars().collect();
    let at = input.cursor().min(chars.len());
    let before: String = chars[..at].iter().collect();
    let mut spans = vec![Span::styled(before, theme.ui(Ui::Text))];
    if focused {
        let under = chars.get(at).map_or(" ".to_string(), char::to_string);
        let after: String = chars.get(at + 1..).unwrap_or_default().iter().collect();
        spans.push(Span::styled(under, caret::marked(theme.ui(Ui::Selected))));
        spans.push(Span::styled(after, theme.ui(Ui::Text)));
    } else {
        let after: String = chars[at..].iter().collect();
        spans.push(Span::styled(after, theme.ui(Ui::Text)));
    }
    spans
}
