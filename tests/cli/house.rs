//! The bars of the house that hold the screen's shape (issue 46): `App`
//! routes between features that own their state, so its `impl` blocks stay
//! small; `src/app`'s root holds only the leaves and `App` itself; and the
//! views draw from the data they are given, never from `&App`; and the
//! two walks docs/architecture.md writes down stay true and short.

use std::path::{Path, PathBuf};

/// At most this many methods in all the `impl App` blocks together.
const APP_METHODS_MAX: usize = 100;
/// At most this many `.rs` files directly in `src/app`.
const APP_ROOT_FILES_MAX: usize = 8;
/// The files under `src/app` that may take `&App`: the router, which
/// splits the frame and hands each view its data, and the event loop that
/// hands it the app.
const MAY_TAKE_THE_APP: [&str; 2] = ["src/app/view.rs", "src/app/terminal/event_loop.rs"];

fn app_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app")
}

/// Every `.rs` file under `dir`, sorted.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut dirs = vec![dir.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).expect("read a source folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// `text` with its comments, strings and character literals blanked out
/// (the same length, newlines kept), so that braces and words in them do
/// not count.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |c: char| if c == '\n' { '\n' } else { ' ' };
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(blank(chars[i]));
                    i += 1;
                }
            }
        } else if c == 'r' && matches!(next, Some('"' | '#')) && !word_before(&chars, i) {
            // A raw string: r"…", r#"…"#.
            let hashes = chars[i + 1..].iter().take_while(|&&c| c == '#').count();
            if chars.get(i + 1 + hashes) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            let end: String = std::iter::once('"')
                .chain(std::iter::repeat_n('#', hashes))
                .collect();
            let start = i + 2 + hashes;
            let rest: String = chars[start..].iter().collect();
            let len = rest.find(&end).map_or(rest.len(), |at| {
                rest[..at].chars().count() + end.chars().count()
            });
            for &c in &chars[i..(start + len).min(chars.len())] {
                out.push(blank(c));
            }
            i = start + len;
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                let skip = if chars[i] == '\\' { 2 } else { 1 };
                for &c in chars.iter().skip(i).take(skip) {
                    out.push(blank(c));
                }
                i += skip;
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' && (next == Some('\\') || chars.get(i + 2) == Some(&'\'')) {
            // A character literal ('{', '\n'), not a lifetime ('a).
            let close = chars[i + 2..]
                .iter()
                .position(|&c| c == '\'')
                .map_or(chars.len(), |at| i + 2 + at);
            for &c in &chars[i..=close.min(chars.len() - 1)] {
                out.push(blank(c));
            }
            i = close + 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn word_before(chars: &[char], i: usize) -> bool {
    i > 0 && (chars[i - 1].is_alphanumeric() || chars[i - 1] == '_')
}

/// How many `fn`s the `impl App { … }` blocks of `code` hold.
fn app_methods(code: &str) -> usize {
    let mut count = 0;
    let mut from = 0;
    while let Some(at) = code[from..].find("impl App {") {
        let open = from + at + "impl App ".len();
        let mut depth = 0;
        let mut close = code.len();
        for (offset, c) in code[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        close = open + offset;
                        break;
                    }
                }
                _ => {}
            }
        }
        count += words(&code[open..close])
            .iter()
            .filter(|w| **w == "fn")
            .count();
        from = close;
    }
    count
}

fn words(code: &str) -> Vec<&str> {
    code.split(|c: char| !(c.is_alphanumeric() || c == '_'))
        .filter(|w| !w.is_empty())
        .collect()
}

fn relative(path: &Path) -> String {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

#[test]
fn the_app_has_at_most_a_hundred_methods() {
    let mut total = 0;
    let mut by_file = Vec::new();
    for path in rust_files(&app_dir()) {
        let text = std::fs::read_to_string(&path).expect("read a source file");
        let methods = app_methods(&code_only(&text));
        if methods > 0 {
            total += methods;
            by_file.push((methods, relative(&path)));
        }
    }
    by_file.sort_by(|a, b| b.cmp(a));
    let listed: Vec<String> = by_file.iter().map(|(n, f)| format!("{n} {f}")).collect();
    assert!(
        total > 0,
        "no `impl App` block found under src/app: the scan is broken"
    );
    assert!(
        total <= APP_METHODS_MAX,
        "`impl App` blocks hold {total} methods, more than {APP_METHODS_MAX}: put the \
         behaviour on the feature's type that owns the state. By file:\n{}",
        listed.join("\n")
    );
}

#[test]
fn the_app_folder_keeps_few_files_at_its_root() {
    let mut root: Vec<String> = std::fs::read_dir(app_dir())
        .expect("read src/app")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "rs"))
        .map(|p| relative(&p))
        .collect();
    root.sort();
    assert!(
        root.len() <= APP_ROOT_FILES_MAX,
        "src/app holds {} files at its root, more than {APP_ROOT_FILES_MAX}: put each in the \
         feature's folder it belongs to. They are: {root:?}",
        root.len()
    );
}

/// The lines of `code` (with comments and strings blanked) that name
/// `&App`, numbered from 1; a file's tests, from its `#[cfg(test)]` on,
/// are left out.
fn app_borrows(code: &str) -> Vec<usize> {
    let code = code.find("#[cfg(test)]").map_or(code, |at| &code[..at]);
    code.lines()
        .enumerate()
        .filter(|(_, line)| {
            line.match_indices("&App").any(|(at, _)| {
                !line[at + "&App".len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_')
            })
        })
        .map(|(n, _)| n + 1)
        .collect()
}

#[test]
fn no_view_draws_from_the_app() {
    let mut named = Vec::new();
    for path in rust_files(&app_dir()) {
        let file = relative(&path);
        // A test file (`…_tests.rs`) draws the whole app as the event loop
        // does, to see what a player sees: it is no view.
        if MAY_TAKE_THE_APP.contains(&file.as_str()) || file.ends_with("_tests.rs") {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("read a source file");
        let lines: Vec<&str> = text.lines().collect();
        for n in app_borrows(&code_only(&text)) {
            let line = lines.get(n - 1).map_or("", |l| l.trim());
            named.push(format!("{file}:{n}: {line}"));
        }
    }
    assert!(
        named.is_empty(),
        "only {MAY_TAKE_THE_APP:?} may take `&App`: a view draws from its feature's state or \
         the `Scene` the router builds (src/app/ui/scene.rs). Found:\n{}",
        named.join("\n")
    );
}

#[test]
fn the_borrow_scan_finds_the_app_in_signatures_only_outside_tests() {
    let code = code_only(
        "// fn a(app: &App)\nfn b(app: &App) {}\nfn c(apps: &Apps) {}\n\
         fn d() -> &'static str { \"&App\" }\nfn e(f: impl Fn(&App)) {}\n\
         #[cfg(test)]\nmod tests { fn g(app: &App) {} }\n",
    );
    assert_eq!(app_borrows(&code), [2, 5], "{code}");
}

#[test]
fn the_scan_skips_comments_strings_and_characters() {
    let code = code_only(
        "impl App {\n    /// fn in a comment { \n    fn one(&self) -> char { '{' }\n    \
         fn two<'a>(&'a self) -> &'a str { \"fn }\" }\n    /* fn } */\n    \
         fn three() -> &'static str { r#\"fn \"}\"# }\n}\nimpl Other { fn four() {} }\n\
         impl App { fn five() {} }\n",
    );
    assert_eq!(app_methods(&code), 4, "{code}");
}

/// The most files a lobby move walks from the socket to the board, and
/// Enter against the computer from the key to the computer's move drawn.
const LOBBY_MOVE_FILES_MAX: usize = 10;
const ENTER_FILES_MAX: usize = 12;

/// One step of a walk: `file — function — what it does`.
struct Step {
    file: String,
    function: String,
}

/// The walks of docs/architecture.md's "Two walks", by their headings:
/// each a numbered list of steps.
fn walks() -> Vec<(String, Vec<Step>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let doc = std::fs::read_to_string(root.join("docs/architecture.md")).expect("read the doc");
    let section = doc
        .split("\n## ")
        .find(|s| s.starts_with("Two walks"))
        .expect("docs/architecture.md has a section \"Two walks\"");
    let mut walks: Vec<(String, Vec<Step>)> = Vec::new();
    for line in section.lines() {
        if let Some(heading) = line.strip_prefix("### ") {
            walks.push((heading.to_string(), Vec::new()));
            continue;
        }
        let Some((number, rest)) = line.split_once(". ") else {
            continue;
        };
        if number.is_empty() || !number.chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        let parts: Vec<&str> = rest.splitn(3, " — ").collect();
        assert_eq!(parts.len(), 3, "a step is `file — function — what`: {line}");
        let unquote = |s: &str| s.trim().trim_matches('`').to_string();
        let (_, steps) = walks.last_mut().expect("a step under a walk's heading");
        steps.push(Step {
            file: unquote(parts[0]),
            function: unquote(parts[1]),
        });
    }
    walks
}

/// Whether `code` defines `function` (`name`, or `Type::name` in an
/// `impl` of `Type`).
fn defines(code: &str, function: &str) -> bool {
    let (owner, name) = match function.rsplit_once("::") {
        Some((owner, name)) => (Some(owner), name),
        None => (None, function),
    };
    let has_fn = words(code).windows(2).any(|w| w[0] == "fn" && w[1] == name);
    let has_owner = owner.is_none_or(|owner| {
        code.split("impl").skip(1).any(|after| {
            let head = after.split('{').next().unwrap_or_default();
            words(head).contains(&owner)
        })
    });
    has_fn && has_owner
}

#[test]
fn the_two_walks_name_functions_their_files_define_within_their_bounds() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let walks = walks();
    assert_eq!(walks.len(), 2, "two walks: a lobby move and Enter");
    for ((heading, steps), max) in walks.iter().zip([LOBBY_MOVE_FILES_MAX, ENTER_FILES_MAX]) {
        assert!(!steps.is_empty(), "{heading}: no steps");
        for step in steps {
            let text = std::fs::read_to_string(root.join(&step.file))
                .unwrap_or_else(|e| panic!("{heading}: {}: {e}", step.file));
            assert!(
                defines(&code_only(&text), &step.function),
                "{heading}: {} defines no `{}`",
                step.file,
                step.function
            );
        }
        let mut files: Vec<&str> = steps.iter().map(|s| s.file.as_str()).collect();
        files.sort_unstable();
        files.dedup();
        assert!(
            files.len() <= max,
            "{heading}: {} files (at most {max}): {files:?}",
            files.len()
        );
    }
}

#[test]
fn a_walk_s_function_is_found_only_where_it_is_defined() {
    let code = "impl Sealer {\n    pub fn open(&self) {}\n}\nfn read_frame() {}\n";
    assert!(defines(code, "Sealer::open"));
    assert!(defines(code, "read_frame"));
    assert!(!defines(code, "Client::open"));
    assert!(!defines(code, "read"));
    assert!(!defines(code, "Sealer::seal"));
}
