//! A host that strangers try to jam, without the code: silent connections
//! that hold the handshake slots, a guest's recorded first message replayed
//! during its game, and wrong guesses from many source addresses (any
//! 127.x.y.z can be bound on Linux). The real guest still gets in, its link
//! stays, and the guesses are slowed down for all addresses together.
//! Every wait is bounded; no test asserts how fast anything is.

use std::io::{Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use crate::support::{joined, wait_for};
use brique::net::{
    Connection, Event, HandshakeError, Hello, JoinCode, Message, connect, join, listen,
};

fn code(n: u8) -> JoinCode {
    JoinCode::from_bytes([n; 10])
}

fn host(code: JoinCode) -> (Connection, SocketAddr) {
    listen("127.0.0.1:0".parse().unwrap(), code, Hello::ours("Ann")).unwrap()
}

/// A TCP connection to `to` from the loopback address `from` (std cannot
/// bind before connecting; tokio's socket can, then hands it over).
fn connect_from(from: Ipv4Addr, to: SocketAddr) -> std::io::Result<TcpStream> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()?;
    let socket = tokio::net::TcpSocket::new_v4()?;
    socket.bind(SocketAddr::from((from, 0)))?;
    let stream = runtime.block_on(socket.connect(to))?.into_std()?;
    stream.set_nonblocking(false)?;
    stream.set_read_timeout(Some(Duration::from_millis(100)))?;
    stream.set_write_timeout(Some(Duration::from_secs(2)))?;
    Ok(stream)
}

/// Threads that stop when dropped.
struct Attack {
    stop: Arc<AtomicBool>,
    threads: Vec<std::thread::JoinHandle<()>>,
}

impl Attack {
    fn start(n: usize, each: impl Fn(usize, &AtomicBool) + Send + Sync + 'static) -> Attack {
        let stop = Arc::new(AtomicBool::new(false));
        let each = Arc::new(each);
        let threads = (0..n)
            .map(|i| {
                let (stop, each) = (Arc::clone(&stop), Arc::clone(&each));
                std::thread::spawn(move || each(i, &stop))
            })
            .collect();
        Attack { stop, threads }
    }
}

impl Drop for Attack {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        for thread in self.threads.drain(..) {
            let _ = thread.join();
        }
    }
}

/// Holds a connection to `to` from `from` open and silent until the host
/// closes it (or `stop`); then opens another at once.
fn jam(from: Ipv4Addr, to: SocketAddr, stop: &AtomicBool) {
    while !stop.load(Ordering::SeqCst) {
        let Ok(mut stream) = connect_from(from, to) else {
            std::thread::sleep(Duration::from_millis(10));
            continue;
        };
        let mut byte = [0u8; 64];
        while !stop.load(Ordering::SeqCst) {
            match stream.read(&mut byte) {
                Ok(0) => break,
                Ok(_) => {}
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
                Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
                Err(_) => break,
            }
        }
    }
}

#[test]
fn silent_connections_cannot_keep_the_real_guest_out() {
    let (host, addr) = host(code(21));
    // Twelve strangers, each from its own address, hold connections open
    // without a word, and open another as soon as one is closed.
    let attack = Attack::start(12, move |i, stop| {
        let from = Ipv4Addr::new(127, 0, 0, 2 + u8::try_from(i).unwrap());
        jam(from, addr, stop);
    });
    // Let them take every slot first.
    std::thread::sleep(Duration::from_millis(300));
    let guest = connect(addr, code(21), Hello::ours("Bob"));
    let event = wait_for(&guest, "the host, or a refusal", |e| {
        matches!(e, Event::Joined(_) | Event::Refused(_))
    });
    assert!(matches!(event, Event::Joined(_)), "{event:?}");
    wait_for(&host, "the guest", joined);
    drop(attack);
}

/// Passes one guest's connection on to `to`, keeping what the guest sent.
pub fn recording_proxy(to: SocketAddr, kept: Arc<std::sync::Mutex<Vec<u8>>>) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    std::thread::spawn(move || {
        let Ok((guest, _)) = listener.accept() else {
            return;
        };
        let Ok(host) = TcpStream::connect(to) else {
            return;
        };
        let (mut from_guest, mut to_host) = (guest.try_clone().unwrap(), host.try_clone().unwrap());
        std::thread::spawn(move || {
            let mut buffer = [0u8; 4096];
            while let Ok(n @ 1..) = from_guest.read(&mut buffer) {
                let mut kept = kept.lock().unwrap();
                if kept.len() < 4096 {
                    kept.extend_from_slice(&buffer[..n]);
                }
                drop(kept);
                if to_host.write_all(&buffer[..n]).is_err() {
                    break;
                }
            }
        });
        let (mut from_host, mut to_guest) = (host, guest);
        let _ = std::io::copy(&mut from_host, &mut to_guest);
    });
    address
}

/// The first `n` frames of `bytes` (each a 2-byte length and its bytes).
pub fn frames(bytes: &[u8], n: usize) -> Vec<u8> {
    let mut end = 0;
    for _ in 0..n {
        let len = usize::from(u16::from_be_bytes([bytes[end], bytes[end + 1]]));
        end += 2 + len;
    }
    bytes[..end].to_vec()
}

/// Sends `bytes` to `to` and reads what comes back until the host closes,
/// or for `patience` at most.
pub fn replay(to: SocketAddr, bytes: &[u8], patience: Duration) {
    let Ok(mut stream) = TcpStream::connect(to) else {
        return;
    };
    stream
        .set_read_timeout(Some(Duration::from_millis(100)))
        .unwrap();
    let _ = stream.write_all(bytes);
    let start = Instant::now();
    let mut buffer = [0u8; 256];
    while start.elapsed() < patience {
        match stream.read(&mut buffer) {
            Ok(0) => return,
            Ok(_) => {}
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) => {}
            Err(_) => return,
        }
    }
}

#[test]
fn a_replayed_first_message_does_not_take_the_live_link() {
    let (host, addr) = host(code(22));
    let recorded = Arc::new(std::sync::Mutex::new(Vec::new()));
    let proxy = recording_proxy(addr, Arc::clone(&recorded));
    let guest = connect(proxy, code(22), Hello::ours("Bob"));
    wait_for(&host, "the guest", joined);
    wait_for(&guest, "the host", joined);
    let bytes = recorded.lock().unwrap().clone();
    // The guest's first handshake message alone, and with its second.
    for n in [1, 2, 1, 2, 1, 2] {
        replay(addr, &frames(&bytes, n), Duration::from_secs(3));
    }
    // The link is the guest's still: no one else joined, nothing was lost,
    // and messages go both ways on it.
    assert!(host.send(Message::Chat("still you?".into())));
    let got = wait_for(&guest, "the chat", |e| !matches!(e, Event::Joined(_)));
    assert_eq!(got, Event::Got(Message::Chat("still you?".into())));
    assert!(guest.send(Message::Chat("yes".into())));
    let got = wait_for(&host, "the answer", |_| true);
    assert_eq!(got, Event::Got(Message::Chat("yes".into())));
}

/// The `n`th source address of a guesser: 127.1.0.1, 127.1.0.2, …
fn nth_address(n: usize) -> Ipv4Addr {
    let n = u32::try_from(n).unwrap() + 1;
    Ipv4Addr::from(0x7f01_0000 + n)
}

#[test]
fn wrong_guesses_from_many_addresses_are_limited_in_all_and_the_guest_comes_back() {
    let (host, addr) = host(code(23));
    let guest = connect(addr, code(23), Hello::ours("Bob"));
    wait_for(&host, "the guest", joined);
    wait_for(&guest, "the host", joined);

    // Eight guessers, each try from a new address: backing off one address
    // does nothing to them.
    let wrong = Arc::new(AtomicUsize::new(0));
    let tries = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let attack = {
        let (wrong, tries) = (Arc::clone(&wrong), Arc::clone(&tries));
        Attack::start(8, move |_, stop| {
            while !stop.load(Ordering::SeqCst) {
                let from = nth_address(tries.fetch_add(1, Ordering::SeqCst));
                let Ok(mut stream) = connect_from(from, addr) else {
                    continue;
                };
                if let Err(HandshakeError::WrongCode) =
                    join(&mut stream, code(24), &Hello::ours("Eve"))
                {
                    wrong.fetch_add(1, Ordering::SeqCst);
                }
            }
        })
    };
    std::thread::sleep(Duration::from_secs(2));
    // The guest's link is lost; it comes back from its address while the
    // guessing goes on, and is let in.
    drop(guest);
    let guest = connect(addr, code(23), Hello::ours("Bob"));
    let event = wait_for(&guest, "the host again", |e| {
        matches!(e, Event::Joined(_) | Event::Refused(_))
    });
    assert!(matches!(event, Event::Joined(_)), "{event:?}");
    std::thread::sleep(Duration::from_secs(1));
    drop(attack);
    let seconds = started.elapsed().as_secs_f64();
    let wrong = wrong.load(Ordering::SeqCst);
    let tried = tries.load(Ordering::SeqCst);
    eprintln!("{wrong} wrong guesses answered of {tried} tries in {seconds:.1} s");
    // The host's allowance: 10 failures, then 2 a second, for all addresses.
    let most = 10.0 + 2.0 * seconds;
    assert!(
        wrong as f64 <= most,
        "{wrong} wrong guesses answered in {seconds:.1} s (of {tried} tries)"
    );
    assert!(wrong > 0, "the guessers were heard at all");
}

#[test]
fn a_guest_told_the_host_is_busy_says_so_and_tries_again() {
    // A host that has no slot for anyone: it says "busy" (an empty frame)
    // to every connection, and closes it.
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let answered = Arc::new(AtomicUsize::new(0));
    {
        let answered = Arc::clone(&answered);
        std::thread::spawn(move || {
            for stream in listener.incoming().take(3) {
                let Ok(mut stream) = stream else { continue };
                let _ = stream.write_all(&[0, 0]);
                answered.fetch_add(1, Ordering::SeqCst);
            }
        });
    }
    let guest = connect(addr, code(25), Hello::ours("Bob"));
    for _ in 0..2 {
        let event = wait_for(&guest, "an answer", |_| true);
        let Event::Lost(why) = event else {
            panic!("{event:?}: not a failure it tries again after")
        };
        assert!(why.contains("busy") && !why.contains("code"), "{why}");
    }
    assert!(answered.load(Ordering::SeqCst) >= 2);
}

#[test]
fn a_new_guest_gets_in_while_strangers_guess_from_many_addresses() {
    let (host, addr) = host(code(26));
    let tries = Arc::new(AtomicUsize::new(0));
    let attack = {
        let tries = Arc::clone(&tries);
        Attack::start(8, move |_, stop| {
            while !stop.load(Ordering::SeqCst) {
                let from = nth_address(10_000 + tries.fetch_add(1, Ordering::SeqCst));
                if let Ok(mut stream) = connect_from(from, addr) {
                    let _ = join(&mut stream, code(27), &Hello::ours("Eve"));
                }
            }
        })
    };
    // Long enough for the guessers to spend the host's first allowance.
    std::thread::sleep(Duration::from_secs(2));
    // Strangers are heard in turn: the guest waits behind those there
    // before it, and gets in.
    let started = Instant::now();
    let guest = connect(addr, code(26), Hello::ours("Bob"));
    let event = wait_for(&guest, "the host, or a refusal", |e| {
        matches!(e, Event::Joined(_) | Event::Refused(_))
    });
    assert!(matches!(event, Event::Joined(_)), "{event:?}");
    eprintln!(
        "a new guest joined after {:.1} s, with {} guesses tried",
        started.elapsed().as_secs_f64(),
        tries.load(Ordering::SeqCst)
    );
    wait_for(&host, "the guest", joined);
    drop(attack);
}
