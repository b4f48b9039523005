//! The lobby's edges: a server that is not the one met before, and a
//! client that sends what is not a request.

use std::net::TcpStream;

use brique::online::protocol::{
    Answer, Ask, ClientHello, FromServer, LOBBY_PROTOCOL, Push, ServerHello,
};
use brique::online::wire::{
    Sealer, WireError, noise, read_frame, read_handshake, write_empty, write_frame, write_handshake,
};
use brique::online::{Client, Identity, OnlineError};

use crate::lobby_support::{Lobby, Server, WAIT, ask, connect, known};

#[test]
fn a_server_with_another_key_on_a_known_address_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let first = Server::start(&dir.path().join("first"));
    let address = first.lobby;
    drop(connect(&first, dir.path(), "alice"));
    first.kill();
    // Another server, with another key, on the same address.
    let port = address.port().to_string();
    let second = Server::start_on(&dir.path().join("second"), &["--lobby-port", &port]);
    assert_eq!(second.lobby, address);
    let alice = Identity::load_or_create(&dir.path().join("alice.key")).unwrap();
    let file = known(dir.path());
    let before = std::fs::read_to_string(&file).unwrap();
    match Client::connect(address, &alice, Some("alice"), &file) {
        Err(e @ OnlineError::ServerKey(_)) => assert_eq!(
            e.to_string(),
            format!(
                "the server at {address} has a different key than the first time; if its operator changed it, remove the line for {address} from {}",
                file.display()
            )
        ),
        other => panic!("a server with another key was trusted: {other:?}"),
    }
    assert_eq!(std::fs::read_to_string(&file).unwrap(), before);
    // Once the player removes the line, the new key is met anew.
    std::fs::write(&file, "").unwrap();
    let (_, welcome) = connect(&second, dir.path(), "alice");
    assert_eq!(welcome.name.as_deref(), Some("alice"));
    drop(second);
    // The first server, back on its address with its key, is refused now.
    let first = Server::start_on(&dir.path().join("first"), &["--lobby-port", &port]);
    assert!(matches!(
        Client::connect(first.lobby, &alice, None, &file),
        Err(OnlineError::ServerKey(_))
    ));
}

/// A raw connection through the handshake, named `name`; its welcome read.
fn raw(server: &Server, name: &str) -> (TcpStream, snow::StatelessTransportState) {
    let identity = Identity::generate().unwrap();
    let mut stream = TcpStream::connect(server.lobby).unwrap();
    stream.set_read_timeout(Some(WAIT)).unwrap();
    let mut state = noise(&identity, true).unwrap();
    write_frame(&mut stream, &write_empty(&mut state).unwrap()).unwrap();
    let frame = read_frame(&mut stream).unwrap();
    let _: ServerHello = read_handshake(&mut state, &frame).unwrap().unwrap();
    let hello = ClientHello {
        protocol: LOBBY_PROTOCOL,
        program: "test".into(),
        name: Some(name.into()),
        bot: false,
    };
    write_frame(&mut stream, &write_handshake(&mut state, &hello).unwrap()).unwrap();
    let transport = state.into_stateless_transport_mode().unwrap();
    (stream, transport)
}

/// Sends `plain` as the first message after the handshake; what the
/// server sent before it closed the connection.
fn refusal_of(server: &Server, name: &str, plain: &[u8]) -> Vec<FromServer> {
    let (mut stream, transport) = raw(server, name);
    let mut sealer = Sealer { nonce: 0 };
    let sealed = sealer.seal_bytes(&transport, plain).unwrap();
    write_frame(&mut stream, &sealed).unwrap();
    let mut opener = Sealer { nonce: 0 };
    let mut got = Vec::new();
    loop {
        match read_frame(&mut stream) {
            Ok(frame) => got.push(opener.open(&transport, &frame).unwrap()),
            Err(WireError::Closed) => return got,
            Err(e) => panic!("{name}: the connection was not closed: {e}; got {got:?}"),
        }
    }
}

#[test]
fn bad_json_or_an_unknown_request_is_refused_and_the_lobby_goes_on() {
    let lobby = Lobby::sqlite();
    let (dir, server) = (&lobby.dir, lobby.start());
    let (mut alice, _) = connect(&server, dir.path(), "alice");
    for (name, plain) in [
        ("mallory", &b"{not json"[..]),
        ("trent", br#"{"id":5,"ask":{"ask":"teleport"}}"#),
        ("oscar", br#"{"id":7}"#),
    ] {
        let got = refusal_of(&server, name, plain);
        let why = got.iter().find_map(|m| match m {
            FromServer::Push(Push::Refused { why, .. }) => Some(why.clone()),
            _ => None,
        });
        let why = why.unwrap_or_else(|| panic!("{name}: no refusal in {got:?}"));
        assert!(why.contains("cannot read that request"), "{why}");
    }
    assert_eq!(ask(&mut alice, Ask::Ping), Answer::Done);
    let (mut bob, _) = connect(&server, dir.path(), "bob");
    assert_eq!(ask(&mut bob, Ask::Ping), Answer::Done);
}
