//! The welcome drawn: the goal, then each way to begin with its key, from
//! the keymap table, and which one Enter (or Esc) picks. On a terminal too
//! small for all that, a compact list: every way still shows, with its key.

use ratatui::buffer::Buffer;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;

use crate::app::action::{Action, FirstGame};
use crate::app::keys::keymap::{Context, Key, key_label};
use crate::app::ui::cells::wrap;
use crate::app::ui::dialog;
use crate::app::ui::scene::Scene;
use crate::app::ui::theme::Ui;

/// The goal in one line.
pub const GOAL: &str = "Black joins top and bottom, White left and right: the first to join \
                        their two edges wins.";

/// The widest the box gets.
const WIDTH: u16 = 72;

/// A way to begin in the compact list.
fn short(choice: FirstGame) -> &'static str {
    match choice {
        FirstGame::Learn => "Lessons",
        FirstGame::Computer => "Computer, 9×9",
        FirstGame::TwoPlayers => "Two players, 9×9",
        FirstGame::Usual => "Usual 15×15",
        FirstGame::Online => "Online",
    }
}

pub fn render(scene: &Scene<'_>, area: Rect, buf: &mut Buffer) {
    let full = text(scene, false);
    let text = if fits(scene, &full, area) {
        full
    } else {
        text(scene, true)
    };
    dialog::message_box(
        scene,
        "Welcome to Brique",
        &text,
        Context::Welcome,
        WIDTH,
        area,
        buf,
    );
}

/// The box's text: the goal and each way offered with its help, or
/// (`compact`) each way's key and a word or two.
fn text(scene: &Scene<'_>, compact: bool) -> String {
    let theme = scene.theme();
    let mut text = if compact {
        String::new()
    } else {
        format!("{GOAL}\n\nHow would you like to begin?\n")
    };
    let choices = scene.keys().in_context(Context::Welcome);
    for (binding, keys) in choices {
        let Action::Begin(choice) = binding.action else {
            continue;
        };
        let Some(&key) = keys.first() else { continue };
        if !scene.offers(binding.action) {
            continue;
        }
        // Enter and Esc pick a way too: said beside it.
        let also: Vec<String> = (keys.iter().skip(1))
            .filter(|k| named_key(**k))
            .map(|&k| format!(" (or {})", key_label(k, theme)))
            .collect();
        let also = also.concat();
        let key = key_label(key, theme);
        if compact {
            text.push_str(&format!("\n{key} {}{also}", short(choice)));
        } else {
            let mut help = binding.help.to_string();
            if let Some(first) = help.get(..1) {
                help.replace_range(..1, &first.to_uppercase());
            }
            text.push_str(&format!("\n  {key:>3}  {help}{also}"));
        }
    }
    text.trim_start_matches('\n').to_string()
}

/// Enter and Esc, which a player presses without reading the list.
fn named_key(key: Key) -> bool {
    !key.ctrl && matches!(key.code, KeyCode::Enter | KeyCode::Esc)
}

/// Whether `text` fits in the box on `area`, as [`dialog::message_box`]
/// lays it out: its lines wrapped, a blank line above and below, the keys,
/// the border.
fn fits(scene: &Scene<'_>, text: &str, area: Rect) -> bool {
    let inner_width = WIDTH.min(area.width.saturating_sub(2)).saturating_sub(4);
    let style = scene.theme().ui(Ui::Text);
    let rows: usize = (text.lines())
        .map(|line| wrap(line, inner_width, style).len())
        .sum();
    rows + 5 <= usize::from(area.height)
}
