//! The settings screen: its form, leaving it (applying what changed), and how
//! it is drawn.

pub(super) mod form;
pub(super) mod leaving;
pub(super) mod view;
