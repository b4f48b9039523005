//! What the review's keys and clicks do, and the effects that start and
//! stop its thread (carried out by `App::perform`).

use crate::ai::review::{REVIEW_KEY, Review, next_marked};
use crate::app::action::Action;
use crate::app::computer::slots::Slot;
use crate::app::flow::effect::Effect;
use crate::app::flow::outcome::Outcome;
use crate::app::game::board_view::BoardView;
use crate::app::keys::keymap::KeyNames;
use crate::app::message::Tone;
use crate::app::review::state::GameReview;
use crate::app::review::summary::SummaryForm;
use crate::core::{Game, Record};
use crate::reviewer::ReviewSettings;

impl GameReview {
    /// What the review takes of the board's actions on `game`: its keys,
    /// Esc while it runs (stops it). A click on the chart is the panel's.
    pub(in crate::app) fn route(
        &self,
        action: Action,
        game: &Game,
        board: &mut BoardView,
        keys: KeyNames,
    ) -> Option<Outcome> {
        let mut out = Outcome::none();
        match action {
            Action::Close if self.is_running() => return Some(Outcome::effect(Effect::StopReview)),
            Action::Review if self.is_running() => {
                let esc = keys.board(Action::Close);
                out.say(
                    Tone::Info,
                    format!("The review is running: {esc} stops it."),
                );
            }
            Action::Review if game.history().is_empty() => {
                out.say(Tone::Warning, "Nothing to review: no move has been played.");
            }
            Action::Review => out.push(Effect::StartReview),
            Action::NextMistake | Action::PrevMistake => {
                let forward = action == Action::NextMistake;
                out = self.jump_to_mistake(forward, game, board, keys);
            }
            _ => return None,
        }
        Some(out)
    }

    fn jump_to_mistake(
        &self,
        forward: bool,
        game: &Game,
        board: &mut BoardView,
        keys: KeyNames,
    ) -> Outcome {
        let mut out = Outcome::none();
        let judged = self.judged(game);
        if self.of(game).is_none() {
            let key = keys.board(Action::Review);
            out.say(
                Tone::Warning,
                format!("No review yet: {key} reviews the game."),
            );
            return out;
        }
        let at = board.viewing().unwrap_or(game.history().len());
        match next_marked(judged, at, forward) {
            Some(number) => board.show_ply(game, number),
            None => out.say(Tone::Info, "The review marked no move: no mistake found."),
        }
        out
    }

    /// `Effect::StartReview`: the review's thread on `game`, in `slot` (or
    /// why not).
    pub(in crate::app) fn begin(
        &mut self,
        game: &Game,
        settings: ReviewSettings,
        slot: Result<Option<Slot>, ()>,
        keys: KeyNames,
        bell: &crate::bell::Bell,
    ) -> Outcome {
        let mut out = Outcome::none();
        let Ok(slot) = slot else {
            out.say(
                Tone::Warning,
                "The server is busy with other players' searches: ask for the review again in a moment.",
            );
            return out;
        };
        let positions = game.history().len() + 1;
        self.start(game, settings, slot, bell);
        let esc = keys.board(Action::Close);
        out.say(
            Tone::Info,
            format!(
                "Reviewing {positions} positions at {} s each: {esc} stops.",
                settings.millis as f64 / 1000.0
            ),
        );
        out
    }

    /// `Effect::StopReview`.
    pub(in crate::app) fn end(&mut self, game: &Game) -> Outcome {
        self.stop();
        let done = self.of(game).map_or(0, Review::done);
        let text = format!(
            "Review stopped: {done} of {} positions rated.",
            game.history().len() + 1
        );
        let mut out = Outcome::none();
        out.say(Tone::Info, text);
        out
    }

    /// After every update: the review's progress taken in; a review of a
    /// game no longer on the board stops. `names`: the players'.
    pub(in crate::app) fn follow(
        &mut self,
        game: &Game,
        names: [&str; 2],
        keys: KeyNames,
    ) -> Outcome {
        let mut out = Outcome::none();
        if self.is_running() && self.of(game).is_none() {
            self.stop();
            return out;
        }
        if self.poll(game) == Some(true) {
            let text = self.summary_text(game, names, SummaryForm::Sentence);
            let save = keys.board(Action::SaveRecord);
            out.say(
                Tone::Success,
                format!("Review done: {text} (average loss per move). {save} saves it."),
            );
        }
        out
    }

    /// The review's line for the record, while `game` has one.
    pub(in crate::app) fn extra(&self, game: &Game) -> Option<(&'static str, String)> {
        let review = self.of(game)?;
        Some((REVIEW_KEY, review.to_text()))
    }

    /// A review read back from a record: shown at once, nothing searched.
    pub(in crate::app) fn restore(&mut self, record: &Record) {
        self.clear();
        if let Some(review) = record
            .extra(REVIEW_KEY)
            .and_then(|text| Review::parse(text, &record.game))
        {
            self.set(&record.game, review);
        }
    }
}
