//! The lessons and puzzles screen (`brique learn`, `brique puzzles`, or `e`
//! from the game): a position to play on, a task, and the answer to each
//! move, checked by the core. Owns its cursor, what is shown, and the
//! player's progress (which `App` writes when told to).

use crate::app::action::{Action, Direction};
use crate::app::message::Tone;
use crate::core::{Move, PlayError, Position, Square};
use crate::learn::{
    Answer, LESSONS, Lesson, LessonError, Puzzle, PuzzleRun, Standing, parse_lessons,
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
    /// Whether the attempt at the puzzle shown is its first ever (the one
    /// that counts in the streak); decided when its first move is played.
    first_attempt: bool,
    cursor: Square,
    feedback: Option<Feedback>,
    progress: storage::Progress,
    /// Whether the progress may be written: not when the file could not be
    /// read, so that it is not replaced.
    keeps_progress: bool,
}

/// Why the lessons cannot open, or a number names no lesson or puzzle.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TrainingError {
    #[error("the lessons: {0}")]
    Lessons(#[from] LessonError),
    #[error("no lessons or puzzles are built in")]
    Empty,
    /// `what`: "lesson" or "puzzle".
    #[error("There is no {what} {number}: they go from 1 to {len}.")]
    NoSuchNumber {
        what: &'static str,
        number: usize,
        len: usize,
    },
}

impl Training {
    /// The built-in lessons and `puzzles`, opened where the player left off
    /// (else at the first one not yet done), in `course` (`None`: the one
    /// the player left); with no progress read (`None`), none is written.
    pub fn open(
        course: Option<Course>,
        progress: Option<storage::Progress>,
        puzzles: Vec<Puzzle>,
    ) -> Result<Training, TrainingError> {
        let keeps_progress = progress.is_some();
        let progress = progress.unwrap_or_default();
        let lessons = parse_lessons(LESSONS)?;
        let (Some(first_lesson), Some(first_puzzle)) = (lessons.first(), puzzles.first()) else {
            return Err(TrainingError::Empty);
        };
        let course = course.unwrap_or(match progress.last_course.as_deref() {
            Some(PUZZLES_NAME) => Course::Puzzles,
            _ => Course::Lessons,
        });
        let last_lesson = progress.last_lesson.as_ref();
        let lesson = (lessons.iter().position(|l| Some(&l.title) == last_lesson))
            .or_else(|| {
                let done = &progress.lessons_done;
                lessons.iter().position(|l| !done.contains(&l.title))
            })
            .unwrap_or(0);
        let last_puzzle = progress.last_puzzle.as_deref();
        let puzzle = (puzzles.iter())
            .position(|p| Some(p.position.to_string().as_str()) == last_puzzle)
            .or_else(|| {
                let solved = &progress.puzzles_solved;
                puzzles
                    .iter()
                    .position(|p| !solved.contains(&p.position.to_string()))
            })
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
            first_attempt: false,
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

    /// Where the player is: the course, the lesson's and the puzzle's
    /// index (kept in the progress, so that `e` reopens there).
    pub fn place(&self) -> (Course, usize, usize) {
        (self.course, self.lesson, self.puzzle)
    }

    /// Whether the puzzle `index` was solved.
    pub fn solved(&self, index: usize) -> bool {
        (self.puzzles.get(index)).is_some_and(|p| {
            self.progress
                .puzzles_solved
                .contains(&p.position.to_string())
        })
    }

    /// Shows `course` at its current item, from the start.
    fn show(&mut self, course: Course) {
        self.course = course;
        self.feedback = None;
        match course {
            Course::Lessons => {
                let lesson = &self.lessons[self.lesson];
                self.lesson_board = lesson.position.clone();
                self.lesson_done = false;
                self.progress.last_lesson = Some(lesson.title.clone());
                self.progress.last_course = Some(LESSONS_NAME.to_string());
            }
            Course::Puzzles => {
                let puzzle = &self.puzzles[self.puzzle];
                self.run = PuzzleRun::new(puzzle.clone());
                self.progress.last_puzzle = Some(puzzle.position.to_string());
                self.progress.last_course = Some(PUZZLES_NAME.to_string());
            }
        }
        let size = self.position().size().get();
        self.cursor = match course {
            Course::Lessons => self.lessons[self.lesson].first_cursor(),
            Course::Puzzles => Square::new(size / 2, size / 2),
        };
    }

    /// Whether the lesson shown was answered right.
    pub fn lesson_done(&self) -> bool {
        self.lesson_done
    }

    /// Whether `action`'s keys are offered on the key line: the puzzles'
    /// depths (win in N) only on the puzzles, not in a lesson.
    pub fn offers(&self, action: Action) -> bool {
        !matches!(action, Action::PuzzleDepth(_)) || self.course == Course::Puzzles
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

    /// The puzzles that win in `n` moves: the first of them not yet
    /// solved (the first of them if all are).
    pub fn to_depth(&mut self, n: u8) {
        let of_depth: Vec<usize> = (0..self.puzzles.len())
            .filter(|&i| self.puzzles[i].n == n)
            .collect();
        let Some(&first) = of_depth.first() else {
            let text = format!("No puzzle wins in {n}: press 1 to {}.", self.deepest());
            self.feedback = Some(say(Tone::Warning, text));
            return;
        };
        let solved = of_depth.iter().filter(|&&i| self.solved(i)).count();
        self.puzzle = (of_depth.iter().copied())
            .find(|&i| !self.solved(i))
            .unwrap_or(first);
        self.show(Course::Puzzles);
        let (count, moves) = (of_depth.len(), if n == 1 { "move" } else { "moves" });
        let text = format!(
            "Puzzles {} to {} win in {n} {moves}: {solved} of {count} solved.",
            first + 1,
            of_depth.last().map_or(first, |l| *l) + 1,
        );
        self.feedback = Some(say(Tone::Info, text));
    }

    /// The most moves a puzzle of the set asks for.
    fn deepest(&self) -> u8 {
        self.puzzles.iter().map(|p| p.n).max().unwrap_or(1)
    }

    /// The lesson or puzzle numbered `number` (from 1) of the course shown.
    pub fn to_number(&mut self, number: usize) -> Result<(), TrainingError> {
        let (index, len, what) = match self.course {
            Course::Lessons => (&mut self.lesson, self.lessons.len(), "lesson"),
            Course::Puzzles => (&mut self.puzzle, self.puzzles.len(), "puzzle"),
        };
        if !(1..=len).contains(&number) {
            return Err(TrainingError::NoSuchNumber { what, number, len });
        }
        *index = number - 1;
        self.show(self.course);
        Ok(())
    }

    /// The lesson or puzzle shown, from its start.
    pub fn retry(&mut self) {
        self.show(self.course);
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
                self.feedback = Some(say(Tone::Warning, sentence(&e.to_string())));
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
            // The reason is a sentence of its own (it may hold a colon).
            let text = format!("{mv} does not do it. {} Try again.", verdict.reason);
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
        // Why it works, where the lesson says (a sentence of its own).
        let why = match lesson.right.as_str() {
            "" => String::new(),
            why => format!(" {why}"),
        };
        let text = if self.lesson + 1 == self.lessons.len() {
            format!("Right: {mv}.{why} That was the last lesson: next come the puzzles.")
        } else {
            format!("Right: {mv}.{why} On to the next lesson.")
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
        // A new attempt: its first move is checked as any other, but a
        // legal one makes it the puzzle's attempt (kept, so that a replay
        // never counts again).
        let begins = self.run.played().is_empty();
        if begins {
            self.run.position().preview(mv)?;
            self.first_attempt = self.progress.begin_attempt(&position);
        }
        let moves_left = match self.run.standing() {
            Standing::ToMove { moves_left } => *moves_left,
            _ => self.run.puzzle().n,
        };
        match self.run.play(mv)? {
            Answer::Won => {
                self.progress
                    .puzzle_attempt(&position, true, self.first_attempt);
                // A puzzle with several answers says so, and names them.
                let winners = &self.run.puzzle().moves;
                let others = if self.run.played().len() == 1 && winners.len() > 1 {
                    let all: Vec<String> = winners.iter().map(Move::to_string).collect();
                    format!(" Any of these wins: {}.", all.join(", "))
                } else {
                    String::new()
                };
                let text = format!(
                    "Solved: {mv} wins.{others} Streak {} (best {}).",
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
                // The attempt begun is kept at once.
                let learnt = if begins {
                    Learnt::Progress
                } else {
                    Learnt::Nothing
                };
                Ok((say(Tone::Info, text), learnt))
            }
            Answer::Refuted(defence) => {
                self.progress
                    .puzzle_attempt(&position, false, self.first_attempt);
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

/// How the progress file names the courses.
const LESSONS_NAME: &str = "lessons";
const PUZZLES_NAME: &str = "puzzles";

/// The core's reason as a sentence: a capital first, unless it begins
/// with a square's name (`c3 is occupied.`).
fn sentence(reason: &str) -> String {
    let first = reason.split(' ').next().unwrap_or("");
    let mut chars = reason.chars();
    match chars.next() {
        Some(c) if first.parse::<Square>().is_err() => {
            format!("{}{}.", c.to_uppercase(), chars.as_str())
        }
        _ => format!("{reason}."),
    }
}

fn say(tone: Tone, text: String) -> Feedback {
    Feedback {
        tone,
        text,
        marks: Vec::new(),
    }
}
