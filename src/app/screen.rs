//! What is open on top of the board (the dialogs, prompts and overlays), and
//! what the keyboard talks to while it is.

use crate::app::config::file::Notice;
use crate::app::keys::keymap::Context;
use crate::app::network::form::NetForm;
use crate::app::online::page::OnlinePage;
use crate::app::settings::form::SettingsForm;
use crate::app::ui::text_input::TextInput;
use crate::core::Move;
use crate::net::Request;

/// What is open on top of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    Board,
    Help {
        scroll: u16,
        /// What it was opened over, drawn under it and closed back to.
        over: HelpOver,
    },
    Notice(Notice),
    Confirm(Question),
    /// The prompt that jumps the cursor to a named square.
    GoTo(TextInput),
    /// The same prompt over the lessons and puzzles.
    TrainingGoTo(TextInput),
    /// A chat line to the other player of a network game.
    Chat(TextInput),
    /// The form that hosts or joins a network game.
    NetForm(NetForm),
    Settings(Box<SettingsForm>),
    /// The file name prompt of a record being saved.
    SaveAs(TextInput),
    /// The saved records, one of them selected.
    Records {
        selected: usize,
    },
    /// The records screen, its filter being typed.
    FilterRecords(TextInput),
    /// The records screen, a new name for the game listed at `index`
    /// being typed.
    RenameRecord {
        index: usize,
        input: TextInput,
    },
    /// Wins per player and the recent games, one of them chosen (Enter
    /// opens its record).
    Results {
        scroll: u16,
        selected: usize,
    },
    /// The lessons and puzzles (their state is the app's `Training` part).
    Training,
    /// The welcome of a first start: the goal, and how to begin.
    Welcome,
    /// The Online screen (its lists are the app's `Online` part).
    Online(Box<OnlinePage>),
}

/// What the help was opened over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HelpOver {
    /// The game.
    Board,
    /// The lessons and puzzles.
    Training,
    /// The welcome of a first start, still to be answered.
    Welcome,
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
    /// Make the folders a record is being saved to.
    MakeFolders,
    /// Delete the record chosen on the records screen.
    DeleteRecord,
    /// Open a record though the game on screen is not saved anywhere.
    Open,
    /// Agree to what the other player of a network game asks.
    Peer(Request),
    /// Resign the network game.
    Resign,
    /// Agree to the other player's take-back in an online game.
    Takeback,
}

impl Screen {
    /// What the keyboard is talking to while this is open.
    pub fn context(&self) -> Context {
        match self {
            Screen::Board => Context::Board,
            Screen::Help { .. } => Context::Help,
            Screen::Notice(_) => Context::Notice,
            Screen::Confirm(_) => Context::Confirm,
            Screen::GoTo(_) | Screen::TrainingGoTo(_) => Context::GoTo,
            Screen::Chat(_) => Context::Chat,
            Screen::NetForm(_) => Context::NetForm,
            Screen::Settings(form) if form.leaving => Context::Confirm,
            Screen::Settings(form) if form.focus.is_text() => Context::SettingsText,
            Screen::Settings(form) if form.focus.is_action() => Context::SettingsAction,
            Screen::Settings(_) => Context::SettingsChoice,
            Screen::SaveAs(_) => Context::SaveAs,
            Screen::Records { .. } => Context::Records,
            Screen::FilterRecords(_) => Context::FilterRecords,
            Screen::RenameRecord { .. } => Context::RenameRecord,
            Screen::Results { .. } => Context::Results,
            Screen::Training => Context::Training,
            Screen::Welcome => Context::Welcome,
            Screen::Online(page) if page.picking_bot() => Context::OnlineBots,
            Screen::Online(page) if page.typing() => Context::OnlineForm,
            Screen::Online(_) => Context::Online,
        }
    }

    /// Adds a message box to this screen: to a box already open (a config
    /// problem) its text is added. Over another screen (settings being
    /// edited, say), which a box would close, nothing opens and the text is
    /// given back, for the status line.
    pub fn notify(&mut self, title: &str, body: String) -> Option<String> {
        match self {
            Screen::Notice(notice) => {
                notice.title = format!("{} and {}", notice.title, title.to_lowercase());
                notice.body = format!("{}\n\n{title}: {body}", notice.body);
                None
            }
            Screen::Board => {
                *self = Screen::Notice(Notice {
                    title: title.to_string(),
                    body,
                });
                None
            }
            _ => Some(body.replace("\n\n", " ")),
        }
    }
}
