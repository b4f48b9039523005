//! The screen-reader mode (`brique --screen-reader`): the game as plain
//! lines, for screen readers and braille displays, which read lines and
//! hear a redrawn screen as noise. No alternate screen, no cursor
//! addressing, no colours: every event is one line, and the player types
//! one command a line.
//!
//! One idea a file: `spec` (the table of commands and `help`), `command`
//! (a typed line read), `speech` (the announcements), `board_text` (the board read
//! aloud), `table` (the game being played and what the game commands do to
//! it), `computer` (the engine's moves and hints), `clock`, `training`
//! (lessons and puzzles by typed squares), `review` (the engine's review
//! of the game, in lines), `settings` (the
//! settings file, read), `voice` (the sink lines go to), `network` (a game
//! between friends through a relay, `host` and `join CODE`), `lobby`
//! (`online` and the lobby's commands; `lobby_words` reads them and says
//! the lists, `lobby_game` follows the game on the board), `wake` (the
//! loop's one channel: typed lines from a thread of their own, and the
//! network's bell) and `session` (the loop, generic over its input and
//! output, so one loop serves a terminal, a pipe and an SSH channel), and
//! `typed` (a line typed on an SSH channel, edited and echoed here: no
//! terminal driver does it there).
//!
//! Line editing on a terminal is the terminal's own (its cooked mode:
//! backspace, Ctrl-U, Ctrl-W), which screen readers already follow; a line
//! editor crate would redraw the line with cursor movements.

mod board_text;
mod clock;
mod command;
mod computer;
mod lobby;
mod lobby_game;
mod lobby_words;
mod network;
mod review;
mod session;
mod settings;
mod spec;
mod speech;
mod table;
mod training;
mod typed;
mod voice;
mod wake;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc::Receiver;

pub use session::Session;
pub use settings::Settings;
pub use typed::TypedLines;
pub use voice::Voice;
pub use wake::MAX_LINE_BYTES;

use crate::app::remote::{RemoteEnd, RemoteInput};
use crate::app::{ConfigFile, Locations};

/// The line mode's settings when it is chosen: by `--screen-reader`, or
/// by `[ui] screen_reader` in the settings file (`config`, as `--config`).
/// A problem with the file is told on standard error only when the line
/// mode runs (the full screen tells it its own way).
pub fn chosen(flag: bool, config: Option<PathBuf>) -> Option<Settings> {
    let env_config = std::env::var_os("BRIQUE_CONFIG").map(PathBuf::from);
    let locations = Locations::resolve(config, env_config);
    let data_dir = locations.paths.as_ref().map(|p| p.data_dir.clone());
    let Some(path) = locations.config else {
        return flag.then(|| Settings::new(crate::app::Config::default(), None));
    };
    let loaded = ConfigFile::load(path.clone());
    if !flag && !loaded.config.ui.screen_reader {
        return None;
    }
    if let Some(notice) = loaded.notice {
        eprintln!("brique: {}: {}", notice.title, notice.body);
    }
    Some(Settings::new(loaded.config, Some(path)).with_data_dir(data_dir))
}

/// Runs the line mode on standard input and output until `quit` or the
/// end of the input.
pub fn run(settings: Settings) -> ExitCode {
    let stdout = std::io::stdout();
    let mut session = Session::new(Voice::new(stdout.lock()), settings);
    match session.run(|| std::io::stdin().lock()) {
        Ok(()) => ExitCode::SUCCESS,
        // The reader has gone (a closed pipe): nothing is left to say.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("brique: the screen-reader mode stopped: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A remote player's settings, kept at `config` on the server (a guest
/// has none), read quietly: a problem with the file leaves the defaults.
pub fn settings_at(config: Option<PathBuf>) -> Settings {
    match config {
        Some(path) => Settings::on_server(ConfigFile::load(path).config),
        None => Settings::new(crate::app::Config::default(), None),
    }
}

/// The line mode for a remote session (`ssh -tt HOST screen-reader`): its
/// bytes edited into lines here ([`TypedLines`]), its lines sent with
/// `\r\n`, until `quit`, Ctrl-D or the channel's end.
pub fn run_remote(
    settings: Settings,
    input: Receiver<RemoteInput>,
    echo: impl Write + Send + 'static,
    output: impl Write,
) -> std::io::Result<RemoteEnd> {
    let chunks = input.into_iter().map_while(|item| match item {
        RemoteInput::Bytes(bytes) => Some(bytes),
        RemoteInput::Resize { .. } => Some(Vec::new()),
        RemoteInput::Closed => None,
    });
    let mut session = Session::new(Voice::raw(output), settings);
    session.run(move || TypedLines::new(chunks, echo))?;
    Ok(RemoteEnd::Quit)
}
