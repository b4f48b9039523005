//! The board's colours in `[display]`: a colour is a name from a short list
//! or `#rrggbb`, and is written back as it was given.

use serde::{Deserialize, Serialize};

use super::refusal::ValueError;
use super::value::{Spelling, spelled};

/// One colour, kept with the name it was given by (if any).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colour {
    pub rgb: (u8, u8, u8),
    /// Its place in [`NAMES`], if it was given by name.
    name: Option<u8>,
}

/// The colours known by name.
const NAMES: [(&str, (u8, u8, u8)); 16] = [
    ("black", (0, 0, 0)),
    ("charcoal", (48, 48, 48)),
    ("slate", (96, 96, 96)),
    ("grey", (150, 150, 150)),
    ("silver", (192, 192, 192)),
    ("white", (255, 255, 255)),
    ("ivory", (255, 250, 225)),
    ("sand", (235, 215, 175)),
    ("tan", (215, 175, 135)),
    ("brown", (175, 135, 95)),
    ("walnut", (120, 80, 50)),
    ("red", (192, 57, 43)),
    ("orange", (230, 159, 0)),
    ("yellow", (240, 228, 66)),
    ("sky", (86, 180, 233)),
    ("blue", (0, 114, 178)),
];

impl Colour {
    /// A colour of the list by name; `None` for a name not in it.
    pub fn named(name: &str) -> Option<Colour> {
        let name = name.trim().to_ascii_lowercase();
        let i = NAMES.iter().position(|(n, _)| *n == name)?;
        Some(Colour {
            rgb: NAMES[i].1,
            name: u8::try_from(i).ok(),
        })
    }

    /// How the file spells it: its name, else `#rrggbb`.
    pub fn spelling(self) -> String {
        match self.name.and_then(|i| NAMES.get(usize::from(i))) {
            Some((name, _)) => name.to_string(),
            None => format!("#{:02x}{:02x}{:02x}", self.rgb.0, self.rgb.1, self.rgb.2),
        }
    }

    fn parse(text: &str) -> Option<Colour> {
        let hex = text.trim().strip_prefix('#')?;
        if hex.len() != 6 || !hex.is_ascii() {
            return None;
        }
        let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
        Some(Colour {
            rgb: (byte(0)?, byte(2)?, byte(4)?),
            name: None,
        })
    }
}

/// The colours of the stones and of the board's squares (keys of `[display]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct BoardColours {
    #[serde(with = "spelled")]
    pub black_stones: Colour,
    #[serde(with = "spelled")]
    pub white_stones: Colour,
    #[serde(with = "spelled")]
    pub light_squares: Colour,
    #[serde(with = "spelled")]
    pub dark_squares: Colour,
}

/// The palettes offered in the settings: the classic wooden board, one for
/// light terminals, and a high-contrast one in greys, which no form of
/// colour blindness confuses.
pub const PALETTES: [(&str, [&str; 4]); 3] = [
    ("classic", ["black", "white", "tan", "brown"]),
    // Not sand: white stones hardly showed on it (1.4:1).
    ("light terminal", ["charcoal", "white", "tan", "brown"]),
    ("high contrast", ["black", "white", "grey", "slate"]),
];

impl BoardColours {
    /// A palette by its four colour names.
    pub fn palette(names: [&str; 4]) -> BoardColours {
        let colour = |name| {
            Colour::named(name).unwrap_or(Colour {
                rgb: (0, 0, 0),
                name: None,
            })
        };
        BoardColours {
            black_stones: colour(names[0]),
            white_stones: colour(names[1]),
            light_squares: colour(names[2]),
            dark_squares: colour(names[3]),
        }
    }

    /// The name of the palette these colours are, if they are one.
    pub fn palette_name(&self) -> Option<&'static str> {
        PALETTES
            .iter()
            .find(|(_, names)| BoardColours::palette(*names) == *self)
            .map(|(name, _)| *name)
    }
}

impl Default for BoardColours {
    fn default() -> Self {
        BoardColours::palette(PALETTES[0].1)
    }
}

impl Spelling for Colour {
    fn spell(&self) -> toml::Value {
        toml::Value::String(self.spelling())
    }

    fn read(value: &toml::Value) -> Result<Colour, ValueError> {
        value
            .as_str()
            .and_then(|s| Colour::named(s).or_else(|| Colour::parse(s)))
            .ok_or_else(|| ValueError::Colour(names()))
    }
}

/// The colours known by name, for the message that refuses another.
fn names() -> String {
    let names: Vec<&str> = NAMES.iter().map(|(n, _)| *n).collect();
    names.join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_are_read_by_name_or_hex_and_spelled_as_given() {
        let read = |s: &str| Colour::read(&toml::Value::String(s.to_string()));
        assert_eq!(read("Tan").unwrap().spelling(), "tan");
        let red = read("#c0392b").unwrap();
        assert_eq!(
            (red.rgb, red.spelling().as_str()),
            ((192, 57, 43), "#c0392b")
        );
        for bad in ["#c0392", "c0392b", "#gg0000", "mauve", "#ééé"] {
            assert!(read(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn every_palette_names_known_colours() {
        for (name, names) in PALETTES {
            for colour in names {
                assert!(Colour::named(colour).is_some(), "{name}: {colour}");
            }
            assert_eq!(BoardColours::palette(names).palette_name(), Some(name));
        }
    }
}
