//! The server's own bots (`brique server --lobby --bots LEVELS`): one
//! player per level named, inside the server process, so that a newcomer
//! always finds a game (docs/server.md, "Bots").
//!
//! Each bot is a tokio task that talks to the referee through the same
//! commands a connection's task sends (join, ask, gone) and reads the
//! same messages from its outbox: the referee treats it as any player
//! (rated, refereed, stored), and nothing but the socket and the Noise
//! layer is skipped; a narrow interface in process, rather than a network
//! client, because a bot of the server needs no handshake with itself.
//! The engine's work runs on blocking threads, in the server's search
//! slots ([`engine`]).

mod clock;
mod engine;
mod player;
mod roster;
mod seeks;

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc::SyncSender;

pub use player::Shared;
pub use roster::{BOTS_DIR, Member, load};

use super::referee::Command;
use crate::ai::Level;
use crate::app::SearchSlots;

/// What `--bots` asks for.
#[derive(Clone, Debug)]
pub struct BotsConfig {
    /// One bot per entry (a level named twice: two bots).
    pub levels: Vec<Level>,
    /// The server's data directory: the bots' keys are in its `bots/`.
    pub dir: PathBuf,
    /// The server's searches at once (`--engine-searches`), shared with
    /// the SSH players when there are any.
    pub searches: usize,
}

/// The first connection number of the bots: far above the sockets'.
const FIRST_CONN: u64 = u64::MAX / 2;

/// Starts `members` on the current tokio runtime.
pub fn spawn(
    members: Vec<Member>,
    referee: SyncSender<Command>,
    slots: SearchSlots,
    cap: usize,
    outbox: usize,
) {
    let shared = Arc::new(Shared {
        referee,
        slots,
        playing: tokio::sync::watch::Sender::new(0),
        cap,
        outbox,
    });
    for (conn, member) in (FIRST_CONN..).zip(members) {
        tracing::info!(bot = %member.name, level = %member.level, "a bot joins the lobby");
        tokio::spawn(player::run(member, conn, Arc::clone(&shared)));
    }
}
