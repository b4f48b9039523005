//! The line mode's loop: a line in, its answer out, and the network's news
//! told as it comes, until `quit` or the end of the input. Generic over
//! where the lines come from and go to, so the same loop serves a
//! terminal, a pipe and an SSH channel.

use std::io::{self, BufRead, Write};
use std::sync::mpsc::{Receiver, Sender};

use super::board_text::{board_lines, chain_lines, column_line, off_board, row_line, square_line};
use super::command::{Command, parse};
use super::lobby::Lobby;
use super::network::NetGame;
use super::review;
use super::settings::Settings;
use super::spec::{Verb, help_lines};
use super::table::Table;
use super::training::{Lessons, Puzzles};
use super::voice::Voice;
use super::wake::{self, MAX_LINE_BYTES, Wake};

mod links;
use crate::core::{BoardSize, Move, Position, Square};

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
    /// A game between friends, when one is on: the game commands go to it.
    network: Option<Box<NetGame>>,
    /// The lobby, once `online` connected: its game, when one is on the
    /// board, takes the game commands.
    lobby: Option<Box<Lobby>>,
    /// The loop's channel: typed lines and the network's bell come in.
    wake: Sender<Wake>,
    woken: Receiver<Wake>,
}

impl<W: Write> Session<W> {
    pub fn new(voice: Voice<W>, settings: Settings) -> Session<W> {
        let table = settings.first_table();
        let (wake, woken) = std::sync::mpsc::channel();
        Session {
            voice,
            settings,
            table,
            activity: Activity::Game,
            network: None,
            lobby: None,
            wake,
            woken,
        }
    }

    /// Greets, then answers every line of the input `open` makes (on a
    /// thread of its own) and tells the network's news, until `quit` or
    /// the input's end.
    pub fn run<R: BufRead>(&mut self, open: impl FnOnce() -> R + Send + 'static) -> io::Result<()> {
        self.voice
            .say("Brique, screen-reader mode. Type help for the commands, quit to leave.")?;
        self.table.opening(&mut self.voice)?;
        wake::read_lines_into(open, &self.wake);
        loop {
            // The session holds a sender itself: the channel never ends.
            let Ok(woken) = self.woken.recv() else {
                return self.voice.say("End of input. Goodbye.");
            };
            match woken {
                Wake::Line(text) => {
                    if self.answer(&text)? == Flow::Quit {
                        return self.voice.say("Goodbye.");
                    }
                }
                Wake::TooLong => self.voice.say(&format!(
                    "That line is too long (more than {MAX_LINE_BYTES} bytes); it was ignored."
                ))?,
                Wake::End => return self.voice.say("End of input. Goodbye."),
                Wake::Failed(e) => return Err(e),
                Wake::Network => self.network_news()?,
            }
        }
    }

    /// Tells what came from the network; a game refused for good ends.
    fn network_news(&mut self) -> io::Result<()> {
        if let Some(lobby) = &mut self.lobby {
            let lines = lobby.news();
            self.voice.say_all(&lines)?;
            self.lobby = self.lobby.take().filter(|l| !l.is_closed());
        }
        let Some(network) = &mut self.network else {
            return Ok(());
        };
        let lines = network.news();
        let refused = network.is_refused();
        self.voice.say_all(&lines)?;
        if refused {
            self.network = None;
            self.voice
                .say("The game between friends has ended. Type host or join CODE to try again.")?;
        }
        Ok(())
    }

    fn answer(&mut self, line: &str) -> io::Result<Flow> {
        if self.network.is_none() && !self.lobby_board() {
            self.table.check_flag(&mut self.voice)?;
        }
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
                "There is no such column; the last column is {}.",
                last_column(size)
            ))?,
            Command::SquareInfo(sq) if !size.contains(sq) => {
                self.voice.say(&off_board(sq, size))?;
            }
            Command::SquareInfo(sq) => self.voice.say(&square_line(&position, sq))?,
            Command::New(_) | Command::Train(..) | Command::Join(_) if self.network.is_some() => {
                self.voice.say(IN_NETWORK_GAME)?;
            }
            Command::Lobby(_) | Command::Join(_) if self.network.is_some() => {
                self.voice.say(IN_NETWORK_GAME)?;
            }
            Command::Lobby(order) => self.lobby_order(order)?,
            Command::New(_) | Command::Join(_)
                if self.lobby.as_ref().is_some_and(|l| l.in_game()) =>
            {
                self.voice.say(IN_LOBBY_GAME)?;
            }
            Command::Join(code) => self.join(code)?,
            Command::New(change) => {
                if let Some(lobby) = &mut self.lobby {
                    lobby.clear_board();
                }
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
            Activity::Game => match (
                &self.network,
                self.lobby.as_ref().and_then(|l| l.position()),
            ) {
                (Some(network), _) => network.position().cloned().unwrap_or_else(|| {
                    let terms = self.table.terms();
                    Position::new(terms.size, terms.rules)
                }),
                (None, Some(position)) => position.clone(),
                (None, None) => self.table.game().position().clone(),
            },
            Activity::Lessons(lessons) => lessons.position().clone(),
            Activity::Puzzles(puzzles) => puzzles.position().clone(),
        }
    }

    /// A typed move, to the game, the lesson or the puzzle.
    fn play(&mut self, mv: Move) -> io::Result<()> {
        match &mut self.activity {
            Activity::Game => match (&mut self.network, &mut self.lobby) {
                (Some(network), _) => self.voice.say_all(&network.play(mv)),
                (None, Some(lobby)) if lobby.board().is_some() => {
                    self.voice.say_all(&lobby.play(mv))
                }
                _ => self.table.play(mv, &mut self.voice),
            },
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
        if let Some(network) = &mut self.network
            && !training
        {
            let lines = match verb {
                Verb::Resign => network.resign(),
                Verb::Last => vec![network.last_line()],
                Verb::Moves => vec![network.moves_line()],
                Verb::Status | Verb::Game => network.status_lines(),
                Verb::Undo | Verb::Hint | Verb::Review | Verb::Host | Verb::Next => {
                    vec![IN_NETWORK_GAME.to_string()]
                }
                Verb::Leave => {
                    self.network = None;
                    vec!["You left the game between friends.".to_string()]
                }
                _ => Vec::new(),
            };
            if !lines.is_empty() {
                self.voice.say_all(&lines)?;
                return Ok(Flow::Continue);
            }
        }
        if !training && let Some(lines) = self.lobby_plain(verb) {
            self.voice.say_all(&lines)?;
            return Ok(Flow::Continue);
        }
        let position = self.position();
        match verb {
            Verb::Leave if self.lobby.is_some() => self.leave_lobby()?,
            Verb::Swap => self.play(Move::Swap)?,
            Verb::Host => self.host()?,
            Verb::Leave => self
                .voice
                .say("There is no game between friends to leave.")?,
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
            | Verb::Puzzles
            | Verb::Join
            | Verb::Online
            | Verb::Seeks
            | Verb::Seek
            | Verb::Accept
            | Verb::Challenge
            | Verb::Cancel
            | Verb::Games
            | Verb::Watch
            | Verb::Players
            | Verb::Chat => {}
        }
        Ok(Flow::Continue)
    }
}

/// What an online game refuses.
const IN_LOBBY_GAME: &str =
    "Not during your online game: it is the lobby's to referee; play it out or resign it first.";

/// What a game between friends refuses.
const IN_NETWORK_GAME: &str =
    "Not during a game between friends: type leave to end it first, or quit.";

fn last_column(size: BoardSize) -> char {
    Square::new(size.get() - 1, 0).file_char()
}
