//! A lobby client on plain threads, as the game's own loop is synchronous:
//! `connect` proves the key (Noise `XX`), then a reader thread opens what
//! the server sends and queues it (ringing the screen's bell, once given
//! one: [`Client::ring`]); [`Client::next`] takes from that queue (the
//! screen's way) and [`Client::request`] sends and waits for the reply,
//! keeping what else came for later (the tests' and commands' way). A
//! writer thread writes what [`Client::send`] queues, so that a server
//! slow to read never holds the caller (the screen); a write that fails
//! ends the connection, told as [`Incoming::Closed`]. A keep-alive thread
//! pings a connection that has sent nothing for a while, as the server
//! closes one silent for 120 s.

use std::collections::VecDeque;
use std::io::Write;
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::path::Path;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use snow::StatelessTransportState;

use super::identity::Identity;
use super::known::{KnownError, check_lobby_key};
use super::protocol::{
    Answer, Ask, ClientHello, FromServer, GameSummary, LOBBY_PROTOCOL, Push, Reply, Request,
    ServerHello,
};
use super::wire::{
    Sealer, WireError, noise, read_frame, read_handshake, write_empty, write_frame, write_handshake,
};

/// How long the connection and handshake may take.
const HANDSHAKE_WAIT: Duration = Duration::from_secs(10);
/// A ping after this long without a request: well inside the server's
/// 120 s, so a screen idling on the lobby stays connected.
const KEEP_ALIVE: Duration = Duration::from_secs(30);
/// The keep-alive pings' number; their answers are dropped. Requests
/// are numbered from 1.
const KEEP_ALIVE_ID: u64 = 0;
/// How long a write may wait on a server that does not read.
const WRITE_WAIT: Duration = Duration::from_secs(30);

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
    /// The address could not be looked up: why.
    #[error("{0}")]
    Lookup(String),
    #[error("cannot reach the server at {0}: {1}")]
    Unreachable(SocketAddr, std::io::Error),
    #[error("the handshake with the server failed: {0}")]
    Handshake(WireError),
    #[error("the server speaks lobby protocol {theirs} and this copy {LOBBY_PROTOCOL}")]
    Version { theirs: u32 },
    #[error(transparent)]
    ServerKey(#[from] KnownError),
    #[error("the server refused: {0}")]
    Refused(String),
    /// The server refused the name asked for.
    #[error("the server refused the name: {0}")]
    Name(super::name::NameError),
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
    next_id: u64,
    incoming: Receiver<Incoming>,
    backlog: VecDeque<Incoming>,
    reader: Option<JoinHandle<()>>,
    /// The requests for the writer thread; dropped to stop it.
    outbox: Option<Sender<Request>>,
    writing: Option<JoinHandle<()>>,
    /// Dropped to stop the keep-alive thread.
    stop: Option<Sender<()>>,
    keep_alive: Option<JoinHandle<()>>,
}

/// The sending half, shared by the client and its keep-alive thread.
struct Writer {
    out: Box<dyn Write + Send>,
    transport: Arc<StatelessTransportState>,
    sealer: Sealer,
    last_sent: Instant,
}

impl Writer {
    fn send(&mut self, request: &Request) -> Result<(), WireError> {
        let sealed = self.sealer.seal(&self.transport, request)?;
        write_frame(&mut self.out, &sealed)?;
        self.last_sent = Instant::now();
        Ok(())
    }
}

fn lock(writer: &Mutex<Writer>) -> MutexGuard<'_, Writer> {
    writer.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Pings through `writer` whenever it has sent nothing for `interval`,
/// until `stop` is dropped or a write fails.
fn keep_alive(
    writer: Arc<Mutex<Writer>>,
    interval: Duration,
    stop: Receiver<()>,
) -> JoinHandle<()> {
    std::thread::spawn(move || {
        loop {
            let due = lock(&writer).last_sent + interval;
            match stop.recv_timeout(due.saturating_duration_since(Instant::now())) {
                Err(RecvTimeoutError::Timeout) => {}
                _ => return,
            }
            let mut writer = lock(&writer);
            if writer.last_sent.elapsed() >= interval {
                let ping = Request {
                    id: KEEP_ALIVE_ID,
                    ask: Ask::Ping,
                };
                if writer.send(&ping).is_err() {
                    return;
                }
            }
        }
    })
}

/// Writes the requests `queue` brings through `writer`, until the queue
/// is dropped or a write fails: then `failed` is told why and `stream`
/// shut, which ends the reader too.
fn write_queue(
    writer: Arc<Mutex<Writer>>,
    queue: Receiver<Request>,
    failed: Sender<Incoming>,
    stream: TcpStream,
) -> JoinHandle<()> {
    std::thread::spawn(move || {
        for request in queue {
            if let Err(e) = lock(&writer).send(&request) {
                let _ = failed.send(Incoming::Closed(e.to_string()));
                let _ = stream.shutdown(Shutdown::Both);
                return;
            }
        }
    })
}

/// The reader thread: opens each frame the server sends and queues it
/// (a keep-alive's answer dropped), until the connection ends (told as
/// [`Incoming::Closed`]) or nobody reads the queue.
fn read_incoming(
    mut reading: TcpStream,
    mut opener: Sealer,
    transport: &StatelessTransportState,
    queue: &Sender<Incoming>,
) {
    loop {
        let got =
            read_frame(&mut reading).and_then(|frame| opener.open::<FromServer>(transport, &frame));
        let item = match got {
            Ok(FromServer::Reply(reply)) if reply.id == KEEP_ALIVE_ID => continue,
            Ok(FromServer::Reply(reply)) => Incoming::Reply(reply),
            Ok(FromServer::Push(push)) => Incoming::Push(push),
            Err(e) => {
                let _ = queue.send(Incoming::Closed(e.to_string()));
                return;
            }
        };
        if queue.send(item).is_err() {
            return;
        }
    }
}

impl Client {
    /// Connects to the lobby at `address` as `identity`; `name` is taken
    /// for a key the server does not know yet. The server's key must be
    /// the one `known_servers` (`KNOWN_SERVERS_FILE` in the data
    /// directory) holds for `address`, and is recorded there at first.
    pub fn connect(
        address: SocketAddr,
        identity: &Identity,
        name: Option<&str>,
        known_servers: &Path,
    ) -> Result<(Client, Welcome), OnlineError> {
        Client::connect_within(address, &[], identity, name, false, known_servers)
    }

    /// [`Client::connect`] as a bot (`brique online bot`): a key new to
    /// the server is registered as a bot's.
    pub fn connect_bot(
        address: SocketAddr,
        identity: &Identity,
        name: Option<&str>,
        known_servers: &Path,
    ) -> Result<(Client, Welcome), OnlineError> {
        Client::connect_within(address, &[], identity, name, true, known_servers)
    }

    /// [`Client::connect`] to `address`, one of the servers `lobby` of one
    /// lobby: a server met for the first time must prove the key that
    /// the others proved (`known::check_lobby_key`).
    pub(super) fn connect_within(
        address: SocketAddr,
        lobby: &[SocketAddr],
        identity: &Identity,
        name: Option<&str>,
        bot: bool,
        known_servers: &Path,
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
            .ok_or_else(|| fail(WireError::Missing("no hello from the server")))?;
        // Before this copy shows its own key: is this the server met before?
        let server_key = state
            .get_remote_static()
            .ok_or_else(|| fail(WireError::Missing("the server proved no key")))?;
        check_lobby_key(known_servers, address, lobby, server_key)?;
        let hello = ClientHello {
            protocol: LOBBY_PROTOCOL,
            program: env!("CARGO_PKG_VERSION").to_string(),
            name: name.map(str::to_string),
            bot,
        };
        let third = write_handshake(&mut state, &hello).map_err(fail)?;
        write_frame(&mut stream, &third).map_err(fail)?;
        let transport = Arc::new(
            state
                .into_stateless_transport_mode()
                .map_err(|e| fail(e.into()))?,
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
            FromServer::Push(Push::Refused { name: Some(e), .. }) => {
                return Err(OnlineError::Name(e));
            }
            FromServer::Push(Push::Refused { why, .. }) => return Err(OnlineError::Refused(why)),
            _ => return Err(OnlineError::Unexpected),
        };
        stream.set_read_timeout(None).map_err(|e| fail(e.into()))?;
        stream
            .set_write_timeout(Some(WRITE_WAIT))
            .map_err(|e| fail(e.into()))?;
        let (sender, incoming) = mpsc::channel();
        let failed = sender.clone();
        let reading = stream.try_clone().map_err(|e| fail(e.into()))?;
        let opening = Arc::clone(&transport);
        let reader = std::thread::spawn(move || read_incoming(reading, opener, &opening, &sender));
        let writer = Arc::new(Mutex::new(Writer {
            out: Box::new(stream.try_clone().map_err(|e| fail(e.into()))?),
            transport,
            sealer: Sealer { nonce: 0 },
            last_sent: Instant::now(),
        }));
        let (stop, stopped) = mpsc::channel();
        let (outbox, queue) = mpsc::channel();
        let closing = stream.try_clone().map_err(|e| fail(e.into()))?;
        let writing = write_queue(Arc::clone(&writer), queue, failed, closing);
        let client = Client {
            stream,
            outbox: Some(outbox),
            writing: Some(writing),
            keep_alive: Some(keep_alive(writer, KEEP_ALIVE, stopped)),
            next_id: 1,
            incoming,
            backlog: VecDeque::new(),
            reader: Some(reader),
            stop: Some(stop),
        };
        Ok((client, welcome))
    }

    /// Sends `ask` (queued for the writer thread: it never waits on the
    /// server); returns the number its reply will carry. A write that
    /// fails later comes as [`Incoming::Closed`].
    pub fn send(&mut self, ask: Ask) -> Result<u64, OnlineError> {
        let id = self.next_id;
        self.next_id += 1;
        let ended = || OnlineError::Closed("the connection has ended".into());
        let outbox = self.outbox.as_ref().ok_or_else(ended)?;
        outbox.send(Request { id, ask }).map_err(|_| ended())?;
        Ok(id)
    }

    /// Rings `bell` after each thing the server sends, and at the end.
    pub fn ring(&mut self, bell: &crate::bell::Bell) {
        crate::bell::ring_on(&mut self.incoming, bell);
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

    /// The server's tournaments (upcoming, running, the latest finished),
    /// waiting at most `wait`.
    pub fn tournaments(
        &mut self,
        wait: Duration,
    ) -> Result<Vec<super::tournaments::TournamentSummary>, OnlineError> {
        match self.request(Ask::Tournaments, wait)? {
            Answer::Tournaments { tournaments } => Ok(tournaments),
            _ => Err(OnlineError::Unexpected),
        }
    }

    /// One tournament's page: its standings and rounds (the server pushes
    /// its changes from then on, until `UnfollowTournament`).
    pub fn tournament(
        &mut self,
        tournament: super::tournaments::TournamentId,
        wait: Duration,
    ) -> Result<super::tournaments::TournamentPage, OnlineError> {
        match self.request(Ask::Tournament { tournament }, wait)? {
            Answer::Tournament { page } => Ok(*page),
            _ => Err(OnlineError::Unexpected),
        }
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
        self.stop = None;
        self.outbox = None;
        for thread in [
            self.reader.take(),
            self.writing.take(),
            self.keep_alive.take(),
        ]
        .into_iter()
        .flatten()
        {
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::online::wire::{noise, read_frame};

    /// What a writer wrote, kept for the test to read.
    #[derive(Clone, Default)]
    struct Sink(Arc<Mutex<Vec<u8>>>);

    impl Write for Sink {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// The two ends of a Noise `XX` handshake, made in memory.
    fn transports() -> (StatelessTransportState, StatelessTransportState) {
        let (a, b) = (Identity::generate().unwrap(), Identity::generate().unwrap());
        let (mut client, mut server) = (noise(&a, true).unwrap(), noise(&b, false).unwrap());
        let mut buf = vec![0u8; 65_535];
        let mut out = vec![0u8; 65_535];
        let len = client.write_message(&[], &mut out).unwrap();
        server.read_message(&out[..len], &mut buf).unwrap();
        let len = server.write_message(&[], &mut out).unwrap();
        client.read_message(&out[..len], &mut buf).unwrap();
        let len = client.write_message(&[], &mut out).unwrap();
        server.read_message(&out[..len], &mut buf).unwrap();
        (
            client.into_stateless_transport_mode().unwrap(),
            server.into_stateless_transport_mode().unwrap(),
        )
    }

    /// The requests written so far, opened as the server would.
    fn requests(sink: &Sink, server: &StatelessTransportState) -> Vec<Request> {
        let written = sink.0.lock().unwrap().clone();
        let (mut input, mut opener) = (&written[..], Sealer { nonce: 0 });
        let mut requests = Vec::new();
        while !input.is_empty() {
            let frame = read_frame(&mut input).unwrap();
            requests.push(opener.open(server, &frame).unwrap());
        }
        requests
    }

    #[test]
    fn an_idle_client_pings_every_interval_and_a_busy_one_does_not() {
        let ping = |id| Request { id, ask: Ask::Ping };
        // Busy: a request every 20 ms, the interval 2 s: no ping.
        let (client, server) = transports();
        let sink = Sink::default();
        let writer = Arc::new(Mutex::new(Writer {
            out: Box::new(sink.clone()),
            transport: Arc::new(client),
            sealer: Sealer { nonce: 0 },
            last_sent: Instant::now(),
        }));
        let (stop, stopped) = mpsc::channel();
        let thread = keep_alive(Arc::clone(&writer), Duration::from_secs(2), stopped);
        for _ in 0..10 {
            lock(&writer).send(&ping(7)).unwrap();
            std::thread::sleep(Duration::from_millis(20));
        }
        drop(stop);
        thread.join().unwrap();
        assert_eq!(requests(&sink, &server), vec![ping(7); 10]);
        // Idle, the interval 50 ms: pings, numbered apart.
        let (stop, stopped) = mpsc::channel();
        let thread = keep_alive(Arc::clone(&writer), Duration::from_millis(50), stopped);
        let deadline = Instant::now() + Duration::from_secs(20);
        while requests(&sink, &server).len() < 13 && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        drop(stop);
        thread.join().unwrap();
        let sent = requests(&sink, &server);
        assert!(sent.len() >= 13, "{} pings", sent.len() - 10);
        assert!(sent[10..].iter().all(|r| *r == ping(KEEP_ALIVE_ID)));
    }
}
