//! A fake host for the network tests: it answers the handshake with the
//! right code, then sends what a test scripts, sealed as a real host would
//! or as raw bytes, and goes away.

// Each test file uses only part of this module.
#![allow(dead_code)]

use std::io::Write;
use std::net::{Shutdown, SocketAddr, TcpListener};
use std::time::{Duration, Instant};

use brique::net::{Connection, Event, Hello, JoinCode, MAX_FRAME, admit, write_frame};

/// What the fake host sends after the handshake.
pub enum Out {
    /// A message's plaintext, encrypted into a frame.
    Sealed(Vec<u8>),
    /// Bytes as they are.
    Raw(Vec<u8>),
}

/// Listens on a free loopback port for one guest with `code`; returns the port's address.
pub fn fake_host(code: JoinCode, script: Vec<Out>) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        let Ok((mut stream, _)) = listener.accept() else {
            return;
        };
        stream
            .set_read_timeout(Some(Duration::from_millis(100)))
            .unwrap();
        let Ok((mut transport, _)) = admit(&mut stream, code, &Hello::ours("Mallory")) else {
            return;
        };
        for out in script {
            match out {
                Out::Sealed(plain) => {
                    let mut cipher = vec![0u8; plain.len() + 64];
                    let Ok(len) = transport.write_message(&plain, &mut cipher) else {
                        return;
                    };
                    let _ = write_frame(&mut stream, &cipher[..len], MAX_FRAME);
                }
                Out::Raw(bytes) => {
                    let _ = stream.write_all(&bytes);
                }
            }
        }
        // No more: a frame cut short ends as the connection's end, not a stall.
        let _ = stream.shutdown(Shutdown::Write);
        std::thread::sleep(Duration::from_secs(2));
    });
    address
}

/// How long a network test waits for anything before it fails.
pub const DEADLINE: Duration = Duration::from_secs(20);

/// The first event that `wanted` accepts, skipping others; panics at the deadline.
pub fn wait_for(connection: &Connection, what: &str, wanted: impl Fn(&Event) -> bool) -> Event {
    let start = Instant::now();
    loop {
        match connection.next_event() {
            Some(event) if wanted(&event) => return event,
            Some(_) => {}
            None if start.elapsed() > DEADLINE => panic!("no {what} in time"),
            None => std::thread::sleep(Duration::from_millis(10)),
        }
    }
}

pub fn joined(event: &Event) -> bool {
    matches!(event, Event::Joined(_))
}

/// What a run of `brique` printed, once it succeeded (else the failure
/// shows both its outputs).
pub fn printed(out: &std::process::Output) -> String {
    let printed = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{printed}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    printed
}
