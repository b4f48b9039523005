//! Swiss pairing, Dutch-like: players ranked by points (then seed), the
//! top half of each score group against its bottom half, nobody against
//! someone already met while a pairing without repeats exists, a bye
//! (worth a point) for the odd player, the lowest ranked who has not had
//! one, and never twice to the same player; colours alternate where they
//! can (docs/server.md, "Swiss").

use std::collections::{HashMap, HashSet};

use super::{Game, Pairing, PlayerId, met_key};

/// Steps of the search for a pairing without repeats before it gives up
/// and allows them: enough for every pairing of 12 players, bounded for
/// any number.
pub const SEARCH_STEPS: u32 = 200_000;

/// One round: its games, and who had the bye.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SwissRound {
    pub games: Vec<Game>,
    pub bye: Option<PlayerId>,
}

/// A new round's pairings.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Paired {
    pub pairings: Vec<Pairing>,
    pub bye: Option<PlayerId>,
}

/// Points from finished rounds: a win or a bye is a point.
pub fn points(history: &[SwissRound]) -> HashMap<PlayerId, u32> {
    let mut points = HashMap::new();
    for round in history {
        for game in &round.games {
            if let Some(winner) = game.winner {
                *points.entry(winner).or_default() += 1;
            }
        }
        if let Some(bye) = round.bye {
            *points.entry(bye).or_default() += 1;
        }
    }
    points
}

/// Pairs the next round of `players` (those still in, in seed order)
/// after the finished rounds of `history`.
pub fn pair(players: &[PlayerId], history: &[SwissRound]) -> Paired {
    let points = points(history);
    let score = |p: &PlayerId| points.get(p).copied().unwrap_or(0);
    let mut ranked: Vec<PlayerId> = players.to_vec();
    // Stable: equal points keep the seed order.
    ranked.sort_by_key(|p| std::cmp::Reverse(score(p)));
    let met: HashSet<(PlayerId, PlayerId)> = history
        .iter()
        .flat_map(|r| r.games.iter().map(|g| met_key(g.white, g.black)))
        .collect();
    let had_bye: HashSet<PlayerId> = history.iter().filter_map(|r| r.bye).collect();
    let mut search = Search {
        met: &met,
        points: &points,
        steps: 0,
        repeats: false,
    };
    let byes: Vec<Option<PlayerId>> = if ranked.len() % 2 == 1 {
        // The lowest ranked without a bye first; everyone had one only
        // past the rounds a tournament may have (players - 1).
        let mut byes: Vec<Option<PlayerId>> = ranked
            .iter()
            .rev()
            .filter(|p| !had_bye.contains(p))
            .map(|p| Some(*p))
            .collect();
        if byes.is_empty() {
            byes = ranked.last().map(|p| Some(*p)).into_iter().collect();
        }
        byes
    } else {
        vec![None]
    };
    let mut found = None;
    'passes: for repeats in [false, true] {
        search.repeats = repeats;
        search.steps = 0;
        for bye in &byes {
            let rest: Vec<PlayerId> = ranked
                .iter()
                .filter(|p| Some(**p) != *bye)
                .copied()
                .collect();
            let mut out = Vec::new();
            if search.solve(&rest, &mut out) {
                found = Some((out, *bye));
                break 'passes;
            }
        }
    }
    let (pairs, bye) = found.unwrap_or_default();
    let pairings = pairs
        .into_iter()
        .enumerate()
        .map(|(board, (a, b))| colours(a, b, board, history))
        .collect();
    Paired { pairings, bye }
}

struct Search<'a> {
    met: &'a HashSet<(PlayerId, PlayerId)>,
    points: &'a HashMap<PlayerId, u32>,
    steps: u32,
    /// The second pass: repeats allowed (after those who have not met).
    repeats: bool,
}

impl Search<'_> {
    fn score(&self, p: PlayerId) -> u32 {
        self.points.get(&p).copied().unwrap_or(0)
    }

    /// Pairs everyone in `rest` (ranked), the highest first, backtracking.
    fn solve(&mut self, rest: &[PlayerId], out: &mut Vec<(PlayerId, PlayerId)>) -> bool {
        let Some(&top) = rest.first() else {
            return true;
        };
        self.steps += 1;
        if self.steps > SEARCH_STEPS && !self.repeats {
            return false;
        }
        for index in self.preference(rest) {
            let other = rest[index];
            if !self.repeats && self.met.contains(&met_key(top, other)) {
                continue;
            }
            let next: Vec<PlayerId> = rest
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != 0 && *i != index)
                .map(|(_, p)| *p)
                .collect();
            out.push((top, other));
            if self.solve(&next, out) {
                return true;
            }
            out.pop();
            if self.steps > SEARCH_STEPS && !self.repeats {
                return false;
            }
        }
        false
    }

    /// The indexes in `rest` the first player would meet, best first: in
    /// its score group the one half a group below (top half against
    /// bottom half), then the rest of the bottom half, then the top half
    /// upwards; then the lower groups, nearest first; in the second pass,
    /// those not met before those met.
    fn preference(&self, rest: &[PlayerId]) -> Vec<usize> {
        let top = self.score(rest[0]);
        let group = rest.iter().take_while(|p| self.score(**p) == top).count();
        let half = group / 2;
        let mut order: Vec<usize> = (half.max(1)..group).collect();
        order.extend((1..half.max(1)).rev());
        order.extend(group..rest.len());
        if self.repeats {
            // Stable: the preference holds among those not met.
            order.sort_by_key(|i| self.met.contains(&met_key(rest[0], rest[*i])));
        }
        order
    }
}

/// White: whoever has had Black more often, else the higher ranked `a`
/// alternates from its last colour (or `b` from its own, when `a` has
/// played none); in the first round, boards alternate.
fn colours(a: PlayerId, b: PlayerId, board: usize, history: &[SwissRound]) -> Pairing {
    let balance = |p: PlayerId| -> i64 {
        history
            .iter()
            .flat_map(|r| &r.games)
            .map(|g| i64::from(g.white == p) - i64::from(g.black == p))
            .sum()
    };
    let last_white = |p: PlayerId| -> Option<bool> {
        history
            .iter()
            .rev()
            .flat_map(|r| &r.games)
            .find(|g| g.white == p || g.black == p)
            .map(|g| g.white == p)
    };
    let a_white = match balance(a).cmp(&balance(b)) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => match (last_white(a), last_white(b)) {
            // The higher ranked alternates; one without games gives way.
            (Some(a_last), _) => !a_last,
            (None, Some(b_last)) => b_last,
            (None, None) => board.is_multiple_of(2),
        },
    };
    if a_white {
        Pairing { white: a, black: b }
    } else {
        Pairing { white: b, black: a }
    }
}

#[cfg(test)]
#[path = "swiss_tests.rs"]
mod tests;
