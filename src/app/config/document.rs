//! The config file's text and the typed [`Config`]: read over the defaults,
//! each key on its own, so that a refused value keeps its default alone;
//! every problem (a bad value, an unknown key) is reported with its line and
//! column, never silently dropped. Written back with `toml_edit`, so that
//! comments, layout and unknown keys survive.

use std::ops::Range;

use serde::Deserialize;
use serde::de::IntoDeserializer;
use toml::Spanned;
use toml::de::{DeTable, DeValue};
use toml_edit::{DocumentMut, Item, Table, TableLike};

use super::{Config, ConfigFileError, check_names};

/// One problem found in a config file, with its one-based position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct ConfigProblem {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl Config {
    /// Reads a file's text over the defaults. Values that are refused keep
    /// their default and are reported, as are unknown keys. `Err` says why
    /// the text is not TOML at all.
    pub fn read(text: &str) -> Result<(Config, Vec<ConfigProblem>), ConfigFileError> {
        let root = DeTable::parse(text)?;
        let root = root.get_ref();
        let known = spelled(&Config::default());
        let mut problems = Vec::new();
        let mut accepted = toml::Table::new();
        for (section, item) in root {
            let name: &str = section.get_ref();
            let at_section = |message| problem(text, Some(section.span()), message);
            let Some(keys) = known.get(name).and_then(toml::Value::as_table) else {
                problems.push(at_section(format!(
                    "unknown setting `{name}`: ignored, and kept in the file"
                )));
                continue;
            };
            let Some(table) = item.get_ref().as_table() else {
                problems.push(at_section(format!(
                    "`{name}` should be a section [{name}]: ignored"
                )));
                continue;
            };
            let kept = read_section(text, name, table, keys, &mut problems);
            accepted.insert(name.to_string(), toml::Value::Table(kept));
        }
        // Every key was accepted alone, so together they are too.
        let mut config = Config::deserialize(toml::Value::Table(accepted)).unwrap_or_default();
        let [one, two] = &config.players.names;
        if let Err((_, why)) = check_names([one, two]) {
            config.players.names = Config::default().players.names;
            problems.push(problem(
                text,
                key_span(root, "players", "player2"),
                format!("[players]: {why}; using the defaults"),
            ));
        }
        // Each clash undoes one changed line (which may bring back a clash
        // of its own table keys with another changed line: the loop ends,
        // as every turn gives one line its table keys back).
        while let Some(clash) = config.keys.clashes() {
            config.keys.reset(clash.changed);
            problems.push(problem(
                text,
                key_span(root, "keys", clash.changed),
                format!(
                    "`keys.{}`: {} is already the key of `{}` on the same screen; using the default",
                    clash.changed,
                    clash.key.spelling(),
                    clash.other
                ),
            ));
        }
        problems.sort_by_key(|p| (p.line, p.column));
        Ok((config, problems))
    }

    /// Writes into `doc` the values of `self` that differ from `before` (what
    /// the document said), keeping everything else in the document as it is:
    /// comments, layout and keys this program does not know.
    pub fn write_changes(&self, before: &Config, doc: &mut DocumentMut) {
        let before = spelled(before);
        for (section, keys) in spelled(self) {
            let Some(keys) = keys.as_table() else {
                continue;
            };
            let old = before.get(&section).and_then(toml::Value::as_table);
            let changed: Vec<(&String, &toml::Value)> = keys
                .iter()
                .filter(|&(key, value)| old.and_then(|old| old.get(key)) != Some(value))
                .collect();
            if changed.is_empty() {
                continue;
            }
            let root = doc.as_table_mut();
            if !root.get(&section).is_some_and(Item::is_table_like) {
                root.insert(&section, Item::Table(Table::new()));
            }
            let Some(table) = root.get_mut(&section).and_then(Item::as_table_like_mut) else {
                continue;
            };
            for (key, value) in changed {
                if let Ok(value) = value.to_string().parse() {
                    set_value(table, key, value);
                }
            }
        }
    }
}

/// The keys of `[name]` that the typed config takes, each on its own; the
/// others are reported.
fn read_section(
    text: &str,
    name: &str,
    table: &DeTable<'_>,
    known: &toml::Table,
    problems: &mut Vec<ConfigProblem>,
) -> toml::Table {
    let mut kept = toml::Table::new();
    for (key, value) in table {
        let (key_span, key) = (key.span(), key.get_ref());
        if !known.contains_key(key.as_ref()) {
            problems.push(problem(
                text,
                Some(key_span),
                format!("unknown setting `{name}.{key}`: ignored, and kept in the file"),
            ));
            continue;
        }
        match accept(text, name, key, value) {
            Ok(value) => {
                kept.insert(key.to_string(), value);
            }
            Err(why) => problems.push(problem(
                text,
                Some(value.span()),
                format!("`{name}.{key}`: {why}; using the default"),
            )),
        }
    }
    kept
}

/// The settings as the file spells them: sections of keys, in file order.
fn spelled(config: &Config) -> toml::Table {
    toml::Table::try_from(config).unwrap_or_default()
}

/// Why a value is refused at its key: the message of the value's type.
#[derive(Debug, thiserror::Error)]
enum Refused {
    #[error("expected a value, not a table")]
    Table,
    #[error("{}", .0.message())]
    Value(#[from] toml::de::Error),
}

/// `value` as the typed config takes it at `section.key`, or why it is refused.
fn accept(
    text: &str,
    section: &str,
    key: &str,
    value: &Spanned<DeValue<'_>>,
) -> Result<toml::Value, Refused> {
    // A `[section.key]` header or `key.sub = …` makes a table where a value
    // belongs; an inline `{…}` is a value, which its type refuses.
    let inline = text.get(value.span()).is_some_and(|t| t.starts_with('{'));
    if value.get_ref().is_table() && !inline {
        return Err(Refused::Table);
    }
    let value = toml::Value::deserialize(value.clone().into_deserializer())?;
    let alone = toml::Table::from_iter([(key.to_string(), value.clone())]);
    let doc = toml::Table::from_iter([(section.to_string(), toml::Value::Table(alone))]);
    Ok(Config::deserialize(toml::Value::Table(doc)).map(|_| value)?)
}

fn key_span(root: &DeTable<'_>, section: &str, key: &str) -> Option<Range<usize>> {
    let table = root.get(section)?.get_ref().as_table()?;
    table.get_key_value(key).map(|(k, _)| k.span())
}

/// Sets `key` to `value`, keeping the comments around an existing value.
fn set_value(table: &mut dyn TableLike, key: &str, mut value: toml_edit::Value) {
    if let Some(old) = table.get_mut(key).and_then(Item::as_value_mut) {
        *value.decor_mut() = old.decor().clone();
        *old = value;
    } else {
        table.insert(key, Item::Value(value));
    }
}

fn problem(text: &str, span: Option<Range<usize>>, message: String) -> ConfigProblem {
    let (line, column) = span.map_or((1, 1), |s| line_column(text, s.start));
    ConfigProblem {
        line,
        column,
        message,
    }
}

/// One-based line and column (in characters) of a byte offset.
fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::core::{BoardSize, Player, Variant};

    fn read(text: &str) -> (Config, Vec<ConfigProblem>) {
        Config::read(text).unwrap()
    }

    #[test]
    fn empty_file_gives_defaults() {
        let (config, problems) = read("");
        assert_eq!(config, Config::default());
        assert!(config.game.pie);
        assert!(problems.is_empty());
    }

    #[test]
    fn values_are_read_and_bad_ones_reported_where_they_are() {
        let text = "[players]\nplayer1 = \"  Ann \"\nblack = \"player2\"\n\n[game]\nsize = 99\nrules = \"revised\"\nsizes = 3\n";
        let (config, problems) = read(text);
        assert_eq!(config.players.names[0], "Ann");
        assert_eq!(config.players.black, Player::Two);
        assert_eq!(config.game.size, BoardSize::DEFAULT);
        assert_eq!(config.game.variant, Variant::Revised);
        let where_: Vec<(usize, usize)> = problems.iter().map(|p| (p.line, p.column)).collect();
        assert_eq!(where_, vec![(6, 8), (8, 1)], "{problems:?}");
        assert!(problems[0].message.contains("5 to 25"));
        assert!(problems[1].message.contains("game.sizes"));
    }

    #[test]
    fn equal_names_fall_back_to_defaults() {
        let (config, problems) = read("[players]\nplayer1 = \"Bo\"\nplayer2 = \"bo\"\n");
        assert_eq!(config.players.names, Config::default().players.names);
        assert_eq!(problems.len(), 1);
        assert_eq!(problems[0].line, 3);
    }

    #[test]
    fn levels_are_read_by_name_or_number_and_a_refused_one_changes_nothing() {
        let (config, problems) = read("[engine]\nlevel = 2\n");
        assert_eq!((config.engine.level, problems.len()), (Level::Casual, 0));
        let (config, _) = read("[engine]\nlevel = \"Hard\"\n");
        assert_eq!(config.engine.level, Level::Hard);
        for bad in ["9", "true"] {
            let (config, problems) = read(&format!("[engine]\nlevel = {bad}\n"));
            assert_eq!(config.engine.level, Level::default());
            assert_eq!(problems.len(), 1, "{problems:?}");
        }
    }

    #[test]
    fn a_table_where_a_value_belongs_is_named_so_unless_inline() {
        let (_, problems) = read("[display.theme]\nname = 1\n[engine]\nlevel.x = 1\n");
        assert_eq!(problems.len(), 2, "{problems:?}");
        assert!(
            problems
                .iter()
                .all(|p| p.message.contains("expected a value, not a table"))
        );
        let (_, problems) = read("[display]\ntheme = { name = \"mono\" }\n");
        assert!(
            problems[0].message.contains(r#"expected "color""#),
            "{problems:?}"
        );
    }

    #[test]
    fn line_columns_count_characters() {
        assert_eq!(line_column("ab\nçd", 5), (2, 2));
        assert_eq!(line_column("", 0), (1, 1));
    }
}
