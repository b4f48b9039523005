//! `BRIQUE_LOG` turns the log on for a headless command too: the file is in
//! the state directory (injected with `XDG_STATE_HOME`), standard output has
//! only the command's own text, and a variable that is no filter is said.

use std::path::Path;
use std::process::Output;

fn show_with_log(home: &Path, filter: &str) -> Output {
    crate::brique_command()
        .args(["show", "--moves", "h8"])
        .env("HOME", home)
        .env("XDG_STATE_HOME", home.join("xdg-state"))
        .env("BRIQUE_LOG", filter)
        .output()
        .expect("run brique")
}

fn log_text(home: &Path) -> String {
    std::fs::read_to_string(home.join("xdg-state/brique/brique.log")).unwrap_or_default()
}

#[cfg(target_os = "linux")]
#[test]
fn the_variable_alone_writes_the_log_at_its_level() {
    let home = tempfile::tempdir().unwrap();
    let out = show_with_log(home.path(), "info");
    assert!(out.status.success(), "{out:?}");
    let log = log_text(home.path());
    assert!(
        log.contains("INFO") && log.contains("brique starts"),
        "{log}"
    );
    assert!(!log.contains("DEBUG"), "info leaves debug out: {log}");
    let printed = String::from_utf8_lossy(&out.stdout) + String::from_utf8_lossy(&out.stderr);
    assert!(!printed.contains("brique starts"), "{printed}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_variable_that_is_no_filter_is_said_and_the_log_kept_at_debug() {
    let home = tempfile::tempdir().unwrap();
    let out = show_with_log(home.path(), "very=loud=");
    assert!(out.status.success(), "{out:?}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("BRIQUE_LOG"), "{stderr}");
    assert!(log_text(home.path()).contains("DEBUG"));
}
