//! Which unfinished game is worth keeping as a record when another game
//! takes the autosave's place: one that holds a move by a person, and is
//! not already in the file it was opened from. Demos and games nobody
//! touched would only pile up in the saved games.

use std::path::Path;

use super::state::RECORD_KEY;
use crate::app::config::engine::Mode;
use crate::core::{Player, Record};

/// Whether `record` (the autosave's game) should be kept as a record;
/// `stored` reads the file it says it came from, if it can.
pub(in crate::app) fn worth_keeping(
    record: &Record,
    stored: impl Fn(&Path) -> Option<Record>,
) -> bool {
    person_moved(record) && !already_stored(record, stored)
}

/// Whether a person made a move: the players alternate from the one who
/// held Black first; against the computer the person is Player 1.
fn person_moved(record: &Record) -> bool {
    let moves = record.game.moves().len();
    let mode = record.extra("x-mode").and_then(Mode::from_key);
    match mode.unwrap_or_default() {
        Mode::HumanVsHuman => moves > 0,
        Mode::HumanVsComputer if record.game.first_black() == Player::One => moves > 0,
        Mode::HumanVsComputer => moves > 1,
        Mode::ComputerVsComputer => false,
    }
}

/// Whether the file the game was opened from holds these very moves.
fn already_stored(record: &Record, stored: impl Fn(&Path) -> Option<Record>) -> bool {
    record
        .extra(RECORD_KEY)
        .and_then(|file| stored(Path::new(file)))
        .is_some_and(|file| file.game.moves().eq(record.game.moves()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{BoardSize, Game, Move, Rules, Square};

    fn record(mode: &str, black: Player, moves: &[&str]) -> Record {
        let mut game = Game::new(BoardSize::DEFAULT, Rules::default(), black);
        for mv in moves {
            let sq: Square = mv.parse().unwrap();
            game.play(Move::Place(sq)).unwrap();
        }
        let mut record = Record::new(["Ann".into(), "Bob".into()], game);
        record.set_extra("x-mode", mode);
        record
    }

    fn nowhere(_: &Path) -> Option<Record> {
        None
    }

    #[test]
    fn only_games_with_a_move_by_a_person_are_kept() {
        assert!(!worth_keeping(
            &record("human-vs-human", Player::One, &[]),
            nowhere
        ));
        assert!(worth_keeping(
            &record("human-vs-human", Player::One, &["h8"]),
            nowhere
        ));
        let demo = record("computer-vs-computer", Player::One, &["h8", "c3", "d4"]);
        assert!(!worth_keeping(&demo, nowhere));
        // The computer opened with Black: its stone alone is nobody's game.
        let opened = record("human-vs-computer", Player::Two, &["h8"]);
        assert!(!worth_keeping(&opened, nowhere));
        let answered = record("human-vs-computer", Player::Two, &["h8", "c3"]);
        assert!(worth_keeping(&answered, nowhere));
        let first = record("human-vs-computer", Player::One, &["h8"]);
        assert!(worth_keeping(&first, nowhere));
    }

    #[test]
    fn a_game_already_in_its_file_is_not_kept_twice() {
        let mut autosave = record("human-vs-human", Player::One, &["h8", "c3"]);
        autosave.set_extra(RECORD_KEY, "/games/a.brique");
        let same = autosave.clone();
        assert!(!worth_keeping(&autosave, |_| Some(same.clone())));
        let shorter = record("human-vs-human", Player::One, &["h8"]);
        assert!(worth_keeping(&autosave, |_| Some(shorter.clone())));
        assert!(worth_keeping(&autosave, nowhere), "the file is gone");
    }
}
