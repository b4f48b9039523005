//! A game's end: its record and result into the archive and, for a rated
//! game, the players' new Glicko-2 ratings (one per rules variant), all
//! in one transaction; then the players and watchers are told. A game
//! ended before each side moved is aborted, unrated; a provisional key's
//! results do not move an established opponent's rating.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, glicko2};

use super::game::Ending;
use super::referee::Referee;
use super::refusal::AskRefusal;
use super::store::{Finish, Rated, StoreError};
use crate::online::protocol::{FromServer, GameId, Push, RatingChange};

/// Finished games with moves (not aborted) a key needs before its rated
/// results move its opponents' ratings.
pub const GAMES_TO_COUNT: u32 = 3;

impl Referee {
    /// Ends `game` so, keeping it in the archive; the game stays in play
    /// when the database cannot take it.
    pub(super) fn end(&mut self, game: u64, ending: Ending) -> Result<(), AskRefusal> {
        let Some(live) = self.games.get(&game) else {
            return Err(AskRefusal::NoGame(game));
        };
        let (record, result) = live.record(ending);
        let winner = live.winner(ending);
        let keys = live.keys.clone();
        let names = live.names.clone();
        let terms = live.terms;
        let plies = live.game.history().len();
        let ratings = if terms.rated && !live.aborted(ending) {
            match self.new_ratings(&keys, terms.variant, winner) {
                Ok(ratings) => ratings,
                Err(e) => return Err(self.failed(&e)),
            }
        } else {
            Vec::new()
        };
        let finish = Finish {
            game,
            result: &result.to_string(),
            record: &record,
            ended_ms: self.now().1,
            ratings: ratings
                .iter()
                .map(|&(seat, _, after)| (keys[seat].as_str(), after))
                .collect(),
            variant: terms.variant,
            owner: self.me(),
        };
        if let Err(e) = self.store.finish(&finish) {
            return Err(self.lost_or_failed(game, &e));
        }
        let changes = ratings
            .iter()
            .map(|&(seat, before, after)| RatingChange {
                name: names[seat].clone(),
                before: before.rating.rating,
                after: after.rating.rating,
            })
            .collect();
        tracing::debug!(game, %result, "a game ended");
        let ended = FromServer::Push(Push::Ended {
            game: GameId(game),
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
        self.tournament_game_ended(game, &keys, winner, ending, plies);
        Ok(())
    }

    /// The ratings a rated game's end changes: (seat, before, after) for
    /// each player whose rating moves. A key that has not yet finished
    /// [`GAMES_TO_COUNT`] games with moves is provisional: its own rating
    /// moves, but its results do not move an established opponent's, so
    /// that throwaway keys cannot lift (or sink) a player.
    fn new_ratings(
        &mut self,
        keys: &[String; 2],
        variant: crate::core::Variant,
        winner: usize,
    ) -> Result<Vec<(usize, Rated, Rated)>, StoreError> {
        let before = [
            self.store.rating(&keys[0], variant)?,
            self.store.rating(&keys[1], variant)?,
        ];
        let established = [
            self.store.games_with_moves(&keys[0])? >= GAMES_TO_COUNT,
            self.store.games_with_moves(&keys[1])? >= GAMES_TO_COUNT,
        ];
        let outcome = if winner == 0 {
            Outcomes::WIN
        } else {
            Outcomes::LOSS
        };
        let (one, two) = glicko2(
            &before[0].rating,
            &before[1].rating,
            &outcome,
            &Glicko2Config::new(),
        );
        Ok([one, two]
            .into_iter()
            .enumerate()
            .filter(|&(seat, _)| !established[seat] || established[1 - seat])
            .map(|(seat, rating)| {
                let after = Rated {
                    rating,
                    games: before[seat].games + 1,
                };
                (seat, before[seat], after)
            })
            .collect())
    }
}
