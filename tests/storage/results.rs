//! The results file: appended by atomic rewrite, malformed lines kept byte for
//! byte and reported with their line, awkward names harmless.

use std::fs;
use std::path::Path;

use crate::games;
use brique::core::{Color, Player};
use brique::storage::{
    Paths, RESULTS_HEADER, ResultRow, StorageError, Timestamp, append_result, load_results,
    summarize,
};

fn at(seconds: i64) -> Timestamp {
    Timestamp::from_unix_seconds(1_700_000_000 + seconds)
}

#[test]
fn appended_results_read_back() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    let loaded = load_results(&paths).unwrap();
    assert!(loaded.rows.is_empty() && loaded.problems.is_empty());

    let record = games::finished(["Ann", "Bob"]);
    let saved_as = Path::new("/records/ann-vs-bob.brique");
    let first = ResultRow::from_record(&record, Some(saved_as), at(0)).unwrap();
    let second = ResultRow::from_record(&record, None, at(60)).unwrap();
    append_result(&paths, &first).unwrap();
    append_result(&paths, &second).unwrap();

    let text = fs::read_to_string(paths.results()).unwrap();
    assert_eq!(
        text,
        format!(
            "{RESULTS_HEADER}\n{}\n{}\n",
            first.to_line(),
            second.to_line()
        )
    );
    let winner = record.game.winner().unwrap();
    assert!(
        first.to_line().starts_with(&format!(
            "2023-11-14T22:13:20Z\tAnn\tBob\tplayer1\tno\t{}\t",
            record.names[winner.index()]
        )),
        "{}",
        first.to_line()
    );
    assert!(first.to_line().ends_with(&format!(
        "\t{}\t/records/ann-vs-bob.brique",
        record.game.moves().len()
    )));
    assert!(second.to_line().ends_with("\t-"));

    let loaded = load_results(&paths).unwrap();
    assert!(loaded.problems.is_empty(), "{:?}", loaded.problems);
    assert_eq!(loaded.rows, vec![first, second]);
}

#[test]
fn an_unfinished_game_has_no_result() {
    assert_eq!(
        ResultRow::from_record(&games::unfinished(9, 5), None, at(0)),
        None
    );
}

#[test]
fn malformed_lines_survive_byte_for_byte_and_are_reported() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    let good = ResultRow {
        date: at(0),
        names: ["Ann".to_string(), "Bob".to_string()],
        first_black: Player::One,
        swapped: true,
        winner: Color::White,
        moves: 31,
        record: None,
    };
    let mut old = Vec::new();
    old.extend_from_slice(format!("{RESULTS_HEADER}\n{}\n", good.to_line()).as_bytes());
    old.extend_from_slice(b"this line is not a result\n");
    old.extend_from_slice(b"2023-11-14T22:13:20Z\tAnn\tBob\tplayer1\tmaybe\tAnn\tWhite\t3\t-\n");
    old.extend_from_slice(b"\xFF\xFE binary junk\n");
    old.extend_from_slice(b"\n# a comment\n");
    old.extend_from_slice(b"cut short by a crash\tAnn"); // no final line break
    fs::create_dir_all(&paths.data_dir).unwrap();
    fs::write(paths.results(), &old).unwrap();

    let loaded = load_results(&paths).unwrap();
    assert_eq!(loaded.rows, vec![good.clone()]);
    let places: Vec<(usize, usize)> = loaded
        .problems
        .iter()
        .map(|p| match p {
            StorageError::Parse { path, error } => {
                assert_eq!(path, &paths.results());
                (error.line, error.column)
            }
            other => panic!("expected a parse problem, got {other}"),
        })
        .collect();
    assert_eq!(places, [(3, 1), (4, 38), (5, 1), (8, 1)]);
    let shown = loaded.problems[1].to_string();
    assert!(
        shown.starts_with(&format!(
            "{}: line 4, column 38: ",
            paths.results().display()
        )),
        "{shown}"
    );
    assert!(shown.contains("maybe"), "{shown}");

    let mut newer = good.clone();
    newer.date = at(99);
    append_result(&paths, &newer).unwrap();
    let mut expected = old.clone();
    expected.push(b'\n');
    expected.extend_from_slice(format!("{}\n", newer.to_line()).as_bytes());
    assert_eq!(fs::read(paths.results()).unwrap(), expected);

    let loaded = load_results(&paths).unwrap();
    assert_eq!(loaded.rows, vec![good, newer]);
    assert_eq!(loaded.problems.len(), 4);
}

#[test]
fn names_with_tabs_and_line_breaks_do_not_break_the_file() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    let mut record = games::finished(["Ann", "Bob"]);
    record.names = ["A\tnn".to_string(), "B\nob\\".to_string()];
    let row = ResultRow::from_record(&record, Some(Path::new("/r/x\ty.brique")), at(0)).unwrap();
    append_result(&paths, &row).unwrap();
    let text = fs::read_to_string(paths.results()).unwrap();
    assert_eq!(text.lines().count(), 2, "{text}");
    assert_eq!(text.lines().nth(1).unwrap().split('\t').count(), 9);
    let loaded = load_results(&paths).unwrap();
    assert_eq!(loaded.rows, vec![row]);
}

#[test]
fn the_summary_counts_wins_per_name() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    let game = games::finished(["Ann", "Bob"]);
    let winner = game.game.winner().unwrap();
    let (won, lost) = (
        game.names[winner.index()].clone(),
        game.names[winner.other().index()].clone(),
    );
    for i in 0..3 {
        let row = ResultRow::from_record(&game, None, at(i)).unwrap();
        append_result(&paths, &row).unwrap();
    }
    let loaded = load_results(&paths).unwrap();
    let summary = summarize(&loaded.rows, 2);
    let tallies: Vec<(&str, usize, usize)> = summary
        .players
        .iter()
        .map(|t| (t.name.as_str(), t.games, t.wins))
        .collect();
    assert_eq!(tallies, [(won.as_str(), 3, 3), (lost.as_str(), 3, 0)]);
    let dates: Vec<Timestamp> = summary.recent.iter().map(|r| r.date).collect();
    assert_eq!(dates, [at(2), at(1)]);
}

#[test]
fn an_unwritable_results_file_is_an_error_and_keeps_the_old_one() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    // A directory where the results file should be: it can be neither read
    // as a file nor replaced.
    fs::create_dir_all(paths.results()).unwrap();
    let row = ResultRow::from_record(&games::finished(["Ann", "Bob"]), None, at(0)).unwrap();
    let err = append_result(&paths, &row).unwrap_err();
    assert_eq!(err.path(), paths.results());
    assert!(paths.results().is_dir());
    assert!(load_results(&paths).is_err());
}

#[test]
fn results_added_at_the_same_moment_by_many_writers_are_all_kept() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    let record = games::finished(["Ann", "Bob"]);
    let writers: Vec<_> = (0..16)
        .map(|i| {
            let paths = paths.clone();
            let row = ResultRow::from_record(&record, None, at(i)).unwrap();
            std::thread::spawn(move || {
                append_result(&paths, &row).unwrap();
                row.to_line()
            })
        })
        .collect();
    let mut expected: Vec<String> = writers.into_iter().map(|w| w.join().unwrap()).collect();
    let text = fs::read_to_string(paths.results()).unwrap();
    let mut lines: Vec<String> = text.lines().skip(1).map(str::to_string).collect();
    assert_eq!(text.lines().next(), Some(RESULTS_HEADER));
    lines.sort();
    expected.sort();
    assert_eq!(lines, expected);
}
