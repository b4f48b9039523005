use serde_json::json;

use super::*;
use crate::core::Player;
use crate::online::Identity;
use crate::online::protocol::{Ask, FromServer, GameState, Push, Terms};
use crate::online::wire::{Sealer, WireError, noise};

fn terms() -> Terms {
    serde_json::from_value(json!({
        "size": 9, "variant": "original", "pie": false,
        "pace": {"clock": {"minutes": 5, "increment": 3}}, "rated": true
    }))
    .unwrap()
}

#[test]
fn ids_are_bare_numbers_on_the_wire() {
    let ask = Ask::Move {
        game: GameId(7),
        ply: 3,
        mv: "d4".into(),
    };
    let text = serde_json::to_value(&ask).unwrap();
    assert_eq!(
        text,
        json!({"ask": "move", "game": 7, "ply": 3, "mv": "d4"})
    );
    assert_eq!(serde_json::from_value::<Ask>(text).unwrap(), ask);
    let cancel: Ask = serde_json::from_value(json!({"ask": "cancel", "seek": 12})).unwrap();
    assert_eq!(cancel, Ask::Cancel { seek: SeekId(12) });
    assert_eq!(
        (GameId(7).to_string(), SeekId(12).to_string()),
        ("7".into(), "12".into())
    );
}

#[test]
fn every_result_reads_back_as_json_and_as_text() {
    let results = [
        (
            GameResult::Connection {
                winner: Color::Black,
            },
            json!({"by": "connection", "winner": "black"}),
            "Black wins",
        ),
        (
            GameResult::Time {
                winner: Color::White,
            },
            json!({"by": "time", "winner": "white"}),
            "White wins on time",
        ),
        (
            GameResult::Resignation {
                resigned: Color::Black,
            },
            json!({"by": "resignation", "resigned": "black"}),
            "Black resigns",
        ),
        (
            GameResult::Abort,
            json!({"by": "abort"}),
            "Aborted before each side moved",
        ),
    ];
    for (result, wire, text) in results {
        assert_eq!(serde_json::to_value(result).unwrap(), wire);
        assert_eq!(serde_json::from_value::<GameResult>(wire).unwrap(), result);
        assert_eq!(result.to_string(), text);
        assert_eq!(text.parse::<GameResult>(), Ok(result));
    }
    // The archive's text for an abort is the store's.
    assert_eq!(GameResult::Abort.to_string(), crate::server::lobby::ABORTED);
    assert_eq!(
        "Green wins".parse::<GameResult>(),
        Err(BadResult("Green wins".into()))
    );
    assert_eq!(
        GameResult::Resignation {
            resigned: Color::White
        }
        .resigned(),
        Some(Color::White)
    );
    assert!(
        GameResult::Time {
            winner: Color::Black
        }
        .on_time()
    );
}

#[test]
fn who_held_black_is_1_or_2_on_the_wire() {
    let state = GameState {
        game: GameId(3),
        names: ["ann".into(), "bob".into()],
        black: Player::Two,
        terms: terms(),
        moves: vec!["d4".into()],
        clocks: Default::default(),
        watchers: 0,
        result: Some(GameResult::Resignation {
            resigned: Color::White,
        }),
    };
    let mut wire = serde_json::to_value(&state).unwrap();
    assert_eq!(wire["black"], json!(2));
    assert_eq!(wire["game"], json!(3));
    assert_eq!(
        serde_json::from_value::<GameState>(wire.clone()).unwrap(),
        state
    );
    wire["black"] = json!(3);
    let e = serde_json::from_value::<GameState>(wire).unwrap_err();
    assert!(e.to_string().contains("a player is 1 or 2"), "{e}");
}

/// A server that sends what is no message, or a result, colour or player
/// this copy cannot read: the client gets a typed error, never a panic.
#[test]
fn a_malformed_peer_gets_a_typed_error() {
    let (a, b) = (Identity::generate().unwrap(), Identity::generate().unwrap());
    let (mut client, mut server) = (noise(&a, true).unwrap(), noise(&b, false).unwrap());
    let (mut buf, mut out) = (vec![0u8; 1024], vec![0u8; 1024]);
    let len = client.write_message(&[], &mut out).unwrap();
    server.read_message(&out[..len], &mut buf).unwrap();
    let len = server.write_message(&[], &mut out).unwrap();
    client.read_message(&out[..len], &mut buf).unwrap();
    let len = client.write_message(&[], &mut out).unwrap();
    server.read_message(&out[..len], &mut buf).unwrap();
    let client = client.into_stateless_transport_mode().unwrap();
    let server = server.into_stateless_transport_mode().unwrap();
    let (mut sealer, mut opener) = (Sealer { nonce: 0 }, Sealer { nonce: 0 });
    for bad in [
        &br#"{"push":{"push":"ended","game":1,"result":"White resigns","ratings":[]}}"#[..],
        br#"{"push":{"push":"ended","game":1,"result":{"by":"resignation","resigned":"green"},"ratings":[]}}"#,
        br#"{"push":{"push":"ended","game":-1,"result":{"by":"abort"},"ratings":[]}}"#,
        br#"{"push":{"push":"ended","game":"one","result":{"by":"abort"},"ratings":[]}}"#,
        b"not json",
    ] {
        let sealed = sealer.seal_bytes(&server, bad).unwrap();
        let opened = opener.open::<FromServer>(&client, &sealed);
        assert!(matches!(opened, Err(WireError::Json(_))), "{opened:?}");
    }
    // And one it can read, after them.
    let good = br#"{"push":{"push":"ended","game":1,"result":{"by":"abort"},"ratings":[]}}"#;
    let sealed = sealer.seal_bytes(&server, good).unwrap();
    let opened = opener.open::<FromServer>(&client, &sealed).unwrap();
    assert_eq!(
        opened,
        FromServer::Push(Push::Ended {
            game: GameId(1),
            result: GameResult::Abort,
            ratings: Vec::new(),
        })
    );
}
