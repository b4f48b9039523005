//! What the two players of a game say to each other, and whether the
//! other is there: a chat line is cleaned, rate-limited per key
//! (`chat_per_minute`, `chat_burst`), stored with the game and told to
//! both players only (watchers do not chat, as on lichess). A player whose
//! last connection closes is told to the other, and again when back:
//! their clock runs on meanwhile, so it is the time they have to return.

use std::time::Instant;

use super::referee::{Referee, now};
use super::refusal::AskRefusal;
use crate::net::{CHAT_CHARS, clean};
use crate::online::protocol::{Answer, FromServer, GameId, Push};

impl Referee {
    pub(super) fn chat(&mut self, key: &str, game: u64, text: &str) -> Result<Answer, AskRefusal> {
        let live = self.games.get(&game).ok_or(AskRefusal::NoGame(game))?;
        let seat = live.seat(key).ok_or(AskRefusal::WatchersDoNotChat)?;
        let from = live.names[seat].clone();
        let text = clean(text, CHAT_CHARS);
        if text.is_empty() {
            return Err(AskRefusal::EmptyChat);
        }
        // A line forwarded from another server was counted there.
        if self.keys.contains_key(key)
            && let Some(why) = self.chat_refused(key)
        {
            return Err(why);
        }
        // Kept with the game before anyone reads it, as moves are.
        if let Err(e) = self.store.add_chat(game, key, &text, now().1) {
            return Err(self.failed(&e));
        }
        self.tell_players(
            game,
            &FromServer::Push(Push::Chat {
                game: GameId(game),
                from,
                text,
            }),
        );
        Ok(Answer::Done)
    }

    /// Why `key` may not send a chat line now, if it may not (its
    /// connections here count it).
    pub(super) fn chat_refused(&mut self, key: &str) -> Option<AskRefusal> {
        let per_minute = self.limits.chat_per_minute;
        let state = self.keys.get_mut(key)?;
        if state.chat.try_take(Instant::now()) {
            return None;
        }
        Some(AskRefusal::ChatRate(per_minute))
    }

    /// Tells the other player of each of `key`'s games in progress that
    /// `key` left (`here` false: its last connection closed) or is back.
    pub(super) fn presence(&mut self, key: &str, here: bool) {
        let told: Vec<(u64, String, String)> = self
            .games
            .values()
            .filter_map(|g| {
                let seat = g.seat(key)?;
                Some((g.id, g.names[seat].clone(), g.keys[1 - seat].clone()))
            })
            .collect();
        for (game, name, other) in told {
            let push = FromServer::Push(Push::Presence {
                game: GameId(game),
                name,
                here,
            });
            self.tell_key(&other, &push);
        }
    }

    /// Tells `conn`, a player opening `game`, if the other player is away.
    pub(super) fn tell_absent(&mut self, conn: u64, key: &str, game: u64) {
        let Some(live) = self.games.get(&game) else {
            return;
        };
        let Some(seat) = live.seat(key) else { return };
        let other = &live.keys[1 - seat];
        if !self.keys.contains_key(other) && !self.online_elsewhere(other) {
            let name = live.names[1 - seat].clone();
            let push = Push::Presence {
                game: GameId(game),
                name,
                here: false,
            };
            self.send(conn, &FromServer::Push(push));
        }
    }
}
