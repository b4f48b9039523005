//! The engine's marks on the board: the hint, and the analysis heat map (how
//! much of the search went to each empty square, and to the swap at a
//! pie-rule decision, shown on the stone that would change hands).

use super::heat::Heat;
use crate::app::game::board_widget::BoardOverlay;
use crate::app::ui::scene::Scene;
use crate::app::ui::theme::Marker;
use crate::core::{Move, Position};

/// The squares (indices) whose figures small squares show: the
/// [`Heat::NAMED`] most searched empty ones, leaving out one beside a
/// better one on its row, where the two figures would read as one number.
fn named_squares(position: &Position, heat: &[f32]) -> Vec<usize> {
    let size = position.size();
    let mut order: Vec<usize> = (0..heat.len().min(size.area()))
        .filter(|&i| position.get(size.square(i)).is_none() && heat[i] >= 0.005)
        .collect();
    order.sort_by(|&a, &b| heat[b].total_cmp(&heat[a]));
    let mut named: Vec<usize> = Vec::new();
    for i in order {
        let beside = |j: &usize| {
            let (a, b) = (size.square(i), size.square(*j));
            a.row() == b.row() && a.col().abs_diff(b.col()) == 1
        };
        if !named.iter().any(beside) {
            named.push(i);
        }
        if named.len() == Heat::NAMED {
            break;
        }
    }
    named
}

/// Adds the hint and, while analysis is shown, the heat map of the search
/// of `position` (the position on screen).
pub fn add_engine_marks(scene: &Scene<'_>, position: &Position, overlay: &mut BoardOverlay) {
    if scene.analysis_shown
        && let Some(snapshot) = scene
            .computer()
            .snapshot(scene.game().position())
            .filter(|s| s.position == *position)
    {
        let report = &snapshot.progress.report;
        let size = position.size();
        let swap = report.swap.map_or(0.0, |s| s.share);
        let top = report.heat.iter().copied().fold(swap, f32::max);
        let named = named_squares(position, &report.heat);
        if report.heat.len() == size.area() && report.wins.len() == size.area() {
            for (i, (&share, &win)) in report.heat.iter().zip(&report.wins).enumerate() {
                let sq = size.square(i);
                if position.get(sq).is_none()
                    && let Some(heat) = Heat::of(share, top, win)
                {
                    let named = named.contains(&i);
                    overlay.set_heat(sq, Heat { named, ..heat });
                }
            }
        }
        // The swap is shown on the stone that would change hands.
        if let Some(swap) = report.swap
            && let Some(heat) = Heat::of(swap.share, top, swap.win)
        {
            let named = report.heat.iter().filter(|&&s| s > swap.share).count() < Heat::NAMED;
            let heat = Heat { named, ..heat };
            for sq in size.squares().filter(|&sq| position.get(sq).is_some()) {
                overlay.set_heat(sq, heat);
            }
        }
    }
    if let Some(Move::Place(sq)) = scene.hint.filter(|_| scene.game().position() == position) {
        overlay.set_ghost(sq, position.to_move());
        overlay.set_marker(sq, Marker::Hint);
    }
}
