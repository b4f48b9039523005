//! A connection after its handshake: a reader thread that reads, decrypts
//! and checks each message and hands it on as an [`Event`], and a writer
//! thread that encrypts and sends what the program gives it, with a ping
//! when there is nothing to say. A peer that stalls, goes silent, floods
//! or sends anything unreadable is cut off, and the reader says why.

use std::net::{Shutdown, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, SyncSender, sync_channel};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use snow::TransportState;

use super::clean::{REASON_CHARS, clean};
use super::event::{Event, Stamped};
use super::frame::{FrameError, MAX_FRAME, Patience, read_frame, write_frame};
use super::message::Message;

/// A quiet link sends a ping this often.
pub const PING_EVERY: Duration = Duration::from_secs(5);
/// How often a blocked read wakes up to keep the patience.
const POLL: Duration = Duration::from_millis(200);
/// How long a write may block before the peer is taken for gone.
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);
/// More messages than this in a second is a flood.
const MAX_PER_SECOND: u32 = 50;
/// Messages waiting to be written; more are dropped (the state is sent
/// again with the next change).
const QUEUE: usize = 64;

/// The program's end of a link: what it sends goes out on the writer thread.
#[derive(Debug)]
pub struct Link {
    pub id: u64,
    out: SyncSender<Message>,
    alive: Arc<AtomicBool>,
}

impl Link {
    /// Queues `message`; false when the link is gone or blocked.
    pub fn send(&self, message: Message) -> bool {
        self.out.try_send(message).is_ok()
    }

    /// Whether both threads still run.
    pub fn is_alive(&self) -> bool {
        self.alive.load(Ordering::SeqCst)
    }
}

/// Starts a link's two threads on `stream`; events go to `events`, stamped
/// with `id`. `install` is given the link before the reader starts, so
/// that what the program hears of the link (it joined) comes before
/// anything the link reads, and sends never find it missing.
pub fn start(
    stream: TcpStream,
    transport: TransportState,
    id: u64,
    events: Sender<Stamped>,
    install: impl FnOnce(Link),
) -> std::io::Result<()> {
    stream.set_read_timeout(Some(POLL))?;
    stream.set_write_timeout(Some(WRITE_TIMEOUT))?;
    let writer_stream = stream.try_clone()?;
    let transport = Arc::new(Mutex::new(transport));
    let alive = Arc::new(AtomicBool::new(true));
    let (out, queue) = sync_channel(QUEUE);
    {
        let transport = Arc::clone(&transport);
        let alive = Arc::clone(&alive);
        std::thread::spawn(move || write_loop(writer_stream, &transport, &queue, &alive));
    }
    install(Link {
        id,
        out,
        alive: Arc::clone(&alive),
    });
    {
        std::thread::spawn(move || {
            let why = read_loop(&stream, &transport, id, &events);
            tracing::info!(link = id, "the link was lost: {why}");
            alive.store(false, Ordering::SeqCst);
            let _ = stream.shutdown(Shutdown::Both);
            let _ = events.send((id, Event::Lost(clean(&why, REASON_CHARS))));
        });
    }
    Ok(())
}

fn lock(transport: &Mutex<TransportState>) -> std::sync::MutexGuard<'_, TransportState> {
    transport.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Reads until the link fails; returns why it did.
fn read_loop(
    mut stream: &TcpStream,
    transport: &Mutex<TransportState>,
    id: u64,
    events: &Sender<Stamped>,
) -> String {
    let mut window = (Instant::now(), 0u32);
    let mut plain = vec![0u8; MAX_FRAME];
    loop {
        let frame = match read_frame(&mut stream, Patience::GAME, MAX_FRAME) {
            Ok(frame) => frame,
            Err(e) => return e.to_string(),
        };
        if window.0.elapsed() > Duration::from_secs(1) {
            window = (Instant::now(), 0);
        }
        window.1 += 1;
        if window.1 > MAX_PER_SECOND {
            return "it sent too many messages".into();
        }
        let Ok(len) = lock(transport).read_message(&frame, &mut plain) else {
            return "it sent a message that does not decrypt".into();
        };
        match Message::decode(&plain[..len]) {
            Ok(Message::Ping) => {}
            Ok(message) => {
                if events.send((id, Event::Got(message))).is_err() {
                    return "the game closed".into();
                }
            }
            Err(e) => return format!("it sent {e}"),
        }
    }
}

/// Writes what comes, and pings when nothing does, until the program drops
/// the link or a write fails; then closes the connection (which ends the
/// reader too).
fn write_loop(
    mut stream: TcpStream,
    transport: &Mutex<TransportState>,
    queue: &Receiver<Message>,
    alive: &AtomicBool,
) {
    let mut cipher = vec![0u8; MAX_FRAME];
    while alive.load(Ordering::SeqCst) {
        let message = match queue.recv_timeout(PING_EVERY) {
            Ok(message) => message,
            Err(RecvTimeoutError::Timeout) => Message::Ping,
            Err(RecvTimeoutError::Disconnected) => break,
        };
        let Ok(plain) = message.encode() else {
            continue;
        };
        let written = lock(transport)
            .write_message(&plain, &mut cipher)
            .map_err(|e| FrameError::Io(std::io::Error::other(e)))
            .and_then(|len| write_frame(&mut stream, &cipher[..len], MAX_FRAME));
        if written.is_err() {
            break;
        }
    }
    let _ = stream.shutdown(Shutdown::Both);
}
