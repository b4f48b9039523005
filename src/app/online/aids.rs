//! No engine help in a lobby game in progress: the hint, the heat map,
//! the review and any search shown are refused while an online game on the
//! board goes on, for its players and for watchers too (a second key
//! watching one's own game would otherwise bring the help back). Every aid
//! asks [`App::engine_aids_barred`]; help comes back when the game ends.

use crate::app::action::Action;
use crate::app::message::Tone;
use crate::app::state::App;

/// What a key for an engine aid is told meanwhile.
pub const ENGINE_AIDS_REFUSED: &str = "No engine help while this online game goes on. Hints, the heat map and reviews come back when it ends.";

impl App {
    /// Whether engine help is refused now: an online game, played or
    /// watched, goes on on the board (or waits for its server).
    pub(in crate::app) fn engine_aids_barred(&self) -> bool {
        self.online.resume.is_some() || self.online.game.as_ref().is_some_and(|g| !g.is_over())
    }

    /// Refuses a key for an engine aid while they are barred; true when
    /// refused.
    pub(in crate::app) fn refuse_engine_aid(&mut self, action: Action) -> bool {
        let aid = matches!(
            action,
            Action::Hint
                | Action::ToggleAnalysis
                | Action::Review
                | Action::NextMistake
                | Action::PrevMistake
        );
        if aid && self.engine_aids_barred() {
            self.say(Tone::Warning, ENGINE_AIDS_REFUSED);
        }
        aid && self.engine_aids_barred()
    }
}
