//! A game's end: its record and result into the archive and, for a rated
//! game, both players' new Glicko-2 ratings (one per rules variant), all
//! in one transaction; then the players and watchers are told.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, glicko2};

use super::game::Ending;
use super::referee::{Referee, now};
use super::store::{Finish, Rated};
use crate::online::protocol::{FromServer, Push, RatingChange};

impl Referee {
    /// Ends `game` so, keeping it in the archive; the game stays in play
    /// when the database cannot take it.
    pub(super) fn end(&mut self, game: u64, ending: Ending) -> Result<(), String> {
        let Some(live) = self.games.get(&game) else {
            return Err(format!("no game {game} is in progress"));
        };
        let (record, result) = live.record(ending);
        let winner = live.winner(ending);
        let keys = live.keys.clone();
        let names = live.names.clone();
        let terms = live.terms;
        let ratings = if terms.rated {
            let before = [
                self.store.rating(&keys[0], terms.variant),
                self.store.rating(&keys[1], terms.variant),
            ];
            let [Ok(one), Ok(two)] = before else {
                let e = before.into_iter().find_map(Result::err);
                return Err(e.map_or_else(String::new, |e| self.failed(&e)));
            };
            let outcome = if winner == 0 {
                Outcomes::WIN
            } else {
                Outcomes::LOSS
            };
            let (a, b) = glicko2(&one.rating, &two.rating, &outcome, &Glicko2Config::new());
            Some([
                (
                    one,
                    Rated {
                        rating: a,
                        games: one.games + 1,
                    },
                ),
                (
                    two,
                    Rated {
                        rating: b,
                        games: two.games + 1,
                    },
                ),
            ])
        } else {
            None
        };
        let finish = Finish {
            game,
            result: &result,
            record: &record,
            ended_ms: now().1,
            ratings: ratings.map(|[(_, a), (_, b)]| [(keys[0].as_str(), a), (keys[1].as_str(), b)]),
            variant: terms.variant,
        };
        if let Err(e) = self.store.finish(&finish) {
            return Err(self.failed(&e));
        }
        let changes = ratings
            .map(|pairs| {
                pairs
                    .iter()
                    .zip(&names)
                    .map(|((before, after), name)| RatingChange {
                        name: name.clone(),
                        before: before.rating.rating,
                        after: after.rating.rating,
                    })
                    .collect()
            })
            .unwrap_or_default();
        tracing::debug!(game, %result, "a game ended");
        let ended = FromServer::Push(Push::Ended {
            game,
            result,
            ratings: changes,
        });
        self.tell_game(game, &ended);
        if let Some(live) = self.games.remove(&game) {
            for conn in live.watchers {
                if let Some(c) = self.conns.get_mut(&conn) {
                    c.watching.remove(&game);
                }
            }
        }
        self.dirty.games = true;
        Ok(())
    }
}
