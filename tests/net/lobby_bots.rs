//! The server's own bots (`brique server --lobby --bots LEVELS`) against a
//! real server: a rated game with brique-easy played to its end, the bots
//! marked in every list, their names, their seeks, and their cap.

use brique::core::{Game, Player, Variant};
use brique::online::Client;
use brique::online::protocol::{
    Answer, Ask, GameResult, GameState, Push, RatingChange, SeekSummary, Terms,
};

use crate::lobby_support::{
    Lobby, archive, ask, challenge, connect, leaderboard, play_one, quick, refused, replay,
    wait_push,
};

/// Plays `client`'s side of `state` (any legal move) against the bot
/// until the game ends; its result and rating changes.
fn play_against_bot(
    client: &mut Client,
    state: &GameState,
    me: Player,
) -> (GameResult, Vec<RatingChange>) {
    let id = state.game;
    let mut game: Game = replay(state);
    loop {
        if !game.is_over() && game.player_to_move() == me {
            play_one(client, id, &mut game);
            continue;
        }
        let seen = wait_push(client, "the bot's move or the end", |p| match p {
            Push::Moved {
                game: g, ply, mv, ..
            } if *g == id => Some(Err((usize::from(*ply), mv.clone()))),
            Push::Ended {
                game: g,
                result,
                ratings,
            } if *g == id => Some(Ok((*result, ratings.clone()))),
            _ => None,
        });
        match seen {
            Ok(end) => return end,
            Err((ply, mv)) if ply == game.history().len() => {
                game.play(mv.parse().unwrap()).unwrap();
            }
            Err(_) => {}
        }
    }
}

fn bot_seeks(seeks: &[SeekSummary]) -> Vec<&SeekSummary> {
    seeks.iter().filter(|s| s.bot && s.to.is_none()).collect()
}

#[test]
fn a_player_challenges_brique_easy_and_a_rated_game_is_played_to_its_end() {
    let lobby = Lobby::sqlite();
    let server = lobby.start_on(&["--bots", "easy"]);
    let (mut alice, _) = connect(&server, lobby.dir.path(), "alice");
    let bots = wait_push(&mut alice, "brique-easy online, as a bot", |p| match p {
        Push::Players { players, bots } if players.contains(&"brique-easy".into()) => {
            Some(bots.clone())
        }
        _ => None,
    });
    assert_eq!(bots, ["brique-easy"]);
    let state = challenge(&mut alice, "brique-easy", quick(5, 0));
    assert_eq!(
        state.names,
        ["alice".to_string(), "brique-easy".to_string()]
    );
    // One's games mark the bot's side (asked: the bot may have moved
    // already, and its move stays in line for the game below).
    let Answer::Games { games } = ask(&mut alice, Ask::MyGames) else {
        panic!("no games");
    };
    let listed = games.iter().find(|g| g.game == state.game).unwrap();
    let bot_is_black = listed.black == "brique-easy";
    assert_eq!(
        (listed.black_bot, listed.white_bot),
        (bot_is_black, !bot_is_black)
    );
    let (result, ratings) = play_against_bot(&mut alice, &state, Player::One);
    // Played to its end: connected or resigned, never on time nor aborted.
    assert!(
        matches!(
            result,
            GameResult::Connection { .. } | GameResult::Resignation { .. }
        ),
        "{result:?}"
    );
    // Rated like anyone: both ratings changed.
    for name in ["alice", "brique-easy"] {
        let change = ratings.iter().find(|r| r.name == name).unwrap();
        assert_ne!(change.before, change.after, "{name}: {change:?}");
    }
    // The leaderboard and the archive mark the bot.
    let players = leaderboard(&mut alice, Variant::Original);
    let marks: Vec<(String, bool)> = players.iter().map(|p| (p.name.clone(), p.bot)).collect();
    assert!(marks.contains(&("brique-easy".into(), true)), "{marks:?}");
    assert!(marks.contains(&("alice".into(), false)), "{marks:?}");
    let games = archive(&mut alice, "alice");
    assert_eq!(games[0].game, state.game);
    assert_eq!(games[0].bots, [false, true]);
}

#[test]
fn a_level_named_twice_gives_two_bots() {
    let lobby = Lobby::sqlite();
    let server = lobby.start_on(&["--bots", "easy,easy"]);
    let (mut alice, _) = connect(&server, lobby.dir.path(), "alice");
    let both = ["brique-easy".to_string(), "brique-easy-2".to_string()];
    let bots = wait_push(&mut alice, "both bots online", |p| match p {
        Push::Players { players, bots } if both.iter().all(|b| players.contains(b)) => {
            Some(bots.clone())
        }
        _ => None,
    });
    assert_eq!(bots, both);
}

#[test]
fn bot_seeks_open_while_no_person_seeks_and_go_when_one_does() {
    let lobby = Lobby::sqlite();
    let server = lobby.start_on(&["--bots", "easy,casual"]);
    let (mut alice, _) = connect(&server, lobby.dir.path(), "alice");
    let open = wait_push(&mut alice, "both bots' seeks", |p| match p {
        Push::Seeks { seeks } if bot_seeks(seeks).len() == 2 => {
            Some(bot_seeks(seeks).into_iter().cloned().collect::<Vec<_>>())
        }
        _ => None,
    });
    for seek in &open {
        assert!(seek.by.starts_with("brique-"), "{seek:?}");
        assert_eq!((seek.terms.size, seek.terms.rated), (9, true));
        assert_eq!(
            seek.terms.pace,
            brique::online::protocol::Pace::Clock {
                minutes: 10,
                increment: 5
            }
        );
    }
    // A person seeks: the bots withdraw theirs.
    let Answer::Seeking { seek } = ask(&mut alice, Ask::Seek { terms: quick(5, 0) }) else {
        panic!("no seek");
    };
    wait_push(&mut alice, "the bots' seeks gone", |p| match p {
        Push::Seeks { seeks } if bot_seeks(seeks).is_empty() => {
            assert!(seeks.iter().any(|s| s.seek == seek));
            Some(())
        }
        _ => None,
    });
    // And open them again when it goes.
    assert_eq!(ask(&mut alice, Ask::Cancel { seek }), Answer::Done);
    wait_push(&mut alice, "the bots' seeks back", |p| match p {
        Push::Seeks { seeks } => (bot_seeks(seeks).len() == 2).then_some(()),
        _ => None,
    });
}

#[test]
fn the_servers_bots_play_at_most_bot_games_at_once() {
    let lobby = Lobby::sqlite();
    let server = lobby.start_on(&["--bots", "easy,casual", "--bot-games", "1"]);
    let (mut alice, _) = connect(&server, lobby.dir.path(), "alice");
    let (mut bob, _) = connect(&server, lobby.dir.path(), "bob");
    wait_push(&mut bob, "brique-casual online", |p| match p {
        Push::Players { players, .. } => players.contains(&"brique-casual".into()).then_some(()),
        _ => None,
    });
    let state = challenge(&mut alice, "brique-easy", quick(5, 0));
    // The games list marks the bot's side.
    let listed = wait_push(&mut bob, "the game in the list", |p| match p {
        Push::Games { games } => games.iter().find(|g| g.game == state.game).cloned(),
        _ => None,
    });
    let bot_is_black = listed.black == "brique-easy";
    assert_eq!(
        (listed.black_bot, listed.white_bot),
        (bot_is_black, !bot_is_black)
    );
    // The one game is on: brique-casual is busy, and Bob is told so.
    let why = refused(
        &mut bob,
        Ask::Challenge {
            name: "brique-casual".into(),
            terms: quick(5, 0),
        },
    );
    assert!(why.contains("1 at once"), "{why}");
    // Nor do the bots keep seeks they could not play.
    wait_push(&mut bob, "no bot seeks", |p| match p {
        Push::Seeks { seeks } => bot_seeks(seeks).is_empty().then_some(()),
        _ => None,
    });
}

/// The measure, run by hand (`cargo test --test net
/// lobby_bots::a_bot_on_a_one_minute_clock -- --ignored --nocapture`): two
/// strongest bots (the level that thinks longest) each play 10 games of
/// 9×9 at 1+0 against a player moving at once; none is lost on time.
#[test]
#[ignore = "a measured run of some minutes"]
fn a_bot_on_a_one_minute_clock_never_loses_on_time_in_20_games() {
    let lobby = Lobby::sqlite();
    let server = lobby.start_on(&["--bots", "strongest,strongest", "--bot-games", "2"]);
    let terms = Terms {
        size: 9,
        pie: false,
        ..quick(1, 0)
    };
    let results: Vec<GameResult> = std::thread::scope(|scope| {
        let players: Vec<_> = [("alice", "brique-strongest"), ("bob", "brique-strongest-2")]
            .into_iter()
            .map(|(name, bot)| {
                let (server, dir) = (&server, lobby.dir.path());
                scope.spawn(move || {
                    let (mut client, _) = connect(server, dir, name);
                    (0..10)
                        .map(|_| {
                            let state = challenge(&mut client, bot, terms);
                            let (result, _) = play_against_bot(&mut client, &state, Player::One);
                            result
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        players
            .into_iter()
            .flat_map(|p| p.join().unwrap())
            .collect()
    });
    let on_time = results.iter().filter(|r| r.on_time()).count();
    println!("{} games, {on_time} on time: {results:?}", results.len());
    assert_eq!(results.len(), 20);
    assert_eq!(on_time, 0);
}
