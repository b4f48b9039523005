//! The headless commands through the real binary and the docs that show them:
//! `show`, `solve`, `bench`, `gtp`, `puzzles`, completions, the man page, the
//! README's commands and RULES.md's examples.
//!
//! One test binary per layer, each file a module: one link instead of one per file.

mod bench;
mod docs;
mod gtp;
mod puzzles;
mod readme;
mod rules_doc;
mod show;
mod solve;
