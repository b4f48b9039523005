//! The settings screen: one row per setting, notes, where the file is.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use strum::VariantArray;

use super::form::{Field, SettingsForm};
use crate::app::action::Action;
use crate::app::config::engine::Mode;
use crate::app::config::{DisplayConfig, NAME_MAX_CHARS};
use crate::app::keys::keymap::{Context, key_for};
use crate::app::ui::cells::{height, lines, popup, wrap};
use crate::app::ui::scene::Scene;
use crate::app::ui::status_line::{hint_spans, text_field};
use crate::app::ui::theme::{Theme, Ui};
use crate::core::{Color, Shade};

const WIDTH: u16 = 66;
const LABEL: usize = 12;

pub fn render(scene: &Scene<'_>, form: &SettingsForm, area: Rect, buf: &mut Buffer) {
    let theme = scene.theme();
    let width = WIDTH.min(area.width);
    let text_width = width.saturating_sub(4);
    let mut top = vec![Line::default()];
    for &field in Field::VARIANTS.iter().filter(|&&f| form.shows(f)) {
        top.push(row(scene, form, field));
    }
    top.push(Line::default());
    let mut notes_lines = Vec::new();
    for (text, style) in notes(scene, form) {
        notes_lines.extend(wrap(&text, text_width, style));
    }
    let hints = Line::from(hint_spans(scene, scene.context(), text_width));
    let box_height = height(&top) + height(&notes_lines) + 4;
    let inner = popup(area, buf, theme, "Settings", width, box_height);
    let body = Rect::new(
        inner.x + 1,
        inner.y,
        inner.width.saturating_sub(2),
        inner.height,
    );
    if body.height == 0 {
        return;
    }
    // The fields first, the keys on the last line, the notes in what is left.
    let keys_row = body.bottom() - 1;
    lines(
        buf,
        body,
        &top[..top.len().min(usize::from(body.height - 1))],
    );
    let notes_top = body.y + height(&top);
    if notes_top < keys_row {
        let room = Rect::new(body.x, notes_top, body.width, keys_row - notes_top);
        lines(buf, room, &notes_lines);
    }
    lines(buf, Rect::new(body.x, keys_row, body.width, 1), &[hints]);
}

fn row(scene: &Scene<'_>, form: &SettingsForm, field: Field) -> Line<'static> {
    let theme = scene.theme();
    let focused = form.focus == field;
    let pointer = if focused {
        theme.sym("▸ ", "> ")
    } else {
        "  "
    };
    let label_style = if focused {
        theme.ui(Ui::Title)
    } else {
        theme.ui(Ui::Text)
    };
    let mut spans = vec![
        Span::styled(pointer, theme.ui(Ui::Accent)),
        Span::styled(format!("{:<LABEL$}", field.label()), label_style),
    ];
    match field {
        Field::Player1 | Field::Player2 => {
            let input = &form.names[usize::from(field == Field::Player2)];
            spans.push(Span::raw("  "));
            spans.extend(text_field(theme, input, focused));
        }
        Field::Host | Field::Join | Field::Online => {
            let value = value_text(scene, form, field);
            let style = theme.ui(if focused { Ui::Selected } else { Ui::Dim });
            spans.push(Span::raw("  "));
            spans.push(Span::styled(value, style));
        }
        _ => {
            let value = value_text(scene, form, field);
            if focused {
                spans.push(Span::styled(theme.sym("◂ ", "< "), theme.ui(Ui::Key)));
                spans.push(Span::styled(value, theme.ui(Ui::Selected)));
                spans.push(Span::styled(theme.sym(" ▸", " >"), theme.ui(Ui::Key)));
            } else {
                spans.push(Span::styled(format!("  {value}  "), theme.ui(Ui::Text)));
            }
        }
    }
    if field == Field::Colours {
        spans.extend(colours_preview(scene, form));
    }
    if waits_for_next_game(scene, form, field) {
        spans.push(Span::styled("  next game", theme.ui(Ui::Warning)));
    }
    Line::from(spans)
}

/// Both stones on both squares, in the colours chosen: a live preview.
fn colours_preview(scene: &Scene<'_>, form: &SettingsForm) -> Vec<Span<'static>> {
    let display = DisplayConfig {
        theme: form.theme,
        colours: form.colours,
        ..scene.config().display
    };
    let theme = Theme::on(&display, scene.theme().terminal);
    let mut spans = vec![Span::raw("  ")];
    for shade in [Shade::Light, Shade::Dark] {
        for color in [Color::Black, Color::White] {
            let style = theme.stone_style(theme.square(shade), color);
            spans.push(Span::styled(format!(" {} ", theme.stone(color)), style));
        }
    }
    spans
}

fn value_text(scene: &Scene<'_>, form: &SettingsForm, field: Field) -> String {
    let theme = scene.theme();
    match field {
        Field::Player1 | Field::Player2 => String::new(),
        Field::Host => format!("{}: a game your friend joins", enter(scene)),
        Field::Join => format!("{}: the game your friend hosts", enter(scene)),
        Field::Online => format!("{}: seeks and games on a lobby server", enter(scene)),
        Field::Black if form.mode != Mode::HumanVsHuman => computer_black(form).to_string(),
        Field::Black => {
            let name = form.names[form.black.index()].text().trim();
            let player = form.black.to_string();
            if name == player {
                player
            } else {
                format!("{name} ({player})")
            }
        }
        Field::Pie => (if form.pie { "on" } else { "off" }).to_string(),
        Field::Rules => form.variant.to_string(),
        Field::Size => {
            let n = form.size;
            format!("{n}{}{n}", theme.sym("×", "x"))
        }
        Field::Clock => match form.clock {
            Some(control) => format!(
                "{control}: {} min each, +{} s a move",
                control.minutes(),
                control.increment().as_secs()
            ),
            None => "off".to_string(),
        },
        Field::Mode => form.mode.label().to_string(),
        Field::Level => format!(
            "{} ({} of 5: {} a move)",
            form.level,
            form.level.number(),
            form.level.budget()
        ),
        Field::Threads => form.threads.to_string(),
        Field::Ponder => (if form.ponder {
            "on (thinks while you do)"
        } else {
            "off"
        })
        .to_string(),
        Field::Resign => (if form.resign {
            "on (when its game is lost)"
        } else {
            "off"
        })
        .to_string(),
        Field::Review => form.review.to_string(),
        Field::Theme => form.theme.label().to_string(),
        Field::Colours => form
            .colours
            .palette_name()
            .unwrap_or("your own")
            .to_string(),
        Field::ScreenReader => (if form.screen_reader {
            "on: plain lines from the next start"
        } else {
            "off (brique --screen-reader for one run)"
        })
        .to_string(),
    }
}

/// Whether a value differs from the game on the board, which has begun, so
/// the change waits for the next game.
fn waits_for_next_game(scene: &Scene<'_>, form: &SettingsForm, field: Field) -> bool {
    let game = scene.game();
    if !game.can_undo() {
        return false;
    }
    match field {
        Field::Black => form.black != game.first_black(),
        Field::Pie => form.pie != game.rules().pie,
        Field::Rules => form.variant != game.rules().variant,
        Field::Size => form.size != game.size(),
        Field::Clock => form.clock != scene.clock_control(),
        Field::Mode => form.mode != scene.computer().mode(),
        Field::Player1
        | Field::Player2
        | Field::Level
        | Field::Threads
        | Field::Ponder
        | Field::Resign
        | Field::Review
        | Field::Theme
        | Field::Colours
        | Field::ScreenReader
        | Field::Host
        | Field::Join
        | Field::Online => false,
    }
}

fn notes(scene: &Scene<'_>, form: &SettingsForm) -> Vec<(String, Style)> {
    let theme = scene.theme();
    let mut out = Vec::new();
    if let Some((field, why)) = &form.error {
        out.push((format!("{}: {why}.", field.label()), theme.ui(Ui::Error)));
    } else if form.focus.is_text() {
        out.push((
            format!("Type a name: at most {NAME_MAX_CHARS} characters, the two names different."),
            theme.ui(Ui::Dim),
        ));
    }
    if let Some(note) = computer_note(scene, form) {
        out.push((note, theme.ui(Ui::Dim)));
    }
    if Field::VARIANTS
        .iter()
        .any(|&f| waits_for_next_game(scene, form, f))
    {
        let now = if scene.game_in_progress() {
            "The game in progress keeps what it has: changes"
        } else {
            "Changes"
        };
        out.push((
            format!(
                "{now} marked \"next game\" apply when you start a new one ({}).",
                key_for(scene.keys(), Context::Board, Action::NewGame, theme)
            ),
            theme.ui(Ui::Warning),
        ));
    }
    let file = scene.config_file;
    let naming = scene.naming;
    let place = match file.path() {
        Some(path) if file.unusable() => format!(
            "Saving replaces {}, which could not be used; a copy of it is kept.",
            naming.settings_file(path)
        ),
        Some(_) if form.changed() && naming.names_only() => format!(
            "Not saved yet: {} saves them with your records on this server.",
            key_for(scene.keys(), Context::SettingsChoice, Action::Submit, theme)
        ),
        Some(path) if form.changed() => format!(
            "Not saved yet: {} saves in {}.",
            key_for(scene.keys(), Context::SettingsChoice, Action::Submit, theme),
            path.display()
        ),
        Some(_) if naming.names_only() => "Saved with your records on this server.".to_string(),
        Some(path) => format!("Saved in {}", path.display()),
        None => "No config location is known: settings last until you quit.".to_string(),
    };
    out.push((place, theme.ui(Ui::Dim)));
    out
}

/// How the action rows' key is written.
fn enter(scene: &Scene<'_>) -> String {
    key_for(
        scene.keys(),
        Context::SettingsAction,
        Action::Submit,
        scene.theme(),
    )
}

/// Who holds Black when the computer plays.
fn computer_black(form: &SettingsForm) -> &'static str {
    match (form.mode, form.black) {
        (Mode::ComputerVsComputer, crate::core::Player::One) => "Computer 1",
        (Mode::ComputerVsComputer, crate::core::Player::Two) => "Computer 2",
        (_, crate::core::Player::One) => "you (Player 1)",
        (_, crate::core::Player::Two) => "the computer",
    }
}

/// Who is who when the computer plays, and what the pie rule does to it.
fn computer_note(scene: &Scene<'_>, form: &SettingsForm) -> Option<String> {
    match form.mode {
        Mode::HumanVsHuman => None,
        Mode::HumanVsComputer if form.pie => Some(
            "You are Player 1 and the computer Player 2. Black opens; with the pie rule, \
             White may then swap and take Black's stone, so the opener should play a fair \
             move, and the computer swaps when the opening favours Black."
                .to_string(),
        ),
        Mode::HumanVsComputer => {
            Some("You are Player 1 and the computer Player 2. Black opens.".to_string())
        }
        Mode::ComputerVsComputer => Some(format!(
            "The computer plays both sides. In the demo, {} pauses and goes on.",
            key_for(scene.keys(), Context::Board, Action::Place, scene.theme())
        )),
    }
}
