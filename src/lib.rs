//! Brique, the connection game by Luis Bolaños Mures (2012).
//!
//! Layers, each using only those above it: [`core`] (the pure rules), [`ai`]
//! (the pure, seeded engine), then the program: [`storage`], [`learn`]
//! (lessons and puzzles), [`net`] (network play), [`online`] (a player's key
//! and the client of a lobby server), [`server`] (the relay and lobby
//! `brique server` runs), [`app`] (the game screen), [`reader`] (the game in
//! plain lines for a screen reader), the headless
//! [`commands`] and [`cli`], which parses the command line and hands over to
//! one of them. [`thinker`] runs the engine on threads of its own, and
//! [`reviewer`] reviews a game with it. [`log`] keeps the optional log file
//! (`--log`, `BRIQUE_LOG`).

// The rules are the workspace member `brique-core` (crates/brique-core); the
// name `core` keeps `crate::core::...` paths as they were.
pub use brique_core as core;

pub mod ai;

pub mod app;
pub mod bell;
pub mod cli;
pub mod commands;
pub mod learn;
pub mod log;
pub mod net;
pub mod online;
pub mod reader;
pub mod reviewer;
pub mod server;
pub mod storage;
pub mod thinker;
