use std::collections::HashSet;

use proptest::prelude::*;

use super::*;

fn players(n: u32) -> Vec<PlayerId> {
    (0..n).map(PlayerId).collect()
}

/// The round paired, with the higher seed (lower id) winning each game.
fn played(paired: &Paired, mut winner: impl FnMut(PlayerId, PlayerId) -> PlayerId) -> SwissRound {
    SwissRound {
        games: paired
            .pairings
            .iter()
            .map(|p| Game {
                white: p.white,
                black: p.black,
                winner: Some(winner(p.white, p.black)),
            })
            .collect(),
        bye: paired.bye,
    }
}

/// Whether `rest` can be paired with nobody meeting again (brute force).
fn pairable(rest: &[PlayerId], met: &HashSet<(PlayerId, PlayerId)>) -> bool {
    let Some((&first, others)) = rest.split_first() else {
        return true;
    };
    others.iter().enumerate().any(|(i, &other)| {
        !met.contains(&met_key(first, other)) && {
            let next: Vec<PlayerId> = others
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != i)
                .map(|(_, p)| *p)
                .collect();
            pairable(&next, met)
        }
    })
}

#[test]
fn the_first_round_pairs_the_top_half_against_the_bottom_half_with_alternating_colours() {
    let paired = pair(&players(4), &[]);
    assert_eq!(paired.bye, None);
    assert_eq!(
        paired.pairings,
        vec![
            Pairing {
                white: PlayerId(0),
                black: PlayerId(2)
            },
            Pairing {
                white: PlayerId(3),
                black: PlayerId(1)
            },
        ]
    );
}

#[test]
fn the_second_round_pairs_equal_scores_who_have_not_met_and_swaps_colours() {
    let one = pair(&players(4), &[]);
    let first = played(&one, |a, b| a.min(b));
    // 0 and 1 won: they meet; 2 and 3 lost: they meet.
    let two = pair(&players(4), &[first]);
    assert_eq!(
        two.pairings,
        vec![
            // 1 had Black, 0 White: 1 gets White.
            Pairing {
                white: PlayerId(1),
                black: PlayerId(0)
            },
            Pairing {
                white: PlayerId(2),
                black: PlayerId(3)
            },
        ]
    );
}

#[test]
fn the_odd_player_gets_the_bye_lowest_ranked_first_and_never_twice() {
    let all = players(5);
    let one = pair(&all, &[]);
    assert_eq!(one.bye, Some(PlayerId(4)));
    let first = played(&one, |a, b| a.min(b));
    // 4 has a point now, ranking above the losers; the lowest ranked
    // without a bye is 3.
    let two = pair(&all, std::slice::from_ref(&first));
    assert_eq!(two.bye, Some(PlayerId(3)));
    let second = played(&two, |a, b| a.min(b));
    let three = pair(&all, &[first, second]);
    assert!(![Some(PlayerId(3)), Some(PlayerId(4))].contains(&three.bye));
}

#[test]
fn a_repeat_is_made_only_when_no_pairing_avoids_it() {
    // Two players, two rounds: they must meet again.
    let all = players(2);
    let one = pair(&all, &[]);
    let first = played(&one, |a, b| a.min(b));
    let two = pair(&all, &[first]);
    assert_eq!(two.pairings.len(), 1);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_player_is_paired_once_a_round_with_no_avoidable_repeat(
        n in 2u32..=11,
        results in proptest::collection::vec(any::<bool>(), 60),
        rounds in 1usize..=6,
    ) {
        let all = players(n);
        let rounds = rounds.min(n as usize - 1).max(1);
        let mut history: Vec<SwissRound> = Vec::new();
        let mut coin = results.iter().cycle();
        for _ in 0..rounds {
            let met: HashSet<(PlayerId, PlayerId)> = history
                .iter()
                .flat_map(|r| r.games.iter().map(|g| met_key(g.white, g.black)))
                .collect();
            let had_bye: HashSet<PlayerId> = history.iter().filter_map(|r| r.bye).collect();
            let paired = pair(&all, &history);
            // Everyone once: paired or the bye.
            let mut seen: Vec<PlayerId> = paired
                .pairings
                .iter()
                .flat_map(|p| [p.white, p.black])
                .chain(paired.bye)
                .collect();
            seen.sort();
            prop_assert_eq!(&seen, &all);
            prop_assert_eq!(paired.bye.is_some(), n % 2 == 1);
            if let Some(bye) = paired.bye {
                prop_assert!(!had_bye.contains(&bye), "a second bye for {:?}", bye);
            }
            // No repeat where some bye and pairing would have avoided one.
            let avoidable = if n % 2 == 1 {
                all.iter().filter(|p| !had_bye.contains(p)).any(|bye| {
                    let rest: Vec<PlayerId> = all.iter().filter(|p| *p != bye).copied().collect();
                    pairable(&rest, &met)
                })
            } else {
                pairable(&all, &met)
            };
            if avoidable {
                for p in &paired.pairings {
                    prop_assert!(!met.contains(&met_key(p.white, p.black)), "{:?} met again", p);
                }
            }
            let round = played(&paired, |a, b| if *coin.next().unwrap_or(&true) { a } else { b });
            history.push(round);
        }
    }
}
