//! Property tests over random games: the core against a literal, slow
//! reading of RULES.md (whole-board fill scan, flood-fill connection).

use brique::core::{
    BoardSize, Color, Game, Move, Player, Position, Record, Rules, Square, Variant, escorts,
    parse_moves,
};
use proptest::prelude::*;

/// RULES.md read literally: a board of cells, fills found by scanning every
/// square, connections by flood fill.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Reference {
    size: BoardSize,
    variant: Variant,
    cells: Vec<Option<Color>>,
}

impl Reference {
    fn new(size: BoardSize, variant: Variant) -> Reference {
        Reference {
            size,
            variant,
            cells: vec![None; size.area()],
        }
    }

    fn get(&self, sq: Square) -> Option<Color> {
        self.cells[self.size.index(sq)]
    }

    fn place(&mut self, sq: Square, color: Color) {
        self.cells[self.size.index(sq)] = Some(color);
        let fill: Vec<Square> = self
            .size
            .squares()
            .filter(|&t| {
                let guards = escorts(self.size, t);
                let can_fill = match self.variant {
                    Variant::Original => !guards.is_empty(),
                    Variant::Revised => guards.len() == 2,
                };
                can_fill
                    && guards.iter().all(|g| self.get(g) == Some(color))
                    && self.get(t) != Some(color)
            })
            .collect();
        for t in fill {
            self.cells[self.size.index(t)] = Some(color);
        }
    }

    fn connected(&self, color: Color) -> bool {
        let size = self.size;
        let mut seen = vec![false; size.area()];
        let mut stack: Vec<Square> = size
            .squares()
            .filter(|&s| self.get(s) == Some(color) && size.edge_contact(s, color).0)
            .collect();
        for s in &stack {
            seen[size.index(*s)] = true;
        }
        while let Some(s) = stack.pop() {
            if size.edge_contact(s, color).1 {
                return true;
            }
            for n in size.neighbours(s) {
                if self.get(n) == Some(color) && !seen[size.index(n)] {
                    seen[size.index(n)] = true;
                    stack.push(n);
                }
            }
        }
        false
    }

    fn empty_squares(&self) -> Vec<Square> {
        self.size
            .squares()
            .filter(|&s| self.get(s).is_none())
            .collect()
    }
}

/// The board of a position as reference cells.
fn cells_of(pos: &Position) -> Vec<Option<Color>> {
    pos.size().squares().map(|s| pos.get(s)).collect()
}

fn game_params() -> impl Strategy<Value = (u8, Variant, bool, Vec<u16>)> {
    (
        prop_oneof![3 => 5u8..=9, 1 => 10u8..=25],
        prop_oneof![Just(Variant::Original), Just(Variant::Revised)],
        any::<bool>(),
        prop::collection::vec(any::<u16>(), 0..400),
    )
}

/// Picks a legal move from `choice`: sometimes a swap when one is legal,
/// else an empty square.
fn pick(pos: &Position, choice: u16) -> Move {
    if pos.can_swap() && choice.is_multiple_of(3) {
        return Move::Swap;
    }
    let empty: Vec<Square> = pos
        .size()
        .squares()
        .filter(|&s| pos.get(s).is_none())
        .collect();
    Move::Place(empty[choice as usize % empty.len()])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Fills, captures, the invariant and the winner agree with the literal
    /// rules after every move; a board played on to the end has exactly one
    /// connected colour (the first connector in `revised`).
    #[test]
    fn random_games_follow_the_rules((n, variant, pie, choices) in game_params()) {
        let size = BoardSize::new(n).unwrap();
        let mut pos = Position::new(size, Rules { variant, pie });
        let mut reference = Reference::new(size, variant);
        for &choice in &choices {
            if pos.is_over() {
                break;
            }
            let mv = pick(&pos, choice);
            let mover = pos.to_move();
            let report = pos.play(mv).unwrap();
            if let Move::Place(sq) = mv {
                reference.place(sq, mover);
            }
            prop_assert_eq!(cells_of(&pos), reference.cells.clone());
            prop_assert_eq!(pos.first_unfilled_square(), None);
            let oracle = Color::ALL.into_iter().find(|&c| reference.connected(c));
            prop_assert_eq!(pos.winner(), oracle);
            prop_assert_eq!(report.won, oracle.is_some());
            prop_assert!(!reference.connected(mover.other()), "a move made the opponent win");
            if let Some(chain) = pos.winning_chain() {
                let winner = oracle.unwrap();
                prop_assert!(size.edge_contact(chain[0], winner).0);
                prop_assert!(size.edge_contact(*chain.last().unwrap(), winner).1);
                for pair in chain.windows(2) {
                    prop_assert!(size.neighbours(pair[0]).any(|s| s == pair[1]));
                }
                prop_assert!(chain.iter().all(|&s| pos.get(s) == Some(winner)));
            }
        }

        // Play on past the end, as if nobody had noticed, until the board is full.
        let first = pos.winner();
        let mut mover = pos.to_move();
        let mut i = 0usize;
        loop {
            let empty = reference.empty_squares();
            if empty.is_empty() {
                break;
            }
            let choice = choices.get(i).copied().unwrap_or(i as u16);
            reference.place(empty[choice as usize % empty.len()], mover);
            mover = mover.other();
            i += 1;
        }
        let connected: Vec<Color> =
            Color::ALL.into_iter().filter(|&c| reference.connected(c)).collect();
        prop_assert_eq!(connected.len(), 1, "full board: {:?}", reference);
        if variant == Variant::Revised && first.is_some() {
            prop_assert_eq!(Some(connected[0]), first);
        }
    }

    /// Undo walks back through exactly the earlier positions; redo forward.
    #[test]
    fn undo_and_redo_are_exact((n, variant, pie, choices) in game_params()) {
        let size = BoardSize::new(n).unwrap();
        let mut game = Game::new(size, Rules { variant, pie }, Player::One);
        let mut seen = vec![game.position().clone()];
        for &choice in choices.iter().take(120) {
            if game.position().is_over() {
                break;
            }
            let mv = pick(game.position(), choice);
            game.play(mv).unwrap();
            seen.push(game.position().clone());
        }
        let end = game.clone();
        for expected in seen.iter().rev().skip(1) {
            prop_assert!(game.undo().is_some());
            prop_assert_eq!(game.position(), expected);
            prop_assert_eq!(game.position().to_string(), expected.to_string());
        }
        prop_assert!(game.undo().is_none());
        while game.redo().is_some() {}
        prop_assert_eq!(game.position(), end.position());
        prop_assert_eq!(game.history(), end.history());
    }

    /// Position notation and game records round-trip, and a parsed position
    /// plays on exactly like the original.
    #[test]
    fn notation_and_records_round_trip((n, variant, pie, choices) in game_params()) {
        let size = BoardSize::new(n).unwrap();
        let mut game = Game::new(size, Rules { variant, pie }, Player::Two);
        let split = choices.len() / 2;
        for &choice in &choices[..split] {
            if game.position().is_over() {
                break;
            }
            game.play(pick(game.position(), choice)).unwrap();
        }
        let text = game.position().to_string();
        let mut parsed: Position = text.parse().unwrap();
        prop_assert_eq!(&parsed, game.position());
        let mut original = game.position().clone();
        for &choice in &choices[split..] {
            if original.is_over() {
                break;
            }
            let mv = pick(&original, choice);
            prop_assert_eq!(parsed.play(mv), original.play(mv));
            prop_assert_eq!(&parsed, &original);
        }

        let record = Record::new(["Ann Lee".to_string(), "Bo: #2".to_string()], game.clone());
        let written = record.to_string();
        let read = Record::parse(&written).unwrap();
        prop_assert_eq!(read, record);
        let moves: Vec<String> = game.moves().map(|m| m.to_string()).collect();
        prop_assert_eq!(parse_moves(&moves.join(" ")).unwrap(), game.moves().collect::<Vec<_>>());
    }

    #[test]
    fn parsing_arbitrary_text_never_panics(text in "\\PC{0,80}") {
        let _ = text.parse::<Square>();
        let _ = text.parse::<Move>();
        let _ = text.parse::<Position>();
        let _ = text.parse::<BoardSize>();
        let _ = parse_moves(&text);
        let _ = Record::parse(&text);
    }

    #[test]
    fn parsing_near_valid_text_never_panics(
        cut in 0usize..400,
        insert in "[a-zA-Z0-9 :/#\\n-]{0,12}",
    ) {
        let base = "# Brique game record\nsize: 9\nrules: revised\npie: off\nplayer1: A\n\
                    player2: B\nblack: player2\nresult: unfinished\nx-cursor: e5\n\ne5 d4 c3 swap\n";
        let at = cut % (base.len() + 1);
        let text = format!("{}{}{}", &base[..at], insert, &base[at..]);
        let _ = Record::parse(&text);
        let pos_base = "5/5/2B2/5/5 w 1 original pie";
        let at = cut % (pos_base.len() + 1);
        let text = format!("{}{}{}", &pos_base[..at], insert, &pos_base[at..]);
        let _ = text.parse::<Position>();
    }
}
