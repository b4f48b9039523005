//! Games saved on purpose: the save prompt (`w`), the records screen that
//! opens one (`f`), and the results screen (`p`).

use std::path::{Path, PathBuf};

use super::records_screen::new_name;
use super::state::{Pending, problem_text};
use crate::app::action::Action;
use crate::app::files::naming::Naming;
use crate::app::keys::keymap::{Context, key_for};
use crate::app::message::Tone;
use crate::app::screen::{Question, Screen};
use crate::app::state::App;
use crate::app::ui::pages;
use crate::app::ui::text_input::{TextInput, Typed};
use crate::app::update::Effect;
use crate::storage::{
    Paths, ResultRow, Timestamp, default_record_path, load_results, record_path_from_input,
    save_new_record, save_record, summarize,
};

/// The longest file name or path the save prompt takes.
const PATH_MAX_CHARS: usize = 240;
/// How many recent games the results screen lists.
pub const RECENT_RESULTS: usize = 20;

impl App {
    /// The files' locations, or a message saying there are none.
    pub(in crate::app) fn paths_or_say(&mut self) -> Option<Paths> {
        let paths = self.files.paths().cloned();
        if paths.is_none() {
            self.say(
                Tone::Warning,
                "Nothing is kept here (no home directory, or a guest's session), so there is nowhere to keep games.",
            );
        }
        paths
    }

    /// `w`: the file name prompt, with a free name in the records directory.
    pub(in crate::app) fn open_save_prompt(&mut self) {
        let Some(paths) = self.paths_or_say() else {
            return;
        };
        let path = default_record_path(&paths, &self.record_on_screen(), Timestamp::now());
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        self.screen = Screen::SaveAs(TextInput::new(&name, PATH_MAX_CHARS));
    }

    pub(in crate::app) fn on_save_prompt(&mut self, action: Action) -> Vec<Effect> {
        let Screen::SaveAs(input) = &mut self.screen else {
            return Vec::new();
        };
        match input.handle(action) {
            Typed::Editing => {}
            Typed::Submitted(_) => {
                let input = input.clone();
                return self.submit_save(input);
            }
            Typed::Cancelled => self.screen = Screen::Board,
        }
        Vec::new()
    }

    fn submit_save(&mut self, input: TextInput) -> Vec<Effect> {
        let Some(paths) = self.paths_or_say() else {
            return Vec::new();
        };
        if self.confined.is_some() {
            return match new_name(input.text()) {
                Ok(name) => vec![Effect::SaveAs {
                    path: paths.records_dir().join(name),
                    input,
                }],
                Err(why) => {
                    self.say(Tone::Error, why);
                    Vec::new()
                }
            };
        }
        let home = directories::BaseDirs::new().map(|dirs| dirs.home_dir().to_path_buf());
        let typed = from_home(input.text(), home.as_deref());
        let Some(path) = record_path_from_input(&paths, &typed) else {
            let cancel = key_for(self.keys(), Context::SaveAs, Action::Close, self.theme);
            self.say(Tone::Error, format!("Type a file name ({cancel} cancels)."));
            return Vec::new();
        };
        vec![Effect::SaveAs { path, input }]
    }

    /// Writes the record to `path`, unless a file is there or a folder is
    /// missing: then asks first.
    pub(in crate::app) fn save_as(&mut self, path: PathBuf, input: TextInput) {
        let Some(paths) = self.paths_or_say() else {
            return;
        };
        let question = if std::fs::symlink_metadata(&path).is_ok() {
            let file = Naming::of(self).file(&path);
            self.say(Tone::Warning, format!("{file} exists."));
            Question::Replace
        } else if let Some(dir) = missing_folder(&path, &paths.records_dir()) {
            self.say(
                Tone::Warning,
                format!("There is no folder {}.", dir.display()),
            );
            Question::MakeFolders
        } else {
            return self.write_record(path, input);
        };
        self.files.set_pending(Pending::Write { path, input });
        self.screen = Screen::Confirm(question);
    }

    /// Writes the record; on failure the prompt stays open with its text.
    /// A file at `path` is replaced (the player said yes to that); a new one
    /// is created exclusively, under the next free name if another copy of
    /// the program took `path` meanwhile.
    pub(in crate::app) fn write_record(&mut self, path: PathBuf, input: TextInput) {
        let record = self.record_on_screen();
        let saved = if std::fs::symlink_metadata(&path).is_ok() {
            save_record(&path, &record).map(|()| path)
        } else {
            save_new_record(&path, &record)
        };
        match saved {
            Ok(path) => {
                self.screen = Screen::Board;
                self.say(Tone::Success, Naming::of(self).saved_record(&path));
                self.files.set_record_file(path);
            }
            Err(e) => {
                self.screen = Screen::SaveAs(input);
                self.say(Tone::Error, format!("Not saved: {e}."));
            }
        }
    }

    /// `p`: wins per player and the recent games (read by `perform`).
    pub(in crate::app) fn open_results(&mut self) -> Vec<Effect> {
        if self.paths_or_say().is_none() {
            return Vec::new();
        }
        vec![Effect::LoadResults]
    }

    /// Reads the results file and shows the results screen.
    pub(in crate::app) fn load_results(&mut self) {
        let Some(paths) = self.paths_or_say() else {
            return;
        };
        self.files.set_results(
            load_results(&paths)
                .map(|results| {
                    let problems = results.problems.iter().map(problem_text).collect();
                    (summarize(&results.rows, RECENT_RESULTS), problems)
                })
                .map_err(|e| e.to_string()),
        );
        self.screen = Screen::Results {
            scroll: 0,
            selected: 0,
        };
    }

    /// The results' keys: the arrows choose a recent game (or scroll, with
    /// none listed), Enter opens the one chosen.
    pub(in crate::app) fn on_results(&mut self, action: Action) -> Vec<Effect> {
        let Screen::Results {
            scroll,
            selected: was,
        } = self.screen
        else {
            return Vec::new();
        };
        let recent = match self.results() {
            Some(Ok((summary, _))) => summary.recent.clone(),
            _ => Vec::new(),
        };
        let selected = match action {
            Action::ScrollUp => was.saturating_sub(1),
            Action::ScrollDown => (was + 1).min(recent.len().saturating_sub(1)),
            Action::Submit => return self.open_result(recent.get(was)),
            Action::Close => {
                self.screen = Screen::Board;
                return Vec::new();
            }
            _ => return Vec::new(),
        };
        let (theme, file, area) = (self.theme, self.results_file(), self.board.terminal());
        let view = pages::results_view(theme, self.results(), file, selected, area);
        // Past the first or last game the page scrolls on (to the lines
        // that could not be read, below them).
        let stuck = selected == was;
        let scroll = match (stuck, action) {
            (true, Action::ScrollUp) => scroll.saturating_sub(1),
            (true, _) => scroll.saturating_add(1).min(view.max_scroll),
            // The game chosen (and its file's line) in sight.
            (false, _) => scroll
                .max(view.chosen_bottom.saturating_sub(view.height))
                .min(view.chosen_top)
                .min(view.max_scroll),
        };
        self.screen = Screen::Results { scroll, selected };
        Vec::new()
    }

    /// Enter on a recent game: its record opened, or why not.
    fn open_result(&mut self, row: Option<&ResultRow>) -> Vec<Effect> {
        match row.map(|row| row.record.clone()) {
            None => Vec::new(),
            Some(None) => {
                self.say(
                    Tone::Warning,
                    "That game was not kept in a file: there is nothing to open.",
                );
                Vec::new()
            }
            Some(Some(path)) => vec![Effect::OpenRecord { path, index: None }],
        }
    }

    /// Yes to a question about files.
    pub(in crate::app) fn files_question_yes(&mut self) -> Vec<Effect> {
        self.screen = Screen::Board;
        match self.files.take_pending() {
            Some(Pending::Write { path, input }) => {
                return vec![Effect::WriteRecord { path, input }];
            }
            Some(Pending::Delete { path, index }) => {
                return vec![Effect::DeleteRecord { path, index }];
            }
            Some(Pending::Open { record, path, .. }) => self.show_record(*record, &path),
            None => {}
        }
        Vec::new()
    }

    /// No to a question: back to where it was asked from.
    pub(in crate::app) fn declined(&mut self) {
        self.screen = match self.files.take_pending() {
            Some(Pending::Write { input, .. }) => Screen::SaveAs(input),
            Some(
                Pending::Open {
                    index: Some(index), ..
                }
                | Pending::Delete { index, .. },
            ) => Screen::Records { selected: index },
            Some(Pending::Open { index: None, .. }) => Screen::Board,
            None => Screen::Board,
        };
    }
}

/// The folder `path` would go in when it does not exist, unless it is the
/// records folder (made without asking: that is where games go).
fn missing_folder(path: &Path, records: &Path) -> Option<PathBuf> {
    let dir = path.parent()?;
    let missing = dir != records && !dir.as_os_str().is_empty() && !dir.is_dir();
    missing.then(|| dir.to_path_buf())
}

/// `~/games/final` as the shell would read it: in the home directory (a
/// directory named `~` made in the current one would surprise everyone).
fn from_home(typed: &str, home: Option<&Path>) -> String {
    let trimmed = typed.trim();
    match (trimmed.strip_prefix("~/"), home) {
        (Some(rest), Some(home)) => home.join(rest).display().to_string(),
        _ => typed.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tilde_means_the_home_directory() {
        let home = Path::new("/home/ann");
        assert_eq!(
            from_home(" ~/games/final ", Some(home)),
            "/home/ann/games/final"
        );
        assert_eq!(from_home("~/x", None), "~/x");
        assert_eq!(from_home("a~/x", Some(home)), "a~/x");
        assert_eq!(from_home("final", Some(home)), "final");
    }

    #[test]
    fn only_a_folder_that_is_not_there_and_not_the_records_one_is_asked_about() {
        let dir = tempfile::tempdir().unwrap();
        let records = dir.path().join("records");
        let nowhere = dir.path().join("no/such/dir");
        assert_eq!(
            missing_folder(&nowhere.join("x.brique"), &records),
            Some(nowhere)
        );
        assert_eq!(missing_folder(&records.join("x.brique"), &records), None);
        assert_eq!(missing_folder(&dir.path().join("x.brique"), &records), None);
    }
}
