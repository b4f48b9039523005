//! Why the referee refuses a request: each refusal with its data. The
//! client is sent its message (the wire carries the text), and the
//! referee and its tests branch on the variant.

use crate::core::{Move, PlayError, SquareError};
use crate::online::NameError;
use crate::online::protocol::TermsError;

/// A request the referee refuses; the message is what the player reads.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum AskRefusal {
    #[error("unknown connection")]
    UnknownConnection,
    #[error("tournaments are not run by a server among several (one database): ask its operator")]
    NoTournaments,
    #[error("no tournament {0} is held on this server")]
    NoTournament(u64),
    #[error(transparent)]
    Spec(#[from] crate::online::tournaments::SpecError),
    #[error("this server runs swiss and arena tournaments only so far, not a {0}")]
    KindNotRun(crate::online::tournaments::Kind),
    #[error("at most {0} tournaments of yours not yet finished")]
    TooManyTournaments(usize),
    #[error("at most {0} tournaments followed at once")]
    TooManyFollowed(usize),
    #[error("tournament {0} has started: entries are closed")]
    TournamentStarted(u64),
    #[error("tournament {0} is over")]
    TournamentOver(u64),
    #[error("you are entered in tournament {0} already")]
    AlreadyEntered(u64),
    #[error("you are not entered in tournament {0}")]
    NotEntered(u64),
    #[error("a tournament holds at most {0} entrants")]
    TournamentFull(usize),
    #[error("only an arena's entrants pause")]
    NotAnArena,
    #[error("unknown key")]
    UnknownKey,
    #[error("too many requests: at most {0} a second from one player")]
    TooManyAsks(f64),
    #[error("this key has no name on this server: connect with a name to play")]
    Unnamed,
    #[error("no player is called {0} on this server")]
    NoPlayer(String),
    #[error("a challenge to oneself is refused")]
    SelfChallenge,
    #[error("you have no seek {0}")]
    NotYourSeek(u64),
    #[error("seek {0} is gone")]
    SeekGone(u64),
    #[error("your own seek cannot be accepted by you")]
    OwnSeek,
    #[error("seek {0} is a challenge to another player")]
    ChallengeToAnother(u64),
    #[error(transparent)]
    Terms(#[from] TermsError),
    #[error("at most {0} seeks and challenges open at once")]
    TooManySeeks(usize),
    #[error("at most {0} games in progress at once")]
    TooManyGames(usize),
    #[error("too many seeks: at most {0} a minute")]
    SeekRate(f64),
    #[error("bots do not play each other here: challenge a person, or let one challenge you")]
    BotsDoNotMeet,
    #[error(
        "the server's bots are playing as many games as they may ({0} at once): try again in a few minutes"
    )]
    BotsBusy(usize),
    #[error("no game {0} is in progress")]
    NoGame(u64),
    #[error("game {0} goes on: its record is kept when it ends")]
    RecordNotYet(u64),
    #[error("you do not play in this game")]
    NotYourGame,
    #[error("at most {0} games watched at once")]
    TooManyWatched(usize),
    #[error("the game is over")]
    GameOver,
    #[error("it is not your turn")]
    NotYourTurn,
    /// Moves counted from one, as players count them.
    #[error("move {expected} was expected, not move {got}")]
    WrongMoveNumber { expected: u32, got: u32 },
    #[error("{text:?} is not a move: {error}")]
    NotAMove { text: String, error: SquareError },
    #[error("your time has run out")]
    TimeUp,
    #[error("illegal move {mv}: {error}")]
    Illegal { mv: Move, error: PlayError },
    #[error("a take-back request already waits for an answer")]
    TakebackWaits,
    #[error("you have no move to take back")]
    NothingToTakeBack,
    #[error("at most {0} take-back requests in a game")]
    TooManyTakebacks(u8),
    #[error("no take-back request waits for your answer")]
    NoTakebackToAnswer,
    #[error("watchers do not chat: only the two players of a game talk")]
    WatchersDoNotChat,
    #[error("an empty line is not sent")]
    EmptyChat,
    #[error("too many chat lines: at most {0} a minute")]
    ChatRate(f64),
    #[error(transparent)]
    Name(#[from] NameError),
    #[error("this key has no name on this server: connect with a name first")]
    RenameUnnamed,
    #[error("you are called {0} already")]
    SameName(String),
    /// `every`: the days between two renames.
    #[error(
        "a name changes once in {every} days, and yours can change again \
         in {days} {}",
        if *.days == 1 { "day" } else { "days" }
    )]
    RenameTooSoon { days: i64, every: i64 },
    /// With several servers: another took the game over while this one
    /// was away.
    #[error("game {0} is refereed by another server now: ask again")]
    LostGame(u64),
    /// A request forwarded to a server that no longer owns the game.
    #[error("that game moved to another server: ask again")]
    GameMoved,
    /// A request forwarded to a game's owner, which never answered.
    #[error("the server of that game does not answer: try again")]
    OwnerSilent,
    /// The database failed (logged where it happened).
    #[error("the server cannot reach its database now: try again later")]
    Database,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_say_what_the_player_read_before_they_were_types() {
        let said = |r: AskRefusal| r.to_string();
        assert_eq!(said(AskRefusal::NoGame(7)), "no game 7 is in progress");
        assert_eq!(
            said(AskRefusal::WrongMoveNumber {
                expected: 3,
                got: 5
            }),
            "move 3 was expected, not move 5"
        );
        assert_eq!(
            said(AskRefusal::TooManyAsks(20.0)),
            "too many requests: at most 20 a second from one player"
        );
        assert_eq!(
            said(AskRefusal::RenameTooSoon { days: 1, every: 30 }),
            "a name changes once in 30 days, and yours can change again in 1 day"
        );
        assert_eq!(
            said(AskRefusal::RenameTooSoon { days: 2, every: 30 }),
            "a name changes once in 30 days, and yours can change again in 2 days"
        );
        assert_eq!(
            said(AskRefusal::Database),
            "the server cannot reach its database now: try again later"
        );
    }
}
