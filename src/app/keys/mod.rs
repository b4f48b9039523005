//! Keys: the one table of bindings, the keys in force (`[keys]`), and resolving
//! terminal events to actions.

pub(super) mod binding_error;
pub(super) mod bindings;
pub mod keymap;
pub(super) mod table;
