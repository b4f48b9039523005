//! The settings kept between runs: built-in defaults, with the user's TOML file
//! read over them section by section. Every problem in the file (a bad value, an
//! unknown key) is reported with its line and column, never silently dropped.

use std::ops::Range;

use toml_edit::{Item, Table, TableLike, Value};

use super::engine_config::EngineConfig;
use crate::core::{BoardSize, Player, Rules, Variant};

/// Longest player name, in characters.
pub const NAME_MAX_CHARS: usize = 20;

/// All settings, one struct per `[section]` of the file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    pub players: PlayersConfig,
    pub game: GameConfig,
    pub display: DisplayConfig,
    pub engine: EngineConfig,
}

/// `[players]`: names and who holds Black.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayersConfig {
    /// Names of Player 1 and Player 2: trimmed, non-empty, distinct.
    pub names: [String; 2],
    /// The player who holds Black (and moves first) in a new game.
    pub black: Player,
}

/// `[game]`: the rules of a new game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameConfig {
    pub size: BoardSize,
    pub variant: Variant,
    pub pie: bool,
}

/// `[display]`: how the screen looks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DisplayConfig {
    pub theme: ThemeName,
}

/// The theme setting: colours, no colours, or no Unicode glyphs either.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ThemeName {
    #[default]
    Color,
    Mono,
    Ascii,
}

impl ThemeName {
    pub const ALL: [ThemeName; 3] = [ThemeName::Color, ThemeName::Mono, ThemeName::Ascii];

    /// The spelling used in the config file.
    pub const fn key(self) -> &'static str {
        match self {
            ThemeName::Color => "color",
            ThemeName::Mono => "mono",
            ThemeName::Ascii => "ascii",
        }
    }

    /// The name shown in the settings screen.
    pub const fn label(self) -> &'static str {
        match self {
            ThemeName::Color => "colour",
            ThemeName::Mono => "monochrome",
            ThemeName::Ascii => "ASCII",
        }
    }

    fn parse(s: &str) -> Option<ThemeName> {
        match s.trim().to_ascii_lowercase().as_str() {
            "color" | "colour" => Some(ThemeName::Color),
            "mono" | "monochrome" => Some(ThemeName::Mono),
            "ascii" => Some(ThemeName::Ascii),
            _ => None,
        }
    }
}

impl Default for PlayersConfig {
    fn default() -> Self {
        PlayersConfig {
            names: [Player::One.to_string(), Player::Two.to_string()],
            black: Player::One,
        }
    }
}

impl Default for GameConfig {
    fn default() -> Self {
        let rules = Rules::default();
        GameConfig {
            size: BoardSize::DEFAULT,
            variant: rules.variant,
            pie: rules.pie,
        }
    }
}

impl GameConfig {
    /// The rules a new game is played by.
    pub fn rules(&self) -> Rules {
        Rules {
            variant: self.variant,
            pie: self.pie,
        }
    }
}

/// Checks a player name as typed: returns it trimmed, or why it is refused.
pub fn check_name(name: &str) -> Result<String, String> {
    let trimmed = name.trim();
    if trimmed.is_empty() {
        return Err("a name cannot be empty".to_string());
    }
    if trimmed.chars().any(char::is_control) {
        return Err("a name cannot contain control characters".to_string());
    }
    let chars = trimmed.chars().count();
    if chars > NAME_MAX_CHARS {
        return Err(format!(
            "a name has at most {NAME_MAX_CHARS} characters (this one has {chars})"
        ));
    }
    Ok(trimmed.to_string())
}

/// Checks both names: each valid, and different from each other (ignoring case).
pub fn check_names(names: [&str; 2]) -> Result<[String; 2], (usize, String)> {
    let one = check_name(names[0]).map_err(|e| (0, e))?;
    let two = check_name(names[1]).map_err(|e| (1, e))?;
    if one.to_lowercase() == two.to_lowercase() {
        return Err((1, "the two players need different names".to_string()));
    }
    Ok([one, two])
}

/// One problem found in a config file, with its one-based position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigProblem {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl std::fmt::Display for ConfigProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

/// A `[section]` of the config file: its keys, how to read one, how to write them.
/// Adding a section (e.g. `[engine]`) means one struct implementing this, one
/// field in [`Config`] and one line in each of [`Config::read`] and
/// [`Config::write_changes`].
pub(super) trait Section: Sized {
    const NAME: &'static str;
    /// Every key the section knows, in the order they are written.
    const KEYS: &'static [&'static str];
    /// Reads one of `KEYS`; `Err` says why the value is refused.
    fn read(&mut self, key: &str, value: &Value) -> Result<(), String>;
    /// The value each key has now.
    fn value(&self, key: &str) -> Value;
    /// Checks across keys once all are read; returns the key to blame and why.
    fn check(&mut self, _defaults: &Self) -> Option<(&'static str, String)> {
        None
    }
}

impl Section for PlayersConfig {
    const NAME: &'static str = "players";
    const KEYS: &'static [&'static str] = &["player1", "player2", "black"];

    fn read(&mut self, key: &str, value: &Value) -> Result<(), String> {
        match key {
            "player1" | "player2" => {
                let text = value.as_str().ok_or("expected a name in quotes")?;
                let name = check_name(text)?;
                self.names[usize::from(key == "player2")] = name;
            }
            _ => {
                self.black = match value.as_str() {
                    Some("player1") => Player::One,
                    Some("player2") => Player::Two,
                    _ => return Err(r#"expected "player1" or "player2""#.to_string()),
                }
            }
        }
        Ok(())
    }

    fn value(&self, key: &str) -> Value {
        match key {
            "player1" => self.names[0].as_str().into(),
            "player2" => self.names[1].as_str().into(),
            _ => match self.black {
                Player::One => "player1".into(),
                Player::Two => "player2".into(),
            },
        }
    }

    fn check(&mut self, defaults: &Self) -> Option<(&'static str, String)> {
        let [one, two] = &self.names;
        match check_names([one, two]) {
            Ok(_) => None,
            Err((_, why)) => {
                self.names = defaults.names.clone();
                Some(("player2", why))
            }
        }
    }
}

impl Section for GameConfig {
    const NAME: &'static str = "game";
    const KEYS: &'static [&'static str] = &["size", "rules", "pie"];

    fn read(&mut self, key: &str, value: &Value) -> Result<(), String> {
        match key {
            "size" => {
                let n = value.as_integer().ok_or("expected a number")?;
                self.size = u8::try_from(n)
                    .ok()
                    .and_then(|n| BoardSize::new(n).ok())
                    .ok_or_else(|| {
                        format!(
                            "board size must be {} to {} (got {n})",
                            BoardSize::MIN,
                            BoardSize::MAX
                        )
                    })?;
            }
            "rules" => {
                let text = value
                    .as_str()
                    .ok_or(r#"expected "original" or "revised""#)?;
                self.variant = text.parse().map_err(|e| format!("{e}"))?;
            }
            _ => self.pie = value.as_bool().ok_or("expected true or false")?,
        }
        Ok(())
    }

    fn value(&self, key: &str) -> Value {
        match key {
            "size" => i64::from(self.size.get()).into(),
            "rules" => self.variant.name().into(),
            _ => self.pie.into(),
        }
    }
}

impl Section for DisplayConfig {
    const NAME: &'static str = "display";
    const KEYS: &'static [&'static str] = &["theme"];

    fn read(&mut self, _key: &str, value: &Value) -> Result<(), String> {
        self.theme = value
            .as_str()
            .and_then(ThemeName::parse)
            .ok_or(r#"expected "color", "mono" or "ascii""#)?;
        Ok(())
    }

    fn value(&self, _key: &str) -> Value {
        self.theme.key().into()
    }
}

/// Every section name, for spotting unknown ones.
const SECTIONS: [&str; 4] = [
    PlayersConfig::NAME,
    GameConfig::NAME,
    DisplayConfig::NAME,
    EngineConfig::NAME,
];

impl Config {
    /// Reads a parsed file over the defaults. Values that are refused keep
    /// their default and are reported, as are unknown keys.
    pub fn read(doc: &toml_edit::Document<String>) -> (Config, Vec<ConfigProblem>) {
        let defaults = Config::default();
        let mut config = defaults.clone();
        let mut problems = Vec::new();
        let text = doc.raw();
        let root = doc.as_table();
        read_section(
            text,
            root,
            &mut config.players,
            &defaults.players,
            &mut problems,
        );
        read_section(text, root, &mut config.game, &defaults.game, &mut problems);
        read_section(
            text,
            root,
            &mut config.display,
            &defaults.display,
            &mut problems,
        );
        read_section(
            text,
            root,
            &mut config.engine,
            &defaults.engine,
            &mut problems,
        );
        for (key, item) in root.iter() {
            if !SECTIONS.contains(&key) {
                let span = root.key(key).and_then(|k| k.span()).or_else(|| item.span());
                problems.push(problem(
                    text,
                    span,
                    format!("unknown setting `{key}`: ignored, and kept in the file"),
                ));
            }
        }
        problems.sort_by_key(|p| (p.line, p.column));
        (config, problems)
    }

    /// Writes into `doc` the values of `self` that differ from `before` (what
    /// the document said), keeping everything else in the document as it is:
    /// comments, layout and keys this program does not know.
    pub fn write_changes(&self, before: &Config, doc: &mut toml_edit::DocumentMut) {
        let root = doc.as_table_mut();
        write_section(root, &self.players, &before.players);
        write_section(root, &self.game, &before.game);
        write_section(root, &self.display, &before.display);
        write_section(root, &self.engine, &before.engine);
    }
}

fn read_section<S: Section>(
    text: &str,
    root: &Table,
    section: &mut S,
    defaults: &S,
    problems: &mut Vec<ConfigProblem>,
) {
    let Some(item) = root.get(S::NAME) else {
        return;
    };
    let Some(table) = item.as_table_like() else {
        let span = root.key(S::NAME).and_then(|k| k.span());
        problems.push(problem(
            text,
            span,
            format!("`{}` should be a section [{}]: ignored", S::NAME, S::NAME),
        ));
        return;
    };
    for (key, item) in table.iter() {
        let key_span = table.key(key).and_then(|k| k.span());
        if !S::KEYS.contains(&key) {
            problems.push(problem(
                text,
                key_span,
                format!(
                    "unknown setting `{}.{key}`: ignored, and kept in the file",
                    S::NAME
                ),
            ));
            continue;
        }
        let result = match item.as_value() {
            Some(value) => section.read(key, value),
            None => Err("expected a value, not a table".to_string()),
        };
        if let Err(why) = result {
            let span = item.span().or(key_span);
            problems.push(problem(
                text,
                span,
                format!("`{}.{key}`: {why}; using the default", S::NAME),
            ));
        }
    }
    if let Some((key, why)) = section.check(defaults) {
        let span = table.key(key).and_then(|k| k.span());
        problems.push(problem(
            text,
            span,
            format!("[{}]: {why}; using the defaults", S::NAME),
        ));
    }
}

fn write_section<S: Section>(root: &mut Table, new: &S, before: &S) {
    let changed: Vec<&str> = S::KEYS
        .iter()
        .copied()
        .filter(|key| new.value(key).to_string().trim() != before.value(key).to_string().trim())
        .collect();
    if changed.is_empty() {
        return;
    }
    if !root.get(S::NAME).is_some_and(Item::is_table_like) {
        root.insert(S::NAME, Item::Table(Table::new()));
    }
    let Some(table) = root.get_mut(S::NAME).and_then(Item::as_table_like_mut) else {
        return;
    };
    for key in changed {
        set_value(table, key, new.value(key));
    }
}

/// Sets `key` to `value`, keeping the comments around an existing value.
fn set_value(table: &mut dyn TableLike, key: &str, mut value: Value) {
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

    fn read(text: &str) -> (Config, Vec<ConfigProblem>) {
        let doc = toml_edit::Document::parse(text.to_string()).unwrap();
        Config::read(&doc)
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
    fn names_are_checked() {
        assert_eq!(check_name("  Zoë "), Ok("Zoë".to_string()));
        assert!(check_name("   ").is_err());
        assert!(check_name(&"x".repeat(NAME_MAX_CHARS + 1)).is_err());
        assert!(check_name(&"é".repeat(NAME_MAX_CHARS)).is_ok());
        assert!(check_names(["A", "a "]).is_err());
    }

    #[test]
    fn line_columns_count_characters() {
        assert_eq!(line_column("ab\nçd", 5), (2, 2));
        assert_eq!(line_column("", 0), (1, 1));
    }
}
