//! `brique server --load N`: a load test anyone can run. It starts a relay
//! as a child process on the loopback interface (so that its memory is its
//! own), joins N pairs of simulated clients through it, and has every pair
//! exchange moves: message-sized frames of opaque bytes, as an encrypted
//! game sends, with a pause between moves as players make (the pairs'
//! moves spread over that pause). It reports the
//! connections held, the time a message takes through the relay against
//! the time it takes directly between the same sockets, and the relay's
//! peak memory.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Barrier;

use crate::net::relay::wire::{Answer, Place, Request};

/// Moves each side of a pair plays.
pub const MOVES: usize = 20;
/// The pause before each move.
pub const THINK: Duration = Duration::from_millis(100);
/// A move as it travels: the frame of an encrypted `play` message.
const MOVE_BYTES: usize = 64;

/// What the load test found.
#[derive(Clone, Debug)]
pub struct Report {
    pub pairs: usize,
    /// Connections the relay held at once, all pairs joined.
    pub held: usize,
    /// One-way times of a move, through the relay and directly.
    pub relayed: Latency,
    pub direct: Latency,
    /// The relay's peak resident memory, in kB (`VmHWM`).
    pub peak_kb: Option<u64>,
    /// The processor time the relay used, user and system.
    pub cpu: Option<Duration>,
    pub elapsed: Duration,
}

#[derive(Clone, Copy, Debug, Default)]
pub struct Latency {
    pub median: Duration,
    pub p99: Duration,
    pub count: usize,
}

impl Latency {
    pub(crate) fn of(mut times: Vec<Duration>) -> Latency {
        times.sort_unstable();
        let at = |q: f64| {
            let i = ((times.len() as f64 * q).ceil() as usize).clamp(1, times.len().max(1)) - 1;
            times.get(i).copied().unwrap_or_default()
        };
        Latency {
            median: at(0.5),
            p99: at(0.99),
            count: times.len(),
        }
    }
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let us = |d: Duration| d.as_micros();
        writeln!(
            f,
            "pairs: {} ({} moves each way, {} ms apart)",
            self.pairs,
            MOVES,
            THINK.as_millis()
        )?;
        writeln!(f, "connections held by the relay at once: {}", self.held)?;
        writeln!(
            f,
            "one-way time of a move through the relay: median {} us, p99 {} us ({} moves)",
            us(self.relayed.median),
            us(self.relayed.p99),
            self.relayed.count
        )?;
        writeln!(
            f,
            "the same, directly between two sockets: median {} us, p99 {} us",
            us(self.direct.median),
            us(self.direct.p99)
        )?;
        writeln!(
            f,
            "added by the relay: median {} us, p99 {} us",
            us(self.relayed.median.saturating_sub(self.direct.median)),
            us(self.relayed.p99.saturating_sub(self.direct.p99))
        )?;
        match self.peak_kb {
            Some(kb) => writeln!(
                f,
                "the relay's peak memory (VmHWM): {kb} kB ({} MiB)",
                kb / 1024
            )?,
            None => writeln!(f, "the relay's peak memory: unknown (no /proc)")?,
        }
        if let Some(cpu) = self.cpu {
            writeln!(f, "the relay's processor time: {:.2} s", cpu.as_secs_f64())?;
        }
        write!(f, "elapsed: {:.1} s", self.elapsed.as_secs_f64())
    }
}

/// Runs the load test with `pairs` pairs; `exe` is this program, started
/// as the relay.
pub fn run(pairs: usize, exe: &std::path::Path) -> std::io::Result<Report> {
    let started = Instant::now();
    let most = (2 * pairs + 16).to_string();
    let mut child = Command::new(exe)
        .args(["server", "--bind", "127.0.0.1", "--port", "0"])
        .args(["--max-connections", &most, "--max-per-address", &most])
        .args(["--asks-per-minute", &most])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .spawn()?;
    let result = drive(pairs, &mut child);
    let peak_kb = peak_memory_kb(child.id());
    let cpu = cpu_time(child.id());
    let _ = child.kill();
    let _ = child.wait();
    let (held, relayed, direct) = result?;
    Ok(Report {
        pairs,
        held,
        relayed,
        direct,
        peak_kb,
        cpu,
        elapsed: started.elapsed(),
    })
}

fn drive(pairs: usize, child: &mut Child) -> std::io::Result<(usize, Latency, Latency)> {
    let stdout = child
        .stdout
        .take()
        .ok_or_else(|| std::io::Error::other("no output"))?;
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line)?;
    let relay: SocketAddr = line
        .trim()
        .rsplit(' ')
        .next()
        .and_then(|a| a.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("the relay said {line:?}")))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let (held, relayed) = through_relay(relay, pairs).await?;
        let direct = direct(pairs).await?;
        Ok((held, relayed, direct))
    })
}

/// Every pair joined through the relay, then playing.
async fn through_relay(relay: SocketAddr, pairs: usize) -> std::io::Result<(usize, Latency)> {
    let joined = Arc::new(Barrier::new(pairs + 1));
    let mut games = Vec::new();
    for i in 0..pairs {
        let joined = Arc::clone(&joined);
        games.push(tokio::spawn(async move {
            let (host, guest) = join_pair(relay).await;
            joined.wait().await;
            play(host?, guest?, stagger(i, pairs)).await
        }));
    }
    joined.wait().await;
    let held = 2 * pairs;
    Ok((held, Latency::of(collect(games).await?)))
}

/// The same games over direct connections, for comparison.
async fn direct(pairs: usize) -> std::io::Result<Latency> {
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let address = listener.local_addr()?;
    let mut games = Vec::new();
    for i in 0..pairs {
        let host = TcpStream::connect(address).await?;
        let (guest, _) = listener.accept().await?;
        games.push(tokio::spawn(play(host, guest, stagger(i, pairs))));
    }
    Ok(Latency::of(collect(games).await?))
}

async fn collect(
    games: Vec<tokio::task::JoinHandle<std::io::Result<Vec<Duration>>>>,
) -> std::io::Result<Vec<Duration>> {
    let mut times = Vec::new();
    for game in games {
        times.extend(game.await.map_err(std::io::Error::other)??);
    }
    Ok(times)
}

async fn join_pair(relay: SocketAddr) -> (std::io::Result<TcpStream>, std::io::Result<TcpStream>) {
    let host = async {
        let mut host = ask(relay, Request::Host).await?;
        let Answer::Nameplate(n) = answer(&mut host).await? else {
            return Err(std::io::Error::other("no nameplate"));
        };
        Ok((host, n))
    };
    let (mut host, n) = match host.await {
        Ok(asked) => asked,
        Err(e) => return (Err(e), Err(std::io::Error::other("no host"))),
    };
    let guest = async {
        let mut guest = ask(relay, Request::Guest(Place::Nameplate(n))).await?;
        expect_paired(&mut guest).await?;
        Ok(guest)
    };
    let guest = guest.await;
    let host = expect_paired(&mut host).await.map(|()| host);
    (host, guest)
}

async fn ask(relay: SocketAddr, request: Request) -> std::io::Result<TcpStream> {
    let mut stream = TcpStream::connect(relay).await?;
    stream.set_nodelay(true)?;
    stream.write_all(format!("{request}\n").as_bytes()).await?;
    Ok(stream)
}

async fn answer(stream: &mut TcpStream) -> std::io::Result<Answer> {
    // Nothing follows an answer before the other side speaks: a buffered
    // reader loses nothing here.
    let mut line = String::new();
    tokio::io::BufReader::new(&mut *stream)
        .read_line(&mut line)
        .await?;
    Answer::parse(line.trim_end())
        .ok_or_else(|| std::io::Error::other(format!("the relay said {line:?}")))
}

async fn expect_paired(stream: &mut TcpStream) -> std::io::Result<()> {
    match answer(stream).await? {
        Answer::Paired => Ok(()),
        other => Err(std::io::Error::other(format!("the relay said {other}"))),
    }
}

/// When pair `i` of `pairs` begins: spread over one pause, as players do
/// not all move at the same instant.
fn stagger(i: usize, pairs: usize) -> Duration {
    THINK.mul_f64(i as f64 / pairs.max(1) as f64)
}

/// After `start`, `MOVES` moves each way, in turn; returns each move's
/// one-way time.
async fn play(
    mut host: TcpStream,
    mut guest: TcpStream,
    start: Duration,
) -> std::io::Result<Vec<Duration>> {
    tokio::time::sleep(start).await;
    let origin = Instant::now();
    let mut times = Vec::with_capacity(2 * MOVES);
    for _ in 0..MOVES {
        times.push(one_move(&mut host, &mut guest, origin).await?);
        times.push(one_move(&mut guest, &mut host, origin).await?);
    }
    Ok(times)
}

/// A pause, then a move from `from` to `to`: its one-way time.
async fn one_move(
    from: &mut TcpStream,
    to: &mut TcpStream,
    origin: Instant,
) -> std::io::Result<Duration> {
    tokio::time::sleep(THINK).await;
    let mut frame = [0u8; MOVE_BYTES];
    let sent = u64::try_from(origin.elapsed().as_nanos()).unwrap_or(u64::MAX);
    frame[..8].copy_from_slice(&sent.to_be_bytes());
    from.write_all(&frame).await?;
    to.read_exact(&mut frame).await?;
    let mut stamp = [0u8; 8];
    stamp.copy_from_slice(&frame[..8]);
    let sent = Duration::from_nanos(u64::from_be_bytes(stamp));
    Ok(origin.elapsed().saturating_sub(sent))
}

/// A process's peak resident memory in kB, from /proc.
pub fn peak_memory_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// A process's processor time so far (user and system), from /proc.
fn cpu_time(pid: u32) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The fields after the command's closing parenthesis; utime and stime
    // are the 14th and 15th of the line, in clock ticks.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    #[cfg(unix)]
    let per_second = rustix::param::clock_ticks_per_second();
    #[cfg(not(unix))]
    let per_second = 100;
    Some(Duration::from_secs_f64(
        ticks as f64 / per_second.max(1) as f64,
    ))
}
