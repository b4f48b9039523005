//! The records screen (`f`): the saved games, newest first, narrowed to
//! the words typed after `/`; a game opens to play on or browse, or is
//! deleted after a question.

use std::path::{Path, PathBuf};

use super::record_filter::shows;
use super::state::{Pending, Select};
use crate::app::action::Action;
use crate::app::files::naming::Naming;
use crate::app::message::Tone;
use crate::app::screen::{Question, Screen};
use crate::app::state::App;
use crate::app::ui::text_input::{TextInput, Typed};
use crate::app::update::Effect;
use crate::storage::{RECORD_EXTENSION, RecordSummary, list_records, load_record};

/// The longest filter the records screen takes.
const FILTER_MAX_CHARS: usize = 40;
/// The longest file name a saved game can be given.
const NAME_MAX_CHARS: usize = 120;

impl App {
    /// `f`: the saved records, newest first (read by `perform`).
    pub(in crate::app) fn open_records(&mut self) -> Vec<Effect> {
        if self.paths_or_say().is_none() {
            return Vec::new();
        }
        vec![Effect::ListRecords {
            select: Select::First,
        }]
    }

    /// Reads the saved records and shows the list, `select` selected.
    pub(in crate::app) fn list_records(&mut self, select: Select) {
        let Some(paths) = self.paths_or_say() else {
            return;
        };
        self.files
            .set_records(list_records(&paths).map_err(|e| e.to_string()));
        let listed = self.listed_records();
        let selected = match select {
            Select::First => 0,
            Select::Path(path) => listed.iter().position(|e| e.path == path).unwrap_or(0),
            Select::Near(index) => index.min(listed.len().saturating_sub(1)),
        };
        self.screen = Screen::Records { selected };
    }

    /// The records listed now: those the filter (being typed, or set) shows.
    pub fn listed_records(&self) -> Vec<&RecordSummary> {
        let filter = match &self.screen {
            Screen::FilterRecords(input) => input.text(),
            _ => self.files.records_filter(),
        };
        match self.files.records() {
            Some(Ok(list)) => list.iter().filter(|e| shows(e, filter)).collect(),
            _ => Vec::new(),
        }
    }

    /// The filter the records screen shows, while it is typed or once set.
    pub fn records_filter(&self) -> &str {
        match &self.screen {
            Screen::FilterRecords(input) => input.text(),
            _ => self.files.records_filter(),
        }
    }

    pub(in crate::app) fn on_records(&mut self, action: Action) -> Vec<Effect> {
        let count = self.listed_records().len();
        let Screen::Records { selected } = &mut self.screen else {
            return Vec::new();
        };
        let selected = *selected;
        match action {
            Action::ScrollUp => {
                self.screen = Screen::Records {
                    selected: selected.saturating_sub(1),
                }
            }
            Action::ScrollDown => {
                self.screen = Screen::Records {
                    selected: (selected + 1).min(count.saturating_sub(1)),
                }
            }
            Action::Submit => return self.open_listed(selected),
            Action::DeleteRecord => self.ask_delete(selected),
            Action::RenameRecord => {
                if let Some(entry) = self.listed_records().get(selected) {
                    let name = entry.file_name.clone();
                    let input = TextInput::new(&name, NAME_MAX_CHARS);
                    self.screen = Screen::RenameRecord {
                        index: selected,
                        input,
                    };
                }
            }
            Action::FilterRecords => {
                let filter = self.files.records_filter();
                self.screen = Screen::FilterRecords(TextInput::new(filter, FILTER_MAX_CHARS));
            }
            Action::Close => self.screen = Screen::Board,
            _ => {}
        }
        Vec::new()
    }

    /// Typing the filter: the list narrows as it is typed; Enter keeps it,
    /// Esc clears it.
    pub(in crate::app) fn on_filter(&mut self, action: Action) {
        let Screen::FilterRecords(input) = &mut self.screen else {
            return;
        };
        match input.handle(action) {
            Typed::Editing => {}
            Typed::Submitted(text) => {
                self.files.set_records_filter(&text);
                self.screen = Screen::Records { selected: 0 };
            }
            Typed::Cancelled => {
                self.files.set_records_filter("");
                self.screen = Screen::Records { selected: 0 };
            }
        }
    }

    /// Typing a new name: Enter renames the file, Esc keeps the old name.
    pub(in crate::app) fn on_rename(&mut self, action: Action) -> Vec<Effect> {
        let Screen::RenameRecord { index, input } = &mut self.screen else {
            return Vec::new();
        };
        let index = *index;
        match input.handle(action) {
            Typed::Editing => {}
            Typed::Submitted(typed) => return self.rename_listed(index, &typed),
            Typed::Cancelled => self.screen = Screen::Records { selected: index },
        }
        Vec::new()
    }

    /// The record listed at `index` renamed to `typed` in its folder; a
    /// name that cannot be used is said, and the prompt stays.
    fn rename_listed(&mut self, index: usize, typed: &str) -> Vec<Effect> {
        let Some(entry) = self.listed_records().get(index).copied() else {
            return Vec::new();
        };
        let from = entry.path.clone();
        let to = match new_name(typed) {
            Ok(name) => from.with_file_name(name),
            Err(why) => {
                self.say(Tone::Error, why);
                return Vec::new();
            }
        };
        if to == from {
            self.screen = Screen::Records { selected: index };
            return Vec::new();
        }
        vec![Effect::RenameRecord { from, to }]
    }

    /// Renames a record's file (never over another file); the list is read
    /// again with it selected. On failure the prompt stays.
    pub(in crate::app) fn rename_record(&mut self, from: &Path, to: &Path) {
        if std::fs::symlink_metadata(to).is_ok() {
            let to = Naming::of(self).file(to);
            return self.say(Tone::Error, format!("{to} exists already."));
        }
        match std::fs::rename(from, to) {
            Ok(()) => {
                self.list_records(Select::Path(to.to_path_buf()));
                let to = Naming::of(self).file(to);
                self.say(Tone::Success, format!("Renamed to {to}."));
            }
            Err(e) => self.say(Tone::Error, format!("Not renamed: {e}.")),
        }
    }

    /// The record listed at `index`, to open (read by `perform`).
    fn open_listed(&mut self, index: usize) -> Vec<Effect> {
        let Some(entry) = self.listed_records().get(index).copied() else {
            return Vec::new();
        };
        let path = entry.path.clone();
        vec![Effect::OpenRecord {
            path,
            index: Some(index),
        }]
    }

    /// Reads a record and opens it, asking first if the game on screen
    /// would be lost (it is neither autosaved nor in a file). `index`: where
    /// it is listed among the saved games (`None`: among the results).
    pub(in crate::app) fn open_record(&mut self, path: PathBuf, index: Option<usize>) {
        match load_record(&path) {
            Err(e) => self.say(Tone::Error, format!("Cannot open it: {e}.")),
            Ok(record) if self.game_is_kept() => {
                self.screen = Screen::Board;
                self.show_record(record, &path);
            }
            Ok(record) => {
                self.files.set_pending(Pending::Open {
                    record: Box::new(record),
                    path,
                    index,
                });
                self.screen = Screen::Confirm(Question::Open);
            }
        }
    }

    fn ask_delete(&mut self, index: usize) {
        let Some(entry) = self.listed_records().get(index).copied() else {
            return;
        };
        let path = entry.path.clone();
        self.say(Tone::Warning, format!("Delete {}?", entry.file_name));
        self.files.set_pending(Pending::Delete { path, index });
        self.screen = Screen::Confirm(Question::DeleteRecord);
    }

    /// Yes to deleting: the file goes, and the list is read again.
    pub(in crate::app) fn delete_record(&mut self, path: &Path, index: usize) {
        let file = Naming::of(self).file(path);
        match std::fs::remove_file(path) {
            Ok(()) => self.say(Tone::Success, format!("Deleted {file}.")),
            Err(e) => self.say(Tone::Error, format!("{file} could not be deleted: {e}.")),
        }
        self.list_records(Select::Near(index));
    }
}

/// A file name for a record as typed: one name (no folder), ending in
/// `.brique`; or why it cannot be one.
pub(super) fn new_name(typed: &str) -> Result<String, String> {
    let name = typed.trim();
    if name.is_empty() || name.starts_with('.') || name.contains(['/', '\\']) {
        return Err("Type a file name, without a folder, not starting with a dot.".to_string());
    }
    let extension = format!(".{RECORD_EXTENSION}");
    if name.to_lowercase().ends_with(&extension) {
        Ok(name.to_string())
    } else {
        Ok(format!("{name}{extension}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_name_is_one_file_name_ending_in_the_record_extension() {
        assert_eq!(new_name(" final "), Ok("final.brique".to_string()));
        assert_eq!(new_name("final.BRIQUE"), Ok("final.BRIQUE".to_string()));
        for bad in ["", "  ", "../x", "a/b", ".hidden"] {
            assert!(new_name(bad).is_err(), "{bad:?}");
        }
    }
}
