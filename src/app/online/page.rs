//! The Online screen's own state, kept in [`crate::app::Screen::Online`]:
//! which page is shown, the row chosen, and a form open over it.

use strum::VariantArray;

use super::bot_picker::BotPicker;
use super::form::{ConnectForm, SeekForm};
use super::rename::RenameForm;
use super::tournament_form::TournamentForm;
use crate::app::settings::form::cycle;
use crate::core::Variant;

/// The pages of the Online screen, in the order Tab goes through them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, VariantArray)]
pub enum Tab {
    /// Open seeks and the challenges to or by this player.
    Seeks,
    /// One's own games in progress, those waiting for one's move first.
    Mine,
    /// Everyone's games in progress (to watch).
    Games,
    /// The players online (to challenge).
    Players,
    /// The best rated players of a variant.
    Leaderboard,
    /// A player's ratings and finished games (to download).
    Archive,
    /// The tournaments, and one's standings and rounds.
    Tournaments,
}

impl Tab {
    pub const fn title(self) -> &'static str {
        match self {
            Tab::Seeks => "Seeks",
            Tab::Mine => "My games",
            Tab::Games => "Games",
            Tab::Players => "Players",
            Tab::Leaderboard => "Leaderboard",
            Tab::Archive => "Archive",
            Tab::Tournaments => "Tournaments",
        }
    }

    /// The title where the full ones do not fit on one line.
    pub const fn short(self) -> &'static str {
        match self {
            Tab::Mine => "Mine",
            Tab::Leaderboard => "Top",
            other => other.title(),
        }
    }
}

/// A form open over the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PageForm {
    Connect(ConnectForm),
    Seek(SeekForm),
    Rename(RenameForm),
    Tournament(Box<TournamentForm>),
    /// "Play a bot": a list, no text field.
    Bots(BotPicker),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OnlinePage {
    pub tab: Tab,
    /// The row chosen on the page.
    pub selected: usize,
    /// The leaderboard's variant.
    pub variant: Variant,
    pub form: Option<PageForm>,
}

impl OnlinePage {
    pub fn new(form: Option<PageForm>) -> OnlinePage {
        OnlinePage {
            tab: Tab::Seeks,
            selected: 0,
            variant: Variant::ALL[0],
            form,
        }
    }

    /// Tab or Shift+Tab: the next or previous page, its first row.
    pub fn step_tab(&mut self, forward: bool) {
        self.tab = cycle(Tab::VARIANTS, self.tab, forward);
        self.selected = 0;
    }

    /// Up or Down among `rows` rows.
    pub fn step_row(&mut self, down: bool, rows: usize) {
        self.selected = if down {
            (self.selected + 1).min(rows.saturating_sub(1))
        } else {
            self.selected.saturating_sub(1)
        };
    }

    /// Whether a form with text fields has the keyboard.
    pub const fn typing(&self) -> bool {
        self.form.is_some() && !self.picking_bot()
    }

    /// Whether "Play a bot" has the keyboard.
    pub const fn picking_bot(&self) -> bool {
        matches!(self.form, Some(PageForm::Bots(_)))
    }
}
