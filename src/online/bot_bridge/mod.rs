//! The bot bridge (`brique online bot`): a GTP engine, a child process,
//! brought into a lobby as a bot. The bridge connects with `bot` in its
//! hello, takes the challenges made to it that its filter accepts, one
//! game at a time, and drives the engine through each game. An engine
//! that dies, hangs past its clock or answers garbage or an illegal move
//! loses that game by resignation; the bridge says why in one line,
//! starts the engine again for the next game and stays online. A server
//! that drops the connection is tried again, waiting longer after each
//! failure ([`RECONNECT_FIRST`] doubling up to [`RECONNECT_LONGEST`]);
//! the engine is kept, and a game left in progress is played on. It
//! prints what it does, a line each, to its output (`engine pid N` at
//! each start of the engine).

mod accept;
mod engine;
mod game;

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

pub use accept::{AcceptFilter, Declined, FilterError};
pub use engine::{Engine, EngineError, MAX_ENGINE_LINE};
pub use game::{BotGame, GameFailure, MAX_MOVE_WAIT};

use super::protocol::{Answer, Ask, GameId, GameState, Push, SeekId, SeekSummary};
use super::{Client, Identity, Incoming, OnlineError};
use crate::net::backoff::Retry;

/// How long the bridge waits on the server between looks at its game.
const IDLE: Duration = Duration::from_secs(1);
/// How long each answer from the server may take.
const SERVER_WAIT: Duration = Duration::from_secs(20);
/// The wait before the first try to reach a server that dropped the
/// connection; each failure doubles it…
pub const RECONNECT_FIRST: Duration = Duration::from_secs(1);
/// …up to this.
pub const RECONNECT_LONGEST: Duration = Duration::from_secs(30);

/// What a bridge needs to run.
#[derive(Debug)]
pub struct BridgeConfig {
    pub server: SocketAddr,
    pub name: String,
    /// The engine's program and arguments.
    pub engine: Vec<String>,
    pub identity: Identity,
    /// The file of servers' keys met before.
    pub known_servers: PathBuf,
    pub accept: AcceptFilter,
}

/// Why a bridge stops.
#[derive(Debug, thiserror::Error)]
pub enum BridgeError {
    #[error(transparent)]
    Online(#[from] OnlineError),
    #[error("the engine does not speak GTP: {0}")]
    Engine(EngineError),
    #[error("the server knows this key as {known}, not {asked}: give another --key or --name")]
    OtherName { known: String, asked: String },
    #[error("the server took no name for this key")]
    NoName,
    #[error("cannot write the bridge's log: {0}")]
    Log(std::io::Error),
}

/// A bridge online: its connection, its engine, its game.
struct Bridge<'a, W: Write> {
    config: &'a BridgeConfig,
    client: Client,
    engine: Option<Engine>,
    game: Option<BotGame>,
    /// The challenges to the bot as last listed.
    challenges: Vec<SeekSummary>,
    /// Challenges already said to be declined (said once each).
    declined: Vec<SeekId>,
    log: W,
}

/// Runs the bridge: online until `log` fails or the server cannot be
/// talked to at all (its key changed, another protocol, the name taken
/// or refused, none reached at the start). A connection that drops is
/// made again, as often as it takes.
pub fn run(config: &BridgeConfig, log: impl Write) -> Result<(), BridgeError> {
    let engine = start_engine(&config.engine).map_err(BridgeError::Engine)?;
    let client = connect(config)?;
    let mut bridge = Bridge {
        config,
        client,
        engine: None,
        game: None,
        challenges: Vec::new(),
        declined: Vec::new(),
        log,
    };
    bridge.say(&format!("engine pid {}", engine.pid()))?;
    bridge.engine = Some(engine);
    let mut retry = Retry::new(RECONNECT_FIRST, RECONNECT_LONGEST);
    loop {
        bridge.say(&format!("online as {} on {}", config.name, config.server))?;
        // A connection that lasts past its first look at the games is a
        // success: the next failure waits the first wait again.
        let served = bridge.resume().and_then(|()| {
            retry.succeeded();
            bridge.serve()
        });
        let dropped = match served {
            Err(BridgeError::Online(why)) if worth_retrying(&why) => why,
            Err(fatal) => return Err(fatal),
            Ok(()) => return Ok(()),
        };
        bridge.client = bridge.reconnect(dropped, &mut retry)?;
    }
}

/// A connection to the server as the bot named in `config`.
fn connect(config: &BridgeConfig) -> Result<Client, BridgeError> {
    let (client, welcome) = Client::connect_bot(
        config.server,
        &config.identity,
        Some(&config.name),
        &config.known_servers,
    )?;
    let name = welcome.name.ok_or(BridgeError::NoName)?;
    if name != config.name {
        return Err(BridgeError::OtherName {
            known: name,
            asked: config.name.clone(),
        });
    }
    Ok(client)
}

/// Whether a connection that failed so may work later: a server down, a
/// network cut, a server too busy to answer; not a server that is not the
/// one met before, or speaks another protocol, or refuses the name.
const fn worth_retrying(why: &OnlineError) -> bool {
    !matches!(
        why,
        OnlineError::Version { .. } | OnlineError::ServerKey(_) | OnlineError::Name(_)
    )
}

/// An engine started and asked its name, so that a command that is no
/// GTP engine fails here, not in a game.
fn start_engine(argv: &[String]) -> Result<Engine, EngineError> {
    let mut engine = Engine::start(argv)?;
    engine.ask("protocol_version", game::COMMAND_WAIT)?;
    Ok(engine)
}

impl<W: Write> Bridge<'_, W> {
    fn say(&mut self, line: &str) -> Result<(), BridgeError> {
        writeln!(self.log, "{line}")
            .and_then(|()| self.log.flush())
            .map_err(BridgeError::Log)
    }

    /// A game of the bot's left in progress (the bridge stopped in it) is
    /// played on.
    fn resume(&mut self) -> Result<(), BridgeError> {
        let Answer::Games { games } = self.client.request(Ask::MyGames, SERVER_WAIT)? else {
            return Err(OnlineError::Unexpected.into());
        };
        for summary in games {
            let ask = Ask::Watch { game: summary.game };
            if let Answer::Game { state } = self.client.request(ask, SERVER_WAIT)? {
                self.begin(&state)?;
            }
            if self.game.is_some() {
                break;
            }
        }
        Ok(())
    }

    /// The server again after `why` ended the connection: tried until it
    /// answers, waiting longer after each failure. The game that was on is
    /// followed again from the server's state (`resume`).
    fn reconnect(
        &mut self,
        mut why: OnlineError,
        retry: &mut Retry,
    ) -> Result<Client, BridgeError> {
        self.game = None;
        self.challenges.clear();
        loop {
            let wait = retry.failed();
            self.say(&format!(
                "lost the server: {why}; trying again in {} s",
                wait.as_secs_f32()
            ))?;
            std::thread::sleep(wait);
            match connect(self.config) {
                Ok(client) => return Ok(client),
                Err(BridgeError::Online(again)) if worth_retrying(&again) => why = again,
                Err(fatal) => return Err(fatal),
            }
        }
    }

    fn serve(&mut self) -> Result<(), BridgeError> {
        loop {
            if self.game.as_ref().is_some_and(BotGame::my_turn) {
                self.play_turn()?;
            }
            match self.client.next(IDLE) {
                Some(Incoming::Push(push)) => self.on_push(push)?,
                Some(Incoming::Closed(why)) => return Err(OnlineError::Closed(why).into()),
                Some(Incoming::Reply(_)) | None => {}
            }
        }
    }

    fn on_push(&mut self, push: Push) -> Result<(), BridgeError> {
        match push {
            Push::Seeks { seeks } => {
                self.challenges = seeks
                    .into_iter()
                    .filter(|s| s.to.as_deref() == Some(self.config.name.as_str()))
                    .collect();
                self.take_a_challenge()
            }
            Push::Started { state } if self.game.is_none() => self.begin(&state),
            Push::Moved {
                game,
                ply,
                mv,
                clocks,
            } => {
                let Some(current) = self.game.as_mut().filter(|g| g.id == game) else {
                    return Ok(());
                };
                let Some(engine) = self.engine.as_mut() else {
                    return self.give_up(game, GameFailure::Engine(EngineError::Ended));
                };
                match current.moved(ply, &mv, clocks, engine) {
                    Ok(()) => Ok(()),
                    Err(failure) => self.give_up(game, failure),
                }
            }
            Push::Ended { game, result, .. } => {
                if self.game.as_ref().is_some_and(|g| g.id == game) {
                    self.game = None;
                    self.say(&format!("game {game} ended: {result}"))?;
                    self.take_a_challenge()?;
                }
                Ok(())
            }
            Push::Takeback { game, .. } => {
                // An engine's moves are not taken back.
                self.client.send(Ask::TakebackAnswer { game, yes: false })?;
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Accepts the first challenge the filter passes, while no game is on;
    /// says once why each other is declined.
    fn take_a_challenge(&mut self) -> Result<(), BridgeError> {
        let mut notes = Vec::new();
        let mut chosen = None;
        for challenge in &self.challenges {
            match self.config.accept.check(&challenge.terms) {
                Ok(()) if chosen.is_none() => chosen = Some(challenge.clone()),
                Ok(()) => {}
                Err(why) if !self.declined.contains(&challenge.seek) => {
                    notes.push((challenge.seek, challenge.by.clone(), why));
                }
                Err(_) => {}
            }
        }
        for (seek, by, why) in notes {
            self.declined.push(seek);
            self.say(&format!("declined challenge {seek} from {by}: {why}"))?;
        }
        let Some(challenge) = chosen.filter(|_| self.game.is_none()) else {
            return Ok(());
        };
        self.challenges.retain(|c| c.seek != challenge.seek);
        let seek = challenge.seek;
        match self.client.request(Ask::Accept { seek }, SERVER_WAIT) {
            Ok(_) => self.say(&format!(
                "accepted challenge {seek} from {}: {}x{} {} {}",
                challenge.by,
                challenge.terms.size,
                challenge.terms.size,
                challenge.terms.variant,
                challenge.terms.pace
            )),
            Err(OnlineError::Refused(why)) => {
                self.say(&format!("could not accept challenge {seek}: {why}"))
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Follows a game that started (or was found in progress).
    fn begin(&mut self, state: &GameState) -> Result<(), BridgeError> {
        if state.result.is_some() {
            return Ok(());
        }
        let game = match BotGame::from_state(state, &self.config.name) {
            None => return Ok(()),
            Some(Ok(game)) => game,
            Some(Err(failure)) => return self.give_up(state.game, failure),
        };
        let (id, opponent, color) = (game.id, game.opponent.clone(), game.color());
        self.say(&format!("game {id} against {opponent}: the bot is {color}"))?;
        if self.engine.is_none() {
            match start_engine(&self.config.engine) {
                Ok(engine) => {
                    self.say(&format!("engine pid {}", engine.pid()))?;
                    self.engine = Some(engine);
                }
                Err(e) => return self.give_up(id, GameFailure::Engine(e)),
            }
        }
        if let Some(engine) = self.engine.as_mut()
            && let Err(failure) = game.set_up(engine)
        {
            return self.give_up(id, failure);
        }
        self.game = Some(game);
        Ok(())
    }

    /// The engine's move, sent; or the game given up.
    fn play_turn(&mut self) -> Result<(), BridgeError> {
        let (Some(game), Some(engine)) = (self.game.as_mut(), self.engine.as_mut()) else {
            return Ok(());
        };
        let id = game.id;
        match game.think(engine) {
            Ok((ply, mv)) => {
                let ask = Ask::Move { game: id, ply, mv };
                match self.client.request(ask, SERVER_WAIT) {
                    Ok(_) => Ok(()),
                    // The game may have ended meanwhile (a resignation,
                    // a flag): its end comes next.
                    Err(OnlineError::Refused(why)) => self.give_up(
                        id,
                        GameFailure::Unfollowable(format!("the server refused the move: {why}")),
                    ),
                    Err(e) => Err(e.into()),
                }
            }
            Err(failure) => self.give_up(id, failure),
        }
    }

    /// Resigns `game` for `failure`, says why, and drops an engine that
    /// failed (the next game starts another).
    fn give_up(&mut self, game: GameId, failure: GameFailure) -> Result<(), BridgeError> {
        self.say(&format!("game {game}: resigning: {failure}"))?;
        if !failure.engine_fit() {
            self.engine = None;
        }
        self.game = None;
        match self.client.request(Ask::Resign { game }, SERVER_WAIT) {
            // Refused: the game had ended already.
            Ok(_) | Err(OnlineError::Refused(_)) => self.take_a_challenge(),
            Err(e) => Err(e.into()),
        }
    }
}
