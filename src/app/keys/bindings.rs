//! `[keys]`: the keys in force for each line of the keymap table, the
//! table's own unless the config file names others (`place = "x"`,
//! `swap = ["s", "Ctrl+s"]`). A name that is no line of the table, or a key
//! that is no key, is refused where it is read; two lines sharing a key on
//! one screen are found by [`KeyBindings::clashes`] once the whole section
//! is read.

use serde::de::Error;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use strum::VariantArray;

use super::binding_error::KeyBindingError;
use super::table::{Binding, Context, KEYMAP, Key};

/// The keys of every line of [`KEYMAP`], in its order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyBindings {
    keys: Vec<Vec<Key>>,
}

impl Default for KeyBindings {
    fn default() -> Self {
        KeyBindings {
            keys: KEYMAP.iter().map(|b| b.keys.to_vec()).collect(),
        }
    }
}

/// Two lines of the table that would share a key on one screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clash {
    /// The line whose keys were changed from the table's (the one to undo).
    pub changed: &'static str,
    pub other: &'static str,
    pub key: Key,
    pub context: Context,
}

impl KeyBindings {
    /// Each line of the table with the keys in force for it.
    pub fn lines(&self) -> impl Iterator<Item = (&'static Binding, &[Key])> {
        KEYMAP.iter().zip(self.keys.iter().map(Vec::as_slice))
    }

    /// The lines that act in `context`, in table order.
    pub fn in_context(&self, context: Context) -> impl Iterator<Item = (&'static Binding, &[Key])> {
        self.lines()
            .filter(move |(b, _)| b.contexts.contains(&context))
    }

    /// Binds `name`'s line to `keys` instead; `Err` names an unknown line.
    pub fn set(&mut self, name: &str, keys: Vec<Key>) -> Result<(), KeyBindingError> {
        let i = index(name)?;
        self.keys[i] = keys;
        Ok(())
    }

    /// Gives `name`'s line back its keys from the table.
    pub fn reset(&mut self, name: &str) {
        if let Ok(i) = index(name) {
            self.keys[i] = KEYMAP[i].keys.to_vec();
        }
    }

    /// The first clash between two lines on one screen, if any: the line
    /// named as changed is one whose keys differ from the table's.
    pub fn clashes(&self) -> Option<Clash> {
        let changed = |i: usize| self.keys[i] != KEYMAP[i].keys;
        for &context in Context::VARIANTS {
            let lines: Vec<(usize, &Vec<Key>)> = self
                .keys
                .iter()
                .enumerate()
                .filter(|&(i, _)| KEYMAP[i].contexts.contains(&context))
                .collect();
            for (n, &(a, keys_a)) in lines.iter().enumerate() {
                for &(b, keys_b) in &lines[n + 1..] {
                    let Some(&key) = keys_b.iter().find(|k| keys_a.iter().any(|o| o.same(**k)))
                    else {
                        continue;
                    };
                    let (changed, other) = if changed(b) { (b, a) } else { (a, b) };
                    return Some(Clash {
                        changed: KEYMAP[changed].name,
                        other: KEYMAP[other].name,
                        key,
                        context,
                    });
                }
            }
        }
        None
    }
}

fn index(name: &str) -> Result<usize, KeyBindingError> {
    KEYMAP
        .iter()
        .position(|b| b.name == name)
        .ok_or_else(|| KeyBindingError::UnknownAction(name.to_string()))
}

/// One key as a string, several as a list.
fn spell(keys: &[Key]) -> toml::Value {
    match keys {
        [one] => toml::Value::String(one.spelling()),
        _ => toml::Value::Array(
            keys.iter()
                .map(|k| toml::Value::String(k.spelling()))
                .collect(),
        ),
    }
}

fn read(value: &toml::Value) -> Result<Vec<Key>, KeyBindingError> {
    let keys = match value {
        toml::Value::String(text) => vec![Key::parse(text)?],
        toml::Value::Array(items) => items
            .iter()
            .map(|item| {
                item.as_str()
                    .ok_or(KeyBindingError::NotKeys)
                    .and_then(Key::parse)
            })
            .collect::<Result<Vec<Key>, KeyBindingError>>()?,
        _ => return Err(KeyBindingError::NotKeys),
    };
    if keys.is_empty() {
        return Err(KeyBindingError::NoKeys);
    }
    Ok(keys)
}

impl Serialize for KeyBindings {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let table: toml::Table = self
            .lines()
            .map(|(b, keys)| (b.name.to_string(), spell(keys)))
            .collect();
        table.serialize(serializer)
    }
}

/// Over the table's keys: each name given replaces its line's keys.
impl<'de> Deserialize<'de> for KeyBindings {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let table = toml::Table::deserialize(deserializer)?;
        let mut bindings = KeyBindings::default();
        for (name, value) in &table {
            let keys = read(value).map_err(D::Error::custom)?;
            bindings.set(name, keys).map_err(D::Error::custom)?;
        }
        Ok(bindings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Result<KeyBindings, toml::de::Error> {
        toml::from_str(text)
    }

    /// The message a refused `[keys]` text gets.
    fn refusal(text: &str) -> String {
        parsed(text).map_or_else(|e| e.message().to_string(), |_| String::new())
    }

    #[test]
    fn names_replace_their_line_and_round_trip() {
        let bindings = parsed("place = \"x\"\nswap = [\"s\", \"Ctrl+s\"]\n").unwrap();
        let place: Vec<Key> = vec![Key::parse("x").unwrap()];
        let found = bindings.lines().find(|(b, _)| b.name == "place").unwrap();
        assert_eq!(found.1, place.as_slice());
        let text = toml::to_string(&bindings).unwrap();
        assert_eq!(parsed(&text), Ok(bindings));
    }

    #[test]
    fn unknown_names_keys_and_values_are_refused() {
        assert!(refusal("plaice = \"x\"").contains("plaice"));
        assert!(refusal("place = \"Hyper\"").contains("Hyper"));
        assert!(refusal("place = 3").contains("expected a key"));
        assert!(refusal("place = []").contains("at least one"));
    }

    #[test]
    fn the_table_has_no_clash_and_a_changed_line_is_the_one_named() {
        assert_eq!(KeyBindings::default().clashes(), None);
        let bindings = parsed("swap = \"u\"").unwrap();
        let clash = bindings.clashes().unwrap();
        assert_eq!((clash.changed, clash.other), ("swap", "undo"));
        assert_eq!(clash.context, Context::Board);
    }

    /// Two lines that act on `context` and on as few other screens as can be.
    fn pair_in(context: Context) -> Option<(usize, usize, Vec<Context>)> {
        let lines: Vec<usize> = (0..KEYMAP.len())
            .filter(|&i| KEYMAP[i].contexts.contains(&context))
            .collect();
        let mut pairs = Vec::new();
        for (n, &a) in lines.iter().enumerate() {
            for &b in &lines[n + 1..] {
                let shared: Vec<Context> = KEYMAP[a]
                    .contexts
                    .iter()
                    .copied()
                    .filter(|c| KEYMAP[b].contexts.contains(c))
                    .collect();
                pairs.push((a, b, shared));
            }
        }
        pairs.into_iter().min_by_key(|(_, _, shared)| shared.len())
    }

    #[test]
    fn every_key_context_is_checked_for_clashes() {
        // A key no line of the table uses, so the one clash is the one made.
        let unused = Key::parse("F12").unwrap();
        assert!(KEYMAP.iter().all(|b| !b.keys.contains(&unused)));
        let mut checked = 0;
        for &context in Context::VARIANTS {
            let Some((a, b, shared)) = pair_in(context) else {
                // A screen with one line cannot clash.
                assert_eq!(KeyBindings::default().in_context(context).count(), 1);
                continue;
            };
            let mut bindings = KeyBindings::default();
            bindings.set(KEYMAP[a].name, vec![unused]).unwrap();
            bindings.set(KEYMAP[b].name, vec![unused]).unwrap();
            let clash = bindings
                .clashes()
                .unwrap_or_else(|| panic!("no clash found on {context:?}"));
            let mut names = [clash.changed, clash.other];
            names.sort_unstable();
            let mut expected = [KEYMAP[a].name, KEYMAP[b].name];
            expected.sort_unstable();
            assert_eq!(names, expected, "{context:?}");
            assert_eq!(clash.key, unused);
            assert!(shared.contains(&clash.context), "{context:?}");
            if shared == [context] {
                assert_eq!(clash.context, context);
                checked += 1;
            }
        }
        // Every screen with a line of its own is checked on its own.
        assert!(checked >= Context::VARIANTS.len() / 2, "{checked}");
    }

    #[test]
    fn a_clash_on_the_network_form_or_the_settings_action_row_is_reported() {
        let clash = parsed("network-cancel = \"Tab\"")
            .unwrap()
            .clashes()
            .unwrap();
        assert_eq!(clash.changed, "network-cancel");
        assert_eq!(clash.context, Context::NetForm);
    }
}
