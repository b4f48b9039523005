//! The computer opponent's state: its moves, hints and analysis, each a
//! search on a background thread ([`Thinker`]) while the screen keeps
//! drawing. It reads the game it is given; what a search found is handed
//! back ([`Ended`]) for the app to act on.
//!
//! What the engine should be doing follows from the state
//! ([`Computer::wanted`]): a computer to move (not paused), else a hint
//! asked for, else the analysis shown, else, against a person, pondering:
//! growing the tree on the person's time, for the answer to whatever they
//! play. A search that no longer fits (undo, new game, quit, analysis
//! hidden, the person's move) is stopped at once; the game's one [`Search`]
//! comes back from it, so its tree serves the next one.
//!
//! In a game against the computer, Player 1 is the person at the keyboard and
//! Player 2 the computer; which of them holds Black (and opens) is the
//! settings' Black field, and with the pie rule on, the one holding White may
//! then swap. In a demo the computer plays both players.

use std::fmt;
use std::time::{Duration, Instant};

use super::advice::advice;
pub use super::job::{Ended, EngineSnapshot, Job};
use super::slots::{Priority, RETRY, SearchSlots, Seat, Slot};
use crate::ai::{Budget, Doubts, Level, Report, Search};
use crate::app::config::engine::{EngineConfig, Mode};
use crate::app::game::clock::thinking_limit;
use crate::core::{Color, Game, Move, Player, Position};
use crate::thinker::{PIE_DECISION_ITERATIONS, Progress, Thinker};

/// The shortest time a move of a demo takes, so that it can be followed.
pub const DEMO_PACE: Duration = Duration::from_millis(700);

/// Analysis of one position runs this long (or until the result is proven),
/// then rests.
const ANALYSIS: Budget = Budget::millis(60_000);

/// Pondering on one position stops after this long: by then the tree of
/// strongest (the largest) is full and grows no more, and a person away from
/// the keyboard should not keep every core busy.
const PONDER: Budget = Budget::millis(120_000);

/// A hint's budget, its own whatever the opponent's level: hard's (a
/// hint from an easy search would teach bad moves).
const HINT: Budget = Level::Hard.budget();

/// A hint asked for, or found, for one position.
#[derive(Clone, Debug, PartialEq)]
enum Hint {
    Wanted(Position),
    Found(Position, Move),
}

struct Running {
    job: Job,
    budget: Budget,
    position: Position,
    thinker: Thinker,
    started: Instant,
    /// Its room among the server's searches, given back when it stops.
    slot: Option<Slot>,
}

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
    /// The position whose analysis or pondering has used up its budget.
    rested: Option<Position>,
    /// A demo stands still.
    paused: bool,
    /// When the computer gives up.
    doubts: Doubts,
    /// The names the computer plays under, per player (`None`: a person).
    names: [Option<String>; 2],
    /// In a game with clocks, the computer's time left and increment.
    time: Option<(Duration, Duration)>,
    /// This session's place in line for the searches a server shares
    /// among its sessions (`None`: no cap).
    seat: Option<Seat>,
    /// The search wanted while no slot is free.
    waiting: Option<Job>,
    /// The time an analysis of a position has had, in turns given up to
    /// other players' searches: its budget is for them all.
    analysed: Option<(Position, Duration)>,
    /// Whether the clocks stand while a search waits for a slot.
    clocks_held: bool,
    /// Rung by the running search with its progress (the event loop's).
    bell: crate::bell::Bell,
    /// The most threads a search may use, whatever the settings say.
    pub(super) most_threads: Option<std::num::NonZeroU16>,
}

impl fmt::Debug for Computer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Computer")
            .field("mode", &self.mode)
            .field("running", &self.job())
            .field("analysis", &self.analysis)
            .field("paused", &self.paused)
            .finish_non_exhaustive()
    }
}

/// The computer's names in a mode: `Computer (medium)` against a person,
/// `Computer 1` and `Computer 2` in a demo (the panel names the level).
pub(in crate::app) fn names(mode: Mode, level: Level) -> [Option<String>; 2] {
    match mode {
        Mode::HumanVsHuman => [None, None],
        Mode::HumanVsComputer => [None, Some(format!("Computer ({level})"))],
        Mode::ComputerVsComputer => [
            Some("Computer 1".to_string()),
            Some("Computer 2".to_string()),
        ],
    }
}

/// The side to move's chances in a report, e.g. `57% for Black`.
pub fn estimate(report: &Report, to_move: Color) -> String {
    match report.proven {
        Some(true) => format!("a sure win for {to_move}"),
        Some(false) => format!("a sure loss for {to_move}"),
        None => format!("{:.0}% for {to_move}", 100.0 * report.win),
    }
}

impl Computer {
    pub fn new(mode: Mode, level: Level) -> Computer {
        Computer {
            mode,
            seed: 0,
            search: None,
            running: None,
            latest: None,
            hint: None,
            analysis: false,
            rested: None,
            paused: false,
            doubts: Doubts::default(),
            names: names(mode, level),
            time: None,
            seat: None,
            waiting: None,
            analysed: None,
            clocks_held: false,
            bell: crate::bell::Bell::default(),
            most_threads: None,
        }
    }

    /// Its searches ring `bell` with their progress.
    pub fn ringing(self, bell: &crate::bell::Bell) -> Computer {
        Computer {
            bell: bell.clone(),
            ..self
        }
    }

    /// The computer of a new game in `mode`: a fresh search, no hint, not
    /// paused; the analysis stays shown or hidden, the seed stays.
    pub fn renewed(&self, mode: Mode, level: Level) -> Computer {
        Computer {
            analysis: self.analysis,
            seed: self.seed,
            seat: self.seat.clone(),
            bell: self.bell.clone(),
            most_threads: self.most_threads,
            ..Computer::new(mode, level)
        }
    }

    /// The mode of the game on the board.
    pub const fn mode(&self) -> Mode {
        self.mode
    }

    /// Whether the computer plays both sides.
    pub fn is_demo(&self) -> bool {
        self.mode == Mode::ComputerVsComputer
    }

    /// Whether a demo stands still.
    pub fn demo_paused(&self) -> bool {
        self.is_demo() && self.paused()
    }

    /// Sets the game's mode (as a saved game says it was).
    pub fn set_mode(&mut self, mode: Mode) {
        self.mode = mode;
        self.paused = false;
        self.doubts = Doubts::default();
    }

    /// Names the computer's players after the mode and `level`.
    pub fn name_players(&mut self, level: Level) {
        self.names = names(self.mode, level);
    }

    /// Seeds the searches from now on.
    pub fn seed(&mut self, seed: u64) {
        self.seed = seed;
        self.search = None;
    }

    /// The computer's name for `player`, if it plays for them.
    pub fn name(&self, player: Player) -> Option<&str> {
        self.names[player.index()].as_deref()
    }

    pub fn is_computer(&self, player: Player) -> bool {
        self.names[player.index()].is_some()
    }

    /// Whether it is the computer's turn in `game` (not over).
    pub fn to_move(&self, game: &Game) -> bool {
        !game.is_over() && self.is_computer(game.player_to_move())
    }

    /// What the engine is searching for now, if anything.
    pub fn job(&self) -> Option<Job> {
        self.running.as_ref().map(|r| r.job)
    }

    /// The latest snapshot of a search of `position`.
    pub fn snapshot(&self, position: &Position) -> Option<&EngineSnapshot> {
        self.latest.as_ref().filter(|s| s.position == *position)
    }

    /// The hint found for `position`: while the analysis is shown, its
    /// advice (one search, so the two never disagree).
    pub fn hint(&self, position: &Position) -> Option<Move> {
        match &self.hint {
            Some(Hint::Found(at, mv)) if at == position => {
                self.analysis_advice(position).or(Some(*mv))
            }
            _ => None,
        }
    }

    /// Asks for a hint for `position`; while the analysis shows its advice
    /// there, that is the hint, returned at once.
    pub fn want_hint(&mut self, position: &Position) -> Option<Move> {
        if let Some(mv) = self.analysis_advice(position) {
            self.hint = Some(Hint::Found(position.clone(), mv));
            return Some(mv);
        }
        self.hint = Some(Hint::Wanted(position.clone()));
        None
    }

    /// The move the analysis shown advises at `position`, if it has one.
    fn analysis_advice(&self, position: &Position) -> Option<Move> {
        self.snapshot(position)
            .filter(|_| self.analysis)
            .and_then(|s| s.advice)
    }

    pub const fn analysis_shown(&self) -> bool {
        self.analysis
    }

    /// Shows or hides the heat map; returns whether it is shown now.
    pub fn toggle_analysis(&mut self) -> bool {
        self.analysis = !self.analysis;
        self.analysis
    }

    /// Whether the computer stands still (a demo paused, or it failed).
    pub const fn paused(&self) -> bool {
        self.paused
    }

    /// Pauses or resumes; returns whether it is paused now.
    pub fn toggle_pause(&mut self) -> bool {
        self.paused = !self.paused;
        self.paused
    }

    pub fn pause(&mut self) {
        self.paused = true;
    }

    /// The computer's time left and its increment, in a game with clocks:
    /// at the timed levels its next move's thinking fits in it.
    pub fn set_time(&mut self, time: Option<(Duration, Duration)>) {
        self.time = time;
    }

    /// How long the event loop may sleep, though the search's thread does
    /// not ring, before it looks again: a demo's move held to its pace, a
    /// search waiting for a slot (the server's other searches ring
    /// nothing). `None` otherwise: the running search rings its progress.
    pub fn tick_interval(&self) -> Option<Duration> {
        let waiting = self.waiting.map(|_| RETRY);
        let paced = self
            .running
            .as_ref()
            .filter(|r| self.is_demo() && r.job == Job::Move)
            .map(|r| DEMO_PACE.saturating_sub(r.started.elapsed()))
            // Past the pace, the search's end rings: no wait of zero (a spin).
            .filter(|left| !left.is_zero());
        paced.or(waiting)
    }

    /// Searches start only within `slots`, shared with other sessions.
    pub fn share_slots(&mut self, slots: &SearchSlots) {
        self.seat = Some(slots.seat());
    }

    /// A slot for another search (a review, which cannot wait in line):
    /// `Ok(None)` with no cap, `Err(())` while none is free.
    pub fn take_slot(&self) -> Result<Option<Slot>, ()> {
        self.seat.as_ref().map_or(Ok(None), |seat| {
            seat.take(Priority::Background).map(Some).ok_or(())
        })
    }

    /// The search that waits for a slot (the server is busy).
    pub const fn waiting(&self) -> Option<Job> {
        self.waiting
    }

    /// Whether the clocks should stand: `Some(true)` while the computer's
    /// move, or a hint, waits for a slot (a player's time is not spent on
    /// the server being busy; said at every step, as a move made meanwhile
    /// starts them again), `Some(false)` once when that ends.
    pub fn clocks_held_now(&mut self) -> Option<bool> {
        let held = matches!(self.waiting, Some(Job::Move | Job::Hint));
        let released = self.clocks_held && !held;
        self.clocks_held = held;
        (held || released).then_some(held)
    }

    /// The job the engine should be doing on `game` with the settings
    /// `engine` (none once the app quits).
    pub fn wanted(&self, game: &Game, engine: &EngineConfig, quitting: bool) -> Option<Job> {
        let pos = game.position();
        if quitting || game.is_over() {
            return None;
        }
        if self.to_move(game) && !self.paused {
            return Some(Job::Move);
        }
        if matches!(&self.hint, Some(Hint::Wanted(p)) if p == pos) {
            return Some(Job::Hint);
        }
        let rested = self.rested.as_ref() == Some(pos);
        if self.analysis && !rested {
            return Some(Job::Analysis);
        }
        // Against a person, once the computer has moved (with a move played
        // and the person to move, the last move was the computer's); never
        // on a server's shared searches (a slot held for a person thinking).
        let ponder = engine.ponders()
            && self.seat.is_none()
            && self.mode == Mode::HumanVsComputer
            && game.can_undo();
        (ponder && !self.paused && !rested).then_some(Job::Ponder)
    }

    /// Blocks until the running search ends by itself (for tests and
    /// scripts, which want the computer's move without a clock); not for
    /// pondering, which goes on until the person moves.
    pub fn wait(&mut self) {
        if let Some(running) = self.running.as_mut().filter(|r| r.job != Job::Ponder) {
            loop {
                running.thinker.poll();
                if running.thinker.is_done() {
                    break;
                }
                std::thread::sleep(Duration::from_millis(1));
            }
        }
    }

    /// One step towards `wanted` on `game`: stops a search that no longer
    /// fits, takes in the progress of the running one, or starts the one
    /// wanted. A search that has ended is taken in and what it found is
    /// returned (`None`: nothing ended); no search runs after that, so the
    /// next step starts the one the state then wants. `force` skips a
    /// demo's pace.
    pub fn step(
        &mut self,
        game: &Game,
        wanted: Option<Job>,
        engine: &EngineConfig,
        force: bool,
    ) -> Option<Ended> {
        let position = game.position();
        let fits = |r: &Running| Some(r.job) == wanted && r.position == *position;
        if self.running.as_ref().is_some_and(|r| !fits(r)) && self.stop().is_none() {
            return Some(self.failed());
        }
        if self.running.as_ref().is_some_and(gives_way) {
            // Another player's search is owed the slot: this one (an
            // analysis) stops, its tree kept, and waits to go on.
            let Some((job, progress)) = self.stop() else {
                return Some(self.failed());
            };
            if job == Job::Analysis {
                let before = match &self.analysed {
                    Some((at, spent)) if at == position => *spent,
                    _ => Duration::ZERO,
                };
                self.analysed = Some((position.clone(), before + progress.elapsed));
            }
            self.waiting = Some(job);
            return None;
        }
        let demo = self.is_demo();
        let Some(running) = &mut self.running else {
            self.waiting = None;
            match wanted {
                Some(job) => self.start(job, game, engine),
                None => self.seat.iter().for_each(Seat::withdraw),
            }
            return None;
        };
        if let Some(progress) = running.thinker.poll() {
            let advised = self.analysis || running.job == Job::Hint;
            self.latest = Some(EngineSnapshot {
                job: running.job,
                position: running.position.clone(),
                advice: advised
                    .then(|| advice(&progress.report, &running.position))
                    .flatten(),
                progress: progress.clone(),
                budget: running.budget,
                running: true,
            });
        }
        let early = demo && running.job == Job::Move && running.started.elapsed() < DEMO_PACE;
        if !running.thinker.is_done() || (early && !force) {
            return None;
        }
        let Some((job, progress)) = self.stop() else {
            return Some(self.failed());
        };
        match (job, progress.report.best) {
            (Job::Move, _)
                if self
                    .doubts
                    .resigns(game, &progress.report, progress.visits, engine.resign) =>
            {
                Some(Ended::Resign {
                    proven: progress.report.proven == Some(false),
                })
            }
            (Job::Move, Some(mv)) => Some(Ended::Move(mv)),
            (Job::Hint, Some(best)) => {
                let mv = self.latest.as_ref().and_then(|s| s.advice).unwrap_or(best);
                self.hint = Some(Hint::Found(position.clone(), mv));
                Some(Ended::Hint(mv))
            }
            (Job::Analysis | Job::Ponder, _) => {
                self.analysed = None;
                self.rested = Some(position.clone());
                Some(Ended::Rested)
            }
            (Job::Move | Job::Hint, None) => Some(Ended::Rested),
        }
    }

    /// The engine's thread died: a bug. The computer stops, so that people
    /// can play on.
    fn failed(&mut self) -> Ended {
        self.paused = true;
        self.analysis = false;
        self.hint = None;
        Ended::Failed
    }

    /// Starts `job`, on the configured threads when its budget is a time
    /// (an iteration budget runs on one: see `think_with_threads`).
    fn start(&mut self, job: Job, game: &Game, engine: &EngineConfig) {
        let priority = match job {
            Job::Move | Job::Hint => Priority::Awaited,
            Job::Analysis | Job::Ponder => Priority::Background,
        };
        let slot = match self.seat.as_ref().map(|seat| seat.ask(priority)) {
            Some(None) => {
                self.waiting = Some(job);
                return;
            }
            Some(slot) => slot,
            None => None,
        };
        let position = game.position().clone();
        let budget = match (job, &self.analysed) {
            (Job::Analysis, Some((at, spent))) if *at == position => left_of(ANALYSIS, *spent),
            _ => job_budget(job, engine.level, self.time),
        };
        let pie_decision = position.can_swap() || (game.rules().pie && game.history().is_empty());
        let seed = self.seed;
        let search = self
            .search
            .take()
            .unwrap_or_else(|| Search::new(&position, engine.search_config(seed)));
        let threads = engine.threads.count();
        let mut thinker = Thinker::start_with_threads(search, game.clone(), budget, threads);
        thinker.ring(&self.bell);
        self.running = Some(Running {
            job,
            budget: spent_budget(budget, pie_decision),
            position,
            thinker,
            started: Instant::now(),
            slot,
        });
    }

    /// Stops the running search (within a few milliseconds) and takes the
    /// game's search back; returns what it was for and its last progress
    /// (`None` also when the thread died).
    fn stop(&mut self) -> Option<(Job, Progress)> {
        let running = self.running.take()?;
        let (search, progress) = running.thinker.stop()?;
        self.search = Some(search);
        let advised = self.analysis || running.job == Job::Hint;
        self.latest = Some(EngineSnapshot {
            job: running.job,
            advice: advised
                .then(|| advice(&progress.report, &running.position))
                .flatten(),
            position: running.position,
            progress: progress.clone(),
            budget: running.budget,
            running: false,
        });
        Some((running.job, progress))
    }
}

/// Whether a running search should give its slot to another player's.
fn gives_way(running: &Running) -> bool {
    running.slot.as_ref().is_some_and(Slot::should_yield)
}

/// What is left of a time `budget` once `spent` is spent (a little, at
/// least, for the search to say where it stands).
fn left_of(budget: Budget, spent: Duration) -> Budget {
    let spent = u64::try_from(spent.as_millis()).unwrap_or(u64::MAX);
    budget.millis.map_or(budget, |ms| {
        Budget::millis(ms.saturating_sub(spent).max(100))
    })
}

/// What a search for `job` may spend, at `level`, with `time` (the time left
/// and the increment) on the computer's clock.
fn job_budget(job: Job, level: Level, time: Option<(Duration, Duration)>) -> Budget {
    match job {
        Job::Move => match (level.budget().millis, time) {
            (Some(ms), Some((left, increment))) => {
                Budget::millis(thinking_limit(ms, left, increment))
            }
            _ => level.budget(),
        },
        Job::Hint => HINT,
        Job::Analysis => ANALYSIS,
        Job::Ponder => PONDER,
    }
}

/// What a search with `budget` really spends: a pie-rule decision runs
/// at least [`PIE_DECISION_ITERATIONS`], so the panel counts against that.
fn spent_budget(budget: Budget, pie_decision: bool) -> Budget {
    match budget.iterations {
        Some(n) if pie_decision => Budget::iterations(n.max(PIE_DECISION_ITERATIONS)),
        _ => budget,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pie_decision_counts_against_the_iterations_it_really_runs() {
        let easy = Level::Easy.budget();
        assert_eq!(
            spent_budget(easy, true),
            Budget::iterations(PIE_DECISION_ITERATIONS)
        );
        assert_eq!(spent_budget(easy, false), easy);
        assert_eq!(
            spent_budget(Level::Hard.budget(), true),
            Level::Hard.budget()
        );
    }

    #[test]
    fn the_hint_has_one_budget_at_every_level_at_least_hards() {
        for level in Level::ALL {
            for time in [None, Some((Duration::from_secs(1), Duration::ZERO))] {
                assert_eq!(
                    job_budget(Job::Hint, level, time),
                    Level::Hard.budget(),
                    "{level}"
                );
            }
        }
    }
}
