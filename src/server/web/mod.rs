//! `brique server --lobby --web-port N`: read-only web pages of the lobby
//! (docs/server.md, "Web pages"): the games in progress, each game's board
//! (live, by Server-Sent Events), its record, the players and the
//! leaderboards. Server-rendered HTML that works without JavaScript, on
//! axum, on the server's own tokio runtime; templates are maud's, compiled
//! in. It reads the lobby's showcase and database and never writes.

mod board;
mod chart;
mod events;
mod game_page;
mod limits;
pub mod load;
mod pages;
mod read;
mod routes;
mod shown;

use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Instant;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

pub use limits::WebLimits;

use super::lobby::{Database, Showcase, Store};
use super::registry::{Held, Registry};

/// The web pages' listener, bound before the server starts (so that its
/// address is known and said), with what it serves from.
pub struct WebServer {
    listener: std::net::TcpListener,
    db: Database,
    limits: WebLimits,
}

impl WebServer {
    /// Binds `address` (port 0: any free one).
    pub fn bind(
        address: SocketAddr,
        db: Database,
        limits: WebLimits,
    ) -> std::io::Result<WebServer> {
        let listener = std::net::TcpListener::bind(address)?;
        listener.set_nonblocking(true)?;
        Ok(WebServer {
            listener,
            db,
            limits,
        })
    }

    pub fn address(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves the pages of what `showcase` shows until the process ends;
    /// run on the lobby's runtime.
    pub async fn serve(self, showcase: Showcase) {
        let db = self.db.clone();
        // Its own connection: the referee's belongs to the referee.
        let store = match tokio::task::spawn_blocking(move || Store::connect(&db)).await {
            Ok(Ok(store)) => store,
            Ok(Err(e)) => return tracing::error!("the web pages cannot open the database: {e}"),
            Err(e) => return tracing::error!("the web pages cannot open the database: {e}"),
        };
        let listener = match tokio::net::TcpListener::from_std(self.listener) {
            Ok(listener) => listener,
            Err(e) => return tracing::error!("the web pages cannot listen: {e}"),
        };
        tracing::info!(limits = ?self.limits, "web pages");
        let web = routes::Web {
            reader: read::Reader::new(store, showcase),
            streams: Registry::new(self.limits.streams()),
            drawn: events::Drawn::default(),
        };
        let admitting = Admitting {
            listener,
            registry: Registry::new(self.limits.connections()),
        };
        let app = routes::router(web).into_make_service_with_connect_info::<Peer>();
        if let Err(e) = axum::serve(admitting, app).await {
            tracing::error!("the web pages stopped: {e}");
        }
    }
}

/// The listener, counting each connection by its address as the lobby's
/// is counted; one refused is told so in HTTP and closed.
struct Admitting {
    listener: tokio::net::TcpListener,
    registry: Arc<Registry>,
}

impl axum::serve::Listener for Admitting {
    type Io = Admitted;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Admitted, SocketAddr) {
        loop {
            let (stream, peer) = super::accept(&self.listener).await;
            let now = Instant::now();
            let admitted = self
                .registry
                .admit(peer.ip(), now)
                .and_then(|held| self.registry.ask(&held, now).map(|()| held));
            match admitted {
                Ok(held) => {
                    let _ = stream.set_nodelay(true);
                    return (
                        Admitted {
                            stream,
                            _held: held,
                        },
                        peer,
                    );
                }
                Err(why) => {
                    tracing::warn!(%peer, "web: refused: {why}");
                    let body = format!("{why}.\n");
                    let answer = format!(
                        "HTTP/1.1 429 Too Many Requests\r\ncontent-type: text/plain; charset=utf-8\r\n\
                         content-length: {}\r\nconnection: close\r\n\r\n{body}",
                        body.len()
                    );
                    let _ = stream.try_write(answer.as_bytes());
                }
            }
        }
    }

    fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }
}

/// Who a request came from, for the event streams' count.
#[derive(Clone, Copy, Debug)]
pub struct Peer(pub SocketAddr);

impl axum::extract::connect_info::Connected<axum::serve::IncomingStream<'_, Admitting>> for Peer {
    fn connect_info(stream: axum::serve::IncomingStream<'_, Admitting>) -> Peer {
        Peer(*stream.remote_addr())
    }
}

/// A connection admitted, counted until it closes.
struct Admitted {
    stream: TcpStream,
    _held: Held,
}

impl AsyncRead for Admitted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Admitted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}
