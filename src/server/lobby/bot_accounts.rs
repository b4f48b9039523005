//! Bot accounts: a key declares itself a bot when it registers (its
//! `ClientHello`'s `bot`), and stays one; a key that registered as a
//! person stays a person, whatever it says later (docs/protocol.md,
//! "Bots"). The referee keeps the bots' keys at hand, to mark them in
//! every list, and keeps two bots from meeting on their own.

use std::collections::HashSet;

use super::db::values;
use super::referee::Referee;
use super::refusal::AskRefusal;
use super::store::{Store, StoreError};
use crate::online::protocol::GameSummary;

impl Store {
    /// The name of the player with `key` and whether it is a bot, if the
    /// server knows it.
    pub fn player(&mut self, key: &str) -> Result<Option<(String, bool)>, StoreError> {
        self.db
            .query_first(
                "SELECT name, bot FROM players WHERE key = ?1",
                &values![key],
            )?
            .map(|r| Ok((r.text(0)?, r.int(1)? != 0)))
            .transpose()
    }

    /// Every bot's key.
    pub fn bot_keys(&mut self) -> Result<HashSet<String>, StoreError> {
        let rows = self
            .db
            .query("SELECT key FROM players WHERE bot != 0", &[])?;
        rows.iter().map(|r| r.text(0)).collect()
    }
}

impl Referee {
    /// Whether a game between `a` and `b` may start: never two bots on
    /// their own, and a bot of this server's only while its bots play
    /// fewer than `bot_games` games.
    pub(super) fn bots_may_play(&self, a: &str, b: &str) -> Result<(), AskRefusal> {
        if self.is_bot(a) && self.is_bot(b) {
            return Err(AskRefusal::BotsDoNotMeet);
        }
        let cap = self.limits.bot_games;
        if (self.house.contains(a) || self.house.contains(b)) && self.house_games() >= cap {
            return Err(AskRefusal::BotsBusy(cap));
        }
        Ok(())
    }

    /// The games this server's bots play now.
    fn house_games(&self) -> usize {
        self.games
            .values()
            .filter(|g| g.keys.iter().any(|k| self.house.contains(k)))
            .count()
    }

    /// Whether `key` is a bot's.
    pub(super) fn is_bot(&self, key: &str) -> bool {
        self.bots.contains(key)
    }

    /// Reads the bots' keys again (another server may have registered one).
    pub(super) fn reload_bots(&mut self) {
        match self.store.bot_keys() {
            Ok(keys) => self.bots = keys,
            Err(e) => {
                self.failed(&e);
            }
        }
    }
}

impl Referee {
    /// `summary` of a game between `keys` (named `names`, in that order)
    /// with its bots marked.
    pub(super) fn mark_bots(
        &self,
        mut summary: GameSummary,
        keys: &[String; 2],
        names: &[String; 2],
    ) -> GameSummary {
        let bot_named = |name: &str| (0..2).any(|i| names[i] == name && self.is_bot(&keys[i]));
        summary.black_bot = bot_named(&summary.black);
        summary.white_bot = bot_named(&summary.white);
        summary
    }
}
