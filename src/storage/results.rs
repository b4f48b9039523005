//! The results file: one line per finished game, tab-separated, after a
//! header line, appended by atomic rewrite so a crash never truncates it.
//!
//! ```text
//! date⇥player1⇥player2⇥black⇥swapped⇥winner⇥colour⇥moves⇥record
//! 2024-02-29T13:05:09Z⇥Ann⇥Bob⇥player1⇥no⇥Bob⇥White⇥23⇥/home/ann/…/game.brique
//! ```
//!
//! `date` is when the game ended (UTC); `black` the player who held Black at
//! the start; `swapped` whether White used the pie rule; `winner` the winner's
//! name and `colour` the colour they won with; `moves` counts a swap as a
//! move; `record` is the saved record's path, or `-`. In names and paths a
//! backslash, tab, line feed and carriage return are written `\\`, `\t`, `\n`,
//! `\r`. Lines that do not read are reported and kept byte for byte.

use std::collections::HashMap;
use std::io;
use std::path::{Path, PathBuf};

use super::Paths;
use super::atomic::remove_stale_temporaries;
use super::autosave_lock::wait_for_lock_beside;
use super::error::StorageError;
use super::files::{read_bytes, write_bytes};
use super::timestamp::Timestamp;
use crate::core::{Color, Game, Outcome, Player, Quoted, Record};

/// The first line of the results file.
pub const RESULTS_HEADER: &str =
    "date\tplayer1\tplayer2\tblack\tswapped\twinner\tcolour\tmoves\trecord";

/// A results file larger than this is refused rather than read (about half a
/// million games).
const MAX_RESULTS_BYTES: u64 = 64 << 20;

/// How long adding a result waits for another copy adding one: a rewrite of
/// even the largest file takes well under this.
const RESULTS_LOCK_PATIENCE: std::time::Duration = std::time::Duration::from_secs(10);

/// One finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultRow {
    /// When the game ended.
    pub date: Timestamp,
    /// Player 1's and Player 2's names.
    pub names: [String; 2],
    /// The player who held Black at the start.
    pub first_black: Player,
    /// Whether White swapped sides (pie rule), exchanging the colours.
    pub swapped: bool,
    /// The colour the winner held when the game ended.
    pub winner: Color,
    /// Number of moves, a swap counting as one.
    pub moves: usize,
    /// The saved record, if the game was saved.
    pub record: Option<PathBuf>,
}

impl ResultRow {
    /// The row for a finished game; `None` while it is unfinished.
    pub fn from_record(record: &Record, file: Option<&Path>, date: Timestamp) -> Option<ResultRow> {
        // A game won on time or by resignation counts as won.
        let Outcome::Won(winner) = record.outcome() else {
            return None;
        };
        Some(ResultRow {
            date,
            names: record.names.clone(),
            first_black: record.game.first_black(),
            swapped: record.game.swapped(),
            winner,
            moves: record.game.moves().len(),
            record: file.map(Path::to_path_buf),
        })
    }

    /// The player who won.
    pub fn winner_player(&self) -> Player {
        Game::holder_given(self.first_black, self.swapped, self.winner)
    }

    pub fn winner_name(&self) -> &str {
        &self.names[self.winner_player().index()]
    }

    /// The row's line in the results file, without the line break.
    pub fn to_line(&self) -> String {
        let record = match &self.record {
            None => "-".to_string(),
            Some(p) if p.as_os_str() == "-" => "./-".to_string(),
            Some(p) => escape(&p.to_string_lossy()),
        };
        [
            self.date.to_string(),
            escape(&self.names[0]),
            escape(&self.names[1]),
            player_key(self.first_black).to_string(),
            (if self.swapped { "yes" } else { "no" }).to_string(),
            escape(self.winner_name()),
            self.winner.name().to_string(),
            self.moves.to_string(),
            record,
        ]
        .join("\t")
    }

    /// Reads a line written by [`ResultRow::to_line`]; an error gives the
    /// one-based column of the bad field and what is wrong with it.
    pub fn from_line(line: &str) -> Result<ResultRow, (usize, String)> {
        let fields: Vec<&str> = line.split('\t').collect();
        if fields.len() != 9 {
            return Err((
                1,
                format!(
                    "expected 9 fields separated by tabs ({}), found {}",
                    RESULTS_HEADER.replace('\t', " "),
                    fields.len()
                ),
            ));
        }
        let column = |i: usize| -> usize {
            fields[..i]
                .iter()
                .map(|f| f.chars().count() + 1)
                .sum::<usize>()
                + 1
        };
        let at = |i: usize, message: String| (column(i), message);
        let date = fields[0].parse().map_err(|e| at(0, format!("{e}")))?;
        let first_black = match fields[3] {
            "player1" => Player::One,
            "player2" => Player::Two,
            other => {
                return Err(at(
                    3,
                    format!("expected player1 or player2, found {}", Quoted(other)),
                ));
            }
        };
        let swapped = match fields[4] {
            "yes" => true,
            "no" => false,
            other => {
                return Err(at(
                    4,
                    format!("expected yes or no, found {}", Quoted(other)),
                ));
            }
        };
        let winner = match fields[6] {
            "Black" => Color::Black,
            "White" => Color::White,
            other => {
                return Err(at(
                    6,
                    format!("expected Black or White, found {}", Quoted(other)),
                ));
            }
        };
        let moves = fields[7].parse().map_err(|_| {
            at(
                7,
                format!("expected a number of moves, found {}", Quoted(fields[7])),
            )
        })?;
        let record = match fields[8] {
            "-" => None,
            path => Some(PathBuf::from(unescape(path))),
        };
        let row = ResultRow {
            date,
            names: [unescape(fields[1]), unescape(fields[2])],
            first_black,
            swapped,
            winner,
            moves,
            record,
        };
        let named = unescape(fields[5]);
        if named != row.winner_name() {
            return Err(at(
                5,
                format!(
                    "the winner {} is not the player who held {winner} ({})",
                    Quoted(&named),
                    Quoted(row.winner_name())
                ),
            ));
        }
        Ok(row)
    }
}

fn player_key(player: Player) -> &'static str {
    match player {
        Player::One => "player1",
        Player::Two => "player2",
    }
}

/// Escapes what would break a tab-separated line.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out
}

/// Undoes [`escape`]; an unknown escape is kept as it is.
fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('\\') => out.push('\\'),
            Some('t') => out.push('\t'),
            Some('n') => out.push('\n'),
            Some('r') => out.push('\r'),
            Some(other) => {
                out.push('\\');
                out.push(other);
            }
            None => out.push('\\'),
        }
    }
    out
}

/// Adds `row` at the end of the results file (creating it with its header).
/// The file is rewritten atomically: existing bytes are kept exactly, bad
/// lines included; a last line without its line break gets one first.
/// The read and the rewrite happen under the lock on `results.tsv.lock`, so
/// two copies adding a result at once both keep their line.
pub fn append_result(paths: &Paths, row: &ResultRow) -> Result<(), StorageError> {
    let path = paths.results();
    let _lock = wait_for_lock_beside(&path, RESULTS_LOCK_PATIENCE)?;
    let mut bytes = match read_bytes(&path, MAX_RESULTS_BYTES) {
        Ok(bytes) => bytes,
        Err(e) if e.io_kind() == Some(io::ErrorKind::NotFound) => {
            format!("{RESULTS_HEADER}\n").into_bytes()
        }
        Err(e) => return Err(e),
    };
    if bytes.last().is_some_and(|&b| b != b'\n') {
        bytes.push(b'\n');
    }
    bytes.extend_from_slice(row.to_line().as_bytes());
    bytes.push(b'\n');
    write_bytes(&path, &bytes)
}

/// The results file read: its good rows in file order (oldest first) and
/// every line that did not read, as `Parse` errors naming file, line, column.
#[derive(Clone, Debug, Default)]
pub struct Results {
    pub rows: Vec<ResultRow>,
    pub problems: Vec<StorageError>,
}

/// Reads the results file; a missing file has no rows. Header lines, blank
/// lines and lines starting with `#` are skipped.
pub fn load_results(paths: &Paths) -> Result<Results, StorageError> {
    remove_stale_temporaries(&paths.data_dir);
    let path = paths.results();
    let bytes = match read_bytes(&path, MAX_RESULTS_BYTES) {
        Ok(bytes) => bytes,
        Err(e) if e.io_kind() == Some(io::ErrorKind::NotFound) => return Ok(Results::default()),
        Err(e) => return Err(e),
    };
    let mut results = Results::default();
    for (i, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let line_no = i + 1;
        let line = match std::str::from_utf8(raw) {
            Ok(line) => line.strip_suffix('\r').unwrap_or(line),
            Err(e) => {
                let valid = String::from_utf8_lossy(&raw[..e.valid_up_to()]);
                results.problems.push(StorageError::parse(
                    &path,
                    line_no,
                    valid.chars().count() + 1,
                    "the line is not UTF-8 text".to_string(),
                ));
                continue;
            }
        };
        if line.trim().is_empty() || line.starts_with('#') || line == RESULTS_HEADER {
            continue;
        }
        match ResultRow::from_line(line) {
            Ok(row) => results.rows.push(row),
            Err((column, message)) => results
                .problems
                .push(StorageError::parse(&path, line_no, column, message)),
        }
    }
    Ok(results)
}

/// A player's record over the results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerTally {
    pub name: String,
    pub games: usize,
    pub wins: usize,
}

/// What the results screen shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// Every name that played, most wins first (then fewest games, then name).
    pub players: Vec<PlayerTally>,
    /// The last `recent` games, newest (last in the file) first.
    pub recent: Vec<ResultRow>,
}

/// Wins and games per player name (names compared exactly), and recent games.
pub fn summarize(rows: &[ResultRow], recent: usize) -> Summary {
    let mut tallies: HashMap<&str, PlayerTally> = HashMap::new();
    for row in rows {
        let winner = row.winner_name();
        let mut names: Vec<&str> = row.names.iter().map(String::as_str).collect();
        names.dedup();
        for name in names {
            let tally = tallies.entry(name).or_insert_with(|| PlayerTally {
                name: name.to_string(),
                games: 0,
                wins: 0,
            });
            tally.games += 1;
            tally.wins += usize::from(name == winner);
        }
    }
    let mut players: Vec<PlayerTally> = tallies.into_values().collect();
    players.sort_by(|a, b| {
        b.wins
            .cmp(&a.wins)
            .then(a.games.cmp(&b.games))
            .then_with(|| a.name.cmp(&b.name))
    });
    Summary {
        players,
        recent: rows.iter().rev().take(recent).cloned().collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(names: [&str; 2], first_black: Player, swapped: bool, winner: Color) -> ResultRow {
        ResultRow {
            date: Timestamp::from_unix_seconds(1_700_000_000),
            names: names.map(str::to_string),
            first_black,
            swapped,
            winner,
            moves: 17,
            record: None,
        }
    }

    #[test]
    fn winner_follows_the_swap() {
        let plain = row(["Ann", "Bob"], Player::One, false, Color::Black);
        assert_eq!(plain.winner_name(), "Ann");
        let swapped = row(["Ann", "Bob"], Player::One, true, Color::Black);
        assert_eq!(swapped.winner_name(), "Bob");
        let bob_black = row(["Ann", "Bob"], Player::Two, false, Color::White);
        assert_eq!(bob_black.winner_name(), "Ann");
    }

    #[test]
    fn a_line_round_trips_with_awkward_names() {
        let mut r = row(["A\tnn\\", "B\nob\r"], Player::Two, true, Color::White);
        r.record = Some(PathBuf::from("/tmp/a\tb.brique"));
        let line = r.to_line();
        assert!(!line.contains('\n') && !line.contains('\r'));
        assert_eq!(line.split('\t').count(), 9);
        assert_eq!(ResultRow::from_line(&line), Ok(r));
    }

    #[test]
    fn bad_fields_are_placed() {
        let good = row(["Ann", "Bob"], Player::One, false, Color::Black).to_line();
        let bad = good.replace("\tno\t", "\tperhaps\t");
        let (column, message) = ResultRow::from_line(&bad).unwrap_err();
        assert_eq!(
            column,
            "2023-11-14T22:13:20Z\tAnn\tBob\tplayer1\t".len() + 1
        );
        assert!(message.contains("perhaps"), "{message}");
        let liar = good.replace("\tAnn\tBlack", "\tBob\tBlack");
        assert!(
            ResultRow::from_line(&liar)
                .unwrap_err()
                .1
                .contains("not the player")
        );
        assert_eq!(ResultRow::from_line("a\tb").unwrap_err().0, 1);
    }

    #[test]
    fn unknown_escapes_stay() {
        assert_eq!(unescape("a\\qb\\"), "a\\qb\\");
    }

    #[test]
    fn summary_counts_wins_and_games() {
        let rows = vec![
            row(["Ann", "Bob"], Player::One, false, Color::Black), // Ann
            row(["Ann", "Bob"], Player::One, true, Color::Black),  // Bob
            row(["Cy", "Ann"], Player::One, false, Color::White),  // Ann
            row(["Dee", "Dee"], Player::One, false, Color::White), // Dee
        ];
        let s = summarize(&rows, 2);
        let tally = |name: &str, games, wins| PlayerTally {
            name: name.to_string(),
            games,
            wins,
        };
        assert_eq!(
            s.players,
            vec![
                tally("Ann", 3, 2),
                tally("Dee", 1, 1),
                tally("Bob", 2, 1),
                tally("Cy", 1, 0)
            ]
        );
        assert_eq!(s.recent, vec![rows[3].clone(), rows[2].clone()]);
    }
}
