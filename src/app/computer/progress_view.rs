//! The engine's progress against its budget: its figures in words, and a
//! bar (ratatui's `LineGauge`) for the part of the budget spent.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{LineGauge, Widget};

use crate::ai::{Budget, group_thousands};
use crate::app::ui::theme::{Theme, Ui};
use crate::thinker::Progress;

/// `1.2 s of 10 s · 84,000 iterations · best d8`, or `800 of 2,000
/// iterations · best d8`: the budget is named next to what it limits.
pub fn figures(progress: &Progress, budget: Budget, theme: Theme) -> String {
    let dot = theme.dot();
    let elapsed = progress.elapsed.as_secs_f64();
    let iterations = group_thousands(progress.report.iterations);
    let spent = match (budget.millis, budget.iterations) {
        (Some(ms), _) => format!(
            "{elapsed:.1} s of {}{dot}{iterations} iterations",
            seconds(ms)
        ),
        (None, Some(n)) => format!("{iterations} of {} iterations", group_thousands(n)),
        (None, None) => format!("{elapsed:.1} s{dot}{iterations} iterations"),
    };
    match progress.report.best {
        Some(mv) => format!("{spent}{dot}best {mv}"),
        None => spent,
    }
}

/// `10 s`, `0.25 s`.
fn seconds(ms: u64) -> String {
    if ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else {
        format!("{} s", ms as f64 / 1000.0)
    }
}

/// The part of the budget spent, 0 to 1: time where time limits the
/// search, else iterations; `None` with no limit.
pub fn spent(progress: &Progress, budget: Budget) -> Option<f64> {
    let part = match (budget.millis, budget.iterations) {
        (Some(ms), _) => progress.elapsed.as_secs_f64() * 1000.0 / ms.max(1) as f64,
        (None, Some(n)) => progress.report.iterations as f64 / n.max(1) as f64,
        (None, None) => return None,
    };
    Some(part.clamp(0.0, 1.0))
}

/// A bar `width` cells wide, `ratio` of it filled, as a line of text.
pub fn bar(ratio: f64, width: u16, theme: Theme) -> Line<'static> {
    let area = Rect::new(0, 0, width, 1);
    let mut buf = Buffer::empty(area);
    // Labelled in words: a percentage here read as a chance of winning,
    // next to the engine's own percentages.
    LineGauge::default()
        .ratio(ratio)
        .label("budget")
        .filled_style(theme.ui(Ui::Accent))
        .unfilled_style(theme.ui(Ui::Dim))
        .filled_symbol(theme.sym("━", "#"))
        .unfilled_symbol(theme.sym("─", "-"))
        .render(area, &mut buf);
    let spans: Vec<Span<'static>> = buf
        .content()
        .iter()
        .map(|cell| Span::styled(cell.symbol().to_string(), cell.style()))
        .collect();
    Line::from(spans)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::ai::Report;

    fn progress(millis: u64, iterations: u64) -> Progress {
        let report = Report {
            size: crate::core::BoardSize::DEFAULT,
            iterations,
            nodes: 0,
            best: None,
            win: 0.5,
            proven: None,
            heat: Vec::new(),
            wins: Vec::new(),
            swap: None,
            line: Vec::new(),
        };
        Progress {
            elapsed: Duration::from_millis(millis),
            report,
            visits: iterations,
            done: false,
        }
    }

    fn theme() -> Theme {
        Theme::new(crate::app::ThemeName::Color, false)
    }

    #[test]
    fn the_budget_is_named_and_the_bar_fills_with_what_is_spent() {
        let strongest = Budget::millis(10_000);
        let line = figures(&progress(2_500, 84_000), strongest, theme());
        assert_eq!(line, "2.5 s of 10 s · 84,000 iterations");
        assert_eq!(spent(&progress(2_500, 84_000), strongest), Some(0.25));
        let medium = Budget::iterations(10_000);
        let line = figures(&progress(300, 2_000), medium, theme());
        assert_eq!(line, "2,000 of 10,000 iterations");
        assert_eq!(
            spent(&progress(300, 20_000), medium),
            Some(1.0),
            "pie rule: more"
        );
        assert_eq!(spent(&progress(300, 20_000), Budget::UNLIMITED), None);
        let text: String = bar(0.5, 10, theme())
            .spans
            .iter()
            .map(|s| s.content.to_string())
            .collect();
        assert!(text.contains('━') && text.contains('─'), "{text}");
        assert!(text.starts_with("budget") && !text.contains('%'), "{text}");
    }
}
