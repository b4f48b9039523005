//! The table of commands: each one's name, short form, arguments and help
//! line. Both the parser (`command.rs`) and `help` read it, so the two
//! cannot drift apart.

/// What a command does, before its arguments are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    Swap,
    Undo,
    Resign,
    Hint,
    Pass,
    Board,
    Row,
    Column,
    SquareInfo,
    Chains,
    Last,
    Moves,
    Status,
    New,
    Settings,
    Help,
    Quit,
    Learn,
    Puzzles,
    Next,
    Game,
    Review,
    Host,
    Join,
    Leave,
    Online,
    Seeks,
    Seek,
    Accept,
    Challenge,
    Cancel,
    Games,
    Watch,
    Players,
    Chat,
}

/// One line of the table: how a command is typed and what `help` says of it.
pub struct Spec {
    pub verb: Verb,
    pub name: &'static str,
    /// A shorter spelling, if any. None for `resign` (too easy to type by
    /// accident) and none that a square could be read as.
    pub short: Option<&'static str>,
    pub args: &'static str,
    pub help: &'static str,
}

/// Every command, in the order `help` lists them.
pub const COMMANDS: &[Spec] = &[
    Spec {
        verb: Verb::Board,
        name: "board",
        short: Some("b"),
        args: "",
        help: "reads the board a row a line from the top; each row names runs of \
               squares, as in \"9: a9 to d9 empty, e9 Black, f9 to i9 empty\"",
    },
    Spec {
        verb: Verb::Row,
        name: "row",
        short: None,
        args: "N",
        help: "reads row N from left to right",
    },
    Spec {
        verb: Verb::Column,
        name: "column",
        short: Some("col"),
        args: "X",
        help: "reads column X from top to bottom",
    },
    Spec {
        verb: Verb::SquareInfo,
        name: "square",
        short: Some("sq"),
        args: "e5",
        help: "who holds a square, its escorts, what a stone there would fill or \
               capture, and whether it is threatened",
    },
    Spec {
        verb: Verb::Chains,
        name: "chains",
        short: Some("ch"),
        args: "",
        help: "each side's chains and how far each is from its edges",
    },
    Spec {
        verb: Verb::Last,
        name: "last",
        short: Some("l"),
        args: "",
        help: "the last move and what it did",
    },
    Spec {
        verb: Verb::Moves,
        name: "moves",
        short: Some("m"),
        args: "",
        help: "every move of the game",
    },
    Spec {
        verb: Verb::Status,
        name: "status",
        short: Some("st"),
        args: "",
        help: "whose turn it is, the clocks and the computer's level",
    },
    Spec {
        verb: Verb::Swap,
        name: "swap",
        short: None,
        args: "",
        help: "on White's first turn, takes Black's stone as your own (the pie rule)",
    },
    Spec {
        verb: Verb::Undo,
        name: "undo",
        short: Some("u"),
        args: "",
        help: "takes back the last move (against the computer, its move and yours)",
    },
    Spec {
        verb: Verb::Hint,
        name: "hint",
        short: Some("h"),
        args: "",
        help: "asks the computer for a move",
    },
    Spec {
        verb: Verb::Pass,
        name: "pass",
        short: None,
        args: "",
        help: "is refused: Brique has no pass",
    },
    Spec {
        verb: Verb::Resign,
        name: "resign",
        short: None,
        args: "",
        help: "gives up the game",
    },
    Spec {
        verb: Verb::New,
        name: "new",
        short: None,
        args: "[people | computer LEVEL] [SIZE] [original | revised] [pie | nopie]",
        help: "starts a new game; what you leave out is as in the last game. \
               Levels: easy, casual, medium, hard, strongest; sizes 5 to 25",
    },
    Spec {
        verb: Verb::Review,
        name: "review",
        short: Some("rv"),
        args: "",
        help: "the computer reviews the game: its marked moves and the better ones",
    },
    Spec {
        verb: Verb::Learn,
        name: "learn",
        short: None,
        args: "[N]",
        help: "opens the lessons, or lesson N: a square answers a lesson's task",
    },
    Spec {
        verb: Verb::Puzzles,
        name: "puzzles",
        short: Some("pz"),
        args: "[N]",
        help: "opens the puzzles, or puzzle N: win against every defence",
    },
    Spec {
        verb: Verb::Next,
        name: "next",
        short: None,
        args: "",
        help: "goes on to the next lesson or puzzle",
    },
    Spec {
        verb: Verb::Game,
        name: "game",
        short: Some("g"),
        args: "",
        help: "leaves the lessons or puzzles for the game",
    },
    Spec {
        verb: Verb::Host,
        name: "host",
        short: None,
        args: "",
        help: "hosts a game between friends through the relay of your settings \
               ([network] server), on the last game's terms: you are told a code to give",
    },
    Spec {
        verb: Verb::Join,
        name: "join",
        short: None,
        args: "CODE",
        help: "joins, through the relay of your settings, the game whose host gave \
               you CODE (a number and two words, as in 7-guitarist-revenge)",
    },
    Spec {
        verb: Verb::Leave,
        name: "leave",
        short: None,
        args: "",
        help: "leaves the game between friends (the other player is told you left)",
    },
    Spec {
        verb: Verb::Online,
        name: "online",
        short: None,
        args: "",
        help: "connects to the lobby of your settings ([network] online_server), with your online key and online_name; the commands below are the lobby's",
    },
    Spec {
        verb: Verb::Seeks,
        name: "seeks",
        short: None,
        args: "",
        help: "lists the open seeks, numbered",
    },
    Spec {
        verb: Verb::Seek,
        name: "seek",
        short: None,
        args: "[SIZE] [original | revised] [pie | nopie] [rated | casual] [M+S | Nd]",
        help: "offers a game to anyone: what you leave out is as in the last game, at 10+5 (minutes, and seconds a move; Nd is N days a move), rated",
    },
    Spec {
        verb: Verb::Accept,
        name: "accept",
        short: None,
        args: "N",
        help: "takes seek number N of the list: the game starts",
    },
    Spec {
        verb: Verb::Challenge,
        name: "challenge",
        short: None,
        args: "NAME [terms as for seek]",
        help: "offers a game to one player",
    },
    Spec {
        verb: Verb::Cancel,
        name: "cancel",
        short: None,
        args: "",
        help: "withdraws your open seek or challenge",
    },
    Spec {
        verb: Verb::Games,
        name: "games",
        short: None,
        args: "",
        help: "lists the lobby's games in progress, numbered",
    },
    Spec {
        verb: Verb::Watch,
        name: "watch",
        short: None,
        args: "N",
        help: "follows game number N of the list, move by move",
    },
    Spec {
        verb: Verb::Players,
        name: "players",
        short: None,
        args: "",
        help: "says who is connected to the lobby",
    },
    Spec {
        verb: Verb::Chat,
        name: "chat",
        short: None,
        args: "TEXT",
        help: "says TEXT to the other player of your online game",
    },
    Spec {
        verb: Verb::Settings,
        name: "settings",
        short: Some("set"),
        args: "",
        help: "lists the settings and says where they are kept",
    },
    Spec {
        verb: Verb::Help,
        name: "help",
        short: Some("?"),
        args: "",
        help: "lists the commands",
    },
    Spec {
        verb: Verb::Quit,
        name: "quit",
        short: Some("q"),
        args: "",
        help: "ends the program",
    },
];

/// The help text, a line a command, from [`COMMANDS`].
pub fn help_lines() -> Vec<String> {
    let mut lines = vec![
        "Type a square such as e5 to place a stone there. The commands, with their short \
         forms:"
            .to_string(),
    ];
    for spec in COMMANDS {
        let short = spec
            .short
            .map(|s| format!(" (short: {s})"))
            .unwrap_or_default();
        let args = if spec.args.is_empty() {
            String::new()
        } else {
            format!(" {}", spec.args)
        };
        lines.push(format!("{}{args}{short}: {}.", spec.name, spec.help));
    }
    lines
}
