//! The arena (lichess's): for a fixed time, a player who finishes a game
//! is paired again at once with a free player close in score, not the
//! same opponent twice in a row while another is free; whoever has waited
//! longest chooses first, so with an odd count nobody waits more than a
//! game. A win is worth [`WIN`] points; after [`STREAK`] wins in a row
//! every win is worth twice that until a game that is not a win. A player
//! may pause (not paired until they come back) at any time
//! (docs/server.md, "Arena").

use std::collections::BTreeMap;

use super::{Game, Pairing, PlayerId};

/// Points for a win (a loss is worth none).
pub const WIN: u32 = 2;
/// Wins in a row after which a win counts double.
pub const STREAK: u32 = 2;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Entrant {
    points: u32,
    /// Wins in a row, up to now.
    streak: u32,
    games: u32,
    wins: u32,
    playing: bool,
    paused: bool,
    last_opponent: Option<PlayerId>,
    /// Since when it is free (ms), to pair the longest waiting first.
    free_since: i64,
    /// Whites less blacks, to alternate colours.
    colour_balance: i32,
}

/// One line of an arena's standings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArenaStanding {
    pub player: PlayerId,
    pub points: u32,
    pub streak: u32,
    pub games: u32,
    pub wins: u32,
    pub paused: bool,
}

/// An arena running until `ends_ms`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arena {
    ends_ms: i64,
    entrants: BTreeMap<PlayerId, Entrant>,
}

impl Arena {
    pub fn new(ends_ms: i64) -> Arena {
        Arena {
            ends_ms,
            entrants: BTreeMap::new(),
        }
    }

    /// `player` comes in, or back from a pause, at `now_ms`.
    pub fn join(&mut self, player: PlayerId, now_ms: i64) {
        let entrant = self.entrants.entry(player).or_insert_with(|| Entrant {
            free_since: now_ms,
            ..Entrant::default()
        });
        if entrant.paused && !entrant.playing {
            entrant.free_since = now_ms;
        }
        entrant.paused = false;
    }

    /// `player` is not paired again until it joins again (a game it plays
    /// goes on and counts).
    pub fn pause(&mut self, player: PlayerId) {
        if let Some(entrant) = self.entrants.get_mut(&player) {
            entrant.paused = true;
        }
    }

    /// A game of the arena ended at `now_ms` (`winner` `None`: nobody won).
    pub fn finish(&mut self, game: Game, now_ms: i64) {
        for player in [game.white, game.black] {
            let Some(entrant) = self.entrants.get_mut(&player) else {
                continue;
            };
            entrant.playing = false;
            entrant.free_since = now_ms;
            entrant.games += 1;
            if game.winner == Some(player) {
                entrant.points += if entrant.streak >= STREAK {
                    2 * WIN
                } else {
                    WIN
                };
                entrant.streak += 1;
                entrant.wins += 1;
            } else {
                entrant.streak = 0;
            }
        }
    }

    /// Pairs the free players at `now_ms` (none once the arena has ended);
    /// they are playing from now.
    pub fn pair(&mut self, now_ms: i64) -> Vec<Pairing> {
        let mut pairings = Vec::new();
        if now_ms >= self.ends_ms {
            return pairings;
        }
        loop {
            let mut free: Vec<(PlayerId, &Entrant)> = self
                .entrants
                .iter()
                .filter(|(_, e)| !e.playing && !e.paused)
                .map(|(p, e)| (*p, e))
                .collect();
            free.sort_by_key(|(p, e)| (e.free_since, std::cmp::Reverse(e.points), *p));
            let Some(&(first, chooser)) = free.first() else {
                break;
            };
            let Some(&(second, other)) = free[1..].iter().min_by_key(|(p, e)| {
                let again = chooser.last_opponent == Some(*p) || e.last_opponent == Some(first);
                (again, chooser.points.abs_diff(e.points), e.free_since, *p)
            }) else {
                break;
            };
            let pairing = if chooser.colour_balance <= other.colour_balance {
                Pairing {
                    white: first,
                    black: second,
                }
            } else {
                Pairing {
                    white: second,
                    black: first,
                }
            };
            self.paired(pairing);
            pairings.push(pairing);
        }
        pairings
    }

    /// `pairing` is playing from now: what [`Arena::pair`] records of each
    /// pairing it makes, and what a referee replays of those it stored.
    pub fn paired(&mut self, pairing: Pairing) {
        for (player, opponent, white) in [
            (pairing.white, pairing.black, true),
            (pairing.black, pairing.white, false),
        ] {
            if let Some(entrant) = self.entrants.get_mut(&player) {
                entrant.playing = true;
                entrant.last_opponent = Some(opponent);
                entrant.colour_balance += if white { 1 } else { -1 };
            }
        }
    }

    /// The standings, first place first: points, then wins, then entry.
    pub fn standings(&self) -> Vec<ArenaStanding> {
        let mut table: Vec<ArenaStanding> = self
            .entrants
            .iter()
            .map(|(&player, e)| ArenaStanding {
                player,
                points: e.points,
                streak: e.streak,
                games: e.games,
                wins: e.wins,
                paused: e.paused,
            })
            .collect();
        table.sort_by_key(|s| std::cmp::Reverse((s.points, s.wins)));
        table
    }

    /// Whether `player` is in a game now.
    pub fn is_playing(&self, player: PlayerId) -> bool {
        self.entrants.get(&player).is_some_and(|e| e.playing)
    }
}

#[cfg(test)]
#[path = "arena_tests.rs"]
mod tests;
