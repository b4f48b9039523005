//! Drawing: a pure function of the app state (`impl Widget for &App`), split
//! into the board, the side panel, the status line and the overlays.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position, Rect};
use ratatui::widgets::Widget;

use crate::app::files::naming::Naming;
use crate::app::files::{records_view, save_prompt};
use crate::app::game::board_widget::BoardWidget;
use crate::app::game::{marks, panel};
use crate::app::keys::keymap::Context;
use crate::app::network::form_view;
use crate::app::online::view as online_view;
use crate::app::remote_game::either::Remote;
use crate::app::screen::{HelpOver, Screen};
use crate::app::settings::view as settings_view;
use crate::app::state::App;
use crate::app::training::view as training_view;
use crate::app::ui::layout;
use crate::app::ui::pages::{HELP_WIDTH, RESULTS_WIDTH, help_lines, results_lines};
use crate::app::ui::scene::Scene;
use crate::app::ui::{dialog, page, status_line, too_small};
use crate::app::welcome;
use crate::core::Player;

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

/// What the views draw from in this frame (and what a click is checked
/// against): the parts of `app` they read, and its answers to their
/// questions.
pub(in crate::app) fn scene_of(app: &App) -> Scene<'_> {
    Scene {
        theme: app.theme,
        config: &app.config,
        config_file: &app.config_file,
        screen: &app.screen,
        message: app.message(),
        session: &app.session,
        names: [app.name(Player::One), app.name(Player::Two)],
        board: &app.board,
        computer: &app.computer,
        review: &app.review,
        files: &app.files,
        naming: Naming::of(&app.reach),
        remote: Remote::of(&app.network, &app.online),
        preview: app.preview(),
        hint: app.hint(),
        analysis_shown: app.analysis_shown(),
        clock_faces: app.clock_faces(),
        settings_waiting: app.settings_waiting(),
        panel_notes: app.panel_notes(),
        offers: Box::new(|action| app.offers(action)),
    }
}

/// Where the terminal's own cursor stands in a frame of `area`: on the
/// board's cursor square while the board has the keyboard, so that a
/// braille display or a magnifier follows it; `None` (hidden) over the
/// pages, dialogs and forms drawn over the board.
pub(in crate::app) fn cursor_at(app: &App, area: Rect) -> Option<Position> {
    if *app.screen() != Screen::Board {
        return None;
    }
    let screen = layout::screen(area, app.game().size()).ok()?;
    let (x, y) = screen.board.glyph_cell(app.board.cursor());
    Some(Position::new(x, y))
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let theme = self.theme();
        let scene = &scene_of(self);
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
            training_view::render(scene, training, area, buf);
            // The help opened in a lesson shows over the lesson.
            if let Screen::Help { scroll, .. } = self.screen() {
                page::render(scene, &HELP, *scroll, help, area, buf);
            }
            return;
        }
        match layout::screen(area, self.game().size()) {
            Ok(screen) => {
                let overlay = marks::board_overlay(scene);
                BoardWidget {
                    position: self.board.shown_game(self.session.game()).position(),
                    overlay: &overlay,
                    theme,
                }
                .render(screen.board.area, buf);
                if let Some(area) = screen.panel {
                    panel::render(scene, area, buf);
                }
                status_line::render(scene, screen.status, screen.panel.is_some(), buf);
            }
            Err(need) => too_small::render(scene, area, need, buf),
        }
        match self.screen() {
            Screen::Board
            | Screen::GoTo(_)
            | Screen::TrainingGoTo(_)
            | Screen::Chat(_)
            | Screen::Training => {}
            Screen::Help { scroll, .. } => page::render(scene, &HELP, *scroll, help, area, buf),
            Screen::Settings(form) => {
                settings_view::render(scene, form, area, buf);
                if form.leaving {
                    let text = "Close the settings without saving your changes?";
                    dialog::ask(scene, "Discard changes", text, area, buf);
                }
            }
            Screen::Welcome => welcome::view::render(scene, area, buf),
            Screen::Online(page) => online_view::render(scene, page, area, buf),
            Screen::Confirm(question) => dialog::confirm(scene, *question, area, buf),
            Screen::Notice(notice) => dialog::notice(scene, notice, area, buf),
            Screen::SaveAs(input) => save_prompt::render(scene, input, area, buf),
            Screen::NetForm(form) => form_view::render(scene, form, area, buf),
            Screen::Records { selected } => records_view::render(scene, *selected, area, buf),
            Screen::FilterRecords(_) => records_view::render(scene, 0, area, buf),
            Screen::RenameRecord { index, .. } => {
                records_view::render(scene, *index, area, buf);
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
                page::render(scene, &RESULTS, *scroll, results, area, buf);
            }
        }
    }
}
