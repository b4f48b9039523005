//! One SSH session channel: its requests (a pseudo-terminal's type and
//! size, COLORTERM, the shell), then the game screen (or, for the command
//! `screen-reader`, the line mode of [`crate::reader`]) on a thread of its
//! own, fed the channel's bytes and window changes, its output sent back
//! through a bounded pipe. A session without a terminal is told so and
//! closed; one idle too long is saved and closed with a word.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{SyncSender, TrySendError};
use std::time::Duration;

use russh::server::Msg;
use russh::{Channel, ChannelMsg, ChannelReadHalf, ChannelWriteHalf};

use super::limits::SshLimits;
use super::output::{Drained, Pipe, drain};
use super::players::Player;
use crate::app::SearchSlots;
use crate::app::remote::{self, RemoteEnd, RemoteInput, RemoteSession, RemoteTerminal};

/// What a session without a pseudo-terminal is told.
pub const NEEDS_TERMINAL: &str =
    "Brique needs a terminal: ssh -t ... (or connect without a command)\r\n";

/// The command (`ssh -tt HOST screen-reader`) that asks for the line mode
/// for a screen reader rather than the game screen.
pub const SCREEN_READER: &str = "screen-reader";

/// A terminal type or COLORTERM from the client, at most this long.
const MAX_NAME: usize = 64;

/// How long the end of a session may take: the game saving, the last
/// words sent.
const CLOSING: Duration = Duration::from_secs(30);

/// What every session of the server shares.
pub struct Shared {
    pub limits: SshLimits,
    /// The computer's searches at once, all sessions together.
    pub searches: SearchSlots,
    /// The players' directories.
    pub players: PathBuf,
    /// The lobby of this server, when it runs one.
    pub lobby: Option<SocketAddr>,
}

/// The terminal the client asked for.
struct Pty {
    term: Option<String>,
    width: u16,
    height: u16,
}

/// Why the game was told the terminal closed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ended {
    /// The client closed the channel, or the game ended first.
    Closed,
    /// No key for the idle limit.
    Idle,
}

/// Serves one session channel of `player` until it closes; `started` is
/// set once the client has made its requests (the handshake's deadline
/// no longer applies).
pub async fn serve(
    channel: Channel<Msg>,
    player: Player,
    shared: Arc<Shared>,
    started: Arc<AtomicBool>,
) {
    let (mut read, write) = channel.split();
    let mut pty: Option<Pty> = None;
    let mut colorterm = None;
    // `ssh -tt HOST screen-reader`: the line mode rather than the screen.
    let mut lines = false;
    loop {
        match read.wait().await {
            Some(ChannelMsg::RequestPty {
                term,
                col_width,
                row_height,
                ..
            }) => {
                pty = Some(Pty {
                    term: clean(&term),
                    width: dimension(col_width, 80),
                    height: dimension(row_height, 24),
                });
            }
            Some(ChannelMsg::SetEnv {
                variable_name,
                variable_value,
                ..
            }) if variable_name == "COLORTERM" => colorterm = clean(&variable_value),
            Some(ChannelMsg::WindowChange {
                col_width,
                row_height,
                ..
            }) => {
                if let Some(pty) = &mut pty {
                    pty.width = dimension(col_width, pty.width);
                    pty.height = dimension(row_height, pty.height);
                }
            }
            Some(ChannelMsg::Exec { command, .. }) => {
                lines = command.trim_ascii() == SCREEN_READER.as_bytes();
                break;
            }
            Some(ChannelMsg::RequestShell { .. }) => break,
            Some(ChannelMsg::Eof | ChannelMsg::Close) | None => return,
            Some(_) => {}
        }
    }
    started.store(true, Ordering::Relaxed);
    let Some(pty) = pty else {
        finish(&write, Some(NEEDS_TERMINAL), 1).await;
        return;
    };
    let locations = match player.locations(&shared.players) {
        Ok(locations) => locations,
        Err(e) => {
            tracing::error!(%player, "cannot make the player's directory: {e}");
            let line = "Brique: the server cannot keep your files now; try again later.\r\n";
            finish(&write, Some(line), 1).await;
            return;
        }
    };
    let limits = &shared.limits;
    let (input, inputs) = std::sync::mpsc::sync_channel(limits.input_queue);
    let pipe = Pipe::new(limits.output_buffer, limits.write_stall);
    let (done, game) = tokio::sync::oneshot::channel();
    let spawned = if lines {
        let settings =
            crate::reader::settings_at(locations.as_ref().and_then(|l| l.config.clone()));
        let (echo, out) = (pipe.writer(), pipe.writer());
        std::thread::Builder::new()
            .name("ssh lines".into())
            .spawn(move || {
                let end = crate::reader::run_remote(settings, inputs, echo, out);
                let _ = done.send(end);
            })
    } else {
        let session = RemoteSession {
            locations,
            terminal: RemoteTerminal {
                input: inputs,
                output: Box::new(pipe.writer()),
                width: pty.width,
                height: pty.height,
                term: pty.term,
                colorterm,
            },
            // The computer's budget per session; the server's cap on searches
            // at once is `Shared::searches`.
            engine_threads: 1,
            lobby: shared.lobby,
        };
        let searches = shared.searches.clone();
        std::thread::Builder::new()
            .name("ssh game".into())
            .spawn(move || {
                let end = remote::run_sharing(session, searches);
                let _ = done.send(end);
            })
    };
    if let Err(e) = spawned {
        tracing::error!("cannot start a game thread: {e}");
        pipe.break_off();
        finish(
            &write,
            Some("Brique: the server is busy; try again later.\r\n"),
            1,
        )
        .await;
        return;
    }
    tracing::info!(%player, "game started");
    // The output is never dropped half sent (half an escape sequence would
    // garble the player's terminal): one drain runs to its end.
    let output = drain(&pipe, &write);
    tokio::pin!(output);
    let mut game = game;
    let mut result = None;
    let (ended, drained) = tokio::select! {
        why = forward_input(&mut read, &input, limits.idle) => (why, None),
        drained = &mut output => (Ended::Closed, Some(drained)),
    };
    let drained = match drained {
        Some(drained) => drained,
        None => {
            let _ = tokio::time::timeout(CLOSING, tell(&input, RemoteInput::Closed)).await;
            let closing = tokio::time::sleep(CLOSING);
            match ended {
                // The game saves and restores the terminal, as quitting
                // does, and the player reads why it closed.
                Ended::Idle => tokio::select! {
                    drained = &mut output => drained,
                    () = closing => Drained::Stalled,
                },
                // The client is gone: its game's save matters, not its
                // output, which may never drain.
                Ended::Closed => tokio::select! {
                    drained = &mut output => drained,
                    end = &mut game => {
                        result = Some(end);
                        Drained::Gone
                    }
                    () = closing => Drained::Stalled,
                },
            }
        }
    };
    // However output ended, the game is told its terminal is gone.
    pipe.break_off();
    let _ = tokio::time::timeout(CLOSING, tell(&input, RemoteInput::Closed)).await;
    drop(input);
    let end = match result {
        Some(end) => Ok(end),
        None => tokio::time::timeout(CLOSING, game).await,
    };
    let status = match end {
        Ok(Ok(Ok(RemoteEnd::Quit | RemoteEnd::Closed))) => 0,
        Ok(Ok(Err(e))) => {
            tracing::warn!(%player, "the game ended: {e}");
            1
        }
        _ => {
            tracing::error!(%player, "the game did not end in time");
            1
        }
    };
    tracing::info!(%player, ?drained, ?ended, "game ended");
    if drained == Drained::Finished {
        let line = (ended == Ended::Idle).then_some(IDLE_MESSAGE);
        finish(&write, line, status).await;
    }
}

/// What a player idle too long reads once the game has closed.
const IDLE_MESSAGE: &str =
    "\r\nBrique: closed after a long time without a key; your game was saved as on quitting.\r\n";

/// Hands the channel's input to the game until the client closes the
/// channel, or presses no key for `idle`, or the game is gone.
async fn forward_input(
    read: &mut ChannelReadHalf,
    input: &SyncSender<RemoteInput>,
    idle: Duration,
) -> Ended {
    let mut deadline = tokio::time::Instant::now() + idle;
    loop {
        let msg = match tokio::time::timeout_at(deadline, read.wait()).await {
            Ok(msg) => msg,
            Err(_) => return Ended::Idle,
        };
        let item = match msg {
            Some(ChannelMsg::Data { data }) => {
                deadline = tokio::time::Instant::now() + idle;
                RemoteInput::Bytes(data.to_vec())
            }
            Some(ChannelMsg::WindowChange {
                col_width,
                row_height,
                ..
            }) => RemoteInput::Resize {
                width: dimension(col_width, 80),
                height: dimension(row_height, 24),
            },
            Some(ChannelMsg::Eof | ChannelMsg::Close) | None => return Ended::Closed,
            Some(_) => continue,
        };
        if !tell(input, item).await {
            return Ended::Closed;
        }
    }
}

/// Gives the game `item`, waiting while its queue is full (the client's
/// input then waits too); `false` once the game is gone.
async fn tell(input: &SyncSender<RemoteInput>, mut item: RemoteInput) -> bool {
    loop {
        match input.try_send(item) {
            Ok(()) => return true,
            Err(TrySendError::Disconnected(_)) => return false,
            // A full queue is rare (a paste of megabytes): polling it is
            // simpler than a second, async, queue.
            Err(TrySendError::Full(back)) => {
                item = back;
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        }
    }
}

/// Sends `line` (if any), the exit status, and closes the channel.
async fn finish(write: &ChannelWriteHalf<Msg>, line: Option<&str>, status: u32) {
    let closing = async {
        if let Some(line) = line {
            write.data_bytes(line.as_bytes().to_vec()).await?;
        }
        write.exit_status(status).await?;
        write.eof().await?;
        write.close().await
    };
    let _ = tokio::time::timeout(CLOSING, closing).await;
}

/// A terminal size from the client: 0 (unknown) or past `u16` is `or`.
fn dimension(n: u32, or: u16) -> u16 {
    u16::try_from(n).ok().filter(|&n| n > 0).unwrap_or(or)
}

/// A name from the client (a terminal type, COLORTERM) as the game may
/// use it: printable ASCII, short; else none.
fn clean(name: &str) -> Option<String> {
    let ok =
        !name.is_empty() && name.len() <= MAX_NAME && name.bytes().all(|b| b.is_ascii_graphic());
    ok.then(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_from_the_client_are_printable_and_short_or_dropped() {
        assert_eq!(clean("xterm-256color").as_deref(), Some("xterm-256color"));
        assert_eq!(clean("truecolor").as_deref(), Some("truecolor"));
        assert_eq!(clean("\x1b]0;owned\x07"), None);
        assert_eq!(clean(&"x".repeat(65)), None);
        assert_eq!(clean(""), None);
    }

    #[test]
    fn a_size_of_zero_or_too_large_keeps_the_one_before() {
        assert_eq!(dimension(0, 80), 80);
        assert_eq!(dimension(120, 80), 120);
        assert_eq!(dimension(70_000, 24), 24);
    }
}
