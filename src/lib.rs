//! Brique, the connection game by Luis Bolaños Mures (2012).
//!
//! [`core`] holds the pure rules; the rest of the crate is the program.

pub mod cli;
pub mod core;
