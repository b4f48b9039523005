//! `assets/solved.txt`: it parses (so a malformed table fails here, not in
//! the game), agrees with the solver on 4×4, and the engine uses it.

use brique::ai::{ProofNumberSolver, Search, SearchConfig, SolvedBoard, SolvedTable, Solver};
use brique::core::{BoardSize, Move, Position, Rules, Square, Variant};

fn shipped() -> SolvedTable {
    SolvedTable::parse(SolvedTable::shipped_text()).expect("assets/solved.txt parses")
}

fn size(n: u8) -> BoardSize {
    BoardSize::for_analysis(n).expect("size")
}

#[test]
fn the_shipped_table_parses_and_covers_4x4_to_6x6() {
    let table = shipped();
    assert_eq!(&table, SolvedTable::shipped());
    for n in 4..=6 {
        for variant in Variant::ALL {
            assert!(table.get(size(n), variant).is_some(), "{n} {variant}");
        }
    }
}

#[test]
fn the_table_agrees_with_the_solver_on_4x4() {
    let table = shipped();
    for variant in Variant::ALL {
        let mut solver = Solver::new(size(4), variant, 1 << 20).expect("a small board");
        let board = table.get(size(4), variant).expect("4×4 is in the table");
        for sq in size(4).squares() {
            assert_eq!(
                board.first_move_wins(sq),
                solver.first_move_wins(sq),
                "{variant} {sq}"
            );
        }
    }
}

#[test]
fn lines_read_back_what_they_write() {
    for board in shipped().boards() {
        assert_eq!(SolvedBoard::parse_line(&board.line()).as_ref(), Ok(board));
    }
}

#[test]
fn a_board_solved_in_part_keeps_its_unproven_squares_apart() {
    let line = "4 revised LLWW/.WWW/WW.L/WLLL b1:b2,c1:c3";
    let board = SolvedBoard::parse_line(line).expect("a board solved in part");
    assert_eq!(board.line(), line);
    assert!(!board.is_complete());
    let square = |name: &str| name.parse::<Square>().expect("a square");
    assert_eq!(board.first_move_wins(square("a3")), None);
    assert_eq!(board.first_move_wins(square("c2")), None);
    assert_eq!(board.first_move_wins(square("a1")), Some(true));
    assert_eq!(board.first_move_wins(square("d2")), Some(false));
    let winning: Vec<String> = board.winning_moves().map(|sq| sq.to_string()).collect();
    assert_eq!(winning, ["a1", "a2", "b2", "b3", "c3", "d3", "c4", "d4"]);
    // The engine decides an unproven first move by its search, as off the
    // table, and a proven one by the table.
    let table = SolvedTable::parse(line).expect("a table");
    let unproven = position(4, Variant::Revised, true, &["c2"]);
    assert_eq!(table.swaps(&unproven), None);
    let proven = position(4, Variant::Revised, true, &["a1"]);
    assert_eq!(table.swaps(&proven), Some(true));
    // Every shipped board is solved in full.
    assert!(shipped().boards().iter().all(|b| b.is_complete()));
}

#[test]
fn malformed_tables_are_refused_with_the_line_number() {
    for (text, says) in [
        ("4 original LLWL/LWLL/WLLL", "line 1: expected 4 rows of 4"),
        (
            "# note\n4 original LLWL/LWLL/WLLL/LLWX",
            "line 2: expected W, L or .",
        ),
        (
            "4 original LLWL/LWLL/.LLL/LLWL a2:c4",
            "line 1: \"a2:c4\": a2 is not proven to lose",
        ),
        ("4 modern LLWL/LWLL/WLLL/LLWL", "line 1: expected rules"),
        ("3 original LLW/LWL/WLL", "line 1: board size"),
        (
            "4 original",
            "line 1: expected a size, the rules, the rows and maybe the replies",
        ),
        (
            "4 original LLWL/LWLL/WLLL/LLWL a1:c4 x",
            "line 1: expected a size, the rules, the rows and maybe the replies",
        ),
        (
            "4 original LLWL/LWLL/WLLL/LLWL c1:b2",
            "line 1: \"c1:b2\": c1 wins",
        ),
        (
            "4 original LLWL/LWLL/WLLL/LLWL a1:a1",
            "line 1: \"a1:a1\": the reply is on the first stone",
        ),
        (
            "4 original LLWL/LWLL/WLLL/LLWL a1:c4,a1:b4",
            "line 1: \"a1:b4\": a second reply to a1",
        ),
        (
            "4 original LLWL/LWLL/WLLL/LLWL a1:e4",
            "line 1: \"e4\" in \"a1:e4\" is not a square",
        ),
        (
            "4 original LLWL/LWLL/WLLL/LLWL a1-c4",
            "line 1: expected a first move, : and a reply",
        ),
        (
            "4 original LLWL/LWLL/WLLL/LLWL\n4 original LLWL/LWLL/WLLL/LLWL",
            "line 2: a second line",
        ),
        ("4 original LLWL/LWLL/WLLL/LLWÉ", "line 1: expected 4 rows"),
    ] {
        let error = SolvedTable::parse(text).expect_err(text).to_string();
        assert!(error.starts_with(says), "{text:?}: {error}");
    }
}

fn position(n: u8, variant: Variant, pie: bool, moves: &[&str]) -> Position {
    let mut position = Position::new(size(n), Rules { variant, pie });
    for mv in moves {
        position
            .play(mv.parse().expect("a move"))
            .expect("a legal move");
    }
    position
}

#[test]
fn the_engine_opens_with_a_proven_win_without_the_pie_rule() {
    let table = shipped();
    for board in table.boards() {
        let empty = position(board.size.get(), board.variant, false, &[]);
        let search = Search::new(&empty, SearchConfig::default());
        let Some(Move::Place(sq)) = search.best_move() else {
            panic!("no first move on {}×{}", board.size, board.size);
        };
        assert_eq!(board.first_move_wins(sq), Some(true), "{sq}");
    }
}

#[test]
fn the_engine_swaps_exactly_the_winning_first_moves() {
    let table = shipped();
    for board in table.boards() {
        for sq in board.size.squares() {
            let name = sq.to_string();
            let Some(wins) = board.first_move_wins(sq) else {
                continue;
            };
            let opened = position(board.size.get(), board.variant, true, &[&name]);
            let search = Search::new(&opened, SearchConfig::default());
            let swapped = search.best_move() == Some(Move::Swap);
            assert_eq!(swapped, wins, "{name}");
        }
    }
}

#[test]
fn off_the_table_the_engine_decides_as_before() {
    let table = shipped();
    let seven = position(7, Variant::Original, false, &[]);
    assert_eq!(table.winning_opening(&seven), None);
    let later = position(4, Variant::Original, false, &["c1"]);
    assert_eq!(table.winning_opening(&later), None);
    let with_pie = position(4, Variant::Original, true, &[]);
    assert_eq!(table.winning_opening(&with_pie), None);
    let no_pie = position(4, Variant::Original, false, &["c1"]);
    assert_eq!(table.swaps(&no_pie), None);
    let square: Square = "c1".parse().expect("square");
    assert_eq!(
        table
            .get(size(4), Variant::Original)
            .and_then(|b| b.first_move_wins(square)),
        Some(true)
    );
}

/// Every losing first move on every shipped board has a reply, so the
/// computer as White plays perfectly from its first move there; up to 5×5
/// each reply is proven here to win for White: after the first stone and
/// the reply, Black to move loses (6×6 replies take minutes to hours each;
/// docs/solved.md has their runs).
#[test]
fn every_losing_first_move_has_a_reply_and_small_ones_are_proven() {
    for board in shipped().boards() {
        for first in board.size.squares() {
            assert_eq!(
                board.reply(first).is_some(),
                board.first_move_wins(first) == Some(false),
                "{}×{} {} {first}",
                board.size,
                board.size,
                board.variant
            );
        }
        if board.size.get() > 5 {
            continue;
        }
        let mut solver =
            ProofNumberSolver::new(board.size, board.variant, 64 << 20).expect("a small board");
        for first in board.size.squares() {
            let Some(reply) = board.reply(first) else {
                continue;
            };
            let moves = [first.to_string(), reply.to_string()];
            let replied = position(
                board.size.get(),
                board.variant,
                false,
                &[&moves[0], &moves[1]],
            );
            assert_eq!(
                solver.wins(&replied),
                Some(false),
                "{}×{} {}: {first} {reply}",
                board.size,
                board.size,
                board.variant
            );
        }
    }
}

#[test]
fn the_engine_answers_a_losing_first_move_with_the_recorded_reply() {
    let table = shipped();
    let board = table
        .get(size(5), Variant::Revised)
        .expect("5×5 is in the table");
    let first: Square = "b1".parse().expect("a square");
    let reply = board.reply(first).expect("b1 loses and has a reply");
    for pie in [false, true] {
        let opened = position(5, Variant::Revised, pie, &["b1"]);
        assert_eq!(table.winning_reply(&opened), Some(reply));
        let search = Search::new(&opened, SearchConfig::default());
        assert_eq!(search.best_move(), Some(Move::Place(reply)), "pie {pie}");
    }
    // Not after a winning first move, nor later in the game.
    let won = position(5, Variant::Revised, false, &["c3"]);
    assert_eq!(table.winning_reply(&won), None);
    let later = position(5, Variant::Revised, false, &["b1", "d4", "a1"]);
    assert_eq!(table.winning_reply(&later), None);
}
