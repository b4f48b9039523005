//! No engine help in a lobby game in progress: the hint, the heat map,
//! the review and any search shown are refused while an online game on the
//! board goes on, for its players and for watchers too (a second key
//! watching one's own game would otherwise bring the help back). Every aid
//! asks [`Online::bars_engine_aids`]; help comes back when the game ends.

use super::state::Online;
use crate::app::action::Action;

/// What a key for an engine aid is told meanwhile.
pub const ENGINE_AIDS_REFUSED: &str = "No engine help while this online game goes on. Hints, the heat map and reviews come back when it ends.";

impl Online {
    /// Whether engine help is refused now: an online game, played or
    /// watched, goes on on the board (or waits for its server).
    pub(in crate::app) fn bars_engine_aids(&self) -> bool {
        self.resume.is_some() || self.game.as_ref().is_some_and(|g| !g.is_over())
    }

    /// Why a key for an engine aid is refused now, if it is.
    pub(in crate::app) fn refuses_aid(&self, action: Action) -> Option<&'static str> {
        let aid = matches!(
            action,
            Action::Hint
                | Action::ToggleAnalysis
                | Action::Review
                | Action::NextMistake
                | Action::PrevMistake
        );
        (aid && self.bars_engine_aids()).then_some(ENGINE_AIDS_REFUSED)
    }
}
