//! Every command in the README's `sh` blocks works on a fresh clone: it is
//! a `cargo` command, and what `cargo run` hands to `brique` parses.

use clap::Parser;

use brique::cli::Cli;

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).expect("README.md")
}

/// The command lines of the README's `sh` blocks, without comments.
fn sh_lines(readme: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut inside = false;
    for line in readme.lines() {
        match (inside, line.trim()) {
            (false, "```sh") => inside = true,
            (true, "```") => inside = false,
            (true, text) if !text.is_empty() => {
                lines.push(text.split(" #").next().unwrap_or("").trim().to_string());
            }
            _ => {}
        }
    }
    lines
}

/// Words as the shell splits them, double quotes grouping, up to a pipe or
/// a redirection.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            '|' | '>' if !quoted => break,
            c if c.is_whitespace() && !quoted => {
                if !word.is_empty() {
                    words.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        words.push(word);
    }
    words
}

#[test]
fn every_readme_command_runs_from_a_fresh_clone() {
    let readme = readme();
    assert!(readme.contains("cargo install --path ."));
    let lines = sh_lines(&readme);
    assert!(lines.len() >= 10, "{lines:?}");
    for line in lines {
        assert!(line.starts_with("cargo "), "not a cargo command: {line}");
        let Some(rest) = line.strip_prefix("cargo run --release --") else {
            continue;
        };
        let args = std::iter::once("brique".to_string()).chain(words(rest));
        if let Err(e) = Cli::try_parse_from(args) {
            panic!("{line}: {e}");
        }
    }
}

#[test]
fn words_split_like_the_shell() {
    assert_eq!(
        words(r#" show --moves "f4 h6"  x | man -l -"#),
        ["show", "--moves", "f4 h6", "x"]
    );
}
