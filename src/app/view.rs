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
use crate::app::ui::{caret, dialog, page, status_line, too_small};
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

/// Draws `app` into `frame` and says where the terminal's own cursor
/// stands there, so that a braille display or a magnifier follows it: on
/// the caret of the text field with the keyboard (a form's, a prompt's, the
/// chat line's: `caret`), else on the board's cursor square while the board
/// has the keyboard; `None` (hidden) over the pages, menus and dialogs with
/// no text field.
pub(in crate::app) fn draw(app: &App, frame: &mut Buffer) -> Option<Position> {
    let area = frame.area;
    draw_marked(app, area, frame);
    caret::take(frame).or_else(|| board_cursor(app, area))
}

fn board_cursor(app: &App, area: Rect) -> Option<Position> {
    if *app.screen() != Screen::Board {
        return None;
    }
    let screen = layout::screen(area, app.game().size()).ok()?;
    let (x, y) = screen.board.glyph_cell(app.board.cursor());
    Some(Position::new(x, y))
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        draw_marked(self, area, buf);
        // The caret's mark is for the terminal's cursor, not for the cells.
        caret::take(buf);
    }
}

/// The app drawn, its focused field's caret cell marked.
fn draw_marked(app: &App, area: Rect, buf: &mut Buffer) {
    let area = area.intersection(buf.area);
    let theme = app.theme();
    let scene = &scene_of(app);
    let help = |width| help_lines(app.keys(), theme, width);
    if let (
        Screen::Training
        | Screen::TrainingGoTo(_)
        | Screen::Help {
            over: HelpOver::Training,
            ..
        },
        Some(training),
    ) = (app.screen(), app.training())
    {
        training_view::render(scene, training, area, buf);
        // The help opened in a lesson shows over the lesson.
        if let Screen::Help { scroll, .. } = app.screen() {
            page::render(scene, &HELP, *scroll, help, area, buf);
        }
        return;
    }
    match layout::screen(area, app.game().size()) {
        Ok(screen) => {
            let overlay = marks::board_overlay(scene);
            BoardWidget {
                position: app.board.shown_game(app.session.game()).position(),
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
    match app.screen() {
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
                    app.files().results(),
                    app.files().results_file(),
                    *selected,
                    width,
                )
            };
            page::render(scene, &RESULTS, *scroll, results, area, buf);
        }
    }
}
