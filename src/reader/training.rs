//! Lessons and puzzles by typed squares: a lesson's text and task, its
//! answer to each move; a puzzle's task, the defence to each right move,
//! the refutation of a wrong one. The lessons and the proofs are
//! [`crate::learn`]'s; this file only words them as lines.

use crate::core::{Move, Position};
use crate::learn::{Answer, LESSONS, Lesson, Puzzle, PuzzleRun, Standing, parse_lessons};

use super::board_text::list;

/// Why a lesson or a puzzle cannot be opened.
#[derive(Debug, thiserror::Error)]
pub enum TrainingError {
    #[error("There is no lesson {number}; they go from 1 to {count}.")]
    NoLesson { number: usize, count: usize },
    #[error("There is no puzzle {number}; they go from 1 to {count}.")]
    NoPuzzle { number: usize, count: usize },
    #[error("The lessons cannot be read: {0}.")]
    Lessons(#[from] crate::learn::LessonError),
    #[error("The puzzles cannot be read: {0}.")]
    Puzzles(#[from] crate::learn::PuzzleFileError),
}

/// The lessons, one of them open.
pub struct Lessons {
    lessons: Vec<Lesson>,
    at: usize,
    board: Position,
    done: bool,
}

impl Lessons {
    /// The built-in lessons at `number` (from 1); `None` if they cannot be read.
    pub fn open(number: usize) -> Result<Lessons, TrainingError> {
        let lessons = parse_lessons(LESSONS)?;
        let Some(first) = lessons.first() else {
            return Err(TrainingError::NoLesson { number, count: 0 });
        };
        let board = first.position.clone();
        let mut desk = Lessons {
            lessons,
            at: 0,
            board,
            done: false,
        };
        desk.go_to(number)?;
        Ok(desk)
    }

    /// Opens lesson `number` (from 1).
    pub fn go_to(&mut self, number: usize) -> Result<(), TrainingError> {
        let count = self.lessons.len();
        let Some(lesson) = number.checked_sub(1).and_then(|i| self.lessons.get(i)) else {
            return Err(TrainingError::NoLesson { number, count });
        };
        self.board = lesson.position.clone();
        self.at = number - 1;
        self.done = false;
        Ok(())
    }

    pub fn position(&self) -> &Position {
        &self.board
    }

    /// The next lesson, if there is one.
    pub fn next(&mut self) -> Result<(), TrainingError> {
        self.go_to(self.at + 2)
    }

    /// The lesson's title, text and task, a sentence group a line.
    pub fn intro(&self) -> Vec<String> {
        let lesson = &self.lessons[self.at];
        let text = lesson
            .text
            .replace("{escort}", "the escort mark")
            .replace("{threat}", "the danger mark");
        vec![
            format!(
                "Lesson {} of {}: {}.",
                self.at + 1,
                self.lessons.len(),
                lesson.title
            ),
            text.split_whitespace().collect::<Vec<_>>().join(" "),
            format!(
                "{} to move, {} rules. Type a square to answer; board reads the board.",
                lesson.position.to_move(),
                lesson.position.rules().variant
            ),
        ]
    }

    /// The answer to `mv`.
    pub fn answer(&mut self, mv: Move) -> String {
        if self.done {
            return "Done. Type next for the next lesson.".to_string();
        }
        let lesson = &self.lessons[self.at];
        let verdict = match lesson.judge(mv) {
            Ok(verdict) => verdict,
            Err(e) => return format!("{}. Try again.", super::speech::capital(&e.to_string())),
        };
        if !verdict.done {
            let shown = if verdict.marks.is_empty() {
                String::new()
            } else {
                format!(" Look at {}.", list(&verdict.marks))
            };
            return format!("{mv} does not do it. {}{shown} Try again.", verdict.reason);
        }
        if self.board.play(mv).is_err() {
            return format!("{mv} cannot be played here.");
        }
        self.done = true;
        let why = match lesson.right.as_str() {
            "" => String::new(),
            why => format!(" {why}"),
        };
        if self.at + 1 == self.lessons.len() {
            format!("Right: {mv}.{why} That was the last lesson; type puzzles for the puzzles.")
        } else {
            format!("Right: {mv}.{why} Type next for the next lesson.")
        }
    }
}

/// The puzzles, one of them under way.
pub struct Puzzles {
    puzzles: Vec<Puzzle>,
    at: usize,
    run: PuzzleRun,
}

impl Puzzles {
    /// The built-in puzzles at `number` (from 1).
    pub fn open(number: usize) -> Result<Puzzles, TrainingError> {
        let puzzles = crate::learn::built_in()?;
        let Some(first) = puzzles.first() else {
            return Err(TrainingError::NoPuzzle { number, count: 0 });
        };
        let run = PuzzleRun::new(first.clone());
        let mut desk = Puzzles {
            puzzles,
            at: 0,
            run,
        };
        desk.go_to(number)?;
        Ok(desk)
    }

    pub fn go_to(&mut self, number: usize) -> Result<(), TrainingError> {
        let count = self.puzzles.len();
        let Some(puzzle) = number.checked_sub(1).and_then(|i| self.puzzles.get(i)) else {
            return Err(TrainingError::NoPuzzle { number, count });
        };
        self.run = PuzzleRun::new(puzzle.clone());
        self.at = number - 1;
        Ok(())
    }

    pub fn next(&mut self) -> Result<(), TrainingError> {
        self.go_to(self.at + 2)
    }

    pub fn retry(&mut self) {
        self.run = PuzzleRun::new(self.puzzles[self.at].clone());
    }

    pub fn position(&self) -> &Position {
        self.run.position()
    }

    /// The puzzle's number and task.
    pub fn intro(&self) -> Vec<String> {
        let puzzle = self.run.puzzle();
        let moves = if puzzle.n == 1 { "move" } else { "moves" };
        vec![
            format!(
                "Puzzle {} of {}: {} to play and win in {} {moves}, against every defence; {}.",
                self.at + 1,
                self.puzzles.len(),
                puzzle.position.to_move(),
                puzzle.n,
                super::speech::rules_words(puzzle.position.rules()),
            ),
            "Type board to read it, then a square to answer.".to_string(),
        ]
    }

    /// The answer to `mv`: the defence, the win, or the refutation.
    pub fn answer(&mut self, mv: Move) -> Vec<String> {
        if matches!(self.run.standing(), Standing::Refuted { .. }) {
            self.retry();
        }
        match self.run.play(mv) {
            Ok(Answer::Defended(defence)) => {
                let left = match self.run.standing() {
                    Standing::ToMove { moves_left: 1 } => "1 move left".to_string(),
                    Standing::ToMove { moves_left } => format!("{moves_left} moves left"),
                    _ => "no moves left".to_string(),
                };
                vec![format!(
                    "Right: {mv}. {} defends at {defence}. {} to move, {left}.",
                    self.position().to_move().other(),
                    self.position().to_move()
                )]
            }
            Ok(Answer::Won) => {
                let chain = self
                    .position()
                    .winning_chain()
                    .map(|c| format!(", with the chain {}", list(&c)))
                    .unwrap_or_default();
                vec![format!(
                    "Right: {mv}. Solved{chain}. Type next for the next puzzle."
                )]
            }
            Ok(Answer::Refuted(defence)) => vec![format!(
                "{mv} does not force the win: {} answers {defence} and holds. \
                 Type a square to try again from the start, or next.",
                self.position().to_move().other()
            )],
            Err(e) => vec![format!(
                "{}. Try again.",
                super::speech::capital(&e.to_string())
            )],
        }
    }
}
