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
mod quote;
mod record;
mod rules;

pub use diagram::diagram;
pub use escorts::{Escorts, escorts};
pub use game::Game;
pub use geometry::{BoardSize, Color, MAX_SQUARES, Player, Shade, SizeError, Square, SquareError};
pub use moves::{
    Fill, Fills, Move, MoveListError, MoveReport, PlayError, SwapRefusal, parse_moves,
};
pub use notation::PositionError;
pub use position::{InvalidPosition, Position};
pub use quote::{QUOTE_CHARS, Quoted};
pub use record::{Outcome, Record, RecordError};
pub use rules::{Rules, Variant, VariantError};
