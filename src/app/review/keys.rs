//! What the review's keys and clicks do, and the effects that start and
//! stop its thread (carried out by `App::perform`).

use crate::ai::review::{REVIEW_KEY, Review, next_marked};
use crate::app::action::Action;
use crate::app::game::panel::chart_move_at;
use crate::app::message::Tone;
use crate::app::review::summary::SummaryForm;
use crate::app::state::App;
use crate::app::ui::layout;
use crate::app::update::Effect;
use crate::core::Record;
use crate::reviewer::ReviewSettings;

impl App {
    /// The review's keys on the board: start one, step to the marked moves.
    fn on_review(&mut self, action: Action) -> Vec<Effect> {
        match action {
            Action::Review if self.review.is_running() => {
                let esc = self.key(Action::Close);
                self.say(
                    Tone::Info,
                    format!("The review is running: {esc} stops it."),
                );
            }
            Action::Review if self.game().history().is_empty() => {
                self.say(Tone::Warning, "Nothing to review: no move has been played.");
            }
            Action::Review => return vec![Effect::StartReview],
            Action::NextMistake | Action::PrevMistake => {
                self.jump_to_mistake(action == Action::NextMistake);
            }
            _ => {}
        }
        Vec::new()
    }

    /// What the review takes of the board's actions: its keys, Esc while
    /// it runs (stops it), a click on the chart.
    pub(in crate::app) fn review_route(&mut self, action: Action) -> Option<Vec<Effect>> {
        match action {
            Action::Close if self.review.is_running() => Some(vec![Effect::StopReview]),
            Action::Review | Action::NextMistake | Action::PrevMistake => {
                Some(self.on_review(action))
            }
            Action::Click { column, row } if self.chart_clicked(column, row) => Some(Vec::new()),
            _ => None,
        }
    }

    fn jump_to_mistake(&mut self, forward: bool) {
        let game = self.session.game();
        let judged = self.review.judged(game);
        if self.review.of(game).is_none() {
            let key = self.key(Action::Review);
            return self.say(
                Tone::Warning,
                format!("No review yet: {key} reviews the game."),
            );
        }
        let at = self.viewing().unwrap_or(game.history().len());
        match next_marked(judged, at, forward) {
            Some(number) => self.board.show_ply(self.session.game(), number),
            None => self.say(Tone::Info, "The review marked no move: no mistake found."),
        }
    }

    /// A click on the chart: the position after that move.
    pub(in crate::app) fn chart_clicked(&mut self, column: u16, row: u16) -> bool {
        let Some(ply) = layout::screen(self.board.terminal(), self.game().size())
            .ok()
            .and_then(|screen| screen.panel)
            .and_then(|panel| chart_move_at(self, panel, column, row))
        else {
            return false;
        };
        self.board.show_ply(self.session.game(), ply);
        true
    }

    /// `Effect::StartReview`: the review's thread.
    pub(in crate::app) fn start_review(&mut self) {
        let settings = ReviewSettings {
            millis: u64::from(self.config.engine.review_seconds.0),
            threads: self.engine_settings().threads.count(),
            seed: 1,
        };
        let Ok(slot) = self.computer.take_slot() else {
            return self.say(
                Tone::Warning,
                "The server is busy with other players' searches: ask for the review again in a moment.",
            );
        };
        let positions = self.game().history().len() + 1;
        self.review
            .start(self.session.game(), settings, slot, &self.bell);
        let esc = self.key(Action::Close);
        self.say(
            Tone::Info,
            format!(
                "Reviewing {positions} positions at {} s each: {esc} stops.",
                settings.millis as f64 / 1000.0
            ),
        );
    }

    /// `Effect::StopReview`.
    pub(in crate::app) fn stop_review(&mut self) {
        self.review.stop();
        let game = self.session.game();
        let done = self.review.of(game).map_or(0, Review::done);
        let text = format!(
            "Review stopped: {done} of {} positions rated.",
            game.history().len() + 1
        );
        self.say(Tone::Info, text);
    }

    /// After every update: the review's progress taken in; a review of a
    /// game no longer on the board stops.
    pub(in crate::app) fn follow_review(&mut self) {
        let game = self.session.game();
        if self.review.is_running() && self.review.of(game).is_none() {
            self.review.stop();
            return;
        }
        if self.review.poll(game) == Some(true) {
            let text = self.review_summary_text(SummaryForm::Sentence);
            let save = self.key(Action::SaveRecord);
            self.say(
                Tone::Success,
                format!("Review done: {text} (average loss per move). {save} saves it."),
            );
        }
    }

    /// The review's line for the record, while the board's game has one.
    pub(in crate::app) fn review_extra(&self) -> Option<(&'static str, String)> {
        let review = self.review.of(self.session.game())?;
        Some((REVIEW_KEY, review.to_text()))
    }

    /// A review read back from a record: shown at once, nothing searched.
    pub(in crate::app) fn restore_review(&mut self, record: &Record) {
        self.review.clear();
        if let Some(review) = record
            .extra(REVIEW_KEY)
            .and_then(|text| Review::parse(text, &record.game))
        {
            self.review.set(&record.game, review);
        }
    }
}

impl App {
    /// Whether a review of the game is being searched now.
    pub fn review_running(&self) -> bool {
        self.review.is_running()
    }
}
