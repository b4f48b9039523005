//! The two players of a lobby game talk and take moves back: chat lines
//! cleaned, rate-limited, kept with the game and told to the players only
//! (watchers do not chat); a take-back asked, declined or accepted, the
//! moves and the clocks set back in the game and in the database; and a
//! player who leaves told to the other.

use brique::core::Player;
use brique::online::protocol::{Answer, Ask, Push, Terms};

use crate::lobby_support::{
    Backend, Lobby, ask, connect, drain, on_both, play_one, quick, refused, replay, start_game,
    wait_push,
};

const TIMED: Terms = quick(10, 5);

fn chat_lines(pushes: &[Push]) -> Vec<(String, String)> {
    pushes
        .iter()
        .filter_map(|p| match p {
            Push::Chat { from, text, .. } => Some((from.clone(), text.clone())),
            _ => None,
        })
        .collect()
}

on_both!(lobby_chat_reaches_both_players_cleaned_limited_and_kept_and_a_watcher_is_refused);
fn lobby_chat_reaches_both_players_cleaned_limited_and_kept_and_a_watcher_is_refused(
    backend: Backend,
) {
    let lobby = Lobby::new(backend);
    let (dir, server) = (&lobby.dir, lobby.start());
    let (mut ann, _) = connect(&server, dir.path(), "ann");
    let (mut bob, _) = connect(&server, dir.path(), "bob");
    let (mut cat, _) = connect(&server, dir.path(), "cat");
    let state = start_game(&mut ann, &mut bob, TIMED);
    let game = state.game;
    ask(&mut cat, Ask::Watch { game });
    drain(&mut bob);
    drain(&mut cat);

    let said = Ask::Chat {
        game,
        text: "good \u{1b}[31mluck\u{202e}\n  bob".into(),
    };
    assert_eq!(ask(&mut ann, said), Answer::Done);
    let line = ("ann".to_string(), "good [31mluck bob".to_string());
    assert_eq!(chat_lines(&drain(&mut bob)), std::slice::from_ref(&line));
    assert_eq!(chat_lines(&drain(&mut ann)), std::slice::from_ref(&line));
    // A watcher neither reads the players' chat nor says anything.
    assert!(chat_lines(&drain(&mut cat)).is_empty());
    let why = refused(
        &mut cat,
        Ask::Chat {
            game,
            text: "hi".into(),
        },
    );
    assert!(why.starts_with("watchers do not chat"), "{why}");
    let why = refused(
        &mut bob,
        Ask::Chat {
            game,
            text: " \u{7} ".into(),
        },
    );
    assert_eq!(why, "an empty line is not sent");
    // Five lines at once, then twelve a minute.
    for n in 2..=5 {
        let text = format!("line {n}");
        assert_eq!(ask(&mut ann, Ask::Chat { game, text }), Answer::Done);
    }
    let why = refused(
        &mut ann,
        Ask::Chat {
            game,
            text: "more".into(),
        },
    );
    assert_eq!(why, "too many chat lines: at most 12 a minute");
    assert_eq!(
        ask(
            &mut bob,
            Ask::Chat {
                game,
                text: "thanks".into()
            }
        ),
        Answer::Done
    );

    // Kept with the game, in order.
    let mut store = lobby.store();
    let kept = store.chat(game.0).unwrap();
    let mut wanted = vec![line];
    wanted.extend((2..=5).map(|n| ("ann".to_string(), format!("line {n}"))));
    wanted.push(("bob".into(), "thanks".into()));
    assert_eq!(kept, wanted);
}

#[test]
fn lobby_a_take_back_agreed_undoes_the_asker_s_last_move_and_the_clocks_in_the_store_too() {
    let lobby = Lobby::sqlite();
    let (dir, server) = (&lobby.dir, lobby.start());
    let (mut ann, _) = connect(&server, dir.path(), "ann");
    let (mut bob, _) = connect(&server, dir.path(), "bob");
    let (mut cat, _) = connect(&server, dir.path(), "cat");
    let state = start_game(&mut ann, &mut bob, TIMED);
    let game = state.game;
    ask(&mut cat, Ask::Watch { game });
    let mut core = replay(&state);
    // Player 1 (ann) or 2 (bob) holds Black and moves first.
    let (first, second) = if state.black == Player::One {
        (&mut ann, &mut bob)
    } else {
        (&mut bob, &mut ann)
    };
    let first_name = if state.black == Player::One {
        "ann"
    } else {
        "bob"
    };
    // Nothing to take back before one's first move.
    let why = refused(first, Ask::Takeback { game });
    assert_eq!(why, "you have no move to take back");
    play_one(first, game, &mut core);
    play_one(second, game, &mut core);
    drain(first);
    drain(second);

    // The first mover asks with the move on them: their move and the
    // answer go. Declined first; one request waits at a time.
    assert_eq!(ask(first, Ask::Takeback { game }), Answer::Done);
    let by = wait_push(second, "the request", |p| match p {
        Push::Takeback { game: g, by } if *g == game => Some(by.clone()),
        _ => None,
    });
    assert_eq!(by, first_name);
    let why = refused(first, Ask::Takeback { game });
    assert_eq!(why, "a take-back request already waits for an answer");
    let why = refused(first, Ask::TakebackAnswer { game, yes: true });
    assert_eq!(why, "no take-back request waits for your answer");
    assert_eq!(
        ask(second, Ask::TakebackAnswer { game, yes: false }),
        Answer::Done
    );
    wait_push(first, "the refusal", |p| match p {
        Push::TakebackDeclined { game: g, .. } if *g == game => Some(()),
        _ => None,
    });

    // Asked again and agreed: both moves gone for players and watchers,
    // the clocks as at the start (the increments given back too).
    assert_eq!(ask(first, Ask::Takeback { game }), Answer::Done);
    assert_eq!(
        ask(second, Ask::TakebackAnswer { game, yes: true }),
        Answer::Done
    );
    for client in [&mut *first, &mut *second, &mut cat] {
        let state = wait_push(client, "the take-back", |p| match p {
            Push::TakenBack { state } if state.game == game => Some(state.clone()),
            _ => None,
        });
        assert!(state.moves.is_empty(), "{:?}", state.moves);
        // Black to move again, before each side's first move: no clock
        // runs, both stand at their start (10 minutes and the first
        // increment, the clock rule's).
        assert_eq!(state.clocks.white_ms, 605_000);
        assert_eq!(state.clocks.black_ms, 605_000, "{:?}", state.clocks);
    }
    // Play goes on from there; a third request is the last one.
    let mut core = replay(&state);
    play_one(first, game, &mut core);
    assert_eq!(ask(first, Ask::Takeback { game }), Answer::Done);
    // A move answers a waiting request with no.
    play_one(second, game, &mut core);
    wait_push(first, "the request withdrawn", |p| match p {
        Push::TakebackDeclined { game: g, .. } if *g == game => Some(()),
        _ => None,
    });
    let why = refused(first, Ask::Takeback { game });
    assert_eq!(why, "at most 3 take-back requests in a game");

    // The database holds the game as taken back: after a restart, the two
    // moves played since.
    let server = server.restart();
    let (mut cat, _) = connect(&server, dir.path(), "cat");
    let Answer::Game { state } = ask(&mut cat, Ask::Watch { game }) else {
        panic!("no game");
    };
    assert_eq!(state.moves.len(), 2, "{:?}", state.moves);
}

#[test]
fn lobby_a_player_who_leaves_is_told_to_the_other_and_again_when_back() {
    let lobby = Lobby::sqlite();
    let (dir, server) = (&lobby.dir, lobby.start());
    let (mut ann, _) = connect(&server, dir.path(), "ann");
    let (bob, _) = connect(&server, dir.path(), "bob");
    let mut bob = bob;
    let game = start_game(&mut ann, &mut bob, TIMED).game;
    drop(bob);
    let gone = wait_push(&mut ann, "bob gone", |p| match p {
        Push::Presence {
            game: g,
            name,
            here,
        } if *g == game => Some((name.clone(), *here)),
        _ => None,
    });
    assert_eq!(gone, ("bob".to_string(), false));
    // Ann opening her game is told too.
    let (mut ann2, _) = connect(&server, dir.path(), "ann");
    ask(&mut ann2, Ask::Watch { game });
    let told = drain(&mut ann2)
        .into_iter()
        .any(|p| matches!(p, Push::Presence { here: false, .. }));
    assert!(told);
    let (_bob, _) = connect(&server, dir.path(), "bob");
    let back = wait_push(&mut ann, "bob back", |p| match p {
        Push::Presence {
            game: g,
            name,
            here,
        } if *g == game => Some((name.clone(), *here)),
        _ => None,
    });
    assert_eq!(back, ("bob".to_string(), true));
}
