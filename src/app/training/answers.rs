//! What the keys and the mouse do on the lessons and puzzles screen, and
//! writing what the player has learnt.

use std::path::Path;

use super::state::{Course, Learnt, Training};
use crate::app::action::Action;
use crate::app::flow::effect::Effect;
use crate::app::flow::outcome::Outcome;
use crate::app::game::board_view::{BoardView, SquareNameError};
use crate::app::message::Tone;
use crate::app::screen::{HelpOver, Screen};
use crate::app::ui::text_input::TextInput;
use crate::core::{BoardSize, Move, Square};
use crate::learn::{Puzzle, built_in, merged, read_puzzle_file, user_puzzles};
use crate::storage::{Paths, load_progress, save_progress};

impl Training {
    /// Opens the lessons or puzzles in `training` on `screen`, in `course`
    /// (`None`: where the player left off, `e`), with the progress kept in
    /// the state directory of `paths`; `puzzle_file`: the puzzles of
    /// `brique puzzles --file`, shown instead of the usual ones.
    pub(in crate::app) fn enter(
        training: &mut Option<Training>,
        course: Option<Course>,
        paths: Option<&Paths>,
        puzzle_file: Option<&Path>,
        screen: &mut Screen,
    ) -> Outcome {
        let mut out = Outcome::none();
        if let Some(training) = training {
            if course.is_some_and(|c| c != training.course()) {
                training.switch_course();
            }
            *screen = Screen::Training;
            return out;
        }
        let progress = match paths.map(|p| load_progress(&p.progress())) {
            Some(Ok(progress)) => Some(progress),
            Some(Err(e)) => {
                out.say(
                    Tone::Warning,
                    format!("{e}. Your progress in lessons and puzzles is not kept this time."),
                );
                None
            }
            None => {
                out.say(
                    Tone::Warning,
                    "Nothing is kept here (no home directory, or a guest's session), so progress in lessons and puzzles is not kept.",
                );
                None
            }
        };
        let puzzles = puzzle_set(paths, puzzle_file, &mut out);
        match Training::open(course, progress, puzzles) {
            Ok(opened) => {
                *training = Some(opened);
                *screen = Screen::Training;
            }
            Err(e) => out.say(Tone::Error, format!("The lessons cannot open: {e}.")),
        }
        out
    }

    /// The keys and the mouse on the lessons and puzzles screen; `board`
    /// finds the square under the mouse.
    pub(in crate::app) fn handle(
        &mut self,
        action: Action,
        screen: &mut Screen,
        board: &BoardView,
    ) -> Outcome {
        let place = self.place();
        let learnt = match action {
            Action::MoveCursor(direction) => {
                self.step_cursor(direction);
                Learnt::Nothing
            }
            Action::Place => self.play(Move::Place(self.cursor())),
            Action::Swap => self.play(Move::Swap),
            Action::Click { column, row } => {
                let size = self.position().size();
                match board.square_at(column, row, size) {
                    Some(sq) => {
                        self.set_cursor(sq);
                        self.play(Move::Place(sq))
                    }
                    None => Learnt::Nothing,
                }
            }
            Action::Hover { column, row } => {
                let size = self.position().size();
                if let Some(sq) = board.square_at(column, row, size) {
                    self.set_cursor(sq);
                }
                Learnt::Nothing
            }
            Action::NextItem | Action::PrevItem => {
                self.step(action == Action::NextItem);
                Learnt::Nothing
            }
            Action::Retry => {
                self.retry();
                Learnt::Nothing
            }
            Action::PuzzleDepth(n) => {
                self.to_depth(n);
                Learnt::Nothing
            }
            Action::OpenGoTo => {
                *screen = Screen::TrainingGoTo(TextInput::new("", 4));
                Learnt::Nothing
            }
            Action::ToggleHelp => {
                *screen = Screen::Help {
                    scroll: 0,
                    over: HelpOver::Training,
                };
                Learnt::Nothing
            }
            Action::SwitchCourse => {
                self.switch_course();
                Learnt::Nothing
            }
            Action::Close => {
                *screen = Screen::Board;
                Learnt::Nothing
            }
            _ => Learnt::Nothing,
        };
        // A new place is kept too, for `e` to reopen there.
        let moved = self.place() != place;
        match learnt {
            Learnt::Progress => Outcome::effect(Effect::SaveProgress),
            Learnt::Nothing if moved => Outcome::effect(Effect::SaveProgress),
            Learnt::Nothing => Outcome::none(),
        }
    }

    /// The `:` prompt answered: the cursor goes to the square named
    /// (`square`: how `text` reads as one), or the lesson or puzzle
    /// numbered.
    pub(in crate::app) fn go_to(
        &mut self,
        text: &str,
        square: impl FnOnce(&str, BoardSize) -> Result<Square, SquareNameError>,
        screen: &mut Screen,
    ) -> Outcome {
        let mut out = Outcome::none();
        if let Ok(number) = text.trim().parse::<usize>() {
            match self.to_number(number) {
                Ok(()) => {
                    *screen = Screen::Training;
                    out.push(Effect::SaveProgress);
                }
                Err(why) => out.say(Tone::Error, why.to_string()),
            }
            return out;
        }
        match square(text, self.position().size()) {
            Ok(sq) => {
                self.set_cursor(sq);
                *screen = Screen::Training;
            }
            Err(why) => out.say(Tone::Error, why.to_string()),
        }
        out
    }

    /// Writes the lessons done and puzzles solved to `paths`; a failure is
    /// said, and the progress stays in memory.
    pub(in crate::app) fn save_progress(&self, paths: Option<&Paths>) -> Outcome {
        let mut out = Outcome::none();
        let Some(paths) = paths else {
            return out;
        };
        if !self.keeps_progress() {
            return out;
        }
        if let Err(e) = save_progress(&paths.progress(), self.progress()) {
            out.say(Tone::Warning, format!("Progress not saved: {e}."));
        }
        out
    }
}

/// The puzzles to show: the file of `brique puzzles --file`, else the
/// built-in set and the player's own. A file that cannot be read is said,
/// and the built-in set shown instead.
fn puzzle_set(paths: Option<&Paths>, file: Option<&Path>, out: &mut Outcome) -> Vec<Puzzle> {
    let built_in = built_in().unwrap_or_default();
    let own = paths.map(user_puzzles).filter(|p| p.exists());
    let usual = match own.as_deref().map(read_puzzle_file) {
        Some(Ok(own)) => merged(built_in, own),
        Some(Err(e)) => {
            out.say(
                Tone::Warning,
                format!("{e}. Your own puzzles are left out."),
            );
            built_in
        }
        None => built_in,
    };
    let Some(file) = file else {
        return usual;
    };
    match read_puzzle_file(file) {
        Ok(puzzles) if !puzzles.is_empty() => merged(Vec::new(), puzzles),
        Ok(_) => {
            let text = format!(
                "{} holds no puzzle: here are the usual ones.",
                file.display()
            );
            out.say(Tone::Warning, text);
            usual
        }
        Err(e) => {
            out.say(Tone::Warning, format!("{e}. Here are the usual puzzles."));
            usual
        }
    }
}
