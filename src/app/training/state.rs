//! The lessons and puzzles screen (`brique learn`, `brique puzzles`, or `e`
//! from the game): a position to play on, a task, and the answer to each
//! move, checked by the core. Owns its cursor, what is shown, and the
//! player's progress (which `App` writes when told to).

use crate::app::action::Direction;
use crate::app::message::Tone;
use crate::core::{Move, PlayError, Position, Square};
use crate::learn::{
    Answer, LESSONS, Lesson, PUZZLES, Puzzle, PuzzleRun, Standing, parse_lessons, parse_puzzles,
};
use crate::storage;

/// Lessons or puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Course {
    Lessons,
    Puzzles,
}

/// What the screen says about the last move, and the squares that show why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Feedback {
    pub tone: Tone,
    pub text: String,
    pub marks: Vec<Square>,
}

/// Whether the progress changed and should be written.
#[must_use]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Learnt {
    Nothing,
    Progress,
}

#[derive(Debug)]
pub struct Training {
    lessons: Vec<Lesson>,
    puzzles: Vec<Puzzle>,
    course: Course,
    lesson: usize,
    puzzle: usize,
    /// The lesson's board: its position, then the one after a move that did
    /// the task.
    lesson_board: Position,
    lesson_done: bool,
    run: PuzzleRun,
    /// Wrong answers given to the puzzle shown.
    misses: u32,
    cursor: Square,
    feedback: Option<Feedback>,
    progress: storage::Progress,
    /// Whether the progress may be written: not when the file could not be
    /// read, so that it is not replaced.
    keeps_progress: bool,
}

impl Training {
    /// The built-in lessons and puzzles, opened at the first one not yet
    /// done of `course`; with no progress read (`None`), none is written.
    pub fn open(course: Course, progress: Option<storage::Progress>) -> Result<Training, String> {
        let keeps_progress = progress.is_some();
        let progress = progress.unwrap_or_default();
        let lessons = parse_lessons(LESSONS).map_err(|e| format!("the lessons: {e}"))?;
        let puzzles =
            parse_puzzles(PUZZLES).map_err(|(line, e)| format!("the puzzles, line {line}: {e}"))?;
        let (Some(first_lesson), Some(first_puzzle)) = (lessons.first(), puzzles.first()) else {
            return Err("no lessons or puzzles are built in".to_string());
        };
        let lesson = lessons
            .iter()
            .position(|l| !progress.lessons_done.contains(&l.title))
            .unwrap_or(0);
        let puzzle = puzzles
            .iter()
            .position(|p| !progress.puzzles_solved.contains(&p.position.to_string()))
            .unwrap_or(0);
        let mut training = Training {
            lesson_board: first_lesson.position.clone(),
            run: PuzzleRun::new(first_puzzle.clone()),
            lessons,
            puzzles,
            course,
            lesson,
            puzzle,
            lesson_done: false,
            misses: 0,
            cursor: Square::new(0, 0),
            feedback: None,
            progress,
            keeps_progress,
        };
        training.show(course);
        Ok(training)
    }

    pub fn course(&self) -> Course {
        self.course
    }

    pub fn progress(&self) -> &storage::Progress {
        &self.progress
    }

    /// Whether the progress may be written (it was read, or there was none).
    pub fn keeps_progress(&self) -> bool {
        self.keeps_progress
    }

    pub fn cursor(&self) -> Square {
        self.cursor
    }

    pub fn feedback(&self) -> Option<&Feedback> {
        self.feedback.as_ref()
    }

    /// The position on the board.
    pub fn position(&self) -> &Position {
        match self.course {
            Course::Lessons => &self.lesson_board,
            Course::Puzzles => self.run.position(),
        }
    }

    /// The lesson shown, its number (from 1) and how many there are.
    pub fn lesson(&self) -> (&Lesson, usize, usize) {
        (
            &self.lessons[self.lesson],
            self.lesson + 1,
            self.lessons.len(),
        )
    }

    /// The puzzle attempt shown, its number (from 1) and how many there are.
    pub fn puzzle(&self) -> (&PuzzleRun, usize, usize) {
        (&self.run, self.puzzle + 1, self.puzzles.len())
    }

    /// The moves played on the board since the lesson's or puzzle's start.
    pub fn played(&self) -> &[Move] {
        match self.course {
            Course::Lessons => &[],
            Course::Puzzles => self.run.played(),
        }
    }

    /// Shows `course` at its current item, from the start.
    fn show(&mut self, course: Course) {
        self.course = course;
        self.feedback = None;
        match course {
            Course::Lessons => {
                self.lesson_board = self.lessons[self.lesson].position.clone();
                self.lesson_done = false;
            }
            Course::Puzzles => {
                self.run = PuzzleRun::new(self.puzzles[self.puzzle].clone());
                self.misses = 0;
            }
        }
        let size = self.position().size().get();
        self.cursor = Square::new(size / 2, size / 2);
    }

    /// Whether the lesson shown was answered right.
    pub fn lesson_done(&self) -> bool {
        self.lesson_done
    }

    /// Lessons ↔ puzzles.
    pub fn switch_course(&mut self) {
        let other = match self.course {
            Course::Lessons => Course::Puzzles,
            Course::Puzzles => Course::Lessons,
        };
        self.show(other);
    }

    /// The next (or previous) lesson or puzzle, wrapping around; after
    /// the last lesson come the puzzles.
    pub fn step(&mut self, forward: bool) {
        if forward && self.course == Course::Lessons && self.lesson + 1 == self.lessons.len() {
            self.show(Course::Puzzles);
            self.feedback = Some(say(
                Tone::Info,
                "That was the last lesson: here are the puzzles, to practise what it taught."
                    .into(),
            ));
            return;
        }
        let (index, len) = match self.course {
            Course::Lessons => (&mut self.lesson, self.lessons.len()),
            Course::Puzzles => (&mut self.puzzle, self.puzzles.len()),
        };
        *index = if forward {
            (*index + 1) % len
        } else {
            (*index + len - 1) % len
        };
        self.show(self.course);
    }

    /// The lesson or puzzle shown, from its start.
    pub fn retry(&mut self) {
        let misses = self.misses;
        self.show(self.course);
        self.misses = misses;
    }

    pub fn step_cursor(&mut self, direction: Direction) {
        let (dc, dr) = direction.delta();
        let size = self.position().size();
        if let Some(sq) = self.cursor.offset(dc, dr).filter(|s| size.contains(*s)) {
            self.cursor = sq;
        }
    }

    pub fn set_cursor(&mut self, sq: Square) {
        if self.position().size().contains(sq) {
            self.cursor = sq;
        }
    }

    /// Plays the player's move and answers it.
    pub fn play(&mut self, mv: Move) -> Learnt {
        let answer = match self.course {
            Course::Lessons => self.answer_lesson(mv),
            Course::Puzzles => self.answer_puzzle(mv),
        };
        match answer {
            Ok((feedback, learnt)) => {
                self.feedback = Some(feedback);
                learnt
            }
            Err(e) => {
                self.feedback = Some(say(Tone::Warning, format!("{mv}: {e}.")));
                Learnt::Nothing
            }
        }
    }

    fn answer_lesson(&mut self, mv: Move) -> Result<(Feedback, Learnt), PlayError> {
        if self.lesson_done {
            return Ok((
                say(
                    Tone::Info,
                    "Done: go on to the next lesson, or try this one again.".into(),
                ),
                Learnt::Nothing,
            ));
        }
        let lesson = &self.lessons[self.lesson];
        let verdict = lesson.judge(mv)?;
        if !verdict.done {
            let text = format!("{mv} does not do it: {} Try again.", verdict.reason);
            return Ok((
                Feedback {
                    tone: Tone::Warning,
                    text,
                    marks: verdict.marks,
                },
                Learnt::Nothing,
            ));
        }
        self.lesson_board.play(mv)?;
        self.lesson_done = true;
        let learnt = if self.progress.lessons_done.insert(lesson.title.clone()) {
            Learnt::Progress
        } else {
            Learnt::Nothing
        };
        let text = if self.lesson + 1 == self.lessons.len() {
            format!("Right: {mv}. That was the last lesson: next come the puzzles.")
        } else {
            format!("Right: {mv}. On to the next lesson.")
        };
        Ok((say(Tone::Success, text), learnt))
    }

    fn answer_puzzle(&mut self, mv: Move) -> Result<(Feedback, Learnt), PlayError> {
        match self.run.standing() {
            // After a wrong answer the next move starts the puzzle again
            // from its position, as the lessons do.
            Standing::Refuted { .. } => {
                let cursor = self.cursor;
                self.retry();
                self.cursor = cursor;
            }
            Standing::Solved => {
                let text = "Solved: go on to the next puzzle, or try this one again.";
                return Ok((say(Tone::Info, text.into()), Learnt::Nothing));
            }
            Standing::ToMove { .. } => {}
        }
        let position = self.run.puzzle().position.to_string();
        let side = self.run.position().to_move();
        let moves_left = match self.run.standing() {
            Standing::ToMove { moves_left } => *moves_left,
            _ => self.run.puzzle().n,
        };
        match self.run.play(mv)? {
            Answer::Won => {
                self.progress
                    .puzzle_attempt(&position, true, self.misses == 0);
                let text = format!(
                    "Solved: {mv} wins. Streak {} (best {}).",
                    self.progress.streak, self.progress.best_streak
                );
                Ok((say(Tone::Success, text), Learnt::Progress))
            }
            Answer::Defended(defence) => {
                let left = match self.run.standing() {
                    Standing::ToMove { moves_left } => *moves_left,
                    _ => 0,
                };
                let text = format!(
                    "Right. {} answers {defence}: win in {left} more.",
                    side.other()
                );
                Ok((say(Tone::Info, text), Learnt::Nothing))
            }
            Answer::Refuted(defence) => {
                self.misses += 1;
                self.progress.puzzle_attempt(&position, false, false);
                let mut marks = Vec::new();
                if let Move::Place(sq) = defence {
                    marks.push(sq);
                }
                let text = format!(
                    "{mv} does not win in {moves_left}: {} holds with {defence}. Your next move \
                     starts the puzzle again.",
                    side.other()
                );
                Ok((
                    Feedback {
                        tone: Tone::Warning,
                        text,
                        marks,
                    },
                    Learnt::Progress,
                ))
            }
        }
    }
}

fn say(tone: Tone, text: String) -> Feedback {
    Feedback {
        tone,
        text,
        marks: Vec::new(),
    }
}
