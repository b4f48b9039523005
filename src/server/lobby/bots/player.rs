//! One bot of the server at play: a player inside the server process,
//! talking to the referee as a connection's task does (`Command::Join`,
//! `Command::Ask`, the referee's messages on its outbox), without the
//! socket and the Noise layer in between. It accepts the challenges made
//! to it, plays its games (each move thought on a blocking thread,
//! [`engine`]), resigns a proven loss, declines take-backs, and keeps its
//! own seek as [`seeks`] says.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;
use std::sync::mpsc::{SyncSender, TrySendError};
use std::time::Duration;

use tokio::sync::mpsc;

use super::engine::{self, Decision, Thought};
use super::roster::Member;
use super::{clock, seeks};
use crate::ai::{Level, Search};
use crate::app::SearchSlots;
use crate::core::{BoardSize, Color, Game, Move, Player, Rules};
use crate::online::protocol::{
    Answer, Ask, Clocks, FromServer, GameId, GameState, Push, Request, SeekId, SeekSummary, Terms,
};
use crate::server::lobby::referee::Command;

/// How long a bot whose connection to the referee ended waits before it
/// joins again.
const REJOIN: Duration = Duration::from_secs(1);

/// What the server's bots share.
pub struct Shared {
    pub referee: SyncSender<Command>,
    /// The server's search slots (the SSH players' too).
    pub slots: SearchSlots,
    /// Games the server's bots play now, all together: each bot watches
    /// it, to open or withdraw its seek when the bots' room changes.
    pub playing: tokio::sync::watch::Sender<usize>,
    /// At most this many at once (`LobbyLimits::bot_games`).
    pub cap: usize,
    /// Messages waiting for a bot, at most (`LobbyLimits::outbox`).
    pub outbox: usize,
}

/// One game of the bot's.
struct BotGame {
    terms: Terms,
    game: Game,
    me: Player,
    clocks: Clocks,
    /// Kept between moves: its tree is reused.
    search: Option<Search>,
    thinking: bool,
    /// The ply of the move sent and not yet seen back.
    sent: Option<usize>,
}

impl BotGame {
    fn my_turn(&self) -> bool {
        !self.game.is_over() && self.game.player_to_move() == self.me
    }

    fn time_left(&self) -> Duration {
        let ms = match self.game.color_of(self.me) {
            Color::Black => self.clocks.black_ms,
            Color::White => self.clocks.white_ms,
        };
        Duration::from_millis(ms)
    }
}

/// What an ask in flight was.
enum Asked {
    Seek,
    Move(u64),
    Other,
}

/// Why a bot's session ended.
enum End {
    /// Refused by the referee: the bot stops.
    Refused,
    /// The referee let go (or is stopping): join again.
    Closed,
}

struct Bot {
    level: Level,
    key: String,
    name: String,
    conn: u64,
    shared: Arc<Shared>,
    games: HashMap<u64, BotGame>,
    seeks: Vec<SeekSummary>,
    /// Challenges already answered.
    tried: HashSet<SeekId>,
    /// A seek of its own on its way, not yet in the list.
    seek_asked: bool,
    next_id: u64,
    asks: HashMap<u64, Asked>,
    thoughts: mpsc::UnboundedSender<(u64, usize, Thought)>,
}

/// Runs `member` as connection `conn` until the referee refuses it.
pub async fn run(member: Member, conn: u64, shared: Arc<Shared>) {
    let (thoughts, mut thought) = mpsc::unbounded_channel();
    let mut bot = Bot {
        level: member.level,
        key: member.key(),
        name: member.name,
        conn,
        shared,
        games: HashMap::new(),
        seeks: Vec::new(),
        tried: HashSet::new(),
        seek_asked: false,
        next_id: 0,
        asks: HashMap::new(),
        thoughts,
    };
    loop {
        let (outbox, mut inbox) = mpsc::channel(bot.shared.outbox);
        let join = Command::Join {
            conn,
            key: bot.key.clone(),
            name: Some(bot.name.clone()),
            outbox,
            from: None,
            bot: true,
        };
        if bot.shared.referee.send(join).is_err() {
            return;
        }
        let end = bot.session(&mut inbox, &mut thought).await;
        let _ = bot.shared.referee.try_send(Command::Gone { conn });
        bot.asks.clear();
        bot.seek_asked = false;
        match end {
            End::Refused => return,
            End::Closed => tokio::time::sleep(REJOIN).await,
        }
    }
}

impl Bot {
    async fn session(
        &mut self,
        inbox: &mut mpsc::Receiver<Arc<[u8]>>,
        thought: &mut mpsc::UnboundedReceiver<(u64, usize, Thought)>,
    ) -> End {
        let mut playing = self.shared.playing.subscribe();
        loop {
            tokio::select! {
                Ok(()) = playing.changed() => self.replan(),
                message = inbox.recv() => {
                    let Some(bytes) = message else { return End::Closed };
                    let Ok(message) = serde_json::from_slice::<FromServer>(&bytes) else {
                        continue;
                    };
                    let ended = match message {
                        FromServer::Push(push) => self.pushed(push),
                        FromServer::Reply(reply) => {
                            self.replied(reply.id, reply.answer);
                            None
                        }
                    };
                    if let Some(end) = ended {
                        return end;
                    }
                }
                Some((game, ply, done)) = thought.recv() => self.thought(game, ply, done),
            }
        }
    }

    fn pushed(&mut self, push: Push) -> Option<End> {
        match push {
            Push::Welcome {
                name: Some(name), ..
            } => {
                self.name = name;
                self.ask(Ask::MyGames, Asked::Other);
            }
            Push::Welcome { name: None, .. } => return Some(End::Refused),
            Push::Refused { why, .. } => {
                tracing::error!(bot = %self.name, "the lobby refused this bot: {why}");
                return Some(End::Refused);
            }
            Push::Seeks { seeks } => {
                self.seeks = seeks;
                if self
                    .seeks
                    .iter()
                    .any(|s| s.by == self.name && s.to.is_none())
                {
                    self.seek_asked = false;
                }
                self.answer_challenges();
                self.replan();
            }
            Push::Started { state } => {
                self.seek_asked = false;
                self.adopt(state);
                self.replan();
            }
            Push::Moved {
                game,
                ply,
                mv,
                clocks,
            } => self.moved(game.0, usize::from(ply), &mv, clocks),
            Push::Ended { game, .. } => {
                if self.games.remove(&game.0).is_some() {
                    self.shared
                        .playing
                        .send_modify(|n| *n = n.saturating_sub(1));
                }
                self.replan();
            }
            Push::TakenBack { state } => self.adopt(state),
            Push::Takeback { game, by } if by != self.name => {
                let no = Ask::TakebackAnswer { game, yes: false };
                self.ask(no, Asked::Other);
            }
            _ => {}
        }
        None
    }

    fn replied(&mut self, id: u64, answer: Result<Answer, String>) {
        let asked = self.asks.remove(&id);
        match (asked, answer) {
            (Some(Asked::Seek), Err(_)) => self.seek_asked = false,
            (Some(Asked::Move(game)), Err(why)) => {
                tracing::debug!(bot = %self.name, game, "a move refused: {why}");
                if let Some(g) = self.games.get_mut(&game) {
                    g.sent = None;
                }
                self.ask(Ask::Watch { game: GameId(game) }, Asked::Other);
            }
            (_, Ok(Answer::Games { games })) => {
                let new: Vec<GameId> = games
                    .iter()
                    .map(|g| g.game)
                    .filter(|g| !self.games.contains_key(&g.0))
                    .collect();
                for game in new {
                    self.ask(Ask::Watch { game }, Asked::Other);
                }
            }
            (_, Ok(Answer::Game { state })) => self.adopt(state),
            (_, Err(why)) => tracing::debug!(bot = %self.name, "refused: {why}"),
            _ => {}
        }
    }

    /// Accepts each challenge to this bot that it has not answered yet.
    fn answer_challenges(&mut self) {
        let open: HashSet<SeekId> = self.seeks.iter().map(|s| s.seek).collect();
        self.tried.retain(|s| open.contains(s));
        let new: Vec<SeekSummary> = self
            .seeks
            .iter()
            .filter(|s| s.to.as_deref() == Some(&self.name) && !self.tried.contains(&s.seek))
            .cloned()
            .collect();
        for challenge in new {
            self.tried.insert(challenge.seek);
            // The server checked the terms; any it takes, a bot plays.
            if challenge.terms.check().is_ok() && !challenge.bot {
                let seek = challenge.seek;
                self.ask(Ask::Accept { seek }, Asked::Other);
            }
        }
    }

    /// Opens or withdraws the bot's own seek, as [`seeks::plan`] says.
    fn replan(&mut self) {
        let room = *self.shared.playing.borrow() < self.shared.cap;
        match seeks::plan(&self.seeks, &self.name, room, self.seek_asked) {
            seeks::Plan::Keep => {}
            seeks::Plan::Open => {
                self.seek_asked = true;
                let terms = seeks::usual_terms();
                self.ask(Ask::Seek { terms }, Asked::Seek);
            }
            seeks::Plan::Withdraw(mine) => {
                for seek in mine {
                    self.ask(Ask::Cancel { seek }, Asked::Other);
                }
                // Gone from the list it holds, so as not to ask twice.
                self.seeks.retain(|s| s.by != self.name);
            }
        }
    }

    /// Takes `state` as a game of this bot's (new, or anew).
    fn adopt(&mut self, state: GameState) {
        if state.result.is_some() {
            return;
        }
        let Some(seat) = state.names.iter().position(|n| *n == self.name) else {
            return;
        };
        let Some(game) = replay(&state) else {
            tracing::warn!(bot = %self.name, game = state.game.0, "a game it cannot read");
            return;
        };
        let id = state.game.0;
        let kept = self.games.remove(&id);
        if kept.is_none() {
            self.shared.playing.send_modify(|n| *n += 1);
        }
        let thinking = kept.as_ref().is_some_and(|g| g.thinking);
        self.games.insert(
            id,
            BotGame {
                terms: state.terms,
                game,
                me: if seat == 0 { Player::One } else { Player::Two },
                clocks: state.clocks,
                search: kept.and_then(|g| g.search),
                thinking,
                sent: None,
            },
        );
        self.think(id);
    }

    fn moved(&mut self, id: u64, ply: usize, mv: &str, clocks: Clocks) {
        let Some(g) = self.games.get_mut(&id) else {
            return;
        };
        let played = g.game.history().len();
        if ply < played {
            return;
        }
        let applied = ply == played
            && mv
                .parse::<Move>()
                .ok()
                .is_some_and(|mv| g.game.play(mv).is_ok());
        if !applied {
            // Out of step: the game as the server has it.
            self.ask(Ask::Watch { game: GameId(id) }, Asked::Other);
            return;
        }
        g.clocks = clocks;
        g.sent = None;
        self.think(id);
    }

    /// Starts thinking on game `id` if it is this bot's turn there.
    fn think(&mut self, id: u64) {
        let Some(g) = self.games.get_mut(&id) else {
            return;
        };
        let ply = g.game.history().len();
        if !g.my_turn() || g.thinking || g.sent == Some(ply) {
            return;
        }
        g.thinking = true;
        let budget = clock::budget(self.level, g.terms.pace, g.time_left());
        let (search, game, level) = (g.search.take(), g.game.clone(), self.level);
        let slots = self.shared.slots.clone();
        let thoughts = self.thoughts.clone();
        tokio::task::spawn_blocking(move || {
            let thought = engine::think(search, &game, level, budget, &slots);
            let _ = thoughts.send((id, ply, thought));
        });
    }

    /// A search ended: its move (or resignation) goes out if the game is
    /// still where it was.
    fn thought(&mut self, id: u64, ply: usize, done: Thought) {
        let Some(g) = self.games.get_mut(&id) else {
            return;
        };
        g.thinking = false;
        g.search = Some(done.search);
        if done.iterations == 0 {
            tracing::debug!(game = id, ply, "a bot moved without a search slot");
        }
        if g.game.history().len() != ply || !g.my_turn() {
            self.think(id);
            return;
        }
        let game = GameId(id);
        match done.decision {
            Some(Decision::Play(mv)) => {
                g.sent = Some(ply);
                let ply = u16::try_from(ply).unwrap_or(u16::MAX);
                let mv = mv.to_string();
                self.ask(Ask::Move { game, ply, mv }, Asked::Move(id));
            }
            Some(Decision::Resign) => {
                g.sent = Some(ply);
                self.ask(Ask::Resign { game }, Asked::Other);
            }
            None => {}
        }
    }

    /// Sends `ask` to the referee.
    fn ask(&mut self, ask: Ask, asked: Asked) {
        self.next_id += 1;
        let id = self.next_id;
        self.asks.insert(id, asked);
        let command = Command::Ask {
            conn: self.conn,
            request: Request { id, ask },
        };
        if let Err(TrySendError::Full(command)) = self.shared.referee.try_send(command) {
            // A full queue: wait for room off the runtime's threads.
            let referee = self.shared.referee.clone();
            tokio::task::spawn_blocking(move || referee.send(command));
        }
    }
}

/// The game `state` describes, as the core plays it.
fn replay(state: &GameState) -> Option<Game> {
    let size = BoardSize::new(state.terms.size).ok()?;
    let rules = Rules {
        variant: state.terms.variant,
        pie: state.terms.pie,
    };
    let moves: Vec<Move> = state
        .moves
        .iter()
        .map(|m| m.parse().ok())
        .collect::<Option<_>>()?;
    Game::from_moves(size, rules, state.black, &moves).ok()
}
