//! Take-backs, as on lichess: a player asks to take back their last move
//! (and the other's answer after it, if made), the other accepts or
//! declines; accepted, the server undoes those moves in the game and the
//! store, and sets each clock back to what it was before them. One request
//! waits at a time in a game, each player may make `takebacks_per_game`,
//! and a move answers a waiting one with no. Rated games too: both agree.

use super::referee::Referee;
use super::refusal::AskRefusal;
use crate::online::protocol::{Answer, FromServer, GameId, Push};

impl Referee {
    pub(super) fn ask_takeback(&mut self, key: &str, game: u64) -> Result<Answer, AskRefusal> {
        let most = self.limits.takebacks_per_game;
        let live = self.games.get_mut(&game).ok_or(AskRefusal::NoGame(game))?;
        let seat = live.seat(key).ok_or(AskRefusal::NotYourGame)?;
        if live.takeback.is_some() {
            return Err(AskRefusal::TakebackWaits);
        }
        if live.takeback_plies(seat) == 0 {
            return Err(AskRefusal::NothingToTakeBack);
        }
        if live.takebacks[seat] >= most {
            return Err(AskRefusal::TooManyTakebacks(most));
        }
        live.takebacks[seat] += 1;
        live.takeback = Some(seat);
        let by = live.names[seat].clone();
        self.tell_players(
            game,
            &FromServer::Push(Push::Takeback {
                game: GameId(game),
                by,
            }),
        );
        Ok(Answer::Done)
    }

    pub(super) fn answer_takeback(
        &mut self,
        key: &str,
        game: u64,
        yes: bool,
    ) -> Result<Answer, AskRefusal> {
        let live = self.games.get_mut(&game).ok_or(AskRefusal::NoGame(game))?;
        let seat = live.seat(key).ok_or(AskRefusal::NotYourGame)?;
        let asker = match live.takeback {
            Some(asker) if asker != seat => asker,
            _ => return Err(AskRefusal::NoTakebackToAnswer),
        };
        live.takeback = None;
        let by = live.names[asker].clone();
        let plies = live.takeback_plies(asker);
        if !yes || plies == 0 {
            self.tell_players(
                game,
                &FromServer::Push(Push::TakebackDeclined {
                    game: GameId(game),
                    by,
                }),
            );
            return Ok(Answer::Done);
        }
        let keep = live.game.history().len() - plies;
        // Out of the store first: a take-back told is a take-back kept.
        if let Err(e) = self.store.take_back(game, keep) {
            return Err(self.failed(&e));
        }
        let now = self.now();
        let live = self.games.get_mut(&game).ok_or(AskRefusal::NoGame(game))?;
        live.take_back(plies, now);
        let state = live.state(now);
        self.tell_game(game, &FromServer::Push(Push::TakenBack { state }));
        Ok(Answer::Done)
    }
}
