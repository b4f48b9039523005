//! `brique online games NAME --server HOST:PORT`: a player's finished
//! games on a lobby server (`brique server --lobby`), listed, and with
//! `--download DIR` saved as game records there. `brique online rename
//! NEW --server HOST:PORT`: this key takes another name there. `brique
//! online bot --server HOST:PORT --name NAME --gtp "PROGRAM ARGS"`: a GTP
//! engine brought into the lobby as a bot (src/online/bot_bridge).
//! `brique online tournaments --server HOST:PORT [--id N]`: the lobby's
//! tournaments, or one's standings and rounds (`online/tournaments.rs`).

mod tournaments;

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use crate::net::lookup;
use crate::online::bot_bridge::{self, AcceptFilter, BridgeConfig};
use crate::online::protocol::{Answer, Ask, FinishedGame, GameId, TournamentId};
use crate::online::{Client, Identity, KEY_FILE, KNOWN_SERVERS_FILE};
use crate::storage::{Paths, atomic_create};

/// How long each answer from the server may take.
const WAIT: Duration = Duration::from_secs(20);

/// `brique online`.
#[derive(clap::Args, Debug)]
pub struct OnlineArgs {
    #[command(subcommand)]
    pub command: OnlineCommand,
}

#[derive(clap::Subcommand, Debug)]
pub enum OnlineCommand {
    /// A player's finished games on a lobby server, newest first.
    Games(GamesArgs),
    /// Takes another name on a lobby server (once in 30 days; the games
    /// played keep the name they were played under).
    Rename(RenameArgs),
    /// Brings a GTP engine into a lobby as a bot: it accepts the
    /// challenges made to it, one game at a time, and the engine plays.
    Bot(BotArgs),
    /// A lobby server's tournaments (upcoming, running, the latest
    /// finished), or with --id one tournament's standings and rounds.
    Tournaments(TournamentsArgs),
}

/// `brique online tournaments`.
#[derive(clap::Args, Debug)]
pub struct TournamentsArgs {
    /// The lobby: `brique server --lobby`'s address and lobby port.
    #[arg(long, value_name = "HOST:PORT")]
    pub server: String,
    /// One tournament's number (the `#N` of the list): its standings
    /// and rounds.
    #[arg(long, value_name = "N")]
    pub id: Option<u64>,
    /// The key file proving who connects (default: `online.key` in the
    /// data directory, made at first use).
    #[arg(long, value_name = "PATH")]
    pub key: Option<PathBuf>,
}

/// `brique online bot`.
#[derive(clap::Args, Debug)]
pub struct BotArgs {
    /// The lobby: `brique server --lobby`'s address and lobby port.
    #[arg(long, value_name = "HOST:PORT")]
    pub server: String,
    /// The bot's name on the server (taken at the first connection).
    #[arg(long)]
    pub name: String,
    /// The engine's command line, split as a shell would but run with no
    /// shell, e.g. "brique gtp --level hard".
    #[arg(long, value_name = "COMMAND ARGS")]
    pub gtp: String,
    /// The bot's key file (default: `bot-NAME.key` in the data directory,
    /// made at first use, one per name).
    #[arg(long, value_name = "PATH")]
    pub key: Option<PathBuf>,
    /// Which challenges to accept: a comma list of `size=N` or
    /// `size=MIN-MAX`, `variant=original|revised` and `pace=clock|days`,
    /// e.g. `size=5-13,variant=original,pace=clock`; `any` takes all.
    #[arg(long, value_name = "FILTER", default_value = "any")]
    pub accept: AcceptFilter,
}

/// `brique online rename`.
#[derive(clap::Args, Debug)]
pub struct RenameArgs {
    /// The new name.
    pub name: String,
    /// The lobby: `brique server --lobby`'s address and lobby port.
    #[arg(long, value_name = "HOST:PORT")]
    pub server: String,
    /// The key file proving who connects (default: `online.key` in the
    /// data directory).
    #[arg(long, value_name = "PATH")]
    pub key: Option<PathBuf>,
}

/// `brique online games`.
#[derive(clap::Args, Debug)]
pub struct GamesArgs {
    /// The player's name on the server.
    pub name: String,
    /// The lobby: `brique server --lobby`'s address and lobby port.
    #[arg(long, value_name = "HOST:PORT")]
    pub server: String,
    /// Save each game as a record in this folder (`online-GAME.brique`);
    /// a file already there is kept.
    #[arg(long, value_name = "DIR")]
    pub download: Option<PathBuf>,
    /// The key file proving who connects (default: `online.key` in the
    /// data directory, made at first use).
    #[arg(long, value_name = "PATH")]
    pub key: Option<PathBuf>,
}

pub fn run(args: &OnlineArgs) -> ExitCode {
    let done = match &args.command {
        OnlineCommand::Games(games) => list_games(games),
        OnlineCommand::Rename(rename) => rename_key(rename),
        OnlineCommand::Bot(bot) => run_bot(bot),
        OnlineCommand::Tournaments(args) => show_tournaments(args),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err((code, why)) => {
            if !why.is_empty() {
                eprintln!("brique online: {why}");
            }
            code
        }
    }
}

/// The key file: `--key`, or the data directory's.
fn key_file(key: Option<&PathBuf>) -> Result<PathBuf, Failure> {
    match key {
        Some(key) => Ok(key.clone()),
        None => Paths::from_platform(None, None)
            .map(|p| p.data_dir.join(KEY_FILE))
            .ok_or_else(|| fail("no home directory for the key file: give --key PATH")),
    }
}

fn rename_key(args: &RenameArgs) -> Result<(), Failure> {
    // Said here, before connecting, as the server would say it.
    crate::online::check_name(&args.name).map_err(|e| (ExitCode::from(2), e.to_string()))?;
    let server = lookup(&args.server).map_err(|e| (ExitCode::from(2), e.to_string()))?;
    let key = key_file(args.key.as_ref())?;
    if !key.is_file() {
        return Err(fail(format!(
            "no key at {}: connect with a name first (the Online screen)",
            key.display()
        )));
    }
    let identity = Identity::load_or_create(&key).map_err(fail)?;
    let known = key.with_file_name(KNOWN_SERVERS_FILE);
    let (mut client, welcome) = Client::connect(server, &identity, None, &known).map_err(fail)?;
    let ask = Ask::Rename {
        name: args.name.clone(),
    };
    let Answer::Renamed { name } = client.request(ask, WAIT).map_err(fail)? else {
        return Err(fail("the server answered something else"));
    };
    let old = welcome.name.unwrap_or_default();
    super::print_stdout(&format!("renamed {old} to {name} on {}\n", args.server))
        .map_err(|code| (code, String::new()))
}

/// A bot's own key file in the data directory: `bot-NAME.key`, the name
/// written with letters, digits, `-` and `_` as they are and every other
/// byte as `%XX`, so that each name has a file of its own.
pub fn bot_key_file_name(name: &str) -> String {
    let mut file = String::from("bot-");
    for byte in name.bytes() {
        if byte.is_ascii_alphanumeric() || byte == b'-' || byte == b'_' {
            file.push(char::from(byte));
        } else {
            file.push_str(&format!("%{byte:02X}"));
        }
    }
    file.push_str(".key");
    file
}

fn run_bot(args: &BotArgs) -> Result<(), Failure> {
    let usage = |why: String| (ExitCode::from(2), why);
    let name = crate::online::check_name(&args.name)
        .map_err(|e| usage(e.to_string()))?
        .shown;
    let engine =
        shlex::split(&args.gtp).ok_or_else(|| usage("--gtp: a quote is not closed".to_string()))?;
    if engine.is_empty() {
        return Err(usage("--gtp: no engine command given".to_string()));
    }
    let server = lookup(&args.server).map_err(|e| usage(e.to_string()))?;
    let key = match &args.key {
        Some(key) => key.clone(),
        None => Paths::from_platform(None, None)
            .map(|p| p.data_dir.join(bot_key_file_name(&name)))
            .ok_or_else(|| fail("no home directory for the key file: give --key PATH"))?,
    };
    let identity = Identity::load_or_create(&key).map_err(fail)?;
    let config = BridgeConfig {
        server,
        name,
        engine,
        identity,
        known_servers: key.with_file_name(KNOWN_SERVERS_FILE),
        accept: args.accept.clone(),
    };
    bot_bridge::run(&config, std::io::stdout()).map_err(fail)
}

type Failure = (ExitCode, String);

fn fail(why: impl std::fmt::Display) -> Failure {
    (ExitCode::FAILURE, why.to_string())
}

fn list_games(args: &GamesArgs) -> Result<(), Failure> {
    let server = lookup(&args.server).map_err(|e| (ExitCode::from(2), e.to_string()))?;
    let key = key_file(args.key.as_ref())?;
    let identity = Identity::load_or_create(&key).map_err(fail)?;
    // Looking needs no name: a new key connects without one.
    let known = key.with_file_name(KNOWN_SERVERS_FILE);
    let (mut client, _) = Client::connect(server, &identity, None, &known).map_err(fail)?;
    let ask = Ask::Archive {
        name: args.name.clone(),
    };
    let Answer::Archive { games } = client.request(ask, WAIT).map_err(fail)? else {
        return Err(fail("the server answered something else"));
    };
    let mut out = String::new();
    if games.is_empty() {
        out.push_str(&format!(
            "{} has no finished games on this server\n",
            args.name
        ));
    }
    for game in &games {
        out.push_str(&line(game));
    }
    super::print_stdout(&out).map_err(|code| (code, String::new()))?;
    if let Some(dir) = &args.download {
        for game in &games {
            let saved = download(&mut client, game.game, dir)?;
            super::print_stdout(&format!("{saved}\n")).map_err(|code| (code, String::new()))?;
        }
    }
    Ok(())
}

fn show_tournaments(args: &TournamentsArgs) -> Result<(), Failure> {
    let server = lookup(&args.server).map_err(|e| (ExitCode::from(2), e.to_string()))?;
    let key = key_file(args.key.as_ref())?;
    let identity = Identity::load_or_create(&key).map_err(fail)?;
    // Looking needs no name: a new key connects without one.
    let known = key.with_file_name(KNOWN_SERVERS_FILE);
    let (mut client, _) = Client::connect(server, &identity, None, &known).map_err(fail)?;
    let text = match args.id {
        None => tournaments::list_text(&client.tournaments(WAIT).map_err(fail)?),
        Some(id) => {
            let page = client.tournament(TournamentId(id), WAIT).map_err(fail)?;
            tournaments::page_text(&page)
        }
    };
    super::print_stdout(&text).map_err(|code| (code, String::new()))
}

/// `#12  alice - bob  9x9 original 10+0 rated  Black wins  41 moves`.
fn line(game: &FinishedGame) -> String {
    let t = &game.terms;
    format!(
        "#{}  {} - {}  {}x{} {} {}{} {}  {}  {} moves\n",
        game.game,
        game.names[0],
        game.names[1],
        t.size,
        t.size,
        t.variant,
        t.pace,
        if t.pie { " pie" } else { "" },
        if t.rated { "rated" } else { "casual" },
        game.result,
        game.moves
    )
}

/// Saves game `game`'s record in `dir`; says where, or that a file was kept.
fn download(client: &mut Client, game: GameId, dir: &Path) -> Result<String, Failure> {
    let Answer::Record { text } = client.request(Ask::Record { game }, WAIT).map_err(fail)? else {
        return Err(fail("the server answered something else"));
    };
    // The server's text is checked as any record read from a file would be.
    crate::core::Record::parse(&text).map_err(|e| fail(format!("game {game}'s record: {e}")))?;
    std::fs::create_dir_all(dir).map_err(|e| fail(format!("{}: {e}", dir.display())))?;
    let path = dir.join(format!("online-{game}.brique"));
    match atomic_create(&path, text.as_bytes()) {
        Ok(()) => Ok(format!("saved {}", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            Ok(format!("kept {} (already there)", path.display()))
        }
        Err(e) => Err(fail(format!("{}: {e}", path.display()))),
    }
}
