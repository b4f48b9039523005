//! The review of the game on the board: the evaluations found so far, the
//! moves they judge, and the background search filling them in.

use std::fmt;
use std::time::Duration;

use crate::ai::review::{MoveReview, Review};
use crate::app::computer::slots::Slot;
use crate::core::Game;
use crate::reviewer::{ReviewSettings, Reviewer};

#[derive(Default)]
pub struct GameReview {
    /// The game reviewed: the review is shown only while the game on the
    /// board is that game.
    game: Option<Game>,
    review: Option<Review>,
    /// The moves judged from `review`, kept with it.
    judged: Vec<MoveReview>,
    running: Option<Reviewer>,
    /// The running review's room among a server's searches.
    slot: Option<Slot>,
    /// Searches done and to do, and the most time left.
    progress: (usize, usize, Duration),
}

impl fmt::Debug for GameReview {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameReview")
            .field("moves", &self.game.as_ref().map(|g| g.history().len()))
            .field("done", &self.review.as_ref().map(Review::done))
            .field("running", &self.running.is_some())
            .finish_non_exhaustive()
    }
}

impl GameReview {
    /// The review of `game`, if there is one of this very game.
    pub fn of(&self, game: &Game) -> Option<&Review> {
        self.review.as_ref().filter(|_| self.is_of(game))
    }

    fn is_of(&self, game: &Game) -> bool {
        self.game
            .as_ref()
            .is_some_and(|g| g.moves().eq(game.moves()))
    }

    /// The moves of `game` judged so far (none without its review).
    pub fn judged(&self, game: &Game) -> &[MoveReview] {
        if self.is_of(game) { &self.judged } else { &[] }
    }

    /// The judgement of move `number` (from 1) of `game`.
    pub fn judged_move(&self, game: &Game, number: usize) -> Option<&MoveReview> {
        self.judged(game).iter().find(|m| m.number == number)
    }

    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// Searches done and to do, and the most time left, while running.
    pub fn progress(&self) -> Option<(usize, usize, Duration)> {
        self.running.as_ref().map(|_| self.progress)
    }

    /// Starts reviewing `game` on a background thread (from `perform`),
    /// holding `slot` (if a server gave one) while it runs.
    pub fn start(
        &mut self,
        game: &Game,
        settings: ReviewSettings,
        slot: Option<Slot>,
        bell: &crate::bell::Bell,
    ) {
        self.stop();
        self.slot = slot;
        let review = Review::new(game, settings.millis);
        let positions = review.evaluations.len() - review.done();
        let left = Duration::from_millis(settings.millis.saturating_mul(positions as u64));
        self.set(game, review);
        // Two searches a position (see `crate::reviewer`).
        self.progress = (0, 2 * positions, left);
        let mut reviewer = Reviewer::start(game.clone(), settings);
        reviewer.ring(bell);
        self.running = Some(reviewer);
    }

    /// Stops the review's thread; what it found so far stays.
    pub fn stop(&mut self) {
        self.slot = None;
        if let Some(running) = self.running.take()
            && let Some(review) = running.stop()
        {
            self.take(review);
        }
    }

    /// A review read from the record of `game`.
    pub fn set(&mut self, game: &Game, review: Review) {
        self.game = Some(game.clone());
        self.judged = review.moves(game);
        self.review = Some(review);
    }

    /// Drops the review (another game on the board).
    pub fn clear(&mut self) {
        self.stop();
        self.review = None;
        self.judged.clear();
        self.game = None;
    }

    fn take(&mut self, review: Review) {
        if let Some(game) = &self.game {
            self.judged = review.moves(game);
        }
        self.review = Some(review);
    }

    /// Takes in the thread's progress; `Some(true)` when the review ended
    /// now, `Some(false)` while it runs, `None` when none runs.
    pub fn poll(&mut self, game: &Game) -> Option<bool> {
        let running = self.running.as_mut()?;
        let update = running.poll().cloned();
        let done = running.is_done();
        if let Some(update) = update {
            if update.searches > 0 {
                self.progress = (update.searched, update.searches, update.left);
            }
            self.judged = update.review.moves(game);
            self.review = Some(update.review);
        }
        if done {
            self.running = None;
            self.slot = None;
        }
        Some(done)
    }
}
