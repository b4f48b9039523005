//! The side panel: players, turn, last move, the move list and the prompts.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

use super::clock::clock_face;
use super::summary::turn;
use super::threats::exposed;
use crate::app::action::Action;
use crate::app::config::NAME_MAX_CHARS;
use crate::app::keys::keymap::{Context, key_for};
use crate::app::message::{wins, with_colour};
use crate::app::review::view as review_view;
use crate::app::ui::cells::{block, height, lines, tone_style, wrap};
use crate::app::ui::scene::Scene;
use crate::app::ui::text_width::{cut, pad, width as name_width};
use crate::app::ui::theme::{Theme, Ui};
use crate::app::ui::wrap::cut_long_words;
use crate::core::{Color, Move, MoveReport, Square};

pub fn render(scene: &Scene<'_>, area: Rect, buf: &mut Buffer) {
    let theme = scene.theme();
    let frame = block(theme, "Brique");
    frame.render(area, buf);
    let inner = padded(area);
    if inner.width == 0 || inner.height == 0 {
        return;
    }
    lines(buf, inner, &top_lines(scene, inner.width));
    if let Some(rows) = move_rows(scene, area) {
        // The review's chart under the list, when both fit.
        let (rows, chart) = review_view::split_rows(scene, rows);
        if let Some(chart) = chart {
            review_view::render_chart(scene, chart, buf);
        }
        let title = Rect::new(rows.x, rows.y - 1, rows.width, 1);
        lines(buf, title, &[Line::styled("Moves", theme.ui(Ui::Title))]);
        lines(buf, rows, &move_list(scene, usize::from(rows.height)));
    }
}

/// The panel at `area` inside its border, with a column of padding.
fn padded(area: Rect) -> Rect {
    let inner = Rect::new(
        area.x.saturating_add(1),
        area.y.saturating_add(1),
        area.width.saturating_sub(2),
        area.height.saturating_sub(2),
    );
    Rect::new(
        inner.x + 1,
        inner.y,
        inner.width.saturating_sub(2),
        inner.height,
    )
}

/// The header and the prompt, above the move list.
fn top_lines(scene: &Scene<'_>, width: u16) -> Vec<Line<'static>> {
    let mut top = header(scene, width);
    let prompt = prompt(scene, width);
    if !prompt.is_empty() {
        top.extend(prompt);
        top.push(Line::default());
    }
    top
}

/// The rows of the move list (below its title) in the panel at `area`,
/// the review's chart included.
fn move_rows(scene: &Scene<'_>, area: Rect) -> Option<Rect> {
    let inner = padded(area);
    let used = height(&top_lines(scene, inner.width)).min(inner.height);
    let below = inner.height - used;
    (inner.width > 0 && below > 1)
        .then(|| Rect::new(inner.x, inner.y + used + 1, inner.width, below - 1))
}

/// The move (0: the start) of the review's chart at a cell of the panel
/// at `area`, for a click.
pub fn chart_move_at(scene: &Scene<'_>, area: Rect, column: u16, row: u16) -> Option<usize> {
    let (_, chart) = review_view::split_rows(scene, move_rows(scene, area)?);
    review_view::chart_ply_at(scene, chart?, column, row)
}

/// The number (from 1) of the move drawn at a cell of the panel at `area`.
pub fn move_at(scene: &Scene<'_>, area: Rect, column: u16, row: u16) -> Option<usize> {
    let (rows, _) = review_view::split_rows(scene, move_rows(scene, area)?);
    if !rows.contains(ratatui::layout::Position::new(column, row)) {
        return None;
    }
    let (start, end) = shown_moves(scene, usize::from(rows.height));
    let number = start + usize::from(row - rows.y) + 1;
    (number <= end).then_some(number)
}

/// The moves the list shows in `height` rows: the last ones (fewer when
/// scrolled back), or around the position browsed; as `start..end`.
fn shown_moves(scene: &Scene<'_>, height: usize) -> (usize, usize) {
    let total = scene.game().history().len();
    let scroll = scene
        .board
        .moves_scroll(scene.session.revision())
        .min(total.saturating_sub(height));
    // While an earlier position is shown, its last move is in view (with
    // the next one when there is room).
    let end = match scene.board().viewing() {
        Some(ply) => (ply + usize::from(height > 1)).max(height).min(total),
        None => total - scroll,
    };
    (end.saturating_sub(height), end)
}

/// Rules, players (Black's holder first) and the state of the game.
fn header(scene: &Scene<'_>, width: u16) -> Vec<Line<'static>> {
    let theme = scene.theme();
    let game = scene.board().shown_game(scene.game());
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
    // The name's room: what the line leaves beside the stone, the colour
    // and the mark ("● NAME White ◂"), so that nothing after it is cut.
    let room = usize::from(width).saturating_sub(10).min(NAME_MAX_CHARS);
    for color in Color::ALL {
        let player = game.holder(color);
        // Two copies may show the same name: each marks its own player,
        // cutting the name rather than the mark.
        let name = if scene.remote.me() == Some(player) {
            const YOU: &str = " (you)";
            cut(scene.name(player), room.saturating_sub(YOU.len()).max(1)) + YOU
        } else {
            cut(scene.name(player), room.max(1))
        };
        let to_move = !game.is_over() && pos.to_move() == color;
        let won = game.winning_color() == Some(color);
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
            Span::styled(
                format!(" {} ", pad(&name, room.max(name_width(&name)))),
                name_style,
            ),
            Span::styled(color.name(), theme.ui(Ui::Dim)),
            flag,
        ]));
    }
    out.extend(clocks(scene));
    out.push(Line::default());
    // Long names (the computer's) would not fit on one line.
    out.extend(wrap(&turn(scene), width, theme.ui(Ui::Text)));
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

/// Both players' clocks, when the game has them: `Clock 10+5  ● 9:58  ○ 10:00`,
/// the one counting down highlighted.
fn clocks(scene: &Scene<'_>) -> Option<Line<'static>> {
    let theme = scene.theme();
    let faces = scene.clock_faces?;
    let control = scene.clock_control()?;
    let mut spans = vec![Span::styled(format!("Clock {control}"), theme.ui(Ui::Dim))];
    for face in faces {
        let style = if face.out_of_time {
            theme.ui(Ui::Error)
        } else if face.running {
            theme.ui(Ui::Title)
        } else {
            theme.ui(Ui::Text)
        };
        spans.push(Span::raw("  "));
        spans.push(Span::styled(
            theme.stone(face.color).to_string(),
            theme.badge(face.color),
        ));
        spans.push(Span::styled(format!(" {}", clock_face(face.left)), style));
    }
    Some(Line::from(spans))
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
fn move_list(scene: &Scene<'_>, height: usize) -> Vec<Line<'static>> {
    let theme = scene.theme();
    let history = scene.game().history();
    let viewing = scene.board().viewing();
    let (start, end) = shown_moves(scene, height);
    history[start..end]
        .iter()
        .enumerate()
        .map(|(i, report)| {
            let number = start + i + 1;
            let mut spans = vec![Span::styled(format!("{number:>3}. "), theme.ui(Ui::Dim))];
            spans.extend(move_spans(theme, report));
            if let Some((mark, style)) = review_view::move_mark(scene, number) {
                spans.push(Span::styled(mark, style));
            }
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
fn prompt(scene: &Scene<'_>, width: u16) -> Vec<Line<'static>> {
    let theme = scene.theme();
    let game = scene.board().shown_game(scene.game());
    let pos = game.position();
    let key = |action| key_for(scene.keys(), Context::Board, action, theme);
    // A file name too long for the panel is cut, not broken over lines.
    let mut parts: Vec<(String, Style)> = scene
        .panel_notes
        .iter()
        .map(|note| {
            (
                cut_long_words(&note.text, width),
                tone_style(theme, note.tone),
            )
        })
        .collect();
    // Over on the board, by resignation, or on time.
    let ended = match (scene.lost_on_time(), game.winner()) {
        (Some(loser), _) => Some(scene.on_time_text(loser)),
        (None, Some(player)) => {
            if let Some(resigned) = game.resigned() {
                let name = scene.name(game.holder(resigned));
                let text = format!("{} resigns.", with_colour(name, resigned));
                parts.push((text, theme.ui(Ui::Text)));
            }
            Some(wins(scene.name(player), game.color_of(player)))
        }
        (None, None) => None,
    };
    if let Some(ended) = ended {
        parts.push((ended, theme.ui(Ui::Good)));
        // No taking back where undo is not offered (an online game).
        let undo = if scene.offers(Action::Undo) {
            format!(" ({} takes the last move back.)", key(Action::Undo))
        } else {
            String::new()
        };
        parts.push((
            format!("New game? Press {}.{undo}", key(Action::NewGame)),
            theme.ui(Ui::Text),
        ));
    } else if pos.can_swap() && scene.remote.peer_to_move(scene.game()) {
        parts.push((
            format!(
                "{} plays White and may swap sides (take your stone) or place a stone.",
                scene.remote.peer_name()
            ),
            theme.ui(Ui::Accent),
        ));
    } else if pos.can_swap() && !scene.computer().to_move(scene.game()) {
        parts.push((
            format!(
                "{}, you play White. Press {} to swap sides and take Black's stone, \
                 or place a stone to decline.",
                scene.name(game.player_to_move()),
                key(Action::Swap)
            ),
            theme.ui(Ui::Accent),
        ));
    }
    parts.extend(crate::app::computer::thinking::lines(scene));
    let mut out: Vec<Line<'static>> = parts
        .drain(..)
        .flat_map(|(text, style)| wrap(&text, width, style))
        .collect();
    out.extend(crate::app::computer::thinking::gauge(scene, width));
    out.extend(review_view::panel_lines(scene, width));
    if let Some(report) = &scene.preview {
        let said = preview_text(scene, report);
        if !said.is_empty() {
            parts.push((said, theme.ui(Ui::Text)));
        }
    }
    let waiting = &scene.settings_waiting;
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

/// What a stone at the cursor would do, in plain words ("A Black stone at
/// h8 would add a Black stone on g8 and win."); nothing when it would do
/// nothing worth saying.
fn preview_text(scene: &Scene<'_>, report: &MoveReport) -> String {
    let Move::Place(sq) = report.mv else {
        return String::new();
    };
    let (colour, other) = (report.color, report.color.other());
    let fills: Vec<String> = report
        .fills
        .iter()
        .filter(|f| !f.captured)
        .map(|f| f.square.to_string())
        .collect();
    let captures: Vec<String> = report.fills.captures().map(|s| s.to_string()).collect();
    let mut would = Vec::new();
    if !fills.is_empty() {
        let stones = if fills.len() == 1 {
            format!("a {colour} stone")
        } else {
            format!("{colour} stones")
        };
        would.push(format!("add {stones} on {}", fills.join(" and ")));
    }
    if !captures.is_empty() {
        let stones = if captures.len() == 1 {
            "stone"
        } else {
            "stones"
        };
        would.push(format!(
            "capture the {other} {stones} on {}",
            captures.join(" and ")
        ));
    }
    if report.won {
        would.push("win".to_string());
    }
    let stone = format!("A {colour} stone at {sq}");
    if would.is_empty() {
        return danger_text(scene, report, sq, &stone);
    }
    let did = match would.as_slice() {
        [rest @ .., last] if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => would.join(""),
    };
    let danger = danger_text(scene, report, sq, "It");
    format!(
        "{stone} would {did}.{}{danger}",
        if danger.is_empty() { "" } else { " " }
    )
}

/// Where the opponent could capture the stones of the move previewed at
/// `sq` right after it ("It could be captured at i7."), `placed` naming
/// the stone placed; else "".
fn danger_text(scene: &Scene<'_>, report: &MoveReport, sq: Square, placed: &str) -> String {
    let all = exposed(scene.board().shown_game(scene.game()).position(), report.mv);
    let stones: Vec<Square> = std::iter::once(sq)
        .chain(report.fills.iter().map(|f| f.square))
        .collect();
    let mut said = Vec::new();
    for stone in stones {
        let at: Vec<String> = all
            .iter()
            .filter(|t| t.stone == stone)
            .map(|t| t.at.to_string())
            .collect();
        if at.is_empty() {
            continue;
        }
        let what = if stone == sq {
            placed.to_string()
        } else {
            format!("The stone on {stone}")
        };
        said.push(format!("{what} could be captured at {}.", at.join(" or ")));
    }
    said.join(" ")
}
