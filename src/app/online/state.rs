//! The online part of the app: the connection to the lobby server, the
//! lists it pushes, the requests waiting for their answers, and the online
//! game on the board (played or watched). `connect.rs` and `incoming.rs`
//! act on it for `App`.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

use super::connect_lobby::Lobby;
use crate::app::remote_game::Shown;
use crate::app::remote_game::{RemoteGame, Transport};
use crate::core::{BoardSize, Game, Move, Player, Rules};
use crate::net::Request;
use crate::online::protocol::{
    Ask, FinishedGame, GameId, GameResult, GameState, GameSummary, RatedPlayer, RatingChange,
    RatingPoint, SeekSummary,
};
use crate::online::{Client, Welcome};

/// How long after a lost connection the next try is made.
pub const RECONNECT_AFTER: Duration = Duration::from_secs(3);
/// Incoming messages taken in per tick, so that a busy server cannot
/// freeze the screen.
pub const INCOMING_PER_TICK: usize = 64;

/// The autosave's line with the online game in progress on the board, so
/// that a restarted copy takes it up from the server.
pub const ONLINE_GAME_KEY: &str = "x-online-game";

/// What a connecting thread hands back: the client, its welcome and
/// which of the lobby's servers answered.
pub type Connected = Result<(Client, Welcome, usize), Unconnected>;

/// Why a connection was not made.
#[derive(Debug)]
pub struct Unconnected {
    pub why: String,
    pub fault: Fault,
}

/// What the screen blames for a connection not made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// The name asked for: the form blames its field.
    Name,
    /// The server's key is not the one met before.
    ServerKey,
    Other,
}

impl From<String> for Unconnected {
    fn from(why: String) -> Unconnected {
        Unconnected {
            why,
            fault: Fault::Other,
        }
    }
}

/// How the connection stands.
#[derive(Debug, Default)]
pub enum Link {
    #[default]
    Off,
    /// A thread is connecting to `server`, the first of `lobby` it tries.
    Connecting {
        server: String,
        lobby: Lobby,
        done: Receiver<Connected>,
        /// The name asked for, to tell when the server knows the key by another.
        asked: Option<String>,
    },
    Up {
        server: String,
        lobby: Lobby,
        client: Box<Client>,
    },
    /// `server` lost, for `why`; `lobby` tried again (from the next
    /// server) from `since` + [`RECONNECT_AFTER`].
    Lost {
        server: String,
        lobby: Lobby,
        why: String,
        since: Instant,
    },
}

/// The online game on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnlineGame {
    pub state: GameState,
    /// The side this copy plays (none: watching), when the clocks in
    /// `state` were read, a take-back asked, what the two said.
    pub(in crate::app) remote: RemoteGame,
    /// The rating changes of its end, "NAME 1500 → 1662".
    pub ratings: Vec<String>,
    /// Moves played while this copy was away, said once shown.
    pub away_news: Option<String>,
    /// Which moves (plies) were made while this copy was away: marked on
    /// the board until the next move.
    pub away: Option<Range<usize>>,
    /// The game as the core plays it, kept in step with `state`: replayed
    /// once when the state comes whole, then each move that arrives is
    /// played on it ([`OnlineGame::take_move`]). `None` when the server's
    /// moves do not replay (then `replay` says so each time).
    pub kept: Option<Game>,
}

impl OnlineGame {
    /// The player this copy moves for; `None`: watching.
    pub fn me(&self) -> Option<Player> {
        self.remote.me()
    }

    pub fn id(&self) -> GameId {
        self.state.game
    }

    pub fn is_over(&self) -> bool {
        self.state.result.is_some()
    }

    /// The game as the core plays it: the one kept, or else the server's
    /// moves replayed.
    pub fn game(&self) -> Option<std::borrow::Cow<'_, Game>> {
        match &self.kept {
            Some(game) => Some(std::borrow::Cow::Borrowed(game)),
            None => self.replay().map(std::borrow::Cow::Owned),
        }
    }

    /// The kept game replayed from the state, after the state changed
    /// other than by a move (a take-back, a resignation).
    pub fn replay_kept(&mut self) {
        self.kept = self.replay();
    }

    /// The game as the core plays it: the server's moves replayed, a
    /// resignation or a flag fallen as its result says.
    pub fn replay(&self) -> Option<Game> {
        let terms = &self.state.terms;
        let size = BoardSize::new(terms.size).ok()?;
        let rules = Rules {
            variant: terms.variant,
            pie: terms.pie,
        };
        let black = self.state.black;
        let moves: Vec<Move> = self
            .state
            .moves
            .iter()
            .map(|m| m.parse())
            .collect::<Result<_, _>>()
            .ok()?;
        let mut game = Game::from_moves(size, rules, black, &moves).ok()?;
        if let Some(color) = self.state.result.and_then(GameResult::resigned) {
            let _ = game.resign(color);
        }
        Some(game)
    }

    /// The player to move, while the game goes on.
    pub fn lost_on_time(&self) -> bool {
        self.state.result.is_some_and(GameResult::on_time)
    }
}

/// The online part of the app.
#[derive(Debug, Default)]
pub struct Online {
    pub link: Link,
    /// The name the server knows this key by.
    pub me: Option<String>,
    pub players: Vec<String>,
    /// Those of `players` that are bots.
    pub bots: Vec<String>,
    pub seeks: Vec<SeekSummary>,
    pub games: Vec<GameSummary>,
    /// One's own games in progress, those waiting for one's move first.
    pub mine: Vec<GameSummary>,
    pub leaderboard: Vec<RatedPlayer>,
    /// Whose ratings and archive the Archive page shows.
    pub archive_of: Option<String>,
    pub ratings: Vec<RatedPlayer>,
    pub history: Vec<RatingPoint>,
    pub archive: Vec<FinishedGame>,
    /// The requests sent and not answered yet, by number.
    pub pending: HashMap<u64, Ask>,
    pub game: Option<OnlineGame>,
    /// The online game the autosave was of, taken up once connected.
    pub resume: Option<GameId>,
    /// One's games whose other player has left (no connection now).
    pub gone: std::collections::HashSet<GameId>,
    /// The Tournaments page's list and the tournament open there.
    pub tournaments: super::tournaments::Tournaments,
}

impl Transport for Online {
    fn reaches(&self) -> bool {
        self.is_up()
    }

    fn peer(&self) -> String {
        self.opponent()
            .unwrap_or_else(|| "your opponent".to_string())
    }

    fn over_text(&self, shown: &Shown<'_>) -> String {
        let result = self.game.as_ref().and_then(|g| g.state.result);
        let result = result.map_or_else(|| "it has ended".to_string(), |r| r.to_string());
        format!("The game is over: {result}. {} leaves it.", shown.new_key)
    }

    fn asking_text(&self, _: Request) -> &'static str {
        "to take back your last move"
    }

    fn not_connected(&self, verb: &str) -> String {
        format!("Not connected: {verb} once connected again.")
    }
}

impl Online {
    /// The other player's name in one's own online game.
    pub(in crate::app) fn opponent(&self) -> Option<String> {
        let online = self.game.as_ref()?;
        let me = online.me()?;
        Some(online.state.names[me.other().index()].clone())
    }

    pub fn client(&mut self) -> Option<&mut Client> {
        match &mut self.link {
            Link::Up { client, .. } => Some(client),
            _ => None,
        }
    }

    pub const fn is_up(&self) -> bool {
        matches!(self.link, Link::Up { .. })
    }

    /// How long until a lost connection is tried again.
    pub fn reconnect_in(&self) -> Option<Duration> {
        match &self.link {
            Link::Lost { since, .. } => Some(RECONNECT_AFTER.saturating_sub(since.elapsed())),
            _ => None,
        }
    }

    /// Whether the event loop must tick for this part.
    pub const fn is_active(&self) -> bool {
        !matches!(self.link, Link::Off)
    }

    /// The lobby's servers connected to, tried or to be tried.
    pub fn lobby(&self) -> Option<&Lobby> {
        match &self.link {
            Link::Off => None,
            Link::Connecting { lobby, .. } | Link::Up { lobby, .. } | Link::Lost { lobby, .. } => {
                Some(lobby)
            }
        }
    }

    pub fn server(&self) -> Option<&str> {
        match &self.link {
            Link::Off => None,
            Link::Connecting { server, .. }
            | Link::Up { server, .. }
            | Link::Lost { server, .. } => Some(server),
        }
    }
}

/// "NAME 1500 → 1662".
pub fn rating_change(change: &RatingChange) -> String {
    format!("{} {:.0} → {:.0}", change.name, change.before, change.after)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Variant;
    use crate::online::protocol::{Clocks, Pace, Terms};

    fn game(black: u8, moves: &[&str], result: Option<&str>) -> OnlineGame {
        OnlineGame {
            state: GameState {
                game: GameId(7),
                names: ["ann".into(), "bob".into()],
                black: if black == 2 { Player::Two } else { Player::One },
                terms: Terms {
                    size: 5,
                    variant: Variant::ALL[0],
                    pie: true,
                    pace: Pace::Days(1),
                    rated: false,
                },
                moves: moves.iter().map(|m| m.to_string()).collect(),
                clocks: Clocks::default(),
                watchers: 0,
                result: result.map(|r| r.parse().unwrap()),
            },
            remote: RemoteGame::new(Some(Player::Two)),
            ratings: Vec::new(),
            away_news: None,
            away: None,
            kept: None,
        }
    }

    #[test]
    fn a_move_that_arrives_is_played_on_the_kept_game_not_replayed() {
        let mut online = game(1, &["c3"], None);
        online.replay_kept();
        // The text of the first move spoilt after it was kept: a replay
        // would fail, the kept game goes on with the move that came.
        online.state.moves[0] = "z99".into();
        assert!(online.replay().is_none());
        online.take_move("b2".into(), Clocks::default(), Instant::now());
        let kept = online.game().unwrap();
        assert_eq!(kept.history().len(), 2);
        assert_eq!(kept.history()[1].mv.to_string(), "b2");
        assert_eq!(online.state.moves, ["z99", "b2"]);
        // A move the kept game refuses: the state replayed (here, nothing).
        let mut refused = game(1, &["c3"], None);
        refused.replay_kept();
        refused.take_move("c3".into(), Clocks::default(), Instant::now());
        assert!(refused.kept.is_none() && refused.game().is_none());
    }

    #[test]
    fn a_flag_fallen_reads_nothing_left_on_the_loser_s_clock() {
        let mut lost = game(1, &["c3"], Some("Black wins on time"));
        lost.state.terms.pace = Pace::Clock {
            minutes: 1,
            increment: 1,
        };
        lost.state.clocks = Clocks {
            black_ms: 58_000,
            white_ms: 59_000,
        };
        let mut app = crate::app::App::with_config(crate::app::Config::default());
        app.online.game = Some(lost);
        app.sync_remote();
        let [black, white] = crate::app::remote_game::either::Remote::of(&app.network, &app.online)
            .clock_faces(&app.session)
            .unwrap();
        assert_eq!(
            (black.left, black.out_of_time),
            (Duration::from_secs(58), false)
        );
        assert_eq!((white.left, white.out_of_time), (Duration::ZERO, true));
        assert!(!white.running);
    }

    #[test]
    fn the_server_s_game_replays_with_who_held_black_and_a_resignation() {
        let replayed = game(2, &["c3", "swap"], None).replay().unwrap();
        assert_eq!(replayed.first_black(), Player::Two);
        assert_eq!(replayed.history().len(), 2);
        assert!(!replayed.is_over());
        let resigned = game(1, &["c3"], Some("White resigns")).replay().unwrap();
        assert_eq!(resigned.resigned(), Some(crate::core::Color::White));
        assert!(game(1, &["c3"], Some("Black wins on time")).lost_on_time());
        // A move the core refuses (the server's state cannot be shown).
        assert!(game(1, &["c3", "c3"], None).replay().is_none());
        assert!(game(1, &["z99"], None).replay().is_none());
    }
}
