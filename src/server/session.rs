//! One connection to the relay: its request line, then a host's wait at a
//! nameplate or channel (until a guest comes, it leaves, or the wait
//! expires), or a guest's join to the host waiting where it asks. Every
//! refusal is told to the client and logged.

use std::net::SocketAddr;
use std::sync::Arc;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::oneshot;
use tokio::time::timeout;

use super::pump::pump;
use super::registry::{Guest, Held, Registry};
use crate::net::relay::wire::{Answer, MAX_LINE, NO_GAME, Place, Request};

/// Serves one accepted connection to its end.
pub async fn serve(mut stream: TcpStream, peer: SocketAddr, held: Held, registry: Arc<Registry>) {
    let limits = registry.limits();
    let (line, early) = match timeout(limits.request_timeout, read_line(&mut stream)).await {
        Ok(Ok(read)) => read,
        Ok(Err(why)) => return refuse(stream, peer, why).await,
        Err(_) => return refuse(stream, peer, "no request in time").await,
    };
    let request = match Request::parse(&line) {
        Ok(request) => request,
        Err(e) => return refuse(stream, peer, &e.to_string()).await,
    };
    if let Err(e) = registry.ask(&held, tokio::time::Instant::now().into_std()) {
        return refuse(stream, peer, &e.to_string()).await;
    }
    match request {
        Request::Host | Request::HostChannel(_) if !early.is_empty() => {
            refuse(stream, peer, "a host sent bytes before it was joined").await;
        }
        Request::Host => {
            let (sender, guest) = oneshot::channel();
            let (n, id) = registry.wait_at_new_nameplate(sender);
            let place = Place::Nameplate(n);
            host(
                stream,
                peer,
                &registry,
                (place, id),
                Answer::Nameplate(n),
                guest,
            )
            .await;
        }
        Request::HostChannel(channel) => {
            let (sender, guest) = oneshot::channel();
            let id = registry.wait_on_channel(channel, sender);
            let place = Place::Channel(channel);
            host(stream, peer, &registry, (place, id), Answer::Waiting, guest).await;
        }
        Request::Guest(place) => match registry.take(place) {
            Some(host) => {
                // The host's task joins the two.
                let handed = host.send(Guest {
                    stream,
                    early,
                    held,
                });
                if let Err(guest) = handed {
                    refuse(guest.stream, peer, "the game waiting there has just left").await;
                }
            }
            None => {
                let why = match place {
                    Place::Nameplate(n) => format!("{NO_GAME} at nameplate {n}"),
                    Place::Channel(_) => format!("{NO_GAME} on this channel"),
                };
                refuse(stream, peer, &why).await;
            }
        },
    }
}

/// A host waits at `place` for a guest, then the relay copies between them.
async fn host(
    mut stream: TcpStream,
    peer: SocketAddr,
    registry: &Registry,
    (place, id): (Place, u64),
    told: Answer,
    guest: oneshot::Receiver<Guest>,
) {
    let limits = registry.limits();
    if !say(&mut stream, &told, limits).await {
        registry.leave(place, id);
        return;
    }
    let mut probe = [0u8; 1];
    let guest = tokio::select! {
        guest = guest => guest.ok(),
        // A host says nothing until joined: a byte or the end is its leaving.
        _ = stream.read(&mut probe) => None,
        () = tokio::time::sleep(limits.nameplate_ttl) => {
            let _ = say(&mut stream, &Answer::Expired, limits).await;
            None
        }
    };
    let Some(mut guest) = guest else {
        registry.leave(place, id);
        return;
    };
    if !say(&mut stream, &Answer::Paired, limits).await
        || !say(&mut guest.stream, &Answer::Paired, limits).await
    {
        return;
    }
    tracing::debug!(host = %peer, "joined a pair");
    let end = pump(stream, guest.stream, &guest.early, limits).await;
    tracing::debug!(host = %peer, ?end, "a pair ended");
    drop(guest.held);
}

/// Writes one answer line; false when the client does not take it in time.
async fn say(stream: &mut TcpStream, answer: &Answer, limits: &super::Limits) -> bool {
    let line = format!("{answer}\n");
    matches!(
        timeout(limits.write_stall, stream.write_all(line.as_bytes())).await,
        Ok(Ok(()))
    )
}

/// Tells the client why, logs it, and closes.
async fn refuse(stream: TcpStream, peer: SocketAddr, why: &str) {
    tracing::warn!(%peer, "refused: {why}");
    let line = format!("{}\n", Answer::Refused(why.to_string()));
    // The client may be gone or not reading: no waiting on it.
    let _ = stream.try_write(line.as_bytes());
}

/// Reads the request line: at most `MAX_LINE` bytes, text, ended by a
/// newline; returns it and any bytes read after it.
async fn read_line(stream: &mut TcpStream) -> Result<(String, Vec<u8>), &'static str> {
    let mut buffer = [0u8; MAX_LINE];
    let mut filled = 0;
    loop {
        let n = stream
            .read(&mut buffer[filled..])
            .await
            .map_err(|_| "the connection failed")?;
        if n == 0 {
            return Err("closed before its request");
        }
        filled += n;
        if let Some(end) = buffer[..filled].iter().position(|&b| b == b'\n') {
            let line = std::str::from_utf8(&buffer[..end]).map_err(|_| "a request not in text")?;
            let line = line.strip_suffix('\r').unwrap_or(line).to_string();
            return Ok((line, buffer[end + 1..filled].to_vec()));
        }
        if filled == MAX_LINE {
            return Err("a request line too long");
        }
    }
}
