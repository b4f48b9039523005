//! Programs some tests drive (OpenSSH's client, tmux, PostgreSQL): found
//! on the PATH, or installed with the system's package manager the first
//! time a test asks (as root, or through `sudo -n`), so that `cargo test`
//! passes on a fresh machine as `.ci/run` does. A program still missing after that fails the
//! test with a message: no test passes because its program is missing.

use std::process::{Command, Stdio};
use std::sync::Mutex;

/// Makes sure `command` can be run, installing its package if need be.
pub fn require(command: &str) {
    if found(command) {
        return;
    }
    install_package(command);
    assert!(
        found(command),
        "this test runs `{command}`, which is missing and could not be installed \
         (install it, or run the tests as root or with passwordless sudo)"
    );
}

/// Installs the package that brings `command` (PostgreSQL's `initdb` is
/// off the PATH on Debian: `postgres` finds it), if it can.
pub fn install_package(command: &str) {
    // One install at a time within a test binary (apt holds a lock anyway).
    static INSTALLING: Mutex<()> = Mutex::new(());
    let _one = INSTALLING.lock().unwrap_or_else(|e| e.into_inner());
    install(command);
}

/// The package that brings `command`: apt's, dnf's and apk's names.
fn packages(command: &str) -> [&'static str; 3] {
    match command {
        "ssh" | "ssh-keygen" => ["openssh-client", "openssh-clients", "openssh-client"],
        "tmux" => ["tmux", "tmux", "tmux"],
        "initdb" => ["postgresql", "postgresql-server", "postgresql"],
        "chromium" => ["chromium", "chromium", "chromium"],
        "chromedriver" => ["chromium-driver", "chromedriver", "chromium-chromedriver"],
        other => panic!("no package is known for `{other}`"),
    }
}

fn found(command: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {command}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn install(command: &str) {
    let [apt, dnf, apk] = packages(command);
    let root = Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.trim_ascii() == b"0");
    let prefix: &[&str] = if root {
        &[]
    } else if found("sudo") {
        &["sudo", "-n"]
    } else {
        return;
    };
    let run = |args: &[&str]| {
        let mut all = prefix.to_vec();
        all.extend_from_slice(args);
        let _ = Command::new(all[0])
            .args(&all[1..])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .status();
    };
    if found("apt-get") {
        run(&["apt-get", "update", "-qq"]);
        run(&[
            "env",
            "DEBIAN_FRONTEND=noninteractive",
            "apt-get",
            "install",
            "-y",
            "-qq",
            apt,
        ]);
    } else if found("dnf") {
        run(&["dnf", "install", "-y", "-q", dnf]);
    } else if found("apk") {
        run(&["apk", "add", "-q", apk]);
    }
}
