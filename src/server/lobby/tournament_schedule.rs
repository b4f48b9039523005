//! The operator's tournaments (`brique server --lobby --tournaments
//! FILE`, read by `tournament::file`): each made at start unless the same
//! one (by name, made by the file) is already to come or under way, and a
//! recurring one (`every`) made again, for its next start, when it
//! starts.

use super::referee::Referee;
use super::store_tournaments::{NewTournament, StoredTournament};
use super::tournament::Stage;
use super::tournament::file::{Scheduled, Start};

impl Referee {
    /// The same referee with the operator's tournaments scheduled.
    pub fn scheduling(mut self, file: Vec<Scheduled>) -> Referee {
        if self.me().is_some() && !file.is_empty() {
            tracing::warn!("a server among several runs no tournaments: --tournaments ignored");
            return self;
        }
        let now = self.now().1;
        for scheduled in file {
            let held = self.tournaments.held.values().find(|t| {
                t.new.creator.is_none()
                    && t.new.name == scheduled.name
                    && t.stage != Stage::Finished
            });
            let id = match held {
                Some(t) => Some(t.id),
                None => {
                    let starts_ms = match scheduled.start {
                        Start::After(ms) => now + ms,
                        Start::At(ms) => ms,
                    };
                    self.schedule(&scheduled, starts_ms)
                }
            };
            if let Some(id) = id
                && scheduled.every_ms.is_some()
            {
                self.tournaments.recurring.insert(id, scheduled);
            }
        }
        self
    }

    /// Makes the operator's tournament `scheduled`, starting at
    /// `starts_ms`; its number, unless the database failed (logged).
    fn schedule(&mut self, scheduled: &Scheduled, starts_ms: i64) -> Option<u64> {
        let new = NewTournament {
            name: scheduled.name.clone(),
            kind: scheduled.kind,
            creator: None,
            terms: scheduled.terms,
            rounds: scheduled.rounds,
            minutes: scheduled.minutes,
            starts_ms,
        };
        let now = self.now().1;
        match self.store.create_tournament(&new, now) {
            Ok(id) => {
                tracing::info!(id, name = %new.name, starts_ms, "a scheduled tournament was made");
                self.tournaments.held.insert(
                    id,
                    StoredTournament {
                        id,
                        new,
                        stage: Stage::Upcoming,
                        entries: Vec::new(),
                        rounds: Vec::new(),
                    },
                );
                self.tournaments.list_changed = true;
                Some(id)
            }
            Err(e) => {
                self.failed(&e);
                None
            }
        }
    }

    /// Tournament `id` starts: a recurring one is made again for its next
    /// start.
    pub(super) fn started_again(&mut self, id: u64) {
        let Some(scheduled) = self.tournaments.recurring.remove(&id) else {
            return;
        };
        let (Some(every), Some(t)) = (scheduled.every_ms, self.tournaments.held.get(&id)) else {
            return;
        };
        let next = t.new.starts_ms + every;
        if let Some(next) = self.schedule(&scheduled, next) {
            self.tournaments.recurring.insert(next, scheduled);
        }
    }
}
