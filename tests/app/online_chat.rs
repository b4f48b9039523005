//! An online game's players talk, take moves back and get no engine
//! help, against a real `brique server --lobby`: `a`, `t` and `b` refused
//! while it goes on; `c` says a line the other reads in the panel (a
//! watcher is told watchers do not chat); `u` asks, the other agrees in a
//! question, and both boards go back; a challenge is said on the board; a
//! player who leaves is shown with the time they have to come back.

use crate::lobby_support::{WAIT, replay, some_move};
use crate::online_support::{
    app_in, client_of, connect, notes, seek_and_accept, server_in, terms, tick_until,
};
use crate::support::{play_at, press, type_keys};
use brique::app::{Action, App, Question, Screen};
use brique::online::protocol::{Answer, Ask, Pace, Push};
use ratatui::crossterm::event::KeyCode;

fn said(app: &App) -> String {
    app.message().map(|m| m.text.clone()).unwrap_or_default()
}

/// The one of `ann` and `bob` to move plays by keys; both see it. Returns
/// whether it was Ann.
fn play_by_keys(ann: &mut App, bob: &mut App) -> bool {
    let played = ann.game().history().len() + 1;
    let to_move = ann.game().player_to_move();
    let ann_moves = ann.online().game.as_ref().unwrap().me() == Some(to_move);
    let (player, other) = if ann_moves { (ann, bob) } else { (bob, ann) };
    let mv = some_move(player.game()).to_string();
    play_at(player, &mv);
    tick_until(&mut [player, other], "the move", |p| {
        p.game().history().len() == played
    });
    tick_until(&mut [other], "the move at the other's", |p| {
        p.game().history().len() == played
    });
    ann_moves
}

#[test]
fn online_engine_help_is_refused_in_a_rated_game_in_progress() {
    let root = tempfile::tempdir().unwrap();
    let (_server, lobby) = server_in(root.path());
    let mut ann = app_in(&root.path().join("a"), &lobby, "ann");
    let mut bob = app_in(&root.path().join("b"), &lobby, "bob");
    connect(&mut ann, "ann");
    connect(&mut bob, "bob");
    seek_and_accept(&mut ann, &mut bob);
    assert!(ann.online().game.as_ref().unwrap().state.terms.rated);
    play_by_keys(&mut ann, &mut bob);
    // The heat map, the hint and the review: each refused, nothing shown
    // and no search started.
    for key in ['a', 't', 'b'] {
        press(&mut ann, KeyCode::Char(key));
        let text = said(&ann);
        assert!(
            text.starts_with("No engine help while this online game goes on."),
            "{key}: {text}"
        );
        ann.update(Action::Tick);
        assert!(!ann.analysis_shown(), "{key}");
        assert!(
            ann.computer().job().is_none(),
            "{key}: {:?}",
            ann.computer().job()
        );
        assert!(ann.hint().is_none());
    }
}

#[test]
fn online_players_chat_and_a_take_back_agreed_goes_back_on_both_boards() {
    let root = tempfile::tempdir().unwrap();
    let (_server, lobby) = server_in(root.path());
    let mut ann = app_in(&root.path().join("a"), &lobby, "ann");
    let mut bob = app_in(&root.path().join("b"), &lobby, "bob");
    connect(&mut ann, "ann");
    connect(&mut bob, "bob");
    seek_and_accept(&mut ann, &mut bob);

    // Chat: Ann says a line, both panels show it.
    press(&mut ann, KeyCode::Char('c'));
    assert!(matches!(ann.screen(), Screen::Chat(_)), "{}", said(&ann));
    type_keys(&mut ann, "good luck");
    press(&mut ann, KeyCode::Enter);
    tick_until(&mut [&mut bob, &mut ann], "the line at Bob's", |b| {
        notes(b).contains("ann: good luck")
    });
    tick_until(&mut [&mut ann, &mut bob], "the line at Ann's", |a| {
        notes(a).contains("You: good luck")
    });

    // Take-back: the one who just moved asks, the other agrees.
    let ann_moved = play_by_keys(&mut ann, &mut bob);
    let (asker, other) = if ann_moved {
        (&mut ann, &mut bob)
    } else {
        (&mut bob, &mut ann)
    };
    press(asker, KeyCode::Char('u'));
    assert!(said(asker).starts_with("Asked "), "{}", said(asker));
    tick_until(&mut [other, asker], "the question", |o| {
        *o.screen() == Screen::Confirm(Question::Takeback)
    });
    tick_until(&mut [asker], "the request in the panel", |a| {
        notes(a).contains("to take back your last move; waiting for the answer")
    });
    press(other, KeyCode::Char('y'));
    tick_until(&mut [other, asker], "the move taken back", |o| {
        o.game().history().is_empty()
    });
    tick_until(&mut [asker], "the move taken back at the asker's", |a| {
        a.game().history().is_empty()
    });
    assert_eq!(said(asker), "Took back 1 move: both agreed.");
    assert_eq!(*other.screen(), Screen::Board);
}

#[test]
fn online_a_watcher_pressing_c_is_told_watchers_do_not_chat() {
    let root = tempfile::tempdir().unwrap();
    let (server, lobby) = server_in(root.path());
    let mut ann = client_of(&server, &root.path().join("a"), "ann");
    let mut bob = client_of(&server, &root.path().join("b"), "bob");
    let Ok(Answer::Seeking { seek }) = ann.request(
        Ask::Seek {
            terms: terms(Pace::Days(1)),
        },
        WAIT,
    ) else {
        panic!("no seek");
    };
    let Ok(Answer::Started { game }) = bob.request(Ask::Accept { seek }, WAIT) else {
        panic!("not started");
    };
    let mut cat = app_in(&root.path().join("c"), &lobby, "cat");
    connect(&mut cat, "cat");
    tick_until(&mut [&mut cat], "the game listed", |c| {
        c.online().games.iter().any(|g| g.game == game)
    });
    // The Games page, its first game watched.
    press(&mut cat, KeyCode::Tab);
    press(&mut cat, KeyCode::Tab);
    press(&mut cat, KeyCode::Enter);
    tick_until(&mut [&mut cat], "the game watched", |c| {
        c.online().game.is_some()
    });
    press(&mut cat, KeyCode::Char('c'));
    assert_eq!(*cat.screen(), Screen::Board);
    assert_eq!(
        said(&cat),
        "Watchers do not chat: only the two players of a game talk."
    );
    // Nor do they take moves back.
    press(&mut cat, KeyCode::Char('u'));
    assert_eq!(*cat.screen(), Screen::Board);
}

#[test]
fn online_a_challenge_is_said_on_the_board_and_an_opponent_who_leaves_is_shown_with_their_time() {
    let root = tempfile::tempdir().unwrap();
    let (server, lobby) = server_in(root.path());
    let mut ann = app_in(&root.path().join("a"), &lobby, "ann");
    connect(&mut ann, "ann");
    press(&mut ann, KeyCode::Esc);
    assert_eq!(*ann.screen(), Screen::Board);
    let mut bob = client_of(&server, &root.path().join("b"), "bob");
    let clock = terms(Pace::Clock {
        minutes: 10,
        increment: 0,
    });
    let challenge = Ask::Challenge {
        name: "ann".into(),
        terms: clock,
    };
    let Ok(Answer::Seeking { seek }) = bob.request(challenge, WAIT) else {
        panic!("no challenge");
    };
    tick_until(&mut [&mut ann], "the challenge said", |a| {
        said(a).starts_with("bob challenges you to a game (5×5 ")
    });
    assert!(
        said(&ann).ends_with(": d opens the Online screen to accept."),
        "{}",
        said(&ann)
    );

    // Ann accepts on the Online screen; Bob leaves on his move or hers.
    press(&mut ann, KeyCode::Char('d'));
    let _ = seek;
    press(&mut ann, KeyCode::Enter);
    tick_until(&mut [&mut ann], "the game", |a| a.online().game.is_some());
    let state = ann.online().game.as_ref().unwrap().state.clone();
    let bob_black = state.names[state.black.index()] == "bob";
    if !bob_black {
        let mut core = replay(&state);
        let mv = some_move(&core).to_string();
        play_at(&mut ann, &mv);
        core.play(mv.parse().unwrap()).unwrap();
        bob.wait_for(WAIT, |p| matches!(p, Push::Moved { .. }).then_some(()))
            .unwrap();
    }
    drop(bob);
    tick_until(&mut [&mut ann], "Bob gone in the panel", |a| {
        notes(a).contains("bob left: they have ")
    });
    let panel = notes(&ann);
    assert!(panel.contains(" on their clock to come back."), "{panel}");
    assert!(
        panel.contains("have 9:") || panel.contains("have 10:00"),
        "{panel}"
    );
    // Back: the note goes.
    let _bob = client_of(&server, &root.path().join("b"), "bob");
    tick_until(&mut [&mut ann], "Bob back", |a| {
        !notes(a).contains("bob left")
    });
    assert_eq!(said(&ann), "bob is back.");
}
