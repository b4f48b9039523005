//! The one table of key bindings. Input handling resolves keys through it, and
//! the help overlay and the hint line are generated from it, so what the screen
//! says and what the keys do cannot drift apart.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

use super::action::{Action, Direction, Edit, HistoryStep};
use super::theme::Theme;

/// What the keyboard is talking to, which decides what a key means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Context {
    /// The board, with nothing open over it.
    Board,
    Help,
    /// A message box (e.g. a config file problem).
    Notice,
    /// A yes/no question.
    Confirm,
    /// The prompt that jumps the cursor to a square.
    GoTo,
    /// The settings screen, on a name field (letters are typed).
    SettingsText,
    /// The settings screen, on a choice field.
    SettingsChoice,
    /// The file name prompt of a record being saved.
    SaveAs,
    /// The list of saved records.
    Records,
    /// The results screen.
    Results,
    /// The lessons and puzzles.
    Training,
}

impl Context {
    /// Whether unbound printable keys are typed into a text field.
    pub const fn takes_text(self) -> bool {
        matches!(
            self,
            Context::GoTo | Context::SettingsText | Context::SaveAs
        )
    }
}

/// A key as written in the table: a key code, possibly with Ctrl.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key {
    pub code: KeyCode,
    pub ctrl: bool,
}

const fn key(code: KeyCode) -> Key {
    Key { code, ctrl: false }
}

const fn ch(c: char) -> Key {
    key(KeyCode::Char(c))
}

const fn ctrl(c: char) -> Key {
    Key {
        code: KeyCode::Char(c),
        ctrl: true,
    }
}

const UP: Key = key(KeyCode::Up);
const DOWN: Key = key(KeyCode::Down);
const LEFT: Key = key(KeyCode::Left);
const RIGHT: Key = key(KeyCode::Right);
const ENTER: Key = key(KeyCode::Enter);
const ESC: Key = key(KeyCode::Esc);
const TAB: Key = key(KeyCode::Tab);
const BACKTAB: Key = key(KeyCode::BackTab);

/// One line of the table: in which contexts which keys do what.
#[derive(Clone, Copy, Debug)]
pub struct Binding {
    pub contexts: &'static [Context],
    pub keys: &'static [Key],
    pub action: Action,
    /// What the help overlay says the keys do.
    pub help: &'static str,
    /// A short label for the hint line (bindings sharing a label are merged).
    pub hint: Option<&'static str>,
}

const BOARD: &[Context] = &[Context::Board];
const SETTINGS: &[Context] = &[Context::SettingsText, Context::SettingsChoice];
const TEXT: &[Context] = &[Context::SettingsText, Context::GoTo, Context::SaveAs];
const LISTS: &[Context] = &[Context::Records, Context::Results];
const TRAINING: &[Context] = &[Context::Training];
const QUIT: &[Context] = &[
    Context::Board,
    Context::Training,
    Context::Help,
    Context::Notice,
    Context::Confirm,
    Context::GoTo,
    Context::Records,
    Context::Results,
];

const fn bind(
    contexts: &'static [Context],
    keys: &'static [Key],
    action: Action,
    help: &'static str,
) -> Binding {
    Binding {
        contexts,
        keys,
        action,
        help,
        hint: None,
    }
}

const fn hinted(
    contexts: &'static [Context],
    keys: &'static [Key],
    action: Action,
    help: &'static str,
    hint: &'static str,
) -> Binding {
    Binding {
        hint: Some(hint),
        ..bind(contexts, keys, action, help)
    }
}

/// Every key binding of the program.
#[rustfmt::skip]
pub const KEYMAP: &[Binding] = &[
    // The board.
    hinted(BOARD, &[LEFT, ch('h')], Action::MoveCursor(Direction::Left), "cursor left", "move"),
    hinted(BOARD, &[DOWN, ch('j')], Action::MoveCursor(Direction::Down), "cursor down", "move"),
    hinted(BOARD, &[UP, ch('k')], Action::MoveCursor(Direction::Up), "cursor up", "move"),
    hinted(BOARD, &[RIGHT, ch('l')], Action::MoveCursor(Direction::Right), "cursor right", "move"),
    hinted(BOARD, &[ENTER, ch(' ')], Action::Place, "place a stone at the cursor (or click a square); in a demo, pause or go on", "place"),
    bind(BOARD, &[ch(':')], Action::OpenGoTo, "jump to a square by name, e.g. :d8"),
    hinted(BOARD, &[ch('s')], Action::Swap, "swap sides (pie rule, White's first turn)", "swap"),
    hinted(BOARD, &[ch('u')], Action::Undo, "undo a move", "undo"),
    bind(BOARD, &[ch('r')], Action::Redo, "redo a move"),
    hinted(BOARD, &[ch('n')], Action::NewGame, "new game", "new"),
    hinted(BOARD, &[ch('o'), ch(',')], Action::OpenSettings, "settings: names, colours, rules, board, opponent, level, theme", "settings"),
    hinted(BOARD, &[ch('t')], Action::Hint, "hint: the engine's move for the side to move, marked on the board", "hint"),
    hinted(BOARD, &[ch('a')], Action::ToggleAnalysis, "analysis: show or hide a heat map of the engine's search, with the win estimate", "analysis"),
    bind(BOARD, &[ch('e')], Action::ToggleEscorts, "escorts: mark the cursor's escorts and the stones in danger, or not"),
    bind(BOARD, &[ch('[')], Action::History(HistoryStep::Back), "back one move: see the earlier positions"),
    bind(BOARD, &[ch(']')], Action::History(HistoryStep::Forward), "forward one move"),
    bind(BOARD, &[key(KeyCode::Home)], Action::History(HistoryStep::Start), "the start of the game"),
    bind(BOARD, &[key(KeyCode::End)], Action::History(HistoryStep::Latest), "the latest position, where play goes on"),
    bind(BOARD, &[ch('w')], Action::SaveRecord, "save the game as a record file"),
    bind(BOARD, &[ch('f')], Action::OpenRecords, "saved games: open one to play on or browse"),
    bind(BOARD, &[ch('p')], Action::OpenResults, "results: wins per player, recent games"),
    bind(BOARD, &[ch('e')], Action::OpenTraining, "learn: lessons and puzzles"),
    hinted(BOARD, &[ch('?')], Action::ToggleHelp, "this help", "help"),
    bind(BOARD, &[ESC], Action::Close, "clear the message line"),
    // Lessons and puzzles.
    hinted(TRAINING, &[LEFT, ch('h')], Action::MoveCursor(Direction::Left), "cursor left", "move"),
    hinted(TRAINING, &[DOWN, ch('j')], Action::MoveCursor(Direction::Down), "cursor down", "move"),
    hinted(TRAINING, &[UP, ch('k')], Action::MoveCursor(Direction::Up), "cursor up", "move"),
    hinted(TRAINING, &[RIGHT, ch('l')], Action::MoveCursor(Direction::Right), "cursor right", "move"),
    hinted(TRAINING, &[ENTER, ch(' ')], Action::Place, "play at the cursor (or click a square)", "play"),
    bind(TRAINING, &[ch('s')], Action::Swap, "swap (the pie rule lessons)"),
    hinted(TRAINING, &[ch('n'), ch(']')], Action::NextItem, "the next lesson or puzzle", "next"),
    bind(TRAINING, &[ch('p'), ch('[')], Action::PrevItem, "the previous lesson or puzzle"),
    hinted(TRAINING, &[ch('r')], Action::Retry, "try again from the start", "retry"),
    hinted(TRAINING, &[TAB], Action::SwitchCourse, "lessons or puzzles", "lessons/puzzles"),
    hinted(TRAINING, &[ESC], Action::Close, "back to the game", "back"),
    // Help, messages and questions.
    hinted(&[Context::Help], &[UP, ch('k'), key(KeyCode::PageUp)], Action::ScrollUp, "scroll up", "scroll"),
    hinted(&[Context::Help], &[DOWN, ch('j'), key(KeyCode::PageDown)], Action::ScrollDown, "scroll down", "scroll"),
    hinted(&[Context::Help, Context::Notice], &[ESC, ENTER, ch('?')], Action::Close, "close", "close"),
    hinted(&[Context::Confirm], &[ch('y'), ENTER], Action::Yes, "yes", "yes"),
    hinted(&[Context::Confirm], &[ch('n'), ESC], Action::No, "no", "no"),
    // The save prompt, the saved games and the results.
    hinted(&[Context::SaveAs], &[ENTER], Action::Submit, "save under the name typed", "save"),
    hinted(&[Context::SaveAs], &[ESC], Action::Close, "cancel", "cancel"),
    hinted(&[Context::Records], &[UP, ch('k'), key(KeyCode::PageUp)], Action::ScrollUp, "previous game", "choose"),
    hinted(&[Context::Records], &[DOWN, ch('j'), key(KeyCode::PageDown)], Action::ScrollDown, "next game", "choose"),
    hinted(&[Context::Results], &[UP, ch('k'), key(KeyCode::PageUp)], Action::ScrollUp, "scroll up", "scroll"),
    hinted(&[Context::Results], &[DOWN, ch('j'), key(KeyCode::PageDown)], Action::ScrollDown, "scroll down", "scroll"),
    hinted(&[Context::Records], &[ENTER], Action::Submit, "open the game chosen", "open"),
    hinted(LISTS, &[ESC, ch('f'), ch('p')], Action::Close, "close", "close"),
    hinted(QUIT, &[ch('q'), ctrl('c')], Action::Quit, "quit (asks first if a game is in progress)", "quit"),
    // The square prompt.
    hinted(&[Context::GoTo], &[ENTER], Action::Submit, "jump to the square typed", "jump"),
    hinted(&[Context::GoTo], &[ESC], Action::Close, "cancel", "cancel"),
    // The settings screen.
    hinted(SETTINGS, &[UP, BACKTAB], Action::PrevField, "previous setting", "choose"),
    hinted(SETTINGS, &[DOWN, TAB], Action::NextField, "next setting", "choose"),
    hinted(&[Context::SettingsChoice], &[LEFT, ch('h')], Action::PrevValue, "previous value", "change"),
    hinted(&[Context::SettingsChoice], &[RIGHT, ch('l'), ch(' ')], Action::NextValue, "next value (Space on Black swaps the players)", "change"),
    hinted(SETTINGS, &[ENTER, ESC], Action::Close, "save and close (what cannot change now waits for the next game)", "save and close"),
    hinted(SETTINGS, &[ctrl('r')], Action::Revert, "undo all changes made here", "revert"),
    // Text fields: names in the settings, the square prompt.
    bind(TEXT, &[LEFT], Action::Edit(Edit::Left), "move in the text"),
    bind(TEXT, &[RIGHT], Action::Edit(Edit::Right), "move in the text"),
    bind(TEXT, &[key(KeyCode::Home), ctrl('a')], Action::Edit(Edit::Home), "start of the text"),
    bind(TEXT, &[key(KeyCode::End), ctrl('e')], Action::Edit(Edit::End), "end of the text"),
    bind(TEXT, &[key(KeyCode::Backspace)], Action::Edit(Edit::Backspace), "delete before the cursor"),
    bind(TEXT, &[key(KeyCode::Delete)], Action::Edit(Edit::Delete), "delete at the cursor"),
];

/// What a key press means in a context. Releases are ignored (some terminals
/// report them); unbound printable keys type into text fields.
pub fn resolve(context: Context, event: &KeyEvent) -> Option<Action> {
    if event.kind == KeyEventKind::Release {
        return None;
    }
    let ctrl = event.modifiers.contains(KeyModifiers::CONTROL);
    if event.modifiers.contains(KeyModifiers::ALT) {
        return None;
    }
    let typed = context.takes_text() && !ctrl;
    KEYMAP
        .iter()
        .filter(|b| b.contexts.contains(&context))
        .find(|b| {
            b.keys.iter().any(|k| {
                // In text fields a bound letter must not steal typing.
                let letter = matches!(k.code, KeyCode::Char(_)) && !k.ctrl;
                !(typed && letter) && matches(*k, event.code, ctrl)
            })
        })
        .map(|b| b.action)
        .or_else(|| match event.code {
            KeyCode::Char(c) if typed && !c.is_control() => Some(Action::Edit(Edit::Insert(c))),
            _ => None,
        })
}

fn matches(key: Key, code: KeyCode, ctrl: bool) -> bool {
    if key.ctrl != ctrl {
        return false;
    }
    match (key.code, code) {
        // Caps Lock should not make the letter keys dead.
        (KeyCode::Char(a), KeyCode::Char(b)) => a.eq_ignore_ascii_case(&b),
        (a, b) => a == b,
    }
}

/// How a key is written on screen.
pub fn key_label(key: Key, theme: Theme) -> String {
    let name = match key.code {
        KeyCode::Up => theme.sym("↑", "Up").to_string(),
        KeyCode::Down => theme.sym("↓", "Down").to_string(),
        KeyCode::Left => theme.sym("←", "Left").to_string(),
        KeyCode::Right => theme.sym("→", "Right").to_string(),
        KeyCode::Enter => "Enter".to_string(),
        KeyCode::Esc => "Esc".to_string(),
        KeyCode::Tab => "Tab".to_string(),
        KeyCode::BackTab => "Shift+Tab".to_string(),
        KeyCode::Backspace => "Backspace".to_string(),
        KeyCode::Delete => "Delete".to_string(),
        KeyCode::Home => "Home".to_string(),
        KeyCode::End => "End".to_string(),
        KeyCode::PageUp => "PgUp".to_string(),
        KeyCode::PageDown => "PgDn".to_string(),
        KeyCode::Char(' ') => "Space".to_string(),
        KeyCode::Char(c) => c.to_string(),
        other => format!("{other:?}"),
    };
    if key.ctrl {
        format!("Ctrl+{}", name.to_uppercase())
    } else {
        name
    }
}

/// The bindings of a context, in table order.
pub fn bindings(context: Context) -> impl Iterator<Item = &'static Binding> {
    KEYMAP.iter().filter(move |b| b.contexts.contains(&context))
}

/// How the first key bound to `action` in `context` is written, e.g. `s` for
/// the swap, so prompts name the key the table really binds.
pub fn key_for(context: Context, action: Action, theme: Theme) -> String {
    bindings(context)
        .find(|b| b.action == action)
        .and_then(|b| b.keys.first())
        .map_or_else(|| "?".to_string(), |&k| key_label(k, theme))
}

/// The short hints of a context, e.g. `[("←↓↑→", "move"), ("Enter", "place")]`:
/// the first key of each hinted binding (in ASCII, a letter rather than an
/// arrow's long name), adjacent bindings with one label merged.
pub fn hints(context: Context, theme: Theme) -> Vec<(String, &'static str)> {
    let mut groups: Vec<(Vec<String>, &'static str)> = Vec::new();
    for b in bindings(context) {
        let (Some(hint), Some(&first)) = (b.hint, b.keys.first()) else {
            continue;
        };
        let is_arrow = matches!(
            first.code,
            KeyCode::Up | KeyCode::Down | KeyCode::Left | KeyCode::Right
        );
        let letter = b
            .keys
            .iter()
            .find(|k| matches!(k.code, KeyCode::Char(c) if c.is_ascii_alphabetic()) && !k.ctrl);
        let key = match letter {
            Some(&letter) if theme.ascii && is_arrow => letter,
            _ => first,
        };
        let label = key_label(key, theme);
        match groups.last_mut() {
            Some((labels, last)) if *last == hint => labels.push(label),
            _ => groups.push((vec![label], hint)),
        }
    }
    groups
        .into_iter()
        .map(|(labels, hint)| {
            // Single symbols read well run together (←↓↑→, hjkl); words need a slash.
            let single = labels.iter().all(|l| l.chars().count() == 1);
            (labels.join(if single { "" } else { "/" }), hint)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn press(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn keys_resolve_per_context() {
        let q = press(KeyCode::Char('q'));
        assert_eq!(resolve(Context::Board, &q), Some(Action::Quit));
        assert_eq!(
            resolve(Context::SettingsText, &q),
            Some(Action::Edit(Edit::Insert('q')))
        );
        assert_eq!(resolve(Context::SettingsChoice, &q), None);
        assert_eq!(
            resolve(Context::Board, &press(KeyCode::Char('K'))),
            Some(Action::MoveCursor(Direction::Up))
        );
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(resolve(Context::GoTo, &ctrl_c), Some(Action::Quit));
        assert_eq!(
            resolve(Context::GoTo, &press(KeyCode::Char('c'))),
            Some(Action::Edit(Edit::Insert('c')))
        );
    }

    #[test]
    fn releases_and_alt_are_ignored() {
        let mut release = press(KeyCode::Enter);
        release.kind = KeyEventKind::Release;
        assert_eq!(resolve(Context::Board, &release), None);
        let alt = KeyEvent::new(KeyCode::Char('q'), KeyModifiers::ALT);
        assert_eq!(resolve(Context::Board, &alt), None);
    }

    #[test]
    fn no_key_means_two_things_in_one_context() {
        let contexts = [
            Context::Board,
            Context::Help,
            Context::Notice,
            Context::Confirm,
            Context::GoTo,
            Context::SettingsText,
            Context::SettingsChoice,
            Context::SaveAs,
            Context::Records,
            Context::Results,
        ];
        for context in contexts {
            let keys: Vec<Key> = bindings(context)
                .flat_map(|b| b.keys.iter().copied())
                .collect();
            for (i, a) in keys.iter().enumerate() {
                for b in &keys[i + 1..] {
                    assert!(!matches(*a, b.code, b.ctrl), "{a:?} twice in {context:?}");
                }
            }
        }
    }

    #[test]
    fn hints_merge_the_cursor_keys() {
        let theme = Theme::new(crate::app::ThemeName::Color, false);
        let hints = hints(Context::Board, theme);
        assert_eq!(hints[0], ("←↓↑→".to_string(), "move"));
        assert_eq!(hints[1], ("Enter".to_string(), "place"));
    }
}
