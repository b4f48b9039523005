//! What the remote games (a friend's, the lobby's) and the Online screen
//! ask of the rest of the screen once they have acted on their own state:
//! data, carried out in one place (`carry.rs`).

use crate::app::flow::effect::Effect;
use crate::app::message::Tone;
use crate::app::screen::{Question, Screen};
use crate::core::{Game, Move, Player, TimeControl};

/// One thing for the rest of the screen to do.
// A few of them live for one update: their size does not matter, boxing
// the screens and games they carry would only add noise.
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub(in crate::app) enum Deed {
    /// The status line says this, in place of what the action said.
    Say(Tone, String),
    /// Added to what the status line says.
    Tell(Tone, String),
    /// This screen opens (a question, the chat line, a form, the board).
    Open(Screen),
    /// This screen opens if the board has the keyboard (a question the
    /// other player asks waits for it).
    OpenIfFree(Screen),
    /// Back to the board if this is open.
    Close(Closes),
    /// Play this move on the game here (a friend's game's host referees).
    Play(Move),
    /// The other player's move, for this copy (the host) to play if it is
    /// their turn; `peer` names them.
    PeerPlays { mv: Move, peer: String },
    /// Both agreed: the last move is taken back (the host's game).
    Undo,
    /// Both agreed: a new game, the colours swapped (the host's game).
    Rematch,
    /// `Player` resigns the game here.
    Resign(Player),
    /// The network game ends here (a guest refused).
    EndNetwork,
    /// Put this game on the board, its players named so; `fresh`: a new
    /// game (the one the autosave held is put away first).
    Show {
        game: Game,
        names: [String; 2],
        fresh: bool,
    },
    /// The clocks follow the other end's: its time control, a fallen flag.
    FollowClocks {
        control: Option<TimeControl>,
        flag: Option<Player>,
    },
    /// The clocks here are held (or count again).
    HoldClocks(bool),
    /// A new game with the settings, in place of the one on the board.
    NewGame,
    /// No clock for the game on the board any more.
    NoClock,
    /// Write the autosave now (what it holds changed).
    Autosave,
    /// Connect to the lobby again (from its server in question), asking
    /// for `name`.
    Connect {
        lobby: crate::app::online::connect_lobby::Lobby,
        name: Option<String>,
    },
    /// The connect form, on the Online screen if it is open (`focus`: on
    /// this field).
    OfferConnect { focus: Option<usize> },
    /// The lobby's servers (`a:7779, b:7779`) and the name it knows this
    /// key by, kept in the settings.
    KeepSettings {
        server: String,
        name: Option<String>,
    },
    /// A finished online game's record, into the records folder.
    SaveDownload {
        game: crate::online::protocol::GameId,
        text: String,
    },
    /// The remote game on the board brought in line now.
    SyncRemote,
    /// Something the update carries out later.
    Effect(Effect),
}

/// What [`Deed::Close`] closes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::app) enum Closes {
    /// The question of the friend's request.
    PeerQuestion,
    /// The question of the online take-back.
    TakebackQuestion,
    /// The Online screen (a game shown on the board).
    OnlineScreen,
}

impl Closes {
    pub(super) fn open_on(self, screen: &Screen) -> bool {
        match self {
            Closes::PeerQuestion => matches!(screen, Screen::Confirm(Question::Peer(_))),
            Closes::TakebackQuestion => *screen == Screen::Confirm(Question::Takeback),
            Closes::OnlineScreen => matches!(screen, Screen::Online(_)),
        }
    }
}

/// The deeds of one handling, in order.
#[derive(Debug, Default)]
pub(in crate::app) struct Deeds(Vec<Deed>);

impl Deeds {
    pub(in crate::app) fn say(&mut self, tone: Tone, text: impl Into<String>) {
        self.0.push(Deed::Say(tone, text.into()));
    }

    pub(in crate::app) fn tell(&mut self, tone: Tone, text: impl Into<String>) {
        self.0.push(Deed::Tell(tone, text.into()));
    }

    pub(in crate::app) fn push(&mut self, deed: Deed) {
        self.0.push(deed);
    }

    pub(in crate::app) fn extend(&mut self, deeds: Deeds) {
        self.0.extend(deeds.0);
    }

    pub(super) fn into_inner(self) -> Vec<Deed> {
        self.0
    }
}

impl From<Deed> for Deeds {
    fn from(deed: Deed) -> Deeds {
        Deeds(vec![deed])
    }
}
