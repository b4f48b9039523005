//! `brique server --lobby --web-port 0 --load N`: N watchers on one game's
//! event stream. It starts `brique server --lobby --web-port 0` as a child
//! process on the loopback interface (a database in a temporary
//! directory), two players start a game, N streams open on
//! `/game/G/events`, and the players make moves, one at a time; for each,
//! the time from the move's request to the moment the last watcher has it
//! (its stone in the stream), and the server's memory (RSS, from /proc)
//! before and with the streams open.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::core::{BoardSize, Game, Move, Rules, Variant};
use crate::online::protocol::{Ask, Pace, Push, Terms};
use crate::online::{Client, Identity};
use crate::server::load::Latency;

/// Moves played, each timed to its last watcher.
const MOVES: usize = 20;
const WAIT: Duration = Duration::from_secs(60);
const TERMS: Terms = Terms {
    size: 13,
    variant: Variant::Original,
    pie: false,
    pace: Pace::Clock {
        minutes: 30,
        increment: 0,
    },
    rated: false,
};

pub struct Report {
    pub watchers: usize,
    /// A move's request to its stone at the last watcher.
    pub last: Latency,
    /// A move's request to its stone at each watcher.
    pub each: Latency,
    pub rss_before_kb: Option<u64>,
    pub rss_with_kb: Option<u64>,
    pub peak_kb: Option<u64>,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ms = |d: Duration| d.as_secs_f64() * 1000.0;
        let mib = |kb: Option<u64>| {
            kb.map_or("unknown".to_string(), |kb| {
                format!("{:.1} MiB", kb as f64 / 1024.0)
            })
        };
        writeln!(
            f,
            "watchers: {} on one game's event stream, {} moves",
            self.watchers, self.last.count
        )?;
        writeln!(
            f,
            "a move to the last watcher: median {:.1} ms, slowest {:.1} ms (p99)",
            ms(self.last.median),
            ms(self.last.p99)
        )?;
        writeln!(
            f,
            "a move to each watcher: median {:.1} ms, p99 {:.1} ms",
            ms(self.each.median),
            ms(self.each.p99)
        )?;
        write!(
            f,
            "the server's memory (RSS): {} before the streams, {} with them; peak {}",
            mib(self.rss_before_kb),
            mib(self.rss_with_kb),
            mib(self.peak_kb)
        )
    }
}

fn failed(why: impl std::fmt::Display) -> std::io::Error {
    std::io::Error::other(why.to_string())
}

struct Child9(Child);

impl Drop for Child9 {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A line of /proc/PID/status, in kB.
fn status_kb(pid: u32, field: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Starts the server; returns it and its lobby's and web's addresses.
fn spawn(
    exe: &std::path::Path,
    dir: &std::path::Path,
    watchers: usize,
) -> std::io::Result<(Child9, SocketAddr, SocketAddr)> {
    let most = (watchers + 16).to_string();
    let mut child = Child9(
        Command::new(exe)
            .args([
                "server",
                "--bind",
                "127.0.0.1",
                "--port",
                "0",
                "--lobby",
                "--lobby-port",
                "0",
            ])
            .args(["--web-port", "0", "--web-max-per-address", &most])
            .args([
                "--web-streams-per-address",
                &most,
                "--web-connections-per-minute",
                &most,
            ])
            .arg("--db")
            .arg(dir.join("lobby.sqlite"))
            .arg("--data-dir")
            .arg(dir)
            .env("BRIQUE_LOG", "warn")
            .stdout(Stdio::piped())
            .spawn()?,
    );
    let stdout = child
        .0
        .stdout
        .take()
        .ok_or_else(|| failed("no output from the server"))?;
    let (mut lobby, mut web) = (None, None);
    for line in BufReader::new(stdout).lines() {
        let line = line?;
        if let Some(a) = line.strip_prefix("brique server: lobby on ") {
            lobby = a.parse().ok();
        }
        if let Some(a) = line.strip_prefix("brique server: web on ") {
            web = a.parse().ok();
        }
        if let (Some(lobby), Some(web)) = (lobby, web) {
            return Ok((child, lobby, web));
        }
    }
    Err(failed("the server did not say where it listens"))
}

/// One watcher: opens the stream, says when it is open, then tells the
/// time each move's stone reaches it.
async fn watch(
    web: SocketAddr,
    game: u64,
    moves: Vec<String>,
    open: mpsc::Sender<()>,
    seen: mpsc::Sender<(usize, Instant)>,
) -> std::io::Result<()> {
    let mut stream = tokio::net::TcpStream::connect(web).await?;
    let request = format!(
        "GET /game/{game}/events HTTP/1.1\r\nHost: {web}\r\nAccept: text/event-stream\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await?;
    let mut text = String::new();
    let mut buf = vec![0; 16 * 1024];
    let mut next = 0;
    let mut opened = false;
    while next < moves.len() {
        let n = tokio::time::timeout(WAIT, stream.read(&mut buf))
            .await
            .map_err(failed)??;
        if n == 0 {
            return Err(failed("a stream closed"));
        }
        text.push_str(&String::from_utf8_lossy(&buf[..n]));
        if !opened && text.contains("data: ") {
            opened = true;
            let _ = open.send(());
        }
        let marker = format!("data-square=\"{}\"", moves[next]);
        if text.contains(&marker) {
            let _ = seen.send((next, Instant::now()));
            next += 1;
            text.clear();
        }
    }
    Ok(())
}

/// Whether `/game/N` answers 200.
fn shown(web: SocketAddr, game: u64) -> bool {
    use std::io::{Read, Write};
    let Ok(mut stream) = std::net::TcpStream::connect(web) else {
        return false;
    };
    let request = format!("GET /game/{game} HTTP/1.1\r\nHost: {web}\r\nConnection: close\r\n\r\n");
    let mut head = [0; 12];
    stream.write_all(request.as_bytes()).is_ok()
        && stream.read_exact(&mut head).is_ok()
        && head.ends_with(b" 200")
}

/// The moves the load plays: a diagonal, which wins for no one.
fn moves() -> std::io::Result<Vec<Move>> {
    let size = BoardSize::new(TERMS.size).map_err(failed)?;
    let mut game = Game::new(
        size,
        Rules {
            variant: TERMS.variant,
            pie: false,
        },
        crate::core::Player::One,
    );
    let mut moves = Vec::new();
    for sq in size.squares().step_by(7) {
        if moves.len() == MOVES || game.is_over() {
            break;
        }
        if game.position().get(sq).is_none() && game.play(Move::Place(sq)).is_ok() {
            moves.push(Move::Place(sq));
        }
    }
    Ok(moves)
}

/// Runs the load with `watchers` streams; `exe` is this program.
pub fn run(watchers: usize, exe: &std::path::Path) -> std::io::Result<Report> {
    let dir = tempfile::tempdir()?;
    let (server, lobby, web) = spawn(exe, dir.path(), watchers)?;
    let known = dir.path().join(crate::online::KNOWN_SERVERS_FILE);
    let connect = |name: &str| {
        Client::connect(
            lobby,
            &Identity::generate().map_err(failed)?,
            Some(name),
            &known,
        )
        .map(|(c, _)| c)
        .map_err(failed)
    };
    let (mut one, mut two) = (connect("seeker")?, connect("taker")?);
    one.request(Ask::Seek { terms: TERMS }, WAIT)
        .map_err(failed)?;
    let seek = two
        .wait_for(WAIT, |p| match p {
            Push::Seeks { seeks } => seeks.first().map(|s| s.seek),
            _ => None,
        })
        .map_err(failed)?;
    two.request(Ask::Accept { seek }, WAIT).map_err(failed)?;
    let (game, black) = one
        .wait_for(WAIT, |p| match p {
            Push::Started { state } => Some((state.game, state.black)),
            _ => None,
        })
        .map_err(failed)?;
    // A new game shows once the referee publishes its lists (500 ms).
    let began = Instant::now();
    while !shown(web, game.0) {
        if began.elapsed() > WAIT {
            return Err(failed("the game never showed on the web"));
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let rss_before_kb = status_kb(server.0.id(), "VmRSS:");
    let moves = moves()?;
    let texts: Vec<String> = moves.iter().map(ToString::to_string).collect();
    let runtime = super::super::runtime(2)?;
    let (open, opened) = mpsc::channel();
    let (seen, saw) = mpsc::channel();
    let tasks: Vec<_> = (0..watchers)
        .map(|_| {
            runtime.spawn(watch(
                web,
                game.0,
                texts.clone(),
                open.clone(),
                seen.clone(),
            ))
        })
        .collect();
    drop((open, seen));
    for _ in 0..watchers {
        opened
            .recv_timeout(WAIT)
            .map_err(|_| failed("a stream did not open"))?;
    }
    let rss_with_kb = status_kb(server.0.id(), "VmRSS:");
    let mut last = Vec::new();
    let mut each = Vec::new();
    let mut players = [&mut one, &mut two];
    let first_mover = if black == crate::core::Player::One {
        0
    } else {
        1
    };
    for (ply, mv) in texts.iter().enumerate() {
        let client = &mut players[(first_mover + ply) % 2];
        let sent = Instant::now();
        let ply = u16::try_from(ply).map_err(failed)?;
        client
            .request(
                Ask::Move {
                    game,
                    ply,
                    mv: mv.clone(),
                },
                WAIT,
            )
            .map_err(failed)?;
        let mut latest = sent;
        for _ in 0..watchers {
            let (_, at) = saw
                .recv_timeout(WAIT)
                .map_err(|_| failed("a watcher missed a move"))?;
            each.push(at.saturating_duration_since(sent));
            latest = latest.max(at);
        }
        last.push(latest - sent);
    }
    let peak_kb = status_kb(server.0.id(), "VmHWM:");
    for task in tasks {
        task.abort();
    }
    runtime.shutdown_timeout(Duration::from_secs(1));
    drop(server);
    Ok(Report {
        watchers,
        last: Latency::of(last),
        each: Latency::of(each),
        rss_before_kb,
        rss_with_kb,
        peak_kb,
    })
}
