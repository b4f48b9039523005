use super::*;

const P0: PlayerId = PlayerId(0);
const P1: PlayerId = PlayerId(1);
const P2: PlayerId = PlayerId(2);

fn won(pairing: Pairing, winner: PlayerId) -> Game {
    Game {
        winner: Some(winner),
        ..Game::new(pairing)
    }
}

fn points(arena: &Arena, player: PlayerId) -> u32 {
    arena
        .standings()
        .iter()
        .find(|s| s.player == player)
        .map_or(0, |s| s.points)
}

#[test]
fn two_points_a_win_and_double_after_two_wins_in_a_row_until_a_loss() {
    let mut arena = Arena::new(1_000_000);
    arena.join(P0, 0);
    arena.join(P1, 0);
    let mut expected = 0;
    // Wins 1 and 2: 2 each; wins 3 and 4: 4 each; a loss; then 2 again.
    for (n, (p0_wins, gain)) in [
        (true, 2),
        (true, 2),
        (true, 4),
        (true, 4),
        (false, 0),
        (true, 2),
    ]
    .into_iter()
    .enumerate()
    {
        let now = i64::try_from(n).unwrap() * 10;
        let pairings = arena.pair(now);
        assert_eq!(pairings.len(), 1, "game {n}");
        arena.finish(won(pairings[0], if p0_wins { P0 } else { P1 }), now + 5);
        expected += gain;
        assert_eq!(points(&arena, P0), expected, "after game {n}");
    }
    assert_eq!(points(&arena, P1), 2);
}

#[test]
fn with_three_players_the_one_who_waited_plays_next_and_nobody_waits_two_games() {
    let mut arena = Arena::new(1_000_000);
    for p in [P0, P1, P2] {
        arena.join(p, 0);
    }
    let mut waited = [0u32; 3];
    let mut now = 0;
    for _ in 0..12 {
        let pairings = arena.pair(now);
        assert_eq!(pairings.len(), 1, "one game for three players");
        let game = pairings[0];
        for p in [P0, P1, P2] {
            let index = usize::try_from(p.0).unwrap();
            if arena.is_playing(p) {
                waited[index] = 0;
            } else {
                waited[index] += 1;
                assert!(waited[index] <= 1, "{p:?} waited two games");
            }
        }
        now += 10;
        arena.finish(won(game, game.white), now);
    }
}

#[test]
fn the_same_opponent_twice_in_a_row_only_when_nobody_else_is_free() {
    let mut arena = Arena::new(1_000_000);
    for p in [P0, P1, P2] {
        arena.join(p, 0);
    }
    let first = arena.pair(0)[0];
    let waiting = [P0, P1, P2]
        .into_iter()
        .find(|p| !arena.is_playing(*p))
        .unwrap();
    arena.finish(won(first, first.white), 10);
    let second = arena.pair(10)[0];
    // The one who waited plays, not the two who just met.
    assert!([second.white, second.black].contains(&waiting));
    // Two players alone meet again and again.
    let mut pair = Arena::new(1_000_000);
    pair.join(P0, 0);
    pair.join(P1, 0);
    let game = pair.pair(0)[0];
    pair.finish(won(game, P0), 1);
    assert_eq!(pair.pair(1).len(), 1);
}

#[test]
fn close_scores_meet_and_colours_alternate_between_two() {
    let mut arena = Arena::new(1_000_000);
    for p in 0..4 {
        arena.join(PlayerId(p), 0);
    }
    let round = arena.pair(0);
    assert_eq!(round.len(), 2);
    for game in &round {
        arena.finish(won(*game, game.white), 10);
    }
    let winners: Vec<PlayerId> = round.iter().map(|g| g.white).collect();
    let next = arena.pair(10);
    assert_eq!(next.len(), 2);
    for game in &next {
        // Winners meet winners, losers losers.
        assert_eq!(winners.contains(&game.white), winners.contains(&game.black));
    }
    // Two players alone: White passes from one to the other.
    let mut pair = Arena::new(1_000_000);
    pair.join(P0, 0);
    pair.join(P1, 0);
    let mut whites = Vec::new();
    for n in 0..4 {
        let game = pair.pair(n * 10)[0];
        whites.push(game.white);
        pair.finish(won(game, P0), n * 10 + 5);
    }
    assert_eq!(whites, vec![P0, P1, P0, P1]);
}

#[test]
fn a_paused_player_is_not_paired_and_nobody_is_once_the_arena_ends() {
    let mut arena = Arena::new(100);
    arena.join(P0, 0);
    arena.join(P1, 0);
    arena.pause(P1);
    assert!(arena.pair(0).is_empty());
    arena.join(P1, 5);
    let game = arena.pair(5)[0];
    // A pause during a game: the game counts, no new one follows.
    arena.pause(P0);
    arena.finish(won(game, P0), 20);
    assert_eq!(points(&arena, P0), WIN);
    assert!(arena.pair(20).is_empty());
    arena.join(P0, 30);
    assert!(arena.pair(100).is_empty(), "the arena has ended");
    assert_eq!(arena.pair(30).len(), 1);
}
