//! `brique join` and `brique host` refuse bad arguments before anything
//! else, with a message and status 2.

use std::process::Command;

fn brique(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_brique"))
        .env_remove("BRIQUE_LOG") // a developer's own log stays out of the tests
        .args(args)
        .env_remove("BRIQUE_CONFIG")
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_bad_code_or_address_is_refused_with_a_reason() {
    let (status, err) = brique(&["join", "127.0.0.1:7777", "--code", "ABCDE-FGH"]);
    assert_eq!(status, 2, "{err}");
    assert!(
        err.contains("a join code has 10 letters and digits"),
        "{err}"
    );
    let (status, err) = brique(&["join", "127.0.0.1:7777", "--code", "ABCDE-FGHJU"]);
    assert_eq!(status, 2, "{err}");
    assert!(err.contains("\"U\" is not in a join code"), "{err}");
    let (status, err) = brique(&["join", "nowhere", "--code", "ABCDE-FGHJK"]);
    assert_eq!(status, 2, "{err}");
    assert!(err.contains("not a host address and port"), "{err}");
    let (status, err) = brique(&["host", "--port", "99999"]);
    assert_eq!(status, 2, "{err}");
}
