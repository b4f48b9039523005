//! The computer opponent: the engine's searches on their thread (within the
//! slots a server shares among its sessions), its turns at the board,
//! resigning, and how its thinking, progress and heat map are drawn.

pub(super) mod advice;
pub(super) mod board_keys;
pub(super) mod engine;
pub(super) mod engine_marks;
pub(super) mod heat;
pub(super) mod job;
pub(super) mod progress_view;
pub(super) mod slot_queue;
pub(super) mod slots;
pub(super) mod thinking;
pub(super) mod turns;
