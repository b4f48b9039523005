//! The network game: the link, the screen's forms, the app over a fake host,
//! and the command line's refusals.
//!
//! One test binary per layer, each file a module: one link instead of one per file.

mod support;

mod app;
mod cli;
mod forms;
mod link;
