//! A lobby client on plain threads, as the game's own loop is synchronous:
//! `connect` proves the key (Noise `XX`), then a reader thread opens what
//! the server sends and queues it; [`Client::next`] polls that queue (the
//! screen's way) and [`Client::request`] sends and waits for the reply,
//! keeping what else came for later (the tests' and commands' way).

use std::collections::VecDeque;
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use snow::StatelessTransportState;

use super::identity::Identity;
use super::protocol::{
    Answer, Ask, ClientHello, FromServer, GameSummary, LOBBY_PROTOCOL, Push, Reply, Request,
    ServerHello,
};
use super::wire::{
    Sealer, WireError, noise, read_frame, read_handshake, write_empty, write_frame, write_handshake,
};

/// How long the connection and handshake may take.
const HANDSHAKE_WAIT: Duration = Duration::from_secs(10);

/// What came from the server.
#[derive(Clone, Debug, PartialEq)]
pub enum Incoming {
    Reply(Reply),
    Push(Push),
    /// The connection ended, and why.
    Closed(String),
}

#[derive(Debug, thiserror::Error)]
pub enum OnlineError {
    #[error("cannot reach the server at {0}: {1}")]
    Unreachable(SocketAddr, std::io::Error),
    #[error("the handshake with the server failed: {0}")]
    Handshake(WireError),
    #[error("the server speaks lobby protocol {theirs} and this copy {LOBBY_PROTOCOL}")]
    Version { theirs: u32 },
    #[error("the server refused: {0}")]
    Refused(String),
    #[error("the connection to the server ended: {0}")]
    Closed(String),
    #[error("no answer from the server in time")]
    Timeout,
    #[error("the server answered something else than what was asked")]
    Unexpected,
}

/// Who the server knows this key as, and the games waiting for a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Welcome {
    pub name: Option<String>,
    pub waiting: Vec<GameSummary>,
}

pub struct Client {
    stream: TcpStream,
    transport: Arc<StatelessTransportState>,
    sealer: Sealer,
    next_id: u64,
    incoming: Receiver<Incoming>,
    backlog: VecDeque<Incoming>,
    reader: Option<JoinHandle<()>>,
}

impl Client {
    /// Connects to the lobby at `address` as `identity`; `name` is taken
    /// for a key the server does not know yet.
    pub fn connect(
        address: SocketAddr,
        identity: &Identity,
        name: Option<&str>,
    ) -> Result<(Client, Welcome), OnlineError> {
        let mut stream = TcpStream::connect_timeout(&address, HANDSHAKE_WAIT)
            .map_err(|e| OnlineError::Unreachable(address, e))?;
        let _ = stream.set_nodelay(true);
        let fail = |e| OnlineError::Handshake(e);
        stream
            .set_read_timeout(Some(HANDSHAKE_WAIT))
            .map_err(|e| fail(e.into()))?;
        let mut state = noise(identity, true).map_err(fail)?;
        let first = write_empty(&mut state).map_err(fail)?;
        write_frame(&mut stream, &first).map_err(fail)?;
        let frame = read_frame(&mut stream).map_err(fail)?;
        let server: ServerHello = read_handshake(&mut state, &frame)
            .map_err(fail)?
            .ok_or_else(|| fail(WireError::Bad("no hello from the server".into())))?;
        let hello = ClientHello {
            protocol: LOBBY_PROTOCOL,
            program: env!("CARGO_PKG_VERSION").to_string(),
            name: name.map(str::to_string),
        };
        let third = write_handshake(&mut state, &hello).map_err(fail)?;
        write_frame(&mut stream, &third).map_err(fail)?;
        let transport = Arc::new(
            state
                .into_stateless_transport_mode()
                .map_err(|e| fail(WireError::Bad(e.to_string())))?,
        );
        let mut opener = Sealer { nonce: 0 };
        let frame = read_frame(&mut stream).map_err(|e| match e {
            WireError::Closed if server.protocol != LOBBY_PROTOCOL => OnlineError::Version {
                theirs: server.protocol,
            },
            e => fail(e),
        })?;
        let welcome = match opener
            .open::<FromServer>(&transport, &frame)
            .map_err(fail)?
        {
            FromServer::Push(Push::Welcome { name, waiting }) => Welcome { name, waiting },
            FromServer::Push(Push::Refused { why }) => return Err(OnlineError::Refused(why)),
            _ => return Err(OnlineError::Unexpected),
        };
        stream.set_read_timeout(None).map_err(|e| fail(e.into()))?;
        let (sender, incoming) = mpsc::channel();
        let mut reading = stream.try_clone().map_err(|e| fail(e.into()))?;
        let opening = Arc::clone(&transport);
        let reader = std::thread::spawn(move || {
            loop {
                let got = read_frame(&mut reading)
                    .and_then(|frame| opener.open::<FromServer>(&opening, &frame));
                let item = match got {
                    Ok(FromServer::Reply(reply)) => Incoming::Reply(reply),
                    Ok(FromServer::Push(push)) => Incoming::Push(push),
                    Err(e) => {
                        let _ = sender.send(Incoming::Closed(e.to_string()));
                        return;
                    }
                };
                if sender.send(item).is_err() {
                    return;
                }
            }
        });
        let client = Client {
            stream,
            transport,
            sealer: Sealer { nonce: 0 },
            next_id: 1,
            incoming,
            backlog: VecDeque::new(),
            reader: Some(reader),
        };
        Ok((client, welcome))
    }

    /// Sends `ask`; returns the number its reply will carry.
    pub fn send(&mut self, ask: Ask) -> Result<u64, OnlineError> {
        let id = self.next_id;
        self.next_id += 1;
        let sealed = self
            .sealer
            .seal(&self.transport, &Request { id, ask })
            .map_err(|e| OnlineError::Closed(e.to_string()))?;
        write_frame(&mut self.stream, &sealed).map_err(|e| OnlineError::Closed(e.to_string()))?;
        Ok(id)
    }

    /// What came next, waiting at most `wait`.
    pub fn next(&mut self, wait: Duration) -> Option<Incoming> {
        if let Some(item) = self.backlog.pop_front() {
            return Some(item);
        }
        match self.incoming.recv_timeout(wait) {
            Ok(item) => Some(item),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => {
                Some(Incoming::Closed("the connection has ended".into()))
            }
        }
    }

    /// Sends `ask` and waits at most `wait` for its answer; what else
    /// comes meanwhile is kept for [`Client::next`].
    pub fn request(&mut self, ask: Ask, wait: Duration) -> Result<Answer, OnlineError> {
        let id = self.send(ask)?;
        let deadline = Instant::now() + wait;
        let mut kept = Vec::new();
        let answer = loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.incoming.recv_timeout(left) {
                Ok(Incoming::Reply(reply)) if reply.id == id => {
                    break reply.answer.map_err(OnlineError::Refused);
                }
                Ok(Incoming::Closed(why)) => {
                    kept.push(Incoming::Closed(why.clone()));
                    break Err(OnlineError::Closed(why));
                }
                Ok(other) => kept.push(other),
                Err(RecvTimeoutError::Timeout) => break Err(OnlineError::Timeout),
                Err(RecvTimeoutError::Disconnected) => {
                    break Err(OnlineError::Closed("the connection has ended".into()));
                }
            }
        };
        self.backlog.extend(kept);
        answer
    }

    /// The first push that `wanted` picks, waiting at most `wait`; those
    /// it passes over are dropped.
    pub fn wait_for<T>(
        &mut self,
        wait: Duration,
        mut wanted: impl FnMut(&Push) -> Option<T>,
    ) -> Result<T, OnlineError> {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next(left) {
                Some(Incoming::Push(push)) => {
                    if let Some(found) = wanted(&push) {
                        return Ok(found);
                    }
                }
                Some(Incoming::Closed(why)) => return Err(OnlineError::Closed(why)),
                Some(Incoming::Reply(_)) => {}
                None => return Err(OnlineError::Timeout),
            }
        }
    }
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client")
            .field("peer", &self.stream.peer_addr().ok())
            .finish_non_exhaustive()
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        // The reader thread ends at the socket's end.
        let _ = self.stream.shutdown(Shutdown::Both);
        if let Some(reader) = self.reader.take() {
            let _ = reader.join();
        }
    }
}
