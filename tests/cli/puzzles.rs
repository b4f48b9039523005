//! `brique puzzles generate` through the real binary: new puzzles, each in
//! the shipped format and proven again here.

use brique::learn::parse_puzzles;

#[test]
fn generate_prints_proven_puzzles_in_the_shipped_format() {
    let out = crate::brique_command()
        .args(["puzzles", "generate", "--count", "3", "--seed", "5"])
        .output()
        .expect("run brique");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let puzzles = parse_puzzles(&text).unwrap_or_else(|(line, e)| panic!("line {line}: {e}"));
    assert_eq!(puzzles.len(), 3, "{text}");
    for puzzle in &puzzles {
        assert_eq!(puzzle.check(), Ok(()), "{puzzle}");
    }
    let n: Vec<u8> = puzzles.iter().map(|p| p.n).collect();
    assert!(n.windows(2).all(|w| w[0] <= w[1]), "easiest first: {n:?}");
}

#[test]
fn generate_refuses_a_count_of_zero() {
    let out = crate::brique_command()
        .args(["puzzles", "generate", "--count", "0"])
        .output()
        .expect("run brique");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--count"));
}

#[test]
fn generate_add_writes_your_puzzles_where_the_game_reads_them() {
    let home = tempfile::tempdir().unwrap();
    let run = || {
        crate::brique_command()
            .args([
                "puzzles", "generate", "--count", "2", "--seed", "5", "--add",
            ])
            .env("HOME", home.path())
            .env("XDG_CONFIG_HOME", home.path().join("config"))
            .env("XDG_DATA_HOME", home.path().join("data"))
            .env("XDG_STATE_HOME", home.path().join("state"))
            .env_remove("BRIQUE_CONFIG")
            .output()
            .expect("run brique")
    };
    let out = run();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(out.stdout.is_empty(), "written to the file, not printed");
    let path = home.path().join("data/brique/puzzles.txt");
    assert!(stderr.contains(&path.display().to_string()), "{stderr}");
    let puzzles = brique::learn::read_puzzle_file(&path).unwrap();
    assert_eq!(puzzles.len(), 2);
    for puzzle in &puzzles {
        assert_eq!(puzzle.check(), Ok(()), "{puzzle}");
    }
    // The same again adds none: they are known.
    let out = run();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("Added 0 puzzles"));
    assert_eq!(brique::learn::read_puzzle_file(&path).unwrap(), puzzles);
}
