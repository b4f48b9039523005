//! A finished online game's record, from the server into the records
//! folder: checked as any record read from a file, written to a new file
//! (never over another).

use crate::app::files::naming::Naming;
use crate::app::message::Tone;
use crate::app::state::App;
use crate::core::Record;
use crate::online::protocol::GameId;
use crate::storage::save_new_record;

impl App {
    /// Saves game `game`'s record `text` as `online-GAME.brique` (or
    /// `online-GAME-2.brique` … when taken) in the records folder.
    pub(in crate::app) fn save_download(&mut self, game: GameId, text: &str) {
        let record = match Record::parse(text) {
            Ok(record) => record,
            Err(e) => {
                return self.tell(
                    Tone::Warning,
                    format!("Game {game}'s record is unreadable: {e}."),
                );
            }
        };
        let Some(dir) = self.files.paths().map(|p| p.records_dir()) else {
            return self.tell(Tone::Warning, "No records folder is known: nothing saved.");
        };
        if let Err(e) = std::fs::create_dir_all(&dir) {
            let dir = Naming::of(&self.reach).records_dir(&dir);
            return self.tell(Tone::Warning, format!("Not saved in {dir}: {e}."));
        }
        match save_new_record(&dir.join(format!("online-{game}.brique")), &record) {
            Ok(path) => {
                let naming = Naming::of(&self.reach);
                let said = if naming.names_only() {
                    naming.saved_record(&path)
                } else {
                    format!("Saved as {}.", path.display())
                };
                self.tell(Tone::Success, said);
            }
            Err(e) => self.tell(Tone::Warning, format!("Not saved: {e}.")),
        }
    }
}
