use std::collections::HashSet;

use super::*;

fn players(range: std::ops::Range<u32>) -> Vec<PlayerId> {
    range.map(PlayerId).collect()
}

#[test]
fn groups_hold_ten_at_most_and_are_even() {
    let sizes = |n: u32| {
        groups(&players(0..n))
            .iter()
            .map(Vec::len)
            .collect::<Vec<_>>()
    };
    assert_eq!(sizes(0), Vec::<usize>::new());
    assert_eq!(sizes(7), vec![7]);
    assert_eq!(sizes(10), vec![10]);
    assert_eq!(sizes(11), vec![6, 5]);
    assert_eq!(sizes(25), vec![9, 8, 8]);
}

#[test]
fn every_player_meets_every_other_once_with_each_colour() {
    for n in 2..=10 {
        let group = players(0..n);
        let rounds = schedule(&group);
        let games: Vec<(PlayerId, PlayerId)> = rounds
            .iter()
            .flatten()
            .map(|p| (p.white, p.black))
            .collect();
        let distinct: HashSet<_> = games.iter().collect();
        let n = usize::try_from(n).unwrap();
        assert_eq!(games.len(), n * (n - 1), "{n} players");
        assert_eq!(distinct.len(), games.len(), "{n} players: a game twice");
        assert!(games.iter().all(|(w, b)| w != b));
        // Nobody plays twice in one round.
        for round in &rounds {
            let seated: HashSet<PlayerId> = round.iter().flat_map(|p| [p.white, p.black]).collect();
            assert_eq!(seated.len(), 2 * round.len());
        }
    }
}

/// Every game of each group played, the lower id winning.
fn season(groups_now: &[Vec<PlayerId>]) -> Vec<Game> {
    groups_now
        .iter()
        .flat_map(|g| schedule(g).into_iter().flatten())
        .map(|p| Game {
            winner: Some(p.white.min(p.black)),
            ..Game::new(p)
        })
        .collect()
}

#[test]
fn at_the_season_s_end_the_top_two_go_up_and_the_bottom_two_go_down() {
    // Three groups of 8: 0-7, 8-15, 16-23. Reverse the middle group's
    // strength so its standings differ from its order: 15 wins all.
    let now = groups(&players(0..24));
    assert_eq!(now.iter().map(Vec::len).collect::<Vec<_>>(), vec![8, 8, 8]);
    let mut games = season(&now);
    for game in &mut games {
        if game.white.0 >= 8 && game.white.0 < 16 {
            game.winner = Some(game.white.max(game.black));
        }
    }
    let middle: Vec<PlayerId> = standings(&now[1], &games)
        .iter()
        .map(|s| s.player)
        .collect();
    assert_eq!(middle, players(8..16).into_iter().rev().collect::<Vec<_>>());
    let next = next_season(&now, &games, &[], &[]);
    let ids = |g: &Vec<PlayerId>| g.iter().map(|p| p.0).collect::<Vec<_>>();
    // Top group: its six best stay, the middle's best two (15, 14) come up;
    // its bottom two (6, 7) go down.
    assert_eq!(ids(&next[0]), vec![0, 1, 2, 3, 4, 5, 15, 14]);
    assert_eq!(ids(&next[1]), vec![6, 7, 13, 12, 11, 10, 16, 17]);
    assert_eq!(ids(&next[2]), vec![9, 8, 18, 19, 20, 21, 22, 23]);
}

#[test]
fn the_next_season_drops_who_left_and_enters_who_joined_at_the_bottom() {
    let now = groups(&players(0..10));
    let games = season(&now);
    let next = next_season(&now, &games, &[PlayerId(3)], &[PlayerId(10), PlayerId(11)]);
    let flat: Vec<u32> = next.iter().flatten().map(|p| p.0).collect();
    assert_eq!(flat, vec![0, 1, 2, 4, 5, 6, 7, 8, 9, 10, 11]);
    assert_eq!(next.iter().map(Vec::len).collect::<Vec<_>>(), vec![6, 5]);
}

#[test]
fn a_small_group_moves_half_its_players_and_nobody_twice() {
    // Groups of 3 and 2: one goes each way.
    let now = vec![players(0..3), players(3..5)];
    let games = season(&now);
    let next = next_season(&now, &games, &[], &[]);
    let flat: Vec<u32> = next.iter().flatten().map(|p| p.0).collect();
    assert_eq!(flat, vec![0, 1, 3, 2, 4]);
}
