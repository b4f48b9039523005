//! What the referee holds of its tournaments: each as the database holds
//! it (`store_tournaments`), kept in step with every write, and who
//! follows each one's page. The runtime that changes them is
//! `tournament_run`; the pages shown are built by `tournament_page`.

use std::collections::{BTreeMap, HashMap, HashSet};

use super::store::{Store, StoreError};
use super::store_tournaments::StoredTournament;
use super::tournament::Stage;
use super::tournament::file::Scheduled;

/// Finished tournaments kept (and listed) besides those to come and
/// under way.
pub const KEPT_FINISHED: u32 = 20;

/// Where a tournament's game sits: the tournament, the round's index in
/// its rounds, the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub tournament: u64,
    pub round: usize,
    pub board: usize,
}

#[derive(Default)]
pub struct Tournaments {
    pub held: BTreeMap<u64, StoredTournament>,
    /// A tournament's followers, by connection (its entrants are told
    /// without following).
    pub followers: HashMap<u64, HashSet<u64>>,
    /// The creators' names, by tournament (a tournament keeps its
    /// creator's key).
    pub creators: HashMap<u64, String>,
    /// The operator's recurring tournaments still to start, by number:
    /// made again when they start.
    pub recurring: HashMap<u64, Scheduled>,
    /// The list changed since it was last pushed.
    pub list_changed: bool,
}

impl Tournaments {
    /// The tournaments in `store`: those to come, those under way, and the
    /// latest finished.
    pub fn load(store: &mut Store) -> Result<Tournaments, StoreError> {
        let mut tournaments = Tournaments::default();
        for t in store.tournaments(KEPT_FINISHED)? {
            if let Some(key) = &t.new.creator
                && let Some(name) = store.name_of(key)?
            {
                tournaments.creators.insert(t.id, name);
            }
            tournaments.held.insert(t.id, t);
        }
        Ok(tournaments)
    }

    /// The tournament's board `game` is played on, if any.
    pub fn board_of(&self, game: u64) -> Option<Board> {
        self.held.values().find_map(|t| {
            t.rounds.iter().enumerate().find_map(|(round, r)| {
                r.pairings
                    .iter()
                    .position(|p| p.game == Some(game))
                    .map(|board| Board {
                        tournament: t.id,
                        round,
                        board,
                    })
            })
        })
    }

    /// Drops the oldest finished tournaments past [`KEPT_FINISHED`].
    pub fn forget_old(&mut self) {
        let finished: Vec<u64> = self
            .held
            .values()
            .filter(|t| t.stage == Stage::Finished)
            .map(|t| t.id)
            .collect();
        let keep = usize::try_from(KEPT_FINISHED).unwrap_or(usize::MAX);
        for id in finished.iter().take(finished.len().saturating_sub(keep)) {
            self.held.remove(id);
            self.followers.remove(id);
            self.creators.remove(id);
        }
    }
}
