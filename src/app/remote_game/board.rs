//! The board's keys in a remote game, one set for both kinds: a move is
//! checked against the game shown before it goes (the other end has the
//! last word), a take-back is asked, a resignation confirmed first; what
//! the keys do otherwise is the board's as usual.

use super::{RemoteGame, Shown, Transport};
use crate::app::action::Action;
use crate::core::{Move, PlayError};
use crate::net::Request;

/// What a board key asks of the remote game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::app) enum Step {
    /// A move checked here: to send (or to play, where this copy referees).
    Move(Move),
    /// Not possible now, and why.
    Refused(String),
    /// The resignation, once confirmed.
    Resign,
    /// The chat line opens.
    Chat,
    /// The other player is asked this.
    Ask(Request),
    /// Not a remote game's key: it works as usual.
    Usual,
}

impl RemoteGame {
    /// What `action` does at the board of this game.
    pub(in crate::app) fn board_key(
        &self,
        action: Action,
        shown: &Shown<'_>,
        link: &dyn Transport,
    ) -> Step {
        let mv = match action {
            Action::Place => Move::Place(shown.cursor),
            Action::Swap => Move::Swap,
            Action::Resign if self.me.is_none() => return watching(),
            Action::Resign if shown.over => return Step::Refused("The game is over.".into()),
            Action::Resign => return Step::Resign,
            Action::OpenChat => return Step::Chat,
            Action::Undo if !shown.game.can_undo() => {
                return Step::Refused("Nothing to undo.".into());
            }
            Action::Undo => return self.check_ask(Request::Undo, link),
            _ => return Step::Usual,
        };
        match self.check_move(mv, shown, link) {
            Ok(()) => Step::Move(mv),
            Err(why) => Step::Refused(why.to_string()),
        }
    }

    /// Whether this player may ask `request` now.
    pub(in crate::app) fn check_ask(&self, request: Request, link: &dyn Transport) -> Step {
        if self.me.is_none() {
            return watching();
        }
        if !link.reaches() {
            return Step::Refused(link.not_connected("ask"));
        }
        if self.asking.is_some() {
            return Step::Refused(format!("Waiting for {}'s answer.", link.peer()));
        }
        if self.asked.is_some() {
            return Step::Refused(format!("{}'s request waits for your answer.", link.peer()));
        }
        Step::Ask(request)
    }

    /// Whether `mv` may go: one's own turn on the latest position of a game
    /// going on, a move the rules allow there, the other end reached.
    fn check_move(
        &self,
        mv: Move,
        shown: &Shown<'_>,
        link: &dyn Transport,
    ) -> Result<(), MoveRefusal> {
        let Some(me) = self.me else {
            return Err(MoveRefusal::Watching);
        };
        if shown.over {
            return Err(MoveRefusal::Link(link.over_text(shown)));
        }
        if shown.browsing {
            return Err(MoveRefusal::Browsing(shown.latest_key.clone()));
        }
        if shown.game.player_to_move() != me {
            return Err(MoveRefusal::PeersTurn(link.peer()));
        }
        // A referee plays it on its own game, which says why not.
        if link.referees() {
            return Ok(());
        }
        if let Err(e) = shown.game.position().preview(mv) {
            return Err(MoveRefusal::Illegal(e));
        }
        if !link.reaches() {
            return Err(MoveRefusal::Link(link.not_connected("play")));
        }
        Ok(())
    }
}

/// Why a move on the board is not sent.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
enum MoveRefusal {
    #[error("You are watching this game.")]
    Watching,
    /// `0`: the key that goes back to the game.
    #[error("{0} goes back to the game first.")]
    Browsing(String),
    /// `0`: the other player's name.
    #[error("It is {0}'s turn.")]
    PeersTurn(String),
    #[error("Not possible: {0}.")]
    Illegal(PlayError),
    /// The link's own sentence: the game is over, or the other end is not
    /// reached.
    #[error("{0}")]
    Link(String),
}

fn watching() -> Step {
    Step::Refused("You are watching this game.".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{BoardSize, Player, Rules};
    use crate::core::{Game, Square};

    /// A way to the other player, as either kind would answer.
    struct Link {
        up: bool,
    }

    impl Transport for Link {
        fn reaches(&self) -> bool {
            self.up
        }
        fn peer(&self) -> String {
            "bob".into()
        }
        fn over_text(&self, _: &Shown<'_>) -> String {
            "over".into()
        }
        fn asking_text(&self, _: Request) -> &'static str {
            "to take back the last move"
        }
        fn not_connected(&self, verb: &str) -> String {
            format!("Not connected: {verb} later.")
        }
    }

    fn shown<'a>(game: &'a Game, names: &'a [String; 2]) -> Shown<'a> {
        Shown {
            game,
            names,
            cursor: Square::new(2, 2),
            browsing: false,
            over: false,
            latest_key: "End".into(),
            new_key: "n".into(),
        }
    }

    fn refused(step: Step) -> String {
        match step {
            Step::Refused(why) => why,
            other => panic!("not refused: {other:?}"),
        }
    }

    /// The friend's game and the lobby's said these differently; one type
    /// now says them for both: the other's turn names them, a watcher (of a
    /// lobby game) is told so for a resignation as for a move, a finished
    /// game refuses a resignation alike, and nothing to undo is said
    /// before anything is asked of the other.
    #[test]
    fn a_remote_game_s_board_keys_say_the_same_for_either_kind() {
        let size = BoardSize::new(5).unwrap();
        let game = Game::new(size, Rules::default(), Player::One);
        let names = ["ann".to_string(), "bob".to_string()];
        let up = Link { up: true };
        let second = RemoteGame::new(Some(Player::Two));
        let place = second.board_key(Action::Place, &shown(&game, &names), &up);
        assert_eq!(refused(place), "It is bob's turn.");
        let undo = second.board_key(Action::Undo, &shown(&game, &names), &up);
        assert_eq!(refused(undo), "Nothing to undo.");

        let watcher = RemoteGame::new(None);
        for action in [Action::Place, Action::Resign] {
            let step = watcher.board_key(action, &shown(&game, &names), &up);
            assert_eq!(refused(step), "You are watching this game.");
        }

        let first = RemoteGame::new(Some(Player::One));
        let mut over = shown(&game, &names);
        over.over = true;
        let resign = first.board_key(Action::Resign, &over, &up);
        assert_eq!(refused(resign), "The game is over.");
        assert_eq!(refused(first.board_key(Action::Place, &over, &up)), "over");

        // One's turn: the move goes if the other end is reached.
        let place = first.board_key(Action::Place, &shown(&game, &names), &up);
        assert_eq!(place, Step::Move(Move::Place(Square::new(2, 2))));
        let down = Link { up: false };
        let place = first.board_key(Action::Place, &shown(&game, &names), &down);
        assert_eq!(refused(place), "Not connected: play later.");
    }
}
