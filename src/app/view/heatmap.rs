//! The engine's marks on the board: the hint, and the analysis heat map (how
//! much of the search went to each empty square).

use super::board::BoardOverlay;
use super::heat::Heat;
use crate::app::state::App;
use crate::app::theme::Marker;
use crate::core::{Move, Position};

/// Adds the hint and, while analysis is shown, the heat map of the search
/// of `position` (the position on screen).
pub fn add_engine_marks(app: &App, position: &Position, overlay: &mut BoardOverlay) {
    if app.analysis_shown()
        && let Some(snapshot) = app.engine_snapshot().filter(|s| s.position == *position)
    {
        let heat = &snapshot.progress.report.heat;
        let size = position.size();
        let top = heat.iter().copied().fold(0.0, f32::max);
        if heat.len() == size.area() {
            for (i, &share) in heat.iter().enumerate() {
                let sq = size.square(i);
                if position.get(sq).is_none()
                    && let Some(heat) = Heat::of(share, top)
                {
                    overlay.set_heat(sq, heat);
                }
            }
        }
    }
    if let Some(Move::Place(sq)) = app.hint().filter(|_| app.game().position() == position) {
        overlay.set_ghost(sq, position.to_move());
        overlay.set_marker(sq, Marker::Hint);
    }
}
