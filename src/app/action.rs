//! Everything that can happen to the app: what keys, the mouse and the terminal
//! ask for. A leaf: it imports nothing of the app, so every part can name them.

/// A cursor step on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

impl Direction {
    /// The cursor's step on the board: (columns, rows), rows counted upwards.
    pub const fn delta(self) -> (i8, i8) {
        match self {
            Direction::Up => (0, 1),
            Direction::Down => (0, -1),
            Direction::Left => (-1, 0),
            Direction::Right => (1, 0),
        }
    }
}

/// A step through the positions of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HistoryStep {
    Back,
    Forward,
    /// The empty board.
    Start,
    /// The position after the last move, where play goes on.
    Latest,
}

/// An edit of a one-line text field (names, the square prompt), as
/// readline names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    Insert(char),
    Backspace,
    Delete,
    Left,
    Right,
    WordLeft,
    WordRight,
    Home,
    End,
    /// Ctrl-W: the word before the cursor.
    DeleteWordBefore,
    /// Ctrl-U: everything before the cursor.
    DeleteToStart,
    /// Ctrl-K: everything after the cursor.
    DeleteToEnd,
    /// Ctrl-Y: what was cut last, back at the cursor.
    Yank,
}

/// How a first start begins, chosen on the welcome screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstGame {
    /// The lessons.
    Learn,
    /// A game against the computer on 9×9.
    Computer,
    /// Two players at one keyboard on 9×9.
    TwoPlayers,
    /// The usual game: two players on 15×15.
    Usual,
    /// Other players, on a lobby server (the Online screen).
    Online,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// The welcome screen's choice.
    Begin(FirstGame),
    // Playing.
    MoveCursor(Direction),
    /// Place a stone at the cursor.
    Place,
    /// The pie rule: White takes over Black's stone.
    Swap,
    Undo,
    Redo,
    /// Start a new game (asks first while one is in progress).
    NewGame,
    /// Resign the network game (asks first).
    Resign,
    /// Open the line that says something to the other player.
    OpenChat,
    /// Open the form that hosts a network game.
    OpenHost,
    /// Open the form that joins a network game.
    OpenJoin,
    /// The Online screen: the lobby server's seeks, games and players.
    OpenOnline,
    /// Withdraw one's own seek on the Online screen.
    CancelSeek,
    /// The Online screen: leave the lobby server (to connect again, or to another).
    Disconnect,
    /// The Online screen: take another name on the lobby server.
    RenameOnline,
    /// The Online screen's Tournaments page: enter the tournament shown.
    JoinTournament,
    /// The Online screen's Tournaments page: pause one's games in the
    /// arena shown, or be paired again.
    PauseTournament,
    /// The Online screen: the bots online, to challenge one.
    PlayBot,
    /// Ask the engine for a move for the side to move, shown on the board.
    Hint,
    /// Show or hide the heat map of the engine's search.
    ToggleAnalysis,
    /// Review the game with the engine: every position searched, the
    /// moves rated (or, while a review runs, nothing: Esc stops it).
    Review,
    /// The position after the next move the review marked.
    NextMistake,
    /// The position after the previous move the review marked.
    PrevMistake,
    /// Show or hide the escort and danger marks (kept in the settings).
    ToggleEscorts,
    /// Something came or time passed: take in what the engine, the review,
    /// the links and the autosave writer sent (sent by the event loop when
    /// one of them rang, or a clock shown changes).
    Tick,
    /// Leave the program (asks first while a game is in progress).
    Quit,
    /// Step through the positions of the game.
    History(HistoryStep),
    /// Save the game as a record file (asks for its name).
    SaveRecord,
    /// The records screen: open a saved game.
    OpenRecords,
    /// The results screen: wins per player, recent games.
    OpenResults,
    /// Delete the saved game chosen (asks first).
    DeleteRecord,
    /// Narrow the saved games to those holding the words typed.
    FilterRecords,
    /// Give the saved game chosen another file name.
    RenameRecord,

    // Screens and dialogs.
    OpenSettings,
    /// The lessons and puzzles.
    OpenTraining,
    /// The next lesson or puzzle.
    NextItem,
    /// The previous lesson or puzzle.
    PrevItem,
    /// The lesson or puzzle shown, from its start.
    Retry,
    /// The puzzles that win in this many moves: the first not yet solved.
    PuzzleDepth(u8),
    /// Lessons ↔ puzzles.
    SwitchCourse,
    ToggleHelp,
    /// Open the prompt that jumps the cursor to a named square.
    OpenGoTo,
    /// Esc: close what is open.
    Close,
    /// Answer a question with yes.
    Yes,
    /// Answer a question with no.
    No,

    // Forms and prompts.
    Edit(Edit),
    NextField,
    PrevField,
    NextValue,
    PrevValue,
    /// Enter in a prompt or form.
    Submit,
    /// Undo every change made in the settings screen.
    Revert,
    ScrollUp,
    ScrollDown,

    // The mouse and the terminal (cells counted from the top-left, from 0).
    Click {
        column: u16,
        row: u16,
    },
    Hover {
        column: u16,
        row: u16,
    },
    Resize {
        width: u16,
        height: u16,
    },
}
