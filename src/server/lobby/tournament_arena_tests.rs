//! An arena run by the referee on its own, on clocks that move only when
//! the test says: three players (an odd count), its pairing rule checked
//! on the referee's state after every event, points and streaks, a pause,
//! a restart, and its end.

use super::super::referee::Referee;
use super::super::tournament_run::tests::{Clocks, Player, play_out};
use crate::core::Variant;
use crate::online::protocol::{Answer, Ask, GameState, Pace, Terms};
use crate::online::tournaments::{Kind, Stage, TournamentId, TournamentPage, TournamentSpec};

fn arena(minutes: u32) -> TournamentSpec {
    TournamentSpec {
        name: "Quick arena".into(),
        kind: Kind::Arena,
        terms: Terms {
            size: 5,
            variant: Variant::Revised,
            pie: false,
            pace: Pace::Clock {
                minutes: 5,
                increment: 0,
            },
            rated: false,
        },
        rounds: None,
        minutes: Some(minutes),
        starts_in_s: 60,
        bots: false,
    }
}

/// The entrants neither withdrawn, paused nor in a game under way: those
/// waiting for a pairing.
fn waiting(referee: &Referee, id: TournamentId) -> Vec<String> {
    let t = &referee.tournaments.held[&id.0];
    let busy = |seat| {
        t.rounds
            .iter()
            .flat_map(|r| &r.pairings)
            .any(|p| !p.finished && (p.pairing.white == seat || p.pairing.black == seat))
    };
    t.entries
        .iter()
        .filter(|e| !e.withdrawn && !e.paused && !busy(e.seat))
        .map(|e| e.name.clone())
        .collect()
}

/// The games under way, each with its players' names.
fn under_way(referee: &Referee, id: TournamentId) -> Vec<(u64, [String; 2])> {
    let t = &referee.tournaments.held[&id.0];
    let name = |seat| {
        t.entries
            .iter()
            .find(|e| e.seat == seat)
            .map(|e| e.name.clone())
            .unwrap()
    };
    t.rounds
        .iter()
        .flat_map(|r| &r.pairings)
        .filter(|p| !p.finished)
        .map(|p| {
            let mut names = [name(p.pairing.white), name(p.pairing.black)];
            names.sort();
            (p.game.expect("started at once"), names)
        })
        .collect()
}

/// The rule: a free player is paired as soon as another is free, so with
/// three players one game is under way and exactly one player waits.
fn assert_nobody_waits_with_another(referee: &Referee, id: TournamentId) {
    let waiting = waiting(referee, id);
    assert!(waiting.len() <= 1, "{waiting:?} wait together");
}

fn state_of(referee: &mut Referee, player: &mut Player, game: u64) -> GameState {
    let game = crate::online::protocol::GameId(game);
    match player.ask(referee, Ask::Watch { game }) {
        Ok(Answer::Game { state }) => state,
        other => panic!("{other:?}"),
    }
}

/// (name, points, streak, games, paused) of each line, and the ranks.
fn table(page: &TournamentPage) -> Vec<(u32, &str, u32, u32, u32, bool)> {
    page.standings
        .iter()
        .map(|s| {
            (
                s.rank,
                s.name.as_str(),
                s.points,
                s.streak,
                s.games,
                s.paused,
            )
        })
        .collect()
}

fn page_of(referee: &mut Referee, player: &mut Player, id: TournamentId) -> TournamentPage {
    match player.ask(referee, Ask::Tournament { tournament: id }) {
        Ok(Answer::Tournament { page }) => *page,
        other => panic!("{other:?}"),
    }
}

fn joined(referee: &mut Referee) -> Vec<Player> {
    ["ann", "bob", "cy"]
        .iter()
        .zip(1..)
        .map(|(name, conn)| Player::join(referee, conn, name))
        .collect()
}

#[test]
fn a_three_player_arena_pairs_at_once_counts_streaks_pauses_and_ends() {
    let dir = tempfile::tempdir().unwrap();
    let clocks = Clocks::new();
    let mut referee = clocks.referee(dir.path());
    let mut players = joined(&mut referee);
    let Ok(Answer::TournamentMade { tournament: id }) =
        players[0].ask(&mut referee, Ask::CreateTournament { spec: arena(3) })
    else {
        panic!("not made");
    };
    for p in &mut players {
        assert_eq!(
            p.ask(&mut referee, Ask::JoinTournament { tournament: id }),
            Ok(Answer::Done)
        );
    }
    clocks.pass(60_000);
    referee.tick();
    // At the start: one game, one player waits.
    assert_eq!(under_way(&referee, id).len(), 1);
    assert_eq!(waiting(&referee, id), ["cy"]);
    // Four games, each lost by the name later in the alphabet. Whoever
    // waited plays the next game, against the free player closest in
    // score, not the one just played while another is free.
    let expected = [["ann", "bob"], ["bob", "cy"], ["ann", "cy"], ["ann", "bob"]];
    for pair in expected {
        let before = waiting(&referee, id);
        let games = under_way(&referee, id);
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].1, pair);
        clocks.pass(1_000);
        let state = state_of(&mut referee, &mut players[0], games[0].0);
        play_out(&mut referee, &mut players, &state);
        // Paired again at once, not at a later tick.
        assert_nobody_waits_with_another(&referee, id);
        let next = under_way(&referee, id);
        assert_eq!(next.len(), 1);
        assert!(next[0].1.contains(&before[0]), "{before:?} waited again");
    }
    // Ann won 2, 2 (one win in a row before), then 4 (two before);
    // Bob lost, won 2, lost; Cy lost twice.
    let page = page_of(&mut referee, &mut players[1], id);
    assert_eq!(page.summary.stage, Stage::Running);
    assert!(page.tie_breaks.is_empty());
    assert_eq!(
        table(&page),
        [
            (1, "ann", 8, 3, 3, false),
            (2, "bob", 2, 0, 3, false),
            (3, "cy", 0, 0, 2, false),
        ]
    );
    assert_eq!(page.rounds.len(), 1, "the arena's games are one round");
    assert_eq!(page.rounds[0].round, 1);
    assert_eq!(page.rounds[0].games.len(), 5);
    assert_eq!(page.summary.round, 5, "games started");
    // Cy and Bob play the fifth; Ann waits, and pauses.
    assert_eq!(waiting(&referee, id), ["ann"]);
    assert_eq!(
        players[0].ask(
            &mut referee,
            Ask::PauseTournament {
                tournament: id,
                paused: true,
            }
        ),
        Ok(Answer::Done)
    );
    let games = under_way(&referee, id);
    assert_eq!(games[0].1, ["bob", "cy"]);
    let state = state_of(&mut referee, &mut players[0], games[0].0);
    clocks.pass(1_000);
    play_out(&mut referee, &mut players, &state);
    // A paused player is not paired: Bob and Cy again, nobody else free.
    let games = under_way(&referee, id);
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].1, ["bob", "cy"]);
    assert!(waiting(&referee, id).is_empty());
    let before = table(&page_of(&mut referee, &mut players[1], id))
        .iter()
        .map(|&(rank, name, points, streak, games, paused)| {
            (rank, name.to_string(), points, streak, games, paused)
        })
        .collect::<Vec<_>>();
    assert_eq!(before[0], (1, "ann".into(), 8, 3, 3, true));
    // A server started again has it whole: points, streaks, the pause,
    // the game under way.
    drop(players);
    drop(referee);
    let mut referee = clocks.referee(dir.path());
    let mut players = joined(&mut referee);
    let page = page_of(&mut referee, &mut players[1], id);
    let after = table(&page)
        .iter()
        .map(|&(rank, name, points, streak, games, paused)| {
            (rank, name.to_string(), points, streak, games, paused)
        })
        .collect::<Vec<_>>();
    assert_eq!(after, before);
    assert_eq!(page.rounds[0].games.len(), 6);
    referee.tick();
    assert_eq!(under_way(&referee, id), games);
    // Ann comes back and waits for the game under way.
    assert_eq!(
        players[0].ask(
            &mut referee,
            Ask::PauseTournament {
                tournament: id,
                paused: false,
            }
        ),
        Ok(Answer::Done)
    );
    assert_eq!(waiting(&referee, id), ["ann"]);
    // The sixth game is opened, then the time is up (3 minutes from the
    // start): it goes on, nobody is paired.
    let state = state_of(&mut referee, &mut players[0], games[0].0);
    let (game, opener) = (
        state.game,
        usize::from(state.black != crate::core::Player::One),
    );
    let at = |name: &str| ["ann", "bob", "cy"].iter().position(|n| *n == name);
    let (opens, answers) = (
        at(&state.names[opener]).unwrap(),
        at(&state.names[1 - opener]).unwrap(),
    );
    let mv = |mv: &str, ply| Ask::Move {
        game,
        ply,
        mv: mv.into(),
    };
    assert_eq!(
        players[opens].ask(&mut referee, mv("c3", 0)),
        Ok(Answer::Done)
    );
    assert_eq!(
        players[answers].ask(&mut referee, mv("d3", 1)),
        Ok(Answer::Done)
    );
    clocks.pass(180_000);
    referee.tick();
    assert_eq!(under_way(&referee, id), games, "the game under way goes on");
    assert!(referee.games.contains_key(&game.0));
    let page = page_of(&mut referee, &mut players[1], id);
    assert_eq!(page.summary.stage, Stage::Running);
    // Bob beats Cy: no new pairing after the end, then it is finished.
    assert_eq!(
        players[2].ask(&mut referee, Ask::Resign { game }),
        Ok(Answer::Done)
    );
    assert!(under_way(&referee, id).is_empty());
    referee.tick();
    let page = page_of(&mut referee, &mut players[1], id);
    assert_eq!(page.summary.stage, Stage::Finished);
    assert_eq!(page.rounds[0].games.len(), 6, "nobody paired after the end");
    // Bob's two wins in a row after a loss: 2 + 2 (the double comes with a
    // third).
    assert_eq!(
        table(&page),
        [
            (1, "ann", 8, 3, 3, false),
            (2, "bob", 6, 2, 5, false),
            (3, "cy", 0, 0, 4, false),
        ]
    );
}

#[test]
fn an_arena_takes_entries_while_it_runs_and_a_league_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let clocks = Clocks::new();
    let mut referee = clocks.referee(dir.path());
    let mut players = joined(&mut referee);
    let Ok(Answer::TournamentMade { tournament: id }) =
        players[0].ask(&mut referee, Ask::CreateTournament { spec: arena(3) })
    else {
        panic!("not made");
    };
    assert_eq!(
        players[0].ask(&mut referee, Ask::JoinTournament { tournament: id }),
        Ok(Answer::Done)
    );
    clocks.pass(60_000);
    referee.tick();
    // Alone: nobody to play.
    assert_eq!(waiting(&referee, id), ["ann"]);
    // Bob enters while it runs: paired with Ann at once.
    assert_eq!(
        players[1].ask(&mut referee, Ask::JoinTournament { tournament: id }),
        Ok(Answer::Done)
    );
    assert_eq!(under_way(&referee, id).len(), 1);
    assert!(waiting(&referee, id).is_empty());
    // Bob withdraws: his game is played out, he is not paired again.
    assert_eq!(
        players[1].ask(&mut referee, Ask::WithdrawTournament { tournament: id }),
        Ok(Answer::Done)
    );
    assert_eq!(
        players[2].ask(&mut referee, Ask::JoinTournament { tournament: id }),
        Ok(Answer::Done)
    );
    assert_eq!(waiting(&referee, id), ["cy"]);
    // A league is not run yet.
    let mut league = arena(3);
    league.kind = Kind::League;
    league.minutes = None;
    league.terms.pace = Pace::Days(3);
    let refused = players[0].ask(&mut referee, Ask::CreateTournament { spec: league });
    assert_eq!(
        refused,
        Err("this server runs swiss and arena tournaments only so far, not a league".into())
    );
    // After its end nobody enters.
    clocks.pass(180_000);
    referee.tick();
    let late = Player::join(&mut referee, 9, "eve")
        .ask(&mut referee, Ask::JoinTournament { tournament: id });
    assert!(late.unwrap_err().contains("has started"));
}
