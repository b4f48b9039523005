//! The lobby's clocks by the program's one rule (the core's
//! `PlayerClocks`), on a referee whose monotonic clock moves only when a
//! test says: each side's clock starts with its own first move, a side
//! that makes no first move in time aborts the game (unrated, both told),
//! and a restart rebuilds the clocks by the same rule. Nothing here waits.

use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use tokio::sync::mpsc::Receiver;

use super::super::store::StoredGame;
use super::*;
use crate::core::Variant;
use crate::online::protocol::{Answer, Ask, Clocks, GameId, GameResult, Pace};

const ONE_PLUS_TWO: Terms = Terms {
    size: 5,
    variant: Variant::Original,
    pie: true,
    pace: Pace::Clock {
        minutes: 1,
        increment: 2,
    },
    rated: true,
};

/// A referee whose games' monotonic clock reads its start plus the
/// milliseconds in the returned counter.
fn referee(dir: &Path) -> (Referee, Arc<AtomicU64>) {
    let store = Store::open(&dir.join("lobby.sqlite")).unwrap();
    let passed = Arc::new(AtomicU64::new(0));
    let start = Instant::now();
    let read = Arc::clone(&passed);
    let referee = Referee::new(store, LobbyLimits::default())
        .unwrap()
        .with_monotonic_clock(Box::new(move || {
            start + Duration::from_millis(read.load(Ordering::Relaxed))
        }));
    (referee, passed)
}

fn pass(passed: &AtomicU64, ms: u64) {
    passed.fetch_add(ms, Ordering::Relaxed);
}

/// A connected player: its connection, outbox and what it was pushed.
struct Player {
    conn: u64,
    outbox: Receiver<Arc<[u8]>>,
    pushes: Vec<Push>,
}

fn join(referee: &mut Referee, conn: u64, name: &str) -> Player {
    let (outbox, queued) = tokio::sync::mpsc::channel(referee.limits.outbox);
    referee.handle(Command::Join {
        conn,
        key: format!("{conn:064x}"),
        name: Some(name.into()),
        outbox,
        from: None,
        bot: false,
    });
    let mut player = Player {
        conn,
        outbox: queued,
        pushes: Vec::new(),
    };
    player.read();
    player
}

impl Player {
    /// Takes in what was sent; returns the reply to request `id`, if any
    /// (a refusal as the wire carries it: text).
    fn read(&mut self) -> Option<Result<Answer, String>> {
        let mut reply = None;
        while let Ok(bytes) = self.outbox.try_recv() {
            match serde_json::from_slice(&bytes).unwrap() {
                FromServer::Push(push) => self.pushes.push(push),
                FromServer::Reply(r) => reply = Some(r.answer),
            }
        }
        reply
    }

    fn ask(&mut self, referee: &mut Referee, ask: Ask) -> Result<Answer, String> {
        let request = Request { id: 9, ask };
        referee.handle(Command::Ask {
            conn: self.conn,
            request,
        });
        self.read().expect("an answer")
    }

    fn play(&mut self, referee: &mut Referee, game: GameId, ply: u16, mv: &str) -> Clocks {
        let mv = mv.to_string();
        let asked = Ask::Move { game, ply, mv };
        assert_eq!(self.ask(referee, asked), Ok(Answer::Done));
        self.pushes
            .iter()
            .rev()
            .find_map(|p| match p {
                Push::Moved { ply: p, clocks, .. } if *p == ply => Some(*clocks),
                _ => None,
            })
            .expect("the move told")
    }

    fn clocks(&mut self, referee: &mut Referee, game: GameId) -> Clocks {
        match self.ask(referee, Ask::Watch { game }) {
            Ok(Answer::Game { state }) => state.clocks,
            other => panic!("{other:?}"),
        }
    }

    fn ended(&self, game: GameId) -> Option<(GameResult, usize)> {
        self.pushes.iter().find_map(|p| match p {
            Push::Ended {
                game: g,
                result,
                ratings,
            } if *g == game => Some((*result, ratings.len())),
            _ => None,
        })
    }
}

/// `seeker` seeks, `taker` accepts: the game, and which of them (1 or 2)
/// holds Black (colours alternate with the seeks' numbers).
fn start(referee: &mut Referee, seeker: &mut Player, taker: &mut Player) -> (GameId, u8) {
    let terms = ONE_PLUS_TWO;
    let Ok(Answer::Seeking { seek }) = seeker.ask(referee, Ask::Seek { terms }) else {
        panic!("no seek");
    };
    let Ok(Answer::Started { game }) = taker.ask(referee, Ask::Accept { seek }) else {
        panic!("no game");
    };
    seeker.read();
    let black = seeker.pushes.iter().find_map(|p| match p {
        Push::Started { state } if state.game == game => {
            Some(if state.black == crate::core::Player::One {
                1
            } else {
                2
            })
        }
        _ => None,
    });
    (game, black.expect("the game told"))
}

fn clocks(black_s: u64, white_s: u64) -> Clocks {
    Clocks {
        black_ms: black_s * 1000,
        white_ms: white_s * 1000,
    }
}

#[test]
fn the_lobby_clock_does_not_run_before_a_sides_first_move() {
    let dir = tempfile::tempdir().unwrap();
    let (mut referee, passed) = referee(dir.path());
    let mut ann = join(&mut referee, 1, "ann");
    let mut bob = join(&mut referee, 2, "bob");
    let (game, black) = start(&mut referee, &mut ann, &mut bob);
    assert_eq!(black, 1, "Ann opens");
    // 1+2: a minute and an increment each before anyone moves; Ann's
    // 20 s before her first move cost her nothing.
    pass(&passed, 20_000);
    referee.tick();
    assert_eq!(ann.clocks(&mut referee, game), clocks(62, 62));
    assert_eq!(ann.play(&mut referee, game, 0, "c3"), clocks(64, 62));
    // Nor do Bob's 25 s before his first move, the swap.
    pass(&passed, 25_000);
    referee.tick();
    assert_eq!(bob.clocks(&mut referee, game), clocks(64, 62));
    // Bob holds Black now; Ann, with White, runs from here.
    assert_eq!(bob.play(&mut referee, game, 1, "swap"), clocks(64, 64));
    pass(&passed, 5_000);
    assert_eq!(ann.clocks(&mut referee, game), clocks(64, 59));
    assert_eq!(ann.play(&mut referee, game, 2, "d3"), clocks(64, 61));
    pass(&passed, 4_000);
    assert_eq!(bob.play(&mut referee, game, 3, "b3"), clocks(62, 61));
    assert_eq!(referee.games[&game.0].ply(), 4, "still in play");
}

#[test]
fn a_side_that_makes_no_first_move_in_time_aborts_the_game_unrated_both_told() {
    let dir = tempfile::tempdir().unwrap();
    let (mut referee, passed) = referee(dir.path());
    assert_eq!(referee.limits.first_move, Duration::from_secs(30));
    let mut ann = join(&mut referee, 1, "ann");
    let mut bob = join(&mut referee, 2, "bob");
    // The first mover waits: at 30 s the game is aborted.
    let (game, black) = start(&mut referee, &mut ann, &mut bob);
    assert_eq!(black, 1, "Ann opens");
    pass(&passed, 29_999);
    referee.tick();
    assert!(referee.games.contains_key(&game.0), "aborted too soon");
    pass(&passed, 1);
    referee.tick();
    assert!(!referee.games.contains_key(&game.0));
    for player in [&mut ann, &mut bob] {
        player.read();
        assert_eq!(player.ended(game), Some((GameResult::Abort, 0)));
    }
    // The second side's first move has as long (from the first move).
    let (game, black) = start(&mut referee, &mut bob, &mut ann);
    assert_eq!(black, 2, "Ann, Player 2 of Bob's seek, opens");
    pass(&passed, 10_000);
    ann.play(&mut referee, game, 0, "c3");
    pass(&passed, 29_999);
    referee.tick();
    assert!(referee.games.contains_key(&game.0), "aborted too soon");
    pass(&passed, 1);
    referee.tick();
    for player in [&mut ann, &mut bob] {
        player.read();
        assert_eq!(player.ended(game), Some((GameResult::Abort, 0)));
    }
    // The archive says so, the record too; nobody's rating moved.
    let Ok(Answer::Archive { games }) = bob.ask(&mut referee, Ask::Archive { name: "ann".into() })
    else {
        panic!("no archive");
    };
    assert_eq!(games.len(), 2);
    assert!(
        games.iter().all(|g| g.result == GameResult::Abort),
        "{games:?}"
    );
    let Ok(Answer::Record { text }) = bob.ask(&mut referee, Ask::Record { game }) else {
        panic!("no record");
    };
    assert!(text.contains("x-rated: no"), "{text}");
    assert!(text.contains("x-aborted: yes"), "{text}");
    for key in [1u64, 2] {
        let rated = referee
            .store
            .rating(&format!("{key:064x}"), Variant::Original);
        assert_eq!(rated.unwrap().games, 0);
    }
}

#[test]
fn a_restart_rebuilds_the_clocks_by_the_same_rule() {
    let t0 = Instant::now();
    let at = |s: u64| (t0 + Duration::from_secs(s), 0);
    let keys = [format!("{:064x}", 1), format!("{:064x}", 2)];
    let names = ["ann".to_string(), "bob".to_string()];
    // Played live: 20 s, 25 s before the first moves, then 5 s.
    let mut live = LiveGame::new(7, keys.clone(), names.clone(), 1, ONE_PLUS_TWO, at(0)).unwrap();
    for (mv, now) in [("c3", 20), ("swap", 45), ("d3", 50)] {
        let ply = live.ply();
        let accepted = live
            .check(&keys[usize::from(ply % 2)], ply, mv, at(now))
            .unwrap();
        live.commit(accepted, at(now));
    }
    assert_eq!(live.clocks(at(50)), clocks(64, 61));
    // Back from the store, as an older server kept it too (the first
    // moves' waits stored): the same clocks, the turn starting now.
    for first_moves in [[0, 0], [20_000, 25_000]] {
        let stored = StoredGame {
            id: 7,
            keys: keys.clone(),
            names: names.clone(),
            black: 1,
            terms: ONE_PLUS_TWO,
            started_ms: 0,
            moves: vec![
                ("c3".into(), first_moves[0], 0),
                ("swap".into(), first_moves[1], 0),
                ("d3".into(), 5_000, 0),
            ],
        };
        let back = LiveGame::restore(stored, at(1000)).unwrap();
        assert_eq!(back.clocks(at(1000)), clocks(64, 61));
        assert_eq!(back.clocks(at(1003)), clocks(61, 61), "Bob's turn runs");
    }
    // A game restored before its first move: the first mover has their
    // whole time for it again, and their clock does not run.
    let stored = StoredGame {
        id: 8,
        keys,
        names,
        black: 1,
        terms: ONE_PLUS_TWO,
        started_ms: 0,
        moves: Vec::new(),
    };
    let back = LiveGame::restore(stored, at(1000)).unwrap();
    let limit = Duration::from_secs(30);
    assert!(!back.first_move_overdue(limit, at(1029)));
    assert!(back.first_move_overdue(limit, at(1030)));
    assert_eq!(back.clocks(at(1029)), clocks(62, 62));
}
