//! How the review is drawn: the chart of Black's winning chance under the
//! side panel (ratatui's `Chart`: braille, or block glyphs where Unicode is
//! off) with the position looked at marked, the progress while it runs, and
//! at a marked move the move played and the better one (in the panel, and
//! on the board as a hint mark).

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::symbols;
use ratatui::text::Line;
use ratatui::widgets::{Axis, Chart, Dataset, GraphType, Widget};

use crate::ai::review::{Class, MoveReview, chance_text};
use crate::app::computer::progress_view::bar;
use crate::app::game::board_widget::BoardOverlay;
use crate::app::review::summary::SummaryForm;
use crate::app::ui::cells::{block, wrap};
use crate::app::ui::scene::Scene;
use crate::app::ui::theme::{Marker, Ui};
use crate::commands::review::chances_text;
use crate::core::{Color, Move, Player};

/// The chart's rows, its border included: at most, and at least.
const CHART_HEIGHT: u16 = 9;
const CHART_MIN_HEIGHT: u16 = 6;
/// The move list keeps at least this many rows above the chart.
const LIST_KEEPS: u16 = 3;

/// The side panel's move list `rows` split into the list and, when the
/// game has a review and there is room, the chart below it.
pub fn split_rows(scene: &Scene<'_>, rows: Rect) -> (Rect, Option<Rect>) {
    let room = rows.height.saturating_sub(LIST_KEEPS + 1).min(CHART_HEIGHT);
    if scene.review.of(scene.game()).is_none() || room < CHART_MIN_HEIGHT {
        return (rows, None);
    }
    let list = Rect::new(rows.x, rows.y, rows.width, rows.height - room - 1);
    let chart = Rect::new(rows.x, rows.bottom() - room, rows.width, room);
    (list, Some(chart))
}

/// The marks of the chart's left axis, Black's chance.
const Y_LABELS: [&str; 3] = ["0%", "50%", "100%"];

/// Where the chart's points are drawn: inside its border, right of the
/// axis's marks and line (as ratatui's `Chart` lays them out: the marks
/// take at most a third of the width).
fn plot(chart: Rect) -> Rect {
    let inner = Rect::new(
        chart.x + 1,
        chart.y + 1,
        chart.width.saturating_sub(2),
        chart.height.saturating_sub(2),
    );
    let marks = Y_LABELS.iter().map(|l| l.len()).max().unwrap_or(0);
    let marks = u16::try_from(marks).unwrap_or(0).min(inner.width / 3);
    let axis = u16::from(inner.x + marks + 1 < inner.right());
    Rect::new(
        inner.x + marks + axis,
        inner.y,
        inner.width.saturating_sub(marks + axis),
        inner.height,
    )
}

/// The move (the position after it, 0 the start) drawn at a cell of the
/// chart, for a click.
pub fn chart_ply_at(scene: &Scene<'_>, chart: Rect, column: u16, row: u16) -> Option<usize> {
    let plot = plot(chart);
    if plot.width < 2 || !plot.contains(ratatui::layout::Position::new(column, row)) {
        return None;
    }
    let plies = scene.game().history().len();
    let x = f64::from(column - plot.x) / f64::from(plot.width - 1);
    Some(((x * plies as f64).round() as usize).min(plies))
}

/// The chart of Black's chance over the moves, the position shown marked.
pub fn render_chart(scene: &Scene<'_>, area: Rect, buf: &mut Buffer) {
    let theme = scene.theme();
    let game = scene.game();
    let Some(review) = scene.review.of(game) else {
        return;
    };
    let plies = game.history().len().max(1) as f64;
    let at = scene.board().viewing().unwrap_or(game.history().len()) as f64;
    let chances: Vec<(f64, f64)> = review
        .black_chances()
        .map(|(ply, black)| (ply as f64, f64::from(black)))
        .collect();
    let shown = [(at, 0.0), (at, 100.0)];
    let even = [(0.0, 50.0), (plies, 50.0)];
    let marker = if theme.ascii {
        symbols::Marker::Block
    } else {
        symbols::Marker::Braille
    };
    let title = format!("Black's chance, moves 0-{}", game.history().len());
    // What the line across the middle is (dotted in braille, blocks in
    // ASCII), written in the plot's top left corner, where the chance
    // seldom is (a game starts near even).
    let legend = if theme.ascii {
        "middle: even"
    } else {
        "dotted: even"
    };
    // The summary under it: each player's marks and average loss, and how
    // many positions were proven rather than estimated.
    let proven = review.proven();
    let proofs = if proven > 0 {
        format!(", {proven}/{} proven", review.evaluations.len())
    } else {
        String::new()
    };
    // The proofs' count goes first when the border has no room for it:
    // the players' figures come first, and a cut figure says nothing.
    // The marks go next (they are in the move list), never half a figure.
    let room = usize::from(area.width.saturating_sub(4));
    let names = [scene.name(Player::One), scene.name(Player::Two)];
    let summary_text = |form| scene.review.summary_text(scene.game(), names, form);
    let players = summary_text(SummaryForm::Chart);
    let summary = if players.chars().count() + proofs.chars().count() <= room {
        format!(" {players}{proofs} ")
    } else {
        let fits = [SummaryForm::Chart, SummaryForm::Losses]
            .map(summary_text)
            .into_iter()
            .find(|text| text.chars().count() <= room);
        format!(
            " {} ",
            fits.unwrap_or_else(|| summary_text(SummaryForm::Colours))
        )
    };
    let datasets = vec![
        Dataset::default()
            .marker(marker)
            .graph_type(GraphType::Line)
            .style(theme.ui(Ui::Dim))
            .data(&even),
        Dataset::default()
            .marker(marker)
            .graph_type(GraphType::Line)
            .style(theme.ui(Ui::Accent))
            .data(&shown),
        Dataset::default()
            .marker(marker)
            .graph_type(GraphType::Line)
            .style(theme.ui(Ui::Text))
            .data(&chances),
    ];
    Chart::new(datasets)
        .block(block(theme, &title).title_bottom(Line::styled(summary, theme.ui(Ui::Dim))))
        .x_axis(Axis::default().bounds([0.0, plies]))
        // The dotted line's mark says what it is: even chances.
        .y_axis(
            Axis::default()
                .bounds([0.0, 100.0])
                .labels(Y_LABELS)
                .title(Line::styled(legend, theme.ui(Ui::Dim)))
                .style(theme.ui(Ui::Dim)),
        )
        .render(area, buf);
}

/// The review's lines in the side panel: its progress while it runs, the
/// marked move shown with the better one, the summary once done.
pub fn panel_lines(scene: &Scene<'_>, width: u16) -> Vec<Line<'static>> {
    let theme = scene.theme();
    let game = scene.game();
    let mut out = Vec::new();
    if let Some((searched, searches, left)) = scene.review.progress() {
        let pass = if searched * 2 < searches || searches == 0 {
            "quick pass"
        } else {
            "refining"
        };
        let text = format!(
            "Reviewing ({pass}): {searched} of {searches} searches, at most {} s left.",
            left.as_secs()
        );
        out.extend(wrap(&text, width, theme.ui(Ui::Accent)));
        let ratio = if searches > 0 {
            searched as f64 / searches as f64
        } else {
            0.0
        };
        out.push(bar(ratio, width, theme));
    }
    let ply = scene.board().viewing().unwrap_or(game.history().len());
    let marked = scene
        .review
        .judged_move(game, ply)
        .filter(|m| m.class.is_some());
    if let Some(judged) = marked {
        let style = theme.ui(Ui::Warning);
        out.extend(wrap(&marked_text(judged), width, style));
    }
    out
}

/// `Move 3, a1??: a blunder. Black's chance won → lost; better a4 (won).`
fn marked_text(m: &MoveReview) -> String {
    let class = m.class.map_or("", Class::name);
    let mark = m.class.map_or("", Class::mark);
    let color = match m.color {
        Color::Black => "Black",
        Color::White => "White",
    };
    let (before, after) = chances_text(m);
    let better = m.better.map_or_else(String::new, |mv| {
        format!(
            " Better: {mv} ({}).",
            chance_text(m.before, m.before_proven)
        )
    });
    let article = if class.starts_with('i') { "an" } else { "a" };
    format!(
        "Move {}, {}{mark}: {article} {class}. {color}'s chance {before} -> {after}.{better}",
        m.number, m.mv
    )
}

/// At a marked move, the better move on the board as a hint.
pub fn add_review_marks(scene: &Scene<'_>, overlay: &mut BoardOverlay) {
    let game = scene.game();
    let ply = scene.board().viewing().unwrap_or(game.history().len());
    let Some(judged) = scene.review.judged_move(game, ply) else {
        return;
    };
    if let Some(Move::Place(sq)) = judged.better {
        let position = scene.board().shown_game(scene.game()).position();
        if position.get(sq).is_none() {
            overlay.set_ghost(sq, judged.color);
        }
        overlay.set_marker(sq, Marker::Hint);
    }
}

/// The class's mark after a move of the list, in its style.
pub fn move_mark(scene: &Scene<'_>, number: usize) -> Option<(&'static str, Style)> {
    let class = scene.review.judged_move(scene.game(), number)?.class?;
    let style = match class {
        Class::Inaccuracy => scene.theme().ui(Ui::Accent),
        Class::Mistake | Class::Blunder => scene.theme().ui(Ui::Warning),
    };
    Some((class.mark(), style))
}
