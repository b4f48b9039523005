//! What the keys and the mouse do on the board, and the moves they make.

use crate::app::action::Action;
use crate::app::config::engine::Mode;
use crate::app::flow::effect::Effect;
use crate::app::game::board_view::square_named;
use crate::app::message::{Tone, refused, swapped, won};
use crate::app::network::form::NetForm;
use crate::app::screen::{HelpOver, Question, Screen};
use crate::app::settings::form::SettingsForm;
use crate::app::state::{App, new_game};
use crate::app::ui::layout;
use crate::app::ui::text_input::TextInput;
use crate::core::{Game, Move};

/// Who the board's keys speak for: a network game (moves go to the host,
/// undo and a new game are asked of the friend), the computer (one side or
/// both), or two people at one keyboard. In every mode a move on an
/// earlier position browsed asks first (`person_moves`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BoardMode {
    Network,
    Online,
    Computer,
    People,
}

impl App {
    /// Who the board's keys speak for now.
    fn board_mode(&self) -> BoardMode {
        if self.network.is_some() {
            BoardMode::Network
        } else if self.online.on_board() {
            BoardMode::Online
        } else if self.computer.mode() != Mode::HumanVsHuman {
            BoardMode::Computer
        } else {
            BoardMode::People
        }
    }

    /// One dispatch by game mode: the mode takes the keys that mean
    /// something else in it; the rest are a person's at the board.
    pub(in crate::app) fn on_board(&mut self, action: Action) -> Vec<Effect> {
        let taken = match self.board_mode() {
            BoardMode::Network | BoardMode::Online => match self.remote_board(action) {
                Some(effects) => return effects,
                None => false,
            },
            BoardMode::Computer => {
                // A click the computer refuses still moves the cursor there.
                if let Action::Click { column, row } = action {
                    self.hover(column, row);
                }
                if action == Action::NewGame && self.computer.is_demo() {
                    self.start_new_game();
                    return Vec::new();
                }
                match self.computer_turn().board_key(action) {
                    Some(out) => return self.apply(out),
                    None => false,
                }
            }
            BoardMode::People => false,
        };
        if taken {
            return Vec::new();
        }
        let size = self.game().size();
        match action {
            Action::Hint => {
                let found = self.hint();
                let out = self.computer_turn().ask_hint(found);
                return self.apply(out);
            }
            Action::ToggleAnalysis => {
                let out = self.computer_turn().toggle_analysis();
                return self.apply(out);
            }
            Action::MoveCursor(direction) => self.board.step_cursor(direction, size),
            Action::Place => self.person_moves(Move::Place(self.board.cursor())),
            Action::Click { column, row } => {
                if let Some(sq) = self.board.square_at(column, row, size) {
                    self.board.set_cursor(sq);
                    self.person_moves(Move::Place(sq));
                } else if let Some(number) = self.move_clicked(column, row) {
                    // A move in the list: the position after it.
                    self.board.show_ply(self.session.game(), number);
                }
            }
            Action::Swap => self.person_moves(Move::Swap),
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
            Action::ToggleHelp => {
                self.screen = Screen::Help {
                    scroll: 0,
                    over: HelpOver::Board,
                }
            }
            Action::OpenGoTo => self.screen = Screen::GoTo(TextInput::new("", 4)),
            Action::OpenHost => self.open_net_form(NetForm::host()),
            Action::OpenJoin => self.open_net_form(NetForm::join()),
            Action::OpenOnline => return self.open_online(),
            Action::ScrollUp | Action::ScrollDown => {
                let moves = self.game().history().len();
                let up = action == Action::ScrollUp;
                self.board.scroll_moves(up, self.session.revision(), moves);
            }
            Action::History(step) => self.browse(step),
            Action::SaveRecord => return vec![Effect::OpenSavePrompt],
            Action::OpenRecords => {
                let out = self.files.open_records();
                return self.apply(out);
            }
            Action::OpenResults => {
                let out = self.files.open_results();
                return self.apply(out);
            }
            Action::OpenTraining => return vec![Effect::OpenTraining(None)],
            _ => {}
        }
        Vec::new()
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

    /// A person's move from the board: played on the latest position, or,
    /// while an earlier one is browsed, asked about first (`history.rs`).
    fn person_moves(&mut self, mv: Move) {
        if self.board.viewing().is_some() && self.played_in_the_past(mv) {
            return;
        }
        self.play_move(mv);
    }

    /// Plays `mv` on the latest position, saying a win, a swap or why not.
    pub(in crate::app) fn play_move(&mut self, mv: Move) {
        let player = self.game().player_to_move();
        let said = match self.session.play(mv) {
            Ok(report) if report.won => {
                let text = won(self.name(player), report.color, &self.key(Action::NewGame));
                (Tone::Success, text)
            }
            Ok(_) if mv == Move::Swap => (
                Tone::Info,
                swapped(self.name(player), self.name(player.other())),
            ),
            Ok(_) => return,
            Err(e) => {
                let (new_game, undo) = (self.key(Action::NewGame), self.key(Action::Undo));
                (Tone::Warning, refused(mv, &e, &new_game, &undo))
            }
        };
        self.say(said.0, said.1);
    }

    /// Jumps the cursor to a square typed in the prompt; a bad name keeps the
    /// prompt open with the text, so it can be corrected.
    pub(in crate::app) fn go_to(&mut self, text: &str) {
        match square_named(text, self.game().size(), self.theme) {
            Ok(sq) => {
                self.board.set_cursor(sq);
                self.screen = Screen::Board;
            }
            Err(why) => self.say(Tone::Error, why.to_string()),
        }
    }

    /// The number of the move in the side panel's list at a terminal cell.
    fn move_clicked(&self, column: u16, row: u16) -> Option<usize> {
        let layout = layout::screen(self.board.terminal(), self.game().size()).ok()?;
        super::panel::move_at(
            &crate::app::view::scene_of(self),
            layout.panel?,
            column,
            row,
        )
    }

    /// The pointer moves the cursor, so the preview follows the mouse.
    pub(in crate::app) fn hover(&mut self, column: u16, row: u16) {
        if self.screen == Screen::Board
            && !self.board.shown_game(self.session.game()).is_over()
            && let Some(sq) = self.board.square_at(column, row, self.game().size())
        {
            self.board.set_cursor(sq);
        }
    }
}
