//! Why `[keys]` refuses a line: a key that is no key, a value that is no
//! list of keys, or a name that is no line of the table.

/// A refused `[keys]` line; the message is shown beside it in the file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KeyBindingError {
    #[error(
        "unknown key {0:?}: a character, or Enter, Space, Esc, Tab, Shift+Tab, \
         Backspace, Delete, Insert, Home, End, PageUp, PageDown, Up, Down, Left, \
         Right, F1 to F24, any of them after Ctrl+"
    )]
    UnknownKey(String),
    #[error(r#"expected a key in quotes, or a list of them, e.g. ["Enter", "Space"]"#)]
    NotKeys,
    #[error("an action needs at least one key")]
    NoKeys,
    #[error("no action is called `{0}`")]
    UnknownAction(String),
}
