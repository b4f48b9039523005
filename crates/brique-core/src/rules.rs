//! The two rule variants and the per-game rule settings.

use std::fmt;
use std::str::FromStr;

/// Which squares can be filled (see RULES.md, "Two rule variants").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Seed 002 (May 2012): a square with at least one escort can be filled.
    #[default]
    Original,
    /// December 2012: only squares with two escorts on the board are filled.
    Revised,
}

impl Variant {
    pub const ALL: [Variant; 2] = [Variant::Original, Variant::Revised];

    /// Whether a square with `escorts` escorts on the board can ever be filled.
    pub const fn can_fill(self, escorts: usize) -> bool {
        match self {
            Variant::Original => escorts >= 1,
            Variant::Revised => escorts == 2,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Variant::Original => "original",
            Variant::Revised => "revised",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = VariantError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "original" => Ok(Variant::Original),
            "revised" => Ok(Variant::Revised),
            _ => Err(VariantError(s.trim().to_string())),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantError(pub String);

impl fmt::Display for VariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "expected rules original or revised, found {}",
            super::Quoted(&self.0)
        )
    }
}

impl std::error::Error for VariantError {}

/// The rules a game is played by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub variant: Variant,
    /// Whether White may swap sides on its first turn.
    pub pie: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            variant: Variant::Original,
            pie: true,
        }
    }
}
