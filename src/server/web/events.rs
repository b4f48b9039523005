//! `/game/N/events`: the game's changes as Server-Sent Events. Each
//! event's data is the page's new `live` part (the board, the clocks, the
//! move list), drawn once per change and shared by every watcher; the
//! last, named `ended`, holds the result, and the stream closes. Streams
//! are counted per address ([`WebLimits`](super::limits::WebLimits)).

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::response::sse::{Event, KeepAlive, Sse};
use futures_util::Stream;
use tokio::sync::broadcast::error::RecvError;

use super::game_page::live_part;
use super::read::Reader;
use super::shown::ShownGame;
use crate::server::registry::Held;

/// How often an idle stream says it is alive (proxies close silent ones).
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// The last part drawn for each game, by what it shows: the number of
/// moves, the watchers and whether it ended.
#[derive(Default, Clone)]
pub struct Drawn(Arc<Mutex<Parts>>);

/// Each game's last part, by what it shows.
type Parts = HashMap<u64, (Shows, Arc<str>)>;

/// What a drawn part shows: its moves, its watchers, whether it ended.
type Shows = (usize, usize, bool);

impl Drawn {
    /// `shown`'s live part, drawn once for every watcher.
    fn part(&self, shown: &ShownGame) -> Arc<str> {
        let moves = shown.game.moves().len();
        let key = (moves, shown.live.map_or(0, |l| l.1), shown.result.is_some());
        let mut drawn = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((k, part)) = drawn.get(&shown.id)
            && *k == key
        {
            return Arc::clone(part);
        }
        let part: Arc<str> = live_part(shown, moves).into_string().into();
        if shown.result.is_some() {
            // An ended game draws no more.
            drawn.remove(&shown.id);
        } else {
            drawn.insert(shown.id, (key, Arc::clone(&part)));
        }
        part
    }
}

struct Following {
    reader: Reader,
    drawn: Drawn,
    game: u64,
    changes: tokio::sync::broadcast::Receiver<u64>,
    /// The stream's place in the count, given back when it ends.
    _held: Held,
    /// The part as the page opened with it is sent first, then each change.
    first: bool,
    done: bool,
}

impl Following {
    async fn next(mut self) -> Option<(Result<Event, Infallible>, Following)> {
        if self.done {
            return None;
        }
        if !self.first {
            loop {
                match self.changes.recv().await {
                    Ok(game) if game == self.game => break,
                    Ok(_) => {}
                    // Behind: read the game again, nothing is lost.
                    Err(RecvError::Lagged(_)) => break,
                    Err(RecvError::Closed) => return None,
                }
            }
        }
        self.first = false;
        let shown = match self.reader.game(self.game).await {
            Ok(Some(shown)) => shown,
            Ok(None) | Err(_) => return None,
        };
        let part = self.drawn.part(&shown);
        let mut event = Event::default().data(&*part);
        if shown.result.is_some() {
            event = event.event("ended");
            self.done = true;
        }
        Some((Ok(event), self))
    }
}

/// The event stream of `game`, for a page opened on it.
pub fn stream(
    reader: Reader,
    drawn: Drawn,
    game: u64,
    held: Held,
) -> Sse<impl Stream<Item = Result<Event, Infallible>>> {
    let following = Following {
        changes: reader.showcase.changes(),
        reader,
        drawn,
        game,
        _held: held,
        first: true,
        done: false,
    };
    let events = futures_util::stream::unfold(following, Following::next);
    Sse::new(events).keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
}
