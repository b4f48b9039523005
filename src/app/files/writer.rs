//! The autosave's writer: the game screen hands it each change of the game
//! and goes on at once, while a thread of its own writes the autosave as
//! the storage always has (`save_autosave`: the whole file to a temporary
//! one, fsync, rename), holding the screen's lock on it. What the screen
//! must hear (a write failed, or worked again after one failed) waits in
//! the writer, and its bell wakes the event loop, which takes it in with
//! the next update.
//!
//! A write handed over while one is under way waits in one slot, and a
//! newer one replaces it: only the latest game matters, so memory stays
//! bounded however slow the disk. Before the program ends the screen waits
//! until the slot is written ([`AutosaveWriter::finish`]); dropping the
//! writer waits too. Nothing handed over is lost.
//!
//! An app that no event loop drives (a test, a command) has no loop to
//! wake: it writes on the spot, on its own thread, as the screen did
//! before the loop.

use std::fmt;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;

use crate::bell::Bell;
use crate::core::{Outcome as GameOutcome, Record};
use crate::storage::{AutosaveLock, Paths, StorageError, save_autosave};

#[cfg(test)]
pub(in crate::app) mod tests;

/// How a record is written to the autosave at `paths`: the storage's
/// `save_autosave`, or in tests one that waits or fails.
pub(in crate::app) type Sink =
    Arc<dyn Fn(&Paths, &Record) -> Result<(), StorageError> + Send + Sync>;

fn storage() -> Sink {
    Arc::new(save_autosave)
}

/// One write: the record, where it goes, and the game it is (`G`: how the
/// screen knows it again).
pub(super) struct Job<G> {
    pub paths: Paths,
    pub record: Record,
    pub game: G,
    /// The program's lock on this autosave, held until the write is done.
    pub lock: Option<Arc<AutosaveLock>>,
    /// The autosave was failing when this was handed over: say when it works.
    pub after_failure: bool,
}

/// What the screen must hear of a write.
#[derive(Debug)]
pub(super) enum Report<G> {
    /// A write worked after one failed.
    Recovered,
    /// Writing `game` failed for `why`; `unfinished`: the game goes on.
    Failed {
        why: String,
        game: G,
        unfinished: bool,
    },
}

/// What a write's result means to the screen, if anything (`last_failed`:
/// whether the writer's previous write failed, kept up to date).
fn report<G>(
    job: Job<G>,
    result: Result<(), StorageError>,
    last_failed: &mut bool,
) -> Option<Report<G>> {
    let Job {
        record,
        game,
        lock,
        after_failure,
        ..
    } = job;
    // The lock is let go (if the screen has meanwhile) only once written.
    drop(lock);
    let failed = std::mem::replace(last_failed, result.is_err());
    match result {
        Ok(()) => (failed || after_failure).then_some(Report::Recovered),
        Err(why) => Some(Report::Failed {
            why: why.to_string(),
            unfinished: record.outcome() == GameOutcome::Unfinished,
            game,
        }),
    }
}

/// Where the autosave is written: here, or on the writer's thread.
pub(super) struct AutosaveWriter<G> {
    sink: Sink,
    thread: Option<Worker<G>>,
    /// Here: what the last writes said, and whether the last one failed.
    reports: Vec<Report<G>>,
    last_failed: bool,
}

impl<G> Default for AutosaveWriter<G> {
    fn default() -> AutosaveWriter<G> {
        AutosaveWriter {
            sink: storage(),
            thread: None,
            reports: Vec::new(),
            last_failed: false,
        }
    }
}

impl<G> fmt::Debug for AutosaveWriter<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let place = if self.thread.is_some() {
            "thread"
        } else {
            "here"
        };
        write!(f, "AutosaveWriter({place})")
    }
}

impl<G: Send + 'static> AutosaveWriter<G> {
    /// Writes with `sink` from now on (tests: a slow or failing disk).
    #[cfg(test)]
    pub fn with_sink(&mut self, sink: Sink) {
        self.finish();
        self.thread = None;
        self.sink = sink;
    }

    /// Writes on a thread of its own from now on, ringing `bell` when the
    /// screen has something to hear (once; later calls change nothing).
    pub fn start_thread(&mut self, bell: &Bell) {
        if self.thread.is_none() {
            self.thread = Some(Worker::start(Arc::clone(&self.sink), bell.clone()));
        }
    }

    /// Hands `job` over: written now, or by the thread as soon as it can
    /// (replacing a job still waiting there).
    pub fn write(&mut self, job: Job<G>) {
        match &self.thread {
            Some(worker) => worker.hand(job),
            None => {
                let result = (self.sink)(&job.paths, &job.record);
                self.reports
                    .extend(report(job, result, &mut self.last_failed));
            }
        }
    }

    /// Returns once everything handed over is written (or failed).
    pub fn finish(&self) {
        if let Some(worker) = &self.thread {
            worker.finish();
        }
    }

    /// What the writes said since last asked, in order.
    pub fn reports(&mut self) -> Vec<Report<G>> {
        let mut reports = std::mem::take(&mut self.reports);
        if let Some(worker) = &self.thread {
            reports.append(&mut worker.lock().reports);
        }
        reports
    }
}

/// The writer's thread and what it shares with the screen.
struct Worker<G> {
    shared: Arc<Shared<G>>,
    thread: Option<JoinHandle<()>>,
}

struct Shared<G> {
    state: Mutex<State<G>>,
    /// Rung when a job comes, a write ends, or the writer is to stop.
    changed: Condvar,
}

struct State<G> {
    /// The one job waiting (the latest handed over).
    waiting: Option<Job<G>>,
    writing: bool,
    /// The screen is gone: write what waits, then end.
    closing: bool,
    /// The thread ended (a panic in a write): nobody writes any more.
    ended: bool,
    reports: Vec<Report<G>>,
}

impl<G: Send + 'static> Worker<G> {
    fn start(sink: Sink, bell: Bell) -> Worker<G> {
        let shared = Arc::new(Shared {
            state: Mutex::new(State {
                waiting: None,
                writing: false,
                closing: false,
                ended: false,
                reports: Vec::new(),
            }),
            changed: Condvar::new(),
        });
        let theirs = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("autosave".into())
            .spawn(move || write_loop(&theirs, &sink, &bell));
        if let Err(e) = &thread {
            // No thread: the writes wait in the slot, and the screen is
            // told once it asks (finish returns at once).
            tracing::warn!("the autosave's writer did not start: {e}");
            shared.lock().ended = true;
        }
        Worker {
            shared,
            thread: thread.ok(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State<G>> {
        self.shared.lock()
    }

    fn hand(&self, job: Job<G>) {
        let mut state = self.lock();
        if state.ended {
            state.reports.push(Report::Failed {
                why: "the autosave's writer has stopped".into(),
                unfinished: job.record.outcome() == GameOutcome::Unfinished,
                game: job.game,
            });
            return;
        }
        state.waiting = Some(job);
        self.shared.changed.notify_all();
    }

    fn finish(&self) {
        let mut state = self.lock();
        while (state.waiting.is_some() || state.writing) && !state.ended {
            state = self.shared.wait(state);
        }
    }
}

impl<G> Drop for Worker<G> {
    fn drop(&mut self) {
        self.shared.lock().closing = true;
        self.shared.changed.notify_all();
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

impl<G> Shared<G> {
    fn lock(&self) -> MutexGuard<'_, State<G>> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn wait<'a>(&self, state: MutexGuard<'a, State<G>>) -> MutexGuard<'a, State<G>> {
        self.changed
            .wait(state)
            .unwrap_or_else(PoisonError::into_inner)
    }
}

/// Marks the thread ended however it ends, so that nobody waits on it.
struct Ended<'a, G>(&'a Shared<G>);

impl<G> Drop for Ended<'_, G> {
    fn drop(&mut self) {
        let mut state = self.0.lock();
        state.ended = true;
        state.writing = false;
        self.0.changed.notify_all();
    }
}

fn write_loop<G>(shared: &Shared<G>, sink: &Sink, bell: &Bell) {
    let _ended = Ended(shared);
    let mut last_failed = false;
    loop {
        let job = {
            let mut state = shared.lock();
            loop {
                if let Some(job) = state.waiting.take() {
                    state.writing = true;
                    break job;
                }
                if state.closing {
                    return;
                }
                state = shared.wait(state);
            }
        };
        let result = sink(&job.paths, &job.record);
        let said = report(job, result, &mut last_failed);
        let news = said.is_some();
        {
            let mut state = shared.lock();
            state.writing = false;
            state.reports.extend(said);
            shared.changed.notify_all();
        }
        if news {
            bell.ring();
        }
    }
}
