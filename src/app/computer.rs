//! The computer at the board: its moves, hints and analysis, each a search
//! on a background thread ([`Thinker`]) while the screen keeps drawing.
//!
//! What the engine should be doing follows from the state, and is worked out
//! again after every update ([`App::sync_engine`]): a computer to move (not
//! paused), else a hint asked for, else the analysis shown. A search that no
//! longer fits (undo, new game, quit, analysis hidden) is stopped at once; the
//! game's one [`Search`] comes back from it, so its tree serves the next one.
//!
//! In a game against the computer, Player 1 is the person at the keyboard and
//! Player 2 the computer; which of them holds Black (and opens) is the
//! settings' Black field, and with the pie rule on, the one holding White may
//! then swap. In a demo the computer plays both players.

use std::fmt;
use std::time::{Duration, Instant};

use super::action::Action;
use super::engine_config::Mode;
use super::state::{App, Level as Tone};
use crate::ai::{Budget, Level, Report, Search};
use crate::core::{Color, Move, Player, Position};
use crate::thinker::{Progress, Thinker};

/// How often the event loop takes in a search's progress (and redraws).
pub const TICK: Duration = Duration::from_millis(40);

/// The shortest time a move of a demo takes, so that it can be followed.
pub const DEMO_PACE: Duration = Duration::from_millis(700);

/// Analysis of one position runs this long (or until the result is proven),
/// then rests.
const ANALYSIS: Budget = Budget::millis(60_000);

/// Hints come from a search at least this strong, whatever the level.
const HINT_LEVEL: Level = Level::Medium;

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// The computer's move.
    Move,
    /// A move suggested to the person to move.
    Hint,
    /// The heat map.
    Analysis,
}

/// The latest word from a search, and the position it is about.
#[derive(Clone, Debug)]
pub struct EngineSnapshot {
    pub job: Job,
    pub position: Position,
    pub progress: Progress,
    /// Whether the search is still at work.
    pub running: bool,
}

/// A hint asked for, or found, for one position.
#[derive(Clone, Debug, PartialEq)]
enum Hint {
    Wanted(Position),
    Found(Position, Move),
}

struct Running {
    job: Job,
    position: Position,
    thinker: Thinker,
    started: Instant,
}

/// The computer's side of the app state.
pub struct Computer {
    /// The mode of the game on the board (the settings' mode waits for the
    /// next game).
    mode: Mode,
    seed: u64,
    /// The game's search, while no thinker has it.
    search: Option<Search>,
    running: Option<Running>,
    latest: Option<EngineSnapshot>,
    hint: Option<Hint>,
    analysis: bool,
    /// The position whose analysis has used up its budget.
    analysed: Option<Position>,
    /// A demo stands still.
    paused: bool,
    /// The names the computer plays under, per player (`None`: a person).
    names: [Option<String>; 2],
}

impl Computer {
    pub(super) fn new(mode: Mode, level: Level) -> Computer {
        Computer {
            mode,
            seed: 0,
            search: None,
            running: None,
            latest: None,
            hint: None,
            analysis: false,
            analysed: None,
            paused: false,
            names: names(mode, level),
        }
    }
}

/// A copy does not take the search along: the copy starts its own when it
/// next updates.
impl Clone for Computer {
    fn clone(&self) -> Computer {
        Computer {
            mode: self.mode,
            seed: self.seed,
            search: None,
            running: None,
            latest: self.latest.clone(),
            hint: self.hint.clone(),
            analysis: self.analysis,
            analysed: self.analysed.clone(),
            paused: self.paused,
            names: self.names.clone(),
        }
    }
}

// The thinker's channel and thread handle are not `RefUnwindSafe`, but only
// `update` touches them, through `&mut`: a panic caught while drawing (which
// reads) cannot leave them half-changed. So the app stays `RefUnwindSafe`.
impl std::panic::RefUnwindSafe for Computer {}

impl fmt::Debug for Computer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Computer")
            .field("mode", &self.mode)
            .field("running", &self.running.as_ref().map(|r| r.job))
            .field("analysis", &self.analysis)
            .field("paused", &self.paused)
            .finish_non_exhaustive()
    }
}

/// The computer's names in a mode: `Computer (medium)` against a person,
/// `Computer 1` and `Computer 2` in a demo (the panel names the level).
fn names(mode: Mode, level: Level) -> [Option<String>; 2] {
    match mode {
        Mode::HumanVsHuman => [None, None],
        Mode::HumanVsComputer => [None, Some(format!("Computer ({level})"))],
        Mode::ComputerVsComputer => [
            Some("Computer 1".to_string()),
            Some("Computer 2".to_string()),
        ],
    }
}

/// A seed that differs from run to run.
pub(super) fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

/// The side to move's chances in a report, e.g. `57% for Black`.
pub(super) fn estimate(report: &Report, to_move: Color) -> String {
    match report.proven {
        Some(true) => format!("a sure win for {to_move}"),
        Some(false) => format!("a sure loss for {to_move}"),
        None => format!("{:.0}% for {to_move}", 100.0 * report.win),
    }
}

impl App {
    /// The mode of the game on the board.
    pub fn mode(&self) -> Mode {
        self.computer.mode
    }

    /// Sets the mode of the game on the board (e.g. for a game loaded from a
    /// record); new games take the mode from the settings.
    pub fn set_mode(&mut self, mode: Mode) {
        self.restore_mode(mode);
        self.sync_engine();
    }

    /// Sets the game's mode as a saved game says it was (the engine follows
    /// at the end of the update).
    pub(super) fn restore_mode(&mut self, mode: Mode) {
        self.computer.mode = mode;
        self.computer.paused = false;
    }

    /// Seeds the engine's searches (the program seeds them from the clock;
    /// tests keep the default, so the computer plays the same every time).
    pub fn seed_engine(&mut self, seed: u64) {
        self.computer.seed = seed;
        self.computer.search = None;
    }

    /// Whether the computer plays for `player` in this game.
    pub fn is_computer(&self, player: Player) -> bool {
        self.computer.names[player.index()].is_some()
    }

    /// Whether it is the computer's turn (in a game not over).
    pub fn computer_to_move(&self) -> bool {
        !self.game.position().is_over() && self.is_computer(self.game.player_to_move())
    }

    /// The computer's name for `player`, if it plays for them.
    pub(super) fn computer_name(&self, player: Player) -> Option<&str> {
        self.computer.names[player.index()].as_deref()
    }

    /// What the engine is searching for now, if anything.
    pub fn engine_job(&self) -> Option<Job> {
        self.computer.running.as_ref().map(|r| r.job)
    }

    /// The latest snapshot of a search of the position on the board.
    pub fn engine_snapshot(&self) -> Option<&EngineSnapshot> {
        self.computer
            .latest
            .as_ref()
            .filter(|s| s.position == *self.game.position())
    }

    /// The hint found for the position on the board.
    pub fn hint(&self) -> Option<Move> {
        match &self.computer.hint {
            Some(Hint::Found(position, mv)) if position == self.game.position() => Some(*mv),
            _ => None,
        }
    }

    /// Whether the heat map is shown.
    pub fn analysis_shown(&self) -> bool {
        self.computer.analysis
    }

    /// Whether a demo stands still.
    pub fn demo_paused(&self) -> bool {
        self.computer.mode == Mode::ComputerVsComputer && self.computer.paused
    }

    /// How long the event loop may wait for input before it sends
    /// [`Action::Tick`]: `None` (wait for input) while no search runs.
    pub fn tick_interval(&self) -> Option<Duration> {
        self.computer.running.as_ref().map(|_| TICK)
    }

    /// Waits for the running search to end by itself, then acts on it (a
    /// demo's pace aside): for tests and scripts, which want the computer's
    /// move without a clock. Analysis may run a minute.
    pub fn wait_for_engine(&mut self) {
        if let Some(running) = &mut self.computer.running {
            loop {
                running.thinker.poll();
                if running.thinker.is_done() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(1));
            }
        }
        self.step_engine(true);
        // As the event loop would: the engine goes on, the autosave follows.
        self.update(Action::Tick);
    }

    /// A new game: the settings' mode, a fresh search, no hint, not paused.
    pub(super) fn reset_computer(&mut self) {
        let analysis = self.computer.analysis;
        let seed = self.computer.seed;
        self.computer = Computer::new(self.config.engine.mode, self.config.engine.level);
        self.computer.analysis = analysis;
        self.computer.seed = seed;
    }

    /// Board actions that mean something else when the computer plays; returns
    /// whether `action` was handled here.
    pub(super) fn computer_action(&mut self, action: Action) -> bool {
        let demo = self.computer.mode == Mode::ComputerVsComputer;
        match action {
            Action::Hint => self.ask_hint(),
            Action::ToggleAnalysis => self.toggle_analysis(),
            Action::Place if demo => self.toggle_pause(),
            Action::NewGame if demo => self.start_new_game(),
            Action::Undo | Action::Redo if demo => {
                // Stepping through a demo stops it, to look at it.
                self.computer.paused = true;
                return false;
            }
            Action::Undo if self.computer.mode == Mode::HumanVsComputer => self.undo_to_your_turn(),
            Action::Redo if self.computer.mode == Mode::HumanVsComputer => self.redo_to_your_turn(),
            // While an earlier position is shown, a stone goes there (after
            // asking), which stops the computer's thinking.
            Action::Place | Action::Swap | Action::Click { .. }
                if self.computer_to_move() && self.viewing().is_none() =>
            {
                if let Action::Click { column, row } = action {
                    self.hover(column, row);
                }
                let text = if demo {
                    let place = self.key(Action::Place);
                    format!("The computer plays both sides here: {place} pauses the demo.")
                } else {
                    let name = self.name(self.game.player_to_move()).to_string();
                    let undo = self.key(Action::Undo);
                    format!("Wait: {name} is thinking. ({undo} takes back your move.)")
                };
                self.say(Tone::Warning, text);
            }
            _ => return false,
        }
        true
    }

    fn toggle_pause(&mut self) {
        self.computer.paused = !self.computer.paused;
        let place = self.key(Action::Place);
        let text = if self.computer.paused {
            format!("Demo paused: {place} goes on.")
        } else {
            "Demo goes on.".to_string()
        };
        self.say(Tone::Info, text);
    }

    fn ask_hint(&mut self) {
        let pos = self.game.position();
        if pos.is_over() {
            self.say(Tone::Warning, "The game is over: no hint.");
        } else if self.computer_to_move() && !self.demo_paused() {
            self.say(Tone::Warning, "The computer is to move: no hint.");
        } else if let Some(mv) = self.hint() {
            self.hint_found(mv);
        } else {
            self.computer.hint = Some(Hint::Wanted(pos.clone()));
            self.say(Tone::Info, "Looking for a hint…");
        }
    }

    fn toggle_analysis(&mut self) {
        self.computer.analysis = !self.computer.analysis;
        let text = if self.computer.analysis {
            format!(
                "Heat map on: each square's share of the search. {} hides it.",
                self.key(Action::ToggleAnalysis)
            )
        } else {
            "Analysis hidden.".to_string()
        };
        self.say(Tone::Info, text);
    }

    /// Undo against the computer: back to the person's last turn, taking
    /// back the computer's answer and their move.
    fn undo_to_your_turn(&mut self) {
        let mut game = self.game.clone();
        let mut undone = Vec::new();
        while let Some(mv) = game.undo() {
            undone.push(mv);
            if !self.is_computer(game.player_to_move()) {
                break;
            }
        }
        if undone.is_empty() || self.is_computer(game.player_to_move()) {
            self.say(Tone::Warning, "Nothing of yours to undo.");
            return;
        }
        self.game = game;
        self.moves_scroll = 0;
        if let Some(&Move::Place(sq)) = undone.last() {
            self.cursor = sq;
        }
        let names: Vec<String> = undone.iter().map(Move::to_string).collect();
        let redo = self.key(Action::Redo);
        self.say(
            Tone::Info,
            format!(
                "Undid {}: your turn again. {redo} redoes.",
                names.join(" and ")
            ),
        );
    }

    /// Redo against the computer: forward to the person's next turn.
    fn redo_to_your_turn(&mut self) {
        let mut redone = Vec::new();
        while let Some(report) = self.game.redo() {
            redone.push(report.mv.to_string());
            if !self.computer_to_move() {
                break;
            }
        }
        if redone.is_empty() {
            self.say(Tone::Warning, "Nothing to redo.");
            return;
        }
        self.moves_scroll = 0;
        self.say(Tone::Info, format!("Redid {}.", redone.join(" and ")));
    }

    fn hint_found(&mut self, mv: Move) {
        if let Move::Place(sq) = mv {
            self.cursor = sq;
        }
        let estimate = self
            .engine_snapshot()
            .map(|s| format!(" ({})", estimate(&s.progress.report, s.position.to_move())))
            .unwrap_or_default();
        let play = match mv {
            Move::Place(_) => self.key(Action::Place),
            Move::Swap => self.key(Action::Swap),
        };
        self.say(
            Tone::Info,
            format!("Hint: {mv}{estimate}. {play} plays it."),
        );
    }

    /// The job the engine should be doing now.
    fn wanted_job(&self) -> Option<Job> {
        let pos = self.game.position();
        if self.quit || pos.is_over() {
            return None;
        }
        if self.computer_to_move() && !self.computer.paused {
            return Some(Job::Move);
        }
        if matches!(&self.computer.hint, Some(Hint::Wanted(p)) if p == pos) {
            return Some(Job::Hint);
        }
        if self.computer.analysis && self.computer.analysed.as_ref() != Some(pos) {
            return Some(Job::Analysis);
        }
        None
    }

    /// Brings the engine in line with the state: called after every update.
    pub(super) fn sync_engine(&mut self) {
        self.computer.names = names(self.computer.mode, self.config.engine.level);
        // A search that ends may call for another: the computer moved, so
        // now the analysis, or in a demo the other side's move.
        for _ in 0..4 {
            if !self.step_engine(false) {
                break;
            }
        }
    }

    /// Stops a search that no longer fits, takes in one that has ended, or
    /// starts the one wanted. Returns whether a search ended (so the state
    /// may want another); `force` skips a demo's pace.
    fn step_engine(&mut self, force: bool) -> bool {
        let wanted = self.wanted_job();
        let fits = |r: &Running| Some(r.job) == wanted && r.position == *self.game.position();
        if self.computer.running.as_ref().is_some_and(|r| !fits(r)) {
            self.stop_search();
        }
        let demo = self.computer.mode == Mode::ComputerVsComputer;
        let Some(running) = &mut self.computer.running else {
            if let Some(job) = wanted {
                self.start_search(job);
            }
            return false;
        };
        if let Some(progress) = running.thinker.poll() {
            self.computer.latest = Some(EngineSnapshot {
                job: running.job,
                position: running.position.clone(),
                progress: progress.clone(),
                running: true,
            });
        }
        let early = demo && running.job == Job::Move && running.started.elapsed() < DEMO_PACE;
        if !running.thinker.is_done() || (early && !force) {
            return false;
        }
        match self.stop_search() {
            Some((job, progress)) => {
                self.search_ended(job, &progress);
                true
            }
            None => false,
        }
    }

    fn start_search(&mut self, job: Job) {
        let level = self.config.engine.level;
        let budget = match job {
            Job::Move => level.budget(),
            Job::Hint => level.max(HINT_LEVEL).budget(),
            Job::Analysis => ANALYSIS,
        };
        let position = self.game.position().clone();
        let seed = self.computer.seed;
        let search = self
            .computer
            .search
            .take()
            .unwrap_or_else(|| Search::new(&position, level.config(seed)));
        let thinker = Thinker::start(search, self.game.clone(), budget);
        self.computer.running = Some(Running {
            job,
            position,
            thinker,
            started: Instant::now(),
        });
    }

    /// Stops the running search (within a few milliseconds) and takes the
    /// game's search back; returns what it was for and its last progress.
    fn stop_search(&mut self) -> Option<(Job, Progress)> {
        let running = self.computer.running.take()?;
        match running.thinker.stop() {
            Some((search, progress)) => {
                self.computer.search = Some(search);
                self.computer.latest = Some(EngineSnapshot {
                    job: running.job,
                    position: running.position,
                    progress: progress.clone(),
                    running: false,
                });
                Some((running.job, progress))
            }
            None => {
                // The engine's thread died: a bug. Say so and let people play.
                self.computer.paused = true;
                self.computer.analysis = false;
                self.computer.hint = None;
                self.say(
                    Tone::Error,
                    "The engine failed. The computer stopped; you can still play, save or quit.",
                );
                None
            }
        }
    }

    fn search_ended(&mut self, job: Job, progress: &Progress) {
        let position = self.game.position().clone();
        match (job, progress.report.best) {
            (Job::Move, Some(mv)) => {
                let player = self.game.player_to_move();
                match mv {
                    Move::Place(sq) => {
                        self.place(sq);
                        if !self.game.position().is_over() {
                            let text = format!("{} played {sq}.", self.name(player));
                            self.say(Tone::Info, text);
                        }
                    }
                    Move::Swap => self.swap(),
                }
            }
            (Job::Hint, Some(mv)) => {
                self.computer.hint = Some(Hint::Found(position, mv));
                self.hint_found(mv);
            }
            (Job::Analysis, _) => self.computer.analysed = Some(position),
            (Job::Move | Job::Hint, None) => {}
        }
    }
}
