//! `brique-core`: the pure rules of Brique (RULES.md): board geometry, escorts,
//! moves with fills and captures, exact win detection, games with undo, the
//! position notation, game records and the text diagram.
//!
//! Nothing here touches the terminal, files, clock, threads or randomness.

mod connect;
mod diagram;
mod escorts;
mod game;
mod geometry;
mod moves;
mod notation;
mod position;
mod quoted;
mod record;
mod replay;
mod rules;
mod text;
mod time_control;

pub use diagram::{diagram, diagram_of};
pub use escorts::{Escorts, escorts};
pub use game::Game;
pub use geometry::{BoardSize, Color, MAX_SQUARES, Player, Shade, SizeError, Square, SquareError};
pub use moves::{
    Fill, Fills, Move, MoveListError, MoveReport, PlayError, SwapRefusal, parse_moves,
    parse_moves_on,
};
pub use notation::PositionError;
pub use position::{InvalidPosition, Position};
pub use quoted::Quoted;
pub use record::{Outcome, Record, RecordError};
pub use replay::ReplayError;
pub use rules::{Rules, Variant, VariantError};
pub use text::{NAME_MAX_CHARS, clean};
pub use time_control::{PlayerClocks, TimeControl, TimeControlError};
