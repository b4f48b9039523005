//! The listener of one server among several: its own PostgreSQL
//! connection, `LISTEN brique_lobby`, and a poke to the referee for each
//! NOTIFY another server sends (a NOTIFY carries an event's number only:
//! the referee reads the events from their table). A lost connection is
//! made again, and the referee told to read everything again, as the
//! NOTIFYs sent meanwhile are lost.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{SyncSender, TrySendError};
use std::time::Duration;

use postgres::fallible_iterator::FallibleIterator;

use super::referee::Command;

/// The channel the servers NOTIFY on.
pub const CHANNEL: &str = "brique_lobby";

/// How long the listener waits before connecting again.
const RETRY: Duration = Duration::from_secs(1);

/// Starts the listener thread on `url`; `poked` is set for each NOTIFY,
/// and the referee poked unless one waits already.
pub fn spawn(
    url: String,
    referee: SyncSender<Command>,
    poked: Arc<AtomicBool>,
) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("lobby listener".into())
        .spawn(move || listen(&url, &referee, &poked))
        .map(drop)
}

fn listen(url: &str, referee: &SyncSender<Command>, poked: &AtomicBool) {
    let mut first = true;
    loop {
        match postgres::Client::connect(url, postgres::NoTls) {
            Ok(mut client) => {
                if let Err(e) = client.batch_execute(&format!("LISTEN {CHANNEL}")) {
                    tracing::warn!("cannot LISTEN: {e}");
                } else {
                    if !first {
                        // NOTIFYs sent while away are lost: read everything.
                        let _ = referee.try_send(Command::Poke { resync: true });
                    }
                    first = false;
                    if wait(&mut client, referee, poked).is_err() {
                        return;
                    }
                }
            }
            Err(e) => tracing::warn!("the listener cannot reach PostgreSQL: {e}"),
        }
        std::thread::sleep(RETRY);
    }
}

/// Pokes the referee for each NOTIFY until the connection is lost (`Ok`)
/// or the referee has gone (`Err`).
fn wait(
    client: &mut postgres::Client,
    referee: &SyncSender<Command>,
    poked: &AtomicBool,
) -> Result<(), ()> {
    loop {
        let mut notifications = client.notifications();
        let mut iter = notifications.timeout_iter(Duration::from_secs(5));
        'read: loop {
            match iter.next() {
                // One poke at a time: the referee reads all events at once.
                Ok(Some(_)) if !poked.swap(true, Ordering::AcqRel) => {
                    match referee.try_send(Command::Poke { resync: false }) {
                        Ok(()) | Err(TrySendError::Full(_)) => {}
                        Err(TrySendError::Disconnected(_)) => return Err(()),
                    }
                }
                Ok(Some(_)) => {}
                Ok(None) => break 'read,
                Err(e) => {
                    tracing::warn!("the listener lost PostgreSQL: {e}");
                    return Ok(());
                }
            }
        }
        drop(iter);
        drop(notifications);
        if client.is_closed() {
            return Ok(());
        }
    }
}
