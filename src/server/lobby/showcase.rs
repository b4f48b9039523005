//! What the lobby shows the public (the web pages, `crate::server::web`):
//! the games in progress here with their moves and clocks, the games list
//! and the open seeks, as the referee last published them, and a
//! broadcast of the games that changed. The referee writes it; readers
//! only copy out of it, so a slow page never holds the referee.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use tokio::sync::broadcast;

use crate::online::protocol::{GameState, GameSummary, SeekSummary};

/// Changes a slow reader may fall behind by before it skips to the
/// newest (a page then reads the game again: nothing is lost).
const CHANGES_KEPT: usize = 64;

#[derive(Default)]
struct Shown {
    /// The games in progress on this server, by number.
    games: BTreeMap<u64, GameState>,
    /// The games list the players see (this server's and the others').
    list: Vec<GameSummary>,
    /// The open seeks (challenges to one player are not shown).
    seeks: Vec<SeekSummary>,
}

/// A handle on what the lobby shows; cloned by the referee and the web.
#[derive(Clone)]
pub struct Showcase {
    shown: Arc<Mutex<Shown>>,
    changed: broadcast::Sender<u64>,
}

impl Default for Showcase {
    fn default() -> Showcase {
        Showcase {
            shown: Arc::default(),
            changed: broadcast::channel(CHANGES_KEPT).0,
        }
    }
}

impl Showcase {
    fn lock(&self) -> MutexGuard<'_, Shown> {
        self.shown.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A game in progress as it stands now, or as it ended (`result` set:
    /// then it leaves the showcase, the archive has it).
    pub(super) fn show_game(&self, state: GameState) {
        let game = state.game.0;
        {
            let mut shown = self.lock();
            if state.result.is_some() {
                shown.games.remove(&game);
            } else {
                shown.games.insert(game, state);
            }
        }
        // No one listening is no error.
        let _ = self.changed.send(game);
    }

    /// Every game in progress here, the games list and the open seeks.
    pub(super) fn show_lists(
        &self,
        games: Vec<GameState>,
        list: Vec<GameSummary>,
        seeks: Vec<SeekSummary>,
    ) {
        let mut shown = self.lock();
        shown.games = games.into_iter().map(|g| (g.game.0, g)).collect();
        shown.list = list;
        shown.seeks = seeks;
    }

    /// A game in progress on this server.
    pub fn game(&self, game: u64) -> Option<GameState> {
        self.lock().games.get(&game).cloned()
    }

    /// The games in progress (newest first) and the open seeks.
    pub fn lists(&self) -> (Vec<GameSummary>, Vec<SeekSummary>) {
        let shown = self.lock();
        (shown.list.clone(), shown.seeks.clone())
    }

    /// The numbers of the games that change from now on.
    pub fn changes(&self) -> broadcast::Receiver<u64> {
        self.changed.subscribe()
    }
}
