//! The game on the board, the names of its two players and its clocks:
//! what the autosave and records hold. Every change to the game goes
//! through here, and counts as a new revision (what the move list's scroll
//! follows); the clocks follow each one.

use std::time::Duration;

use super::clock::{GameClock, TimeSource};
use crate::core::{Color, Game, Move, MoveReport, PlayError, Player, Record, TimeControl};

#[derive(Clone, Debug)]
pub struct Session {
    game: Game,
    /// The names of the game's Player 1 and Player 2 (a record's own).
    names: [String; 2],
    /// Counts the changes to the game.
    revision: u64,
    /// The game's clocks, when it is played with a time control.
    clock: Option<GameClock>,
    time: TimeSource,
}

impl Session {
    pub fn new(game: Game, names: [String; 2]) -> Session {
        Session {
            game,
            names,
            revision: 0,
            clock: None,
            time: TimeSource::Real,
        }
    }

    pub fn clock(&self) -> Option<&GameClock> {
        self.clock.as_ref()
    }

    /// The time the clocks read now.
    pub fn now(&self) -> std::time::Instant {
        self.time.now()
    }

    /// Makes the clocks' time stand still but for `by` now (tests).
    pub fn pass_time(&mut self, by: Duration) {
        self.time = self.time.passed(by);
    }

    /// Starts the clocks of the game on the board from now (`None`: none).
    pub fn start_clock(&mut self, control: Option<TimeControl>) {
        let now = self.now();
        let first = self.game.first_black();
        self.clock = control.map(|control| GameClock::new(control, first, [], now));
        self.follow_clock();
    }

    /// The clocks as `record` left them (the record holds this game): each
    /// move's time, and a flag fallen; the turn under way starts now.
    pub fn resume_clock(&mut self, record: &Record) {
        let now = self.now();
        let first = self.game.first_black();
        self.clock = record.clock.map(|control| {
            let times = record.times.iter().map(|t| t.unwrap_or_default());
            GameClock::new(control, first, times, now)
        });
        if record.won_on_time()
            && let Some(clock) = &mut self.clock
        {
            clock.flag_fell(self.game.player_to_move());
        }
        self.follow_clock();
    }

    /// Pauses the clocks (`held`), or lets paused ones count again.
    pub fn hold_clock(&mut self, held: bool) {
        let now = self.now();
        if let Some(clock) = &mut self.clock {
            if held {
                clock.paused(now);
            } else {
                clock.resumed(now);
            }
        }
    }

    /// Clocks kept by another copy of the program (a network guest's are
    /// the host's): their time control and a flag fallen, for the record;
    /// they never count here.
    pub fn follow_clocks(&mut self, control: Option<TimeControl>, flag: Option<Player>) {
        let now = self.now();
        let wanted = control.map(|control| {
            let mut clock = GameClock::new(control, self.game.first_black(), [], now);
            clock.stop();
            if let Some(player) = flag {
                clock.flag_fell(player);
            }
            clock
        });
        let shown = |clock: Option<&GameClock>| clock.map(|c| (c.control(), c.flag(), c.running()));
        if shown(self.clock.as_ref()) != shown(wanted.as_ref()) {
            self.clock = wanted;
            self.revision += 1;
        }
    }

    /// The clocks and the outcome of a record of this game.
    pub fn stamp(&self, record: &mut Record) {
        if let Some(clock) = &self.clock {
            record.clock = Some(clock.control());
            record.times = clock.move_times().map(Some).collect();
            record.flag_fell = clock.flag().is_some();
        }
    }

    /// The player who ran out of time, if one did.
    pub fn out_of_time(&self) -> Option<Player> {
        self.clock.as_ref().and_then(GameClock::flag)
    }

    /// Whether the player to move has just run out of time; said once.
    pub fn check_clock(&mut self) -> Option<Player> {
        let to_move = self.game.player_to_move();
        let now = self.now();
        let flag = self.clock.as_mut()?.check(to_move, now)?;
        self.revision += 1;
        Some(flag)
    }

    /// The clocks stand once the game is over (won or resigned).
    fn follow_clock(&mut self) {
        if self.game.is_over()
            && let Some(clock) = &mut self.clock
        {
            clock.stop();
        }
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn names(&self) -> &[String; 2] {
        &self.names
    }

    /// The name a person gave Player 1 or Player 2.
    pub fn name(&self, player: Player) -> &str {
        &self.names[player.index()]
    }

    /// Changes to the game so far: equal revisions, the same game.
    pub const fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether leaving now would lose a game: moves played, nobody has won.
    pub fn in_progress(&self) -> bool {
        self.game.can_undo() && !self.game.is_over() && self.out_of_time().is_none()
    }

    /// Replaces the game and its players (a new game, a record opened).
    /// The new game has no clocks until they are started.
    pub fn replace(&mut self, game: Game, names: [String; 2]) {
        self.names = names;
        self.set_game(game);
    }

    /// Replaces the game, the players staying; it has no clocks until they
    /// are started.
    pub fn set_game(&mut self, game: Game) {
        self.game = game;
        self.clock = None;
        self.revision += 1;
    }

    pub fn rename(&mut self, names: [String; 2]) {
        self.names = names;
    }

    /// Plays a move, unless the player to move is out of time.
    pub fn play(&mut self, mv: Move) -> Result<MoveReport, PlayError> {
        // The clock was looked at once, as the update began.
        self.not_out_of_time()?;
        let report = self.game.play(mv)?;
        let now = self.now();
        if let Some(clock) = &mut self.clock {
            clock.moved(now);
        }
        self.follow_clock();
        self.revision += 1;
        Ok(report)
    }

    /// A move refereed by another copy (the lobby's server): played on
    /// the game shown whatever the clocks here say, as they are that
    /// copy's (`follow_clocks`).
    pub fn follow_move(&mut self, mv: Move) -> Result<MoveReport, PlayError> {
        let report = self.game.play(mv)?;
        self.follow_clock();
        self.revision += 1;
        Ok(report)
    }

    /// A game lost on time is over: the winner, as a move or a
    /// resignation after it is refused.
    fn not_out_of_time(&self) -> Result<(), PlayError> {
        match self.out_of_time() {
            Some(player) => Err(PlayError::GameOver(self.game.color_of(player).other())),
            None => Ok(()),
        }
    }

    /// `color` resigns the game (refused once it is over, on time too).
    pub fn resign(&mut self, color: Color) -> Result<(), PlayError> {
        self.not_out_of_time()?;
        self.game.resign(color)?;
        self.follow_clock();
        self.revision += 1;
        Ok(())
    }

    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.game.undo()?;
        let now = self.now();
        if let Some(clock) = &mut self.clock {
            clock.undone(now);
        }
        self.revision += 1;
        Some(mv)
    }

    pub fn redo(&mut self) -> Option<MoveReport> {
        let report = self.game.redo()?;
        let now = self.now();
        if let Some(clock) = &mut self.clock {
            clock.redone(now);
        }
        self.follow_clock();
        self.revision += 1;
        Some(report)
    }

    /// Takes back the moves after the first `ply`.
    pub fn cut(&mut self, ply: usize) {
        while self.game.history().len() > ply && self.undo().is_some() {}
    }
}
