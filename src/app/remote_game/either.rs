//! The remote game on the board, whichever kind it is: the friend's game
//! when there is one, else the lobby's. What the screen asks of it (who
//! this copy plays, the other player's name, the side panel's notes, the
//! clocks) and what it answers (a request, a resignation, a chat line) go
//! to the one that plays; the deeds they return are carried out by `App`
//! (`carry.rs`).

use crate::app::game::clock::ClockFace;
use crate::app::game::session::Session;
use crate::app::message::Message;
use crate::app::network::state::Network;
use crate::app::online::state::Online;
use crate::app::remote_game::Transport;
use crate::app::remote_game::deed::Deeds;
use crate::app::screen::Question;
use crate::core::{Game, Player};

/// The remote game on the board, read.
#[derive(Clone, Copy)]
pub(in crate::app) struct Remote<'a> {
    pub network: Option<&'a Network>,
    pub online: &'a Online,
}

impl<'a> Remote<'a> {
    pub fn of(network: &'a Option<Network>, online: &'a Online) -> Remote<'a> {
        Remote {
            network: network.as_ref(),
            online,
        }
    }

    /// What the other player's request asks, in its question.
    pub fn question(self, question: Question) -> String {
        match (self.network, question) {
            (Some(net), Question::Peer(request)) => net.question(request),
            _ => self.online.question(),
        }
    }

    /// The player this copy moves for in a remote game.
    pub fn me(self) -> Option<Player> {
        match self.network {
            Some(net) => Some(net.me()),
            None => self.online.game.as_ref().and_then(|g| g.me()),
        }
    }

    /// Whether the other player of a remote game is to move in `game`.
    pub fn peer_to_move(self, game: &Game) -> bool {
        self.me().is_some_and(|me| me != game.player_to_move())
    }

    /// What the messages call the other player of a remote game.
    pub fn peer_name(self) -> String {
        match self.network {
            Some(net) => net.peer(),
            None => self
                .online
                .opponent()
                .unwrap_or_else(|| "your friend".to_string()),
        }
    }

    /// What the side panel says about the remote game.
    pub fn notes(self, session: &Session) -> Vec<Message> {
        match self.network {
            Some(net) => {
                let clocks = session.clock().is_some();
                net.notes(std::time::Instant::now(), clocks)
            }
            None => self.online.notes(session.game(), session.now()),
        }
    }

    /// The other end's clocks, the one running counted down since heard.
    pub fn clock_faces(self, session: &Session) -> Option<[ClockFace; 2]> {
        let now = session.now();
        match self.network {
            Some(net) => net.clock_faces(session.game(), now),
            None => self.online.clock_faces(session.game(), now),
        }
    }
}

/// The remote game on the board, answering.
pub(in crate::app) struct RemoteAnswers<'a> {
    pub network: Option<&'a mut Network>,
    pub online: &'a mut Online,
}

impl<'a> RemoteAnswers<'a> {
    pub fn of(network: &'a mut Option<Network>, online: &'a mut Online) -> RemoteAnswers<'a> {
        RemoteAnswers {
            network: network.as_mut(),
            online,
        }
    }

    /// The answer to the other player's request, in its question.
    pub fn answer(self, yes: bool) -> Deeds {
        match self.network {
            Some(net) => net.answer(yes),
            None => self.online.answer(yes),
        }
    }

    /// Yes to [`Question::Resign`]: the other player wins.
    pub fn resign(self) -> Deeds {
        match self.network {
            Some(net) => net.resign(),
            None => self.online.resign(),
        }
    }

    /// A chat line typed in a remote game, sent.
    pub fn chat(self, text: &str) -> Deeds {
        match self.network {
            Some(net) => net.chat(text),
            None => self.online.chat(text),
        }
    }
}
