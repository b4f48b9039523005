//! Which saved games the records screen lists: those whose players, winner,
//! result or file name hold the words typed after `/`.

use crate::core::Outcome;
use crate::storage::{RecordInfo, RecordSummary};

/// `Bob won`, `Black won`, `unfinished`.
pub fn result(info: &RecordInfo) -> String {
    match (&info.outcome, &info.winner) {
        (Outcome::Won(_), Some(winner)) => format!("{winner} won"),
        (Outcome::Won(color), None) => format!("{color} won"),
        (Outcome::Unfinished, _) => "unfinished".to_string(),
    }
}

/// Whether `entry` shows under `filter`: every word of it, in any case,
/// is in the entry's description (`Ann Bob won`, `unfinished`, its file).
pub fn shows(entry: &RecordSummary, filter: &str) -> bool {
    let mut about = entry.file_name.to_lowercase();
    if let Ok(info) = &entry.content {
        let result = result(info);
        about = format!("{} {} {result} {about}", info.names[0], info.names[1]).to_lowercase();
    }
    filter
        .to_lowercase()
        .split_whitespace()
        .all(|word| about.contains(word))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{BoardSize, Color};

    fn entry(names: [&str; 2], winner: Option<&str>) -> RecordSummary {
        let outcome = winner.map_or(Outcome::Unfinished, |_| Outcome::Won(Color::Black));
        RecordSummary {
            path: "x.brique".into(),
            file_name: "2026-11-22 x.brique".into(),
            modified: None,
            content: Ok(RecordInfo {
                names: names.map(str::to_string),
                outcome,
                winner: winner.map(str::to_string),
                moves: 3,
                size: BoardSize::DEFAULT,
            }),
        }
    }

    #[test]
    fn words_match_players_results_and_file_names_in_any_case() {
        let won = entry(["Ann", "Bob"], Some("Bob"));
        let open = entry(["Ann", "Zoë"], None);
        assert!(shows(&won, ""));
        assert!(shows(&won, "bob"));
        assert!(!shows(&open, "bob"));
        assert!(shows(&won, "Bob won"));
        assert!(!shows(&won, "unfinished"));
        assert!(shows(&open, "unfinished ZOË"));
        assert!(shows(&open, "2026-11"));
    }
}
