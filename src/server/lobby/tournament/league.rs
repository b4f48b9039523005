//! Leagues (Little Golem's): correspondence games in groups of up to
//! [`GROUP_SIZE`], ordered top group first; in a season every player of a
//! group plays every other twice, once with each colour. When the season
//! is over the top [`MOVES`] of each group go up a group and the bottom
//! [`MOVES`] go down (half the group each way, rounded down, in a group
//! of fewer than four), and everyone still in, with those who joined
//! during the season at the bottom, is entered in the next season's
//! groups (docs/server.md, "League").

use std::collections::HashMap;

use super::{Game, Pairing, PlayerId};

/// Players in a group, at most.
pub const GROUP_SIZE: usize = 10;
/// Players who go up, and who go down, from each group.
pub const MOVES: usize = 2;

/// `players`, best first, in groups of at most [`GROUP_SIZE`] as even as
/// can be (the higher groups the larger).
pub fn groups(players: &[PlayerId]) -> Vec<Vec<PlayerId>> {
    if players.is_empty() {
        return Vec::new();
    }
    let count = players.len().div_ceil(GROUP_SIZE);
    let (base, extra) = (players.len() / count, players.len() % count);
    let mut rest = players;
    (0..count)
        .map(|i| {
            let (group, after) = rest.split_at(base + usize::from(i < extra));
            rest = after;
            group.to_vec()
        })
        .collect()
}

/// A group's games in rounds (the circle method), each pair once with
/// each colour: the second half of the rounds is the first with colours
/// swapped.
pub fn schedule(group: &[PlayerId]) -> Vec<Vec<Pairing>> {
    let mut seats: Vec<Option<PlayerId>> = group.iter().copied().map(Some).collect();
    if seats.len() % 2 == 1 {
        seats.push(None);
    }
    let n = seats.len();
    let mut first = Vec::new();
    for round in 0..n.saturating_sub(1) {
        let mut games = Vec::new();
        for i in 0..n / 2 {
            if let (Some(a), Some(b)) = (seats[i], seats[n - 1 - i]) {
                // Alternate who has White by board and round.
                let pairing = if (i + round) % 2 == 0 {
                    Pairing { white: a, black: b }
                } else {
                    Pairing { white: b, black: a }
                };
                games.push(pairing);
            }
        }
        first.push(games);
        // The first seat stays; the others turn.
        if n > 2 {
            seats[1..].rotate_right(1);
        }
    }
    let second: Vec<Vec<Pairing>> = first
        .iter()
        .map(|round| {
            round
                .iter()
                .map(|p| Pairing {
                    white: p.black,
                    black: p.white,
                })
                .collect()
        })
        .collect();
    first.into_iter().chain(second).collect()
}

/// One line of a group's standings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeagueStanding {
    pub player: PlayerId,
    pub points: u32,
    pub sonneborn_berger: u32,
}

/// A group's standings after `games` (of any groups): a point a win, then
/// Sonneborn-Berger, then the order of the group.
pub fn standings(group: &[PlayerId], games: &[Game]) -> Vec<LeagueStanding> {
    let mut points: HashMap<PlayerId, u32> = HashMap::new();
    for game in games {
        if let Some(winner) = game.winner {
            *points.entry(winner).or_default() += 1;
        }
    }
    let of = |p: PlayerId| points.get(&p).copied().unwrap_or(0);
    let mut table: Vec<LeagueStanding> = group
        .iter()
        .map(|&player| LeagueStanding {
            player,
            points: of(player),
            sonneborn_berger: games
                .iter()
                .filter(|g| g.winner == Some(player))
                .filter_map(|g| g.opponent_of(player))
                .map(of)
                .sum(),
        })
        .collect();
    table.sort_by_key(|s| std::cmp::Reverse((s.points, s.sonneborn_berger)));
    table
}

/// The next season's groups: each group's top players up a group and its
/// bottom players down one, those in `leaving` out, `joining` at the
/// bottom.
pub fn next_season(
    groups_now: &[Vec<PlayerId>],
    games: &[Game],
    leaving: &[PlayerId],
    joining: &[PlayerId],
) -> Vec<Vec<PlayerId>> {
    let ranked: Vec<Vec<PlayerId>> = groups_now
        .iter()
        .map(|g| standings(g, games).into_iter().map(|s| s.player).collect())
        .collect();
    let moves = |group: &[PlayerId]| MOVES.min(group.len() / 2);
    let last = ranked.len().saturating_sub(1);
    let mut order = Vec::new();
    for (level, group) in ranked.iter().enumerate() {
        let up = if level > 0 { moves(group) } else { 0 };
        let down = if level < last { moves(group) } else { 0 };
        // Those coming down from above, those staying, those coming up.
        if level > 0 {
            let above = &ranked[level - 1];
            order.extend(&above[above.len() - moves(above)..]);
        }
        order.extend(&group[up..group.len() - down]);
        if let Some(below) = ranked.get(level + 1) {
            order.extend(&below[..moves(below)]);
        }
    }
    order.retain(|p| !leaving.contains(p));
    for player in joining {
        if !order.contains(player) {
            order.push(*player);
        }
    }
    groups(&order)
}

#[cfg(test)]
#[path = "league_tests.rs"]
mod tests;
