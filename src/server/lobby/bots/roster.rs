//! Who the server's bots are: one per level named in `--bots`, called by
//! its level (`brique-easy`, and `brique-easy-2` for a second easy one),
//! each with a key of its own kept in the server's data directory, so
//! that it is the same player, with the same rating, after a restart.

use std::path::{Path, PathBuf};

use crate::ai::Level;
use crate::online::identity::IdentityError;
use crate::online::{Identity, house_bots};

/// The folder of the bots' keys, in the server's data directory.
pub const BOTS_DIR: &str = "bots";

/// One bot of the server: its level, name and key.
pub struct Member {
    pub level: Level,
    pub name: String,
    pub identity: Identity,
}

impl Member {
    /// Its key, as the referee knows players (hexadecimal).
    pub fn key(&self) -> String {
        self.identity.public_hex()
    }
}

/// The names of the bots `levels` asks for, in order: `brique-LEVEL`,
/// then `brique-LEVEL-2`, `-3`… for a level named again.
pub fn names(levels: &[Level]) -> Vec<(Level, String)> {
    let mut seen = std::collections::HashMap::new();
    levels
        .iter()
        .map(|&level| {
            let count = seen.entry(level).or_insert(0_u32);
            *count += 1;
            (level, house_bots::name(level, *count))
        })
        .collect()
}

/// The key file of the bot called `name` under `dir`.
pub fn key_file(dir: &Path, name: &str) -> PathBuf {
    dir.join(BOTS_DIR).join(format!("{name}.key"))
}

/// The bots `levels` asks for, each key read from `dir` (or made there).
pub fn load(dir: &Path, levels: &[Level]) -> Result<Vec<Member>, IdentityError> {
    names(levels)
        .into_iter()
        .map(|(level, name)| {
            let identity = Identity::load_or_create(&key_file(dir, &name))?;
            Ok(Member {
                level,
                name,
                identity,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_named_again_gets_a_number() {
        let levels = [Level::Easy, Level::Hard, Level::Easy, Level::Easy];
        let names: Vec<String> = names(&levels).into_iter().map(|(_, n)| n).collect();
        assert_eq!(
            names,
            [
                "brique-easy",
                "brique-hard",
                "brique-easy-2",
                "brique-easy-3"
            ]
        );
    }
}
