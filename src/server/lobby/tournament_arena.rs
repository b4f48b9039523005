//! The referee runs its arenas (docs/server.md, "Running an arena"): from
//! its start until its end time, whoever is free and not paused is paired
//! at once (`arena::pair`), at the start, as each game ends, as a player
//! enters or comes back from a pause; the games are round 1's pairings,
//! in the order they started. The arena's state (points, streaks, who is
//! free since when) is not kept apart: it is replayed from the stored
//! entries and pairings (`arena_of`), so a server started again has it
//! whole.

use super::referee::Referee;
use super::refusal::AskRefusal;
use super::store_tournaments::{StoredPairing, StoredRound, StoredTournament};
use super::tournament::arena::Arena;
use super::tournament::{Game, Kind, PlayerId, Stage};
use crate::online::protocol::Answer;
use crate::online::tournaments::TournamentStanding;

/// When an arena's pairing stops: its start plus its minutes.
pub fn ends_ms(t: &StoredTournament) -> i64 {
    t.new.starts_ms + i64::from(t.new.minutes.unwrap_or(0)) * 60_000
}

/// Whether `t` is an arena that takes entries now: to come, or running
/// before its end.
pub fn open_to_enter(t: &StoredTournament, now_ms: i64) -> bool {
    t.new.kind == Kind::Arena && t.stage == Stage::Running && now_ms < ends_ms(t)
}

/// The arena as its entries and games make it: everyone entered (the
/// withdrawn and the paused not to be paired), then each game in the order
/// it started, and its end when it ended. Those who have not played yet
/// are free since the start.
pub fn arena_of(t: &StoredTournament) -> Arena {
    let mut arena = Arena::new(ends_ms(t));
    for e in &t.entries {
        arena.join(e.seat, t.new.starts_ms);
        if e.paused || e.withdrawn {
            arena.pause(e.seat);
        }
    }
    for p in t.rounds.iter().flat_map(|r| &r.pairings) {
        arena.paired(p.pairing);
        if p.finished {
            let game = Game {
                white: p.pairing.white,
                black: p.pairing.black,
                winner: p.winner,
            };
            arena.finish(game, p.finished_ms.unwrap_or(t.new.starts_ms));
        }
    }
    arena
}

/// An arena's standings: points, then wins (no tie-break shown: players
/// equal on points share a rank), with each one's streak and pause.
pub fn arena_standings(
    t: &StoredTournament,
    name_of: &dyn Fn(PlayerId) -> String,
    is_bot: &dyn Fn(&str) -> bool,
) -> Vec<TournamentStanding> {
    let mut lines: Vec<TournamentStanding> = Vec::new();
    for (place, line) in (1u32..).zip(arena_of(t).standings()) {
        let rank = match lines.last() {
            Some(last) if last.points == line.points => last.rank,
            _ => place,
        };
        let entry = t.entries.iter().find(|e| e.seat == line.player);
        lines.push(TournamentStanding {
            rank,
            name: name_of(line.player),
            bot: entry.is_some_and(|e| is_bot(&e.key)),
            points: line.points,
            tie_breaks: Vec::new(),
            games: line.games,
            streak: line.streak,
            paused: entry.is_some_and(|e| e.paused && !e.withdrawn),
            withdrawn: entry.is_some_and(|e| e.withdrawn),
            group: None,
        });
    }
    lines
}

impl Referee {
    /// A running arena (anything else is left alone): starts the games paired but not started (a restart
    /// between the two); before its end pairs whoever is free; after it,
    /// once every game has ended, finishes it.
    pub(super) fn advance_arena(&mut self, id: u64) {
        let Some(t) = self.tournaments.held.get(&id) else {
            return;
        };
        if t.new.kind != Kind::Arena || t.stage != Stage::Running {
            return;
        }
        let unstarted: Vec<usize> = t
            .rounds
            .first()
            .map(|r| {
                r.pairings
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| p.game.is_none() && !p.finished)
                    .map(|(board, _)| board)
                    .collect()
            })
            .unwrap_or_default();
        if !unstarted.is_empty() {
            for board in unstarted {
                self.start_board(id, 0, board);
            }
            return;
        }
        let now = self.now().1;
        if now >= ends_ms(t) {
            if t.rounds
                .iter()
                .flat_map(|r| &r.pairings)
                .all(|p| p.finished)
            {
                self.set_stage(id, Stage::Finished);
            }
            return;
        }
        let pairings = arena_of(t).pair(now);
        if pairings.is_empty() {
            return;
        }
        let first_board = t.rounds.first().map_or(0, |r| r.pairings.len());
        let stored = if t.rounds.is_empty() {
            self.store.add_round(id, 1, None, &pairings, now)
        } else {
            let board = u32::try_from(first_board).unwrap_or(u32::MAX);
            self.store.add_pairings(id, 1, board, &pairings)
        };
        if let Err(e) = stored {
            // Logged; the next tick pairs them.
            self.failed(&e);
            return;
        }
        tracing::info!(
            id,
            games = pairings.len(),
            "an arena paired its free players"
        );
        if let Some(t) = self.tournaments.held.get_mut(&id) {
            if t.rounds.is_empty() {
                t.rounds.push(StoredRound {
                    round: 1,
                    bye: None,
                    started_ms: now,
                    pairings: Vec::new(),
                });
            }
            if let Some(round) = t.rounds.first_mut() {
                round
                    .pairings
                    .extend(pairings.iter().map(|&pairing| StoredPairing {
                        pairing,
                        game: None,
                        finished: false,
                        winner: None,
                        finished_ms: None,
                    }));
            }
        }
        for board in first_board..first_board + pairings.len() {
            self.start_board(id, 0, board);
        }
        self.tournament_changed(id);
    }

    /// `key` pauses (`paused`) or comes back in arena `id`; coming back,
    /// it is paired at once if someone is free.
    pub(super) fn pause_tournament(
        &mut self,
        key: &str,
        id: u64,
        paused: bool,
    ) -> Result<Answer, AskRefusal> {
        let t = self
            .tournaments
            .held
            .get(&id)
            .ok_or(AskRefusal::NoTournament(id))?;
        if t.new.kind != Kind::Arena {
            return Err(AskRefusal::NotAnArena);
        }
        let seat = self.seat_in(key, id)?;
        self.store
            .set_paused(id, seat, paused)
            .map_err(|e| self.failed(&e))?;
        self.entry_mut(id, seat, |e| e.paused = paused);
        self.tournament_changed(id);
        self.advance_arena(id);
        Ok(Answer::Done)
    }
}

#[cfg(test)]
#[path = "tournament_arena_tests.rs"]
mod tests;
