//! The records screen (`f`): the saved games, newest first, narrowed to
//! the words typed after `/`; a game opens to play on or browse, or is
//! deleted after a question.

use std::path::{Path, PathBuf};

use super::record_filter::shows;
use super::state::{Files, Pending};
use crate::app::action::Action;
use crate::app::files::naming::Naming;
use crate::app::flow::effect::{Effect, Select};
use crate::app::flow::outcome::Outcome;
use crate::app::message::Tone;
use crate::app::screen::{Question, Screen};
use crate::app::ui::text_input::{TextInput, Typed};
use crate::storage::{RECORD_EXTENSION, RecordSummary, list_records, load_record};

/// The longest filter the records screen takes.
const FILTER_MAX_CHARS: usize = 40;
/// The longest file name a saved game can be given.
const NAME_MAX_CHARS: usize = 120;

impl Files {
    /// `f`: the saved records, newest first (read by `perform`).
    pub(in crate::app) fn open_records(&self) -> Outcome {
        let mut out = Outcome::none();
        if self.paths_or_say(&mut out).is_some() {
            out.push(Effect::ListRecords {
                select: Select::First,
            });
        }
        out
    }

    /// Reads the saved records and shows the list on `screen`, `select`
    /// selected.
    pub(in crate::app) fn list_records(&mut self, select: Select, screen: &mut Screen) -> Outcome {
        let mut out = Outcome::none();
        let Some(paths) = self.paths_or_say(&mut out) else {
            return out;
        };
        self.set_records(list_records(&paths));
        let listed = self.listed_records(screen);
        let selected = match select {
            Select::First => 0,
            Select::Path(path) => listed.iter().position(|e| e.path == path).unwrap_or(0),
            Select::Near(index) => index.min(listed.len().saturating_sub(1)),
        };
        *screen = Screen::Records { selected };
        out
    }

    /// The records listed now, `screen` open: those the filter (being
    /// typed, or set) shows.
    pub fn listed_records(&self, screen: &Screen) -> Vec<&RecordSummary> {
        let filter = self.shown_filter(screen);
        match self.records() {
            Some(Ok(list)) => list.iter().filter(|e| shows(e, filter)).collect(),
            _ => Vec::new(),
        }
    }

    /// The filter the records screen shows, while it is typed on `screen`
    /// or once set.
    pub fn shown_filter<'a>(&'a self, screen: &'a Screen) -> &'a str {
        match screen {
            Screen::FilterRecords(input) => input.text(),
            _ => self.records_filter(),
        }
    }

    /// The records screen's keys.
    pub(in crate::app) fn on_records(&mut self, action: Action, screen: &mut Screen) -> Outcome {
        let count = self.listed_records(screen).len();
        let Screen::Records { selected } = screen else {
            return Outcome::none();
        };
        let selected = *selected;
        match action {
            Action::ScrollUp => {
                *screen = Screen::Records {
                    selected: selected.saturating_sub(1),
                }
            }
            Action::ScrollDown => {
                *screen = Screen::Records {
                    selected: (selected + 1).min(count.saturating_sub(1)),
                }
            }
            Action::Submit => return self.open_listed(selected, screen),
            Action::DeleteRecord => return self.ask_delete(selected, screen),
            Action::RenameRecord => {
                if let Some(entry) = self.listed_records(screen).get(selected) {
                    let name = entry.file_name.clone();
                    let input = TextInput::new(&name, NAME_MAX_CHARS);
                    *screen = Screen::RenameRecord {
                        index: selected,
                        input,
                    };
                }
            }
            Action::FilterRecords => {
                let filter = self.records_filter();
                *screen = Screen::FilterRecords(TextInput::new(filter, FILTER_MAX_CHARS));
            }
            Action::Close => *screen = Screen::Board,
            _ => {}
        }
        Outcome::none()
    }

    /// Typing the filter: the list narrows as it is typed; Enter keeps it,
    /// Esc clears it.
    pub(in crate::app) fn on_filter(&mut self, action: Action, screen: &mut Screen) {
        let Screen::FilterRecords(input) = screen else {
            return;
        };
        match input.handle(action) {
            Typed::Editing => {}
            Typed::Submitted(text) => {
                self.set_records_filter(&text);
                *screen = Screen::Records { selected: 0 };
            }
            Typed::Cancelled => {
                self.set_records_filter("");
                *screen = Screen::Records { selected: 0 };
            }
        }
    }

    /// Typing a new name: Enter renames the file, Esc keeps the old name.
    pub(in crate::app) fn on_rename(&mut self, action: Action, screen: &mut Screen) -> Outcome {
        let Screen::RenameRecord { index, input } = screen else {
            return Outcome::none();
        };
        let index = *index;
        match input.handle(action) {
            Typed::Editing => {}
            Typed::Submitted(typed) => return self.rename_listed(index, &typed, screen),
            Typed::Cancelled => *screen = Screen::Records { selected: index },
        }
        Outcome::none()
    }

    /// The record listed at `index` renamed to `typed` in its folder; a
    /// name that cannot be used is said, and the prompt stays.
    fn rename_listed(&self, index: usize, typed: &str, screen: &mut Screen) -> Outcome {
        let Some(entry) = self.listed_records(screen).get(index).copied() else {
            return Outcome::none();
        };
        let from = entry.path.clone();
        let to = match new_name(typed) {
            Ok(name) => from.with_file_name(name),
            Err(why) => {
                let mut out = Outcome::none();
                out.say(Tone::Error, why.to_string());
                return out;
            }
        };
        if to == from {
            *screen = Screen::Records { selected: index };
            return Outcome::none();
        }
        Outcome::effect(Effect::RenameRecord { from, to })
    }

    /// Renames a record's file (never over another file); the list is read
    /// again with it selected. On failure the prompt stays.
    pub(in crate::app) fn rename_record(
        &mut self,
        from: &Path,
        to: &Path,
        screen: &mut Screen,
        naming: Naming,
    ) -> Outcome {
        let mut out = Outcome::none();
        if std::fs::symlink_metadata(to).is_ok() {
            let to = naming.file(to);
            out.say(Tone::Error, format!("{to} exists already."));
            return out;
        }
        match std::fs::rename(from, to) {
            Ok(()) => {
                out = self.list_records(Select::Path(to.to_path_buf()), screen);
                let to = naming.file(to);
                out.say(Tone::Success, format!("Renamed to {to}."));
            }
            Err(e) => out.say(Tone::Error, format!("Not renamed: {e}.")),
        }
        out
    }

    /// The record listed at `index`, to open (read by `perform`).
    fn open_listed(&self, index: usize, screen: &Screen) -> Outcome {
        let Some(entry) = self.listed_records(screen).get(index).copied() else {
            return Outcome::none();
        };
        let path = entry.path.clone();
        Outcome::effect(Effect::OpenRecord {
            path,
            index: Some(index),
        })
    }

    /// Reads a record and opens it, asking first if the game on screen
    /// would be lost (`kept`: it is autosaved or in a file). `index`: where
    /// it is listed among the saved games (`None`: among the results).
    pub(in crate::app) fn open_record(
        &mut self,
        path: PathBuf,
        index: Option<usize>,
        kept: bool,
        screen: &mut Screen,
    ) -> Outcome {
        match load_record(&path) {
            Err(e) => {
                let mut out = Outcome::none();
                out.say(Tone::Error, format!("Cannot open it: {e}."));
                return out;
            }
            Ok(record) if kept => {
                *screen = Screen::Board;
                return Outcome::effect(Effect::ShowRecord {
                    record: Box::new(record),
                    path,
                });
            }
            Ok(record) => {
                self.set_pending(Pending::Open {
                    record: Box::new(record),
                    path,
                    index,
                });
                *screen = Screen::Confirm(Question::Open);
            }
        }
        Outcome::none()
    }

    fn ask_delete(&mut self, index: usize, screen: &mut Screen) -> Outcome {
        let Some(entry) = self.listed_records(screen).get(index).copied() else {
            return Outcome::none();
        };
        let path = entry.path.clone();
        let mut out = Outcome::none();
        out.say(Tone::Warning, format!("Delete {}?", entry.file_name));
        self.set_pending(Pending::Delete { path, index });
        *screen = Screen::Confirm(Question::DeleteRecord);
        out
    }

    /// Yes to deleting: the file goes, and the list is read again.
    pub(in crate::app) fn delete_record(
        &mut self,
        path: &Path,
        index: usize,
        screen: &mut Screen,
        naming: Naming,
    ) -> Outcome {
        let file = naming.file(path);
        let mut out = Outcome::none();
        match std::fs::remove_file(path) {
            Ok(()) => out.say(Tone::Success, format!("Deleted {file}.")),
            Err(e) => out.say(Tone::Error, format!("{file} could not be deleted: {e}.")),
        }
        out.and(self.list_records(Select::Near(index), screen))
    }
}

/// A file name for a record as typed: one name (no folder), ending in
/// `.brique`; or why it cannot be one.
/// A typed name that cannot be a record's file name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("Type a file name, without a folder, not starting with a dot.")]
pub(super) struct NotAFileName;

pub(super) fn new_name(typed: &str) -> Result<String, NotAFileName> {
    let name = typed.trim();
    if name.is_empty() || name.starts_with('.') || name.contains(['/', '\\']) {
        return Err(NotAFileName);
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
