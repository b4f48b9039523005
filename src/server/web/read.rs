//! What the pages read, and nothing else: the lobby's showcase (games in
//! progress, seeks) and its database through the lobby's store, on a
//! connection of the web's own, on tokio's blocking threads so that a
//! slow query never holds a page's task. Only look-ups: the web writes
//! nothing.

use std::sync::{Arc, Mutex, PoisonError};

use crate::core::Variant;
use crate::online::protocol::{FinishedGame, GameSummary, RatedPlayer, RatingPoint, SeekSummary};
use crate::server::lobby::{Showcase, Store, StoreError};

use super::shown::ShownGame;

/// Players each leaderboard shows on the front page.
pub const FRONT_LEADERS: usize = 5;

/// Why a page could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("the look-up stopped before it answered")]
    Stopped,
}

/// A game in progress with its players' ratings in its variant.
pub struct ListedGame {
    pub summary: GameSummary,
    /// Black's and White's ratings, rounded.
    pub ratings: [i64; 2],
    /// The clocks, `None` for a game on another server.
    pub clocks: Option<[u64; 2]>,
}

pub struct FrontPage {
    pub games: Vec<ListedGame>,
    pub seeks: Vec<SeekSummary>,
    pub leaders: Vec<(Variant, Vec<RatedPlayer>)>,
}

pub struct PlayerPage {
    pub name: String,
    pub ratings: Vec<RatedPlayer>,
    pub history: Vec<RatingPoint>,
    pub games: Vec<FinishedGame>,
}

#[derive(Clone)]
pub struct Reader {
    store: Arc<Mutex<Store>>,
    pub showcase: Showcase,
}

impl Reader {
    pub fn new(store: Store, showcase: Showcase) -> Reader {
        Reader {
            store: Arc::new(Mutex::new(store)),
            showcase,
        }
    }

    /// Runs `look` on the store on a blocking thread.
    async fn look<T: Send + 'static>(
        &self,
        look: impl FnOnce(&mut Store) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, ReadError> {
        let store = Arc::clone(&self.store);
        tokio::task::spawn_blocking(move || {
            let mut store = store.lock().unwrap_or_else(PoisonError::into_inner);
            look(&mut store)
        })
        .await
        .map_err(|_| ReadError::Stopped)?
        .map_err(ReadError::from)
    }

    pub async fn front(&self) -> Result<FrontPage, ReadError> {
        let (list, seeks) = self.showcase.lists();
        let clocks: Vec<Option<[u64; 2]>> = list
            .iter()
            .map(|g| {
                self.showcase
                    .game(g.game.0)
                    .map(|s| [s.clocks.black_ms, s.clocks.white_ms])
            })
            .collect();
        self.look(move |store| {
            let mut games = Vec::new();
            for (summary, clocks) in list.into_iter().zip(clocks) {
                let variant = summary.terms.variant;
                let mut ratings = [0; 2];
                for (rating, name) in ratings.iter_mut().zip([&summary.black, &summary.white]) {
                    if let Some((key, _)) = store.find(name)? {
                        *rating = store.rating(&key, variant)?.rating.rating.round() as i64;
                    }
                }
                games.push(ListedGame {
                    summary,
                    ratings,
                    clocks,
                });
            }
            let mut leaders = Vec::new();
            for variant in Variant::ALL {
                let mut top = store.leaderboard(variant)?;
                top.truncate(FRONT_LEADERS);
                leaders.push((variant, top));
            }
            Ok(FrontPage {
                games,
                seeks,
                leaders,
            })
        })
        .await
    }

    /// Game `id`, in progress here or finished; `None` if neither.
    pub async fn game(&self, id: u64) -> Result<Option<ShownGame>, ReadError> {
        if let Some(live) = self.showcase.game(id).as_ref().and_then(ShownGame::live) {
            return Ok(Some(live));
        }
        let record = self.record(id).await?;
        Ok(record.and_then(|record| ShownGame::finished(id, record)))
    }

    /// A finished game's record, as the archive keeps it.
    pub async fn record(&self, id: u64) -> Result<Option<String>, ReadError> {
        self.look(move |store| store.record(id)).await
    }

    /// The player called `name`; `None` for a name nobody has.
    pub async fn player(&self, name: String) -> Result<Option<PlayerPage>, ReadError> {
        self.look(move |store| {
            let Some((key, name)) = store.find(&name)? else {
                return Ok(None);
            };
            let (ratings, history) = store.ratings(&key)?;
            let games = store.archive(&key)?;
            Ok(Some(PlayerPage {
                name,
                ratings,
                history,
                games,
            }))
        })
        .await
    }

    /// Each variant's leaderboard, best first.
    pub async fn leaderboards(&self) -> Result<Vec<(Variant, Vec<RatedPlayer>)>, ReadError> {
        self.look(|store| {
            Variant::ALL
                .into_iter()
                .map(|v| Ok((v, store.leaderboard(v)?)))
                .collect()
        })
        .await
    }
}
