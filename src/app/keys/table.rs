//! The one table of key bindings, each line named for `[keys]` in the
//! config file, and how keys are spelled there. `keymap.rs` resolves keys
//! through it and writes them on screen; `bindings.rs` holds the keys in
//! force.

use ratatui::crossterm::event::KeyCode;
use strum::VariantArray;

use crate::app::action::{Action, Direction, Edit, FirstGame, HistoryStep};

/// What the keyboard is talking to, which decides what a key means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, VariantArray)]
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
    /// The settings screen, on a row that opens a form (host or join).
    SettingsAction,
    /// The file name prompt of a record being saved.
    SaveAs,
    /// The list of saved records.
    Records,
    /// The records screen's filter, being typed.
    FilterRecords,
    /// A saved game's new name, being typed.
    RenameRecord,
    /// The results screen.
    Results,
    /// The lessons and puzzles.
    Training,
    /// A chat line to the other player of a network game, being typed.
    Chat,
    /// The form that hosts or joins a network game.
    NetForm,
    /// The welcome of a first start.
    Welcome,
    /// The Online screen's pages.
    Online,
    /// A form over the Online screen (connecting, a seek).
    OnlineForm,
    /// "Play a bot" over the Online screen: the bots online to choose from.
    OnlineBots,
}

impl Context {
    /// Whether unbound printable keys are typed into a text field.
    pub const fn takes_text(self) -> bool {
        matches!(
            self,
            Context::GoTo
                | Context::OnlineForm
                | Context::Chat
                | Context::NetForm
                | Context::SettingsText
                | Context::SaveAs
                | Context::FilterRecords
                | Context::RenameRecord
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

const fn key_ctrl(code: KeyCode) -> Key {
    Key { code, ctrl: true }
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
    /// How `[keys]` in the config file names it, e.g. `place`.
    pub name: &'static str,
    pub contexts: &'static [Context],
    pub keys: &'static [Key],
    pub action: Action,
    /// What the help overlay says the keys do.
    pub help: &'static str,
    /// A short label for the hint line (bindings sharing a label are merged).
    pub hint: Option<&'static str>,
}

const BOARD: &[Context] = &[Context::Board];
const SETTINGS: &[Context] = &[
    Context::SettingsText,
    Context::SettingsChoice,
    Context::SettingsAction,
];
const TEXT: &[Context] = &[
    Context::SettingsText,
    Context::GoTo,
    Context::Chat,
    Context::NetForm,
    Context::SaveAs,
    Context::FilterRecords,
    Context::RenameRecord,
    Context::OnlineForm,
];
const ONLINE: &[Context] = &[Context::Online];
const BOTS: &[Context] = &[Context::OnlineBots];
const LISTS: &[Context] = &[Context::Records, Context::Results];
const TRAINING: &[Context] = &[Context::Training];
const WELCOME: &[Context] = &[Context::Welcome];
const QUIT: &[Context] = &[
    Context::Board,
    Context::Welcome,
    Context::Training,
    Context::Help,
    Context::Notice,
    Context::Confirm,
    Context::GoTo,
    Context::Records,
    Context::Results,
    Context::Online,
];

const fn bind(
    name: &'static str,
    contexts: &'static [Context],
    keys: &'static [Key],
    action: Action,
    help: &'static str,
) -> Binding {
    Binding {
        name,
        contexts,
        keys,
        action,
        help,
        hint: None,
    }
}

const fn hinted(
    name: &'static str,
    contexts: &'static [Context],
    keys: &'static [Key],
    action: Action,
    help: &'static str,
    hint: &'static str,
) -> Binding {
    Binding {
        hint: Some(hint),
        ..bind(name, contexts, keys, action, help)
    }
}

/// Every key binding of the program.
#[rustfmt::skip]
pub const KEYMAP: &[Binding] = &[
    // The board.
    hinted("cursor-left", BOARD, &[LEFT, ch('h')], Action::MoveCursor(Direction::Left), "cursor left", "move"),
    hinted("cursor-down", BOARD, &[DOWN, ch('j')], Action::MoveCursor(Direction::Down), "cursor down", "move"),
    hinted("cursor-up", BOARD, &[UP, ch('k')], Action::MoveCursor(Direction::Up), "cursor up", "move"),
    hinted("cursor-right", BOARD, &[RIGHT, ch('l')], Action::MoveCursor(Direction::Right), "cursor right", "move"),
    hinted("place", BOARD, &[ENTER, ch(' ')], Action::Place, "place a stone at the cursor (or click a square); in a demo, pause or go on", "place"),
    bind("go-to", BOARD, &[ch(':')], Action::OpenGoTo, "jump to a square by name, e.g. :d8"),
    hinted("swap", BOARD, &[ch('s')], Action::Swap, "swap sides (pie rule, White's first turn)", "swap"),
    hinted("undo", BOARD, &[ch('u')], Action::Undo, "undo a move", "undo"),
    bind("redo", BOARD, &[ch('r')], Action::Redo, "redo a move"),
    hinted("new-game", BOARD, &[ch('n')], Action::NewGame, "new game", "new"),
    hinted("learn", BOARD, &[ch('e')], Action::OpenTraining, "learn: lessons and puzzles", "lessons"),
    hinted("settings", BOARD, &[ch('o'), ch(',')], Action::OpenSettings, "settings: names, colours, rules, board, opponent, level, clock, theme; host or join a network game", "settings"),
    hinted("hint", BOARD, &[ch('t')], Action::Hint, "hint: the engine's move for the side to move, marked on the board", "hint"),
    hinted("analysis", BOARD, &[ch('a')], Action::ToggleAnalysis, "analysis: show or hide a heat map of the engine's search, with the win estimate", "analysis"),
    hinted("review", BOARD, &[ch('b')], Action::Review, "review the game: the engine rates every move (a chart of Black's chance, moves marked ?!, ? or ?? when they lose 10, 20, 35 points of chance, the better moves); Esc stops it. Accuracy: a player's average loss, the chance their moves lost on average (0: as the engine plays)", "review"),
    bind("next-mistake", BOARD, &[key(KeyCode::Char('}'))], Action::NextMistake, "the next inaccuracy, mistake or blunder of the review (?!, ?, ??)"),
    bind("previous-mistake", BOARD, &[key(KeyCode::Char('{'))], Action::PrevMistake, "the previous one"),
    bind("back", BOARD, &[ch('[')], Action::History(HistoryStep::Back), "back one move: see the earlier positions"),
    bind("forward", BOARD, &[ch(']')], Action::History(HistoryStep::Forward), "forward one move"),
    bind("start", BOARD, &[key(KeyCode::Home)], Action::History(HistoryStep::Start), "the start of the game"),
    bind("latest", BOARD, &[key(KeyCode::End)], Action::History(HistoryStep::Latest), "the latest position, where play goes on"),
    bind("save", BOARD, &[ch('w')], Action::SaveRecord, "save the game as a record file"),
    bind("records", BOARD, &[ch('f')], Action::OpenRecords, "saved games: open one to play on or browse"),
    bind("results", BOARD, &[ch('p')], Action::OpenResults, "results: wins per player, recent games"),
    bind("escorts", BOARD, &[ch('v')], Action::ToggleEscorts, "escorts: mark the cursor's escorts and the stones in danger, or not"),
    bind("chat", BOARD, &[ch('c')], Action::OpenChat, "chat: say something to the other player of a network or online game"),
    bind("resign", BOARD, &[ch('g')], Action::Resign, "give up: resign a network game (asks first)"),
    bind("host", BOARD, &[ch('i')], Action::OpenHost, "invite a friend: host a network game (as in the settings)"),
    bind("join", BOARD, &[ch('m')], Action::OpenJoin, "meet a friend: join the network game they host (as in the settings)"),
    hinted("online", BOARD, &[ch('d')], Action::OpenOnline, "play online: the lobby server's seeks, games, players, leaderboard and archive", "online"),
    hinted("help", BOARD, &[ch('?')], Action::ToggleHelp, "this help", "help"),
    bind("clear-message", BOARD, &[ESC], Action::Close, "clear the message line"),
    // Lessons and puzzles.
    hinted("learn-left", TRAINING, &[LEFT, ch('h')], Action::MoveCursor(Direction::Left), "cursor left", "move"),
    hinted("learn-down", TRAINING, &[DOWN, ch('j')], Action::MoveCursor(Direction::Down), "cursor down", "move"),
    hinted("learn-up", TRAINING, &[UP, ch('k')], Action::MoveCursor(Direction::Up), "cursor up", "move"),
    hinted("learn-right", TRAINING, &[RIGHT, ch('l')], Action::MoveCursor(Direction::Right), "cursor right", "move"),
    hinted("learn-play", TRAINING, &[ENTER, ch(' ')], Action::Place, "play at the cursor (or click a square)", "play"),
    bind("learn-go-to", TRAINING, &[ch(':')], Action::OpenGoTo, "jump to a square by name, e.g. :c3, or to a lesson or puzzle by its number, e.g. :42"),
    bind("learn-swap", TRAINING, &[ch('s')], Action::Swap, "swap (the pie rule lessons)"),
    hinted("learn-next", TRAINING, &[ch('n'), ch(']')], Action::NextItem, "the next lesson or puzzle", "next"),
    bind("learn-previous", TRAINING, &[ch('p'), ch('[')], Action::PrevItem, "the previous lesson or puzzle"),
    hinted("learn-win-in-1", TRAINING, &[ch('1')], Action::PuzzleDepth(1), "the puzzles that win in 1 move", "win in N"),
    hinted("learn-win-in-2", TRAINING, &[ch('2')], Action::PuzzleDepth(2), "the puzzles that win in 2 moves", "win in N"),
    hinted("learn-win-in-3", TRAINING, &[ch('3')], Action::PuzzleDepth(3), "the puzzles that win in 3 moves", "win in N"),
    hinted("learn-retry", TRAINING, &[ch('r')], Action::Retry, "try again from the start", "retry"),
    hinted("learn-course", TRAINING, &[TAB], Action::SwitchCourse, "lessons or puzzles", "lessons/puzzles"),
    hinted("learn-help", TRAINING, &[ch('?')], Action::ToggleHelp, "the help", "help"),
    hinted("learn-back", TRAINING, &[ESC], Action::Close, "back to the game", "back"),
    // The welcome of a first start.
    bind("welcome-learn", WELCOME, &[ch('l'), ch('1'), ENTER], Action::Begin(FirstGame::Learn), "learn the game: short lessons, then puzzles"),
    bind("welcome-computer", WELCOME, &[ch('c'), ch('2')], Action::Begin(FirstGame::Computer), "play the computer on a small 9×9 board"),
    bind("welcome-two-players", WELCOME, &[ch('t'), ch('3')], Action::Begin(FirstGame::TwoPlayers), "two players at one keyboard, on 9×9"),
    bind("welcome-usual", WELCOME, &[ch('u'), ch('4'), ESC], Action::Begin(FirstGame::Usual), "the usual game: two players on 15×15"),
    bind("welcome-online", WELCOME, &[ch('o'), ch('5')], Action::Begin(FirstGame::Online), "play people online, on a lobby server"),
    hinted("welcome-help", WELCOME, &[ch('?')], Action::ToggleHelp, "the help", "help"),
    // Help, messages and questions.
    hinted("help-up", &[Context::Help], &[UP, ch('k'), key(KeyCode::PageUp)], Action::ScrollUp, "scroll up", "scroll"),
    hinted("help-down", &[Context::Help], &[DOWN, ch('j'), key(KeyCode::PageDown)], Action::ScrollDown, "scroll down", "scroll"),
    bind("help-top", &[Context::Help], &[key(KeyCode::Home)], Action::History(HistoryStep::Start), "the top"),
    bind("help-bottom", &[Context::Help], &[key(KeyCode::End)], Action::History(HistoryStep::Latest), "the bottom"),
    hinted("close", &[Context::Help, Context::Notice], &[ESC, ENTER, ch('?')], Action::Close, "close", "close"),
    hinted("yes", &[Context::Confirm], &[ch('y'), ENTER], Action::Yes, "yes", "yes"),
    hinted("no", &[Context::Confirm], &[ch('n'), ESC], Action::No, "no", "no"),
    // The save prompt, the saved games and the results.
    hinted("save-name", &[Context::SaveAs], &[ENTER], Action::Submit, "save under the name typed", "save"),
    hinted("save-cancel", &[Context::SaveAs], &[ESC], Action::Close, "cancel", "cancel"),
    hinted("records-up", &[Context::Records], &[UP, ch('k'), key(KeyCode::PageUp)], Action::ScrollUp, "previous game", "choose"),
    hinted("records-down", &[Context::Records], &[DOWN, ch('j'), key(KeyCode::PageDown)], Action::ScrollDown, "next game", "choose"),
    hinted("results-up", &[Context::Results], &[UP, ch('k'), key(KeyCode::PageUp)], Action::ScrollUp, "previous game (past the first, scroll up)", "choose"),
    hinted("results-down", &[Context::Results], &[DOWN, ch('j'), key(KeyCode::PageDown)], Action::ScrollDown, "next game (past the last, scroll down)", "choose"),
    hinted("records-open", &[Context::Records, Context::Results], &[ENTER], Action::Submit, "open the game chosen", "open"),
    hinted("records-delete", &[Context::Records], &[ch('d'), key(KeyCode::Delete)], Action::DeleteRecord, "delete the game chosen (asks first)", "delete"),
    hinted("records-filter", &[Context::Records], &[ch('/')], Action::FilterRecords, "show only the games whose players, result or file hold the words typed", "filter"),
    hinted("filter-done", &[Context::FilterRecords], &[ENTER], Action::Submit, "keep the filter", "done"),
    hinted("filter-clear", &[Context::FilterRecords], &[ESC], Action::Close, "clear the filter", "clear"),
    hinted("records-rename", &[Context::Records], &[ch('r')], Action::RenameRecord, "rename the game chosen", "rename"),
    hinted("rename-done", &[Context::RenameRecord], &[ENTER], Action::Submit, "rename the file to the name typed", "rename"),
    hinted("rename-cancel", &[Context::RenameRecord], &[ESC], Action::Close, "keep the old name", "cancel"),
    hinted("lists-close", LISTS, &[ESC, ch('f'), ch('p')], Action::Close, "close", "close"),
    hinted("quit", QUIT, &[ch('q'), ctrl('c')], Action::Quit, "quit (asks first if a game is in progress)", "quit"),
    // The square prompt.
    hinted("go-to-jump", &[Context::GoTo], &[ENTER], Action::Submit, "jump to the square typed", "jump"),
    hinted("go-to-cancel", &[Context::GoTo], &[ESC], Action::Close, "cancel", "cancel"),
    // The chat line.
    hinted("chat-send", &[Context::Chat], &[ENTER], Action::Submit, "send the line typed", "send"),
    hinted("chat-cancel", &[Context::Chat], &[ESC], Action::Close, "cancel", "cancel"),
    // Hosting and joining.
    hinted("network-next", &[Context::NetForm], &[TAB, DOWN], Action::NextField, "next field", "field"),
    hinted("network-previous", &[Context::NetForm], &[BACKTAB, UP], Action::PrevField, "previous field", "field"),
    hinted("network-start", &[Context::NetForm], &[ENTER], Action::Submit, "host or join the game", "start"),
    hinted("network-cancel", &[Context::NetForm], &[ESC], Action::Close, "cancel", "cancel"),
    // The Online screen and its forms.
    hinted("online-next-page", ONLINE, &[TAB, RIGHT, ch('l')], Action::NextField, "next page: seeks, my games, games, players, leaderboard, archive, tournaments", "page"),
    bind("online-previous-page", ONLINE, &[BACKTAB, LEFT, ch('h')], Action::PrevField, "previous page"),
    hinted("online-up", ONLINE, &[UP, ch('k'), key(KeyCode::PageUp)], Action::ScrollUp, "previous row", "choose"),
    hinted("online-down", ONLINE, &[DOWN, ch('j'), key(KeyCode::PageDown)], Action::ScrollDown, "next row", "choose"),
    hinted("online-enter", ONLINE, &[ENTER], Action::Submit, "accept the seek, open or watch the game, see the player's ratings and games, download the finished game, open the tournament", "go"),
    hinted("online-seek", ONLINE, &[ch('n')], Action::NewGame, "offer a game: a seek, or a challenge to the player chosen; on the Tournaments page, make a tournament", "seek"),
    hinted("online-withdraw", ONLINE, &[ch('d'), key(KeyCode::Delete)], Action::CancelSeek, "withdraw your seek; on a tournament's page, withdraw from the tournament", "withdraw"),
    bind("online-disconnect", ONLINE, &[ch('x')], Action::Disconnect, "disconnect: leave the server, to connect again or to another"),
    bind("online-rename", ONLINE, &[ch('r')], Action::RenameOnline, "take another name on this server (once a month; your games keep the name they were played under)"),
    bind("online-join-tournament", ONLINE, &[ch('e')], Action::JoinTournament, "on a tournament's page: enter it (before its start; an arena at any time)"),
    bind("online-pause-tournament", ONLINE, &[ch('p')], Action::PauseTournament, "on an arena's page: pause your games in it, or be paired again"),
    hinted("online-rules", ONLINE, &[ch('v')], Action::NextValue, "leaderboard: the other rules", "rules"),
    hinted("online-bot", ONLINE, &[ch('b')], Action::PlayBot, "play a bot: the bots online, their levels and ratings, to challenge one", "bot"),
    hinted("online-close", ONLINE, &[ESC], Action::Close, "back to the board (from a tournament's page, back to the list)", "back"),
    hinted("online-bot-up", BOTS, &[UP, ch('k')], Action::ScrollUp, "previous bot", "choose"),
    hinted("online-bot-down", BOTS, &[DOWN, ch('j')], Action::ScrollDown, "next bot", "choose"),
    hinted("online-bot-play", BOTS, &[ENTER], Action::Submit, "challenge the bot chosen at its usual terms: 9×9, 10+5, rated", "play"),
    hinted("online-bot-terms", BOTS, &[ch('n')], Action::NewGame, "other terms: the challenge form, filled in for the bot chosen", "terms"),
    hinted("online-bot-cancel", BOTS, &[ESC], Action::Close, "back to the page", "cancel"),
    hinted("online-form-next", &[Context::OnlineForm], &[TAB, DOWN], Action::NextField, "next field", "field"),
    hinted("online-form-previous", &[Context::OnlineForm], &[BACKTAB, UP], Action::PrevField, "previous field", "field"),
    hinted("online-form-send", &[Context::OnlineForm], &[ENTER], Action::Submit, "connect, send the seek, rename, or make the tournament", "send"),
    hinted("online-form-cancel", &[Context::OnlineForm], &[ESC], Action::Close, "cancel", "cancel"),
    // The settings screen.
    hinted("settings-previous", SETTINGS, &[UP, BACKTAB], Action::PrevField, "previous setting", "choose"),
    hinted("settings-next", SETTINGS, &[DOWN, TAB], Action::NextField, "next setting", "choose"),
    hinted("value-previous", &[Context::SettingsChoice], &[LEFT, ch('h')], Action::PrevValue, "previous value", "change"),
    hinted("value-next", &[Context::SettingsChoice], &[RIGHT, ch('l'), ch(' ')], Action::NextValue, "next value (Space on Black swaps the players)", "change"),
    hinted("settings-revert", SETTINGS, &[ctrl('r')], Action::Revert, "undo all changes made here", "revert"),
    hinted("settings-save", &[Context::SettingsText, Context::SettingsChoice], &[ENTER], Action::Submit, "save and close (what cannot change now waits for the next game)", "save"),
    hinted("settings-open", &[Context::SettingsAction], &[ENTER], Action::Submit, "on Host a game, Join a game or Play online: save, then open its form or screen", "open"),
    hinted("settings-cancel", SETTINGS, &[ESC], Action::Close, "close without saving (asks first if something changed)", "cancel"),
    // Text fields: names in the settings, the square prompt.
    bind("text-left", TEXT, &[LEFT, ctrl('b')], Action::Edit(Edit::Left), "move in the text"),
    bind("text-right", TEXT, &[RIGHT, ctrl('f')], Action::Edit(Edit::Right), "move in the text"),
    bind("word-left", TEXT, &[key_ctrl(KeyCode::Left)], Action::Edit(Edit::WordLeft), "a word left or right"),
    bind("word-right", TEXT, &[key_ctrl(KeyCode::Right)], Action::Edit(Edit::WordRight), "a word left or right"),
    bind("text-home", TEXT, &[key(KeyCode::Home), ctrl('a')], Action::Edit(Edit::Home), "start of the text"),
    bind("text-end", TEXT, &[key(KeyCode::End), ctrl('e')], Action::Edit(Edit::End), "end of the text"),
    bind("text-backspace", TEXT, &[key(KeyCode::Backspace), ctrl('h')], Action::Edit(Edit::Backspace), "delete before the cursor"),
    bind("text-delete", TEXT, &[key(KeyCode::Delete), ctrl('d')], Action::Edit(Edit::Delete), "delete at the cursor"),
    bind("delete-word", TEXT, &[ctrl('w')], Action::Edit(Edit::DeleteWordBefore), "delete the word before the cursor"),
    bind("delete-to-start", TEXT, &[ctrl('u')], Action::Edit(Edit::DeleteToStart), "delete up to the cursor (clears the line)"),
    bind("delete-to-end", TEXT, &[ctrl('k')], Action::Edit(Edit::DeleteToEnd), "delete from the cursor on"),
    bind("yank", TEXT, &[ctrl('y')], Action::Edit(Edit::Yank), "put back what was deleted last"),
];

/// Keys with a name, as the config file spells them (in any case).
const NAMED: &[(&str, KeyCode)] = &[
    ("Enter", KeyCode::Enter),
    ("Space", KeyCode::Char(' ')),
    ("Esc", KeyCode::Esc),
    ("Tab", KeyCode::Tab),
    ("Shift+Tab", KeyCode::BackTab),
    ("Backspace", KeyCode::Backspace),
    ("Delete", KeyCode::Delete),
    ("Insert", KeyCode::Insert),
    ("Home", KeyCode::Home),
    ("End", KeyCode::End),
    ("PageUp", KeyCode::PageUp),
    ("PageDown", KeyCode::PageDown),
    ("Up", KeyCode::Up),
    ("Down", KeyCode::Down),
    ("Left", KeyCode::Left),
    ("Right", KeyCode::Right),
];

/// Other spellings a person may well write.
const ALIASES: &[(&str, &str)] = &[
    ("Escape", "Esc"),
    ("Return", "Enter"),
    ("Del", "Delete"),
    ("BackTab", "Shift+Tab"),
    ("PgUp", "PageUp"),
    ("PgDn", "PageDown"),
];

impl Key {
    /// Whether two keys are one: Caps Lock should not make letters dead.
    pub fn same(self, other: Key) -> bool {
        self.ctrl == other.ctrl
            && match (self.code, other.code) {
                (KeyCode::Char(a), KeyCode::Char(b)) => a.eq_ignore_ascii_case(&b),
                (a, b) => a == b,
            }
    }

    /// How the config file spells the key: `s`, `Enter`, `Ctrl+r`, `F5`.
    pub fn spelling(self) -> String {
        let name = match self.code {
            KeyCode::F(n) => format!("F{n}"),
            code => NAMED.iter().find(|(_, c)| *c == code).map_or_else(
                || match code {
                    KeyCode::Char(c) => c.to_string(),
                    other => format!("{other:?}"),
                },
                |(name, _)| (*name).to_string(),
            ),
        };
        if self.ctrl {
            format!("Ctrl+{name}")
        } else {
            name
        }
    }

    /// A key as the config file spells it, or why it is not one.
    pub fn parse(text: &str) -> Result<Key, super::binding_error::KeyBindingError> {
        let unknown = || super::binding_error::KeyBindingError::UnknownKey(text.to_string());
        let (ctrl, name) = match text.get(..5) {
            Some(prefix) if prefix.eq_ignore_ascii_case("ctrl+") && text.len() > 5 => {
                (true, &text[5..])
            }
            _ => (false, text),
        };
        let name = ALIASES
            .iter()
            .find(|(alias, _)| alias.eq_ignore_ascii_case(name))
            .map_or(name, |(_, canonical)| canonical);
        let mut chars = name.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(c), None) if !c.is_control() => KeyCode::Char(c.to_ascii_lowercase()),
            _ => match NAMED.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
                Some(&(_, code)) => code,
                None => function_key(name).ok_or_else(unknown)?,
            },
        };
        Ok(Key { code, ctrl })
    }
}

/// `F1` to `F24`.
fn function_key(name: &str) -> Option<KeyCode> {
    let digits = name.strip_prefix(['F', 'f'])?;
    let n: u8 = digits.parse().ok()?;
    (1..=24).contains(&n).then_some(KeyCode::F(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_binding_has_its_own_name_and_its_keys_read_back() {
        for (i, binding) in KEYMAP.iter().enumerate() {
            assert!(
                KEYMAP[i + 1..].iter().all(|b| b.name != binding.name),
                "{} twice",
                binding.name
            );
            for &key in binding.keys {
                assert_eq!(Key::parse(&key.spelling()), Ok(key), "{key:?}");
            }
        }
    }

    #[test]
    fn keys_are_read_in_any_case_with_aliases() {
        assert_eq!(Key::parse("x"), Ok(ch('x')));
        assert_eq!(Key::parse("X"), Ok(ch('x')));
        assert_eq!(Key::parse("ctrl+W"), Ok(ctrl('w')));
        assert_eq!(Key::parse("escape"), Ok(ESC));
        assert_eq!(Key::parse("PgDn"), Ok(key(KeyCode::PageDown)));
        assert_eq!(Key::parse("f5"), Ok(key(KeyCode::F(5))));
        for bad in ["", "Ctrl+", "Hyper", "F25", "xy"] {
            assert!(Key::parse(bad).is_err(), "{bad:?}");
        }
    }
}
