//! Tournaments run by the referee on its own, without sockets, on clocks
//! that move only when a test says: a swiss from its making to its end,
//! and a server started again in the middle of a round.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use tokio::sync::mpsc::Receiver;

use super::super::limits::LobbyLimits;
use super::super::referee::{Command, Referee};
use super::super::store::Store;
use crate::core::Variant;
use crate::online::protocol::{Answer, Ask, FromServer, GameState, Pace, Push, Request, Terms};
use crate::online::tournaments::{Kind, Stage, TournamentId, TournamentPage, TournamentSpec};

pub(crate) const START_MS: i64 = 1_800_000_000_000;

/// The test's clocks: wall ms since 1970, monotonic ms since its start.
pub(crate) struct Clocks {
    wall: Arc<AtomicI64>,
    passed: Arc<AtomicU64>,
}

impl Clocks {
    pub(crate) fn new() -> Clocks {
        Clocks {
            wall: Arc::new(AtomicI64::new(START_MS)),
            passed: Arc::new(AtomicU64::new(0)),
        }
    }

    pub(crate) fn pass(&self, ms: u64) {
        self.passed.fetch_add(ms, Ordering::Relaxed);
        self.wall
            .fetch_add(i64::try_from(ms).unwrap(), Ordering::Relaxed);
    }

    /// A referee over the database in `dir`, on these clocks.
    pub(crate) fn referee(&self, dir: &Path) -> Referee {
        let store = Store::open(&dir.join("lobby.sqlite")).unwrap();
        let (wall, passed, start) = (
            Arc::clone(&self.wall),
            Arc::clone(&self.passed),
            Instant::now(),
        );
        // Games come back on the real monotonic clock: this one starts there.
        let base = passed.load(Ordering::Relaxed);
        Referee::new(store, LobbyLimits::default())
            .unwrap()
            .with_wall_clock(Box::new(move || wall.load(Ordering::Relaxed)))
            .with_monotonic_clock(Box::new(move || {
                start + Duration::from_millis(passed.load(Ordering::Relaxed) - base)
            }))
    }
}

/// A connected player: its connection, outbox and what it was pushed.
pub(crate) struct Player {
    conn: u64,
    pub(crate) name: String,
    outbox: Receiver<Arc<[u8]>>,
    pushes: Vec<Push>,
}

impl Player {
    pub(crate) fn join(referee: &mut Referee, conn: u64, name: &str) -> Player {
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
            name: name.into(),
            outbox: queued,
            pushes: Vec::new(),
        };
        player.read();
        player
    }

    pub(crate) fn read(&mut self) -> Option<Result<Answer, String>> {
        let mut reply = None;
        while let Ok(bytes) = self.outbox.try_recv() {
            match serde_json::from_slice(&bytes).unwrap() {
                FromServer::Push(push) => self.pushes.push(push),
                FromServer::Reply(r) => reply = Some(r.answer),
            }
        }
        reply
    }

    pub(crate) fn ask(&mut self, referee: &mut Referee, ask: Ask) -> Result<Answer, String> {
        referee.handle(Command::Ask {
            conn: self.conn,
            request: Request { id: 9, ask },
        });
        self.read().expect("an answer")
    }

    /// The games started for this player since `from` pushes, each with
    /// the `paired` push before it.
    fn started(&mut self, from: usize) -> Vec<(u32, GameState)> {
        self.read();
        let mut paired = None;
        let mut games = Vec::new();
        for push in &self.pushes[from..] {
            match push {
                Push::Paired { round, game, .. } => paired = Some((*round, *game)),
                Push::Started { state } => {
                    let (round, game) = paired.take().expect("paired before started");
                    assert_eq!(game, state.game);
                    games.push((round, state.clone()));
                }
                _ => {}
            }
        }
        games
    }

    pub(crate) fn last_page(&mut self) -> TournamentPage {
        self.read();
        self.pushes
            .iter()
            .rev()
            .find_map(|p| match p {
                Push::Tournament { page } => Some((**page).clone()),
                _ => None,
            })
            .expect("a page pushed")
    }
}

fn swiss(rounds: u32, starts_in_s: u32) -> TournamentSpec {
    TournamentSpec {
        name: "Quick swiss".into(),
        kind: Kind::Swiss,
        terms: Terms {
            size: 5,
            variant: Variant::Revised,
            pie: false,
            pace: Pace::Clock {
                minutes: 1,
                increment: 1,
            },
            rated: true,
        },
        rounds: Some(rounds),
        minutes: None,
        starts_in_s,
        bots: false,
    }
}

/// Ann, Bob, Cy and Dee join; Ann makes a swiss of `rounds` and all enter.
fn four_entered(referee: &mut Referee, rounds: u32) -> (Vec<Player>, TournamentId) {
    let mut players: Vec<Player> = ["ann", "bob", "cy", "dee"]
        .iter()
        .zip(1..)
        .map(|(name, conn)| Player::join(referee, conn, name))
        .collect();
    let Ok(Answer::TournamentMade { tournament }) = players[0].ask(
        referee,
        Ask::CreateTournament {
            spec: swiss(rounds, 60),
        },
    ) else {
        panic!("not made");
    };
    for p in &mut players {
        assert_eq!(
            p.ask(referee, Ask::JoinTournament { tournament }),
            Ok(Answer::Done)
        );
    }
    (players, tournament)
}

/// Plays one game of the round: Black opens, White answers, and the one
/// whose name comes later in the alphabet resigns.
pub(crate) fn play_out(referee: &mut Referee, players: &mut [Player], state: &GameState) {
    let game = state.game;
    let black = if state.black == crate::core::Player::One {
        0
    } else {
        1
    };
    let at = |name: &str| players.iter().position(|p| p.name == name).unwrap();
    let (black, white) = (at(&state.names[black]), at(&state.names[1 - black]));
    let mv = |mv: &str, ply| Ask::Move {
        game,
        ply,
        mv: mv.into(),
    };
    assert_eq!(players[black].ask(referee, mv("c3", 0)), Ok(Answer::Done));
    assert_eq!(players[white].ask(referee, mv("d3", 1)), Ok(Answer::Done));
    let loser = black.max(white);
    assert_eq!(
        players[loser].ask(referee, Ask::Resign { game }),
        Ok(Answer::Done)
    );
}

/// Every game started for anyone since `from`, once each.
fn round_games(players: &mut [Player], from: &[usize]) -> Vec<(u32, GameState)> {
    let mut games: Vec<(u32, GameState)> = players
        .iter_mut()
        .zip(from)
        .flat_map(|(p, &from)| p.started(from))
        .collect();
    games.sort_by_key(|(_, s)| s.game);
    games.dedup_by_key(|(_, s)| s.game);
    games
}

fn marks(players: &[Player]) -> Vec<usize> {
    players.iter().map(|p| p.pushes.len()).collect()
}

#[test]
fn a_four_player_swiss_of_two_rounds_is_paired_played_and_ranked_to_its_end() {
    let dir = tempfile::tempdir().unwrap();
    let clocks = Clocks::new();
    let mut referee = clocks.referee(dir.path());
    let (mut players, tournament) = four_entered(&mut referee, 2);
    let Ok(Answer::Tournaments { tournaments }) = players[1].ask(&mut referee, Ask::Tournaments)
    else {
        panic!("no list");
    };
    assert_eq!(tournaments.len(), 1);
    assert_eq!(
        (
            tournaments[0].stage,
            tournaments[0].entrants,
            tournaments[0].by.as_deref()
        ),
        (Stage::Upcoming, 4, Some("ann"))
    );
    // Nothing before the start.
    clocks.pass(59_000);
    referee.tick();
    assert!(referee.games.is_empty());
    let mut met = std::collections::HashSet::new();
    let mut all_games = Vec::new();
    for round in 1..=2 {
        let from = marks(&players);
        clocks.pass(1_000);
        referee.tick();
        let games = round_games(&mut players, &from);
        assert_eq!(games.len(), 2, "round {round}: two boards");
        for (r, state) in &games {
            assert_eq!(*r, round);
            assert_eq!(state.terms, swiss(2, 0).terms, "the tournament's terms");
            let mut pair = state.names.clone();
            pair.sort();
            assert!(met.insert(pair.clone()), "{pair:?} met twice");
        }
        for (_, state) in &games {
            play_out(&mut referee, &mut players, state);
            all_games.push(state.game);
        }
    }
    clocks.pass(1_000);
    referee.tick();
    let page = players[3].last_page();
    assert_eq!(page.summary.stage, Stage::Finished);
    assert_eq!(page.summary.round, 2);
    assert_eq!(page.tie_breaks, ["Buchholz", "Sonneborn-Berger"]);
    // Ann beat Cy then Bob; Bob beat Dee; Cy beat Dee. Everyone's
    // Buchholz is 2; Bob and Cy are equal on every tie-break.
    let table: Vec<(u32, &str, u32, Vec<u32>, u32)> = page
        .standings
        .iter()
        .map(|s| {
            (
                s.rank,
                s.name.as_str(),
                s.points,
                s.tie_breaks.clone(),
                s.games,
            )
        })
        .collect();
    assert_eq!(
        table,
        vec![
            (1, "ann", 2, vec![2, 2], 2),
            (2, "bob", 1, vec![2, 0], 2),
            (2, "cy", 1, vec![2, 0], 2),
            (4, "dee", 0, vec![2, 0], 2),
        ]
    );
    assert_eq!(page.rounds.len(), 2);
    assert!(
        page.rounds
            .iter()
            .flat_map(|r| &r.games)
            .all(|g| g.finished)
    );
    // Every game is in the archive.
    for game in all_games {
        let asked = players[0].ask(&mut referee, Ask::Record { game });
        assert!(matches!(asked, Ok(Answer::Record { .. })), "{asked:?}");
    }
    // Entries are closed once it has started.
    let late =
        Player::join(&mut referee, 9, "eve").ask(&mut referee, Ask::JoinTournament { tournament });
    assert!(late.unwrap_err().contains("has started"));
}

#[test]
fn a_server_started_again_in_the_middle_of_a_round_goes_on_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let clocks = Clocks::new();
    let (mut players, tournament) = {
        let mut referee = clocks.referee(dir.path());
        let (mut players, tournament) = four_entered(&mut referee, 2);
        let from = marks(&players);
        clocks.pass(60_000);
        referee.tick();
        let games = round_games(&mut players, &from);
        assert_eq!(games.len(), 2);
        // One game ends, the other is under way when the server stops.
        play_out(&mut referee, &mut players, &games[0].1);
        (games, tournament)
    };
    let (first, under_way) = (players[0].1.game, players[1].1.clone());
    clocks.pass(5_000);
    let mut referee = clocks.referee(dir.path());
    let mut again: Vec<Player> = ["ann", "bob", "cy", "dee"]
        .iter()
        .zip(1..)
        .map(|(name, conn)| Player::join(&mut referee, conn, name))
        .collect();
    let Ok(Answer::Tournament { page }) =
        again[0].ask(&mut referee, Ask::Tournament { tournament })
    else {
        panic!("no page");
    };
    assert_eq!(page.summary.stage, Stage::Running);
    assert_eq!(page.rounds.len(), 1, "still round 1");
    let games = &page.rounds[0].games;
    assert_eq!(games.iter().filter(|g| g.finished).count(), 1);
    assert_eq!(games.iter().find(|g| g.finished).unwrap().game, Some(first));
    // The game under way came back and is played on; no second round yet.
    referee.tick();
    assert_eq!(
        referee.games.keys().collect::<Vec<_>>(),
        [&under_way.game.0]
    );
    assert!(referee.games.contains_key(&under_way.game.0));
    let from = marks(&again);
    let state = match again[0].ask(
        &mut referee,
        Ask::Watch {
            game: under_way.game,
        },
    ) {
        Ok(Answer::Game { state }) => state,
        other => panic!("{other:?}"),
    };
    assert!(state.moves.is_empty());
    play_out(&mut referee, &mut again, &state);
    clocks.pass(1_000);
    referee.tick();
    let round_two = round_games(&mut again, &from);
    assert_eq!(round_two.len(), 2, "round 2 paired after the restart");
    assert!(round_two.iter().all(|(r, _)| *r == 2));
    players.clear();
}

#[test]
fn a_player_who_misses_two_games_is_withdrawn() {
    let dir = tempfile::tempdir().unwrap();
    let clocks = Clocks::new();
    let mut referee = clocks.referee(dir.path());
    let (mut players, tournament) = four_entered(&mut referee, 3);
    // Dee never moves: each of her games is aborted at the first
    // move's 30 s, lost to her; the others play theirs.
    let mut from = marks(&players);
    clocks.pass(60_000);
    referee.tick();
    for round in 1..=2 {
        let games = round_games(&mut players, &from);
        assert_eq!(games.len(), 2, "round {round}");
        from = marks(&players);
        for (_, state) in &games {
            let opener = usize::from(state.black != crate::core::Player::One);
            if !state.names.contains(&"dee".to_string()) {
                play_out(&mut referee, &mut players, state);
            } else if state.names[opener] != "dee" {
                // Dee's opponent opens; Dee does not answer.
                let at = players.iter().position(|p| p.name == state.names[opener]);
                let mv = Ask::Move {
                    game: state.game,
                    ply: 0,
                    mv: "c3".into(),
                };
                assert_eq!(players[at.unwrap()].ask(&mut referee, mv), Ok(Answer::Done));
            }
        }
        // Past the first move's 30 s: Dee's game ends, the next round is
        // paired.
        clocks.pass(40_000);
        referee.tick();
    }
    let Ok(Answer::Tournament { page }) =
        players[0].ask(&mut referee, Ask::Tournament { tournament })
    else {
        panic!("no page");
    };
    let dee = page.standings.iter().find(|s| s.name == "dee").unwrap();
    assert!(dee.withdrawn, "{page:?}");
    assert_eq!((dee.points, dee.games), (0, 2));
    // Round 3: three players left, one has the bye.
    let page = players[0].last_page();
    let last = page.rounds.last().unwrap();
    assert_eq!(last.round, 3);
    assert_eq!(last.games.len(), 1);
    assert!(last.bye.is_some());
    assert!(
        last.games
            .iter()
            .all(|g| g.white != "dee" && g.black != "dee")
    );
}

#[test]
fn tournaments_are_refused_what_they_cannot_be() {
    let dir = tempfile::tempdir().unwrap();
    let clocks = Clocks::new();
    let mut referee = clocks.referee(dir.path());
    let mut ann = Player::join(&mut referee, 1, "ann");
    let mut bad = swiss(2, 0);
    bad.rounds = None;
    let refused = ann.ask(&mut referee, Ask::CreateTournament { spec: bad });
    assert_eq!(refused, Err("a swiss has 1 to 15 rounds".into()));
    let tournament = TournamentId(77);
    let refused = ann.ask(&mut referee, Ask::JoinTournament { tournament });
    assert_eq!(
        refused,
        Err("no tournament 77 is held on this server".into())
    );
    for _ in 0..super::super::tournament_asks::MAX_MADE {
        let made = ann.ask(&mut referee, Ask::CreateTournament { spec: swiss(2, 60) });
        assert!(matches!(made, Ok(Answer::TournamentMade { .. })));
    }
    let refused = ann.ask(&mut referee, Ask::CreateTournament { spec: swiss(2, 60) });
    assert!(refused.unwrap_err().starts_with("at most 3 tournaments"));
}

#[test]
fn the_operators_tournaments_are_made_once_and_a_recurring_one_again_at_its_start() {
    let dir = tempfile::tempdir().unwrap();
    let clocks = Clocks::new();
    let file = super::super::tournament::file::parse(
        "[[tournament]]\nname = \"Hourly\"\nkind = \"swiss\"\nsize = 5\nclock = \"1+1\"\n\
         rounds = 1\nstart = \"+3s\"\nevery = \"1h\"\n",
    )
    .unwrap();
    let starts = |referee: &Referee| -> Vec<(Stage, i64, Option<String>)> {
        referee
            .tournament_list()
            .into_iter()
            .map(|t| (t.stage, t.starts_ms, t.by))
            .collect()
    };
    let referee = clocks.referee(dir.path()).scheduling(file.clone());
    assert_eq!(
        starts(&referee),
        [(Stage::Upcoming, START_MS + 3_000, None)]
    );
    drop(referee);
    // The same file again: the same tournament, not a second.
    let mut referee = clocks.referee(dir.path()).scheduling(file);
    assert_eq!(
        starts(&referee),
        [(Stage::Upcoming, START_MS + 3_000, None)]
    );
    clocks.pass(3_000);
    referee.tick();
    // Nobody entered: it is over at once, and the next one is to come.
    assert_eq!(
        starts(&referee),
        [
            (Stage::Upcoming, START_MS + 3_000 + 3_600_000, None),
            (Stage::Finished, START_MS + 3_000, None),
        ]
    );
}
