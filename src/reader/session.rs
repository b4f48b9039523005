//! The line mode's loop: a line in, its answer out, until `quit` or the end
//! of the input. Generic over where the lines come from and go to, so the
//! same loop serves a terminal, a pipe and an SSH channel.

use std::io::{self, BufRead, Read, Write};

use super::board_text::{board_lines, chain_lines, column_line, off_board, row_line, square_line};
use super::command::{Command, Verb, help_lines, parse};
use super::settings::Settings;
use super::table::Table;
use super::voice::Voice;
use crate::core::{BoardSize, Square};

/// The longest line read: a longer one is refused, not kept in memory.
pub const MAX_LINE_BYTES: usize = 1024;

/// Whether the loop goes on after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

pub struct Session<W: Write> {
    voice: Voice<W>,
    settings: Settings,
    table: Table,
}

impl<W: Write> Session<W> {
    pub fn new(voice: Voice<W>, settings: Settings) -> Session<W> {
        let table = settings.first_table();
        Session {
            voice,
            settings,
            table,
        }
    }

    /// Greets, then answers every line of `input` until `quit` or its end.
    pub fn run<R: BufRead>(&mut self, mut input: R) -> io::Result<()> {
        self.voice
            .say("Brique, screen-reader mode. Type help for the commands, quit to leave.")?;
        self.table.opening(&mut self.voice)?;
        let mut line = Vec::new();
        loop {
            line.clear();
            let read =
                Read::take(&mut input, MAX_LINE_BYTES as u64 + 1).read_until(b'\n', &mut line)?;
            if read == 0 {
                return self.voice.say("End of input. Goodbye.");
            }
            if line.len() > MAX_LINE_BYTES && !line.ends_with(b"\n") {
                skip_rest_of_line(&mut input)?;
                self.voice.say(&format!(
                    "That line is too long (more than {MAX_LINE_BYTES} bytes); it was ignored."
                ))?;
                continue;
            }
            let text = String::from_utf8_lossy(&line);
            if self.answer(&text)? == Flow::Quit {
                return self.voice.say("Goodbye.");
            }
        }
    }

    fn answer(&mut self, line: &str) -> io::Result<Flow> {
        self.table.check_flag(&mut self.voice)?;
        let command = match parse(line) {
            Ok(command) => command,
            Err(e) => {
                self.voice.say(&e.to_string())?;
                return Ok(Flow::Continue);
            }
        };
        let position = self.table.game().position().clone();
        let size = position.size();
        match command {
            Command::Nothing => {}
            Command::Place(sq) => self
                .table
                .play(crate::core::Move::Place(sq), &mut self.voice)?,
            Command::Row(n) if n <= size.get() => self.voice.say(&row_line(&position, n - 1))?,
            Command::Row(n) => self
                .voice
                .say(&format!("There is no row {n}; rows go from 1 to {size}."))?,
            Command::Column(c) if c < size.get() => {
                self.voice.say(&column_line(&position, c))?;
            }
            Command::Column(_) => self.voice.say(&format!(
                "There is no such column; columns go from a to {}.",
                last_column(size)
            ))?,
            Command::SquareInfo(sq) if !size.contains(sq) => {
                self.voice.say(&off_board(sq, size))?;
            }
            Command::SquareInfo(sq) => self.voice.say(&square_line(&position, sq))?,
            Command::New(change) => {
                self.table = self.settings.table(self.table.terms().with(change));
                self.table.opening(&mut self.voice)?;
            }
            Command::Plain(verb) => return self.plain(verb),
        }
        Ok(Flow::Continue)
    }

    fn plain(&mut self, verb: Verb) -> io::Result<Flow> {
        let voice = &mut self.voice;
        let position = self.table.game().position().clone();
        match verb {
            Verb::Swap => self.table.play(crate::core::Move::Swap, voice)?,
            Verb::Undo => self.table.undo(voice)?,
            Verb::Resign => self.table.resign(voice)?,
            Verb::Hint => self.table.hint(voice)?,
            Verb::Pass => voice.say(
                "Brique has no pass: every turn places a stone (or, on White's first turn, \
                 swaps). Type hint for a suggestion.",
            )?,
            Verb::Board => voice.say_all(&board_lines(&position))?,
            Verb::Chains => voice.say_all(&chain_lines(&position))?,
            Verb::Last => voice.say(&self.table.last_line())?,
            Verb::Moves => voice.say(&self.table.moves_line())?,
            Verb::Status => voice.say_all(&self.table.status_lines())?,
            Verb::Settings => voice.say_all(&self.settings.lines())?,
            Verb::Help => voice.say_all(&help_lines())?,
            Verb::Quit => return Ok(Flow::Quit),
            // Read with their arguments by `answer`.
            Verb::Row | Verb::Column | Verb::SquareInfo | Verb::New => {}
        }
        Ok(Flow::Continue)
    }
}

fn last_column(size: BoardSize) -> char {
    Square::new(size.get() - 1, 0).file_char()
}

/// Drops the input up to the next newline, a bounded piece at a time.
fn skip_rest_of_line<R: BufRead>(input: &mut R) -> io::Result<()> {
    let mut scrap = Vec::new();
    loop {
        scrap.clear();
        let read = Read::take(&mut *input, MAX_LINE_BYTES as u64).read_until(b'\n', &mut scrap)?;
        if read == 0 || scrap.ends_with(b"\n") {
            return Ok(());
        }
    }
}
