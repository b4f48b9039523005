//! What the autosave's writes come to, said to the player: a write that
//! failed (once, in a box; the panel says the game is in memory until a
//! write works), and one that works again. The writes themselves are the
//! writer's (`writer.rs`); the screen takes in what it said at every update
//! (the writer's bell wakes the event loop for it).

use super::autosave::OnScreen;
use super::state::{Files, Snapshot};
use super::writer::Report;
#[cfg(test)]
use super::writer::Sink;
use crate::app::flow::outcome::Outcome;
use crate::app::message::Tone;
use crate::app::screen::Screen;
use crate::bell::Bell;
use crate::core::Outcome as GameOutcome;

impl Files {
    /// Writes the autosave on a thread of its own from now on, ringing
    /// `bell` when the screen has something to hear (the event loop's).
    pub(in crate::app) fn write_on_thread(&mut self, bell: &Bell) {
        self.writer_mut().start_thread(bell);
    }

    /// Writes with `sink` from now on (tests: a slow or failing disk).
    #[cfg(test)]
    pub(in crate::app) fn write_with(&mut self, sink: Sink) {
        self.writer_mut().with_sink(sink);
    }

    /// Takes in what the writer said: a failure is said as before (once,
    /// in a box), and so is a write that works again.
    pub(in crate::app) fn take_written(&mut self, screen: &mut Screen, out: &mut Outcome) {
        for report in self.writer_reports() {
            match report {
                Report::Recovered => {
                    if self.recovered() {
                        out.tell(Tone::Success, "The autosave works again.");
                    }
                }
                Report::Failed {
                    why,
                    game,
                    unfinished,
                } => self.not_saved(why, unfinished, game, screen, out),
            }
        }
    }

    /// Waits until the writer has written all it was handed, and takes in
    /// what it said.
    pub(super) fn settle(&mut self, screen: &mut Screen, out: &mut Outcome) {
        self.finish_writes();
        self.take_written(screen, out);
    }

    /// Says once, in a message box, why the game is not being saved; the
    /// panel keeps saying that it is not until a save works.
    pub(super) fn autosave_failed(
        &mut self,
        why: String,
        game: &OnScreen,
        screen: &mut Screen,
        out: &mut Outcome,
    ) {
        let unfinished = game.record.outcome() == GameOutcome::Unfinished;
        self.not_saved(why, unfinished, Snapshot::of(game.session), screen, out);
    }

    /// [`Files::autosave_failed`], for the game `at` (`unfinished`: it
    /// goes on), which may no longer be the one on screen.
    pub(super) fn not_saved(
        &mut self,
        why: String,
        unfinished: bool,
        at: Snapshot,
        screen: &mut Screen,
        out: &mut Outcome,
    ) {
        tracing::warn!("the autosave failed: {why}");
        // A game over has no next move: its write waits for the quit.
        let again = if unfinished {
            "after the next move, and when you quit"
        } else {
            "when you quit"
        };
        let explained = format!(
            "The game cannot be saved: {why}.\n\nIt is kept in memory, and saving \
             it is tried again {again}."
        );
        if self.mark_failed_at(why, at) {
            if matches!(screen, Screen::Board | Screen::Notice(_)) {
                out.tell(Tone::Warning, "Not saved: the game goes on in memory.");
            }
            out.notify(screen, "Not saved", explained);
        }
    }
}
