//! The engine's marks on the board: the hint, and the analysis heat map (how
//! much of the search went to each empty square, and to the swap at a
//! pie-rule decision, shown on the stone that would change hands).

use super::heat::Heat;
use crate::app::game::board_widget::BoardOverlay;
use crate::app::state::App;
use crate::app::ui::theme::Marker;
use crate::core::{Move, Position};

/// Adds the hint and, while analysis is shown, the heat map of the search
/// of `position` (the position on screen).
pub fn add_engine_marks(app: &App, position: &Position, overlay: &mut BoardOverlay) {
    if app.analysis_shown()
        && let Some(snapshot) = app.engine_snapshot().filter(|s| s.position == *position)
    {
        let report = &snapshot.progress.report;
        let size = position.size();
        let swap = report.swap.map_or(0.0, |s| s.share);
        let top = report.heat.iter().copied().fold(swap, f32::max);
        if report.heat.len() == size.area() && report.wins.len() == size.area() {
            for (i, (&share, &win)) in report.heat.iter().zip(&report.wins).enumerate() {
                let sq = size.square(i);
                if position.get(sq).is_none()
                    && let Some(heat) = Heat::of(share, top, win)
                {
                    overlay.set_heat(sq, heat);
                }
            }
        }
        // The swap is shown on the stone that would change hands.
        if let Some(swap) = report.swap
            && let Some(heat) = Heat::of(swap.share, top, swap.win)
        {
            for sq in size.squares().filter(|&sq| position.get(sq).is_some()) {
                overlay.set_heat(sq, heat);
            }
        }
    }
    if let Some(Move::Place(sq)) = app.hint().filter(|_| app.game().position() == position) {
        overlay.set_ghost(sq, position.to_move());
        overlay.set_marker(sq, Marker::Hint);
    }
}
