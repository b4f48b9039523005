//! A real `brique server --lobby --web-port 0` for the web pages' tests,
//! on 127.0.0.1 with an SQLite file in a temporary directory, killed when
//! dropped; and a plain HTTP client (ureq) for its pages.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use brique::online::{Client, Welcome};

/// A lobby server with its web pages.
pub struct WebLobby {
    pub dir: tempfile::TempDir,
    child: Child,
    pub lobby: SocketAddr,
    pub web: SocketAddr,
}

impl WebLobby {
    pub fn start() -> WebLobby {
        WebLobby::start_on(&[])
    }

    /// With more arguments (limits).
    pub fn start_on(extra: &[&str]) -> WebLobby {
        let dir = tempfile::tempdir().unwrap();
        let mut child = Command::new(env!("CARGO_BIN_EXE_brique"))
            .args(["server", "--bind", "127.0.0.1", "--port", "0", "--lobby"])
            .args(["--lobby-port", "0", "--web-port", "0"])
            .args(extra)
            .arg("--db")
            .arg(dir.path().join("lobby.sqlite"))
            .arg("--data-dir")
            .arg(dir.path())
            .env("BRIQUE_LOG", "warn")
            .stdout(Stdio::piped())
            .spawn()
            .unwrap();
        let stdout = child.stdout.take().unwrap();
        let (mut lobby, mut web) = (None, None);
        for line in BufReader::new(stdout).lines() {
            let line = line.unwrap();
            if let Some(a) = line.strip_prefix("brique server: lobby on ") {
                lobby = a.parse().ok();
            }
            if let Some(a) = line.strip_prefix("brique server: web on ") {
                web = a.parse().ok();
            }
            if lobby.is_some() && web.is_some() {
                break;
            }
        }
        WebLobby {
            dir,
            child,
            lobby: lobby.expect("the server says where its lobby listens"),
            web: web.expect("the server says where its web pages are"),
        }
    }

    /// A player connected under `name`, with a key in the test's directory.
    pub fn player(&self, name: &str) -> Client {
        let dir = self.dir.path();
        let file = format!("{}.key", crate::web_support::file_name(name));
        let identity = brique::online::Identity::load_or_create(&dir.join(file)).unwrap();
        let (client, _): (Client, Welcome) =
            Client::connect(self.lobby, &identity, Some(name), &dir.join("known")).unwrap();
        client
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.web)
    }

    /// `GET path`: the status, the Cache-Control header and the body.
    pub fn get(&self, path: &str) -> Page {
        let mut response = agent().get(&self.url(path)).call().unwrap();
        Page {
            status: response.status().as_u16(),
            cache: response
                .headers()
                .get("cache-control")
                .map(|v| v.to_str().unwrap().to_string()),
            body: response.body_mut().read_to_string().unwrap(),
        }
    }
}

impl Drop for WebLobby {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub struct Page {
    pub status: u16,
    pub cache: Option<String>,
    pub body: String,
}

/// An HTTP client that reads every status as an answer, and waits no
/// longer than a test may.
pub fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(20)))
        .build()
        .into()
}

/// A name as a file name: its letters and digits.
pub fn file_name(name: &str) -> String {
    name.chars().filter(char::is_ascii_alphanumeric).collect()
}

/// `name` as one segment of a path.
pub fn path_segment(name: &str) -> String {
    name.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
