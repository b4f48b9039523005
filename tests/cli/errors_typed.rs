//! Errors are types: no `Result<…, String>` in src/ or crates/ but where a
//! text really is the value, each such place named below with its reason.
//! A failure names the file, the line and the type found.

use std::path::{Path, PathBuf};

/// The places a `Result<…, String>` may stay: the file, the type as written,
/// and why. Each must still be found (a stale line is reported too).
const ALLOWED: &[(&str, &str, &str)] = &[
    (
        "src/online/protocol.rs",
        "Result<Answer, String>",
        "the wire: a reply's refusal travels as the text the player reads; the client \
         shows it and never branches on it (the server's AskRefusal is typed)",
    ),
    (
        "src/server/lobby/clock_tests.rs",
        "Result<Answer, String>",
        "a test reading the wire's Reply, which carries text",
    ),
    (
        "src/server/lobby/referee_tests.rs",
        "Result<Answer, String>",
        "a test reading the wire's Reply, which carries text",
    ),
    (
        "src/reader/lobby.rs",
        "Result<(Lobby, String), String>",
        "the screen reader's lobby: the error is the sentence the player hears, composed \
         where it happens (a server's refusal, a missing setting); nothing branches on it",
    ),
    (
        "src/reader/lobby.rs",
        "Result<Answer, String>",
        "the screen reader's lobby: the error is the sentence the player hears, composed \
         where it happens (a server's refusal, a missing setting); nothing branches on it",
    ),
    (
        "src/reader/lobby_game.rs",
        "Result<LobbyGame, String>",
        "the screen reader's lobby: the error is the sentence the player hears, composed \
         where it happens (a server's refusal, a missing setting); nothing branches on it",
    ),
    (
        "src/reader/settings.rs",
        "Result<Vec<String>, String>",
        "the screen reader's lobby: the error is the sentence the player hears, composed \
         where it happens (a server's refusal, a missing setting); nothing branches on it",
    ),
    (
        "src/server/lobby/tournament_run_tests.rs",
        "Result<Answer, String>",
        "a test reading the wire's Reply, which carries text",
    ),
    (
        "src/server/lobby/bot_accounts_tests.rs",
        "Result<Answer, String>",
        "a test reading the wire's Reply, which carries text",
    ),
    (
        "src/server/lobby/bots/player.rs",
        "Result<Answer, String>",
        "a server bot reads the wire's Reply as any client does: a refusal is text it \
         logs and never branches on",
    ),
];

/// One `Result<…, String>` found: where, and the type as written.
#[derive(Debug, PartialEq, Eq)]
struct Found {
    path: String,
    line: usize,
    written: String,
}

/// Every `Result<…>` in `text` whose last argument of two or more is
/// `String`; `->` inside (a closure's type) is no closing bracket.
fn string_errors(text: &str) -> Vec<(usize, String)> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = text[from..].find("Result<") {
        let start = from + at;
        from = start + "Result<".len();
        let word_before = start > 0 && {
            let c = bytes[start - 1];
            c.is_ascii_alphanumeric() || c == b'_'
        };
        if word_before {
            continue;
        }
        let (mut depth, mut i) = (1, from);
        // Where each argument starts; a trailing comma leaves an empty one.
        let mut starts = vec![from];
        while i < bytes.len() && depth > 0 {
            match bytes[i] {
                b'<' | b'(' | b'[' => depth += 1,
                b'>' if bytes[i - 1] != b'-' => depth -= 1,
                b')' | b']' => depth -= 1,
                b',' if depth == 1 => starts.push(i + 1),
                _ => {}
            }
            i += 1;
        }
        if depth != 0 {
            break;
        }
        let ends = starts.iter().skip(1).map(|&s| s - 1).chain([i - 1]);
        let arguments: Vec<&str> = starts
            .iter()
            .zip(ends)
            .map(|(&s, e)| text[s..e].trim())
            .filter(|a| !a.is_empty())
            .collect();
        if arguments.len() >= 2 && arguments.last() == Some(&"String") {
            let line = text[..start].matches('\n').count() + 1;
            let written: String = text[start..i]
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" ");
            found.push((line, written));
        }
    }
    found
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn found_in_the_tree() -> Vec<Found> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("crates"), &mut files);
    files.sort();
    let mut found = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("read a source file");
        let path = file.strip_prefix(root).expect("under the root");
        for (line, written) in string_errors(&text) {
            found.push(Found {
                path: path.display().to_string(),
                line,
                written,
            });
        }
    }
    found
}

#[test]
fn the_scan_finds_string_errors_however_nested_and_nothing_else() {
    let text = "fn a() -> Result<Vec<u8>, String> {}\n\
                fn b() -> io::Result<String> {}\n\
                fn c(f: impl Fn(&str) -> Result<u8, String>) {}\n\
                fn d() -> Result<Result<(), String>, StoreError> {}\n\
                fn e() -> Result<String, GtpError> {}\n\
                fn f() -> Result<\n    (u8, u8),\n    String,\n> {}\n\
                fn g() -> MyResult<u8, String> {}\n";
    let lines: Vec<usize> = string_errors(text).into_iter().map(|(l, _)| l).collect();
    assert_eq!(lines, [1, 3, 4, 6]);
    assert_eq!(
        string_errors("-> Result<Vec<u8>, String>")[0].1,
        "Result<Vec<u8>, String>"
    );
}

#[test]
fn no_result_has_a_string_error_outside_the_allowed_places() {
    let found = found_in_the_tree();
    let unexplained: Vec<&Found> = found
        .iter()
        .filter(|f| {
            !ALLOWED
                .iter()
                .any(|(path, written, _)| f.path == *path && f.written == *written)
        })
        .collect();
    assert!(
        unexplained.is_empty(),
        "make these errors types (thiserror), or say in tests/cli/errors_typed.rs why a \
         String is the value: {unexplained:#?}"
    );
    let stale: Vec<&(&str, &str, &str)> = ALLOWED
        .iter()
        .filter(|(path, written, _)| {
            !found
                .iter()
                .any(|f| f.path == *path && f.written == *written)
        })
        .collect();
    assert!(
        stale.is_empty(),
        "these allowed places hold no Result<…, String> any more: take them off the list: \
         {stale:#?}"
    );
}
