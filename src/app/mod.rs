//! The game screen: config, the ratatui application and its event loop.
//!
//! The app is Elm-like. Keys become [`Action`]s through the one
//! [`keymap::KEYMAP`] table ([`action_for`], pure); [`App::update`]
//! (`update.rs`) looks at the clocks once, routes the action to the feature
//! that owns what is open, and returns what must happen outside the state as
//! `Effect`s, which `App::perform` alone carries out (write the settings or a
//! record, list, rename, open or delete saved games, read the results, step
//! the engine's thread, write the autosave): after every update one effect,
//! `FollowTheGame`, brings the network game, the engine and the autosave in
//! line with the state. The view is a pure render (`impl Widget for &App`,
//! `view.rs`, the one reader of `&App`) that hands each part of the screen
//! to its feature's view, with the `Scene` it builds (`ui/scene.rs`: the
//! state's parts borrowed, and the answers to the views' questions).
//!
//! At the root, the leaves every feature names ([`Action`], [`Message`],
//! [`Screen`]), `App` itself (`state.rs`), `update.rs` and `view.rs`. Each
//! folder is one feature, holding its state, its key handling and its view:
//! `terminal/` (taking the terminal over, what it can draw, signals, pastes,
//! the event loop, remote sessions), `keys/` (the table, the keys in force,
//! resolving events), `config/` (the settings file and its sections), `game/`
//! (the session and its clocks, the cursor, the moves the keys make by game
//! mode, browsing the past; the board and the panel drawn), `computer/` (the
//! engine's searches, its turns, its board keys, resigning; its thinking,
//! progress and heat map drawn), `network/`, `files/` (autosave, records,
//! results and their screens), `settings/`, `training/`, and `ui/` (theme,
//! palette, layout, wrap, the text field, dialogs, pages, the status line),
//! `review/` (the engine's review of the game: its thread, chart and marks),
//! `online/` (the lobby server: the Online screen, online games on the board).
//! A feature's fields are its own: others ask through methods, and no lower
//! file imports a higher one (`App` in `state.rs` above the features' parts,
//! the files that act for `App` above it).
//!
//! To add a feature: a folder for it (or a file in the feature it belongs
//! to) with its state as a type of its own, whose methods answer its keys
//! and effects with an `Outcome` (what to say, the `Effect`s to carry out:
//! `flow/`: `outcome.rs`, `effect.rs`, both leaves), given the parts of the screen
//! they act on (the `Screen`, the board's view), and a `view` file; `App`
//! routes to it (`update.rs`) and applies what it answers (no new methods
//! on `App`);
//! an [`Action`] variant and a named line in the keymap table,
//! `keys/table.rs`, with its default keys in `config.example.toml` (the help
//! and the hint line follow); a [`Screen`] variant if it opens over the
//! board, routed in `update.rs` (board keys by game mode in `game/play.rs`);
//! a text field is a [`TextInput`] whose `handle` says Editing, Submitted or
//! Cancelled; anything it must do outside the state (files, threads,
//! sockets) is an `Effect` variant, carried out in `App::perform`; its
//! drawing is called from `view.rs`. A setting is a field of a section
//! struct in `config/mod.rs`, read and written by serde, and a field of the
//! settings form (`settings/form.rs`). The event loop
//! (`terminal/event_loop.rs`) sleeps on one channel: the console's input
//! comes through it, and the threads working for the app (the engine, the
//! review, the links, the autosave writer) ring a bell into it
//! (`crate::bell`), on which it sends [`Action::Tick`]; no tick while idle,
//! a running clock wakes it when the time shown changes. It runs a console: the local terminal
//! (`terminal/local.rs`), which answers the signals (`terminal/signals.rs`)
//! with the terminal restored (`terminal/takeover.rs`), or a remote
//! session's byte channel ([`remote`], for the SSH server), which reads
//! nothing of the process. Both open the app where its files are
//! (`terminal/start.rs`). The screen's own data in saved games (`x-` lines) is
//! listed in `files/screen_lines.rs`.

mod action;
mod computer;
pub mod config;
mod files;
mod flow;
mod game;
mod keys;
mod message;
mod network;
mod online;
mod remote_game;
mod review;
mod screen;
mod settings;
mod state;
mod terminal;
mod training;
mod ui;
mod update;
mod view;
mod welcome;

pub use action::{Action, Direction, Edit, FirstGame, HistoryStep};
pub use computer::engine::{EngineSnapshot, Job};
pub use computer::heat::Heat;
pub use computer::slots::{Priority, SearchSlots, Slot};
pub use config::engine::{EngineConfig, Mode, ReviewTime, Threads};
pub use config::file::{ConfigFile, Loaded, Notice, Saved};
pub use config::{
    BoardColours, Colour, Config, LobbyServers, NetworkConfig, PALETTES, RelayServer, ThemeName,
};
pub use files::autosave::Opening;
pub use files::state::{RecordList, ResultsRead};
pub use game::board_widget::{BoardOverlay, BoardWidget, SquareMarks};
pub use game::clock::ClockFace;
pub use game::threats::{Threat, exposed, threats};
pub use keys::keymap;
pub use keys::keymap::action_for;
pub use message::{Message, Tone};
pub use network::form::{NetForm, NetFormKind};
pub(crate) use network::play::name_for_friends;
pub use network::state::NetPlay;
pub use screen::{HelpOver, Question, Screen};
pub use settings::form::{Field, SettingsForm};
pub use state::App;
pub use terminal::capabilities::{Depth, TermCaps, detect};
pub use terminal::remote;
pub use terminal::start::Locations;
pub use training::state::{Course, Feedback, Training};
pub use ui::layout;
pub use ui::pages::{help_lines, help_max_scroll};
pub use ui::text_input::TextInput;
pub use ui::theme::{Highlight, Marker, Theme};

use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;

/// Command-line options of the game screen (`brique [OPTIONS] [FILE]`).
#[derive(clap::Args, Debug, Default, Clone)]
pub struct PlayArgs {
    /// The config file to use (default: the platform config directory;
    /// the BRIQUE_CONFIG environment variable also sets it).
    #[arg(long, value_name = "PATH")]
    pub config: Option<PathBuf>,
    /// Start a new game instead of resuming the unfinished one.
    #[arg(long)]
    pub new: bool,
    /// Open a game record.
    #[arg(long, value_name = "FILE", conflicts_with = "file")]
    pub load: Option<PathBuf>,
    /// Open a game record (same as --load).
    #[arg(value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// Draw with this theme for this run only: color, mono or ascii.
    #[arg(long, value_name = "THEME", value_parser = ThemeName::from_arg)]
    pub theme: Option<ThemeName>,
    /// Open the lessons or the puzzles (`brique learn`, `brique puzzles`).
    #[arg(skip)]
    pub training: Option<Course>,
    /// The puzzles file to show (`brique puzzles --file`).
    #[arg(skip)]
    pub puzzles: Option<PathBuf>,
    /// Host or join a game over the network (`brique host`, `brique join`).
    #[arg(skip)]
    pub network: Option<NetPlay>,
}

impl PlayArgs {
    /// What the screen opens at start-up.
    pub fn opening(&self) -> Opening {
        Opening {
            record: self.load.clone().or_else(|| self.file.clone()),
            new: self.new,
        }
    }
}

/// Runs the game screen until the player quits.
pub fn run(args: &PlayArgs) -> ExitCode {
    let Some(terminal) = terminal::capabilities::from_env(args.theme) else {
        eprintln!("{}", terminal::capabilities::DUMB);
        return ExitCode::from(2);
    };
    if !std::io::stdout().is_terminal() {
        eprintln!(
            "brique: the game needs a terminal (standard output is not one); \
             `brique show` prints a game as text."
        );
        return ExitCode::from(2);
    }
    let env_config = std::env::var_os("BRIQUE_CONFIG").map(PathBuf::from);
    let locations = Locations::resolve(args.config.clone(), env_config);
    let mut app = terminal::start::open_app(Some(locations), terminal, &args.opening());
    app.use_puzzle_file(args.puzzles.clone());
    // A friend's game through a relay left unfinished goes on.
    let network = args.network.or_else(|| {
        (args.training.is_none() && args.opening().record.is_none())
            .then(|| network::relay::Kept::of(app.files.extra(), app.game_in_progress()).network())
            .flatten()
    });
    if network.is_none() {
        app.connect_online_if_set();
    }
    if let Some(course) = args.training {
        app.open_training(course);
    } else if network.is_none() && args.opening().record.is_none() {
        app.welcome_if_first_start();
    }
    if let Some(play) = network
        && let Err(e) = app.start_network(play)
    {
        eprintln!("brique: {e}");
        return ExitCode::FAILURE;
    }
    match terminal::takeover::with_terminal(|screen| terminal::local::run(screen, &mut app)) {
        Ok(None) => ExitCode::SUCCESS,
        // The game is saved and the terminal restored: end as the signal
        // asked, so the shell sees it.
        Ok(Some(signal)) => {
            let _ = signal_hook::low_level::emulate_default_handler(signal);
            ExitCode::from(128 + u8::try_from(signal).unwrap_or(0))
        }
        Err(e) => {
            eprintln!("brique: the terminal failed: {e}");
            ExitCode::FAILURE
        }
    }
}
