//! The screen's own lines in a saved game (`x-` headers of the record): what
//! the autosave must bring back besides the moves. Every feature adds its
//! keys here, in both functions (the computer opponent: `x-mode`, `x-level`;
//! the review: `x-review`).

use crate::app::config::engine::Mode;
use crate::app::state::App;
use crate::core::{Record, Square};

impl App {
    /// The `x-` lines written with the game (autosave and saved records).
    pub(in crate::app) fn screen_extras(&self) -> Vec<(&'static str, String)> {
        let mut extras = vec![
            ("x-cursor", self.cursor().to_string()),
            // Who played: a game against the computer resumes as one. The
            // level is for the reader; the settings' level plays on.
            ("x-mode", self.mode().key().to_string()),
            ("x-level", self.named_level().name().to_string()),
        ];
        // The engine's review of this game (`review/`).
        extras.extend(self.review_extra());
        extras
    }

    /// Takes back what [`App::screen_extras`] wrote, when a game is resumed
    /// or opened. A value that does not read (an edited file) is ignored.
    pub(in crate::app) fn restore_screen_extras(&mut self, record: &Record) {
        if let Some(cursor) = record
            .extra("x-cursor")
            .and_then(|text| text.parse::<Square>().ok())
            .filter(|&sq| self.game().size().contains(sq))
        {
            self.board.set_cursor(cursor);
        }
        // A record without a mode was not played against this program's
        // computer: two people play it on (the engine follows at the end of
        // the update).
        let mode = record.extra("x-mode").and_then(Mode::from_key);
        self.computer.set_mode(mode.unwrap_or_default());
        // A finished game's players are named as the record names them.
        let level = record.extra("x-level").and_then(|level| level.parse().ok());
        (self.files).set_recorded_level(level.filter(|_| record.game.is_over()));
        self.restore_review(record);
    }
}
