//! The line mode's loop: a line in, its answer out, until `quit` or the end
//! of the input. Generic over where the lines come from and go to, so the
//! same loop serves a terminal, a pipe and an SSH channel.

use std::io::{self, BufRead, Read, Write};

use super::board_text::{board_lines, chain_lines, column_line, off_board, row_line, square_line};
use super::command::{Command, Verb, help_lines, parse};
use super::review;
use super::settings::Settings;
use super::table::Table;
use super::training::{Lessons, Puzzles};
use super::voice::Voice;
use crate::core::{BoardSize, Move, Position, Square};

/// The longest line read: a longer one is refused, not kept in memory.
pub const MAX_LINE_BYTES: usize = 1024;

/// Whether the loop goes on after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Continue,
    Quit,
}

/// What the typed squares go to.
enum Activity {
    Game,
    Lessons(Box<Lessons>),
    Puzzles(Box<Puzzles>),
}

pub struct Session<W: Write> {
    voice: Voice<W>,
    settings: Settings,
    table: Table,
    activity: Activity,
}

impl<W: Write> Session<W> {
    pub fn new(voice: Voice<W>, settings: Settings) -> Session<W> {
        let table = settings.first_table();
        Session {
            voice,
            settings,
            table,
            activity: Activity::Game,
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
        let position = self.position();
        let size = position.size();
        match command {
            Command::Nothing => {}
            Command::Place(sq) => self.play(Move::Place(sq))?,
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
                self.activity = Activity::Game;
                self.table = self.settings.table(self.table.terms().with(change));
                self.table.opening(&mut self.voice)?;
            }
            Command::Train(verb, number) => self.train(verb, number)?,
            Command::Plain(verb) => return self.plain(verb),
        }
        Ok(Flow::Continue)
    }

    /// The board the commands read: the game's, or the lesson's or puzzle's.
    fn position(&self) -> Position {
        match &self.activity {
            Activity::Game => self.table.game().position().clone(),
            Activity::Lessons(lessons) => lessons.position().clone(),
            Activity::Puzzles(puzzles) => puzzles.position().clone(),
        }
    }

    /// A typed move, to the game, the lesson or the puzzle.
    fn play(&mut self, mv: Move) -> io::Result<()> {
        match &mut self.activity {
            Activity::Game => self.table.play(mv, &mut self.voice),
            Activity::Lessons(lessons) => self.voice.say(&lessons.answer(mv)),
            Activity::Puzzles(puzzles) => self.voice.say_all(&puzzles.answer(mv)),
        }
    }

    /// `learn`, `puzzles`: opens them, at a number if one is given.
    fn train(&mut self, verb: Verb, number: Option<usize>) -> io::Result<()> {
        let at = number.unwrap_or(1);
        let opened = match (&mut self.activity, verb) {
            (Activity::Lessons(lessons), Verb::Learn) if number.is_some() => {
                lessons.go_to(at).map(|()| None)
            }
            (Activity::Puzzles(puzzles), Verb::Puzzles) if number.is_some() => {
                puzzles.go_to(at).map(|()| None)
            }
            (_, Verb::Learn) => Lessons::open(at).map(|l| Some(Activity::Lessons(Box::new(l)))),
            _ => Puzzles::open(at).map(|p| Some(Activity::Puzzles(Box::new(p)))),
        };
        match opened {
            Ok(Some(activity)) => self.activity = activity,
            Ok(None) => {}
            Err(e) => return self.voice.say(&e.to_string()),
        }
        self.intro()
    }

    /// The open lesson's or puzzle's text and task.
    fn intro(&mut self) -> io::Result<()> {
        match &self.activity {
            Activity::Game => self.table.opening(&mut self.voice),
            Activity::Lessons(lessons) => self.voice.say_all(&lessons.intro()),
            Activity::Puzzles(puzzles) => self.voice.say_all(&puzzles.intro()),
        }
    }

    /// `next`: the next lesson or puzzle.
    fn next(&mut self) -> io::Result<()> {
        let moved = match &mut self.activity {
            Activity::Game => {
                return self
                    .voice
                    .say("Next goes to the next lesson or puzzle: type learn or puzzles first.");
            }
            Activity::Lessons(lessons) => lessons.next(),
            Activity::Puzzles(puzzles) => puzzles.next(),
        };
        match moved {
            Ok(()) => self.intro(),
            Err(e) => self.voice.say(&e.to_string()),
        }
    }

    /// `review`: the engine's review of the game, told when it is done.
    fn review(&mut self) -> io::Result<()> {
        let game = self.table.game();
        if game.history().is_empty() {
            return self.voice.say("There is no move to review yet.");
        }
        let millis = self.settings.review_millis();
        self.voice.say(&review::intro(game, millis))?;
        let lines = review::review_lines(game, self.table.names(), millis);
        self.voice.say_all(&lines)
    }

    fn plain(&mut self, verb: Verb) -> io::Result<Flow> {
        let training = !matches!(self.activity, Activity::Game);
        if training
            && matches!(
                verb,
                Verb::Undo | Verb::Resign | Verb::Hint | Verb::Status | Verb::Review
            )
        {
            self.voice.say(
                "That is for a game: type game to go back to it. Here, type a square to answer.",
            )?;
            return Ok(Flow::Continue);
        }
        let position = self.position();
        match verb {
            Verb::Swap => self.play(Move::Swap)?,
            Verb::Undo => self.table.undo(&mut self.voice)?,
            Verb::Resign => self.table.resign(&mut self.voice)?,
            Verb::Hint => self.table.hint(&mut self.voice)?,
            Verb::Pass => self.voice.say(
                "Brique has no pass: every turn places a stone (or, on White's first turn, \
                 swaps). Type hint for a suggestion.",
            )?,
            Verb::Board => self.voice.say_all(&board_lines(&position))?,
            Verb::Chains => self.voice.say_all(&chain_lines(&position))?,
            Verb::Last => self.voice.say(&self.table.last_line())?,
            Verb::Moves => self.voice.say(&self.table.moves_line())?,
            Verb::Status => self.voice.say_all(&self.table.status_lines())?,
            Verb::Settings => self.voice.say_all(&self.settings.lines())?,
            Verb::Help => self.voice.say_all(&help_lines())?,
            Verb::Quit => return Ok(Flow::Quit),
            Verb::Next => self.next()?,
            Verb::Review => self.review()?,
            Verb::Game => {
                self.activity = Activity::Game;
                self.voice.say("Back to the game.")?;
                self.voice.say_all(&self.table.status_lines())?;
            }
            // Read with their arguments by `answer`.
            Verb::Row
            | Verb::Column
            | Verb::SquareInfo
            | Verb::New
            | Verb::Learn
            | Verb::Puzzles => {}
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
