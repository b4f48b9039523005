//! The one state of the game screen, and the one function that changes it.

use ratatui::crossterm::event::Event;

use super::action::Action;
use super::computer::Computer;
use super::config::Config;
use super::config_file::{ConfigFile, Loaded, Notice};
use super::history::PastView;
use super::input::action_for;
use super::keymap::{Context, key_for};
use super::persistence::Files;
use super::settings::SettingsForm;
use super::text_input::TextInput;
use super::theme::Theme;
use super::view::help_max_scroll;
use crate::core::{BoardSize, Game, Move, Square};
use ratatui::layout::Rect;

/// What is open on top of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    Board,
    Help {
        scroll: u16,
    },
    Notice(Notice),
    Confirm(Question),
    /// The prompt that jumps the cursor to a named square.
    GoTo(TextInput),
    Settings(SettingsForm),
    /// The file name prompt of a record being saved.
    SaveAs(TextInput),
    /// The saved records, one of them selected.
    Records {
        selected: usize,
    },
    /// Wins per player and the recent games.
    Results {
        scroll: u16,
    },
}

/// A yes/no question asked before losing a game in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    NewGame,
    Quit,
    /// Play `mv` in the earlier position shown, discarding the later moves.
    Branch {
        mv: Move,
        discards: usize,
    },
    /// Replace the file a record is being saved to.
    Replace,
    /// Open a record though the game on screen is not saved anywhere.
    Open,
}

/// How a message on the status line is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    Info,
    Success,
    Warning,
    Error,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub text: String,
    pub level: Level,
}

/// The game screen: settings, the game, the cursor and what is open.
#[derive(Clone, Debug)]
pub struct App {
    pub(super) config: Config,
    pub(super) config_file: ConfigFile,
    pub(super) no_color: bool,
    pub(super) theme: Theme,
    pub(super) game: Game,
    pub(super) cursor: Square,
    pub(super) screen: Screen,
    pub(super) message: Option<Message>,
    /// The terminal size last reported, to map mouse positions to squares.
    pub(super) terminal: (u16, u16),
    /// How many lines the move list is scrolled up from its end.
    pub(super) moves_scroll: usize,
    pub(super) quit: bool,
    /// The computer opponent: its searches, hints and analysis.
    pub(super) computer: Computer,
    /// The names of the game's Player 1 and Player 2 (a record's own).
    pub(super) names: [String; 2],
    /// The autosave, records and results, and what they hold.
    pub(super) files: Files,
    /// An earlier position being looked at.
    pub(super) view: Option<PastView>,
}

impl App {
    /// An app with the settings read at start-up; `no_color` is whether the
    /// `NO_COLOR` variable is set. Problems reading the settings are shown first.
    pub fn new(loaded: Loaded, no_color: bool) -> App {
        let config = loaded.config;
        let game = new_game(&config);
        App {
            theme: Theme::new(config.display.theme, no_color),
            cursor: centre(game.size()),
            game,
            computer: Computer::new(config.engine.mode, config.engine.level),
            names: config.players.names.clone(),
            files: Files::default(),
            view: None,
            config,
            config_file: loaded.file,
            no_color,
            screen: loaded.notice.map_or(Screen::Board, Screen::Notice),
            message: None,
            terminal: (0, 0),
            moves_scroll: 0,
            quit: false,
        }
    }

    /// An app with these settings that never saves them (for tests and
    /// when no config location is known).
    pub fn with_config(config: Config) -> App {
        App::new(
            Loaded {
                config,
                file: ConfigFile::nowhere(),
                notice: None,
            },
            false,
        )
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    pub fn config_file(&self) -> &ConfigFile {
        &self.config_file
    }

    pub fn theme(&self) -> Theme {
        self.theme
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn cursor(&self) -> Square {
        self.cursor
    }

    pub fn screen(&self) -> &Screen {
        &self.screen
    }

    pub fn message(&self) -> Option<&Message> {
        self.message.as_ref()
    }

    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The name of Player 1 or Player 2.
    pub fn name(&self, player: crate::core::Player) -> &str {
        if let Some(name) = self.computer_name(player) {
            return name;
        }
        &self.names[player.index()]
    }

    /// Whether leaving now would lose a game: moves played, nobody has won.
    pub fn game_in_progress(&self) -> bool {
        self.game.can_undo() && !self.game.position().is_over()
    }

    /// What the keyboard is talking to now.
    pub fn context(&self) -> Context {
        match &self.screen {
            Screen::Board => Context::Board,
            Screen::Help { .. } => Context::Help,
            Screen::Notice(_) => Context::Notice,
            Screen::Confirm(_) => Context::Confirm,
            Screen::GoTo(_) => Context::GoTo,
            Screen::Settings(form) if form.focus.is_text() => Context::SettingsText,
            Screen::Settings(_) => Context::SettingsChoice,
            Screen::SaveAs(_) => Context::SaveAs,
            Screen::Records { .. } => Context::Records,
            Screen::Results { .. } => Context::Results,
        }
    }

    /// Handles a terminal event: a key through the keymap, the mouse, a resize.
    pub fn handle_event(&mut self, event: &Event) {
        if let Some(action) = action_for(self.context(), event) {
            self.update(action);
        }
    }

    /// How the board's key for `action` is written, for messages that name it.
    pub(super) fn key(&self, action: Action) -> String {
        key_for(Context::Board, action, self.theme)
    }

    pub(super) fn say(&mut self, level: Level, text: impl Into<String>) {
        self.message = Some(Message {
            text: text.into(),
            level,
        });
    }

    /// The one place the state changes.
    pub fn update(&mut self, action: Action) {
        self.react(action);
        self.sync_engine();
        self.keep_files();
    }

    fn react(&mut self, action: Action) {
        match action {
            // The engine's progress is taken in by `sync_engine`.
            Action::Tick => return,
            Action::Resize { width, height } => {
                self.terminal = (width, height);
                return;
            }
            Action::Hover { column, row } => {
                self.hover(column, row);
                return;
            }
            // A new request replaces the previous message.
            _ => self.message = None,
        }
        if action == Action::Quit {
            return self.quit_requested();
        }
        match &mut self.screen {
            Screen::Board => self.on_board(action),
            Screen::Help { scroll } => match action {
                Action::Close | Action::ToggleHelp => self.screen = Screen::Board,
                Action::ScrollUp => *scroll = scroll.saturating_sub(1),
                Action::ScrollDown => {
                    let (width, height) = self.terminal;
                    let max = help_max_scroll(self.theme, Rect::new(0, 0, width, height));
                    *scroll = scroll.saturating_add(1).min(max);
                }
                _ => {}
            },
            Screen::Notice(_) => {
                if action == Action::Close {
                    self.screen = Screen::Board;
                }
            }
            Screen::Confirm(question) => {
                let question = *question;
                match action {
                    Action::Yes => {
                        self.screen = Screen::Board;
                        match question {
                            Question::NewGame => self.start_new_game(),
                            Question::Quit => self.quit = true,
                            Question::Branch { mv, .. } => self.branch(mv),
                            Question::Replace | Question::Open => self.files_question_yes(),
                        }
                    }
                    Action::No | Action::Close => self.declined(),
                    _ => {}
                }
            }
            Screen::GoTo(input) => match action {
                Action::Edit(edit) => {
                    input.edit(edit);
                }
                Action::Submit => {
                    let text = input.text().to_string();
                    self.go_to(&text);
                }
                Action::Close => self.screen = Screen::Board,
                _ => {}
            },
            Screen::Settings(form) => match action {
                Action::NextField => form.focus_step(true),
                Action::PrevField => form.focus_step(false),
                Action::NextValue => form.change(true),
                Action::PrevValue => form.change(false),
                Action::Edit(edit) => {
                    form.edit(edit);
                }
                Action::Revert => form.revert(),
                Action::Close | Action::Submit => {
                    self.leave_settings();
                }
                _ => {}
            },
            Screen::SaveAs(_) => self.on_save_prompt(action),
            Screen::Records { .. } => self.on_records(action),
            Screen::Results { .. } => self.on_results(action),
        }
    }

    /// `q`: quits at once unless a game would be lost; asked twice, quits.
    fn quit_requested(&mut self) {
        if matches!(self.screen, Screen::Settings(_)) && !self.leave_settings() {
            return;
        }
        // A demo is not a game anyone would lose.
        let demo = self.mode() == super::engine_config::Mode::ComputerVsComputer;
        if self.screen == Screen::Confirm(Question::Quit) || !self.game_in_progress() || demo {
            self.quit = true;
        } else {
            self.screen = Screen::Confirm(Question::Quit);
        }
    }

    /// Starts a game with the current settings.
    pub(super) fn start_new_game(&mut self) {
        self.names = self.config.players.names.clone();
        self.set_game(new_game(&self.config));
        self.files_for_new_game();
        self.reset_computer();
    }

    /// Replaces the game (e.g. a new one, or one loaded from a record).
    pub fn set_game(&mut self, game: Game) {
        if game.size() != self.game.size() || !game.size().contains(self.cursor) {
            self.cursor = centre(game.size());
        }
        self.game = game;
        self.moves_scroll = 0;
    }
}

fn new_game(config: &Config) -> Game {
    Game::new(config.game.size, config.game.rules(), config.players.black)
}

/// The middle square, where the cursor starts.
pub(super) fn centre(size: BoardSize) -> Square {
    let mid = size.get() / 2;
    Square::new(mid, mid)
}
