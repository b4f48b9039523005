//! The Online screen over a session: a game that goes on after the server
//! restarts, the moves made while away marked, leaving one server for
//! another, the keys said at 80 columns and the pages at 60.

use crate::lobby_support::{Server, WAIT, play_one, replay, some_move};
use crate::online_support::{
    app_in, client_of, connect, seek_and_accept, server_in, terms, tick_until,
};
use crate::support::{play_at, press, text, type_keys};
use brique::app::{Action, App, Screen};
use brique::core::Game;
use brique::online::protocol::{Answer, Ask, Pace};
use ratatui::crossterm::event::KeyCode;

/// The one of `ann` and `bob` to move plays by keys; both see it.
fn play_by_keys(ann: &mut App, bob: &mut App) {
    let played = ann.game().history().len() + 1;
    let to_move = ann.game().player_to_move();
    let (player, other) = if ann.online().game.as_ref().unwrap().me() == Some(to_move) {
        (ann, bob)
    } else {
        (bob, ann)
    };
    let mv = some_move(player.game()).to_string();
    play_at(player, &mv);
    tick_until(&mut [player, other], "the move", |p| {
        p.game().history().len() == played
    });
    tick_until(&mut [other], "the move at the other's", |p| {
        p.game().history().len() == played
    });
}

#[test]
fn online_a_game_on_the_clock_goes_on_after_the_server_restarts() {
    let root = tempfile::tempdir().unwrap();
    let (server, lobby) = server_in(root.path());
    let mut ann = app_in(&root.path().join("a"), &lobby, "ann");
    let mut bob = app_in(&root.path().join("b"), &lobby, "bob");
    connect(&mut ann, "ann");
    connect(&mut bob, "bob");
    seek_and_accept(&mut ann, &mut bob);
    play_by_keys(&mut ann, &mut bob);

    // `kill -9` and back on the same port: both copies reconnect by
    // themselves and take the game up where the server has it.
    let server = server.restart();
    tick_until(&mut [&mut ann], "the loss seen", |a| !a.online().is_up());
    for app in [&mut ann, &mut bob] {
        tick_until(&mut [app], "the game again", |a| {
            a.online().is_up()
                && a.message()
                    .is_some_and(|m| m.text.contains("Connected again"))
        });
    }
    assert_eq!(ann.game().history().len(), 1);
    // No new game is offered while the server holds this one.
    for refused in [Action::NewGame, Action::OpenTraining, Action::OpenRecords] {
        assert!(!ann.offers(refused), "{refused:?}");
    }
    // On the Online screen the same key seeks another game; x is refused
    // while this one is on the clock.
    press(&mut ann, KeyCode::Char('d'));
    assert!(ann.offers(Action::NewGame));
    press(&mut ann, KeyCode::Char('x'));
    assert!(ann.online().is_up());
    let said = ann.message().map(|m| m.text.clone()).unwrap_or_default();
    assert!(said.starts_with("Your game on the clock goes on"), "{said}");
    press(&mut ann, KeyCode::Esc);
    assert_eq!(*ann.screen(), Screen::Board);
    play_by_keys(&mut ann, &mut bob);
    play_by_keys(&mut ann, &mut bob);
    assert_eq!(bob.game().history(), ann.game().history());
    // Where the panel does not fit, the bottom line says whose turn it is
    // and the clocks, not whom one plays.
    press(&mut ann, KeyCode::Right);
    let screen = text(&ann, 50, 14);
    let bottom = screen.lines().last().unwrap_or_default();
    assert!(bottom.contains("to play · ● "), "{screen}");
    assert!(
        bottom.contains(" ○ 10:0") || bottom.contains(" ○ 9:5"),
        "{screen}"
    );
    drop(server);
}

#[test]
fn online_moves_made_while_away_are_listed_and_marked_on_the_board() {
    let root = tempfile::tempdir().unwrap();
    let (server, lobby) = server_in(root.path());
    let db = root.path().join("b");
    // Bob's copy takes Ann's correspondence seek and moves by keys (its
    // autosave keeps the game), then closes.
    let mut app = app_in(&db, &lobby, "bob");
    connect(&mut app, "bob");
    let mut ann = client_of(&server, &root.path().join("a"), "ann");
    let days = terms(Pace::Days(1));
    let sought = ann.request(Ask::Seek { terms: days }, WAIT);
    assert!(matches!(sought, Ok(Answer::Seeking { .. })), "{sought:?}");
    tick_until(&mut [&mut app], "Ann's seek", |a| {
        !a.online().seeks.is_empty()
    });
    press(&mut app, KeyCode::Enter);
    tick_until(&mut [&mut app], "the game", |a| a.online().game.is_some());
    let state = app.online().game.as_ref().unwrap().state.clone();
    let game = state.game;
    let mut core = replay(&state);
    // Who moves at each turn: Black first, a swap being a turn.
    let ann_black = state.names[state.black.index()] == "ann";
    let ann_to_move = |core: &Game| core.history().len().is_multiple_of(2) == ann_black;
    if ann_to_move(&core) {
        play_one(&mut ann, game, &mut core);
        tick_until(&mut [&mut app], "Ann's first move", |a| {
            a.game().history().len() == 1
        });
    }
    let mv = some_move(app.game()).to_string();
    play_at(&mut app, &mv);
    let known = core.history().len() + 1;
    tick_until(&mut [&mut app], "Bob's move", |a| {
        a.game().history().len() == known
    });
    drop(app);

    // Away: Ann moves, Bob from another copy holding his key, Ann again.
    let Answer::Game { state } = ann.request(Ask::Watch { game }, WAIT).unwrap() else {
        panic!("no state")
    };
    core = replay(&state);
    let mut bob = client_of(&server, &db, "bob");
    for _ in 0..3 {
        let client = if ann_to_move(&core) {
            &mut ann
        } else {
            &mut bob
        };
        play_one(client, game, &mut core);
    }
    let away: Vec<String> = core.moves().map(|m| m.to_string()).collect();
    drop(bob);

    let mut app = app_in(&db, &lobby, "bob");
    app.connect_online_if_set();
    tick_until(&mut [&mut app], "the game taken up", |a| {
        a.online()
            .game
            .as_ref()
            .is_some_and(|g| g.state.moves.len() == away.len())
    });
    let said = app.message().map(|m| m.text.clone()).unwrap_or_default();
    let expected = format!(
        "While you were away: ann {}, you {}, ann {} (marked on the board).",
        away[known],
        away[known + 1],
        away[known + 2]
    );
    assert_eq!(said, expected);
    // Each move made away is marked on the board as the last one is (the
    // panel's turn mark aside).
    let last_mark = |a: &App| text(a, 120, 40).matches('◂').count();
    let marked = last_mark(&app);
    assert!(marked >= 3, "{marked} marks:\n{}", text(&app, 120, 40));
    // Once Bob moves, only the last move is marked.
    let mv = some_move(app.game()).to_string();
    play_at(&mut app, &mv);
    tick_until(&mut [&mut app], "Bob's move", |a| {
        a.game().history().len() == away.len() + 1
    });
    assert!(last_mark(&app) < marked, "{}", text(&app, 120, 40));
    // Disconnecting leaves the game to the server: the board gets a new
    // game, and no record of the unfinished one is made here.
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Char('x'));
    let said = app.message().map(|m| m.text.clone()).unwrap_or_default();
    assert_eq!(said, format!("Disconnected: your game waits at {lobby}."));
    assert!(app.online().game.is_none() && app.game().history().is_empty());
    press(&mut app, KeyCode::Esc);
    // The first move of the new game puts the autosave's away.
    play_at(&mut app, "c3");
    assert_eq!(app.game().history().len(), 1);
    let moves = away.len() + 1;
    let records = std::fs::read_dir(db.join("data/records")).map_or(0, |d| d.count());
    assert_eq!(records, 0, "the {moves} moves' game is the server's");
}

#[test]
fn online_x_disconnects_and_another_server_is_typed_in_the_form() {
    let root = tempfile::tempdir().unwrap();
    let first = Server::start(&root.path().join("first"));
    let second = Server::start(&root.path().join("second"));
    // "ann" is taken on the second server.
    let _other_ann = client_of(&second, &root.path().join("other"), "ann");
    let mut app = app_in(&root.path().join("a"), &first.lobby.to_string(), "ann");
    connect(&mut app, "ann");
    assert!(text(&app, 120, 40).contains("x disconnects"));
    press(&mut app, KeyCode::Char('x'));
    assert!(!app.online().is_active(), "the connection is closed");
    let screen = text(&app, 120, 40);
    assert!(screen.contains("Disconnected from"), "{screen}");
    assert!(screen.contains("Play online"), "the connect form: {screen}");
    // The server's field has the keyboard.
    for _ in 0..first.lobby.to_string().len() {
        press(&mut app, KeyCode::Backspace);
    }
    type_keys(&mut app, &second.lobby.to_string());
    press(&mut app, KeyCode::Enter);
    tick_until(&mut [&mut app], "the name refused", |a| {
        text(a, 120, 40).contains("is taken")
    });
    // The name blamed has the keyboard now: typed over, it is taken.
    press(&mut app, KeyCode::Backspace);
    type_keys(&mut app, "nie");
    press(&mut app, KeyCode::Enter);
    tick_until(&mut [&mut app], "the second server", |a| {
        a.online().me.as_deref() == Some("annie")
    });
    let server = &app.config().network.online_server;
    assert_eq!(server.to_string(), second.lobby.to_string());
    // Esc from the form, disconnected, goes back to the board.
    press(&mut app, KeyCode::Char('x'));
    press(&mut app, KeyCode::Esc);
    assert_eq!(*app.screen(), Screen::Board);
}

#[test]
fn online_the_page_keys_fit_80_columns_and_the_tabs_60() {
    let root = tempfile::tempdir().unwrap();
    let server = Server::start(&root.path().join("server"));
    let mut app = app_in(&root.path().join("a"), &server.lobby.to_string(), "ann");
    connect(&mut app, "ann");
    // No seek of one's own: no withdrawing offered; the rules only on the
    // leaderboard.
    let screen = text(&app, 80, 24);
    assert!(screen.contains("n seek"), "{screen}");
    assert!(
        !screen.contains("withdraw") && !screen.contains("v rules"),
        "{screen}"
    );
    press(&mut app, KeyCode::Char('n'));
    press(&mut app, KeyCode::Enter);
    tick_until(&mut [&mut app], "the seek listed", |a| {
        !a.online().seeks.is_empty()
    });
    let screen = text(&app, 80, 24);
    for hint in ["Enter go", "n seek", "d withdraw", "Esc back"] {
        assert!(screen.contains(hint), "{hint:?} in\n{screen}");
    }
    // At 60 columns the tabs are short, the one chosen in sight.
    press(&mut app, KeyCode::BackTab);
    let screen = text(&app, 60, 20);
    assert!(screen.contains("ann on 127.0.0.1:"), "{screen}");
    assert!(screen.contains("online; x disconnects."), "{screen}");
    assert!(
        screen.contains("Seeks│Mine│Games│Players│Top│Archive"),
        "{screen}"
    );
    assert!(!screen.contains("Leaderboard"), "{screen}");
    // Back past the archive to the leaderboard.
    press(&mut app, KeyCode::BackTab);
    press(&mut app, KeyCode::BackTab);
    let screen = text(&app, 80, 24);
    assert!(screen.contains("v rules"), "{screen}");
}

#[test]
fn online_a_game_in_progress_on_the_board_is_kept_as_a_record_when_an_online_game_starts() {
    let root = tempfile::tempdir().unwrap();
    let (server, lobby) = server_in(root.path());
    let mut ann = app_in(&root.path().join("a"), &lobby, "ann");
    let bob_home = root.path().join("b");
    let mut bob = app_in(&bob_home, &lobby, "bob");
    // Bob has a game of his own going at one keyboard when he accepts.
    play_at(&mut bob, "c3");
    play_at(&mut bob, "b2");
    assert_eq!(bob.game().history().len(), 2);
    connect(&mut ann, "ann");
    connect(&mut bob, "bob");
    seek_and_accept(&mut ann, &mut bob);
    assert!(
        bob.game().history().is_empty(),
        "the online game is on the board"
    );
    // His game is not written over: it is in his records folder.
    let records = brique::storage::Paths::under(&bob_home).records_dir();
    let kept: Vec<String> = std::fs::read_dir(&records)
        .map(|dir| {
            dir.flatten()
                .filter_map(|e| std::fs::read_to_string(e.path()).ok())
                .collect()
        })
        .unwrap_or_default();
    assert!(
        kept.iter().any(|r| r.contains("c3 b2")),
        "the game at one keyboard kept in {}: {kept:?}",
        records.display()
    );
    drop(server);
}
