//! What the keys and the mouse do on the board.

use super::action::{Action, Direction};
use super::layout;
use super::settings::SettingsForm;
use super::state::{App, Level, Question, Screen};
use super::text_input::TextInput;
use crate::core::{Move, MoveReport, PlayError, Square};
use ratatui::layout::Rect;

impl App {
    pub(super) fn on_board(&mut self, action: Action) {
        if self.computer_action(action) || self.played_in_the_past(action) {
            return;
        }
        match action {
            Action::MoveCursor(direction) => self.step_cursor(direction),
            Action::Place => self.place(self.cursor),
            Action::Click { column, row } => {
                if let Some(sq) = self.square_at(column, row) {
                    self.cursor = sq;
                    self.place(sq);
                }
            }
            Action::Swap => self.swap(),
            Action::Undo => match self.game.undo() {
                Some(mv) => {
                    if let Move::Place(sq) = mv {
                        self.cursor = sq;
                    }
                    self.moves_scroll = 0;
                    let redo = self.key(Action::Redo);
                    self.say(Level::Info, format!("Undid {mv}. {redo} redoes it."));
                }
                None => self.say(Level::Warning, "Nothing to undo."),
            },
            Action::Redo => match self.game.redo() {
                Some(report) => {
                    if let Move::Place(sq) = report.mv {
                        self.cursor = sq;
                    }
                    self.moves_scroll = 0;
                    self.say(Level::Info, format!("Redid {}.", report.mv));
                }
                None => self.say(Level::Warning, "Nothing to redo."),
            },
            Action::NewGame => {
                if self.game_in_progress() {
                    self.screen = Screen::Confirm(Question::NewGame);
                } else {
                    self.start_new_game();
                }
            }
            Action::OpenSettings => self.screen = Screen::Settings(SettingsForm::new(&self.config)),
            Action::ToggleHelp => self.screen = Screen::Help { scroll: 0 },
            Action::OpenGoTo => self.screen = Screen::GoTo(TextInput::new("", 4)),
            Action::ScrollUp => {
                self.moves_scroll = (self.moves_scroll + 1).min(self.game.history().len());
            }
            Action::ScrollDown => self.moves_scroll = self.moves_scroll.saturating_sub(1),
            Action::History(step) => self.browse(step),
            Action::SaveRecord => self.open_save_prompt(),
            Action::OpenRecords => self.open_records(),
            Action::OpenResults => self.open_results(),
            _ => {}
        }
    }

    /// What a stone at the cursor would do, while the board has the keyboard
    /// (`None` on an occupied square or when the game is over).
    pub fn preview(&self) -> Option<MoveReport> {
        // Not while the computer is to move: the stone would not be placed.
        if !matches!(self.screen, Screen::Board | Screen::GoTo(_))
            || (self.computer_to_move() && self.viewing().is_none())
        {
            return None;
        }
        let position = self.shown_game().position();
        position.preview(Move::Place(self.cursor)).ok()
    }

    fn step_cursor(&mut self, direction: Direction) {
        let (dc, dr) = match direction {
            Direction::Up => (0, 1),
            Direction::Down => (0, -1),
            Direction::Left => (-1, 0),
            Direction::Right => (1, 0),
        };
        if let Some(sq) = self
            .cursor
            .offset(dc, dr)
            .filter(|s| self.game.size().contains(*s))
        {
            self.cursor = sq;
        }
    }

    pub(super) fn place(&mut self, sq: Square) {
        let player = self.game.player_to_move();
        match self.game.play(Move::Place(sq)) {
            Ok(report) => {
                self.moves_scroll = 0;
                if report.won {
                    let text = format!(
                        "{} ({}) wins! {} starts a new game.",
                        self.name(player),
                        report.color,
                        self.key(Action::NewGame)
                    );
                    self.say(Level::Success, text);
                }
            }
            Err(PlayError::GameOver(_)) => {
                let text = format!(
                    "The game is over: {} starts a new game, {} takes the last move back.",
                    self.key(Action::NewGame),
                    self.key(Action::Undo)
                );
                self.say(Level::Warning, text);
            }
            Err(PlayError::Occupied(sq)) => self.say(
                Level::Warning,
                format!("{sq} is taken: place your stone on an empty square."),
            ),
            Err(e) => self.say(Level::Warning, format!("Not possible: {e}.")),
        }
    }

    pub(super) fn swap(&mut self) {
        let white = self.game.player_to_move();
        match self.game.play(Move::Swap) {
            Ok(_) => {
                self.moves_scroll = 0;
                let black = white.other();
                self.say(
                    Level::Info,
                    format!(
                        "{} swapped and now plays Black; {} plays White and moves.",
                        self.name(white),
                        self.name(black)
                    ),
                );
            }
            Err(e) => self.say(Level::Warning, format!("No swap: {e}.")),
        }
    }

    /// Jumps the cursor to a square typed in the prompt; a bad name keeps the
    /// prompt open with the text, so it can be corrected.
    pub(super) fn go_to(&mut self, text: &str) {
        let size = self.game.size();
        match text.parse::<Square>() {
            Ok(sq) if size.contains(sq) => {
                self.cursor = sq;
                self.screen = Screen::Board;
            }
            Ok(sq) => self.say(
                Level::Error,
                format!(
                    "{sq} is not on the {size}{x}{size} board.",
                    x = self.theme.sym("×", "x")
                ),
            ),
            Err(e) => self.say(Level::Error, format!("{text:?}: {e}.")),
        }
    }

    /// The pointer moves the cursor, so the preview follows the mouse.
    pub(super) fn hover(&mut self, column: u16, row: u16) {
        if self.screen == Screen::Board
            && !self.shown_game().position().is_over()
            && let Some(sq) = self.square_at(column, row)
        {
            self.cursor = sq;
        }
    }

    pub(super) fn square_at(&self, column: u16, row: u16) -> Option<Square> {
        let (width, height) = self.terminal;
        let area = Rect::new(0, 0, width, height);
        layout::screen(area, self.game.size())
            .ok()?
            .board
            .square_at(column, row)
    }
}
