//! Every shipped puzzle proven again: the side to move wins within N and not
//! sooner, and the listed first moves are exactly those that do. The proofs
//! are split by N so that the test runner spreads them over the cores.

use brique::learn::{MAX_ANSWERS_IN_ONE, PUZZLES, Puzzle, PuzzleError, parse_puzzles, proof};

fn shipped() -> Vec<Puzzle> {
    parse_puzzles(PUZZLES).unwrap_or_else(|(line, e)| panic!("assets/puzzles.txt:{line}: {e}"))
}

fn prove_all(n: u8, part: usize, parts: usize) {
    let puzzles: Vec<Puzzle> = shipped().into_iter().filter(|p| p.n == n).collect();
    for (i, puzzle) in puzzles
        .iter()
        .enumerate()
        .filter(|(i, _)| i % parts == part)
    {
        if let Err(e) = puzzle.check() {
            panic!("puzzle {i} with N = {n} ({puzzle}): {e}");
        }
    }
}

#[test]
fn one_move_puzzles_are_proven() {
    prove_all(1, 0, 1);
}

#[test]
fn two_move_puzzles_are_proven() {
    prove_all(2, 0, 1);
}

#[test]
fn three_move_puzzles_are_proven_first_half() {
    prove_all(3, 0, 2);
}

#[test]
fn three_move_puzzles_are_proven_second_half() {
    prove_all(3, 1, 2);
}

#[test]
fn the_set_is_large_varied_and_in_rising_difficulty() {
    let puzzles = shipped();
    assert!(puzzles.len() >= 300, "{} puzzles", puzzles.len());
    assert!(puzzles.iter().filter(|p| p.n >= 2).count() >= 60);
    assert!(puzzles.iter().filter(|p| p.n >= 3).count() >= 20);
    assert!(
        puzzles.iter().all(|p| p.n <= 3),
        "the test proves N up to 3"
    );
    for size in [7, 9, 11, 13, 15] {
        assert!(
            puzzles.iter().any(|p| p.position.size().get() == size),
            "no {size}x{size}"
        );
    }
    for variant in ["original", "revised"] {
        assert!(
            puzzles
                .iter()
                .any(|p| p.position.rules().variant.name() == variant)
        );
    }
    let n: Vec<u8> = puzzles.iter().map(|p| p.n).collect();
    assert!(
        n.windows(2).all(|w| w[0] <= w[1]),
        "puzzles are ordered by N"
    );
}

#[test]
fn a_wrong_answer_has_a_defence_that_beats_it() {
    let puzzle = shipped()
        .into_iter()
        .find(|p| p.n == 2)
        .expect("a two-move puzzle");
    let wrong = proof::actions(&puzzle.position)
        .into_iter()
        .find(|mv| !puzzle.moves.contains(mv))
        .expect("a wrong move");
    let mut after = puzzle.position.clone();
    after.play(wrong).unwrap();
    let defence = proof::refutation(&after, 1).expect("a defence");
    after.play(defence).unwrap();
    assert!(
        proof::immediate_wins(&after).is_empty(),
        "{puzzle}: {wrong} {defence}"
    );
}

#[test]
fn a_line_with_a_wrong_move_list_is_refused_by_the_check() {
    let p: Puzzle = "2B2/W1B2/W4/W1B1W/WBB2 b 8 original nopie | c3 | 1"
        .parse()
        .unwrap();
    assert_eq!(
        p.check().map_err(|e| e.to_string()),
        Err("the winning first moves are b3 c3".to_string())
    );
    assert!(matches!(p.check(), Err(PuzzleError::OtherMoves(moves)) if moves.len() == 2));
    let too_long: Puzzle = "2B2/W1B2/W4/W1B1W/WBB2 b 8 original nopie | b3 c3 | 2"
        .parse()
        .unwrap();
    assert_eq!(
        too_long.check().map_err(|e| e.to_string()),
        Err("it is won sooner, within 1 move".to_string())
    );
    assert_eq!(too_long.check(), Err(PuzzleError::WonSooner(1)));
    assert!(parse_puzzles("5/5/5/5/5 b 0 original nopie | c3 | 9").is_err());
    let (line, why) = parse_puzzles("# comment\n\nnonsense").unwrap_err();
    assert_eq!(
        (line, why.to_string()),
        (3, "expected POSITION | MOVES | N".to_string())
    );
    assert_eq!(why, PuzzleError::Parts);
}

#[test]
fn an_attempt_answers_right_moves_with_a_defence_and_ends_in_a_win() {
    use brique::learn::{Answer, PuzzleRun, Standing};
    let puzzle = shipped()
        .into_iter()
        .find(|p| p.n == 2)
        .expect("a two-move puzzle");
    let mut run = PuzzleRun::new(puzzle.clone());
    let first = puzzle.moves[0];
    let Ok(Answer::Defended(defence)) = run.play(first) else {
        panic!("{puzzle}: {first} is right");
    };
    assert_eq!(run.played(), [first, defence]);
    assert_eq!(run.standing(), &Standing::ToMove { moves_left: 1 });
    let finish = proof::immediate_wins(run.position())[0];
    assert_eq!(run.play(brique::core::Move::Place(finish)), Ok(Answer::Won));
    assert_eq!(run.standing(), &Standing::Solved);
    assert!(
        run.play(brique::core::Move::Place(finish)).is_err(),
        "the attempt is over"
    );
}

#[test]
fn an_attempt_refutes_a_wrong_move_with_the_defence_that_beats_it() {
    use brique::learn::{Answer, PuzzleRun, Standing};
    let puzzle = shipped()
        .into_iter()
        .find(|p| p.n == 1)
        .expect("a one-move puzzle");
    let wrong = proof::actions(&puzzle.position)
        .into_iter()
        .find(|mv| !puzzle.moves.contains(mv))
        .expect("a wrong move");
    let mut run = PuzzleRun::new(puzzle);
    let Ok(Answer::Refuted(defence)) = run.play(wrong) else {
        panic!("{wrong} is wrong");
    };
    assert_eq!(run.standing(), &Standing::Refuted { wrong, defence });
}

#[test]
fn the_set_holds_no_near_duplicates() {
    // Puzzles 1, 3, 114 and 264 of the first set came from one game, a
    // few moves apart: one puzzle at three depths.
    let puzzles = shipped();
    for (i, a) in puzzles.iter().enumerate() {
        for (j, b) in puzzles.iter().enumerate().skip(i + 1) {
            assert!(
                !a.near(b),
                "puzzles {} and {} are one: {a} / {b}",
                i + 1,
                j + 1
            );
        }
    }
    // Positions of one game, three moves apart, are near.
    let early: Puzzle = "3BBWW/4BB1/4B2/B4BW/BW2WWW/WW3WB/W4BB w 13 original pie | c1 | 2"
        .parse()
        .unwrap();
    let late: Puzzle = "2BBBWW/4BB1/4B2/B4BW/BW1WWWW/WW1W1WB/W4BB w 15 original pie | c1 | 1"
        .parse()
        .unwrap();
    assert!(early.near(&late));
}

#[test]
fn win_in_one_puzzles_have_one_answer_or_two() {
    // A win in 1 with several answers tests little: the set keeps one
    // answer, or two, of which the screen says "any of these wins"
    // (tests/app/training.rs).
    let ones: Vec<Puzzle> = shipped().into_iter().filter(|p| p.n == 1).collect();
    for puzzle in &ones {
        assert!(puzzle.moves.len() <= MAX_ANSWERS_IN_ONE, "{puzzle}");
    }
    assert!(ones.iter().any(|p| p.moves.len() == 1));
}

#[test]
fn when_every_defence_loses_the_one_shown_stops_what_it_can() {
    let mut checked = 0;
    for puzzle in shipped().iter().filter(|p| p.n == 2).take(12) {
        let mut pos = puzzle.position.clone();
        pos.play(puzzle.moves[0]).unwrap();
        // The attacker's immediate wins after a reply.
        let wins_after = |mv| {
            let mut next = pos.clone();
            next.play(mv).ok()?;
            Some(proof::immediate_wins(&next).len())
        };
        let fewest = proof::actions(&pos)
            .into_iter()
            .filter_map(wins_after)
            .min()
            .unwrap();
        let defence = proof::longest_defence(&pos, 1).expect("a defence");
        assert_eq!(wins_after(defence), Some(fewest), "{puzzle}: {defence}");
        checked += 1;
    }
    assert!(checked > 0);
}
