//! Games saved on purpose: the save prompt (`w`), the records screen that
//! opens one (`f`), and the results screen (`p`).

use std::path::{Path, PathBuf};

use ratatui::layout::Rect;

use super::records_screen::new_name;
use super::state::{Files, Pending, problem_text};
use crate::app::action::Action;
use crate::app::files::naming::Naming;
use crate::app::flow::effect::Effect;
use crate::app::flow::outcome::Outcome;
use crate::app::keys::keymap::{Context, KeyNames};
use crate::app::message::Tone;
use crate::app::screen::{Question, Screen};
use crate::app::ui::pages;
use crate::app::ui::text_input::{TextInput, Typed};
use crate::app::ui::theme::Theme;
use crate::core::Record;
use crate::storage::{
    Paths, ResultRow, Timestamp, default_record_path, load_results, record_path_from_input,
    save_new_record, save_record, summarize,
};

/// The longest file name or path the save prompt takes.
const PATH_MAX_CHARS: usize = 240;
/// How many recent games the results screen lists.
pub const RECENT_RESULTS: usize = 20;

impl Files {
    /// The files' locations, or a message in `out` saying there are none.
    pub(in crate::app) fn paths_or_say(&self, out: &mut Outcome) -> Option<Paths> {
        let paths = self.paths().cloned();
        if paths.is_none() {
            out.say(
                Tone::Warning,
                "Nothing is kept here (no home directory, or a guest's session), so there is nowhere to keep games.",
            );
        }
        paths
    }

    /// The results file, where it is known.
    pub fn results_file(&self) -> Option<PathBuf> {
        self.paths().map(|p| p.results())
    }

    /// Where saved records go, as the screens show it.
    pub fn records_dir_text(&self) -> String {
        self.paths()
            .map(|p| p.records_dir().display().to_string())
            .unwrap_or_default()
    }

    /// `w`: the file name prompt on `screen`, with a free name for `record`
    /// in the records directory.
    pub(in crate::app) fn open_save_prompt(&self, record: &Record, screen: &mut Screen) -> Outcome {
        let mut out = Outcome::none();
        let Some(paths) = self.paths_or_say(&mut out) else {
            return out;
        };
        let path = default_record_path(&paths, record, Timestamp::now());
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        *screen = Screen::SaveAs(TextInput::new(&name, PATH_MAX_CHARS));
        out
    }

    /// The save prompt's keys.
    pub(in crate::app) fn on_save_prompt(
        &self,
        action: Action,
        screen: &mut Screen,
        naming: Naming,
        keys: KeyNames,
    ) -> Outcome {
        let Screen::SaveAs(input) = screen else {
            return Outcome::none();
        };
        match input.handle(action) {
            Typed::Editing => {}
            Typed::Submitted(_) => {
                let input = input.clone();
                return self.submit_save(input, naming, keys);
            }
            Typed::Cancelled => *screen = Screen::Board,
        }
        Outcome::none()
    }

    fn submit_save(&self, input: TextInput, naming: Naming, keys: KeyNames) -> Outcome {
        let mut out = Outcome::none();
        let Some(paths) = self.paths_or_say(&mut out) else {
            return out;
        };
        if naming.names_only() {
            match new_name(input.text()) {
                Ok(name) => out.push(Effect::SaveAs {
                    path: paths.records_dir().join(name),
                    input,
                }),
                Err(why) => out.say(Tone::Error, why.to_string()),
            }
            return out;
        }
        let home = directories::BaseDirs::new().map(|dirs| dirs.home_dir().to_path_buf());
        let typed = from_home(input.text(), home.as_deref());
        let Some(path) = record_path_from_input(&paths, &typed) else {
            let cancel = keys.key(Context::SaveAs, Action::Close);
            out.say(Tone::Error, format!("Type a file name ({cancel} cancels)."));
            return out;
        };
        out.push(Effect::SaveAs { path, input });
        out
    }

    /// Writes `record` to `path`, unless a file is there or a folder is
    /// missing: then asks first.
    pub(in crate::app) fn save_as(
        &mut self,
        path: PathBuf,
        input: TextInput,
        record: &Record,
        screen: &mut Screen,
        naming: Naming,
    ) -> Outcome {
        let mut out = Outcome::none();
        let Some(paths) = self.paths_or_say(&mut out) else {
            return out;
        };
        let question = if std::fs::symlink_metadata(&path).is_ok() {
            let file = naming.file(&path);
            out.say(Tone::Warning, format!("{file} exists."));
            Question::Replace
        } else if let Some(dir) = missing_folder(&path, &paths.records_dir()) {
            out.say(
                Tone::Warning,
                format!("There is no folder {}.", dir.display()),
            );
            Question::MakeFolders
        } else {
            return out.and(self.write_record(path, input, record, screen, naming));
        };
        self.set_pending(Pending::Write { path, input });
        *screen = Screen::Confirm(question);
        out
    }

    /// Writes `record`; on failure the prompt stays open with its text.
    /// A file at `path` is replaced (the player said yes to that); a new one
    /// is created exclusively, under the next free name if another copy of
    /// the program took `path` meanwhile.
    pub(in crate::app) fn write_record(
        &mut self,
        path: PathBuf,
        input: TextInput,
        record: &Record,
        screen: &mut Screen,
        naming: Naming,
    ) -> Outcome {
        let saved = if std::fs::symlink_metadata(&path).is_ok() {
            save_record(&path, record).map(|()| path)
        } else {
            save_new_record(&path, record)
        };
        let mut out = Outcome::none();
        match saved {
            Ok(path) => {
                *screen = Screen::Board;
                out.say(Tone::Success, naming.saved_record(&path));
                self.set_record_file(path);
            }
            Err(e) => {
                *screen = Screen::SaveAs(input);
                out.say(Tone::Error, format!("Not saved: {e}."));
            }
        }
        out
    }

    /// `p`: wins per player and the recent games (read by `perform`).
    pub(in crate::app) fn open_results(&self) -> Outcome {
        let mut out = Outcome::none();
        if self.paths_or_say(&mut out).is_some() {
            out.push(Effect::LoadResults);
        }
        out
    }

    /// Reads the results file and shows the results screen.
    pub(in crate::app) fn load_results(&mut self, screen: &mut Screen) -> Outcome {
        let mut out = Outcome::none();
        let Some(paths) = self.paths_or_say(&mut out) else {
            return out;
        };
        self.set_results(load_results(&paths).map(|results| {
            let problems = results.problems.iter().map(problem_text).collect();
            (summarize(&results.rows, RECENT_RESULTS), problems)
        }));
        *screen = Screen::Results {
            scroll: 0,
            selected: 0,
        };
        out
    }

    /// The results' keys: the arrows choose a recent game (or scroll, with
    /// none listed), Enter opens the one chosen. `area`: the terminal's.
    pub(in crate::app) fn on_results(
        &self,
        action: Action,
        screen: &mut Screen,
        theme: Theme,
        area: Rect,
    ) -> Outcome {
        let Screen::Results {
            scroll,
            selected: was,
        } = *screen
        else {
            return Outcome::none();
        };
        let recent = match self.results() {
            Some(Ok((summary, _))) => summary.recent.clone(),
            _ => Vec::new(),
        };
        let selected = match action {
            Action::ScrollUp => was.saturating_sub(1),
            Action::ScrollDown => (was + 1).min(recent.len().saturating_sub(1)),
            Action::Submit => return open_result(recent.get(was)),
            Action::Close => {
                *screen = Screen::Board;
                return Outcome::none();
            }
            _ => return Outcome::none(),
        };
        let file = self.results_file();
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
        *screen = Screen::Results { scroll, selected };
        Outcome::none()
    }

    /// Yes to a question about files.
    pub(in crate::app) fn question_yes(&mut self, screen: &mut Screen) -> Outcome {
        *screen = Screen::Board;
        match self.take_pending() {
            Some(Pending::Write { path, input }) => {
                Outcome::effect(Effect::WriteRecord { path, input })
            }
            Some(Pending::Delete { path, index }) => {
                Outcome::effect(Effect::DeleteRecord { path, index })
            }
            Some(Pending::Open { record, path, .. }) => {
                Outcome::effect(Effect::ShowRecord { record, path })
            }
            None => Outcome::none(),
        }
    }

    /// No to a question: back to where it was asked from.
    pub(in crate::app) fn declined(&mut self, screen: &mut Screen) {
        *screen = match self.take_pending() {
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

/// Enter on a recent game: its record opened, or why not.
fn open_result(row: Option<&ResultRow>) -> Outcome {
    match row.map(|row| row.record.clone()) {
        None => Outcome::none(),
        Some(None) => {
            let mut out = Outcome::none();
            out.say(
                Tone::Warning,
                "That game was not kept in a file: there is nothing to open.",
            );
            out
        }
        Some(Some(path)) => Outcome::effect(Effect::OpenRecord { path, index: None }),
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
