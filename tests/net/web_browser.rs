//! The web pages in a real browser: headless Chromium driven through
//! chromedriver (WebDriver: JSON over HTTP, spoken with ureq) opens a game
//! in progress, a lobby client plays a move, and the page shows the new
//! stone without a reload (the page's own mark survives); a screenshot is
//! saved in the test's directory.

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use brique::online::protocol::GameId;
use serde_json::{Value, json};

use crate::lobby_support::{play_turn, quick, replay, start_game};
use crate::programs::require;
use crate::web_support::{WebLobby, agent};

/// How long the browser may take to show anything.
const WAIT: Duration = Duration::from_secs(30);

/// chromedriver, stopped (by its PID) when dropped.
struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Driver {
    fn start() -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let driver = Driver {
            child,
            url: format!("http://127.0.0.1:{port}"),
        };
        let began = Instant::now();
        while agent()
            .get(&format!("{}/status", driver.url))
            .call()
            .is_err()
        {
            assert!(began.elapsed() < WAIT, "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        driver
    }

    fn post(&self, path: &str, body: &Value) -> Value {
        let mut response = agent()
            .post(&format!("{}{path}", self.url))
            .send_json(body)
            .unwrap();
        let text = response.body_mut().read_to_string().unwrap();
        let value: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(response.status().as_u16(), 200, "{path}: {text}");
        value["value"].clone()
    }

    fn get(&self, path: &str) -> Value {
        let mut response = agent().get(&format!("{}{path}", self.url)).call().unwrap();
        let text = response.body_mut().read_to_string().unwrap();
        serde_json::from_str::<Value>(&text).unwrap()["value"].clone()
    }
}

/// A browser session, ended when dropped.
struct Session<'a> {
    driver: &'a Driver,
    id: String,
}

impl Drop for Session<'_> {
    fn drop(&mut self) {
        let _ = agent()
            .delete(&format!("{}/session/{}", self.driver.url, self.id))
            .call();
    }
}

impl Session<'_> {
    fn open<'a>(driver: &'a Driver, profile: &std::path::Path) -> Session<'a> {
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--window-size=1100,900",
            &format!("--user-data-dir={}", profile.display()),
        ];
        let value = driver.post(
            "/session",
            &json!({"capabilities": {"alwaysMatch": {"goog:chromeOptions": {"args": args}}}}),
        );
        Session {
            driver,
            id: value["sessionId"].as_str().unwrap().to_string(),
        }
    }

    fn go(&self, url: &str) {
        self.driver
            .post(&format!("/session/{}/url", self.id), &json!({"url": url}));
    }

    fn run(&self, script: &str) -> Value {
        self.driver.post(
            &format!("/session/{}/execute/sync", self.id),
            &json!({"script": script, "args": []}),
        )
    }

    /// The page as a PNG.
    fn screenshot(&self) -> Vec<u8> {
        let text = self.driver.get(&format!("/session/{}/screenshot", self.id));
        base64(text.as_str().unwrap())
    }
}

/// Standard base64, padded, as WebDriver sends screenshots.
fn base64(text: &str) -> Vec<u8> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = Vec::new();
    let (mut bits, mut held) = (0u32, 0u32);
    for byte in text
        .bytes()
        .filter(|b| !b.is_ascii_whitespace() && *b != b'=')
    {
        let six = ALPHABET.iter().position(|&a| a == byte).unwrap() as u32;
        bits = bits << 6 | six;
        held += 6;
        if held >= 8 {
            held -= 8;
            out.push((bits >> held) as u8);
        }
    }
    out
}

#[test]
fn a_browser_shows_a_new_stone_without_a_reload() {
    require("chromium");
    require("chromedriver");
    let server = WebLobby::start();
    let mut ann = server.player("ann");
    let mut bob = server.player("bob");
    let state = start_game(&mut ann, &mut bob, quick(5, 0));
    let GameId(id) = state.game;
    let mut core = replay(&state);
    play_turn([&mut ann, &mut bob], state.game, &mut core);

    let driver = Driver::start();
    let profile = tempfile::tempdir().unwrap();
    let session = Session::open(&driver, profile.path());
    session.go(&server.url(&format!("/game/{id}")));
    let stones = "return document.querySelectorAll('.stones use').length";
    assert_eq!(session.run(stones), json!(1));
    // Marked: a reload would lose this.
    session.run("window.kept = 'this page'; return null");
    // Wait for the event stream to be open before the move.
    let began = Instant::now();
    while session.run("return document.documentElement.dataset.following || ''") != json!("yes") {
        assert!(began.elapsed() < WAIT, "the page opened no event stream");
        std::thread::sleep(Duration::from_millis(50));
    }
    play_turn([&mut ann, &mut bob], state.game, &mut core);
    let mv = core.moves().last().unwrap();
    let began = Instant::now();
    let shown = format!("return document.querySelector('[data-square=\"{mv}\"]') !== null");
    while session.run(&shown) != json!(true) {
        assert!(began.elapsed() < WAIT, "the new stone never showed");
        std::thread::sleep(Duration::from_millis(50));
    }
    assert_eq!(session.run(stones), json!(2));
    assert_eq!(
        session.run("return window.kept"),
        json!("this page"),
        "no reload"
    );
    let png = session.screenshot();
    assert!(png.starts_with(b"\x89PNG"), "a PNG");
    std::fs::write(server.dir.path().join("game.png"), &png).unwrap();
    // The one to look at, when asked for.
    if let Some(path) = std::env::var_os("BRIQUE_WEB_SHOT") {
        std::fs::write(path, &png).unwrap();
    }
}
