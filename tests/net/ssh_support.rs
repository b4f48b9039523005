//! A real `brique server --ssh-port` for the SSH tests (a child process on
//! 127.0.0.1, free ports, its data in a temporary directory, killed when
//! dropped), and a real OpenSSH client in a pseudo-terminal against it.

// Each test file uses only part of this module.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::channel;
use std::time::{Duration, Instant};

use portable_pty::CommandBuilder;

pub use crate::screen_support::Running;
use crate::screen_support::run_in_pty;

/// How long an SSH test waits for anything before it fails.
pub const WAIT: Duration = Duration::from_secs(30);

pub struct SshServer {
    child: Child,
    pub port: u16,
    pub fingerprint: String,
    /// The server's data directory.
    pub data: PathBuf,
    /// Its log (standard error, at `info`).
    pub log: PathBuf,
}

impl SshServer {
    /// Starts a server keeping its data under `dir`, with more arguments.
    pub fn start(dir: &Path, extra: &[&str]) -> SshServer {
        crate::programs::require("ssh");
        let data = dir.join("server");
        let log = dir.join("server.log");
        let mut child = Command::new(env!("CARGO_BIN_EXE_brique"))
            .args([
                "server",
                "--bind",
                "127.0.0.1",
                "--port",
                "0",
                "--ssh-port",
                "0",
            ])
            .arg("--data-dir")
            .arg(&data)
            .args(extra)
            .env("BRIQUE_LOG", "info")
            .env("NO_COLOR", "1")
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .expect("start brique server");
        let stdout = child.stdout.take().unwrap();
        let (lines, said) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if lines.send(line).is_err() {
                    break;
                }
            }
        });
        let (mut port, mut fingerprint) = (None, None);
        let start = Instant::now();
        while port.is_none() || fingerprint.is_none() {
            let left = WAIT.saturating_sub(start.elapsed());
            let Ok(line) = said.recv_timeout(left) else {
                let _ = child.kill();
                panic!(
                    "the server did not say where SSH listens; its log:\n{}",
                    std::fs::read_to_string(&log).unwrap_or_default()
                );
            };
            if let Some(address) = line.strip_prefix("brique server: ssh on ") {
                let address: std::net::SocketAddr = address.parse().unwrap();
                port = Some(address.port());
            }
            if let Some(key) = line.strip_prefix("brique server: ssh host key ") {
                fingerprint = Some(key.to_string());
            }
        }
        SshServer {
            child,
            port: port.unwrap(),
            fingerprint: fingerprint.unwrap(),
            data,
            log,
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Waits until the log has said `what` `times` times.
    pub fn wait_log(&self, what: &str, times: usize) {
        let start = Instant::now();
        while self.log_text().matches(what).count() < times {
            assert!(
                start.elapsed() < WAIT,
                "the server's log never said {what:?} {times} times:\n{}",
                self.log_text()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The players' directories.
    pub fn players(&self) -> Vec<PathBuf> {
        match std::fs::read_dir(self.data.join("players")) {
            Ok(entries) => entries.map(|e| e.unwrap().path()).collect(),
            Err(_) => Vec::new(),
        }
    }

    /// The `ssh` arguments to reach this server with `key` (`None`: no
    /// key at all, a guest), nothing from the user's own configuration.
    pub fn ssh_args(&self, key: Option<&Path>) -> Vec<String> {
        let mut args: Vec<String> = [
            "-F",
            "/dev/null",
            "-p",
            &self.port.to_string(),
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            "-o",
            "ConnectTimeout=10",
            "-o",
            "IdentityAgent=none",
            "-o",
            "IdentitiesOnly=yes",
        ]
        .iter()
        .map(ToString::to_string)
        .collect();
        match key {
            Some(key) => args.extend(["-i".to_string(), key.display().to_string()]),
            None => args.extend(["-o", "PubkeyAuthentication=no"].map(String::from)),
        }
        args
    }

    /// `ssh -tt` to the server in a pseudo-terminal, as a player types.
    pub fn connect(&self, key: Option<&Path>) -> Running {
        let mut cmd = CommandBuilder::new("ssh");
        // Nothing of ssh's own on the screen (the first value counts).
        cmd.args(["-o", "LogLevel=ERROR"]);
        cmd.args(self.ssh_args(key));
        cmd.args(["-tt", "127.0.0.1"]);
        cmd.env("TERM", "xterm-256color");
        cmd.env_remove("NO_COLOR");
        run_in_pty(cmd)
    }

    /// `ssh` with `args` after the connection's, no terminal, its output
    /// (the server's banner included: ssh shows it at its usual level).
    pub fn run_ssh(&self, key: Option<&Path>, args: &[&str]) -> std::process::Output {
        let mut child = Command::new("ssh")
            .args(self.ssh_args(key))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run ssh");
        let start = Instant::now();
        while child.try_wait().unwrap().is_none() {
            if start.elapsed() > WAIT {
                let _ = child.kill();
                panic!("ssh {args:?} did not end");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        child.wait_with_output().unwrap()
    }
}

impl Drop for SshServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A new Ed25519 key pair in `dir` (`ssh-keygen`, no passphrase); its
/// private key's path.
pub fn new_key(dir: &Path, name: &str) -> PathBuf {
    crate::programs::require("ssh-keygen");
    let path = dir.join(name);
    let made = Command::new("ssh-keygen")
        .args(["-q", "-t", "ed25519", "-N", "", "-C", name, "-f"])
        .arg(&path)
        .status()
        .expect("run ssh-keygen");
    assert!(made.success());
    path
}

/// The key's fingerprint as `ssh-keygen -l` says it (`SHA256:…`).
pub fn fingerprint(key: &Path) -> String {
    let out = Command::new("ssh-keygen")
        .arg("-lf")
        .arg(key)
        .output()
        .expect("run ssh-keygen");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.split_whitespace()
        .nth(1)
        .unwrap_or_default()
        .to_string()
}

/// Waits for the client to end, killing it at the deadline.
pub fn wait_gone(running: &mut Running) {
    let start = Instant::now();
    while running.child.try_wait().unwrap().is_none() {
        if start.elapsed() > WAIT {
            let _ = running.child.kill();
            panic!("ssh did not end");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A server process's resident memory now and at its peak, in kB.
pub fn memory_kb(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}
