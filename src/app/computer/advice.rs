//! The engine's advice at a position: the one move that the hint names and
//! the analysis lists first, from the same search.

use crate::ai::Report;
use crate::app::game::threats::exposed;
use crate::core::{Move, Position};

/// The move to advise at `position` after the search of `report`: the
/// engine's best, unless its preview would warn that the opponent can
/// capture it at once while another move exists that it would not; then
/// the best of those by the search's chance after it (its share of the
/// search next), or, among moves the search did not look at, the first. A
/// proven win is advised as it is: a stone taken back does not undo it.
pub fn advice(report: &Report, position: &Position) -> Option<Move> {
    let best = report.best?;
    if report.proven == Some(true) || exposed(position, best).is_empty() {
        return Some(best);
    }
    let size = position.size();
    let empty = |i: &usize| position.get(size.square(*i)).is_none();
    let searched = |i: usize| report.heat.get(i).is_some_and(|&share| share > 0.0);
    let mut order: Vec<usize> = (0..size.area()).filter(empty).collect();
    let worth = |i: usize| {
        let win = report.wins.get(i).copied().unwrap_or(0.0);
        let share = report.heat.get(i).copied().unwrap_or(0.0);
        (searched(i), win, share)
    };
    // Searched moves first, the best worth first; the others in board order.
    order.sort_by(|&a, &b| {
        worth(b)
            .partial_cmp(&worth(a))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let safe = order
        .into_iter()
        .map(|i| Move::Place(size.square(i)))
        .filter(|&mv| mv != best && position.preview(mv).is_ok())
        .find(|&mv| exposed(position, mv).is_empty());
    Some(safe.unwrap_or(best))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{BoardSize, Game, Player, Rules, parse_moves_on};

    /// A report of a search that favours `best`, with chances `wins`.
    fn report(position: &Position, best: Move, wins: &[(Move, f32)]) -> Report {
        let size = position.size();
        let mut heat = vec![0.0; size.area()];
        let mut chances = vec![0.0; size.area()];
        for &(mv, win) in wins {
            if let Move::Place(sq) = mv {
                heat[size.index(sq)] = 0.1;
                chances[size.index(sq)] = win;
            }
        }
        Report {
            size,
            iterations: 1_000,
            nodes: 1_000,
            best: Some(best),
            win: 0.5,
            proven: None,
            heat,
            wins: chances,
            swap: None,
            line: Vec::new(),
        }
    }

    #[test]
    fn a_stone_the_opponent_could_capture_at_once_is_not_advised_while_a_safe_one_exists() {
        let size = BoardSize::new(5).unwrap();
        let moves = parse_moves_on("c3 b3 c2", size).unwrap();
        let game = Game::from_moves(size, Rules::default(), Player::One, &moves).unwrap();
        let position = game.position();
        let legal: Vec<Move> = size
            .squares()
            .map(Move::Place)
            .filter(|&mv| position.preview(mv).is_ok())
            .collect();
        let (exposed_moves, safe): (Vec<Move>, Vec<Move>) = legal
            .iter()
            .partition(|&&mv| !exposed(position, mv).is_empty());
        let (Some(&bad), [first, second, ..]) = (exposed_moves.first(), safe.as_slice()) else {
            panic!("the position should have both: {exposed_moves:?} {safe:?}");
        };
        // The best is exposed: the safe move with the better chance instead.
        let searched = [(bad, 0.9), (*first, 0.4), (*second, 0.6)];
        assert_eq!(
            advice(&report(position, bad, &searched), position),
            Some(*second)
        );
        // A safe best stays; a proven win stays whatever it risks.
        let safe_best = report(position, *first, &searched);
        assert_eq!(advice(&safe_best, position), Some(*first));
        let won = Report {
            proven: Some(true),
            ..report(position, bad, &searched)
        };
        assert_eq!(advice(&won, position), Some(bad));
        // Nothing searched is safe: the first safe move on the board.
        let only_bad = report(position, bad, &[(bad, 0.9)]);
        assert_eq!(advice(&only_bad, position), Some(*first));
    }
}
