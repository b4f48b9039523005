//! The game's screen output on its way to the SSH channel: the game's
//! thread writes into a bounded buffer ([`ScreenWriter`], a plain
//! `io::Write`), and a task sends what it holds down the channel as the
//! client's window allows ([`drain`]). A client that stops reading fills
//! the buffer, the game's writes wait, and past the stall limit the
//! session ends: the server's memory never grows for a slow client.

use std::io::{self, Write};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use russh::ChannelWriteHalf;
use russh::server::Msg;
use tokio::sync::Notify;

struct State {
    pending: Vec<u8>,
    /// The game is done writing.
    finished: bool,
    /// The client is gone or stalled: writes fail from now on.
    broken: bool,
}

/// The buffer between the game's thread and the channel's task.
pub struct Pipe {
    state: Mutex<State>,
    /// Told when the task has taken bytes, or the pipe broke.
    space: Condvar,
    /// Told when there are bytes to send, or the game is done.
    ready: Notify,
    limit: usize,
    stall: Duration,
}

impl Pipe {
    /// A pipe holding `limit` bytes at most, whose writes give up after
    /// waiting `stall` for room.
    pub fn new(limit: usize, stall: Duration) -> Arc<Pipe> {
        Arc::new(Pipe {
            state: Mutex::new(State {
                pending: Vec::new(),
                finished: false,
                broken: false,
            }),
            space: Condvar::new(),
            ready: Notify::new(),
            limit: limit.max(1),
            stall,
        })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The writer for the game's thread.
    pub fn writer(self: &Arc<Pipe>) -> ScreenWriter {
        ScreenWriter(Arc::clone(self))
    }

    /// No more output will be sent (the client is gone): writes fail.
    pub fn break_off(&self) {
        self.lock().broken = true;
        self.space.notify_all();
        self.ready.notify_one();
    }

    /// What the game has written so far (at most the limit), and whether
    /// it is done; waits while there is nothing.
    async fn take(&self) -> (Vec<u8>, bool) {
        loop {
            {
                let mut state = self.lock();
                if !state.pending.is_empty() || state.finished || state.broken {
                    let bytes = std::mem::take(&mut state.pending);
                    let done = state.finished || state.broken;
                    drop(state);
                    self.space.notify_all();
                    return (bytes, done);
                }
            }
            // A notification sent since the check is kept for this wait.
            self.ready.notified().await;
        }
    }
}

/// The game's end of the pipe; dropping it says the game is done.
pub struct ScreenWriter(Arc<Pipe>);

impl Write for ScreenWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        let pipe = &self.0;
        let deadline = Instant::now() + pipe.stall;
        let mut state = pipe.lock();
        loop {
            if state.broken || state.finished {
                return Err(io::Error::new(
                    io::ErrorKind::BrokenPipe,
                    "the SSH client is gone",
                ));
            }
            let room = pipe.limit.saturating_sub(state.pending.len());
            if room > 0 {
                let n = room.min(buf.len());
                state.pending.extend_from_slice(&buf[..n]);
                drop(state);
                pipe.ready.notify_one();
                return Ok(n);
            }
            let Some(left) = deadline.checked_duration_since(Instant::now()) else {
                state.broken = true;
                return Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "the SSH client stopped reading",
                ));
            };
            state = pipe
                .space
                .wait_timeout(state, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        // The task sends as soon as anything is written.
        Ok(())
    }
}

impl Drop for ScreenWriter {
    fn drop(&mut self) {
        self.0.lock().finished = true;
        self.0.ready.notify_one();
    }
}

/// Why output stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drained {
    /// The game finished and everything it wrote was sent.
    Finished,
    /// The channel failed, or the pipe was broken off.
    Gone,
    /// The client read nothing for the stall limit.
    Stalled,
}

/// Sends what the game writes down `channel` until the game is done or
/// the client is gone or stalled.
pub async fn drain(pipe: &Pipe, channel: &ChannelWriteHalf<Msg>) -> Drained {
    loop {
        let (bytes, done) = pipe.take().await;
        if pipe.lock().broken {
            return Drained::Gone;
        }
        if !bytes.is_empty() {
            match tokio::time::timeout(pipe.stall, channel.data_bytes(bytes)).await {
                Ok(Ok(())) => {}
                Ok(Err(_)) => {
                    pipe.break_off();
                    return Drained::Gone;
                }
                Err(_) => {
                    pipe.break_off();
                    return Drained::Stalled;
                }
            }
        }
        if done && pipe.lock().pending.is_empty() {
            return Drained::Finished;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_writer_takes_no_more_than_the_limit_then_gives_up_after_the_stall() {
        let pipe = Pipe::new(8, Duration::from_millis(50));
        let mut writer = pipe.writer();
        assert_eq!(writer.write(b"0123456789").unwrap(), 8);
        let error = writer.write(b"x").unwrap_err();
        assert_eq!(error.kind(), io::ErrorKind::TimedOut);
        // Broken for good: the game ends its session.
        assert!(writer.write(b"x").is_err());
        assert_eq!(pipe.lock().pending.len(), 8);
    }

    #[test]
    fn taking_the_bytes_makes_room_for_a_waiting_writer() {
        let pipe = Pipe::new(4, Duration::from_secs(10));
        let mut writer = pipe.writer();
        writer.write_all(b"abcd").unwrap();
        let blocked = std::thread::spawn(move || {
            writer.write_all(b"efgh").unwrap();
            drop(writer);
        });
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let mut got = Vec::new();
        runtime.block_on(async {
            loop {
                let (bytes, done) = pipe.take().await;
                got.extend(bytes);
                if done && pipe.lock().pending.is_empty() {
                    break;
                }
            }
        });
        blocked.join().unwrap();
        assert_eq!(got, b"abcdefgh");
    }
}
