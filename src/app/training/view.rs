//! The lessons and puzzles screen: the board with the cursor's preview and
//! the squares the last answer points at, the task beside it, and the keys.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::Widget;

use super::state::{Course, Training};
use crate::app::game::board_widget::{BoardOverlay, BoardWidget};
use crate::app::game::marks::{add_cursor_escorts, add_last_move, add_preview, add_threat_marks};
use crate::app::keys::keymap::Context;
use crate::app::screen::Screen;
use crate::app::ui::cells::{block, lines, tone_style, wrap};
use crate::app::ui::layout;
use crate::app::ui::scene::Scene;
use crate::app::ui::shorten::shorten;
use crate::app::ui::status_line::{self, hint_spans};
use crate::app::ui::theme::{Highlight, Marker, Theme, Ui};
use crate::core::{Move, Position};
use crate::learn::{Marks, Standing};

pub fn render(scene: &Scene<'_>, training: &Training, area: Rect, buf: &mut Buffer) {
    let theme = scene.theme();
    let position = training.position();
    let Ok(screen) = layout::screen(area, position.size()) else {
        let n = position.size().get();
        let text = format!("Enlarge the terminal to see the {n}x{n} board of this lesson.");
        Line::styled(text, theme.ui(Ui::Title)).render(area, buf);
        return;
    };
    BoardWidget {
        position,
        overlay: &overlay(training, position),
        theme,
    }
    .render(screen.board.area, buf);
    let task = task_lines(
        training,
        theme,
        screen.panel.map_or(area.width, |p| p.width),
    );
    match screen.panel {
        Some(panel) => {
            let title = match training.course() {
                Course::Lessons => "Lesson",
                Course::Puzzles => "Puzzle",
            };
            let frame = block(theme, title);
            let inner = frame.inner(panel);
            frame.render(panel, buf);
            let inner = Rect::new(
                inner.x + 1,
                inner.y,
                inner.width.saturating_sub(2),
                inner.height,
            );
            lines(buf, inner, &task_lines(training, theme, inner.width));
        }
        // No room beside or below: the answer (else the title) on the last line.
        None => {
            let last = task.last().cloned().unwrap_or_default();
            last.render(screen.status, buf);
            return;
        }
    }
    if let Screen::TrainingGoTo(_) = scene.screen() {
        // The square prompt, drawn as on the game's screen.
        return status_line::render(scene, screen.status, true, buf);
    }
    let status = match scene.message() {
        Some(m) => Line::styled(
            shorten(&m.text, usize::from(screen.status.width)),
            tone_style(theme, m.tone),
        ),
        None => Line::from(hint_spans(scene, Context::Training, screen.status.width)),
    };
    status.render(screen.status, buf);
}

fn overlay(training: &Training, position: &Position) -> BoardOverlay {
    let mut overlay = BoardOverlay::new(position.size());
    if let Some(chain) = position.winning_chain() {
        for sq in chain {
            overlay.set_highlight(sq, Highlight::Chain);
        }
        return overlay;
    }
    // The last move, replayed from the one before it for what it did.
    let played = training.played();
    if let Some((&last, before)) = played.split_last() {
        let mut at = training.puzzle().0.puzzle().position.clone();
        let ok = before.iter().all(|&mv| at.play(mv).is_ok());
        if let Some(report) = ok.then(|| at.play(last).ok()).flatten() {
            add_last_move(&mut overlay, &report);
        }
    }
    // The game screen's threat and escort marks, once the lessons have
    // taught them (always in the puzzles).
    let marks = match training.course() {
        Course::Lessons => training.lesson().0.marks,
        Course::Puzzles => Marks::All,
    };
    if marks.threats() {
        add_threat_marks(&mut overlay, position);
    }
    if marks.escorts() {
        add_cursor_escorts(&mut overlay, position, training.cursor());
    }
    overlay.set_highlight(training.cursor(), Highlight::Cursor);
    if let Ok(preview) = position.preview(Move::Place(training.cursor())) {
        add_preview(&mut overlay, &preview);
    }
    for &sq in training.feedback().map_or(&[][..], |f| &f.marks) {
        overlay.set_marker(sq, Marker::Hint);
    }
    overlay
}

/// The title, the task, the side to move, and the answer to the last move.
fn task_lines(training: &Training, theme: Theme, width: u16) -> Vec<Line<'static>> {
    let text = theme.ui(Ui::Text);
    let mut out = Vec::new();
    match training.course() {
        Course::Lessons => {
            let (lesson, number, count) = training.lesson();
            let done = training.progress().lessons_done.contains(&lesson.title);
            let tick = if done {
                theme.sym(" ✓", " (done)")
            } else {
                ""
            };
            // Wrapped, never cut: the title says what the lesson is about.
            out.extend(wrap(
                &format!("{number} of {count}: {}{tick}", lesson.title),
                width,
                theme.ui(Ui::Title),
            ));
            out.push(Line::default());
            // The marks it teaches, in the theme's glyphs.
            let said = (lesson.text)
                .replace("{escort}", &theme.marker(Marker::Escort).to_string())
                .replace("{threat}", &theme.marker(Marker::Threatened).to_string());
            out.extend(wrap(&said, width, text));
            let rules = lesson.position.rules().variant;
            out.push(Line::default());
            let about = if training.lesson_done() {
                format!("Lesson done ({rules} rules).")
            } else {
                format!("{} to move ({rules} rules).", lesson.position.to_move())
            };
            out.extend(wrap(&about, width, theme.ui(Ui::Dim)));
        }
        Course::Puzzles => {
            let (run, number, count) = training.puzzle();
            let puzzle = run.puzzle();
            let progress = training.progress();
            let tick = if training.solved(number - 1) {
                theme.sym(" ✓", " (solved)")
            } else {
                ""
            };
            out.push(Line::styled(
                format!("{number} of {count}{tick}"),
                theme.ui(Ui::Title),
            ));
            out.push(Line::default());
            let side = puzzle.position.to_move();
            let moves = if puzzle.n == 1 { "move" } else { "moves" };
            let mut task = format!(
                "{side} to play and win in {} {moves}, against every defence.",
                puzzle.n
            );
            // Several answers: said, so that one found is not taken for luck.
            if puzzle.n == 1 && puzzle.moves.len() > 1 {
                task.push_str(&format!(" Any of {} moves wins.", puzzle.moves.len()));
            }
            out.extend(wrap(&task, width, text));
            if let Standing::ToMove { moves_left } = run.standing()
                && *moves_left < puzzle.n
            {
                out.push(Line::styled(format!("{moves_left} to go."), text));
            }
            out.push(Line::default());
            let n = puzzle.position.size().get();
            let about = format!(
                "{n}{x}{n}, {} rules. Solved {} of {count}; streak {} (best {}).",
                puzzle.position.rules().variant,
                progress.puzzles_solved.len(),
                progress.streak,
                progress.best_streak,
                x = theme.sym("×", "x"),
            );
            out.extend(wrap(&about, width, theme.ui(Ui::Dim)));
        }
    }
    if let Some(feedback) = training.feedback() {
        out.push(Line::default());
        out.extend(wrap(
            &feedback.text,
            width,
            tone_style(theme, feedback.tone),
        ));
    }
    out
}
