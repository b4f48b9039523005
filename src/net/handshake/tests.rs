use std::net::{TcpListener, TcpStream};
use std::thread;

use super::*;

/// A connected pair of sockets on the loopback interface, with the read
/// timeouts the frame reader needs.
fn pair() -> (TcpStream, TcpStream) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let near = TcpStream::connect(listener.local_addr().unwrap()).unwrap();
    let (far, _) = listener.accept().unwrap();
    for s in [&near, &far] {
        s.set_read_timeout(Some(Duration::from_millis(50))).unwrap();
    }
    (near, far)
}

fn code(n: u8) -> JoinCode {
    JoinCode::from_bytes([n; 10])
}

#[test]
fn the_same_code_meets_and_both_sides_share_the_way_back() {
    let (mut guest, mut host) = pair();
    let hosting = thread::spawn(move || {
        meet_guest(&mut host, &Secret::join_code(code(1)), &Hello::ours("Ann"))
    });
    let met = meet_host(
        &mut guest,
        &Secret::new(code(1).to_string().into_bytes()),
        &Hello::ours("Bob"),
    )
    .unwrap();
    let hosted = hosting.join().unwrap().unwrap();
    assert_eq!(met.theirs.name, "Ann");
    assert_eq!(hosted.theirs.name, "Bob");
    assert!(met.resume == hosted.resume);
    assert_ne!(met.resume.channel, met.resume.password);
}

#[test]
fn a_wrong_code_is_found_out_by_the_host() {
    let (mut guest, mut host) = pair();
    let hosting = thread::spawn(move || {
        let result = meet_guest(&mut host, &Secret::join_code(code(1)), &Hello::ours("Ann"));
        drop(host);
        result
    });
    let met = meet_host(
        &mut guest,
        &Secret::new(code(2).to_string().into_bytes()),
        &Hello::ours("Eve"),
    );
    assert!(
        matches!(met, Err(HandshakeError::WrongCode)),
        "{:?}",
        met.err()
    );
    assert!(matches!(
        hosting.join().unwrap(),
        Err(HandshakeError::WrongCode)
    ));
}

/// A copy of protocol 2 keyed its Noise handshake with the code itself
/// and sent its hello at once: it is answered with ours, and both name
/// both versions.
#[test]
fn a_protocol_2_copy_is_told_our_version() {
    let (mut old, mut host) = pair();
    let hosting = thread::spawn(move || {
        meet_guest(&mut host, &Secret::join_code(code(4)), &Hello::ours("Ann"))
    });
    let mut state = noise(&code(4).psk(), true).unwrap();
    let old_hello = Hello {
        protocol: 2,
        program: "0.0.9".into(),
        name: "Old".into(),
    };
    send_hello(&mut old, &mut state, &old_hello).unwrap();
    let frame = read(&mut old, HANDSHAKE).unwrap();
    let answer = open_hello(&frame, &mut state, name::HOST).unwrap().unwrap();
    assert_eq!(answer.protocol, PROTOCOL);
    let refusal = hosting.join().unwrap().unwrap_err();
    assert!(
        refusal.to_string().contains("brique 0.0.9 (protocol 2)"),
        "{refusal}"
    );

    // The same with a wrong code: nothing is answered.
    let (mut old, mut host) = pair();
    let hosting = thread::spawn(move || {
        meet_guest(&mut host, &Secret::join_code(code(4)), &Hello::ours("Ann"))
    });
    let mut state = noise(&code(5).psk(), true).unwrap();
    send_hello(&mut old, &mut state, &old_hello).unwrap();
    assert!(matches!(
        hosting.join().unwrap(),
        Err(HandshakeError::WrongCode)
    ));
}

#[test]
fn errors_keep_their_cause() {
    let e = HandshakeError::Frame(FrameError::Io(std::io::ErrorKind::BrokenPipe.into()));
    assert!(std::error::Error::source(&e).is_some());
}

#[test]
fn the_way_back_reads_back_from_its_hex_and_nothing_else_does() {
    let resume = Resume {
        channel: [0xab; 32],
        password: [0x01; 32],
    };
    let hex = resume.to_hex();
    assert_eq!(hex.len(), 128);
    assert_eq!(Resume::from_hex(&hex), Some(resume.clone()));
    assert!(
        !format!("{resume:?}").contains("ab"),
        "a secret in debug output"
    );
    for bad in [
        "",
        &hex[..127],
        &format!("{}zz", &hex[..126]),
        &format!("{hex}0"),
    ] {
        assert_eq!(Resume::from_hex(bad), None, "{bad}");
    }
    assert_eq!(Resume::from_hex(&"é".repeat(64)), None);
}
