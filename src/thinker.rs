//! The engine at work for the program: runs a [`Search`] against a clock and
//! a stop flag, on the caller's thread ([`think`]) or on a background thread
//! ([`Thinker`]) that reports progress while the screen keeps drawing; with
//! more threads ([`think_with_threads`], [`Thinker::start_with_threads`]) for
//! a budget in time, all growing the one tree.
//!
//! A game screen keeps one `Search` per game and lends it to a `Thinker` for
//! each move, hint or analysis:
//!
//! ```no_run
//! use std::time::Duration;
//! use brique::ai::{Level, Search};
//! use brique::core::{BoardSize, Game, Player, Rules};
//! use brique::thinker::Thinker;
//!
//! let game = Game::new(BoardSize::DEFAULT, Rules::default(), Player::One);
//! let level = Level::Medium;
//! let search = Search::new(game.position(), level.config(1));
//! let mut thinker = Thinker::start(search, game.clone(), level.budget());
//! loop {
//!     // Once per frame: the latest snapshot, for the progress line.
//!     if let Some(progress) = thinker.poll() {
//!         let _line = progress.summary();
//!     }
//!     if thinker.is_done() {
//!         break;
//!     }
//!     std::thread::sleep(Duration::from_millis(30));
//! }
//! let Some((search, progress)) = thinker.finish() else {
//!     return; // The engine's thread died.
//! };
//! let _move_to_play = progress.report.best;
//! // Keep `search` for the next move: its tree is reused.
//! # drop(search);
//! ```

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::ai::{Budget, Report, Search, group_thousands};
use crate::core::{Game, Move};

/// Iterations between two looks at the clock and the stop flag: well under a
/// millisecond on small boards, a few on the largest.
const BATCH: u64 = 64;

/// How often a background search sends a snapshot.
pub const PROGRESS_INTERVAL: Duration = Duration::from_millis(100);

/// A snapshot of a search at work.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    pub elapsed: Duration,
    /// The search's best move, win estimate, heat map and so on.
    pub report: Report,
    /// Iterations in the tree of this position, those kept from earlier
    /// searches included ([`Search::visits`]): more than the report's own
    /// when a tree was reused.
    pub visits: u64,
    /// Whether the search has ended (budget spent, result proven, stopped).
    pub done: bool,
}

impl Progress {
    /// A progress line: `thinking 1.2 s, 84,000 iterations, best d8 (Black 57%)`.
    pub fn summary(&self) -> String {
        let best = match self.report.best {
            Some(mv) => format!("best {mv}"),
            None => "no move".to_string(),
        };
        let estimate = match self.report.proven {
            Some(true) => "a proven win".to_string(),
            Some(false) => "a proven loss".to_string(),
            None => format!("{:.0}%", 100.0 * self.report.win),
        };
        format!(
            "{:.1} s, {} iterations, {best}, {estimate} for the side to move",
            self.elapsed.as_secs_f64(),
            group_thousands(self.report.iterations)
        )
    }
}

/// Iterations a pie-rule decision gets at least, whatever the budget. The
/// whole game rests on it and on an estimate near even, which a small search
/// gets wrong by chance: on 15x15 at 20,000 iterations White swapped a
/// centre opening in 5 of 6 seeds, at 80,000 in all 6 (and never a corner
/// one).
pub const PIE_DECISION_ITERATIONS: u64 = 80_000;

/// Runs `search` on this thread until the budget is spent (and a pie-rule
/// decision has had [`PIE_DECISION_ITERATIONS`]), the result is settled or
/// `stop` is set; `tick` sees the search every `interval`. Returns the time
/// spent.
pub fn think(
    search: &mut Search,
    budget: Budget,
    stop: &AtomicBool,
    interval: Duration,
    mut tick: impl FnMut(&Search, Duration),
) -> Duration {
    let mut clock = Clock::new(search, budget, interval);
    loop {
        if let Some(elapsed) = clock.finished(search, stop) {
            return elapsed;
        }
        let done = search.run(clock.batch());
        if let Some(elapsed) = clock.ran(done) {
            tick(search, elapsed);
        }
    }
}

/// Like [`think`], on `threads` threads growing the one tree: the search's
/// result then depends on their timing. With one thread, or a budget that
/// counts iterations (the levels that play the same on any machine), it is
/// [`think`] itself.
pub fn think_with_threads(
    search: &mut Search,
    budget: Budget,
    threads: usize,
    stop: &AtomicBool,
    interval: Duration,
    mut tick: impl FnMut(&Search, Duration),
) -> Duration {
    if threads <= 1 || budget.iterations.is_some() {
        return think(search, budget, stop, interval, tick);
    }
    search.prepare_threads();
    let search = &*search;
    let halt = AtomicBool::new(false);
    std::thread::scope(|scope| {
        for thread in 1..threads {
            let halt = &halt;
            scope.spawn(move || {
                let mut worker = search.worker(thread as u64);
                while !halt.load(Ordering::Relaxed) && !search.is_settled() {
                    search.run_shared(&mut worker, BATCH);
                }
            });
        }
        let mut worker = search.worker(0);
        let mut clock = Clock::new(search, budget, interval);
        let elapsed = loop {
            if let Some(elapsed) = clock.finished(search, stop) {
                break elapsed;
            }
            let done = search.run_shared(&mut worker, clock.batch());
            if let Some(elapsed) = clock.ran(done) {
                tick(search, elapsed);
            }
        };
        halt.store(true, Ordering::Relaxed);
        elapsed
    })
}

/// The cores this process may run on (1 if it cannot say): its CPU
/// affinity (`taskset`) and its cgroup's CPU quota (a container's
/// `--cpus`), not only the machine's count, as the standard library reads
/// them on Linux. What "all" threads means, in `brique bench` and the
/// settings.
pub fn available_cores() -> usize {
    std::thread::available_parallelism().map_or(1, std::num::NonZero::get)
}

/// A search's budget against the clock: when to stop, how big a batch to
/// run next, when to report.
struct Clock {
    budget: Budget,
    start: Instant,
    limit: Option<Duration>,
    /// Iterations the search must reach before a budget may end it.
    floor: u64,
    /// Iterations run by this thinking so far.
    done: u64,
    interval: Duration,
    last_tick: Instant,
}

impl Clock {
    fn new(search: &Search, budget: Budget, interval: Duration) -> Clock {
        let start = Instant::now();
        Clock {
            budget,
            start,
            limit: budget.millis.map(Duration::from_millis),
            floor: if search.is_pie_decision() {
                PIE_DECISION_ITERATIONS
            } else {
                0
            },
            done: 0,
            interval,
            last_tick: start,
        }
    }

    fn short(&self, search: &Search) -> bool {
        search.iterations() < self.floor
    }

    /// The time spent, once the search should stop.
    fn finished(&mut self, search: &Search, stop: &AtomicBool) -> Option<Duration> {
        let elapsed = self.start.elapsed();
        self.floor = if self.short(search) { self.floor } else { 0 };
        let short = self.floor > 0;
        let over = stop.load(Ordering::Relaxed)
            || search.is_settled()
            || (!short && self.limit.is_some_and(|l| elapsed >= l))
            || (!short && self.budget.iterations.is_some_and(|n| self.done >= n));
        over.then_some(elapsed)
    }

    /// The next batch's size.
    fn batch(&self) -> u64 {
        match self.budget.iterations {
            Some(n) if self.floor == 0 => n.saturating_sub(self.done).min(BATCH),
            _ => BATCH,
        }
    }

    /// Counts a batch's iterations; the time spent when a report is due.
    fn ran(&mut self, done: u64) -> Option<Duration> {
        self.done += done;
        if self.last_tick.elapsed() < self.interval {
            return None;
        }
        self.last_tick = Instant::now();
        Some(self.start.elapsed())
    }
}

/// A search running on a background thread. Dropping it stops the search.
pub struct Thinker {
    stop: Arc<AtomicBool>,
    updates: Receiver<Progress>,
    handle: Option<JoinHandle<Search>>,
    latest: Option<Progress>,
    /// The search thread let go of its updates: it ended, or is ending
    /// (a panic unwinding). Its thread may not read as finished yet when
    /// the last ring comes, and no other comes after it.
    gone: bool,
}

impl Thinker {
    /// Starts thinking about `game`'s position (the search first follows the
    /// game, keeping what it knows of it) within `budget`.
    pub fn start(search: Search, game: Game, budget: Budget) -> Thinker {
        Thinker::start_with_threads(search, game, budget, 1)
    }

    /// Like [`Thinker::start`], the search on `threads` threads (see
    /// [`think_with_threads`]).
    pub fn start_with_threads(
        search: Search,
        game: Game,
        budget: Budget,
        threads: usize,
    ) -> Thinker {
        let stop = Arc::new(AtomicBool::new(false));
        let (sender, updates) = mpsc::channel();
        let flag = Arc::clone(&stop);
        let handle =
            std::thread::spawn(move || background(search, game, budget, threads, &flag, &sender));
        Thinker {
            stop,
            updates,
            handle: Some(handle),
            latest: None,
            gone: false,
        }
    }

    /// Rings `bell` after each snapshot the search sends, and at its end.
    pub fn ring(&mut self, bell: &crate::bell::Bell) {
        crate::bell::ring_on(&mut self.updates, bell);
    }

    /// The latest snapshot, taking in any sent since the last call.
    pub fn poll(&mut self) -> Option<&Progress> {
        loop {
            match self.updates.try_recv() {
                Ok(progress) => self.latest = Some(progress),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    self.gone = true;
                    break;
                }
            }
        }
        self.latest.as_ref()
    }

    /// Whether the search has ended (check after [`Thinker::poll`]).
    pub fn is_done(&self) -> bool {
        self.latest.as_ref().is_some_and(|p| p.done)
            || self.gone
            || self.handle.as_ref().is_none_or(|h| h.is_finished())
    }

    /// Tells the search to stop (it does within a batch of iterations, a few
    /// milliseconds) and takes it back with its final snapshot. `None` only
    /// if the search thread died.
    pub fn stop(mut self) -> Option<(Search, Progress)> {
        self.stop.store(true, Ordering::Relaxed);
        self.join()
    }

    /// Waits for the search to end by itself and takes it back. `None` only
    /// if the search thread died (a bug in the engine).
    pub fn finish(mut self) -> Option<(Search, Progress)> {
        self.join()
    }

    fn join(&mut self) -> Option<(Search, Progress)> {
        let search = match self.handle.take()?.join() {
            Ok(search) => search,
            Err(panic) => {
                tracing::error!("the engine's search thread died: {}", panic_text(&*panic));
                return None;
            }
        };
        self.poll();
        let progress = self.latest.clone().unwrap_or_else(|| Progress {
            elapsed: Duration::ZERO,
            report: search.report(),
            visits: search.visits(),
            done: true,
        });
        Some((search, progress))
    }
}

impl Drop for Thinker {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(handle) = self.handle.take()
            && let Err(panic) = handle.join()
        {
            tracing::error!("the engine's search thread died: {}", panic_text(&*panic));
        }
    }
}

/// What a panic said, when it said it with text (as `panic!` does).
fn panic_text(payload: &(dyn std::any::Any + Send)) -> &str {
    payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("no message")
}

/// Debug builds only: the end-to-end tests make the engine's thread fail
/// this way, to show that the screen survives it.
#[cfg(debug_assertions)]
#[allow(clippy::panic)] // The failure the tests ask for.
fn fail_if_a_test_asks() {
    if std::env::var_os("BRIQUE_TEST_ENGINE_PANIC").is_some() {
        panic!("the engine's thread failed, as BRIQUE_TEST_ENGINE_PANIC asks");
    }
}

#[cfg(not(debug_assertions))]
fn fail_if_a_test_asks() {}

fn background(
    mut search: Search,
    game: Game,
    budget: Budget,
    threads: usize,
    stop: &AtomicBool,
    updates: &Sender<Progress>,
) -> Search {
    fail_if_a_test_asks();
    // Keeping a large subtree takes a while: a stop request cuts it short.
    search.sync_until(&game, &mut || !stop.load(Ordering::Relaxed));
    let send = |search: &Search, elapsed: Duration, done: bool| {
        // The receiver may be gone (a stopped thinker): nothing to tell.
        let _ = updates.send(Progress {
            elapsed,
            report: search.report(),
            visits: search.visits(),
            done,
        });
    };
    let elapsed = think_with_threads(
        &mut search,
        budget,
        threads,
        stop,
        PROGRESS_INTERVAL,
        |s, e| send(s, e, false),
    );
    send(&search, elapsed, true);
    search
}

/// The move a search settles on within `budget`, on this thread.
pub fn choose_move(search: &mut Search, budget: Budget) -> Option<Move> {
    choose_move_with_threads(search, budget, 1)
}

/// Like [`choose_move`], the search on `threads` threads.
pub fn choose_move_with_threads(
    search: &mut Search,
    budget: Budget,
    threads: usize,
) -> Option<Move> {
    let never = AtomicBool::new(false);
    think_with_threads(search, budget, threads, &never, Duration::MAX, |_, _| {});
    search.best_move()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn available_cores_are_at_least_one() {
        assert!(available_cores() >= 1);
    }

    /// A thread allowed on one core only (as `taskset -c 0` allows a whole
    /// process) counts one core, whatever the machine has.
    #[cfg(target_os = "linux")]
    #[test]
    fn available_cores_follow_the_cpu_affinity() {
        let pinned = std::thread::spawn(|| {
            use rustix::thread::{CpuSet, sched_getaffinity, sched_setaffinity};
            // This thread's affinity alone (no pid: the calling thread), a
            // thread that ends here.
            let allowed = sched_getaffinity(None).ok()?;
            let first = (0..CpuSet::MAX_CPU).find(|&cpu| allowed.is_set(cpu))?;
            let mut one = CpuSet::new();
            one.set(first);
            sched_setaffinity(None, &one).ok()?;
            Some(available_cores())
        });
        let cores = pinned.join().expect("the pinned thread");
        assert_eq!(cores, Some(1));
    }
}
