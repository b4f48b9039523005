//! Engine help in a game between friends: a player who asks for a hint,
//! turns the analysis on or starts a review is told to the other player
//! (`aid` in a chat message: docs/protocol.md), and both side panels say
//! so. Help turned on while the link is down is told once it is back.

use super::state::{LinkState, Network};
use crate::app::action::Action;
use crate::app::message::Tone;
use crate::app::state::App;
use crate::net::{self, Aid};

impl Network {
    /// This player turned `aid` on: the other is told (now, or when the
    /// link is back), and this panel says so.
    pub fn tell_aid(&mut self, aid: Aid, peer: &str) {
        let what = done(aid);
        let text = if self.send(net::Message::Aid(aid)) {
            format!("You {what}: {peer} is told.")
        } else {
            if !self.untold.contains(&aid) {
                self.untold.push(aid);
            }
            format!("You {what}: {peer} is told when back.")
        };
        self.add_note(Tone::Warning, text);
    }

    /// The other player turned `aid` on.
    pub fn heard_aid(&mut self, aid: Aid, peer: &str) {
        self.add_note(Tone::Warning, format!("{peer} {}.", done(aid)));
    }

    /// The link is back: what was turned on meanwhile is told.
    pub fn tell_untold(&mut self) {
        if self.link != LinkState::Connected {
            return;
        }
        for aid in std::mem::take(&mut self.untold) {
            self.send(net::Message::Aid(aid));
        }
    }
}

/// "asked the engine for a hint", as said of a player.
const fn done(aid: Aid) -> &'static str {
    match aid {
        Aid::Hint => "asked the engine for a hint",
        Aid::Analysis => "turned on the engine's analysis",
        Aid::Review => "started the engine's review of the game",
    }
}

/// At the board of a game between friends: an action that turns engine
/// help on is told to the other player before it is done.
pub(in crate::app) fn announce_engine_help(app: &mut App, action: Action) {
    if app.network.is_none() {
        return;
    }
    let aid = match action {
        Action::Hint if !app.game().is_over() => Aid::Hint,
        Action::ToggleAnalysis if !app.computer.analysis_shown() => Aid::Analysis,
        Action::Review if !app.review.is_running() && !app.game().history().is_empty() => {
            Aid::Review
        }
        _ => return,
    };
    let peer = crate::app::remote_game::either::Remote::of(&app.network, &app.online).peer_name();
    if let Some(net) = &mut app.network {
        net.tell_aid(aid, &peer);
    }
}
