//! The welcome of a first start: one line of the goal, then how to begin
//! (the lessons, the computer on 9×9, two players at one keyboard, the usual
//! 15×15, people online, where this session may play online). `?` opens
//! the help over it. Shown once: a start with no config file, no unfinished game and
//! no mark in the state directory that it was answered; any choice leaves
//! that mark.

pub(in crate::app) mod view;

use crate::app::action::{Action, FirstGame};
use crate::app::config::engine::Mode;
use crate::app::flow::effect::Effect;
use crate::app::message::Tone;
use crate::app::screen::{HelpOver, Screen};
use crate::app::state::App;
use crate::app::training::state::Course;
use crate::core::BoardSize;
use crate::storage::atomic_write;

/// The file in the state directory that says the welcome was answered.
pub const WELCOMED: &str = "welcomed";

/// The small board of a first game.
fn first_size() -> BoardSize {
    BoardSize::new(9).unwrap_or(BoardSize::MIN)
}

impl App {
    /// Opens the welcome if this is a first start: no config file, no
    /// game resumed, nothing else open, the welcome never answered. Called
    /// once at start-up, after the saved games are opened. Where nothing
    /// is kept (a guest's session) every start is a first one.
    pub fn welcome_if_first_start(&mut self) {
        let config_missing = self
            .config_file
            .path()
            .is_none_or(|path| std::fs::symlink_metadata(path).is_err());
        let answered = self
            .files
            .paths()
            .is_some_and(|paths| std::fs::symlink_metadata(paths.state_dir.join(WELCOMED)).is_ok());
        let game_started = self.game().moves().len() > 0;
        if config_missing && !answered && !game_started && self.screen == Screen::Board {
            self.screen = Screen::Welcome;
        }
    }

    pub(in crate::app) fn on_welcome(&mut self, action: Action) -> Vec<Effect> {
        if action == Action::ToggleHelp {
            self.screen = Screen::Help {
                scroll: 0,
                over: HelpOver::Welcome,
            };
            return Vec::new();
        }
        // A way not offered (online play, to a guest) is not taken either.
        let Action::Begin(choice) = action else {
            return Vec::new();
        };
        if !self.offers(action) {
            return Vec::new();
        }
        self.screen = Screen::Board;
        let mut effects = vec![Effect::MarkWelcomed];
        let mode = match choice {
            FirstGame::Learn => {
                effects.push(Effect::OpenTraining(Some(Course::Lessons)));
                return effects;
            }
            FirstGame::Online => {
                effects.extend(self.open_online());
                return effects;
            }
            FirstGame::Usual => {
                self.say(
                    Tone::Info,
                    format!(
                        "Black moves first: place a stone with {}. Help: {}.",
                        self.key(Action::Place),
                        self.key(Action::ToggleHelp)
                    ),
                );
                return effects;
            }
            FirstGame::Computer => Mode::HumanVsComputer,
            FirstGame::TwoPlayers => Mode::HumanVsHuman,
        };
        let old = Box::new(self.config.clone());
        self.config.game.size = first_size();
        self.config.engine.mode = mode;
        self.start_new_game();
        let said = match mode {
            Mode::HumanVsComputer => "You play Black against the computer on 9×9. ",
            _ => "Two players at one keyboard on 9×9: Black moves first. ",
        };
        effects.push(Effect::SaveConfig {
            old,
            said: said.to_string(),
        });
        effects
    }
}

/// Leaves the mark that the welcome was answered in the state directory of
/// `paths` (a failure only means that it is shown again next time).
pub(in crate::app) fn mark_welcomed(paths: Option<&crate::storage::Paths>) {
    if let Some(paths) = paths {
        let _ = std::fs::create_dir_all(&paths.state_dir);
        let _ = atomic_write(&paths.state_dir.join(WELCOMED), b"");
    }
}
