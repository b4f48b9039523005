//! Drawing: a pure function of the app state (`impl Widget for &App`), split
//! into the board, the side panel, the status line and the overlays.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

use crate::app::files::{records_view, save_prompt};
use crate::app::game::board_widget::BoardWidget;
use crate::app::game::{marks, panel};
use crate::app::keys::keymap::Context;
use crate::app::network::form_view;
use crate::app::online::view as online_view;
use crate::app::screen::{HelpOver, Screen};
use crate::app::settings::view as settings_view;
use crate::app::state::App;
use crate::app::training::view as training_view;
use crate::app::ui::layout;
use crate::app::ui::pages::{HELP_WIDTH, RESULTS_WIDTH, help_lines, results_lines};
use crate::app::ui::{dialog, page, status_line, too_small};
use crate::app::welcome;

const HELP: page::Page = page::Page {
    title: "Help",
    width: HELP_WIDTH,
    context: Context::Help,
};

const RESULTS: page::Page = page::Page {
    title: "Results",
    width: RESULTS_WIDTH,
    context: Context::Results,
};

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let theme = self.theme();
        let help = |width| help_lines(self.keys(), theme, width);
        if let (
            Screen::Training
            | Screen::TrainingGoTo(_)
            | Screen::Help {
                over: HelpOver::Training,
                ..
            },
            Some(training),
        ) = (self.screen(), self.training())
        {
            training_view::render(self, training, area, buf);
            // The help opened in a lesson shows over the lesson.
            if let Screen::Help { scroll, .. } = self.screen() {
                page::render(self, &HELP, *scroll, help, area, buf);
            }
            return;
        }
        match layout::screen(area, self.game().size()) {
            Ok(screen) => {
                let overlay = marks::board_overlay(self);
                BoardWidget {
                    position: self.board.shown_game(self.session.game()).position(),
                    overlay: &overlay,
                    theme,
                }
                .render(screen.board.area, buf);
                if let Some(area) = screen.panel {
                    panel::render(self, area, buf);
                }
                status_line::render(self, screen.status, screen.panel.is_some(), buf);
            }
            Err(need) => too_small::render(self, area, need, buf),
        }
        match self.screen() {
            Screen::Board
            | Screen::GoTo(_)
            | Screen::TrainingGoTo(_)
            | Screen::Chat(_)
            | Screen::Training => {}
            Screen::Help { scroll, .. } => page::render(self, &HELP, *scroll, help, area, buf),
            Screen::Settings(form) => {
                settings_view::render(self, form, area, buf);
                if form.leaving {
                    let text = "Close the settings without saving your changes?";
                    dialog::ask(self, "Discard changes", text, area, buf);
                }
            }
            Screen::Welcome => welcome::view::render(self, area, buf),
            Screen::Online(page) => online_view::render(self, page, area, buf),
            Screen::Confirm(question) => dialog::confirm(self, *question, area, buf),
            Screen::Notice(notice) => dialog::notice(self, notice, area, buf),
            Screen::SaveAs(input) => save_prompt::render(self, input, area, buf),
            Screen::NetForm(form) => form_view::render(self, form, area, buf),
            Screen::Records { selected } => records_view::render(self, *selected, area, buf),
            Screen::FilterRecords(_) => records_view::render(self, 0, area, buf),
            Screen::RenameRecord { index, .. } => {
                records_view::render(self, *index, area, buf);
            }
            Screen::Results { scroll, selected } => {
                let results = |width| {
                    results_lines(
                        theme,
                        self.files().results(),
                        self.files().results_file(),
                        *selected,
                        width,
                    )
                };
                page::render(self, &RESULTS, *scroll, results, area, buf);
            }
        }
    }
}
