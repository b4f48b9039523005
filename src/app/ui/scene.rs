//! What the views are given to draw from: the parts of the screen's state,
//! borrowed, and the answers to the questions the views ask of them,
//! worked out once by the router (`view.rs`). No view sees `App`.

use crate::app::action::Action;
use crate::app::computer::engine::Computer;
use crate::app::config::Config;
use crate::app::config::file::ConfigFile;
use crate::app::files::naming::Naming;
use crate::app::files::state::Files;
use crate::app::game::board_view::BoardView;
use crate::app::game::clock::ClockFace;
use crate::app::game::session::Session;
use crate::app::keys::keymap::{Context, KeyBindings};
use crate::app::message::Message;
use crate::app::remote_game::either::Remote;
use crate::app::review::state::GameReview;
use crate::app::screen::Screen;
use crate::app::ui::theme::Theme;
use crate::core::{Game, Move, MoveReport, Player, TimeControl};

/// The screen as the views see it, for one frame.
pub struct Scene<'a> {
    pub theme: Theme,
    pub config: &'a Config,
    pub config_file: &'a ConfigFile,
    /// What is open over the board.
    pub screen: &'a Screen,
    /// The status line's message.
    pub message: Option<&'a Message>,
    /// The game and its players.
    pub session: &'a Session,
    /// The players' names, Player 1's first: the computer's where it plays.
    pub names: [&'a str; 2],
    /// The cursor, the position looked at.
    pub board: &'a BoardView,
    pub computer: &'a Computer,
    pub review: &'a GameReview,
    pub files: &'a Files,
    /// How the screens name the player's files.
    pub naming: Naming,
    /// The remote game on the board, the friend's or the lobby's.
    pub remote: Remote<'a>,
    /// What a stone at the cursor would do.
    pub preview: Option<MoveReport>,
    /// The hint found for the position on the board, when shown.
    pub hint: Option<Move>,
    /// Whether the heat map is shown.
    pub analysis_shown: bool,
    /// Both clocks, Black's holder first, while the game has them.
    pub clock_faces: Option<[ClockFace; 2]>,
    /// The settings that wait for the next game.
    pub settings_waiting: Vec<String>,
    /// What the side panel says about the files and the game.
    pub panel_notes: Vec<Message>,
    /// Whether an action would do anything now (the key lines offer only
    /// those).
    pub offers: Box<dyn Fn(Action) -> bool + 'a>,
}

impl Scene<'_> {
    pub fn theme(&self) -> Theme {
        self.theme
    }

    pub fn config(&self) -> &Config {
        self.config
    }

    /// The keys in force.
    pub fn keys(&self) -> &KeyBindings {
        &self.config.keys
    }

    /// What the keyboard is talking to now.
    pub fn context(&self) -> Context {
        self.screen.context()
    }

    pub fn screen(&self) -> &Screen {
        self.screen
    }

    pub fn message(&self) -> Option<&Message> {
        self.message
    }

    pub fn game(&self) -> &Game {
        self.session.game()
    }

    pub fn board(&self) -> &BoardView {
        self.board
    }

    pub fn computer(&self) -> &Computer {
        self.computer
    }

    /// The name of Player 1 or Player 2.
    pub fn name(&self, player: Player) -> &str {
        self.names[player.index()]
    }

    pub fn offers(&self, action: Action) -> bool {
        (self.offers)(action)
    }

    /// Whether leaving now would lose a game: moves played, nobody has won.
    pub fn game_in_progress(&self) -> bool {
        self.session.in_progress()
    }

    /// The time control of the game on the board.
    pub fn clock_control(&self) -> Option<TimeControl> {
        self.session.clock().map(|c| c.control())
    }

    /// The player who ran out of time, ending the game.
    pub fn lost_on_time(&self) -> Option<Player> {
        self.session.out_of_time()
    }

    /// `Bob (White) ran out of time: Ann (Black) wins on time.`
    pub fn on_time_text(&self, loser: Player) -> String {
        crate::app::message::on_time_text(self.game(), self.names, loser)
    }
}
