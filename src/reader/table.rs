//! The game at the table: the game itself, its players' names, the
//! computer when it plays a side, the clocks; and what each game command
//! does to them, told to a [`Voice`] as it happens.

use std::io::{self, Write};

use crate::ai::Level;
use crate::core::{BoardSize, Game, Move, Player, Rules, TimeControl};

use super::clock::{Clocks, spoken};
use super::command::{NewGame, Opponent};
use super::computer::{Computer, hint};
use super::speech::{
    after_move, capital, last_line, move_line, moves_line, named, play_error, terms, win_line,
};
use super::voice::Voice;

/// The terms of a game: what `new` leaves out comes from the last one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
    pub opponent: Opponent,
    pub size: BoardSize,
    pub rules: Rules,
    pub clock: Option<TimeControl>,
    /// Who holds Black at the start.
    pub black: Player,
}

impl Terms {
    /// These terms with `new`'s changes.
    pub fn with(mut self, change: NewGame) -> Terms {
        self.opponent = change.opponent.unwrap_or(self.opponent);
        self.size = change.size.unwrap_or(self.size);
        self.rules.variant = change.variant.unwrap_or(self.rules.variant);
        self.rules.pie = change.pie.unwrap_or(self.rules.pie);
        self
    }
}

pub struct Table {
    terms: Terms,
    names: [String; 2],
    game: Game,
    computer: Option<Computer>,
    clocks: Option<Clocks>,
    /// The player whose time ran out, ending the game.
    flagged: Option<Player>,
    /// The level of hints in games between people.
    hint_level: Level,
}

impl Table {
    /// A new game on `terms`. Against the computer, Player 1 is the person
    /// at the keyboard and the computer plays Player 2.
    pub fn new(terms: Terms, names: [String; 2], hint_level: Level) -> Table {
        let game = Game::new(terms.size, terms.rules, terms.black);
        let computer = match terms.opponent {
            Opponent::Computer(level) => Some(Computer::new(level, &game)),
            Opponent::People => None,
        };
        let names = match terms.opponent {
            Opponent::Computer(_) => [names[0].clone(), "the computer".to_string()],
            Opponent::People => names,
        };
        Table {
            clocks: terms.clock.map(|c| Clocks::new(c, terms.black)),
            terms,
            names,
            game,
            computer,
            flagged: None,
            hint_level,
        }
    }

    pub fn terms(&self) -> Terms {
        self.terms
    }

    /// The players' names (against the computer, Player 2 is it).
    pub fn names(&self) -> &[String; 2] {
        &self.names
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The first lines of a game: its terms, and who moves.
    pub fn opening<W: Write>(&mut self, voice: &mut Voice<W>) -> io::Result<()> {
        let against = match &self.computer {
            Some(c) => format!("you against the computer at {}", c.level().name()),
            None => "two players".to_string(),
        };
        voice.say(&format!("New game: {}, {against}.", terms(&self.game)))?;
        self.next_turn(voice)
    }

    /// Whether the game has ended (a connection, a resignation, a flag).
    pub fn is_over(&self) -> bool {
        self.game.is_over() || self.flagged.is_some()
    }

    /// Ends the game if the clock of the player to move has run out; says so.
    pub fn check_flag<W: Write>(&mut self, voice: &mut Voice<W>) -> io::Result<()> {
        if self.is_over() {
            return Ok(());
        }
        if let Some(player) = self.clocks.as_ref().and_then(Clocks::flagged) {
            self.flagged = Some(player);
            voice.say(&format!(
                "{} ran out of time. {} wins on time.",
                named(&self.game, &self.names, player),
                named(&self.game, &self.names, player.other())
            ))?;
        }
        Ok(())
    }

    /// The person at the keyboard plays `mv`.
    pub fn play<W: Write>(&mut self, mv: Move, voice: &mut Voice<W>) -> io::Result<()> {
        if let Some(line) = self.refusal() {
            return voice.say(&line);
        }
        if self.computer_to_move() {
            return voice.say("It is the computer's turn; wait for its move.");
        }
        match self.game.play(mv) {
            Ok(report) => {
                voice.say(&move_line(&report))?;
                if let Some(clocks) = &mut self.clocks {
                    clocks.moved();
                }
                self.next_turn(voice)
            }
            Err(e) => voice.say(&play_error(&e, self.game.size())),
        }
    }

    /// Why no move can be made now, if none can.
    fn refusal(&self) -> Option<String> {
        self.is_over().then(|| {
            "The game is over. Type new for another, or undo to take back the last move."
                .to_string()
        })
    }

    fn computer_to_move(&self) -> bool {
        self.computer.is_some() && self.game.player_to_move() == Player::Two && !self.is_over()
    }

    /// After a move: the win, or the turn (and the computer's move when it
    /// is its turn, with a line as it starts thinking).
    fn next_turn<W: Write>(&mut self, voice: &mut Voice<W>) -> io::Result<()> {
        if self.game.is_over() {
            return voice.say(&after_move(&self.game, &self.names));
        }
        if self.computer_to_move()
            && let Some(computer) = &mut self.computer
        {
            voice.say(&format!(
                "The computer is thinking, at {}.",
                computer.level().name()
            ))?;
            let Some(mv) = computer.choose(&self.game) else {
                return voice.say("The computer found no move.");
            };
            let report = match self.game.play(mv) {
                Ok(report) => report,
                Err(e) => return voice.say(&format!("The computer's move failed: {e}.")),
            };
            if let Some(clocks) = &mut self.clocks {
                clocks.moved();
            }
            let line = match report.mv {
                Move::Swap => "The computer swaps: it takes Black's stone and plays Black; \
                               you play White."
                    .to_string(),
                Move::Place(_) => format!("The computer plays {}", move_line(&report)),
            };
            voice.say(&line)?;
            if self.game.is_over() {
                return voice.say(&after_move(&self.game, &self.names));
            }
        }
        voice.say(&after_move(&self.game, &self.names))?;
        self.tell_low_time(voice)
    }

    fn tell_low_time<W: Write>(&self, voice: &mut Voice<W>) -> io::Result<()> {
        if let Some((player, left)) = self.clocks.as_ref().and_then(Clocks::low) {
            voice.say(&format!(
                "{} has {} left.",
                named(&self.game, &self.names, player),
                spoken(left)
            ))?;
        }
        Ok(())
    }

    pub fn undo<W: Write>(&mut self, voice: &mut Voice<W>) -> io::Result<()> {
        // Against the computer, back to the person's turn.
        let mut undone = Vec::new();
        while let Some(mv) = self.game.undo() {
            self.flagged = None;
            if let Some(clocks) = &mut self.clocks {
                clocks.undone();
            }
            undone.push(mv.to_string());
            if !self.computer_to_move() {
                break;
            }
        }
        if undone.is_empty() {
            return voice.say("There is no move to take back.");
        }
        voice.say(&format!("Taken back: {}.", undone.join(", ")))?;
        voice.say(&after_move(&self.game, &self.names))
    }

    pub fn resign<W: Write>(&mut self, voice: &mut Voice<W>) -> io::Result<()> {
        if let Some(line) = self.refusal() {
            return voice.say(&line);
        }
        let player = if self.computer.is_some() {
            Player::One
        } else {
            self.game.player_to_move()
        };
        let color = self.game.color_of(player);
        match self.game.resign(color) {
            Ok(()) => voice.say(&win_line(&self.game, &self.names, color.other())),
            Err(e) => voice.say(&format!("{}.", capital(&e.to_string()))),
        }
    }

    pub fn hint<W: Write>(&mut self, voice: &mut Voice<W>) -> io::Result<()> {
        if let Some(line) = self.refusal() {
            return voice.say(&line);
        }
        let level = self
            .computer
            .as_ref()
            .map_or(self.hint_level, Computer::level);
        voice.say(&format!("Looking for a move, at {}.", level.name()))?;
        match hint(&self.game, level) {
            Some((mv, win)) => voice.say(&format!(
                "Hint: {mv}. {} would win about {:.0} games in 100 from there.",
                self.game.position().to_move(),
                100.0 * win
            )),
            None => voice.say("No move to suggest."),
        }
    }

    /// `status`: the turn, the clocks, the computer's level, the terms.
    pub fn status_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let turn = if let Some(color) = self.game.winning_color() {
            win_line(&self.game, &self.names, color)
        } else if let Some(player) = self.flagged {
            format!(
                "{} ran out of time.",
                named(&self.game, &self.names, player)
            )
        } else {
            format!(
                "Move {}: {} to move.",
                self.game.history().len() + 1,
                named(&self.game, &self.names, self.game.player_to_move())
            )
        };
        lines.push(turn);
        let against = match &self.computer {
            Some(c) => format!("Against the computer at {}", c.level().name()),
            None => "Two players".to_string(),
        };
        lines.push(format!("{against}; {}.", terms(&self.game)));
        lines.push(match &self.clocks {
            None => "No clocks.".to_string(),
            Some(clocks) => {
                let each =
                    |p: Player| format!("{} {}", self.names[p.index()], spoken(clocks.left(p)));
                format!(
                    "Clocks ({}): {}, {}.",
                    clocks.control(),
                    each(Player::One),
                    each(Player::Two)
                )
            }
        });
        lines
    }

    /// `last`: the last move and what it did.
    pub fn last_line(&self) -> String {
        last_line(&self.game)
    }

    /// `moves`: every move, numbered.
    pub fn moves_line(&self) -> String {
        moves_line(&self.game)
    }
}
