//! `--tournaments FILE`: the kinds this server runs are taken, a league is
//! refused with the tournament's name.

use super::read_tournaments;
use crate::server::lobby::tournament::Kind;

fn file(text: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tournaments.toml");
    std::fs::write(&path, text).unwrap();
    (dir, path)
}

#[test]
fn an_arena_with_minutes_is_scheduled_and_a_league_refused() {
    let (_dir, path) = file(
        "[[tournament]]\nname = \"Blitz arena\"\nkind = \"arena\"\nsize = 5\n\
         clock = \"1+1\"\nminutes = 30\nstart = \"+3s\"\n",
    );
    let scheduled = read_tournaments(&path).unwrap();
    assert_eq!(
        scheduled
            .iter()
            .map(|t| (t.kind, t.minutes))
            .collect::<Vec<_>>(),
        [(Kind::Arena, Some(30))]
    );
    let (_dir, path) = file(
        "[[tournament]]\nname = \"Season\"\nkind = \"league\"\nsize = 5\n\
         days = 3\nstart = \"+3s\"\n",
    );
    let refused = read_tournaments(&path).unwrap_err().to_string();
    assert!(
        refused.ends_with(
            "tournament \"Season\": this server runs swiss and arena tournaments only so far, \
             not a league"
        ),
        "{refused}"
    );
}
