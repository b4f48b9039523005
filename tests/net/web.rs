//! The web pages of `brique server --lobby --web-port 0`, read over HTTP
//! from a real server: the front page, a game's page (its SVG board and
//! moves), its record, a player's page (the rating chart), what is not
//! there, every name escaped, the live event stream and its limit, and no
//! write.

use std::io::{BufRead, BufReader};

use brique::core::Record;
use brique::online::protocol::GameId;

use crate::lobby_support::{play_out, play_turn, quick, replay, start_game};
use crate::web_support::{WebLobby, agent, path_segment};

const ZED: &str = "<i>zed</i>";
const ZED_ESCAPED: &str = "&lt;i&gt;zed&lt;/i&gt;";

#[test]
fn the_pages_show_games_records_and_players_with_every_name_escaped() {
    let server = WebLobby::start();
    let mut ann = server.player("ann");
    let mut zed = server.player(ZED);
    let state = start_game(&mut ann, &mut zed, quick(5, 0));
    let GameId(id) = state.game;
    let mut core = replay(&state);
    for _ in 0..2 {
        play_turn([&mut ann, &mut zed], state.game, &mut core);
    }
    // The front page lists the game in progress once the lists are out.
    let front = (0..100)
        .map(|_| {
            std::thread::sleep(std::time::Duration::from_millis(100));
            server.get("/")
        })
        .find(|page| page.body.contains(&format!("href=\"/game/{id}\"")))
        .expect("the game shows on the front page");
    assert_eq!(front.status, 200);
    assert!(front.body.contains(ZED_ESCAPED), "{}", front.body);
    assert!(front.body.contains("Open seeks"));
    assert!(front.body.contains("Leaders, original rules"));
    assert_eq!(front.cache.as_deref(), Some("no-cache"));

    // A game in progress: the board with its stones, the moves so far.
    let live = server.get(&format!("/game/{id}"));
    assert_eq!(live.status, 200);
    assert!(live.body.contains("<svg class=\"board\""));
    for mv in core.moves() {
        assert!(live.body.contains(&format!("data-square=\"{mv}\"")), "{mv}");
        assert!(live.body.contains(&format!(">{mv}</a></li>")), "{mv}");
    }
    assert!(
        live.body.contains("EventSource"),
        "a live page follows its game"
    );
    // Stepping back: the board after the first move only.
    let first = server.get(&format!("/game/{id}?move=1"));
    assert_eq!(first.body.matches("data-square=").count(), 1);
    assert!(!first.body.contains("EventSource"));

    // Finished: the record as the archive keeps it, read back by the parser.
    let rest = play_out(&mut [&mut ann, &mut zed], &state_after(&core, &state));
    assert!(!rest.is_empty());
    let record = (0..100)
        .map(|_| {
            std::thread::sleep(std::time::Duration::from_millis(100));
            server.get(&format!("/game/{id}.brique"))
        })
        .find(|page| page.status == 200)
        .expect("the record once the game is over");
    assert_eq!(record.cache.as_deref(), Some("public, max-age=86400"));
    let parsed = Record::parse(&record.body).unwrap();
    assert!(parsed.game.is_over());
    assert_eq!(parsed.names, ["ann".to_string(), ZED.to_string()]);
    assert_eq!(parsed.game.moves().len(), core.moves().len() + rest.len());
    let stored = brique::server::lobby::Store::open(&server.dir.path().join("lobby.sqlite"))
        .unwrap()
        .record(id)
        .unwrap();
    assert_eq!(
        stored.as_deref(),
        Some(record.body.as_str()),
        "as `brique online games` downloads it"
    );
    let over = server.get(&format!("/game/{id}"));
    assert_eq!(over.cache.as_deref(), Some("public, max-age=86400"));
    assert!(over.body.contains("wins"), "{}", over.body);
    assert!(over.body.contains("class=\"chain\""), "the winning chain");
    assert!(over.body.contains(ZED_ESCAPED));

    // A player's page: ratings, the chart of their history, their games.
    let page = server.get(&format!("/player/{}", path_segment(ZED)));
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.body.contains("<svg class=\"chart\""));
    assert!(page.body.contains("<polyline class=\"history original\""));
    assert!(page.body.contains(&format!("href=\"/game/{id}\"")));
    let leaders = server.get("/leaderboard");
    for body in [&page.body, &leaders.body, &over.body] {
        assert!(body.contains(ZED_ESCAPED));
        assert!(!body.contains(ZED), "a name is never markup");
        assert!(body.contains(&format!("/player/{}", path_segment(ZED))));
    }

    // What is not there.
    for path in [
        "/player/nobody",
        "/game/999",
        "/game/999.brique",
        "/game/x",
        "/nothing",
    ] {
        assert_eq!(server.get(path).status, 404, "{path}");
    }
}

/// `state` with `core`'s moves.
fn state_after(
    core: &brique::core::Game,
    state: &brique::online::protocol::GameState,
) -> brique::online::protocol::GameState {
    brique::online::protocol::GameState {
        moves: core.moves().map(|m| m.to_string()).collect(),
        ..state.clone()
    }
}

#[test]
fn the_event_stream_sends_each_move_and_streams_are_limited_per_address() {
    let server = WebLobby::start_on(&["--web-streams-per-address", "1"]);
    let mut ann = server.player("ann");
    let mut bob = server.player("bob");
    let state = start_game(&mut ann, &mut bob, quick(5, 0));
    let GameId(id) = state.game;
    let mut core = replay(&state);
    // A new game shows once the referee publishes its lists (every 500 ms).
    let path = format!("/game/{id}/events");
    let began = std::time::Instant::now();
    while server.get(&format!("/game/{id}")).status != 200 {
        assert!(
            began.elapsed() < std::time::Duration::from_secs(20),
            "the game never showed"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let response = agent().get(&server.url(&path)).call().unwrap();
    assert_eq!(response.status().as_u16(), 200);
    let mut events = BufReader::new(response.into_body().into_reader()).lines();
    let mut next_event = || {
        let mut data = String::new();
        for line in events.by_ref() {
            let line = line.unwrap();
            if line.is_empty() && !data.is_empty() {
                return data;
            }
            if let Some(d) = line.strip_prefix("data: ") {
                data.push_str(d);
            }
        }
        panic!("the stream ended");
    };
    let opened = next_event();
    assert!(opened.contains("<svg class=\"board\""));
    assert_eq!(opened.matches("data-square=").count(), 0);
    // A second stream from the same address is refused.
    let second = agent().get(&server.url(&path)).call().unwrap();
    assert_eq!(second.status().as_u16(), 429);
    play_turn([&mut ann, &mut bob], state.game, &mut core);
    let mv = core.moves().last().unwrap();
    let moved = next_event();
    assert!(moved.contains(&format!("data-square=\"{mv}\"")), "{moved}");
}

#[test]
fn the_web_writes_nothing() {
    let server = WebLobby::start();
    for path in ["/", "/game/1", "/player/ann"] {
        let posted = agent().post(&server.url(path)).send("").unwrap();
        assert_eq!(posted.status().as_u16(), 405, "{path}");
    }
}
