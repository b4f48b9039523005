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
