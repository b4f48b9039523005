//! Take-backs, as on lichess: a player asks to take back their last move
//! (and the other's answer after it, if made), the other accepts or
//! declines; accepted, the server undoes those moves in the game and the
//! store, and sets each clock back to what it was before them. One request
//! waits at a time in a game, each player may make `takebacks_per_game`,
//! and a move answers a waiting one with no. Rated games too: both agree.

use super::asks::no_game;
use super::referee::Referee;
use crate::online::protocol::{Answer, FromServer, GameId, Push};

impl Referee {
    pub(super) fn ask_takeback(&mut self, key: &str, game: u64) -> Result<Answer, String> {
        let most = self.limits.takebacks_per_game;
        let live = self.games.get_mut(&game).ok_or_else(|| no_game(game))?;
        let seat = live.seat(key).ok_or("you do not play in this game")?;
        if live.takeback.is_some() {
            return Err("a take-back request already waits for an answer".into());
        }
        if live.takeback_plies(seat) == 0 {
            return Err("you have no move to take back".into());
        }
        if live.takebacks[seat] >= most {
            return Err(format!("at most {most} take-back requests in a game"));
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
    ) -> Result<Answer, String> {
        let live = self.games.get_mut(&game).ok_or_else(|| no_game(game))?;
        let seat = live.seat(key).ok_or("you do not play in this game")?;
        let asker = match live.takeback {
            Some(asker) if asker != seat => asker,
            _ => return Err("no take-back request waits for your answer".into()),
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
        let live = self.games.get_mut(&game).ok_or_else(|| no_game(game))?;
        live.take_back(plies, now);
        let state = live.state(now);
        self.tell_game(game, &FromServer::Push(Push::TakenBack { state }));
        Ok(Answer::Done)
    }
}
