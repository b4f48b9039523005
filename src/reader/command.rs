//! The commands a player types, one a line, read: the table of their
//! names (`spec.rs`, [`COMMANDS`]) says how each is typed.

use super::lobby_words::{LobbyOrder, OrderError, is_lobby, order};
use super::spec::{COMMANDS, Spec, Verb};
use crate::ai::Level;
use crate::core::{BoardSize, Square, Variant};
use crate::net::{WordCode, WordCodeError};

/// A typed line, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A square: place a stone there.
    Place(Square),
    /// A command that takes no argument.
    Plain(Verb),
    Row(u8),
    Column(u8),
    SquareInfo(Square),
    New(NewGame),
    /// `learn` or `puzzles`, at a number (from 1) if one was given.
    Train(Verb, Option<usize>),
    /// `join CODE`.
    Join(WordCode),
    /// `online` and the lobby's commands.
    Lobby(LobbyOrder),
    /// An empty line: nothing to do.
    Nothing,
}

/// Who plays the new game's other side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    People,
    Computer(Level),
}

/// `new`'s arguments: what it leaves out stays as it was.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NewGame {
    pub opponent: Option<Opponent>,
    pub size: Option<BoardSize>,
    pub variant: Option<Variant>,
    pub pie: Option<bool>,
}

/// Why a line was not understood; the message says what to type instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    #[error("\"{0}\" is not a command or a square. Type help for the commands.")]
    Unknown(String),
    #[error("{name} needs {args}, as in: {name} {example}.")]
    Missing {
        name: &'static str,
        args: &'static str,
        example: &'static str,
    },
    #[error("{name} takes nothing after it.")]
    Extra { name: &'static str },
    #[error("\"{0}\" is not a row number.")]
    Row(String),
    #[error("\"{0}\" is not a column letter.")]
    Column(String),
    #[error("\"{0}\" is not a number; lessons and puzzles are numbered from 1.")]
    Number(String),
    #[error("\"{0}\" is not a square; a square is a letter and a number, as in e5.")]
    Square(String),
    #[error(
        "\"{0}\" is not understood after new: give people or computer LEVEL, a size from 5 to 25, \
         original or revised, pie or nopie."
    )]
    NewGame(String),
    #[error("That is not a code: {0}.")]
    Code(WordCodeError),
    #[error("computer needs a level after it: easy, casual, medium, hard or strongest.")]
    Level,
    #[error(transparent)]
    Lobby(#[from] OrderError),
}

/// Reads one typed line. A line that reads as a square (`e5`, `E5`,
/// `e 5`) places a stone, before any command is looked for.
pub fn parse(line: &str) -> Result<Command, CommandError> {
    let line = line.trim();
    if line.is_empty() {
        return Ok(Command::Nothing);
    }
    if let Ok(square) = line.parse::<Square>() {
        return Ok(Command::Place(square));
    }
    let mut words = line.split_whitespace();
    let first = words.next().unwrap_or_default().to_ascii_lowercase();
    let rest: Vec<&str> = words.collect();
    let Some(spec) = COMMANDS
        .iter()
        .find(|c| c.name == first || c.short == Some(first.as_str()))
    else {
        return Err(CommandError::Unknown(line.to_string()));
    };
    match spec.verb {
        Verb::Row => one(spec, &rest, "5").and_then(|w| {
            w.parse::<u8>()
                .ok()
                .filter(|n| *n >= 1)
                .map(Command::Row)
                .ok_or_else(|| CommandError::Row(w.to_string()))
        }),
        Verb::Column => one(spec, &rest, "e").and_then(|w| column(w).map(Command::Column)),
        Verb::SquareInfo => {
            let text = rest.join(" ");
            if text.is_empty() {
                return Err(missing(spec, "e5"));
            }
            text.parse::<Square>()
                .map(Command::SquareInfo)
                .map_err(|_| CommandError::Square(text))
        }
        Verb::New => new_game(&rest).map(Command::New),
        Verb::Join if rest.is_empty() => Err(missing(spec, "7-guitarist-revenge")),
        Verb::Join => rest
            .join(" ")
            .parse::<WordCode>()
            .map(Command::Join)
            .map_err(CommandError::Code),
        Verb::Learn | Verb::Puzzles => match rest.as_slice() {
            [] => Ok(Command::Train(spec.verb, None)),
            [n] => n
                .parse::<usize>()
                .ok()
                .filter(|n| *n >= 1)
                .map(|n| Command::Train(spec.verb, Some(n)))
                .ok_or_else(|| CommandError::Number(n.to_string())),
            _ => Err(CommandError::Extra { name: spec.name }),
        },
        verb if is_lobby(verb) => Ok(Command::Lobby(order(verb, spec.name, &rest)?)),
        verb if rest.is_empty() => Ok(Command::Plain(verb)),
        _ => Err(CommandError::Extra { name: spec.name }),
    }
}

/// The single argument of `spec`.
fn one<'a>(spec: &Spec, rest: &[&'a str], example: &'static str) -> Result<&'a str, CommandError> {
    match rest {
        [word] => Ok(word),
        [] => Err(missing(spec, example)),
        _ => Err(CommandError::Extra { name: spec.name }),
    }
}

fn missing(spec: &Spec, example: &'static str) -> CommandError {
    CommandError::Missing {
        name: spec.name,
        args: spec.args,
        example,
    }
}

/// A column letter, `a` to `y`, as a zero-based index.
fn column(word: &str) -> Result<u8, CommandError> {
    let mut chars = word.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => {
            let index = c.to_ascii_lowercase() as u8 - b'a';
            if index < BoardSize::MAX.get() {
                Ok(index)
            } else {
                Err(CommandError::Column(word.to_string()))
            }
        }
        _ => Err(CommandError::Column(word.to_string())),
    }
}

/// `new`'s words, in any order.
fn new_game(words: &[&str]) -> Result<NewGame, CommandError> {
    let mut game = NewGame::default();
    let mut words = words.iter().map(|w| w.to_ascii_lowercase());
    while let Some(word) = words.next() {
        match word.as_str() {
            "people" | "two" | "humans" => game.opponent = Some(Opponent::People),
            "computer" | "engine" => {
                let level = words.next().ok_or(CommandError::Level)?;
                let level = level.parse::<Level>().map_err(|_| CommandError::Level)?;
                game.opponent = Some(Opponent::Computer(level));
            }
            "original" => game.variant = Some(Variant::Original),
            "revised" => game.variant = Some(Variant::Revised),
            "pie" => game.pie = Some(true),
            "nopie" => game.pie = Some(false),
            other => match other.parse::<BoardSize>() {
                Ok(size) => game.size = Some(size),
                Err(_) => return Err(CommandError::NewGame(word.clone())),
            },
        }
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reader::spec::help_lines;

    #[test]
    fn squares_come_before_commands() {
        assert_eq!(parse("e5"), Ok(Command::Place("e5".parse().unwrap())));
        assert_eq!(parse(" E 5 "), Ok(Command::Place("e5".parse().unwrap())));
        assert_eq!(parse("b"), Ok(Command::Plain(Verb::Board)));
    }

    #[test]
    fn arguments_are_read_and_checked() {
        assert_eq!(parse("row 9"), Ok(Command::Row(9)));
        assert_eq!(parse("col e"), Ok(Command::Column(4)));
        assert!(matches!(parse("row x"), Err(CommandError::Row(_))));
        assert!(matches!(parse("board 3"), Err(CommandError::Extra { .. })));
        assert!(matches!(parse("frobnicate"), Err(CommandError::Unknown(_))));
        assert_eq!(
            parse("new computer easy 9 revised nopie"),
            Ok(Command::New(NewGame {
                opponent: Some(Opponent::Computer(Level::Easy)),
                size: Some(BoardSize::new(9).unwrap()),
                variant: Some(Variant::Revised),
                pie: Some(false),
            }))
        );
        assert!(matches!(parse("new 40"), Err(CommandError::NewGame(_))));
        assert!(matches!(parse("new computer"), Err(CommandError::Level)));
        assert_eq!(parse("learn 3"), Ok(Command::Train(Verb::Learn, Some(3))));
        assert!(matches!(parse("pz x"), Err(CommandError::Number(_))));
        let code = "7-guitarist-revenge".parse().unwrap();
        assert_eq!(parse("join 7 guitarist revenge"), Ok(Command::Join(code)));
        assert!(matches!(parse("join"), Err(CommandError::Missing { .. })));
        assert!(matches!(parse("join 7-x-y"), Err(CommandError::Code(_))));
    }

    #[test]
    fn help_lists_every_command_once() {
        let help = help_lines();
        for spec in COMMANDS {
            // A line's first word is its command's name (`game` and
            // `games` are two).
            let named = help
                .iter()
                .filter(|line| line.split([' ', ':']).next() == Some(spec.name))
                .count();
            assert_eq!(named, 1, "{}", spec.name);
        }
    }
}
