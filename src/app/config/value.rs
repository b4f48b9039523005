//! How one setting's value is spelled in the config file. Each type the file
//! holds says how it is written and how it is read, with the words of refusal
//! the user sees; serde reaches them through `#[serde(with = "spelled")]`.

use super::refusal::ValueError;
use crate::ai::Level;
use crate::core::{BoardSize, Player, TimeControl, Variant};

/// A setting's type as the file spells it.
pub(in crate::app) trait Spelling: Sized {
    fn spell(&self) -> toml::Value;
    /// The value, or why it is refused.
    fn read(value: &toml::Value) -> Result<Self, ValueError>;
}

/// For `#[serde(with = "spelled")]` on a field whose type has a [`Spelling`].
pub(in crate::app) mod spelled {
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::Spelling;

    pub fn serialize<T: Spelling, S: Serializer>(
        value: &T,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        value.spell().serialize(serializer)
    }

    pub fn deserialize<'de, T: Spelling, D: Deserializer<'de>>(
        deserializer: D,
    ) -> Result<T, D::Error> {
        let value = toml::Value::deserialize(deserializer)?;
        T::read(&value).map_err(D::Error::custom)
    }
}

impl Spelling for bool {
    fn spell(&self) -> toml::Value {
        toml::Value::Boolean(*self)
    }

    fn read(value: &toml::Value) -> Result<bool, ValueError> {
        value.as_bool().ok_or(ValueError::Expected("true or false"))
    }
}

impl Spelling for BoardSize {
    fn spell(&self) -> toml::Value {
        toml::Value::Integer(i64::from(self.get()))
    }

    fn read(value: &toml::Value) -> Result<BoardSize, ValueError> {
        let n = value.as_integer().ok_or(ValueError::Expected("a number"))?;
        u8::try_from(n)
            .ok()
            .and_then(|n| BoardSize::new(n).ok())
            .ok_or(ValueError::BoardSize(n))
    }
}

impl Spelling for Variant {
    fn spell(&self) -> toml::Value {
        toml::Value::String(self.name().to_string())
    }

    fn read(value: &toml::Value) -> Result<Variant, ValueError> {
        let text = value
            .as_str()
            .ok_or(ValueError::Expected(r#""original" or "revised""#))?;
        Ok(text.parse::<Variant>()?)
    }
}

/// `black`: the player holding Black, `"player1"` or `"player2"`.
impl Spelling for Player {
    fn spell(&self) -> toml::Value {
        let key = match self {
            Player::One => "player1",
            Player::Two => "player2",
        };
        toml::Value::String(key.to_string())
    }

    fn read(value: &toml::Value) -> Result<Player, ValueError> {
        match value.as_str() {
            Some("player1") => Ok(Player::One),
            Some("player2") => Ok(Player::Two),
            _ => Err(ValueError::Expected(r#""player1" or "player2""#)),
        }
    }
}

/// A level by name in quotes, or a bare number 1 to 5.
impl Spelling for Level {
    fn spell(&self) -> toml::Value {
        toml::Value::String(self.name().to_string())
    }

    fn read(value: &toml::Value) -> Result<Level, ValueError> {
        let text = match value {
            toml::Value::String(text) => text.clone(),
            toml::Value::Integer(n) => n.to_string(),
            _ => String::new(),
        };
        Ok(text.parse::<Level>()?)
    }
}

/// A time control, `"10+5"`, or `"off"` for none.
impl Spelling for Option<TimeControl> {
    fn spell(&self) -> toml::Value {
        toml::Value::String(self.map_or_else(|| "off".to_string(), |c| c.to_string()))
    }

    fn read(value: &toml::Value) -> Result<Option<TimeControl>, ValueError> {
        let text = value.as_str().ok_or(ValueError::Expected(
            r#""off" or minutes + seconds per move in quotes, such as "10+5""#,
        ))?;
        if text.trim().eq_ignore_ascii_case("off") {
            return Ok(None);
        }
        Ok(Some(text.parse::<TimeControl>()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_read_by_name_or_number() {
        assert_eq!(Level::read(&toml::Value::Integer(2)), Ok(Level::Casual));
        assert_eq!(Level::read(&"Hard".into()), Ok(Level::Hard));
        assert!(Level::read(&toml::Value::Integer(9)).is_err());
        assert!(Level::read(&toml::Value::Boolean(true)).is_err());
    }

    #[test]
    fn every_spelling_reads_back() {
        let size = BoardSize::new(9).unwrap();
        assert_eq!(BoardSize::read(&size.spell()), Ok(size));
        assert_eq!(
            Variant::read(&Variant::Revised.spell()),
            Ok(Variant::Revised)
        );
        assert_eq!(Player::read(&Player::Two.spell()), Ok(Player::Two));
        assert_eq!(Level::read(&Level::Strongest.spell()), Ok(Level::Strongest));
        assert_eq!(bool::read(&false.spell()), Ok(false));
    }
}
