//! The relay's work once two are joined: copying bytes both ways, never
//! reading them. Each direction has a fixed buffer and reads only when
//! the last read is written, so a slow reader slows its writer (TCP's
//! backpressure) instead of filling the relay; a write held up too long,
//! a side silent too long, or a rate above the limit ends or slows it.

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::time::{Instant, sleep_until, timeout};

use super::limits::Limits;

/// Why a joined pair ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum End {
    Closed,
    Idle,
    SlowReader,
    Failed,
}

/// Copies between `host` and `guest` until one side ends; `early` (what
/// the guest sent after its request) goes to the host first.
pub async fn pump(host: TcpStream, guest: TcpStream, early: &[u8], limits: &Limits) -> End {
    let (host_in, mut host_out) = host.into_split();
    let (guest_in, guest_out) = guest.into_split();
    if !early.is_empty()
        && !matches!(
            timeout(limits.write_stall, host_out.write_all(early)).await,
            Ok(Ok(()))
        )
    {
        return End::SlowReader;
    }
    tokio::select! {
        end = forward(host_in, guest_out, limits) => end,
        end = forward(guest_in, host_out, limits) => end,
    }
}

async fn forward(mut from: OwnedReadHalf, mut to: OwnedWriteHalf, limits: &Limits) -> End {
    let mut buffer = vec![0u8; limits.buffer];
    let mut window = (Instant::now(), 0usize);
    loop {
        let n = match timeout(limits.idle, from.read(&mut buffer)).await {
            Err(_) => return End::Idle,
            Ok(Ok(0)) => return End::Closed,
            Ok(Ok(n)) => n,
            Ok(Err(_)) => return End::Failed,
        };
        match timeout(limits.write_stall, to.write_all(&buffer[..n])).await {
            Ok(Ok(())) => {}
            Ok(Err(_)) => return End::Failed,
            Err(_) => return End::SlowReader,
        }
        // Past the rate, this direction waits for the next second.
        let now = Instant::now();
        if now >= window.0 + Duration::from_secs(1) {
            window = (now, 0);
        }
        window.1 += n;
        if window.1 >= limits.bytes_per_second {
            sleep_until(window.0 + Duration::from_secs(1)).await;
        }
    }
}
