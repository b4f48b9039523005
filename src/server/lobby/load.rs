//! `brique server --lobby --load N`: a load test of the lobby anyone can
//! run. It starts `brique server --lobby` as a child process on the
//! loopback interface with a database in a temporary directory (so that
//! its memory and its disk writes are its own), connects N simulated
//! players (each its own key), pairs them by seeks, and has every pair
//! play a rated game on a 9×9 board to its end at once, a pause before
//! each move as players make. It reports the games held at once, the
//! moves a second the server took, the time a move takes to be accepted
//! (checked by the core, stored, answered), and the server's peak memory.
//!
//! On PostgreSQL it can start K servers over the one database (`--servers
//! K`), sharing one key as a lobby's servers do; player i sits on server
//! i mod K, so with two servers or more the two players of every pair sit
//! on different servers ([`server_of`]): each seek is made on one server and
//! taken on another, and every move crosses between them.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use crate::core::{BoardSize, Game, Move, Rules, Variant};
use crate::online::protocol::{Ask, Pace, Push, Terms};
use crate::online::{Client, Identity, Incoming};
use crate::server::load::Latency;

/// The pause before each move.
pub const THINK: Duration = Duration::from_millis(50);
const WAIT: Duration = Duration::from_secs(60);
const TERMS: Terms = Terms {
    size: 9,
    variant: Variant::Original,
    pie: false,
    pace: Pace::Clock {
        minutes: 30,
        increment: 0,
    },
    rated: true,
};

/// What the load test found.
#[derive(Clone, Debug)]
pub struct Report {
    pub players: usize,
    /// The servers over the one database.
    pub servers: usize,
    pub games: usize,
    pub moves: usize,
    /// From the first move to the last game's end.
    pub playing: Duration,
    pub accepted: Latency,
    /// Each server's peak memory.
    pub peak_kb: Vec<Option<u64>>,
    pub db_bytes: u64,
    pub elapsed: Duration,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let us = |d: Duration| d.as_micros();
        writeln!(
            f,
            "players: {} ({} rated 9x9 games at once, {} ms before each move), {} server{}",
            self.players,
            self.games,
            THINK.as_millis(),
            self.servers,
            if self.servers == 1 {
                ""
            } else {
                "s over one database"
            }
        )?;
        let per_second = self.moves as f64 / self.playing.as_secs_f64().max(1e-6);
        writeln!(
            f,
            "moves accepted: {} in {:.1} s, {per_second:.0} a second",
            self.moves,
            self.playing.as_secs_f64()
        )?;
        writeln!(
            f,
            "a move's time to acceptance (checked, stored, answered): median {} us, p99 {} us",
            us(self.accepted.median),
            us(self.accepted.p99)
        )?;
        let peaks: Option<Vec<u64>> = self.peak_kb.iter().copied().collect();
        match peaks.as_deref() {
            Some([kb]) => writeln!(
                f,
                "the server's peak memory (VmHWM): {kb} kB ({} MiB)",
                kb / 1024
            )?,
            Some(each) => {
                let listed: Vec<String> =
                    each.iter().map(|kb| format!("{} MiB", kb / 1024)).collect();
                let all: u64 = each.iter().sum();
                writeln!(
                    f,
                    "the servers' peak memory (VmHWM): {} ({} MiB in all)",
                    listed.join(", "),
                    all / 1024
                )?;
            }
            None => writeln!(f, "the server's peak memory: unknown (no /proc)")?,
        }
        writeln!(f, "the database after: {} kB", self.db_bytes / 1024)?;
        write!(f, "elapsed: {:.1} s", self.elapsed.as_secs_f64())
    }
}

struct Child9(Child);

impl Drop for Child9 {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn failed(why: impl std::fmt::Display) -> std::io::Error {
    std::io::Error::other(why.to_string())
}

/// The server of the `servers` that player `i` connects to:
/// player i on server i mod `servers`: the two players of a pair (2j,
/// 2j + 1) on two servers whenever there are two.
pub fn server_of(i: usize, servers: usize) -> usize {
    i % servers.max(1)
}

/// Runs the load test with `players` players (an even number is used);
/// `exe` is this program, started as the server, on a new SQLite file, or
/// on `postgres` (a database URL) when given, as `servers` servers
/// sharing it and one key (more than one only on PostgreSQL).
pub fn run(
    players: usize,
    exe: &std::path::Path,
    postgres: Option<&str>,
    servers: usize,
) -> std::io::Result<Report> {
    let started = Instant::now();
    let players = players / 2 * 2;
    if servers == 0 || (servers > 1 && postgres.is_none()) {
        return Err(failed(
            "more than one server needs a PostgreSQL database (--db postgres://…)",
        ));
    }
    let dir = tempfile::tempdir()?;
    let file = dir.path().join("lobby.sqlite");
    let db = postgres.map_or_else(|| file.clone().into_os_string(), Into::into);
    let key = dir.path().join(super::SERVER_KEY_FILE);
    let key = key.to_string_lossy().into_owned();
    // Names of their own, so that a database used before takes them.
    let tag = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() % 1_000_000);
    let most = (players + 16).to_string();
    let asks = (2 * players + 60).to_string();
    let extra = ["--max-connections", &most, "--max-per-address", &most];
    let mut started_servers = Vec::new();
    for k in 0..servers {
        let data_dir = dir.path().join(format!("server{k}"));
        let data_dir = data_dir.to_string_lossy().into_owned();
        let (child, address) = spawn_server(
            exe,
            std::path::Path::new(&db),
            &[
                &extra[..],
                &["--asks-per-minute", &asks, "--registrations-per-day", &most],
                &["--data-dir", &data_dir, "--server-key", &key],
            ]
            .concat(),
        )?;
        started_servers.push((Child9(child), address));
    }
    let addresses: Vec<SocketAddr> = started_servers.iter().map(|(_, a)| *a).collect();
    let all_started = Arc::new(Barrier::new(players));
    let known = dir.path().join(crate::online::KNOWN_SERVERS_FILE);
    let threads: Vec<_> = (0..players)
        .map(|i| {
            let barrier = Arc::clone(&all_started);
            let known = known.clone();
            let address = addresses[server_of(i, servers)];
            std::thread::spawn(move || play(address, &known, (tag, i), &barrier))
        })
        .collect();
    let mut times = Vec::new();
    let mut first = None::<Instant>;
    let mut last = None::<Instant>;
    for thread in threads {
        let (moved, began, ended) = thread.join().map_err(|_| failed("a player failed"))??;
        times.extend(moved);
        first = Some(first.map_or(began, |f| f.min(began)));
        last = Some(last.map_or(ended, |l| l.max(ended)));
    }
    let peak_kb = started_servers
        .iter()
        .map(|(child, _)| peak_kb(child.0.id()))
        .collect();
    drop(started_servers);
    let db_bytes = match postgres {
        Some(url) => postgres_bytes(url),
        None => ["", "-wal"]
            .iter()
            .filter_map(|end| std::fs::metadata(format!("{}{end}", file.display())).ok())
            .map(|m| m.len())
            .sum(),
    };
    Ok(Report {
        players,
        servers,
        games: players / 2,
        moves: times.len(),
        playing: last.zip(first).map_or(Duration::ZERO, |(l, f)| l - f),
        accepted: Latency::of(times),
        peak_kb,
        db_bytes,
        elapsed: started.elapsed(),
    })
}

type Played = (Vec<Duration>, Instant, Instant);

/// The size of the PostgreSQL database at `url` (0 if it cannot be read).
fn postgres_bytes(url: &str) -> u64 {
    postgres::Client::connect(url, postgres::NoTls)
        .and_then(|mut db| db.query_one("SELECT pg_database_size(current_database())", &[]))
        .and_then(|row| row.try_get::<_, i64>(0))
        .map_or(0, i64::unsigned_abs)
}

/// Player `i` of run `tag`: seeks (even) or accepts its partner's seek
/// (odd), then plays random moves to the game's end. Returns its moves' times.
fn play(
    address: SocketAddr,
    known: &std::path::Path,
    (tag, i): (u128, usize),
    all_started: &Barrier,
) -> std::io::Result<Played> {
    let (mut client, _) = Client::connect(
        address,
        &Identity::generate().map_err(failed)?,
        Some(&format!("load{tag}x{i}")),
        known,
    )
    .map_err(failed)?;
    let partner = format!("load{tag}x{}", i - i % 2);
    if i.is_multiple_of(2) {
        client
            .request(Ask::Seek { terms: TERMS }, WAIT)
            .map_err(failed)?;
    } else {
        let seek = client
            .wait_for(WAIT, |p| match p {
                Push::Seeks { seeks } => seeks.iter().find(|s| s.by == partner).map(|s| s.seek),
                _ => None,
            })
            .map_err(failed)?;
        client.request(Ask::Accept { seek }, WAIT).map_err(failed)?;
    }
    // Both players are told of the start, with who holds Black.
    let (game, black) = client
        .wait_for(WAIT, |p| match p {
            Push::Started { state } => Some((state.game, state.black)),
            _ => None,
        })
        .map_err(failed)?;
    // Every game is in progress before the first move.
    all_started.wait();
    let began = Instant::now();
    let seat = i % 2;
    let size = BoardSize::new(TERMS.size).map_err(failed)?;
    let rules = Rules {
        variant: TERMS.variant,
        pie: TERMS.pie,
    };
    let mut current = Game::new(size, rules, black);
    let mut random = 0x9e37_79b9_7f4a_7c15_u64 ^ (i as u64).wrapping_mul(0x2545_f491_4f6c_dd1d);
    let mut times = Vec::new();
    loop {
        if current.is_over() {
            break;
        }
        if current.player_to_move().index() == seat {
            std::thread::sleep(THINK);
            random ^= random << 13;
            random ^= random >> 7;
            random ^= random << 17;
            let position = current.position();
            let empty: Vec<_> = size
                .squares()
                .filter(|&sq| position.get(sq).is_none())
                .collect();
            let square = empty[usize::try_from(random % empty.len() as u64).unwrap_or(0)];
            let ply = u16::try_from(current.history().len()).unwrap_or(u16::MAX);
            let sent = Instant::now();
            let mv = Move::Place(square).to_string();
            client
                .request(Ask::Move { game, ply, mv }, WAIT)
                .map_err(failed)?;
            times.push(sent.elapsed());
            current.play(Move::Place(square)).map_err(failed)?;
        } else {
            match client.next(WAIT) {
                // One's own moves come back too: only the next one counts.
                Some(Incoming::Push(Push::Moved {
                    game: g, ply, mv, ..
                })) if g == game && usize::from(ply) == current.history().len() => {
                    let mv: Move = mv.parse().map_err(failed)?;
                    current.play(mv).map_err(failed)?;
                }
                Some(Incoming::Push(Push::Ended { game: g, .. })) if g == game => break,
                Some(Incoming::Closed(why)) => return Err(failed(why)),
                Some(_) => {}
                None => return Err(failed("no move from the other player in time")),
            }
        }
    }
    Ok((times, began, Instant::now()))
}

/// Starts `exe server --lobby` on 127.0.0.1, free ports, with the
/// database `db` and `extra` arguments; returns it and the lobby's address
/// once it listens. Its log (warnings) goes to standard error.
pub fn spawn_server(
    exe: &std::path::Path,
    db: &std::path::Path,
    extra: &[&str],
) -> std::io::Result<(Child, SocketAddr)> {
    let mut child = Command::new(exe)
        .args(["server", "--bind", "127.0.0.1", "--port", "0", "--lobby"])
        // Any free port, unless `extra` names one.
        .args(if extra.contains(&"--lobby-port") {
            &[][..]
        } else {
            &["--lobby-port", "0"][..]
        })
        .args(extra)
        .arg("--db")
        .arg(db)
        .env("BRIQUE_LOG", "warn")
        .stdout(Stdio::piped())
        .spawn()?;
    let stdout = child
        .stdout
        .take()
        .ok_or_else(|| failed("no output from the server"))?;
    let mut address = None;
    for line in BufReader::new(stdout).lines() {
        if let Some(a) = line?.strip_prefix("brique server: lobby on ") {
            address = a.parse::<SocketAddr>().ok();
            break;
        }
    }
    match address {
        Some(address) => Ok((child, address)),
        None => {
            let _ = child.kill();
            let _ = child.wait();
            Err(failed("the server did not say where it listens"))
        }
    }
}

/// A process's peak resident memory, from /proc (Linux).
fn peak_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_players_are_spread_over_the_servers_each_pair_across_two() {
        let on: Vec<usize> = (0..8).map(|i| server_of(i, 3)).collect();
        assert_eq!(on, [0, 1, 2, 0, 1, 2, 0, 1]);
        for servers in 2..=4 {
            for pair in 0..6 {
                let (a, b) = (
                    server_of(2 * pair, servers),
                    server_of(2 * pair + 1, servers),
                );
                assert_ne!(a, b, "pair {pair} over {servers} servers");
            }
        }
        assert!((0..8).all(|i| server_of(i, 1) == 0));
        assert_eq!(server_of(5, 0), 0);
    }
}
