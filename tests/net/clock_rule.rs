//! One clock rule everywhere (docs/protocol.md, "The clock rule"): the
//! same `1+2` game, with the same waits before each move, played on one
//! machine, between friends over a direct link and on the lobby, reads the
//! same clocks after every move. Locally and between friends the time is
//! passed by hand, so the readings are exact; the lobby is a real server,
//! whose clock runs on real time.

use std::time::Duration;

use crate::app::{config, playing_in, tick_both};
use crate::lobby_support::{Server, ask, connect, replay, wait_push};
use brique::app::{Action, App, Config, Direction, Mode};
use brique::core::{Color, Player};
use brique::online::protocol::{Answer, Ask, Pace, Push, Terms};

const CONTROL: &str = "1+2";

/// Each move: the time its player takes before making it, and the move.
/// The first two are each side's first move (the swap is Player 2's): they
/// cost nothing, however long the wait.
const SCENARIO: [(u64, &str); 4] = [(2_000, "c3"), (2_000, "swap"), (1_000, "d3"), (500, "b3")];

/// The rule's clocks after each move, Player 1's and Player 2's, in ms:
/// a minute and 2 s each, 2 s more a move, the third and fourth moves'
/// waits charged.
const EXPECTED: [[u64; 2]; 4] = [
    [64_000, 62_000],
    [64_000, 64_000],
    [65_000, 64_000],
    [65_000, 65_500],
];

/// On the lobby a move is charged the wait and its trip to the server (the
/// server's turn starts before the mover is told the move before it, and
/// ends when the move arrives): never less, and within this more on any
/// machine that runs the tests. The first moves' waits (2 s) are larger,
/// so a first move charged would show.
const TRIP: Duration = Duration::from_millis(1_000);

fn timed(config: &mut Config) {
    config.game.clock = CONTROL.parse().ok();
    config.engine.mode = Mode::HumanVsHuman;
}

/// Plays `mv` at the board of `app`: a swap, or a stone on row 3 (the
/// cursor's row on 5×5), reached from the left edge.
fn make(app: &mut App, mv: &str) {
    if mv == "swap" {
        app.update(Action::Swap);
        return;
    }
    let column = mv.as_bytes()[0] - b'a';
    assert_eq!(&mv[1..], "3", "{mv}");
    for _ in 0..5 {
        app.update(Action::MoveCursor(Direction::Left));
    }
    for _ in 0..column {
        app.update(Action::MoveCursor(Direction::Right));
    }
    app.update(Action::Place);
}

/// The clocks `app` shows, Player 1's and Player 2's, in ms.
fn shown(app: &App) -> [u64; 2] {
    let mut left = [0; 2];
    for face in app.clock_faces().expect("the game has clocks") {
        left[face.player.index()] = u64::try_from(face.left.as_millis()).unwrap();
    }
    left
}

fn moves(app: &App) -> Vec<String> {
    app.game().moves().map(|m| m.to_string()).collect()
}

/// On one machine: both players at one screen, the time passed by hand.
fn local() -> Vec<[u64; 2]> {
    let mut config = config();
    timed(&mut config);
    let mut app = App::with_config(config);
    app.pass_time(Duration::ZERO);
    app.update(Action::NewGame);
    let mut readings = Vec::new();
    for (ply, (wait, mv)) in SCENARIO.into_iter().enumerate() {
        app.pass_time(Duration::from_millis(wait));
        make(&mut app, mv);
        assert_eq!(moves(&app).len(), ply + 1, "{mv} not played");
        readings.push(shown(&app));
    }
    assert_eq!(moves(&app), SCENARIO.map(|(_, mv)| mv));
    readings
}

/// Between friends: Ann hosts (Player 1), Bob joins; the host's clocks
/// count, the time passed on them by hand; the readings the guest is sent.
fn friends() -> Vec<[u64; 2]> {
    let mut anns = config();
    timed(&mut anns);
    let (mut host, mut guest) = playing_in(anns, None);
    host.pass_time(Duration::ZERO);
    guest.pass_time(Duration::ZERO);
    let mut readings = Vec::new();
    for (ply, (wait, mv)) in SCENARIO.into_iter().enumerate() {
        host.pass_time(Duration::from_millis(wait));
        let mover = if ply % 2 == 0 { &mut host } else { &mut guest };
        make(mover, mv);
        tick_both(&mut host, &mut guest, "the move and its clocks", |h, g| {
            moves(h).len() == ply + 1 && moves(g) == moves(h) && shown(g) == shown(h)
        });
        readings.push(shown(&guest));
    }
    assert_eq!(moves(&host), SCENARIO.map(|(_, mv)| mv));
    readings
}

/// On the lobby: Ann seeks (Player 1, Black: the first seek's), Bob
/// accepts; each waits, then moves; the readings the `moved` pushes carry.
fn lobby() -> Vec<[u64; 2]> {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(dir.path());
    let (mut ann, _) = connect(&server, dir.path(), "ann");
    let (mut bob, _) = connect(&server, dir.path(), "bob");
    let terms = Terms {
        size: 5,
        variant: brique::core::Variant::Original,
        pie: true,
        pace: Pace::Clock {
            minutes: 1,
            increment: 2,
        },
        rated: false,
    };
    let Answer::Seeking { seek } = ask(&mut ann, Ask::Seek { terms }) else {
        panic!("no seek");
    };
    let Answer::Started { game } = ask(&mut bob, Ask::Accept { seek }) else {
        panic!("not started");
    };
    let state = wait_push(&mut ann, "the game's start", |p| match p {
        Push::Started { state } if state.game == game => Some(state.clone()),
        _ => None,
    });
    assert_eq!(state.black, Player::One, "Ann opens");
    let mut core = replay(&state);
    let mut readings = Vec::new();
    for (ply, (wait, mv)) in SCENARIO.into_iter().enumerate() {
        let mover = if ply % 2 == 0 { &mut ann } else { &mut bob };
        std::thread::sleep(Duration::from_millis(wait));
        let ply = u16::try_from(ply).unwrap();
        let asked = Ask::Move {
            game,
            ply,
            mv: mv.into(),
        };
        assert_eq!(ask(mover, asked), Answer::Done);
        core.play(mv.parse().unwrap()).unwrap();
        let clocks = wait_push(mover, "the move told", |p| match p {
            Push::Moved {
                game: g,
                ply: p,
                clocks,
                ..
            } if *g == game && *p == ply => Some(*clocks),
            _ => None,
        });
        let mut left = [0; 2];
        left[core.holder(Color::Black).index()] = clocks.black_ms;
        left[core.holder(Color::White).index()] = clocks.white_ms;
        readings.push(left);
    }
    assert_eq!(core.holder(Color::Black), Player::Two, "swapped");
    readings
}

#[test]
fn the_same_game_reads_the_same_clocks_locally_between_friends_and_on_the_lobby() {
    let local = local();
    assert_eq!(local, EXPECTED, "on one machine");
    assert_eq!(friends(), local, "between friends");
    let lobby = lobby();
    for (ply, (on_lobby, here)) in lobby.iter().zip(&local).enumerate() {
        for player in 0..2 {
            let (lobby_ms, local_ms) = (on_lobby[player], here[player]);
            let trip = u64::try_from(TRIP.as_millis()).unwrap();
            assert!(
                lobby_ms <= local_ms && local_ms - lobby_ms <= trip,
                "after move {}, Player {}'s clock: {lobby_ms} ms on the lobby, {local_ms} ms here",
                ply + 1,
                player + 1
            );
        }
    }
}
