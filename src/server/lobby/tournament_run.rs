//! The referee runs its tournaments (docs/server.md, "Tournaments"): at
//! its start the referee pairs a swiss's rounds one after another
//! (`swiss::pair`), each game a lobby game on the tournament's terms,
//! refereed, timed and stored as any other; when the last game of a round
//! ends the next is paired, after the last round it is finished. Every
//! change is written when it happens, so a server started again goes on
//! with the round. The asks that make and enter them: `tournament_asks`;
//! arenas: `tournament_arena`.

use super::game::{Ending, LiveGame};
use super::referee::Referee;
use super::store_tournaments::{StoredPairing, StoredRound};
use super::tournament::{Kind, Stage, swiss};
use super::tournament_page::swiss_history;
use crate::online::protocol::{FromServer, GameId, Push};
use crate::online::tournaments::TournamentId;

/// Games an entrant may lose without a move before being withdrawn.
pub const MISSED_TO_WITHDRAW: u32 = 2;

impl Referee {
    /// Starts what is due, pairs the rounds due, finishes what is over;
    /// pushes the list when it changed.
    pub(super) fn tournaments_tick(&mut self) {
        if self.me().is_some() {
            return;
        }
        let now = self.now().1;
        let due: Vec<(u64, Stage)> = self
            .tournaments
            .held
            .values()
            .filter(|t| {
                t.stage == Stage::Running || (t.stage == Stage::Upcoming && t.new.starts_ms <= now)
            })
            .map(|t| (t.id, t.stage))
            .collect();
        for (id, stage) in due {
            if stage == Stage::Upcoming {
                self.set_stage(id, Stage::Running);
                self.started_again(id);
            }
            self.advance(id);
        }
        if std::mem::take(&mut self.tournaments.list_changed) {
            self.tournaments.forget_old();
            let push = FromServer::Push(Push::Tournaments {
                tournaments: self.tournament_list(),
            });
            let conns: Vec<u64> = self.conns.keys().copied().collect();
            for conn in conns {
                self.send(conn, &push);
            }
        }
    }

    pub(super) fn set_stage(&mut self, id: u64, stage: Stage) {
        if let Err(e) = self.store.set_stage(id, stage) {
            // Logged; the next tick tries again.
            self.failed(&e);
            return;
        }
        if let Some(t) = self.tournaments.held.get_mut(&id) {
            t.stage = stage;
        }
        tracing::info!(id, %stage, "a tournament moved on");
        self.tournament_changed(id);
    }

    /// A running swiss: starts the games of its round not yet started (a
    /// restart between a round's pairing and its games), pairs the next
    /// round once every game of the last one has ended, and finishes after
    /// its last round or when fewer than two players are left.
    fn advance(&mut self, id: u64) {
        let Some(t) = self.tournaments.held.get(&id) else {
            return;
        };
        if t.new.kind == Kind::Arena {
            self.advance_arena(id);
            return;
        }
        let unstarted: Vec<(usize, usize)> = t
            .rounds
            .iter()
            .enumerate()
            .flat_map(|(r, round)| {
                round
                    .pairings
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| p.game.is_none() && !p.finished)
                    .map(move |(b, _)| (r, b))
            })
            .collect();
        if !unstarted.is_empty() {
            for (round, board) in unstarted {
                self.start_board(id, round, board);
            }
            return;
        }
        let round_over = t
            .rounds
            .last()
            .is_none_or(|r| r.pairings.iter().all(|p| p.finished));
        if !round_over {
            return;
        }
        let players: Vec<_> = t
            .entries
            .iter()
            .filter(|e| !e.withdrawn)
            .map(|e| e.seat)
            .collect();
        let played = u32::try_from(t.rounds.len()).unwrap_or(u32::MAX);
        if played >= t.new.rounds.unwrap_or(0) || players.len() < 2 {
            self.set_stage(id, Stage::Finished);
            return;
        }
        let paired = swiss::pair(&players, &swiss_history(t));
        let round = played + 1;
        let now = self.now().1;
        if let Err(e) = self
            .store
            .add_round(id, round, paired.bye, &paired.pairings, now)
        {
            self.failed(&e);
            return;
        }
        tracing::info!(id, round, "a tournament's round is paired");
        if let Some(t) = self.tournaments.held.get_mut(&id) {
            t.rounds.push(StoredRound {
                round,
                bye: paired.bye,
                started_ms: now,
                pairings: paired
                    .pairings
                    .iter()
                    .map(|&pairing| StoredPairing {
                        pairing,
                        game: None,
                        finished: false,
                        winner: None,
                        finished_ms: None,
                    })
                    .collect(),
            });
        }
        let index = usize::try_from(played).unwrap_or(usize::MAX);
        for board in 0..paired.pairings.len() {
            self.start_board(id, index, board);
        }
        self.tournament_changed(id);
    }

    /// Starts the game of one board: a lobby game on the tournament's
    /// terms, White and Black as paired; both players are told `paired`,
    /// then `started`.
    pub(super) fn start_board(&mut self, id: u64, round: usize, board: usize) {
        let Some(t) = self.tournaments.held.get(&id) else {
            return;
        };
        let Some((number, pairing)) = t
            .rounds
            .get(round)
            .and_then(|r| Some((r.round, r.pairings.get(board)?.pairing)))
        else {
            return;
        };
        let entry = |seat| t.entries.iter().find(|e| e.seat == seat);
        let (Some(white), Some(black)) = (entry(pairing.white), entry(pairing.black)) else {
            return;
        };
        let keys = [white.key.clone(), black.key.clone()];
        let names = [white.name.clone(), black.name.clone()];
        let (terms, title) = (t.new.terms, t.new.name.clone());
        let now = self.now();
        // Player 1 holds White, player 2 Black.
        let mut live = match LiveGame::new(0, keys.clone(), names.clone(), 2, terms, now) {
            Ok(live) => live,
            Err(e) => {
                tracing::error!(id, "a tournament's terms: {e}");
                return;
            }
        };
        let stored = self
            .store
            .new_game(
                [&keys[0], &keys[1]],
                [&names[0], &names[1]],
                2,
                &terms,
                now.1,
            )
            .and_then(|game| {
                let board32 = u32::try_from(board).unwrap_or(u32::MAX);
                self.store.set_pairing_game(id, number, board32, game)?;
                Ok(game)
            });
        let game = match stored {
            Ok(game) => game,
            Err(e) => {
                // Logged; the next tick starts it.
                self.failed(&e);
                return;
            }
        };
        live.id = game;
        if let Some(p) = self
            .tournaments
            .held
            .get_mut(&id)
            .and_then(|t| t.rounds.get_mut(round)?.pairings.get_mut(board))
        {
            p.game = Some(game);
        }
        let state = live.state(now);
        self.games.insert(game, live);
        self.dirty.games = true;
        let paired = FromServer::Push(Push::Paired {
            tournament: TournamentId(id),
            name: title,
            round: number,
            game: GameId(game),
        });
        let started = FromServer::Push(Push::Started { state });
        for key in &keys {
            self.tell_key(key, &paired);
            self.tell_key(key, &started);
        }
    }

    /// A game ended (stored already): if it was a tournament's, its
    /// pairing is finished with `winner` (a key); `missed`: the loser
    /// made no move, and two such games withdraw them. A swiss's next round
    /// is paired at the next tick; an arena pairs its free players at once.
    pub(super) fn tournament_game_ended(
        &mut self,
        game: u64,
        keys: &[String; 2],
        winner: usize,
        ending: Ending,
        plies: usize,
    ) {
        let Some(at) = self.tournaments.board_of(game) else {
            return;
        };
        let Some(t) = self.tournaments.held.get(&at.tournament) else {
            return;
        };
        let seat_of = |key: &str| t.entries.iter().find(|e| e.key == key).map(|e| e.seat);
        let (Some(won), Some(lost)) = (seat_of(&keys[winner]), seat_of(&keys[1 - winner])) else {
            return;
        };
        let now = self.now().1;
        if let Err(e) = self.store.finish_pairing(game, Some(won), now) {
            self.failed(&e);
            return;
        }
        if let Some(p) = self
            .tournaments
            .held
            .get_mut(&at.tournament)
            .and_then(|t| t.rounds.get_mut(at.round)?.pairings.get_mut(at.board))
        {
            p.finished = true;
            p.winner = Some(won);
            p.finished_ms = Some(now);
        }
        // Lost on time (or by no first move) before a move of one's own:
        // the loser did not turn up.
        let missed = matches!(ending, Ending::Time | Ending::NoFirstMove) && plies < 2;
        if missed {
            match self.store.add_missed(at.tournament, lost) {
                Ok(count) => {
                    self.entry_mut(at.tournament, lost, |e| e.missed = count);
                    if count >= MISSED_TO_WITHDRAW {
                        match self.store.set_withdrawn(at.tournament, lost, true) {
                            Ok(()) => self.entry_mut(at.tournament, lost, |e| e.withdrawn = true),
                            Err(e) => {
                                self.failed(&e);
                            }
                        }
                    }
                }
                Err(e) => {
                    self.failed(&e);
                }
            }
        }
        self.tournament_changed(at.tournament);
        self.advance_arena(at.tournament);
    }
}

#[cfg(test)]
#[path = "tournament_run_tests.rs"]
pub(super) mod tests;
