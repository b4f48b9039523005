//! The network layer on the loopback interface: the handshake with the
//! right and a wrong code, a game's messages both ways, and peers that send
//! garbage (proptest): nothing panics, every wait is bounded, and the side
//! that was sent garbage goes on working.

use std::io::Write;
use std::net::{SocketAddr, TcpStream};

use crate::support::{Out, fake_host, joined, wait_for};
use brique::core::{BoardSize, Game, Move, Player, Rules};
use brique::net::{Connection, Event, Hello, JoinCode, Message, Request, Table, connect, listen};
use proptest::prelude::*;

fn code(n: u8) -> JoinCode {
    JoinCode::from_bytes([n; 10])
}

fn host(code: JoinCode) -> (Connection, SocketAddr) {
    listen("127.0.0.1:0".parse().unwrap(), code, Hello::ours("Ann")).unwrap()
}

fn table() -> Table {
    let mut game = Game::new(BoardSize::new(9).unwrap(), Rules::default(), Player::One);
    game.play("e5".parse().unwrap()).unwrap();
    Table {
        game,
        names: ["Ann".into(), "Bob".into()],
        clocks: None,
    }
}

#[test]
fn the_right_code_joins_and_messages_go_both_ways() {
    let (host, addr) = host(code(1));
    let guest = connect(addr, code(1), Hello::ours("Bob\x1b[2J"));
    assert_eq!(
        wait_for(&host, "the guest", joined),
        Event::Joined("Bob[2J".into())
    );
    assert_eq!(
        wait_for(&guest, "the host", joined),
        Event::Joined("Ann".into())
    );

    assert!(host.send(Message::State(Box::new(table()))));
    let got = wait_for(&guest, "the state", |e| matches!(e, Event::Got(_)));
    assert_eq!(got, Event::Got(Message::State(Box::new(table()))));
    assert!(guest.send(Message::Play(Move::Swap)));
    assert!(guest.send(Message::Ask(Request::Undo)));
    let got = wait_for(&host, "the move", |e| matches!(e, Event::Got(_)));
    assert_eq!(got, Event::Got(Message::Play(Move::Swap)));
    let got = wait_for(&host, "the request", |e| matches!(e, Event::Got(_)));
    assert_eq!(got, Event::Got(Message::Ask(Request::Undo)));

    // The guest leaves: the host hears of it.
    drop(guest);
    wait_for(&host, "the loss", |e| matches!(e, Event::Lost(_)));
}

#[test]
fn a_wrong_code_is_refused_and_the_right_one_still_joins() {
    let (host, addr) = host(code(1));
    let wrong = connect(addr, code(2), Hello::ours("Eve"));
    let refused = wait_for(&wrong, "the refusal", |e| matches!(e, Event::Refused(_)));
    let Event::Refused(why) = refused else {
        unreachable!()
    };
    assert!(why.contains("code is wrong, or no game"), "{why}");
    assert!(host.next_event().is_none(), "the host heard of no one");

    let guest = connect(addr, code(1), Hello::ours("Bob"));
    wait_for(&guest, "the host", joined);
    wait_for(&host, "the guest", joined);
}

#[test]
fn a_guest_that_comes_back_replaces_its_old_link() {
    let (host, addr) = host(code(3));
    let first = connect(addr, code(3), Hello::ours("Bob"));
    wait_for(&host, "the guest", joined);
    let second = connect(addr, code(3), Hello::ours("Bob"));
    wait_for(&host, "the guest again", joined);
    // The first link's end is not the game's: the host keeps the new one.
    drop(first);
    wait_for(&second, "the host", joined);
    assert!(host.send(Message::Chat("still here".into())));
    let got = wait_for(&second, "the chat", |e| matches!(e, Event::Got(_)));
    assert_eq!(got, Event::Got(Message::Chat("still here".into())));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Random bytes at a host's handshake: no panic, and a real guest
    /// still joins afterwards.
    #[test]
    fn a_host_survives_garbage(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let (host, addr) = host(code(4));
        let mut raw = TcpStream::connect(addr).unwrap();
        let _ = raw.write_all(&bytes);
        drop(raw);
        let guest = connect(addr, code(4), Hello::ours("Bob"));
        wait_for(&guest, "the host", joined);
        wait_for(&host, "the guest", joined);
    }

    /// Messages that decrypt but are not good messages (random JSON-ish
    /// text, impossible games): the guest cuts the link with a reason.
    #[test]
    fn a_guest_cuts_off_a_host_that_sends_bad_messages(
        text in prop_oneof![
            "\\PC{0,200}",
            Just(r#"{"type":"state","size":9,"variant":"original","pie":true,"first_black":1,"moves":"e5 e5","names":["a","b"]}"#.to_string()),
            Just(r#"{"type":"play","mv":"z99"}"#.to_string()),
            Just(r#"{"type":"\u001b[2J"}"#.to_string()),
        ]
    ) {
        prop_assume!(Message::decode(text.as_bytes()).is_err());
        let addr = fake_host(code(5), vec![Out::Sealed(text.into_bytes())]);
        let guest = connect(addr, code(5), Hello::ours("Bob"));
        wait_for(&guest, "the host", joined);
        let lost = wait_for(&guest, "the cut", |e| matches!(e, Event::Lost(_)));
        let Event::Lost(why) = lost else { unreachable!() };
        prop_assert!(why.contains("bad message"), "{}", why);
        // The reason may quote the peer: it reaches the screen clean.
        prop_assert!(!why.chars().any(char::is_control), "{:?}", why);
    }

    /// Raw bytes after the handshake (not encrypted, or a length too long).
    #[test]
    fn a_guest_cuts_off_a_host_that_sends_raw_bytes(
        bytes in prop::collection::vec(any::<u8>(), 2..200)
    ) {
        let addr = fake_host(code(6), vec![Out::Raw(bytes)]);
        let guest = connect(addr, code(6), Hello::ours("Bob"));
        wait_for(&guest, "the host", joined);
        wait_for(&guest, "the cut", |e| matches!(e, Event::Lost(_)));
    }
}

#[test]
fn a_flood_is_cut_off() {
    let pings = (0..200)
        .map(|_| Out::Sealed(br#"{"type":"chat","text":"spam"}"#.to_vec()))
        .collect();
    let addr = fake_host(code(7), pings);
    let guest = connect(addr, code(7), Hello::ours("Bob"));
    wait_for(&guest, "the host", joined);
    let lost = wait_for(&guest, "the cut", |e| matches!(e, Event::Lost(_)));
    assert_eq!(lost, Event::Lost("it sent too many messages".into()));
}
