//! Issue 37 on the relay path: someone on the path records what the host
//! and the guest send the relay (request lines are plaintext: the
//! nameplate, the channel) and the guest's handshake messages, and replays
//! them while a game goes on through `brique server`, and again while the
//! two come back after a lost link. Nothing of it may cut the live pair or
//! take a side's link: a newcomer that cannot finish a fresh handshake
//! changes nothing. Every wait is bounded; the relay and proxies stop when
//! dropped.

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use brique::core::Move;
use brique::net::{Connection, Event, Message};
use brique::server::{self, Limits};

use crate::jam::{frames, replay};
use crate::relay::pair_via;
use crate::support::{DEADLINE, wait_for};

/// One proxied connection: what its client sent (the first 4 KiB), and
/// both its sockets, to cut it.
struct Proxied {
    sent: Arc<Mutex<Vec<u8>>>,
    sockets: [TcpStream; 2],
}

/// A proxy to the relay that records every connection made through it, as
/// someone on the path would; it stops when dropped.
struct Recorder {
    address: SocketAddr,
    connections: Arc<Mutex<Vec<Proxied>>>,
    stop: Arc<AtomicBool>,
}

impl Recorder {
    fn start(to: SocketAddr) -> Recorder {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let address = listener.local_addr().unwrap();
        let connections = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (kept, stopped) = (Arc::clone(&connections), Arc::clone(&stop));
        std::thread::spawn(move || {
            while !stopped.load(Ordering::SeqCst) {
                let Ok((client, _)) = listener.accept() else {
                    std::thread::sleep(Duration::from_millis(10));
                    continue;
                };
                let _ = client.set_nonblocking(false);
                let Ok(server) = TcpStream::connect(to) else {
                    continue;
                };
                let sent = Arc::new(Mutex::new(Vec::new()));
                copy(&client, &server, Some(Arc::clone(&sent)));
                copy(&server, &client, None);
                kept.lock().unwrap().push(Proxied {
                    sent,
                    sockets: [client, server],
                });
            }
        });
        Recorder {
            address,
            connections,
            stop,
        }
    }

    /// What each connection's client has sent so far, in order.
    fn sent(&self) -> Vec<Vec<u8>> {
        let connections = self.connections.lock().unwrap();
        connections
            .iter()
            .map(|c| c.sent.lock().unwrap().clone())
            .collect()
    }

    /// Cuts connection `n`, both ways: a lost link.
    fn cut(&self, n: usize) {
        for socket in &self.connections.lock().unwrap()[n].sockets {
            let _ = socket.shutdown(Shutdown::Both);
        }
    }
}

impl Drop for Recorder {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        for connection in self.connections.lock().unwrap().iter() {
            for socket in &connection.sockets {
                let _ = socket.shutdown(Shutdown::Both);
            }
        }
    }
}

/// Copies `from` to `to` on a thread, keeping the first 4 KiB in `kept`.
fn copy(from: &TcpStream, to: &TcpStream, kept: Option<Arc<Mutex<Vec<u8>>>>) {
    let (mut from, mut to) = (from.try_clone().unwrap(), to.try_clone().unwrap());
    std::thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        while let Ok(n @ 1..) = from.read(&mut buffer) {
            if let Some(kept) = &kept {
                let mut kept = kept.lock().unwrap();
                if kept.len() < 4096 {
                    kept.extend_from_slice(&buffer[..n]);
                }
            }
            if to.write_all(&buffer[..n]).is_err() {
                break;
            }
        }
        let _ = to.shutdown(Shutdown::Write);
    });
}

/// A recorded connection's request line (with its newline) and the rest.
fn split_request(bytes: &[u8]) -> (&[u8], &[u8]) {
    let end = bytes.iter().position(|&b| b == b'\n').unwrap() + 1;
    bytes.split_at(end)
}

/// The channel the host waits on, from its recorded `host-channel` line.
fn recorded_channel(host: &Recorder) -> String {
    let start = Instant::now();
    loop {
        for sent in host.sent() {
            let Some(end) = sent.iter().position(|&b| b == b'\n') else {
                continue;
            };
            let line = String::from_utf8_lossy(&sent[..end]);
            if let Some(hex) = line.trim_end().strip_prefix("brique-relay 1 host-channel ") {
                return hex.to_string();
            }
        }
        assert!(
            start.elapsed() < DEADLINE,
            "the host never waited on a channel"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Every replay an attacker on the path can make from what it recorded:
/// the guest's request and first handshake message (alone and with its
/// second), the same message on the host's channel and on the host's
/// current nameplate, and the host's own channel request, held a moment.
fn replay_all(relay: SocketAddr, guest_sent: &[u8], channel: &str, nameplate: Option<u32>) {
    let (line, handshake) = split_request(guest_sent);
    let one = frames(handshake, 1);
    let patience = Duration::from_secs(4);
    for n in [1, 2] {
        replay(relay, &[line, &frames(handshake, n)].concat(), patience);
    }
    let on_channel = format!("brique-relay 1 guest-channel {channel}\n");
    replay(relay, &[on_channel.as_bytes(), &one].concat(), patience);
    if let Some(n) = nameplate {
        let on_nameplate = format!("brique-relay 1 guest {n}\n");
        replay(relay, &[on_nameplate.as_bytes(), &one].concat(), patience);
    }
    let as_host = format!("brique-relay 1 host-channel {channel}\n");
    replay(relay, as_host.as_bytes(), Duration::from_millis(500));
}

/// A move from the guest and a chat line back reach the other side, and
/// nothing else happened on either (no one joined, nothing was lost).
fn still_playing(host: &Connection, guest: &Connection, n: usize) {
    let mv = Move::Place(["a1", "b2", "c3", "d4"][n % 4].parse().unwrap());
    assert!(guest.send(Message::Play(mv)), "the guest lost its link");
    let got = wait_for(host, "the move", |_| true);
    assert_eq!(got, Event::Got(Message::Play(mv)));
    assert!(host.send(Message::Chat(format!("still you {n}?"))));
    let got = wait_for(guest, "the chat", |_| true);
    assert_eq!(got, Event::Got(Message::Chat(format!("still you {n}?"))));
}

/// A relay with room for the replays (all the connections come from
/// 127.0.0.1), a host and a guest joined through it, each through a
/// recorder; the host's channel and the guest's recorded bytes.
fn recorded_game() -> (
    server::Relay,
    [Recorder; 2],
    [Connection; 2],
    String,
    Vec<u8>,
) {
    let relay = server::start(
        "127.0.0.1:0".parse().unwrap(),
        Limits {
            asks_per_minute: 10_000,
            per_address: 256,
            ..Limits::default()
        },
    )
    .unwrap();
    let host_path = Recorder::start(relay.address);
    let guest_path = Recorder::start(relay.address);
    let (host, guest, code) = pair_via(host_path.address, guest_path.address);
    let channel = recorded_channel(&host_path);
    let guest_sent = guest_path.sent()[0].clone();
    let request = format!("brique-relay 1 guest {}\n", code.nameplate());
    assert!(guest_sent.starts_with(request.as_bytes()));
    (
        relay,
        [host_path, guest_path],
        [host, guest],
        channel,
        guest_sent,
    )
}

/// Replays from another thread, `rounds` times or (`None`) until stopped.
fn attack(
    relay: SocketAddr,
    guest_sent: &[u8],
    channel: &str,
    rounds: Option<usize>,
) -> (Arc<AtomicBool>, std::thread::JoinHandle<()>) {
    let stop = Arc::new(AtomicBool::new(false));
    let (stopped, guest_sent, channel) =
        (Arc::clone(&stop), guest_sent.to_vec(), channel.to_string());
    let thread = std::thread::spawn(move || {
        let mut done = 0;
        while !stopped.load(Ordering::SeqCst) && rounds.is_none_or(|r| done < r) {
            replay_all(relay, &guest_sent, &channel, None);
            done += 1;
        }
    });
    (stop, thread)
}

/// The host's link is cut (its first connection): both come back, and
/// play on.
fn cut_and_come_back(host_path: &Recorder, host: &Connection, guest: &Connection) {
    host_path.cut(0);
    let back = |connection: &Connection, what: &str| {
        wait_for(connection, what, |e| {
            matches!(e, Event::Joined(_) | Event::Refused(_))
        })
    };
    assert_eq!(back(host, "the guest back"), Event::Joined("Bob".into()));
    assert_eq!(back(guest, "the host back"), Event::Joined("Ann".into()));
    let start = Instant::now();
    while start.elapsed() < DEADLINE && !guest.send(Message::Chat("hello".into())) {
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(
        wait_for(host, "the guest's chat", |e| matches!(e, Event::Got(_))),
        Event::Got(Message::Chat("hello".into()))
    );
    still_playing(host, guest, 3);
}

#[test]
fn replays_through_the_relay_neither_cut_the_live_pair_nor_take_its_place() {
    let (relay, [host_path, _guest_path], [host, guest], channel, guest_sent) = recorded_game();
    // While the game goes on.
    for round in 0..3 {
        let nameplate = host.code().map(|c| c.nameplate());
        replay_all(relay.address, &guest_sent, &channel, nameplate);
        still_playing(&host, &guest, round);
    }
    // While the two come back after a lost link: the replays hold the
    // host's channel a while, and then the guest comes back.
    let (_, attacker) = attack(relay.address, &guest_sent, &channel, Some(1));
    cut_and_come_back(&host_path, &host, &guest);
    attacker.join().unwrap();
}

/// Someone who read the host's channel on the path replays without pause
/// while a lost guest comes back: each replayed first message on the
/// channel used to hold the host's one seat there for the host's patience
/// (3 s), and with the replayed `host-channel` requests the guest was kept
/// out (5 of 6 runs). The host now runs each channel handshake apart and
/// waits on the channel again at once.
#[test]
fn a_relentless_replay_on_the_channel_does_not_keep_the_guest_out() {
    let (relay, [host_path, _guest_path], [host, guest], channel, guest_sent) = recorded_game();
    let (stop, attacker) = attack(relay.address, &guest_sent, &channel, None);
    let stopper = StopOnDrop(stop);
    cut_and_come_back(&host_path, &host, &guest);
    drop(stopper);
    attacker.join().unwrap();
}

/// Stops the attack even when the test fails.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}
