//! The Online screen against a real `brique server --lobby` (127.0.0.1, a
//! free port, a database in a temporary directory): apps that connect by
//! their keys, seek, accept, play by keys to the end and watch; the
//! correspondence game waiting at start; the leaderboard and a download
//! into the records folder; a name taken and a server that is not there.

use crate::lobby_support::{WAIT, some_move};
use crate::online_support::{app_in, client_of, connect, notes, server_in, terms, tick_until};
use crate::support::{play_at, press, text, type_keys};
use brique::app::Screen;
use brique::core::Player;
use brique::online::KNOWN_SERVERS_FILE;
use brique::online::protocol::{Answer, Ask, Pace};
use brique::storage::Paths;
use ratatui::crossterm::event::KeyCode;

#[test]
fn online_two_apps_seek_accept_play_to_the_end_and_a_third_watches() {
    let root = tempfile::tempdir().unwrap();
    let (_server, lobby) = server_in(root.path());
    let (da, db, dc) = (
        root.path().join("a"),
        root.path().join("b"),
        root.path().join("c"),
    );
    let mut ann = app_in(&da, &lobby, "ann");
    let mut bob = app_in(&db, &lobby, "bob");
    let mut cat = app_in(&dc, &lobby, "cat");
    connect(&mut ann, "ann");
    connect(&mut bob, "bob");
    connect(&mut cat, "cat");
    // The settings keep the name taken.
    assert_eq!(ann.config().network.online_name, "ann");

    // Ann seeks (the form opens with the settings' 5×5), Bob sees it and accepts.
    press(&mut ann, KeyCode::Char('n'));
    press(&mut ann, KeyCode::Enter);
    tick_until(&mut [&mut bob, &mut ann], "Ann's seek at Bob's", |b| {
        b.online()
            .seeks
            .iter()
            .any(|s| s.by == "ann" && s.terms.size == 5)
    });
    let screen = text(&bob, 120, 40);
    assert!(
        screen.contains("Seeks") && screen.contains("ann"),
        "{screen}"
    );
    assert!(screen.contains("5×5"), "{screen}");
    let small = text(&bob, 60, 20);
    assert!(small.contains("Online"), "{small}");
    press(&mut bob, KeyCode::Enter);
    tick_until(&mut [&mut bob, &mut ann], "the game at Bob's", |b| {
        b.online().game.is_some() && *b.screen() == Screen::Board
    });
    tick_until(&mut [&mut ann, &mut bob], "the game at Ann's", |a| {
        a.online().game.is_some()
    });
    assert_eq!(ann.game().size().get(), 5);
    let board = text(&ann, 120, 40);
    assert!(
        board.contains("Online game #") && board.contains("bob"),
        "{board}"
    );
    // A small terminal draws what fits, the clocks' line among it.
    let small = text(&ann, 60, 20);
    assert!(small.contains("bob") || small.contains("Clock"), "{small}");
    assert_eq!(ann.name(Player::One), "ann");
    assert_eq!(bob.name(Player::Two), "bob");

    // Cat watches from the games page.
    press(&mut cat, KeyCode::Tab);
    press(&mut cat, KeyCode::Tab);
    tick_until(&mut [&mut cat], "the game listed", |c| {
        !c.online().games.is_empty()
    });
    press(&mut cat, KeyCode::Enter);
    tick_until(&mut [&mut cat], "the watched game", |c| {
        c.online().game.is_some()
    });
    assert_eq!(cat.online().game.as_ref().unwrap().me(), None);
    // The players see that someone watches.
    tick_until(&mut [&mut ann, &mut cat], "the watcher counted", |a| {
        notes(a).contains("1 watches")
    });

    // Moves by keys, each shown once the server took it, to the end.
    let mut played = 0;
    while !ann.game().is_over() {
        let mover = ann.game().player_to_move();
        let (player, other) = if mover == Player::One {
            (&mut ann, &mut bob)
        } else {
            (&mut bob, &mut ann)
        };
        // Not the other's turn: refused here, nothing sent.
        let before = other.game().history().len();
        press(other, KeyCode::Enter);
        assert_eq!(other.game().history().len(), before);
        let mv = some_move(player.game()).to_string();
        play_at(player, &mv);
        played += 1;
        tick_until(&mut [player, other, &mut cat], "the move everywhere", |p| {
            p.game().history().len() == played
        });
        tick_until(&mut [other], "the move at the other's", |p| {
            p.game().history().len() == played
        });
        assert!(played <= 25, "a 5×5 game ends by its 25th move");
    }
    for app in [&mut ann, &mut bob, &mut cat] {
        tick_until(&mut [app], "the end", |a| {
            a.online()
                .game
                .as_ref()
                .is_some_and(|g| g.state.result.is_some())
        });
    }
    let moves = ann.game().history().to_vec();
    assert_eq!(bob.game().history(), &moves[..]);
    tick_until(&mut [&mut cat], "every move at the watcher's", |c| {
        c.game().history().len() == moves.len()
    });
    assert_eq!(cat.game().history(), &moves[..]);
    let notes = notes(&ann);
    assert!(notes.contains("ann 1500 →"), "a rating change: {notes}");
    // The end is said once, by the panel, as of any game.
    let panel = text(&ann, 120, 40);
    assert!(
        panel.contains("wins!") && panel.contains("New game?"),
        "{panel}"
    );
    assert!(
        !panel.contains("Ended:") && !panel.contains("watches"),
        "{panel}"
    );
    let said = ann.message().map(|m| m.text.clone()).unwrap_or_default();
    assert!(said.contains("Your rating"), "{said}");
    // Both keep the finished game as a record.
    for (app, dir) in [(&mut ann, &da), (&mut bob, &db)] {
        let game = app.online().game.as_ref().unwrap().state.game;
        let record = dir.join(format!("data/records/online-{game}.brique"));
        tick_until(&mut [app], "the record kept", |_| record.is_file());
        let saved = brique::storage::load_record(&record).unwrap();
        assert_eq!(saved.game.history().len(), moves.len());
    }

    // The leaderboard has both; Enter shows Bob's games, Enter downloads one.
    press(&mut bob, KeyCode::Char('d'));
    for _ in 0..4 {
        press(&mut bob, KeyCode::Tab);
    }
    tick_until(&mut [&mut bob], "the leaderboard", |b| {
        b.online().leaderboard.len() == 2
    });
    let board = text(&bob, 120, 40);
    assert!(
        board.contains("Leaderboard") && board.contains("ann"),
        "{board}"
    );
    press(&mut bob, KeyCode::Enter);
    tick_until(&mut [&mut bob], "a player's archive", |b| {
        b.online().archive.len() == 1
    });
    let ratings = &bob.online().ratings;
    assert_eq!(ratings.len(), 1, "{ratings:?}");
    let page = text(&bob, 120, 40);
    assert!(page.contains("Rating after each game:"), "{page}");
    press(&mut bob, KeyCode::Enter);
    tick_until(&mut [&mut bob], "the download", |b| {
        b.message().is_some_and(|m| m.text.contains("Saved as"))
    });
    let records: Vec<_> = std::fs::read_dir(db.join("data/records"))
        .unwrap()
        .collect();
    assert_eq!(
        records.len(),
        2,
        "the game kept at its end and the one downloaded"
    );
    // Cat challenges Bob by name from the players' page: Bob sees it, Ann
    // does not, and Bob's Enter starts it.
    press(&mut cat, KeyCode::Char('d'));
    for _ in 0..3 {
        press(&mut cat, KeyCode::Tab);
    }
    let bob_at = cat
        .online()
        .players
        .iter()
        .position(|p| p == "bob")
        .unwrap();
    for _ in 0..bob_at {
        press(&mut cat, KeyCode::Down);
    }
    press(&mut cat, KeyCode::Char('n'));
    assert!(text(&cat, 120, 40).contains("Challenge"));
    press(&mut cat, KeyCode::Enter);
    tick_until(
        &mut [&mut bob, &mut cat, &mut ann],
        "the challenge at Bob's",
        |b| {
            b.online()
                .seeks
                .iter()
                .any(|s| s.to.as_deref() == Some("bob"))
        },
    );
    assert!(ann.online().seeks.is_empty(), "{:?}", ann.online().seeks);
    // From the archive, past the tournaments, round to the seeks.
    press(&mut bob, KeyCode::Tab);
    press(&mut bob, KeyCode::Tab);
    assert!(text(&bob, 120, 40).contains("cat challenges you"));
    press(&mut bob, KeyCode::Enter);
    tick_until(&mut [&mut bob, &mut cat], "the challenge's game", |b| {
        b.online()
            .game
            .as_ref()
            .is_some_and(|g| g.state.names == ["cat", "bob"])
    });

    // A new game leaves the finished online game.
    press(&mut ann, KeyCode::Char('n'));
    assert!(ann.online().game.is_none());
    assert!(ann.game().history().is_empty());
}

#[test]
fn online_a_correspondence_game_waiting_is_told_at_start_and_opens_with_the_move_made_away() {
    let root = tempfile::tempdir().unwrap();
    let (server, lobby) = server_in(root.path());
    let (da, db) = (root.path().join("a"), root.path().join("b"));
    // Ann and Bob (their apps' keys) start a game of a day a move; Ann plays.
    let mut ann = client_of(&server, &da, "ann");
    let mut bob = client_of(&server, &db, "bob");
    let Answer::Seeking { seek } = ann
        .request(
            Ask::Seek {
                terms: terms(Pace::Days(1)),
            },
            WAIT,
        )
        .unwrap()
    else {
        panic!("no seek")
    };
    let Answer::Started { game } = bob.request(Ask::Accept { seek }, WAIT).unwrap() else {
        panic!("not started")
    };
    let Answer::Game { state } = ann.request(Ask::Watch { game }, WAIT).unwrap() else {
        panic!("no state")
    };
    // Whoever holds Black moves first; Bob's first move if he does.
    let (first, second) = if state.black == Player::One {
        (&mut ann, &mut bob)
    } else {
        (&mut bob, &mut ann)
    };
    let ask = |ply: u16, mv: &str| Ask::Move {
        game,
        ply,
        mv: mv.into(),
    };
    assert_eq!(first.request(ask(0, "c3"), WAIT).unwrap(), Answer::Done);
    let waiting_for_bob = state.black == Player::One;
    if !waiting_for_bob {
        assert_eq!(second.request(ask(1, "b2"), WAIT).unwrap(), Answer::Done);
    }
    drop((ann, bob));

    // Bob's game opens: one game waits for his move.
    let mut app = app_in(&db, &lobby, "bob");
    app.connect_online_if_set();
    tick_until(&mut [&mut app], "the games waiting", |a| {
        a.message()
            .is_some_and(|m| m.text.contains("waits for your move"))
    });
    assert_eq!(app.online().mine.len(), 1);
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Tab);
    let screen = text(&app, 120, 40);
    assert!(
        screen.contains("your move") && screen.contains("1 day a move"),
        "{screen}"
    );
    press(&mut app, KeyCode::Enter);
    tick_until(&mut [&mut app], "the game on the board", |a| {
        a.online().game.is_some()
    });
    let last = if waiting_for_bob { "c3" } else { "b2" };
    let said = app.message().map(|m| m.text.clone()).unwrap_or_default();
    assert!(
        said.contains(&format!("ann played {last} while you were away")),
        "{said}"
    );
    let notes: String = app
        .panel_notes()
        .into_iter()
        .map(|n| n.text + "\n")
        .collect();
    assert!(
        notes.contains("bob to move: ") && notes.contains(" left."),
        "{notes}"
    );
    // Bob plays by keys; the server takes it.
    let mv = some_move(app.game()).to_string();
    let before = app.game().history().len();
    play_at(&mut app, &mv);
    tick_until(&mut [&mut app], "Bob's move taken", |a| {
        a.game().history().len() == before + 1
    });
    // Bob's game closes and opens again: the autosave's online game is
    // taken up from the server, and meanwhile no move is made here.
    drop(app);
    let mut again = app_in(&db, &lobby, "bob");
    again.connect_online_if_set();
    let waiting = again.game().history().len();
    assert_eq!(waiting, before + 1, "the autosave holds the game");
    let mv = some_move(again.game()).to_string();
    play_at(&mut again, &mv);
    assert_eq!(again.game().history().len(), waiting);
    tick_until(&mut [&mut again], "the game taken up", |a| {
        a.online()
            .game
            .as_ref()
            .is_some_and(|g| g.state.game == game)
    });
    assert_eq!(
        again.online().game.as_ref().unwrap().me(),
        Some(Player::Two)
    );
}

#[test]
fn online_a_name_taken_is_said_in_the_form_and_another_can_be_typed() {
    let root = tempfile::tempdir().unwrap();
    let (server, lobby) = server_in(root.path());
    let _ann = client_of(&server, &root.path().join("a"), "ann");
    let mut app = app_in(&root.path().join("b"), &lobby, "ann");
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Enter);
    tick_until(&mut [&mut app], "the refusal", |a| {
        text(a, 120, 40).contains("taken")
    });
    let screen = text(&app, 120, 40);
    assert!(screen.contains("the name ann is taken"), "{screen}");
    assert!(app.online().me.is_none());
    // Another name, typed over the old one.
    for _ in 0..3 {
        press(&mut app, KeyCode::Backspace);
    }
    type_keys(&mut app, "anna");
    press(&mut app, KeyCode::Enter);
    tick_until(&mut [&mut app], "the connection", |a| {
        a.online().me.as_deref() == Some("anna")
    });
    assert_eq!(app.config().network.online_name, "anna");
}

#[test]
fn online_a_server_that_is_not_there_is_said_at_once() {
    let root = tempfile::tempdir().unwrap();
    // A port nobody listens on: bound, then closed.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut app = app_in(root.path(), &format!("127.0.0.1:{port}"), "ann");
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Enter);
    tick_until(&mut [&mut app], "the failure", |a| {
        text(a, 120, 40).contains("Not connected")
    });
    let screen = text(&app, 120, 40);
    assert!(screen.contains("cannot reach the server"), "{screen}");
    assert!(matches!(app.screen(), Screen::Online(_)));
    // A bad address is refused in the form, nothing sent.
    for _ in 0..3 {
        press(&mut app, KeyCode::Tab);
    }
    let small = text(&app, 60, 20);
    assert!(small.contains("Play online"), "{small}");
    press(&mut app, KeyCode::Esc);
    assert_eq!(*app.screen(), Screen::Board);
}

#[test]
fn online_a_server_whose_key_changed_is_said_clearly_and_nothing_is_sent() {
    let root = tempfile::tempdir().unwrap();
    let (_server, lobby) = server_in(root.path());
    let dir = root.path().join("a");
    // The key met "the first time" is another.
    let data = Paths::under(&dir).data_dir;
    std::fs::create_dir_all(&data).unwrap();
    let known = data.join(KNOWN_SERVERS_FILE);
    std::fs::write(&known, format!("{lobby} {}\n", "ab".repeat(32))).unwrap();
    let mut app = app_in(&dir, &lobby, "ann");
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Enter);
    tick_until(&mut [&mut app], "the refusal", |a| {
        text(a, 120, 40).contains("key changed")
    });
    let screen = text(&app, 120, 40);
    assert!(screen.contains("different key"), "{screen}");
    assert!(app.online().me.is_none());
    // The line of the first time is kept as it was.
    let lines = std::fs::read_to_string(&known).unwrap();
    assert_eq!(lines, format!("{lobby} {}\n", "ab".repeat(32)));
}

#[test]
fn online_a_server_that_stops_is_said_and_the_form_comes_back() {
    let root = tempfile::tempdir().unwrap();
    let (server, lobby) = server_in(root.path());
    let mut app = app_in(&root.path().join("a"), &lobby, "ann");
    connect(&mut app, "ann");
    assert_eq!(app.context(), brique::app::keymap::Context::Online);
    server.kill();
    tick_until(&mut [&mut app], "the loss told", |a| {
        a.message()
            .is_some_and(|m| m.text.contains("closed the connection"))
    });
    assert_eq!(app.context(), brique::app::keymap::Context::OnlineForm);
    assert!(app.tick_interval().is_none(), "nothing left to poll");
}
