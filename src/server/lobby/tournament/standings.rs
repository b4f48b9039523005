//! A swiss tournament's standings: points (a win or a bye is a point),
//! then Buchholz (the sum of the points of everyone one played), then
//! Sonneborn-Berger (the sum of the points of everyone one beat), then
//! the seed (docs/server.md, "Swiss").

use super::PlayerId;
use super::swiss::{SwissRound, points};

/// One line of the standings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Standing {
    pub player: PlayerId,
    pub points: u32,
    pub buchholz: u32,
    pub sonneborn_berger: u32,
}

/// The standings of `players` (every entrant, in seed order) after
/// `rounds`, first place first; a game still going counts for nobody.
pub fn standings(players: &[PlayerId], rounds: &[SwissRound]) -> Vec<Standing> {
    let points = points(rounds);
    let of = |p: PlayerId| points.get(&p).copied().unwrap_or(0);
    let mut table: Vec<Standing> = players
        .iter()
        .map(|&player| {
            let mut buchholz = 0;
            let mut sonneborn_berger = 0;
            for game in rounds.iter().flat_map(|r| &r.games) {
                if let Some(opponent) = game.opponent_of(player) {
                    buchholz += of(opponent);
                    if game.winner == Some(player) {
                        sonneborn_berger += of(opponent);
                    }
                }
            }
            Standing {
                player,
                points: of(player),
                buchholz,
                sonneborn_berger,
            }
        })
        .collect();
    // Stable: full ties keep the seed order.
    table.sort_by_key(|s| std::cmp::Reverse((s.points, s.buchholz, s.sonneborn_berger)));
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::server::lobby::tournament::Game;

    fn won(white: u32, black: u32, winner: u32) -> Game {
        Game {
            white: PlayerId(white),
            black: PlayerId(black),
            winner: Some(PlayerId(winner)),
        }
    }

    #[test]
    fn points_then_buchholz_then_sonneborn_berger_order_the_table() {
        let players: Vec<PlayerId> = (0..4).map(PlayerId).collect();
        // Round 1: 0 beats 2, 3 beats 1. Round 2: 0 beats 3, 2 beats 1.
        let rounds = vec![
            SwissRound {
                games: vec![won(0, 2, 0), won(3, 1, 3)],
                bye: None,
            },
            SwissRound {
                games: vec![won(3, 0, 0), won(2, 1, 2)],
                bye: None,
            },
        ];
        let table = standings(&players, &rounds);
        // Points: 0:2, 3:1, 2:1, 1:0. Buchholz of 3: 1 (0 pts) + 0 (2) = 2;
        // of 2: 0 (2) + 1 (0) = 2: tied; Sonneborn-Berger of 3: it beat 1
        // (0 points) = 0; of 2: it beat 1 = 0: tied, seed order: 2 first.
        let line = |s: &Standing| (s.player.0, s.points, s.buchholz, s.sonneborn_berger);
        assert_eq!(
            table.iter().map(line).collect::<Vec<_>>(),
            vec![(0, 2, 2, 2), (2, 1, 2, 0), (3, 1, 2, 0), (1, 0, 2, 0)]
        );
    }

    #[test]
    fn buchholz_splits_equal_points() {
        let players: Vec<PlayerId> = (0..6).map(PlayerId).collect();
        let rounds = vec![
            SwissRound {
                games: vec![won(0, 1, 0), won(2, 3, 2), won(4, 5, 5)],
                bye: None,
            },
            SwissRound {
                games: vec![won(0, 2, 0), won(1, 4, 4), won(3, 5, 3)],
                bye: None,
            },
        ];
        let table = standings(&players, &rounds);
        // Points: 0:2, 2:1, 3:1, 4:1, 5:1, 1:0. Buchholz: 2 met 3 and 0
        // (3), 3 and 5 met 2 points' worth, 4 only 1.
        let line = |s: &Standing| (s.player.0, s.points, s.buchholz, s.sonneborn_berger);
        assert_eq!(
            table.iter().map(line).collect::<Vec<_>>(),
            vec![
                (0, 2, 1, 1),
                (2, 1, 3, 1),
                (3, 1, 2, 1),
                (5, 1, 2, 1),
                (4, 1, 1, 0),
                (1, 0, 3, 0)
            ]
        );
    }

    #[test]
    fn sonneborn_berger_splits_equal_buchholz_before_the_seed() {
        let players: Vec<PlayerId> = (0..4).map(PlayerId).collect();
        let rounds = vec![
            SwissRound {
                games: vec![won(0, 1, 0), won(2, 3, 2)],
                bye: None,
            },
            SwissRound {
                games: vec![won(0, 2, 0), won(3, 1, 3)],
                bye: None,
            },
            SwissRound {
                games: vec![won(1, 2, 1), won(3, 0, 3)],
                bye: None,
            },
        ];
        let table = standings(&players, &rounds);
        // 3 and 0: 2 points, Buchholz 4 each; 3 beat 0 (2) and 1 (1): 3,
        // 0 beat 1 and 2: 2. 2 and 1: 1 point, Buchholz 5 each; 2 beat 3
        // (2), 1 beat 2 (1).
        let line = |s: &Standing| (s.player.0, s.points, s.buchholz, s.sonneborn_berger);
        assert_eq!(
            table.iter().map(line).collect::<Vec<_>>(),
            vec![(3, 2, 4, 3), (0, 2, 4, 2), (2, 1, 5, 2), (1, 1, 5, 1)]
        );
    }

    #[test]
    fn a_bye_is_a_point_and_counts_in_nobody_s_buchholz() {
        let players: Vec<PlayerId> = (0..3).map(PlayerId).collect();
        let rounds = vec![SwissRound {
            games: vec![won(0, 1, 1)],
            bye: Some(PlayerId(2)),
        }];
        let table = standings(&players, &rounds);
        let line = |s: &Standing| (s.player.0, s.points, s.buchholz, s.sonneborn_berger);
        assert_eq!(
            table.iter().map(line).collect::<Vec<_>>(),
            vec![(1, 1, 0, 0), (2, 1, 0, 0), (0, 0, 1, 0)]
        );
    }
}
