//! What the keys and the mouse do on the lessons and puzzles screen, and
//! writing what the player has learnt.

use super::state::{Course, Learnt, Training};
use crate::app::action::Action;
use crate::app::message::Tone;
use crate::app::screen::{HelpOver, Screen};
use crate::app::state::App;
use crate::app::ui::text_input::TextInput;
use crate::app::update::Effect;
use crate::core::Move;
use crate::learn::{Puzzle, built_in, merged, read_puzzle_file, user_puzzles};
use crate::storage::{load_progress, save_progress};

impl App {
    /// Opens the lessons or puzzles: where the player left them, with the
    /// progress kept in the state directory.
    /// Shows the puzzles of `file` instead of the built-in set and the
    /// player's own (`brique puzzles --file`); read when the puzzles open.
    pub fn use_puzzle_file(&mut self, file: Option<std::path::PathBuf>) {
        self.puzzle_file = file;
    }

    pub fn open_training(&mut self, course: Course) {
        self.enter_training(Some(course));
    }

    /// [`App::open_training`], in the course the player left off in
    /// (`None`: `e`).
    pub(in crate::app) fn enter_training(&mut self, course: Option<Course>) {
        if let Some(training) = &mut self.training {
            if course.is_some_and(|c| c != training.course()) {
                training.switch_course();
            }
            self.screen = Screen::Training;
            return;
        }
        let progress = match self.files.paths().map(|p| load_progress(&p.progress())) {
            Some(Ok(progress)) => Some(progress),
            Some(Err(e)) => {
                self.say(
                    Tone::Warning,
                    format!("{e}. Your progress in lessons and puzzles is not kept this time."),
                );
                None
            }
            None => {
                self.say(
                    Tone::Warning,
                    "Nothing is kept here (no home directory, or a guest's session), so progress in lessons and puzzles is not kept.",
                );
                None
            }
        };
        let puzzles = self.puzzle_set();
        match Training::open(course, progress, puzzles) {
            Ok(training) => {
                self.training = Some(training);
                self.screen = Screen::Training;
            }
            Err(e) => self.say(Tone::Error, format!("The lessons cannot open: {e}.")),
        }
    }

    /// The puzzles to show: the file of `brique puzzles --file`, else the
    /// built-in set and the player's own. A file that cannot be read is
    /// said, and the built-in set shown instead.
    fn puzzle_set(&mut self) -> Vec<Puzzle> {
        let built_in = built_in().unwrap_or_default();
        let own = self.files.paths().map(user_puzzles).filter(|p| p.exists());
        let usual = match own.as_deref().map(read_puzzle_file) {
            Some(Ok(own)) => merged(built_in, own),
            Some(Err(e)) => {
                self.say(
                    Tone::Warning,
                    format!("{e}. Your own puzzles are left out."),
                );
                built_in
            }
            None => built_in,
        };
        let Some(file) = self.puzzle_file.clone() else {
            return usual;
        };
        match read_puzzle_file(&file) {
            Ok(puzzles) if !puzzles.is_empty() => merged(Vec::new(), puzzles),
            Ok(_) => {
                let text = format!(
                    "{} holds no puzzle: here are the usual ones.",
                    file.display()
                );
                self.say(Tone::Warning, text);
                usual
            }
            Err(e) => {
                self.say(Tone::Warning, format!("{e}. Here are the usual puzzles."));
                usual
            }
        }
    }

    pub(in crate::app) fn on_training(&mut self, action: Action) -> Vec<Effect> {
        let Some(training) = &mut self.training else {
            self.screen = Screen::Board;
            return Vec::new();
        };
        let place = training.place();
        let learnt = match action {
            Action::MoveCursor(direction) => {
                training.step_cursor(direction);
                Learnt::Nothing
            }
            Action::Place => training.play(Move::Place(training.cursor())),
            Action::Swap => training.play(Move::Swap),
            Action::Click { column, row } => {
                let size = training.position().size();
                match self.board.square_at(column, row, size) {
                    Some(sq) => {
                        training.set_cursor(sq);
                        training.play(Move::Place(sq))
                    }
                    None => Learnt::Nothing,
                }
            }
            Action::Hover { column, row } => {
                let size = training.position().size();
                if let Some(sq) = self.board.square_at(column, row, size) {
                    training.set_cursor(sq);
                }
                Learnt::Nothing
            }
            Action::NextItem | Action::PrevItem => {
                training.step(action == Action::NextItem);
                Learnt::Nothing
            }
            Action::Retry => {
                training.retry();
                Learnt::Nothing
            }
            Action::PuzzleDepth(n) => {
                training.to_depth(n);
                Learnt::Nothing
            }
            Action::OpenGoTo => {
                self.screen = Screen::TrainingGoTo(TextInput::new("", 4));
                Learnt::Nothing
            }
            Action::ToggleHelp => {
                self.screen = Screen::Help {
                    scroll: 0,
                    over: HelpOver::Training,
                };
                Learnt::Nothing
            }
            Action::SwitchCourse => {
                training.switch_course();
                Learnt::Nothing
            }
            Action::Close => {
                self.screen = Screen::Board;
                Learnt::Nothing
            }
            _ => Learnt::Nothing,
        };
        // A new place is kept too, for `e` to reopen there.
        let moved = self.training.as_ref().is_some_and(|t| t.place() != place);
        match learnt {
            Learnt::Progress => vec![Effect::SaveProgress],
            Learnt::Nothing if moved => vec![Effect::SaveProgress],
            Learnt::Nothing => Vec::new(),
        }
    }

    /// The `:` prompt answered: the cursor goes to the square named, or
    /// the lesson or puzzle numbered.
    pub(in crate::app) fn training_go_to(&mut self, text: &str) -> Vec<Effect> {
        let Some(size) = self.training.as_ref().map(|t| t.position().size()) else {
            self.screen = Screen::Board;
            return Vec::new();
        };
        if let (Ok(number), Some(training)) = (text.trim().parse::<usize>(), &mut self.training) {
            return match training.to_number(number) {
                Ok(()) => {
                    self.screen = Screen::Training;
                    vec![Effect::SaveProgress]
                }
                Err(why) => {
                    self.say(Tone::Error, why);
                    Vec::new()
                }
            };
        }
        match self.square_named(text, size) {
            Ok(sq) => {
                if let Some(training) = &mut self.training {
                    training.set_cursor(sq);
                }
                self.screen = Screen::Training;
            }
            Err(why) => self.say(Tone::Error, why),
        }
        Vec::new()
    }

    /// Writes the lessons done and puzzles solved; a failure is said, and
    /// the progress stays in memory.
    pub(in crate::app) fn save_progress(&mut self) {
        let (Some(training), Some(paths)) = (&self.training, self.files.paths()) else {
            return;
        };
        if !training.keeps_progress() {
            return;
        }
        if let Err(e) = save_progress(&paths.progress(), training.progress()) {
            self.say(Tone::Warning, format!("Progress not saved: {e}."));
        }
    }
}
