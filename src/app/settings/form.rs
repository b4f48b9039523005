//! The settings screen's form: the values being edited and which field has focus.

use crate::ai::Level;
use crate::app::action::Edit;
use crate::app::config::engine::{Mode, ReviewTime, Threads};
use crate::app::config::{BoardColours, Config, NAME_MAX_CHARS, PALETTES, ThemeName, check_names};
use crate::app::ui::text_input::TextInput;
use crate::core::{BoardSize, Player, TimeControl, Variant};
use strum::VariantArray;

/// The time controls the settings offer after "off": minutes each, seconds
/// added per move.
const CLOCKS: [(u16, u16); 7] = [(0, 2), (1, 1), (3, 2), (5, 3), (10, 5), (15, 10), (30, 20)];

/// The fields of the settings screen, top to bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, VariantArray)]
pub enum Field {
    Player1,
    Player2,
    Black,
    Pie,
    Rules,
    Size,
    Mode,
    Level,
    Clock,
    Threads,
    Ponder,
    Resign,
    /// A game review's time per position.
    Review,
    Theme,
    Colours,
    /// The screen-reader mode, from the next start.
    ScreenReader,
    /// An action row: opens the form that hosts a network game.
    Host,
    /// An action row: opens the form that joins a network game.
    Join,
    /// An action row: opens the Online screen.
    Online,
}

impl Field {
    pub const fn label(self) -> &'static str {
        match self {
            Field::Player1 => "Player 1",
            Field::Player2 => "Player 2",
            Field::Black => "Black",
            Field::Pie => "Pie rule",
            Field::Rules => "Rules",
            Field::Size => "Board size",
            Field::Clock => "Clock",
            Field::Mode => "Game",
            Field::Level => "Computer",
            Field::Threads => "Threads",
            Field::Ponder => "Ponder",
            Field::Resign => "Resign",
            Field::Review => "Review",
            Field::Theme => "Theme",
            Field::Colours => "Colours",
            Field::ScreenReader => "Screen reader",
            Field::Host => "Host a game",
            Field::Join => "Join a game",
            Field::Online => "Play online",
        }
    }

    pub const fn is_text(self) -> bool {
        matches!(self, Field::Player1 | Field::Player2)
    }

    /// Whether Enter on the row does something rather than save.
    pub const fn is_action(self) -> bool {
        matches!(self, Field::Host | Field::Join | Field::Online)
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// The settings being edited; nothing applies until the screen is left.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SettingsForm {
    pub names: [TextInput; 2],
    pub black: Player,
    pub pie: bool,
    pub variant: Variant,
    pub size: BoardSize,
    pub clock: Option<TimeControl>,
    pub theme: ThemeName,
    pub colours: BoardColours,
    pub screen_reader: bool,
    pub mode: Mode,
    pub level: Level,
    pub threads: Threads,
    pub ponder: bool,
    pub resign: bool,
    pub review: ReviewTime,
    pub focus: Field,
    /// Why the form cannot be saved yet, shown by the field to blame.
    pub error: Option<(Field, String)>,
    /// Esc was pressed with changes made: whether to drop them is asked.
    pub leaving: bool,
    original: Config,
}

impl SettingsForm {
    pub fn new(config: &Config) -> SettingsForm {
        let [one, two] = &config.players.names;
        SettingsForm {
            names: [
                TextInput::new(one, NAME_MAX_CHARS),
                TextInput::new(two, NAME_MAX_CHARS),
            ],
            black: config.players.black,
            pie: config.game.pie,
            variant: config.game.variant,
            size: config.game.size,
            clock: config.game.clock,
            theme: config.display.theme,
            colours: config.display.colours,
            screen_reader: config.ui.screen_reader,
            mode: config.engine.mode,
            level: config.engine.level,
            threads: config.engine.threads,
            ponder: config.engine.ponder,
            resign: config.engine.resign,
            review: config.engine.review_seconds,
            focus: Field::Player1,
            error: None,
            leaving: false,
            original: config.clone(),
        }
    }

    /// The settings the screen was opened with.
    pub fn original(&self) -> &Config {
        &self.original
    }

    /// Steps the focus to the next (or previous) row shown.
    pub fn focus_step(&mut self, forward: bool) {
        let n = Field::VARIANTS.len();
        loop {
            let i = self.focus.index();
            self.focus = Field::VARIANTS[if forward {
                (i + 1) % n
            } else {
                (i + n - 1) % n
            }];
            if self.shows(self.focus) {
                break;
            }
        }
    }

    /// Whether the row of `field` is shown: Player 2's name is the
    /// computer's against it (and in a demo), so it is not asked for, unless
    /// it is what must be fixed.
    pub fn shows(&self, field: Field) -> bool {
        field != Field::Player2
            || self.mode == Mode::HumanVsHuman
            || matches!(self.error, Some((Field::Player2, _)))
    }

    /// Steps the focused choice to its next (or previous) value.
    pub fn change(&mut self, forward: bool) {
        match self.focus {
            Field::Player1 | Field::Player2 | Field::Host | Field::Join | Field::Online => {}
            Field::Black => self.black = self.black.other(),
            Field::Pie => self.pie = !self.pie,
            Field::Rules => self.variant = cycle(&Variant::ALL, self.variant, forward),
            Field::Size => self.size = step_size(self.size, forward),
            Field::Clock => self.clock = cycle(&self.clocks(), self.clock, forward),
            Field::Mode => self.mode = cycle(Mode::VARIANTS, self.mode, forward),
            Field::Level => self.level = self.level.step(forward).unwrap_or(self.level),
            Field::Threads => self.threads = cycle(&self.threads.choices(), self.threads, forward),
            Field::Ponder => self.ponder = !self.ponder,
            Field::Resign => self.resign = !self.resign,
            Field::Review => self.review = cycle(&self.reviews(), self.review, forward),
            Field::Theme => self.theme = cycle(ThemeName::VARIANTS, self.theme, forward),
            Field::Colours => self.colours = cycle(&self.palettes(), self.colours, forward),
            Field::ScreenReader => self.screen_reader = !self.screen_reader,
        }
    }

    /// The review times offered, and the file's own if it is none of them.
    fn reviews(&self) -> Vec<ReviewTime> {
        let mut all = ReviewTime::CHOICES.to_vec();
        if !all.contains(&self.review) {
            all.push(self.review);
            all.sort_by_key(|t| t.0);
        }
        all
    }

    /// The palettes offered, and the file's own colours if they are none.
    fn palettes(&self) -> Vec<BoardColours> {
        let mut all: Vec<BoardColours> = PALETTES
            .iter()
            .map(|(_, names)| BoardColours::palette(*names))
            .collect();
        let own = self.original.display.colours;
        if !all.contains(&own) {
            all.push(own);
        }
        all
    }

    /// The time controls offered, and the file's own if it is none of them.
    fn clocks(&self) -> Vec<Option<TimeControl>> {
        let mut all: Vec<Option<TimeControl>> = std::iter::once(None)
            .chain(CLOCKS.iter().map(|&(m, i)| TimeControl::new(m, i)))
            .collect();
        if !all.contains(&self.original.game.clock) {
            all.push(self.original.game.clock);
        }
        all
    }

    /// Edits the focused name field; returns false if the edit did nothing.
    pub fn edit(&mut self, edit: Edit) -> bool {
        let i = match self.focus {
            Field::Player1 => 0,
            Field::Player2 => 1,
            _ => return false,
        };
        let done = self.names[i].edit(edit);
        if matches!(self.error, Some((field, _)) if field == self.focus) {
            self.error = None;
        }
        done
    }

    pub fn revert(&mut self) {
        let focus = self.focus;
        *self = SettingsForm::new(&self.original);
        self.focus = focus;
    }

    /// Whether anything was changed here (a name that cannot be saved
    /// counts as a change).
    pub fn changed(&self) -> bool {
        self.result().map_or(true, |config| config != self.original)
    }

    /// The settings as edited, or the field to fix and why.
    pub fn result(&self) -> Result<Config, (Field, String)> {
        let names =
            check_names([self.names[0].text(), self.names[1].text()]).map_err(|(i, why)| {
                let field = if i == 0 {
                    Field::Player1
                } else {
                    Field::Player2
                };
                (field, why.to_string())
            })?;
        let mut config = self.original.clone();
        config.players.names = names;
        config.players.black = self.black;
        config.game.pie = self.pie;
        config.game.variant = self.variant;
        config.game.size = self.size;
        config.game.clock = self.clock;
        config.display.theme = self.theme;
        config.display.colours = self.colours;
        config.ui.screen_reader = self.screen_reader;
        config.engine.mode = self.mode;
        config.engine.level = self.level;
        config.engine.threads = self.threads;
        config.engine.ponder = self.ponder;
        config.engine.resign = self.resign;
        config.engine.review_seconds = self.review;
        Ok(config)
    }
}

/// The next board size up or down; stops at 5 and 25 rather than wrapping
/// from one end to the other.
pub(in crate::app) fn step_size(size: BoardSize, forward: bool) -> BoardSize {
    let n = size.get();
    let next = if forward {
        n.saturating_add(1)
    } else {
        n.saturating_sub(1)
    };
    BoardSize::new(next).unwrap_or(size)
}

/// The value after (or before) `current` in `all`, round from the end.
pub(in crate::app) fn cycle<T: Copy + PartialEq>(all: &[T], current: T, forward: bool) -> T {
    let i = all.iter().position(|&x| x == current).unwrap_or(0);
    let n = all.len();
    all[if forward {
        (i + 1) % n
    } else {
        (i + n - 1) % n
    }]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_stops_at_the_limits() {
        let mut form = SettingsForm::new(&Config::default());
        form.focus = Field::Size;
        for _ in 0..30 {
            form.change(true);
        }
        assert_eq!(form.size, BoardSize::MAX);
        for _ in 0..30 {
            form.change(false);
        }
        assert_eq!(form.size, BoardSize::MIN);
    }

    #[test]
    fn bad_names_blame_their_field_and_revert_restores() {
        let mut form = SettingsForm::new(&Config::default());
        form.focus = Field::Player2;
        form.edit(Edit::Home);
        while form.edit(Edit::Delete) {}
        assert_eq!(form.result().unwrap_err().0, Field::Player2);
        form.revert();
        assert_eq!(form.result(), Ok(Config::default()));
        assert_eq!(form.focus, Field::Player2);
    }

    #[test]
    fn against_the_computer_the_focus_skips_the_unused_player_2_name() {
        let mut config = Config::default();
        config.engine.mode = Mode::HumanVsComputer;
        let mut form = SettingsForm::new(&config);
        assert!(!form.shows(Field::Player2));
        form.focus_step(true);
        assert_eq!(form.focus, Field::Black);
        form.focus_step(false);
        assert_eq!(form.focus, Field::Player1);
        form.mode = Mode::HumanVsHuman;
        form.focus_step(true);
        assert_eq!(form.focus, Field::Player2);
    }
}
