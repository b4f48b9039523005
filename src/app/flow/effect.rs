//! What must happen outside the state after an action: the effects that
//! features ask for and [`App::perform`](crate::app::state::App) alone
//! carries out. A leaf: every feature can ask without importing `App`.

use std::path::PathBuf;

use crate::app::config::Config;
use crate::app::network::state::NetPlay;
use crate::app::training::state::Course;
use crate::app::ui::text_input::TextInput;
use crate::core::Record;

/// Which record the list shows selected once read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::app) enum Select {
    First,
    /// The record at this path (just renamed).
    Path(PathBuf),
    /// The one at this index, or the last (one was just deleted).
    Near(usize),
}

/// What must happen outside the state after an action.
#[derive(Clone, Debug)]
pub(in crate::app) enum Effect {
    /// Write the settings (changed from `old`) to their file, and say so
    /// after `said`.
    SaveConfig { old: Box<Config>, said: String },
    /// Write the game as a record to `path`; if that fails, the prompt
    /// comes back with `input`.
    WriteRecord { path: PathBuf, input: TextInput },
    /// After every update: keep the network game one game on both screens
    /// (`sync_remote`), bring the engine in line with the state (stop a
    /// search that no longer fits, take in one that ended, start the one
    /// wanted), and write the autosave if the game changed.
    FollowTheGame,
    /// Write the game to the autosave if it changed (and a won game's
    /// result, once).
    KeepFiles,
    /// Before the program ends: write what failed to be written (the
    /// autosave, a result), even with the game unchanged since.
    RetryFiles,
    /// Read the saved games for the records screen, then select `select`.
    ListRecords { select: Select },
    /// Rename a record's file from `from` to `to`.
    RenameRecord { from: PathBuf, to: PathBuf },
    /// Put this record on the board (the player said yes to opening it).
    ShowRecord { record: Box<Record>, path: PathBuf },
    /// Read the record listed at `index` to open it.
    OpenRecord { path: PathBuf, index: Option<usize> },
    /// Delete the record listed at `index`, then read the list again.
    DeleteRecord { path: PathBuf, index: usize },
    /// Read the results file for the results screen.
    LoadResults,
    /// Look at where the save prompt's `path` would go: write the record
    /// there, or ask first (a file there, a folder missing).
    SaveAs { path: PathBuf, input: TextInput },
    /// Start the network game the form asks for (a socket, a thread).
    StartNetwork(NetPlay),
    /// Take in what the network game's link has received.
    TakeNetworkEvents,
    /// Open the lessons or the puzzles (reading what was learnt); `None`:
    /// where the player left off.
    OpenTraining(Option<Course>),
    /// Open the save prompt with a free name in the records folder.
    OpenSavePrompt,
    /// Write what the player has learnt.
    SaveProgress,
    /// Remember that the welcome of a first start was answered.
    MarkWelcomed,
    /// Review the game on the engine's threads.
    StartReview,
    /// Stop the review, keeping what it found.
    StopReview,
    /// Connect to the lobby server on a thread, taking `name` there.
    ConnectOnline { server: String, name: String },
    /// Take in what the lobby server sent.
    TakeOnline,
}

/// What the files do with the game on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::app) enum Keep {
    /// After every update: a changed game goes to the autosave, and a won
    /// one to the results file, once.
    Changes,
    /// Before the program ends: what failed to be written is tried again,
    /// even with the game unchanged since.
    Retry,
    /// The autosave written again though the game is unchanged: its `x-`
    /// lines changed (an online game taken up, which the board showed).
    Again,
}
