//! Between servers over one PostgreSQL (docs/server.md, "Several
//! servers"): the events one writes for the others (pushes, requests
//! forwarded to a game's owner, their answers), read in the order they
//! were committed; and the requests about games refereed elsewhere.

use std::time::Instant;

use super::cluster_state::{Event, FORWARD_WAIT, Forwarded, game_of};
use super::referee::Referee;
use super::refusal::AskRefusal;
use crate::online::protocol::{Ask, FromServer, Push, Reply, Request};

impl Referee {
    /// Writes `event` for the other servers, or for server `to`.
    pub(super) fn publish(&mut self, to: Option<i64>, event: &Event) {
        let Some(me) = self.me() else { return };
        let Ok(body) = serde_json::to_string(event) else {
            return;
        };
        let now = self.now().1;
        if let Err(e) = self.store.add_event(me, to, &body, now) {
            self.failed(&e);
        }
    }

    /// Tells the other servers' connections of `keys` (and watchers of
    /// `game`) `message`, when there are other servers.
    pub(super) fn tell_elsewhere(
        &mut self,
        keys: &[String],
        game: Option<u64>,
        message: &FromServer,
    ) {
        if self.cluster.as_ref().is_none_or(|c| c.peers == 0) {
            return;
        }
        let event = Event::Tell {
            keys: keys.to_vec(),
            game,
            message: message.clone(),
        };
        self.publish(None, &event);
    }

    pub(super) fn read_events(&mut self) {
        loop {
            let Some(c) = &self.cluster else { return };
            let (me, after) = (c.me, c.last_seq);
            let events = match self.store.events_after(me, after) {
                Ok(events) => events,
                Err(e) => return drop(self.failed(&e)),
            };
            let full = events.len() >= 1000;
            for row in events {
                if let Some(c) = &mut self.cluster {
                    c.last_seq = row.seq;
                }
                match serde_json::from_str::<Event>(&row.body) {
                    Ok(event) => self.on_event(row.from, event),
                    Err(e) => {
                        tracing::warn!(seq = row.seq, "an event this server cannot read: {e}")
                    }
                }
            }
            if !full {
                return;
            }
        }
    }

    fn on_event(&mut self, from: i64, event: Event) {
        match event {
            Event::Tell {
                keys,
                game,
                message,
            } => self.deliver(&keys, game, &message),
            Event::Lists => {
                if let Some(c) = &mut self.cluster {
                    c.stale = true;
                }
            }
            Event::Ask {
                conn,
                key,
                name,
                request,
            } => {
                let answer = match game_of(&request.ask) {
                    Some(game) if self.games.contains_key(&game) => {
                        self.answer(None, &key, name, request.ask)
                    }
                    _ => Err(AskRefusal::GameMoved),
                };
                // The wire carries the refusal's words.
                let answer = answer.map_err(|e| e.to_string());
                let reply = Reply {
                    id: request.id,
                    answer,
                };
                self.publish(Some(from), &Event::Answer { conn, reply });
            }
            Event::Answer { conn, reply } => {
                if let Some(c) = &mut self.cluster {
                    c.forwarded
                        .retain(|f| !(f.conn == conn && f.request.id == reply.id));
                }
                self.send(conn, &FromServer::Reply(reply));
            }
        }
    }

    /// Sends `message` to this server's connections of `keys` and its
    /// watchers of `game`.
    fn deliver(&mut self, keys: &[String], game: Option<u64>, message: &FromServer) {
        let mut to: Vec<u64> = Vec::new();
        for key in keys {
            if let Some(state) = self.keys.get(key) {
                to.extend(&state.conns);
            }
        }
        if let (Some(game), Some(c)) = (game, &mut self.cluster) {
            if let Some(watching) = c.watching.get(&game) {
                to.extend(watching);
            }
            if let FromServer::Push(Push::Ended { .. }) = message {
                c.watching.remove(&game);
                c.stale = true;
            }
        }
        to.sort_unstable();
        to.dedup();
        for conn in to {
            self.send(conn, message);
        }
    }

    /// Whether `request` from `conn` went to another server, the owner of
    /// its game; a game whose owner is gone is taken over here first.
    pub(super) fn forwarded(
        &mut self,
        conn: u64,
        key: &str,
        name: &Option<String>,
        request: &Request,
    ) -> bool {
        let Some(game) = game_of(&request.ask) else {
            return false;
        };
        if self.cluster.is_none() || self.games.contains_key(&game) {
            return false;
        }
        self.claim(Some(game));
        if self.games.contains_key(&game) {
            return false;
        }
        let owner = match self.store.owner_of(game) {
            Ok(Some(owner)) if Some(owner) != self.me() => owner,
            // No game in progress (answered here), or a failure.
            _ => return false,
        };
        if let Ask::Chat { .. } = request.ask
            && let Some(why) = self.chat_refused(key)
        {
            let reply = Reply {
                id: request.id,
                answer: Err(why.to_string()),
            };
            self.send(conn, &FromServer::Reply(reply));
            return true;
        }
        let event = Event::Ask {
            conn,
            key: key.to_string(),
            name: name.clone(),
            request: request.clone(),
        };
        self.publish(Some(owner), &event);
        if let Some(c) = &mut self.cluster {
            if let Ask::Watch { .. } = request.ask {
                c.watching.entry(game).or_default().insert(conn);
            }
            c.forwarded.push(Forwarded {
                conn,
                game,
                request: request.clone(),
                key: key.to_string(),
                name: name.clone(),
                since: Instant::now(),
            });
        }
        true
    }

    /// A connection gone: it watches nothing elsewhere any more.
    pub(super) fn cluster_gone(&mut self, conn: u64) {
        if let Some(c) = &mut self.cluster {
            for watching in c.watching.values_mut() {
                watching.remove(&conn);
            }
            c.forwarded.retain(|f| f.conn != conn);
        }
    }

    /// Requests whose owner died before answering: answered here if this
    /// server took the game over, else refused once they waited too long.
    pub(super) fn forwards_timed_out(&mut self) {
        let Some(c) = &mut self.cluster else { return };
        let games = &self.games;
        let (due, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut c.forwarded)
            .into_iter()
            .partition(|f| games.contains_key(&f.game) || f.since.elapsed() >= FORWARD_WAIT);
        c.forwarded = kept;
        for f in due {
            let answer = if self.games.contains_key(&f.game) {
                self.answer(Some(f.conn), &f.key, f.name, f.request.ask)
            } else {
                Err(AskRefusal::OwnerSilent)
            };
            let answer = answer.map_err(|e| e.to_string());
            let reply = Reply {
                id: f.request.id,
                answer,
            };
            self.send(f.conn, &FromServer::Reply(reply));
        }
    }
}
