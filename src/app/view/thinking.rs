//! What the side panel says about the engine: the computer thinking (with
//! its progress), a hint being looked for, the analysis, a paused demo, and
//! the computer's swap under the pie rule.

use ratatui::style::Style;
use ratatui::text::Line;

use super::progress::{bar, figures, spent};
use crate::app::action::Action;
use crate::app::computer::{Job, estimate};
use crate::app::engine_config::Mode;
use crate::app::keymap::{Context, key_for};
use crate::app::state::App;
use crate::app::theme::Ui;
use crate::core::{Color, Move};

/// The panel's lines about the engine, each to be wrapped, with its style.
pub fn lines(app: &App) -> Vec<(String, Style)> {
    let theme = app.theme();
    let key = |action| key_for(app.keys(), Context::Board, action, theme);
    let game = app.game();
    let mut out = Vec::new();
    if app.mode() == Mode::ComputerVsComputer {
        let level = app.config().engine.level;
        out.push((
            format!("Demo: the computer plays both sides at level {level}."),
            theme.ui(Ui::Dim),
        ));
    }
    let black = game.holder(Color::Black);
    let just_swapped = game.history().len() == 2 && game.last().is_some_and(|r| r.mv == Move::Swap);
    if just_swapped && app.is_computer(black) {
        out.push((
            format!(
                "Pie rule: {} swapped sides. It took Black's stone and plays Black now.",
                app.name(black)
            ),
            theme.ui(Ui::Accent),
        ));
    }
    if app.demo_paused() {
        out.push((
            format!(
                "Demo paused: {} goes on, {} and {} step through the moves.",
                key(Action::Place),
                key(Action::Undo),
                key(Action::Redo)
            ),
            theme.ui(Ui::Accent),
        ));
    }
    let snapshot = app.engine_snapshot();
    let progress = snapshot.map(|s| figures(&s.progress, s.budget, theme));
    // The computer's and the hint's chances are said here; the analysis
    // says its own once, in its headline.
    let chances = snapshot.map(|s| estimate(&s.progress.report, s.position.to_move()));
    let with_chances = || {
        progress
            .clone()
            .zip(chances.clone())
            .map(|(p, c)| (format!("{p}{}{c}", theme.dot()), theme.ui(Ui::Dim)))
    };
    match app.engine_job() {
        Some(Job::Move) => {
            let name = app.name(game.player_to_move());
            out.push((format!("{name} is thinking…"), theme.ui(Ui::Accent)));
            out.extend(with_chances());
        }
        Some(Job::Hint) => {
            out.push(("Looking for a hint…".to_string(), theme.ui(Ui::Accent)));
            out.extend(with_chances());
        }
        // Discreetly: the person is thinking, not waiting.
        Some(Job::Ponder) => {
            let name = app.name(game.player_to_move().other());
            out.push((format!("{name} is pondering."), theme.ui(Ui::Dim)));
        }
        Some(Job::Analysis) | None => {}
    }
    if app.analysis_shown() {
        let headline = match snapshot {
            Some(s) => format!(
                "Analysis: {}.",
                estimate(&s.progress.report, s.position.to_move())
            ),
            None => "Analysis: waiting for the search.".to_string(),
        };
        out.push((headline, theme.ui(Ui::Title)));
        // The analysis's own figures (the computer's are shown above), kept
        // once it rests.
        if snapshot.is_some_and(|s| s.job == Job::Analysis) {
            out.extend(progress.map(|p| (p, theme.ui(Ui::Dim))));
        }
    }
    out
}

/// The bar of the budget spent, while the engine searches with a budget.
pub fn gauge(app: &App, width: u16) -> Option<Line<'static>> {
    let snapshot = app
        .engine_snapshot()
        .filter(|s| s.running && s.job != Job::Ponder)?;
    let ratio = spent(&snapshot.progress, snapshot.budget)?;
    Some(bar(ratio, width, app.theme()))
}
