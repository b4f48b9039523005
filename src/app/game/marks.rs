//! What the board shows over the stones: the cursor, the last move, the
//! stones in danger and the cursor's escorts, the preview of a move at the
//! cursor, the winning chain, the engine's hint and heat map.

use crate::app::ui::scene::Scene;
use crate::app::ui::theme::{Highlight, Marker};
use crate::core::{Move, MoveReport, Position, Square, escorts};

use super::board_widget::BoardOverlay;
use super::threats::threats;

pub fn board_overlay(scene: &Scene<'_>) -> BoardOverlay {
    let game = scene.board().shown_game(scene.game());
    let pos = game.position();
    let mut overlay = BoardOverlay::new(pos.size());
    // The moves of an online game made while away, as the last move is.
    for report in scene
        .remote
        .online
        .away_marks(scene.game(), scene.board.viewing().is_some())
        .iter()
        .chain(game.last())
    {
        add_last_move(&mut overlay, report);
    }
    if let Some(chain) = pos.winning_chain() {
        for sq in chain {
            overlay.set_highlight(sq, Highlight::Chain);
        }
        return overlay;
    }
    crate::app::computer::engine_marks::add_engine_marks(scene, pos, &mut overlay);
    crate::app::review::view::add_review_marks(scene, &mut overlay);
    if scene.config().display.escorts {
        add_escort_marks(&mut overlay, pos, scene.board().cursor());
    }
    overlay.set_highlight(scene.board().cursor(), Highlight::Cursor);
    if let Some(preview) = &scene.preview {
        add_preview(&mut overlay, preview);
    }
    overlay
}

/// The stones the side to move could capture, and the cursor's escorts.
pub fn add_escort_marks(overlay: &mut BoardOverlay, pos: &Position, cursor: Square) {
    add_threat_marks(overlay, pos);
    add_cursor_escorts(overlay, pos, cursor);
}

/// The stones the side to move could capture with one stone.
pub fn add_threat_marks(overlay: &mut BoardOverlay, pos: &Position) {
    for threat in threats(pos) {
        overlay.set_marker(threat.stone, Marker::Threatened);
    }
}

/// The escorts of the cursor's square.
pub fn add_cursor_escorts(overlay: &mut BoardOverlay, pos: &Position, cursor: Square) {
    // On free squares only: the last move's, the hint's and the heat map's
    // marks say more.
    for sq in escorts(pos.size(), cursor).iter() {
        let marks = overlay.get(sq);
        if marks.marker.is_none() && marks.heat.is_none() {
            overlay.set_marker(sq, Marker::Escort);
        }
    }
}

/// The last move: the stone placed, and what it filled and captured.
pub fn add_last_move(overlay: &mut BoardOverlay, last: &MoveReport) {
    if let Move::Place(sq) = last.mv {
        overlay.set_marker(sq, Marker::LastPlaced);
    }
    for fill in last.fills.iter() {
        let marker = if fill.captured {
            Marker::LastCaptured
        } else {
            Marker::LastFilled
        };
        overlay.set_marker(fill.square, marker);
    }
}

/// What a move at the cursor would do: where its stones would go, and the
/// squares it fills and captures.
pub fn add_preview(overlay: &mut BoardOverlay, preview: &MoveReport) {
    if let Move::Place(sq) = preview.mv {
        overlay.set_ghost(sq, preview.color);
    }
    for fill in preview.fills.iter() {
        overlay.set_ghost(fill.square, preview.color);
        let marker = if fill.captured {
            Marker::PreviewCapture
        } else {
            Marker::PreviewFill
        };
        overlay.set_marker(fill.square, marker);
    }
}
