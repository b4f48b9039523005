//! One connection to the lobby: the Noise `XX` handshake, which proves the
//! client's key, then two halves: one reads requests (each at most one
//! frame) and hands them to the referee, the other writes what the
//! referee sends, from a bounded outbox. Memory per connection is one
//! frame being read and the outbox's messages.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::mpsc::{SyncSender, TrySendError};

use snow::StatelessTransportState;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::sync::mpsc;
use tokio::time::timeout;

use super::limits::LobbyLimits;
use super::referee::Command;
use crate::net::{FrameError, MAX_LOBBY_FRAME, read_frame_async, write_frame_async};
use crate::online::identity::{Identity, hex};
use crate::online::protocol::{
    ClientHello, FromServer, LOBBY_PROTOCOL, Push, Request, ServerHello,
};
use crate::online::wire::{Sealer, WireError, noise, read_handshake, write_handshake};

/// Everything a connection's task needs.
pub struct Context {
    pub identity: Arc<Identity>,
    pub limits: Arc<LobbyLimits>,
    pub referee: SyncSender<Command>,
    /// Whether new keys from this machine go uncounted (the SSH server's
    /// players, limited by it).
    pub loopback_uncounted: bool,
}

/// Serves one connection to its end.
pub async fn serve(stream: TcpStream, peer: SocketAddr, conn: u64, context: Arc<Context>) {
    let limits = Arc::clone(&context.limits);
    let (mut reader, mut writer) = stream.into_split();
    let met = timeout(
        limits.handshake,
        handshake(&mut reader, &mut writer, &context.identity),
    )
    .await;
    let (transport, key, hello) = match met {
        Ok(Ok(met)) => met,
        Ok(Err(why)) => return tracing::debug!(%peer, "a handshake failed: {why}"),
        Err(_) => return tracing::debug!(%peer, "a handshake took too long"),
    };
    let transport = Arc::new(transport);
    let (outbox, queued) = mpsc::channel(limits.outbox);
    let refusal = if hello.protocol == LOBBY_PROTOCOL {
        let join = Command::Join {
            conn,
            key,
            name: hello.name,
            outbox: outbox.clone(),
            from: Some(peer.ip()).filter(|ip| !(context.loopback_uncounted && ip.is_loopback())),
            bot: hello.bot,
        };
        match context.referee.try_send(join) {
            Ok(()) => None,
            Err(TrySendError::Full(_)) => Some("the server is busy: try again soon".to_string()),
            Err(TrySendError::Disconnected(_)) => Some("the server is stopping".to_string()),
        }
    } else {
        Some(format!(
            "this server speaks lobby protocol {LOBBY_PROTOCOL}, this copy {}",
            hello.protocol
        ))
    };
    if let Some(why) = refusal {
        let refused = FromServer::Push(Push::Refused { why, name: None });
        if let Ok(bytes) = serde_json::to_vec(&refused) {
            let _ = outbox.try_send(bytes.into());
        }
    }
    // Only the referee holds the outbox from here: when it lets go, the
    // writer ends, and the connection with it. The reader keeps a weak
    // handle, for a last word.
    let last_word = outbox.downgrade();
    drop(outbox);
    let writing = write_all(writer, queued, Arc::clone(&transport), Arc::clone(&limits));
    tokio::pin!(writing);
    let reading = read_all(reader, conn, &transport, &context, &last_word);
    let refused = tokio::select! {
        () = &mut writing => false,
        ended = reading => {
            tracing::debug!(%peer, conn, "a lobby connection ended: {}", ended.why);
            ended.refused
        }
    };
    if context.referee.try_send(Command::Gone { conn }).is_err() {
        // A full queue must not keep a gone connection known: try on.
        let referee = context.referee.clone();
        tokio::task::spawn_blocking(move || referee.send(Command::Gone { conn }));
    }
    if refused {
        // The writer sends what is queued, the refusal last, and ends
        // when the referee lets go of the outbox.
        let _ = timeout(limits.write_stall, writing).await;
    }
}

/// Why reading stopped; `refused` when the client was told why.
struct Ended {
    why: String,
    refused: bool,
}

impl Ended {
    fn quietly(why: impl Into<String>) -> Ended {
        Ended {
            why: why.into(),
            refused: false,
        }
    }
}

type Met = (StatelessTransportState, String, ClientHello);

async fn handshake(
    reader: &mut OwnedReadHalf,
    writer: &mut OwnedWriteHalf,
    identity: &Identity,
) -> Result<Met, WireError> {
    let mut state = noise(identity, false)?;
    let first = read_frame(reader).await?;
    let mut ignored = vec![0u8; first.len()];
    state.read_message(&first, &mut ignored)?;
    let hello = ServerHello {
        protocol: LOBBY_PROTOCOL,
        program: env!("CARGO_PKG_VERSION").to_string(),
    };
    let second = write_handshake(&mut state, &hello)?;
    write_frame(writer, &second).await?;
    let third = read_frame(reader).await?;
    let hello: ClientHello = read_handshake(&mut state, &third)?
        .ok_or(WireError::Missing("no hello from the client"))?;
    let key = state
        .get_remote_static()
        .map(hex)
        .ok_or(WireError::Missing("the client proved no key"))?;
    let transport = state.into_stateless_transport_mode()?;
    Ok((transport, key, hello))
}

/// Reads requests until the client leaves, is silent too long or sends
/// what cannot be read (not JSON, not a request this server knows): that
/// one is refused, through `last_word`, and the connection closed, as
/// nothing after it can be trusted to mean what the client meant.
async fn read_all(
    mut reader: OwnedReadHalf,
    conn: u64,
    transport: &StatelessTransportState,
    context: &Context,
    last_word: &mpsc::WeakSender<Arc<[u8]>>,
) -> Ended {
    let mut opener = Sealer { nonce: 0 };
    loop {
        let frame = match timeout(context.limits.idle, read_frame(&mut reader)).await {
            Ok(Ok(frame)) => frame,
            Ok(Err(why)) => return Ended::quietly(why.to_string()),
            Err(_) => return Ended::quietly("silent for too long"),
        };
        let request: Request = match opener.open(transport, &frame) {
            Ok(request) => request,
            Err(e) => {
                let why = format!("this server cannot read that request ({e}): closing");
                tracing::warn!(conn, "refused: {why}");
                let refused = FromServer::Push(Push::Refused {
                    why: why.clone(),
                    name: None,
                });
                let told = match (serde_json::to_vec(&refused), last_word.upgrade()) {
                    (Ok(bytes), Some(outbox)) => outbox.try_send(bytes.into()).is_ok(),
                    _ => false,
                };
                return Ended { why, refused: told };
            }
        };
        match context.referee.try_send(Command::Ask { conn, request }) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => return Ended::quietly("the server is too busy"),
            Err(TrySendError::Disconnected(_)) => return Ended::quietly("the server is stopping"),
        }
    }
}

async fn write_all(
    mut writer: OwnedWriteHalf,
    mut queued: mpsc::Receiver<Arc<[u8]>>,
    transport: Arc<StatelessTransportState>,
    limits: Arc<LobbyLimits>,
) {
    let mut sealer = Sealer { nonce: 0 };
    while let Some(plain) = queued.recv().await {
        let Ok(sealed) = sealer.seal_bytes(&transport, &plain) else {
            return;
        };
        match timeout(limits.write_stall, write_frame(&mut writer, &sealed)).await {
            Ok(Ok(())) => {}
            _ => return,
        }
    }
    let _ = writer.shutdown().await;
}

async fn read_frame(reader: &mut OwnedReadHalf) -> Result<Vec<u8>, FrameError> {
    read_frame_async(reader, MAX_LOBBY_FRAME).await
}

async fn write_frame(writer: &mut OwnedWriteHalf, bytes: &[u8]) -> Result<(), FrameError> {
    write_frame_async(writer, bytes, MAX_LOBBY_FRAME).await
}
