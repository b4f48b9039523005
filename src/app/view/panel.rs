//! The side panel: players, turn, last move, the move list and the prompts.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::cells::{block, height, lines, tone_style, wrap};
use super::summary::turn;
use crate::app::action::Action;
use crate::app::config::NAME_MAX_CHARS;
use crate::app::keymap::{Context, key_for};
use crate::app::message::wins;
use crate::app::state::App;
use crate::app::theme::{Theme, Ui};
use crate::core::{Color, Move, MoveReport};

pub fn render(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let frame = block(theme, "Brique");
    let inner = frame.inner(area);
    frame.render(area, buf);
    // One column of padding inside the border.
    let inner = Rect::new(
        inner.x + 1,
        inner.y,
        inner.width.saturating_sub(2),
        inner.height,
    );
    if inner.width == 0 || inner.height == 0 {
        return;
    }
    let mut top = header(app, inner.width);
    let prompt = prompt(app, inner.width);
    if !prompt.is_empty() {
        top.extend(prompt);
        top.push(Line::default());
    }
    lines(buf, inner, &top);
    let used = height(&top).min(inner.height);
    let moves_height = inner.height - used;
    if moves_height > 1 {
        let mut list = vec![Line::styled("Moves", theme.ui(Ui::Title))];
        list.extend(move_list(app, usize::from(moves_height - 1)));
        lines(
            buf,
            Rect::new(inner.x, inner.y + used, inner.width, moves_height),
            &list,
        );
    }
}

/// Rules, players (Black's holder first) and the state of the game.
fn header(app: &App, width: u16) -> Vec<Line<'static>> {
    let theme = app.theme();
    let game = app.shown_game();
    let pos = game.position();
    let n = pos.size().get();
    let rules = pos.rules();
    let mut out = vec![Line::styled(
        format!(
            "{n}{}{n}{}{} rules{}{}",
            theme.sym("×", "x"),
            theme.dot(),
            rules.variant,
            theme.dot(),
            if rules.pie { "pie" } else { "no pie" }
        ),
        theme.ui(Ui::Dim),
    )];
    out.push(Line::default());
    for color in Color::ALL {
        let player = game.holder(color);
        let name = app.name(player);
        let to_move = !pos.is_over() && pos.to_move() == color;
        let won = pos.winner() == Some(color);
        let name_style = if to_move || won {
            theme.ui(Ui::Title)
        } else {
            theme.ui(Ui::Text)
        };
        let flag = if won {
            Span::styled(format!(" {}", theme.sym("★", "*")), theme.ui(Ui::Good))
        } else if to_move {
            Span::styled(format!(" {}", theme.sym("◂", "<")), theme.ui(Ui::Accent))
        } else {
            Span::raw("")
        };
        out.push(Line::from(vec![
            Span::styled(theme.stone(color).to_string(), theme.badge(color)),
            Span::styled(format!(" {name:<NAME_MAX_CHARS$} "), name_style),
            Span::styled(color.name(), theme.ui(Ui::Dim)),
            flag,
        ]));
    }
    out.push(Line::default());
    // Long names (the computer's) would not fit on one line.
    out.extend(wrap(&turn(app), width, theme.ui(Ui::Text)));
    let last = match game.last() {
        Some(report) => {
            let mut spans = vec![Span::raw("Last: ")];
            spans.extend(move_spans(theme, report));
            Line::from(spans)
        }
        None => Line::styled("No moves yet", theme.ui(Ui::Dim)),
    };
    out.push(last);
    out.push(Line::default());
    out
}

/// A move as `● e5 +d5 ×e6`: the stone, the square, what it filled.
fn move_spans(theme: Theme, report: &MoveReport) -> Vec<Span<'static>> {
    let mut spans = vec![
        Span::styled(
            theme.stone(report.color).to_string(),
            theme.badge(report.color),
        ),
        Span::raw(format!(" {}", report.mv)),
    ];
    for fill in report.fills.iter() {
        let sign = if fill.captured {
            theme.sym("×", "x")
        } else {
            "+"
        };
        spans.push(Span::styled(
            format!(" {sign}{}", fill.square),
            theme.ui(Ui::Dim),
        ));
    }
    spans
}

/// The last `height` moves (fewer when scrolled back), numbered.
fn move_list(app: &App, height: usize) -> Vec<Line<'static>> {
    let theme = app.theme();
    let history = app.game().history();
    let scroll = app.moves_scroll().min(history.len().saturating_sub(height));
    let viewing = app.viewing();
    // While an earlier position is shown, its last move is in view (with
    // the next one when there is room).
    let end = match viewing {
        Some(ply) => (ply + usize::from(height > 1))
            .max(height)
            .min(history.len()),
        None => history.len() - scroll,
    };
    let start = end.saturating_sub(height);
    history[start..end]
        .iter()
        .enumerate()
        .map(|(i, report)| {
            let number = start + i + 1;
            let mut spans = vec![Span::styled(format!("{number:>3}. "), theme.ui(Ui::Dim))];
            spans.extend(move_spans(theme, report));
            match viewing {
                // The move that led to the position shown, and those after it.
                Some(ply) if number == ply => Line::from(spans).style(theme.ui(Ui::Selected)),
                Some(ply) if number > ply => Line::from(spans).style(theme.ui(Ui::Dim)),
                _ => Line::from(spans),
            }
        })
        .collect()
}

/// What the players are asked or told now, wrapped to the panel's width.
fn prompt(app: &App, width: u16) -> Vec<Line<'static>> {
    let theme = app.theme();
    let game = app.shown_game();
    let pos = game.position();
    let key = |action| key_for(app.keys(), Context::Board, action, theme);
    let mut parts: Vec<(String, Style)> = app
        .panel_notes()
        .into_iter()
        .map(|note| (note.text, tone_style(theme, note.tone)))
        .collect();
    if let Some(player) = game.winner() {
        let color = game.color_of(player);
        parts.push((wins(app.name(player), color), theme.ui(Ui::Good)));
        parts.push((
            format!(
                "New game? Press {}. ({} takes the last move back.)",
                key(Action::NewGame),
                key(Action::Undo)
            ),
            theme.ui(Ui::Text),
        ));
    } else if pos.can_swap() && !app.computer_to_move() {
        parts.push((
            format!(
                "{}, you play White. Press {} to swap sides and take Black's stone, \
                 or place a stone to decline.",
                app.name(game.player_to_move()),
                key(Action::Swap)
            ),
            theme.ui(Ui::Accent),
        ));
    }
    parts.extend(super::thinking::lines(app));
    let mut out: Vec<Line<'static>> = parts
        .drain(..)
        .flat_map(|(text, style)| wrap(&text, width, style))
        .collect();
    out.extend(super::thinking::gauge(app, width));
    if let Some(report) = app.preview() {
        parts.push((preview_text(app, &report), theme.ui(Ui::Text)));
    }
    let waiting = app.settings_waiting();
    if !waiting.is_empty() {
        parts.push((
            format!("Next game: {}.", waiting.join(", ")),
            theme.ui(Ui::Dim),
        ));
    }
    out.extend(
        parts
            .iter()
            .flat_map(|(text, style)| wrap(text, width, *style)),
    );
    out
}

fn preview_text(app: &App, report: &MoveReport) -> String {
    let theme = app.theme();
    let Move::Place(sq) = report.mv else {
        return String::new();
    };
    let fills: Vec<String> = report
        .fills
        .iter()
        .filter(|f| !f.captured)
        .map(|f| f.square.to_string())
        .collect();
    let captures: Vec<String> = report.fills.captures().map(|s| s.to_string()).collect();
    let mut text = format!("{} at {sq}", theme.ghost(report.color));
    match (fills.is_empty(), captures.is_empty()) {
        (true, true) => text.push_str(" fills nothing"),
        (false, true) => text.push_str(&format!(" fills {}", fills.join(" and "))),
        (true, false) => text.push_str(&format!(" captures {}", captures.join(" and "))),
        (false, false) => text.push_str(&format!(
            " fills {} and captures {}",
            fills.join(" and "),
            captures.join(" and ")
        )),
    }
    if report.won {
        text.push_str(" and wins");
    }
    text.push('.');
    text
}
