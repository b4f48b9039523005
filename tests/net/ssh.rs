//! `brique server --ssh-port` driven by a real OpenSSH client (`ssh`,
//! installed where missing: tests/common/programs.rs) in a pseudo-terminal: the board
//! appears, a stone is placed with the arrow keys and Enter, a resize
//! redraws, a dropped connection's game comes back to the same key, a
//! guest finds nothing of it; and the limits are told, not just applied.
//! Every wait has a deadline; the server is killed when a test ends.

#![cfg(unix)]

use std::time::{Duration, Instant};

use crate::ssh_support::{Running, SshServer, fingerprint, memory_kb, new_key, wait_gone};

const UP: &[u8] = b"\x1b[A";
const LEFT: &[u8] = b"\x1b[D";
const RIGHT: &[u8] = b"\x1b[C";

/// From a new connection to the board: a new player (or a guest) is
/// welcomed first, and chooses two players at one keyboard.
fn to_board(player: &mut Running) {
    player.wait_for("the welcome or the board", |s| {
        s.contains("Welcome to Brique") || s.contains("Player 1 to play")
    });
    if player.screen().contents().contains("Welcome to Brique") {
        player.send(b"t");
        player.wait_for("the board", |s| s.contains("Player 1 to play"));
    }
}

/// The screen's last row has something on it: the frame fills the
/// terminal's height.
fn last_row_drawn(player: &Running) -> bool {
    let (rows, cols) = player.screen().size();
    let last = player
        .screen()
        .rows(0, cols.get())
        .nth(usize::from(rows.get()) - 1);
    last.is_some_and(|row| !row.trim().is_empty())
}

#[test]
fn a_key_plays_resizes_drops_and_resumes_and_a_guest_finds_nothing_of_it() {
    let dir = tempfile::tempdir().unwrap();
    let server = SshServer::start(dir.path(), &[]);
    assert!(
        server.fingerprint.starts_with("SHA256:"),
        "{}",
        server.fingerprint
    );
    let key = new_key(dir.path(), "alice");

    let mut alice = server.connect(Some(&key));
    to_board(&mut alice);
    alice.send(&[UP, LEFT, b"\r"].concat());
    alice.wait_for("the stone placed", |s| {
        s.contains("1. ●") && s.contains("Player 2 to play")
    });

    // The terminal grows: ssh sends window-change, the game draws anew.
    alice.resize(40, 120);
    alice.wait_until("a frame as tall as the terminal", |a| {
        last_row_drawn(a) && a.screen().contents().contains("1. ●")
    });

    // The link drops (the client killed): the server saves the game.
    alice.signal("KILL");
    wait_gone(&mut alice);
    server.wait_log("game ended", 1);
    let players = server.players();
    assert_eq!(players.len(), 1, "{players:?}");
    let digest = fingerprint(&key)
        .replace("SHA256:", "")
        .replace('/', "_")
        .replace('+', "-");
    assert!(
        players[0].ends_with(format!("sha256-{digest}")),
        "{players:?} is named by the key's fingerprint"
    );

    // The same key comes back to its game.
    let mut again = server.connect(Some(&key));
    again.wait_for("the game resumed", |s| s.contains("1. ●"));
    again.signal("KILL");
    wait_gone(&mut again);
    server.wait_log("game ended", 2);

    // A guest (no key offered) plays a game of their own, and keeps nothing.
    let mut guest = server.connect(None);
    to_board(&mut guest);
    assert!(
        !guest.screen().contents().contains("1. ●"),
        "the guest sees nothing of alice's game:\n{}",
        guest.screen().contents()
    );
    guest.signal("KILL");
    wait_gone(&mut guest);
    server.wait_log("game ended", 3);
    assert!(server.log_text().contains("player=guest"));
    assert_eq!(server.players().len(), 1, "a guest leaves no directory");
}

#[test]
fn a_session_without_a_terminal_and_a_connection_past_the_limit_are_told_why() {
    let dir = tempfile::tempdir().unwrap();
    let server = SshServer::start(dir.path(), &["--ssh-max-per-address", "2"]);
    let key = new_key(dir.path(), "bob");

    // A command and no terminal: one line, then the channel closes.
    let out = server.run_ssh(Some(&key), &["127.0.0.1", "ls"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        brique::server::ssh::NEEDS_TERMINAL,
        "{out:?}"
    );
    server.wait_log("SSH connection closed", 1);

    // Two at once from 127.0.0.1 is the limit here: a third is refused
    // with the reason, before anything of the game starts.
    let mut first = server.connect(Some(&key));
    to_board(&mut first);
    let mut second = server.connect(None);
    to_board(&mut second);
    let third = server.run_ssh(Some(&key), &["-tt", "127.0.0.1"]);
    assert_eq!(third.status.code(), Some(255), "{third:?}");
    let said = String::from_utf8_lossy(&third.stderr);
    assert!(
        said.contains("Brique: too many connections from your address (2 at most)"),
        "{said}"
    );
    for mut player in [first, second] {
        player.signal("KILL");
        wait_gone(&mut player);
    }
}

#[test]
fn an_idle_game_is_saved_and_closed_with_a_word() {
    let dir = tempfile::tempdir().unwrap();
    // Six seconds without a key.
    let server = SshServer::start(dir.path(), &["--ssh-idle-minutes", "0.1"]);
    let key = new_key(dir.path(), "carol");
    let mut carol = server.connect(Some(&key));
    to_board(&mut carol);
    carol.send(b"\r");
    carol.wait_for("the stone placed", |s| s.contains("1. ●"));
    // Then nothing: the server closes the game, says why, and ssh ends.
    carol.wait_for("the word on closing", |s| {
        s.contains("closed after a long time without a key")
    });
    assert!(
        !carol.screen().alternate_screen(),
        "the game gave the terminal back"
    );
    wait_gone(&mut carol);
    server.wait_log("ended=Idle", 1);
    let mut again = server.connect(Some(&key));
    again.wait_for("the game saved", |s| s.contains("1. ●"));
    again.signal("KILL");
    wait_gone(&mut again);
}

/// Median and 99th percentile.
fn percentiles(mut times: Vec<Duration>) -> (Duration, Duration) {
    times.sort_unstable();
    let at = |q: f64| times[((times.len() as f64 * q).ceil() as usize).clamp(1, times.len()) - 1];
    (at(0.5), at(0.99))
}

/// Twenty players at once: the server's memory for them and how long a key
/// takes to come back as a frame. A measurement, not a test of speed:
/// `cargo test --release --test net ssh_sessions_at_once -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement (docs/server.md, SSH): run it with --ignored --nocapture"]
fn twenty_ssh_sessions_at_once() {
    const SESSIONS: usize = 20;
    const KEYS: usize = 40;
    let dir = tempfile::tempdir().unwrap();
    let server = SshServer::start(dir.path(), &["--ssh-max-per-address", "32"]);
    std::thread::sleep(Duration::from_millis(500));
    let (idle_kb, _) = memory_kb(server.pid());
    let players: Vec<Running> = (0..SESSIONS)
        .map(|i| {
            let key = new_key(dir.path(), &format!("player{i}"));
            let mut player = server.connect(Some(&key));
            to_board(&mut player);
            player
        })
        .collect();
    let (playing_kb, _) = memory_kb(server.pid());
    let started = Instant::now();
    let threads: Vec<_> = players
        .into_iter()
        .map(|mut player| {
            std::thread::spawn(move || {
                let mut times = Vec::new();
                for i in 0..KEYS {
                    let before = player.received.len();
                    let sent = Instant::now();
                    player.send(if i % 2 == 0 { RIGHT } else { LEFT });
                    player.wait_until("the frame after a key", |p| p.received.len() > before);
                    times.push(sent.elapsed());
                    // The rest of the frame, and a pause as a player's.
                    player.output_during(Duration::from_millis(100));
                }
                player.signal("KILL");
                times
            })
        })
        .collect();
    let times: Vec<Duration> = threads
        .into_iter()
        .flat_map(|t| t.join().unwrap())
        .collect();
    let (_, peak_kb) = memory_kb(server.pid());
    let (median, p99) = percentiles(times.clone());
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "{SESSIONS} SSH sessions: server memory {idle_kb} kB idle, {playing_kb} kB with all \
         playing ({} kB a session), peak {peak_kb} kB; {} keys in {:.1} s, key to frame \
         median {:.1} ms, p99 {:.1} ms; load average {}",
        playing_kb.saturating_sub(idle_kb) / SESSIONS as u64,
        times.len(),
        started.elapsed().as_secs_f64(),
        median.as_secs_f64() * 1000.0,
        p99.as_secs_f64() * 1000.0,
        load.trim()
    );
}

/// From the board to the Online screen, connected as `name`: the server
/// is this one's lobby and cannot be typed, the name is asked at the first
/// connection.
fn online_as(player: &mut Running, name: &str) {
    player.send(b"d");
    player.wait_for("the connect form", |s| {
        s.contains("Play online") && s.contains("this server's lobby")
    });
    // Tab stays on the name, whose field is emptied and typed.
    player.send(b"\t");
    player.send(&[0x7f; 30]);
    player.send(name.as_bytes());
    player.send(b"\r");
    player.wait_for("connected", |s| {
        s.contains(&format!("as {name}")) && s.contains("Seeks")
    });
}

/// Waits until `player`'s panel says whose turn move `n` is, and says it.
fn to_play(player: &mut Running, n: usize, names: [&str; 2]) -> usize {
    let turn = |s: &str, name: &str| s.contains(&format!("Move {n} · {name} to play"));
    player.wait_for(&format!("move {n}'s turn"), |s| {
        names.iter().any(|name| turn(s, name))
    });
    let screen = player.screen().contents();
    usize::from(turn(&screen, names[1]))
}

#[test]
fn two_ssh_players_find_each_other_in_the_lobby_and_play_a_game_to_the_end() {
    use brique::core::{BoardSize, Game, Player, Rules};

    let dir = tempfile::tempdir().unwrap();
    // One lobby connection per address for everyone else: the two SSH
    // players' screens both come from 127.0.0.1, counted apart (only in
    // all), or the second would be refused.
    let server = SshServer::start(
        dir.path(),
        &["--lobby", "--lobby-port", "0", "--max-per-address", "1"],
    );
    let (ann_key, bob_key) = (new_key(dir.path(), "ann"), new_key(dir.path(), "bob"));
    let mut ann = server.connect(Some(&ann_key));
    let mut bob = server.connect(Some(&bob_key));
    to_board(&mut ann);
    to_board(&mut bob);
    online_as(&mut ann, "ann");
    online_as(&mut bob, "bob");

    // Ann seeks a rated 5×5 game (the board's size stepped down to its
    // least); Bob sees it and accepts.
    ann.send(b"n");
    ann.wait_for("the seek form", |s| s.contains("Seek a game"));
    ann.send(&LEFT.repeat(10));
    ann.wait_for("5×5 chosen", |s| s.contains("‹ 5×5 ›"));
    ann.send(b"\r");
    ann.wait_for("the seek made", |s| s.contains("Seeking"));
    bob.wait_for("Ann's seek", |s| s.contains("ann") && s.contains("5×5"));
    bob.send(b"\r");

    // Both boards; moves by keys (`:` and the square, Enter, Enter), each
    // from the one whose turn the screen says it is, to the end.
    let names = ["ann", "bob"];
    let mut game = Game::new(BoardSize::new(5).unwrap(), Rules::default(), Player::One);
    let mut last = 0;
    while !game.is_over() {
        let n = game.history().len() + 1;
        let mover = to_play(&mut ann, n, names);
        assert_eq!(to_play(&mut bob, n, names), mover, "both say the same");
        let mv = crate::lobby_support::some_move(&game);
        game.play(mv).unwrap();
        last = mover;
        let player = if mover == 0 { &mut ann } else { &mut bob };
        player.send(format!(":{mv}\r\r").as_bytes());
        assert!(n <= 25, "a 5×5 game ends by its 25th move");
    }
    // The move that connects wins.
    let winner = names[last];
    let moves = game.history().len();
    for player in [&mut ann, &mut bob] {
        player.wait_for("the result", |s| {
            s.contains(&format!("{winner} won in {moves} moves"))
                && s.contains(&format!("{winner} ("))
                && s.contains("wins!")
        });
    }
    // Rated: the ratings moved, and each key's lobby identity is its own,
    // kept in that key's folder.
    ann.wait_for("the rating change", |s| s.contains("ann 1500 →"));
    let keys: Vec<_> = server
        .players()
        .iter()
        .map(|p| p.join("data/online.key"))
        .filter(|k| k.is_file())
        .collect();
    assert_eq!(keys.len(), 2, "{:?}", server.players());
    for mut player in [ann, bob] {
        player.signal("KILL");
        wait_gone(&mut player);
    }
    // Ann's key comes back: the same lobby player, connected at once.
    let mut again = server.connect(Some(&ann_key));
    again.wait_for("connected as ann", |s| s.contains("as ann"));
    again.send(b"d");
    again.wait_for("the Online screen, no form", |s| {
        s.contains("Seeks") && !s.contains("Play online")
    });
    again.signal("KILL");
    wait_gone(&mut again);
}

/// `ssh -tt HOST screen-reader`: the line mode in the server, its line
/// edited there (a backspace takes back a typo), a stone placed and the
/// board read, and never an escape byte from the server.
#[test]
fn the_line_mode_over_ssh_places_a_stone_and_reads_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let server = SshServer::start(dir.path(), &[]);
    let key = new_key(dir.path(), "reader");
    let mut cmd = portable_pty::CommandBuilder::new("ssh");
    cmd.args(["-o", "LogLevel=ERROR"]);
    cmd.args(server.ssh_args(Some(&key)));
    cmd.args(["-tt", "127.0.0.1", "screen-reader"]);
    cmd.env("TERM", "xterm-256color");
    let mut player = crate::screen_support::run_in_pty(cmd);
    player.wait_for("the greeting", |s| s.contains("screen-reader mode"));
    player.send(b"new people 9\r");
    player.wait_for("the new game", |s| s.contains("New game: 9 by 9"));
    player.send(b"e6\x7f5\r");
    player.wait_for("the stone", |s| s.contains("Black e5"));
    player.send(b"board\n");
    player.wait_for("the board", |s| {
        s.contains("5: a5 to d5 empty, e5 Black, f5 to i5 empty") && s.contains("1: empty")
    });
    player.send(b"quit\r");
    player.wait_for("the goodbye", |s| s.contains("Goodbye."));
    let status = player.wait_exit();
    assert!(status.success(), "{status:?}");
    assert!(
        !player.received.contains(&0x1b),
        "an escape byte: {:?}",
        String::from_utf8_lossy(&player.received)
    );
}
