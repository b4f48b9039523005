//! What the keys and the mouse do on the lessons and puzzles screen, and
//! writing what the player has learnt.

use super::state::{Course, Learnt, Training};
use crate::app::action::Action;
use crate::app::message::Tone;
use crate::app::screen::Screen;
use crate::app::state::App;
use crate::app::ui::text_input::TextInput;
use crate::app::update::Effect;
use crate::core::Move;
use crate::storage::{load_progress, save_progress};

impl App {
    /// Opens the lessons or puzzles: where the player left them, with the
    /// progress kept in the state directory.
    pub fn open_training(&mut self, course: Course) {
        if let Some(training) = &mut self.training {
            if training.course() != course {
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
                    "No home directory is known, so progress in lessons and puzzles is not kept.",
                );
                None
            }
        };
        match Training::open(course, progress) {
            Ok(training) => {
                self.training = Some(training);
                self.screen = Screen::Training;
            }
            Err(e) => self.say(Tone::Error, format!("The lessons cannot open: {e}.")),
        }
    }

    pub(in crate::app) fn on_training(&mut self, action: Action) -> Vec<Effect> {
        let Some(training) = &mut self.training else {
            self.screen = Screen::Board;
            return Vec::new();
        };
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
            Action::OpenGoTo => {
                self.screen = Screen::TrainingGoTo(TextInput::new("", 4));
                Learnt::Nothing
            }
            Action::ToggleHelp => {
                self.screen = Screen::Help {
                    scroll: 0,
                    over_training: true,
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
        match learnt {
            Learnt::Progress => vec![Effect::SaveProgress],
            Learnt::Nothing => Vec::new(),
        }
    }

    /// The `:` prompt answered: the cursor goes to the square named.
    pub(in crate::app) fn training_go_to(&mut self, text: &str) {
        let Some(size) = self.training.as_ref().map(|t| t.position().size()) else {
            self.screen = Screen::Board;
            return;
        };
        match self.square_named(text, size) {
            Ok(sq) => {
                if let Some(training) = &mut self.training {
                    training.set_cursor(sq);
                }
                self.screen = Screen::Training;
            }
            Err(why) => self.say(Tone::Error, why),
        }
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
