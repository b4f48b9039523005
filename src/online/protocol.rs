//! The lobby's messages (docs/protocol.md, "The lobby"): what a client
//! asks (`Ask`, each with a number its reply carries), what the server
//! answers (`Answer`) and what it pushes unasked (`Push`). JSON inside
//! Noise transport messages; every field the server reads is checked here
//! or by the referee, and every limit is a constant of this file.

use serde::{Deserialize, Serialize};

use crate::core::{Player, Variant};

use super::terms::variant_name;
pub use super::terms::{MAX_DAYS, Pace, Terms, TermsError};
use super::tournaments::{TournamentPage, TournamentSpec, TournamentSummary};
use super::typed::player_number;
pub use super::typed::{ABORTED, BadResult, GameId, GameResult, SeekId, TournamentId};

/// The lobby protocol's version: raised by any change an older copy
/// cannot read (2: a game's result as an object, not a sentence).
pub const LOBBY_PROTOCOL: u32 = 2;
/// The longest plaintext message either side sends: Noise's own limit
/// (65535 bytes) less its tag.
pub const MAX_LOBBY_MESSAGE: usize = 65_535 - 16;
/// Entries in one pushed list (players, seeks, games) or one answer list
/// (archive, leaderboard, history), at most: a list always fits a message.
pub const MAX_LIST: usize = 200;

/// The first message of a client, inside the Noise handshake.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClientHello {
    pub protocol: u32,
    pub program: String,
    /// The name to take, for a key the server does not know yet; ignored
    /// for a known key (`rename` changes it). Without one a new key may only look (lists,
    /// archive, watching).
    pub name: Option<String>,
    /// A bot's program (`brique online bot`): a new key registers as a bot.
    #[serde(default)]
    pub bot: bool,
}

/// The server's part of the handshake.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServerHello {
    pub protocol: u32,
    pub program: String,
}

/// A client's request; its reply carries `id`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    pub id: u64,
    pub ask: Ask,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "ask")]
pub enum Ask {
    /// Nothing: keeps an idle connection open.
    Ping,
    /// Offers a game to anyone.
    Seek {
        terms: Terms,
    },
    /// Offers a game to one player, by name.
    Challenge {
        name: String,
        terms: Terms,
    },
    /// Withdraws one's own seek or challenge.
    Cancel {
        seek: SeekId,
    },
    /// Takes a seek, or a challenge made to oneself: the game starts.
    Accept {
        seek: SeekId,
    },
    /// Plays `mv` (`d4`, `swap`) as move number `ply` + 1 of a game.
    Move {
        game: GameId,
        ply: u16,
        mv: String,
    },
    Resign {
        game: GameId,
    },
    /// A game's state now, and its moves as they come (read-only for one
    /// who does not play in it).
    Watch {
        game: GameId,
    },
    Unwatch {
        game: GameId,
    },
    /// One's own games in progress, those waiting for one's move first.
    MyGames,
    /// The best rated players of a variant.
    Leaderboard {
        #[serde(with = "variant_name")]
        variant: Variant,
    },
    /// A player's ratings and rating history.
    Ratings {
        name: String,
    },
    /// A player's finished games, newest first.
    Archive {
        name: String,
    },
    /// One finished game as a Brique game record.
    Record {
        game: GameId,
    },
    /// Says `text` to the other player of one's game in progress (cleaned
    /// as chat is; watchers do not chat).
    Chat {
        game: GameId,
        text: String,
    },
    /// Asks the other player to take back one's last move (and theirs
    /// after it, if they have answered it).
    Takeback {
        game: GameId,
    },
    /// Answers the other player's take-back request.
    TakebackAnswer {
        game: GameId,
        yes: bool,
    },
    /// Takes another name (a key with a name; once in 30 days).
    Rename {
        name: String,
    },
    /// The tournaments: upcoming, running, and the latest finished.
    Tournaments,
    /// One tournament's page; its changes are pushed from then on
    /// (`Push::Tournament`) until `UnfollowTournament`.
    Tournament {
        tournament: TournamentId,
    },
    UnfollowTournament {
        tournament: TournamentId,
    },
    /// Makes a tournament (a player with a name); answered `TournamentMade`.
    CreateTournament {
        spec: TournamentSpec,
    },
    /// Enters a tournament: before its start, or an arena at any time.
    JoinTournament {
        tournament: TournamentId,
    },
    /// Leaves a tournament: before its start, or from its next pairing on
    /// (games under way are played out).
    WithdrawTournament {
        tournament: TournamentId,
    },
    /// An arena's entrant asks not to be paired for now (`paused`), or to
    /// be paired again.
    PauseTournament {
        tournament: TournamentId,
        paused: bool,
    },
}

/// The answer to a request: what was asked, or why not.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Reply {
    pub id: u64,
    // A refusal travels as the words the player reads (the server's
    // `AskRefusal` as text): no client branches on it.
    pub answer: Result<Answer, String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "answer")]
pub enum Answer {
    Done,
    Seeking {
        seek: SeekId,
    },
    /// The game an accepted seek started.
    Started {
        game: GameId,
    },
    Game {
        state: GameState,
    },
    Games {
        games: Vec<GameSummary>,
    },
    Leaderboard {
        players: Vec<RatedPlayer>,
    },
    Ratings {
        ratings: Vec<RatedPlayer>,
        history: Vec<RatingPoint>,
    },
    Archive {
        games: Vec<FinishedGame>,
    },
    Record {
        text: String,
    },
    /// The name taken by `rename`, as kept (cleaned).
    Renamed {
        name: String,
    },
    Tournaments {
        tournaments: Vec<TournamentSummary>,
    },
    Tournament {
        page: Box<TournamentPage>,
    },
    /// The number of the tournament `CreateTournament` made.
    TournamentMade {
        tournament: TournamentId,
    },
}

/// Everything the server sends, after the handshake.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FromServer {
    Reply(Reply),
    Push(Push),
}

/// What the server sends unasked, or first of all.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "push")]
pub enum Push {
    /// The handshake's outcome: who the server knows this key as (no name:
    /// a key without a name, which may only look), and the player's games
    /// waiting for their move.
    Welcome {
        name: Option<String>,
        waiting: Vec<GameSummary>,
    },
    /// Why the server closes this connection; `name` when the name asked
    /// for is at fault (too long, blank, taken, looks like one taken).
    Refused {
        why: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<crate::online::name::NameError>,
    },
    Players {
        players: Vec<String>,
        /// Those of `players` that are bots (docs/protocol.md, "Bots").
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        bots: Vec<String>,
    },
    Seeks {
        seeks: Vec<SeekSummary>,
    },
    Games {
        games: Vec<GameSummary>,
    },
    /// A game of one's own started (by one's seek being accepted).
    Started {
        state: GameState,
    },
    /// A move accepted in a game one plays or watches, with the clocks
    /// after it.
    Moved {
        game: GameId,
        ply: u16,
        mv: String,
        clocks: Clocks,
    },
    /// A game one plays or watches ended.
    Ended {
        game: GameId,
        result: GameResult,
        ratings: Vec<RatingChange>,
    },
    /// How many watch a game one plays in.
    Watchers {
        game: GameId,
        count: usize,
    },
    /// A chat line in a game one plays in, from `from` (one's own too).
    Chat {
        game: GameId,
        from: String,
        text: String,
    },
    /// `by` asks to take back their last move in a game one plays in.
    Takeback {
        game: GameId,
        by: String,
    },
    /// The take-back request was declined (or withdrawn by a move).
    TakebackDeclined {
        game: GameId,
        by: String,
    },
    /// Moves were taken back, both agreeing: the game as it stands now,
    /// its clocks as they were before those moves. To players and watchers.
    TakenBack {
        state: GameState,
    },
    /// The other player of one's game left (their last connection closed)
    /// or came back. Their clock runs on while they are away: it is the
    /// time they have to come back.
    Presence {
        game: GameId,
        name: String,
        here: bool,
    },
    /// This key took another name (`rename`, from any of its copies).
    Renamed {
        name: String,
    },
    /// The tournaments' list changed (to every connection, as `Seeks`).
    Tournaments {
        tournaments: Vec<TournamentSummary>,
    },
    /// A tournament one entered or follows changed.
    Tournament {
        page: Box<TournamentPage>,
    },
    /// One's next game of a tournament is paired: sent just before that
    /// game's `Started`, so that a player elsewhere is told.
    Paired {
        tournament: TournamentId,
        name: String,
        round: u32,
        game: GameId,
    },
}

/// Each side's time left, in milliseconds: on the clock, or in a
/// correspondence game the time left for the move to make (the side not to
/// move shows its whole allowance).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    pub black_ms: u64,
    pub white_ms: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeekSummary {
    pub seek: SeekId,
    pub by: String,
    /// The challenged player, for a challenge.
    pub to: Option<String>,
    pub terms: Terms,
    /// The seeker's rating in the variant, rounded.
    pub rating: i32,
    /// Whether the seeker is a bot.
    #[serde(default)]
    pub bot: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSummary {
    pub game: GameId,
    pub black: String,
    pub white: String,
    pub terms: Terms,
    pub ply: u16,
    /// The name of the player to move.
    pub to_move: String,
    pub watchers: usize,
    /// Whether Black, and White, is a bot.
    #[serde(default)]
    pub black_bot: bool,
    #[serde(default)]
    pub white_bot: bool,
}

/// A game as it stands: enough to draw it and go on.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    pub game: GameId,
    /// Player 1 (the seeker) and Player 2.
    pub names: [String; 2],
    /// Which of them held Black at the start: 1 or 2 on the wire.
    #[serde(with = "player_number")]
    pub black: Player,
    pub terms: Terms,
    pub moves: Vec<String>,
    pub clocks: Clocks,
    pub watchers: usize,
    /// `None` while it goes on.
    pub result: Option<GameResult>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatedPlayer {
    pub name: String,
    #[serde(with = "variant_name")]
    pub variant: Variant,
    pub rating: f64,
    pub deviation: f64,
    pub games: u32,
    /// Whether the player is a bot.
    #[serde(default)]
    pub bot: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingPoint {
    #[serde(with = "variant_name")]
    pub variant: Variant,
    pub game: GameId,
    pub rating: f64,
    /// Milliseconds since 1970.
    pub at_ms: i64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    pub name: String,
    pub before: f64,
    pub after: f64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinishedGame {
    pub game: GameId,
    pub names: [String; 2],
    pub terms: Terms,
    pub result: GameResult,
    pub moves: u16,
    pub ended_ms: i64,
    /// Whether each of `names` is a bot.
    #[serde(default)]
    pub bots: [bool; 2],
}
