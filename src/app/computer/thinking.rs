//! What the side panel says about the engine: the computer thinking (with
//! its progress), a hint being looked for, the analysis (its favourite
//! moves with their chances), a paused demo, and the computer's swap under
//! the pie rule.

use ratatui::style::Style;
use ratatui::text::Line;

use super::engine::{Job, estimate};
use super::progress_view::{bar, figures, spent};
use crate::ai::Report;
use crate::app::action::Action;
use crate::app::config::engine::Mode;
use crate::app::keys::keymap::{Context, key_for};
use crate::app::message::count;
use crate::app::ui::scene::Scene;
use crate::app::ui::theme::Ui;
use crate::core::{Color, Move};

/// The panel's lines about the engine, each to be wrapped, with its style.
pub fn lines(scene: &Scene<'_>) -> Vec<(String, Style)> {
    let theme = scene.theme();
    let key = |action| key_for(scene.keys(), Context::Board, action, theme);
    let game = scene.game();
    let mut out = Vec::new();
    if scene.computer().mode() == Mode::ComputerVsComputer {
        let level = scene.config().engine.level;
        out.push((
            format!("Demo: the computer plays both sides at level {level}."),
            theme.ui(Ui::Dim),
        ));
    }
    let black = game.holder(Color::Black);
    let just_swapped = game.history().len() == 2 && game.last().is_some_and(|r| r.mv == Move::Swap);
    if just_swapped && scene.computer().is_computer(black) {
        out.push((
            format!(
                "Pie rule: {} swapped sides. It took Black's stone and plays Black now.",
                scene.name(black)
            ),
            theme.ui(Ui::Accent),
        ));
    }
    if scene.computer().demo_paused() {
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
    let snapshot = scene.computer().snapshot(scene.game().position());
    let progress = snapshot.map(|s| figures(&s.progress, s.budget, theme));
    // The side's chances are said once: in the analysis's headline when it
    // is shown, else beside the computer's or the hint's figures.
    let chances = snapshot
        .filter(|_| !scene.analysis_shown)
        .map(|s| estimate(&s.progress.report, s.position.to_move()));
    let with_chances = || {
        progress.clone().map(|p| match &chances {
            Some(c) => (format!("{p}{}{c}", theme.dot()), theme.ui(Ui::Dim)),
            None => (p, theme.ui(Ui::Dim)),
        })
    };
    match scene.computer().job() {
        Some(Job::Move) => {
            let name = scene.name(game.player_to_move());
            out.push((format!("{name} is thinking…"), theme.ui(Ui::Accent)));
            out.extend(with_chances());
        }
        Some(Job::Hint) => {
            out.push(("Looking for a hint…".to_string(), theme.ui(Ui::Accent)));
            out.extend(with_chances());
        }
        // Discreetly: the person is thinking, not waiting.
        Some(Job::Ponder) => {
            let name = scene.name(game.player_to_move().other());
            let threads = count(
                scene
                    .computer()
                    .settings(&scene.config().engine)
                    .threads
                    .count(),
                "thread",
            );
            out.push((
                format!("{name} is pondering on {threads}."),
                theme.ui(Ui::Dim),
            ));
        }
        Some(Job::Analysis) | None => {}
    }
    let busy = "the server is busy with other players' searches.";
    match scene.computer().waiting() {
        Some(Job::Move) => {
            let name = scene.name(game.player_to_move());
            out.push((
                format!("{name} waits its turn to think: {busy}"),
                theme.ui(Ui::Accent),
            ));
        }
        Some(Job::Hint) => out.push((
            format!("The hint waits its turn: {busy}"),
            theme.ui(Ui::Accent),
        )),
        Some(Job::Analysis) => out.push((
            format!("The analysis waits its turn: {busy}"),
            theme.ui(Ui::Dim),
        )),
        // Pondering is the computer's own affair: it starts when it can.
        Some(Job::Ponder) | None => {}
    }
    if scene.analysis_shown {
        let headline = match snapshot {
            Some(s) => format!(
                "Analysis: {}.",
                estimate(&s.progress.report, s.position.to_move())
            ),
            None if game.is_over() || scene.lost_on_time().is_some() => {
                "Analysis: the game is over.".to_string()
            }
            None => "Analysis: waiting for the search.".to_string(),
        };
        out.push((headline, theme.ui(Ui::Title)));
        if let Some(s) = snapshot {
            let report = &s.progress.report;
            out.extend(
                candidates(report, s.advice)
                    .into_iter()
                    .map(|c| (c, theme.ui(Ui::Text))),
            );
        }
        // The analysis's own figures (the computer's are shown above), kept
        // once it rests.
        if snapshot.is_some_and(|s| s.job == Job::Analysis) {
            out.extend(progress.map(|p| (p, theme.ui(Ui::Dim))));
        }
    }
    out
}

/// The search's three favourite moves, the swap among them at a pie-rule
/// decision, as a table: each move's share of the search and the chance of
/// winning after it; the move `advised` (the hint's) first, then the best
/// worth first (a move much searched to prove it loses is listed after one
/// that wins).
fn candidates(report: &Report, advised: Option<Move>) -> Vec<String> {
    let squares = report.heat.iter().zip(&report.wins).enumerate();
    let advised = advised.map(|mv| mv.to_string());
    let mut all: Vec<(String, f32, f32)> = squares
        .map(|(i, (&share, &win))| (report.size.square(i).to_string(), share, win))
        .chain(report.swap.map(|s| ("swap".to_string(), s.share, s.win)))
        .filter(|(name, share, _)| *share >= 0.005 || advised.as_ref() == Some(name))
        .collect();
    if all.is_empty() {
        return Vec::new();
    }
    let first = |a: &(String, f32, f32)| advised.as_ref() == Some(&a.0);
    all.sort_by(|a, b| first(b).cmp(&first(a)).then(b.1.total_cmp(&a.1)));
    all.truncate(3);
    all.sort_by(|a, b| {
        (first(b).cmp(&first(a)))
            .then(b.2.total_cmp(&a.2))
            .then(b.1.total_cmp(&a.1))
    });
    let rows = all
        .into_iter()
        .map(|(name, share, win)| format!("{name:<6}{:>7.0}%{:>7.0}%", 100.0 * share, 100.0 * win));
    std::iter::once(format!("{:<6}{:>8}{:>8}", "Move", "search", "win"))
        .chain(rows)
        .collect()
}

/// The bar of the budget spent, while the engine searches with a budget.
pub fn gauge(scene: &Scene<'_>, width: u16) -> Option<Line<'static>> {
    let snapshot = (scene.computer())
        .snapshot(scene.game().position())
        .filter(|s| s.running && s.job != Job::Ponder)?;
    let ratio = spent(&snapshot.progress, snapshot.budget)?;
    Some(bar(ratio, width, scene.theme()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::BoardSize;

    #[test]
    fn candidates_are_ordered_by_what_they_are_worth() {
        let size = BoardSize::new(5).unwrap();
        let mut heat = vec![0.0; 25];
        let mut wins = vec![0.0; 25];
        // a1: much searched, a proven loss; b1: less searched, good.
        (heat[0], wins[0]) = (0.54, 0.0);
        (heat[1], wins[1]) = (0.39, 0.55);
        (heat[2], wins[2]) = (0.05, 0.30);
        let report = Report {
            size,
            iterations: 1_000,
            nodes: 1_000,
            best: None,
            win: 0.55,
            proven: None,
            heat,
            wins,
            swap: None,
            line: Vec::new(),
        };
        let names = |rows: &[String]| -> Vec<String> {
            rows[1..]
                .iter()
                .map(|r| r.split_whitespace().next().unwrap().to_string())
                .collect()
        };
        assert_eq!(names(&candidates(&report, None)), ["b1", "c1", "a1"]);
        // The move advised (the hint's) goes first, even one little searched.
        let a2 = Move::Place(size.square(5));
        assert_eq!(names(&candidates(&report, Some(a2))), ["a2", "b1", "a1"]);
    }
}
