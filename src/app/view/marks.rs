//! What the board shows over the stones: the cursor, the last move, the
//! preview of a move at the cursor, the winning chain, the engine's hint and
//! heat map.

use crate::app::state::App;
use crate::app::theme::{Highlight, Marker};
use crate::core::{Move, MoveReport};

use super::board::BoardOverlay;

pub fn board_overlay(app: &App) -> BoardOverlay {
    let game = app.shown_game();
    let pos = game.position();
    let mut overlay = BoardOverlay::new(pos.size());
    if let Some(last) = game.last() {
        add_last_move(&mut overlay, last);
    }
    if let Some(chain) = pos.winning_chain() {
        for sq in chain {
            overlay.set_highlight(sq, Highlight::Chain);
        }
        return overlay;
    }
    super::heatmap::add_engine_marks(app, pos, &mut overlay);
    overlay.set_highlight(app.cursor(), Highlight::Cursor);
    if let Some(preview) = app.preview() {
        add_preview(&mut overlay, &preview);
    }
    overlay
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
