//! What the keys and the mouse do on the board, and the moves they make.

use crate::app::action::Action;
use crate::app::message::{Tone, wins};
use crate::app::network::form::NetForm;
use crate::app::screen::{Question, Screen};
use crate::app::settings::form::SettingsForm;
use crate::app::state::{App, new_game};
use crate::app::training::state::Course;
use crate::app::ui::layout;
use crate::app::ui::text_input::TextInput;
use crate::core::{Game, Move, PlayError, Quoted, Square};

impl App {
    pub(in crate::app) fn on_board(&mut self, action: Action) {
        if self.network_board(action)
            || self.computer_action(action)
            || self.played_in_the_past(action)
        {
            return;
        }
        let size = self.game().size();
        match action {
            Action::MoveCursor(direction) => self.board.step_cursor(direction, size),
            Action::Place => self.place(self.cursor()),
            Action::Click { column, row } => {
                if let Some(sq) = self.board.square_at(column, row, size) {
                    self.board.set_cursor(sq);
                    self.place(sq);
                } else if let Some(number) = self.move_clicked(column, row) {
                    // A move in the list: the position after it.
                    self.board.show_ply(self.session.game(), number);
                }
            }
            Action::Swap => self.swap(),
            Action::Undo => match self.session.undo() {
                Some(mv) => {
                    if let Move::Place(sq) = mv {
                        self.board.set_cursor(sq);
                    }
                    let redo = self.key(Action::Redo);
                    self.say(Tone::Info, format!("Undid {mv}. {redo} redoes it."));
                }
                None => self.say(Tone::Warning, "Nothing to undo."),
            },
            Action::Redo => match self.session.redo() {
                Some(report) => {
                    if let Move::Place(sq) = report.mv {
                        self.board.set_cursor(sq);
                    }
                    self.say(Tone::Info, format!("Redid {}.", report.mv));
                }
                None => self.say(Tone::Warning, "Nothing to redo."),
            },
            Action::NewGame => {
                if self.game_in_progress() {
                    self.screen = Screen::Confirm(Question::NewGame);
                } else {
                    self.start_new_game();
                }
            }
            Action::OpenSettings => {
                self.screen = Screen::Settings(Box::new(SettingsForm::new(&self.config)))
            }
            Action::ToggleHelp => self.screen = Screen::Help { scroll: 0 },
            Action::OpenGoTo => self.screen = Screen::GoTo(TextInput::new("", 4)),
            Action::OpenHost => self.open_net_form(NetForm::host()),
            Action::OpenJoin => self.open_net_form(NetForm::join()),
            Action::ScrollUp | Action::ScrollDown => {
                let moves = self.game().history().len();
                let up = action == Action::ScrollUp;
                self.board.scroll_moves(up, self.session.revision(), moves);
            }
            Action::History(step) => self.browse(step),
            Action::SaveRecord => self.open_save_prompt(),
            Action::OpenRecords => self.open_records(),
            Action::OpenResults => self.open_results(),
            Action::OpenTraining => self.open_training(Course::Lessons),
            _ => {}
        }
    }

    /// Starts a game with the current settings.
    pub(in crate::app) fn start_new_game(&mut self) {
        let names = self.config.players.names.clone();
        self.replace_game(new_game(&self.config), names);
        self.session.start_clock(self.config.game.clock);
        self.board.centre_cursor(self.game().size());
        self.files.new_game(&self.session);
        self.computer = self
            .computer
            .renewed(self.config.engine.mode, self.config.engine.level);
    }

    /// Puts another game on the board (a new one, or one from a file).
    pub(in crate::app) fn replace_game(&mut self, game: Game, names: [String; 2]) {
        self.board.game_replaced(self.game().size(), game.size());
        self.session.replace(game, names);
    }

    pub(in crate::app) fn place(&mut self, sq: Square) {
        let player = self.game().player_to_move();
        match self.session.play(Move::Place(sq)) {
            Ok(report) => {
                if report.won {
                    let text = format!(
                        "{} {} starts a new game.",
                        wins(self.name(player), report.color),
                        self.key(Action::NewGame)
                    );
                    self.say(Tone::Success, text);
                }
            }
            Err(PlayError::GameOver(_)) => {
                let text = format!(
                    "The game is over: {} starts a new game, {} takes the last move back.",
                    self.key(Action::NewGame),
                    self.key(Action::Undo)
                );
                self.say(Tone::Warning, text);
            }
            Err(PlayError::Occupied(sq)) => self.say(
                Tone::Warning,
                format!("{sq} is taken: place your stone on an empty square."),
            ),
            Err(e) => self.say(Tone::Warning, format!("Not possible: {e}.")),
        }
    }

    pub(in crate::app) fn swap(&mut self) {
        let white = self.game().player_to_move();
        match self.session.play(Move::Swap) {
            Ok(_) => {
                let black = white.other();
                self.say(
                    Tone::Info,
                    format!(
                        "{} swapped and now plays Black; {} plays White and moves.",
                        self.name(white),
                        self.name(black)
                    ),
                );
            }
            Err(e) => self.say(Tone::Warning, format!("No swap: {e}.")),
        }
    }

    /// Jumps the cursor to a square typed in the prompt; a bad name keeps the
    /// prompt open with the text, so it can be corrected.
    pub(in crate::app) fn go_to(&mut self, text: &str) {
        let size = self.game().size();
        match text.parse::<Square>() {
            Ok(sq) if size.contains(sq) => {
                self.board.set_cursor(sq);
                self.screen = Screen::Board;
            }
            Ok(sq) => self.say(
                Tone::Error,
                format!(
                    "{sq} is not on the {size}{x}{size} board.",
                    x = self.theme.sym("×", "x")
                ),
            ),
            Err(e) => self.say(Tone::Error, format!("{}: {}.", Quoted(text), e.on(size))),
        }
    }

    /// The number of the move in the side panel's list at a terminal cell.
    fn move_clicked(&self, column: u16, row: u16) -> Option<usize> {
        let layout = layout::screen(self.board.terminal(), self.game().size()).ok()?;
        super::panel::move_at(self, layout.panel?, column, row)
    }

    /// The pointer moves the cursor, so the preview follows the mouse.
    pub(in crate::app) fn hover(&mut self, column: u16, row: u16) {
        if self.screen == Screen::Board
            && !self.shown_game().is_over()
            && let Some(sq) = self.board.square_at(column, row, self.game().size())
        {
            self.board.set_cursor(sq);
        }
    }
}
