//! What a feature answers after handling an action: what to say on the
//! status line and the effects `App` is to carry out. A leaf: features
//! return it without knowing `App`, which applies it (`update.rs`).

use crate::app::flow::effect::Effect;
use crate::app::message::Tone;
use crate::app::screen::Screen;

/// A message for the status line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::app) enum Said {
    /// Replaces what was said.
    Say(Tone, String),
    /// Adds to what was said.
    Tell(Tone, String),
}

/// What a feature asks of the app, in order.
#[must_use]
#[derive(Debug, Default)]
pub(in crate::app) struct Outcome {
    said: Vec<Said>,
    effects: Vec<Effect>,
}

impl Outcome {
    /// Nothing to say or do.
    pub fn none() -> Outcome {
        Outcome::default()
    }

    /// These effects, nothing said.
    pub fn effects(effects: Vec<Effect>) -> Outcome {
        Outcome {
            said: Vec::new(),
            effects,
        }
    }

    /// One effect, nothing said.
    pub fn effect(effect: Effect) -> Outcome {
        Outcome::effects(vec![effect])
    }

    /// Replaces the status line's message.
    pub fn say(&mut self, tone: Tone, text: impl Into<String>) {
        self.said.push(Said::Say(tone, text.into()));
    }

    /// Adds to the status line's message.
    pub fn tell(&mut self, tone: Tone, text: impl Into<String>) {
        self.said.push(Said::Tell(tone, text.into()));
    }

    /// Asks for `effect` after those asked before.
    pub fn push(&mut self, effect: Effect) {
        self.effects.push(effect);
    }

    /// This outcome, then `next`'s.
    pub fn and(mut self, next: Outcome) -> Outcome {
        self.said.extend(next.said);
        self.effects.extend(next.effects);
        self
    }

    /// Shows a message box on `screen`, added to one already open (a config
    /// problem). Over another screen (settings being edited, say), which a
    /// box would close, the message line says it instead.
    pub fn notify(&mut self, screen: &mut Screen, title: &str, body: String) {
        if let Some(text) = screen.notify(title, body) {
            self.tell(Tone::Warning, text);
        }
    }

    /// What is said and the effects, for `App` to carry out.
    pub fn into_parts(self) -> (Vec<Said>, Vec<Effect>) {
        (self.said, self.effects)
    }
}
