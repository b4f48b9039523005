//! The game screen's state: the parts that each own theirs, and the questions
//! the view and tests ask of them. `update.rs` routes actions to the parts.

use crate::app::action::{Action, FirstGame};
use crate::app::computer::engine::Computer;
use crate::app::config::Config;
use crate::app::config::file::{ConfigFile, Loaded};
use crate::app::files::state::Files;
use crate::app::flow::effect::Effect;
use crate::app::flow::outcome::{Outcome, Said};
use crate::app::game::board_view::BoardView;
use crate::app::game::session::Session;
use crate::app::keys::keymap::KeyBindings;
use crate::app::message::{Message, StatusLine, Tone};
use crate::app::network::state::Network;
use crate::app::online::state::Online;
use crate::app::remote_game::either::Remote;
use crate::app::review::state::GameReview;
use crate::app::screen::{HelpOver, Screen};
use crate::app::terminal::capabilities::TermCaps;
use crate::app::terminal::remote::confined::Reach;
use crate::app::training::state::{Course, Training};
use crate::app::ui::theme::Theme;
use crate::core::{Game, Move, MoveReport, Player};

/// The game screen.
#[derive(Debug)]
pub struct App {
    pub(in crate::app) config: Config,
    pub(in crate::app) config_file: ConfigFile,
    pub(in crate::app) theme: Theme,
    /// The game and its players.
    pub(in crate::app) session: Session,
    /// The cursor, the move list's scroll, the position looked at.
    pub(in crate::app) board: BoardView,
    /// What is open over the board.
    pub(in crate::app) screen: Screen,
    status: StatusLine,
    quit: bool,
    /// The computer opponent: its searches, hints and analysis.
    pub(in crate::app) computer: Computer,
    /// The autosave, records and results, and what they hold.
    pub(in crate::app) files: Files,
    /// The lessons and puzzles, once opened.
    pub(in crate::app) training: Option<Training>,
    /// The puzzles file of `brique puzzles --file`, shown instead of the
    /// built-in set and the player's own.
    pub(in crate::app) puzzle_file: Option<std::path::PathBuf>,
    /// The network game, when this copy hosts or joined one.
    pub(in crate::app) network: Option<Network>,
    /// The lobby server: its connection, lists and the online game.
    pub(in crate::app) online: Online,
    /// The engine's review of the game, and its thread while it runs.
    pub(in crate::app) review: GameReview,
    /// What the player may reach: a remote session's player is kept to
    /// their own folders and the server's own lobby
    /// (`terminal/remote/confined.rs`).
    pub(in crate::app) reach: Reach,
    /// Rung by the threads working for the app (the engine, the review,
    /// the links, the autosave writer) to wake the event loop.
    pub(in crate::app) bell: crate::bell::Bell,
}

impl App {
    /// An app with the settings read at start-up; `no_color` is whether the
    /// `NO_COLOR` variable is set. Problems reading the settings are shown first.
    pub fn new(loaded: Loaded, no_color: bool) -> App {
        let config = loaded.config;
        let game = new_game(&config);
        let mut session = Session::new(game.clone(), config.players.names.clone());
        session.start_clock(config.game.clock);
        let bell = crate::bell::Bell::default();
        App {
            theme: Theme::on(&config.display, TermCaps::FULL.without_colour(no_color)),
            board: BoardView::new(game.size()),
            session,
            computer: Computer::new(config.engine.mode, config.engine.level).ringing(&bell),
            files: Files::default(),
            config,
            config_file: loaded.file,
            screen: loaded.notice.map_or(Screen::Board, Screen::Notice),
            status: StatusLine::default(),
            quit: false,
            training: None,
            puzzle_file: None,
            network: None,
            online: Online::default(),
            review: GameReview::default(),
            reach: Reach::default(),
            bell,
        }
    }

    /// An app with these settings that never saves them (for tests and
    /// when no config location is known).
    pub fn with_config(config: Config) -> App {
        App::new(
            Loaded {
                config,
                file: ConfigFile::nowhere(),
                notice: None,
            },
            false,
        )
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The keys in force: the table's, or those of `[keys]`.
    pub fn keys(&self) -> &KeyBindings {
        &self.config.keys
    }

    pub fn theme(&self) -> Theme {
        self.theme
    }

    pub fn game(&self) -> &Game {
        self.session.game()
    }

    pub fn screen(&self) -> &Screen {
        &self.screen
    }

    /// The lessons and puzzles, once opened.
    pub fn training(&self) -> Option<&Training> {
        self.training.as_ref()
    }

    /// Shows the puzzles of `file` instead of the built-in set and the
    /// player's own (`brique puzzles --file`); read when the puzzles open.
    pub fn use_puzzle_file(&mut self, file: Option<std::path::PathBuf>) {
        self.puzzle_file = file;
    }

    /// Opens the lessons or puzzles: where the player left them, with the
    /// progress kept in the state directory.
    pub fn open_training(&mut self, course: Course) {
        self.perform(vec![Effect::OpenTraining(Some(course))]);
    }

    pub fn message(&self) -> Option<&Message> {
        self.status.message()
    }

    pub(in crate::app) fn say(&mut self, tone: Tone, text: impl Into<String>) {
        self.status.say(tone, text);
    }

    /// Adds to the message line rather than replacing what the action said.
    pub(in crate::app) fn tell(&mut self, tone: Tone, text: impl Into<String>) {
        self.status.tell(tone, text);
    }

    /// Says what a feature said, and gives back the effects it asked for.
    pub(in crate::app) fn apply(&mut self, outcome: Outcome) -> Vec<Effect> {
        let (said, effects) = outcome.into_parts();
        for said in said {
            match said {
                Said::Say(tone, text) => self.status.say(tone, text),
                Said::Tell(tone, text) => self.status.tell(tone, text),
            }
        }
        effects
    }

    /// A new request replaces the previous message.
    pub(in crate::app) fn clear_message(&mut self) {
        self.status.clear();
    }

    /// Ends the app once this update is done.
    pub(in crate::app) fn quit(&mut self) {
        self.quit = true;
    }

    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// The name of Player 1 or Player 2: the computer's when it plays them.
    pub fn name(&self, player: Player) -> &str {
        self.computer
            .name(player)
            .unwrap_or_else(|| self.session.name(player))
    }

    /// Whether leaving now would lose a game: moves played, nobody has won.
    pub fn game_in_progress(&self) -> bool {
        self.session.in_progress()
    }

    /// What a stone at the cursor would do, while the board has the keyboard
    /// (`None` on an occupied square or when the game is over).
    pub fn preview(&self) -> Option<MoveReport> {
        // Not while the computer is to move: the stone would not be placed.
        if !matches!(self.screen, Screen::Board | Screen::GoTo(_))
            || (self.computer.to_move(self.session.game()) && self.board.viewing().is_none())
        {
            return None;
        }
        let position = self.board.shown_game(self.session.game()).position();
        position.preview(Move::Place(self.board.cursor())).ok()
    }

    /// Whether `action` would do anything now, so that the key line offers
    /// only the keys that work (no swap when the pie rule is not open).
    pub fn offers(&self, action: Action) -> bool {
        let game = self.session.game();
        let over = game.is_over() || self.session.out_of_time().is_some();
        match action {
            // The lessons and puzzles say what works there.
            _ if matches!(
                self.screen,
                Screen::Training
                    | Screen::Help {
                        over: HelpOver::Training,
                        ..
                    }
            ) =>
            {
                self.training.as_ref().is_none_or(|t| t.offers(action))
            }
            // The welcome offers online play only where the Online screen
            // opens (not to a guest of a remote session).
            Action::Begin(FirstGame::Online) => {
                let keeps_files = self.files.paths().is_some();
                self.reach.online_refused(keeps_files).is_none()
            }
            // No engine help while an online game goes on (online/aids.rs).
            Action::Hint
            | Action::ToggleAnalysis
            | Action::Review
            | Action::NextMistake
            | Action::PrevMistake
                if self.online.bars_engine_aids() =>
            {
                false
            }
            // The server keeps an online game: a take-back is asked of the
            // other player, nothing is redone.
            Action::Undo if self.online.on_board() => self.online.playing() && game.can_undo(),
            Action::Redo if self.online.on_board() => false,
            Action::Place | Action::Swap if self.online.watching() => false,
            // One's own online game goes on at the server until it ends.
            // (On the Online screen, the same key seeks another.)
            Action::NewGame if self.online.playing() => matches!(self.screen, Screen::Online(_)),
            Action::OpenRecords | Action::OpenTraining if self.online.playing() => false,
            Action::NextValue
            | Action::CancelSeek
            | Action::Disconnect
            | Action::RenameOnline
            | Action::PlayBot
                if matches!(self.screen, Screen::Online(_)) =>
            {
                match &self.screen {
                    Screen::Online(page) => self.online.page_offers(page, action),
                    _ => true,
                }
            }
            // Nor on the other player's turn in a network game.
            Action::Swap => {
                self.board.viewing().is_none()
                    && !over
                    && game.position().can_swap()
                    && !self.computer.to_move(self.session.game())
                    && !Remote::of(&self.network, &self.online).peer_to_move(game)
            }
            Action::Undo => game.can_undo(),
            Action::Redo => game.can_redo(),
            Action::Place => {
                (!over && !Remote::of(&self.network, &self.online).peer_to_move(game))
                    || self.board.viewing().is_some()
            }
            Action::Hint => !over && !self.computer.to_move(self.session.game()),
            Action::Review => !game.history().is_empty(),
            Action::NextMistake | Action::PrevMistake => self.review.of(game).is_some(),
            // A question is answered yes or no: `q` there is no third way.
            Action::Quit => !matches!(self.screen, Screen::Confirm(_)),
            _ => true,
        }
    }

    /// The hint found for the position on the board.
    pub fn hint(&self) -> Option<Move> {
        let hint = self.computer.hint(self.session.game().position());
        hint.filter(|_| !self.online.bars_engine_aids())
    }

    /// Whether the heat map is shown.
    pub fn analysis_shown(&self) -> bool {
        self.computer.analysis_shown() && !self.online.bars_engine_aids()
    }

    /// How long the event loop may sleep, though nothing rings, before it
    /// sends [`crate::app::Action::Tick`]: a demo's pace, a search waiting
    /// for a slot, a lost lobby connection's next try. `None`: sleep until
    /// something comes (the engine, the review and the links ring).
    pub fn tick_interval(&self) -> Option<std::time::Duration> {
        let reconnect = self.online.reconnect_in();
        self.computer
            .tick_interval()
            .into_iter()
            .chain(reconnect)
            .min()
    }

    /// The computer opponent: its mode, its searches and what they found.
    pub fn computer(&self) -> &Computer {
        &self.computer
    }

    /// The board's view: the cursor, the position looked at.
    pub fn board(&self) -> &BoardView {
        &self.board
    }

    /// The engine's review of the game.
    pub fn review(&self) -> &GameReview {
        &self.review
    }

    /// The files: the autosave, the records and results screens' lists.
    pub fn files(&self) -> &Files {
        &self.files
    }

    /// What the side panel says about the files and the position shown.
    pub fn panel_notes(&self) -> Vec<Message> {
        let failing = self.files.failing().then(|| {
            Message::new(
                crate::app::message::Tone::Warning,
                "Not saved: the game is in memory only.",
            )
        });
        let notes = [self.history_note(), self.files.note().cloned(), failing];
        Remote::of(&self.network, &self.online)
            .notes(&self.session)
            .into_iter()
            .chain(notes.into_iter().flatten())
            .collect()
    }
}

pub(in crate::app) fn new_game(config: &Config) -> Game {
    Game::new(config.game.size, config.game.rules(), config.players.black)
}
