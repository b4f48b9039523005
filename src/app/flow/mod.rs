//! How a feature's answer flows back to `App`: the [`outcome::Outcome`] it
//! returns (what to say, the effects to carry out) and the
//! [`effect::Effect`]s that `App::perform` alone carries out. Both leaves:
//! features name them without knowing `App`.

pub(in crate::app) mod effect;
pub(in crate::app) mod outcome;
