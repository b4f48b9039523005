//! Lessons as data: `assets/lessons.toml` (embedded in the program), one
//! `[[lesson]]` table each.
//!
//! ```toml
//! [[lesson]]
//! title = "Make a fill"
//! text = "c3's escorts are c4 and b3. You hold c4: fill c3."
//! position = "5/2B2/5/5/W4 b 2 original nopie"
//! goal = "fill c3"
//! solution = "b3"
//! marks = "escorts"
//! [lesson.wrong]
//! d3 = "d3 is right of c3: a light square is escorted from above and from its left."
//! ```
//!
//! `goal` is one of [`Goal`]'s forms; `wrong` gives the answer to particular
//! wrong moves (the core explains the others); `marks` says which of the
//! board's marks the lesson shows (all unless it says, see [`Marks`]).

use std::collections::BTreeMap;

use serde::Deserialize;

use super::goal::{Goal, Verdict};
use super::refusal::LessonProblem;
use crate::core::{Move, PlayError, Position, Square, escorts};

/// The lessons shipped with the program.
pub const BUILT_IN: &str = include_str!("../../assets/lessons.toml");

/// One lesson: a few sentences, a position and the task for one move.
#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    pub title: String,
    pub text: String,
    pub position: Position,
    pub goal: Goal,
    /// A move that does the task (others may too).
    pub solution: Move,
    /// Answers to particular wrong moves.
    pub wrong: Vec<(Move, String)>,
    /// The board's marks the lesson shows.
    pub marks: Marks,
    /// Why the solution works (what it fills), said when it is played;
    /// empty where the task says it already.
    pub right: String,
}

/// Which of the board's marks a lesson shows: none before the escorts are
/// taught (they would give the answer away), then the cursor's escorts,
/// then also the stones in danger once captures are taught.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Marks {
    /// Neither the cursor's escorts nor the stones in danger.
    Plain,
    /// The cursor's escorts only.
    Escorts,
    /// The cursor's escorts and the stones in danger, as in the game.
    #[default]
    All,
}

impl Marks {
    pub fn escorts(self) -> bool {
        self != Marks::Plain
    }

    pub fn threats(self) -> bool {
        self == Marks::All
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LessonFile {
    lesson: Vec<LessonText>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct LessonText {
    title: String,
    text: String,
    position: String,
    goal: String,
    solution: String,
    #[serde(default)]
    wrong: BTreeMap<String, String>,
    #[serde(default)]
    marks: Marks,
    #[serde(default)]
    right: String,
}

/// Why a lessons file was refused: which lesson (1-based, 0 for the file) and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.describe())]
pub struct LessonError {
    pub lesson: usize,
    pub message: LessonProblem,
}

impl LessonError {
    fn describe(&self) -> String {
        match self.lesson {
            0 => self.message.to_string(),
            n => format!("lesson {n}: {}", self.message),
        }
    }
}

/// Reads a lessons file, checking every lesson: its position, its goal, and
/// that its solution does the task and each listed wrong move does not.
pub fn parse_lessons(text: &str) -> Result<Vec<Lesson>, LessonError> {
    let file: LessonFile = toml::from_str(text).map_err(|e| LessonError {
        lesson: 0,
        message: LessonProblem::File(e),
    })?;
    file.lesson
        .into_iter()
        .enumerate()
        .map(|(i, raw)| {
            check(raw).map_err(|message| LessonError {
                lesson: i + 1,
                message,
            })
        })
        .collect()
}

fn check(raw: LessonText) -> Result<Lesson, LessonProblem> {
    let position: Position = raw.position.parse().map_err(LessonProblem::Position)?;
    let goal: Goal = raw.goal.parse()?;
    let solution: Move = raw
        .solution
        .parse()
        .map_err(|error| LessonProblem::Solution {
            text: raw.solution.clone(),
            error,
        })?;
    let lesson = Lesson {
        title: raw.title,
        text: raw.text,
        position,
        goal,
        solution,
        wrong: Vec::new(),
        marks: raw.marks,
        right: raw.right,
    };
    match lesson.judge(solution) {
        Ok(v) if v.done => {}
        Ok(v) => {
            return Err(LessonProblem::SolutionMisses {
                mv: solution,
                reason: v.reason,
            });
        }
        Err(error) => {
            return Err(LessonProblem::SolutionIllegal {
                mv: solution,
                error,
            });
        }
    }
    let mut wrong = Vec::new();
    for (mv, answer) in raw.wrong {
        let mv: Move = mv.parse().map_err(|error| LessonProblem::Wrong {
            text: mv.clone(),
            error,
        })?;
        match lesson.judge(mv) {
            Ok(v) if !v.done => wrong.push((mv, answer)),
            Ok(_) => return Err(LessonProblem::WrongDoesTask(mv)),
            Err(error) => return Err(LessonProblem::WrongIllegal { mv, error }),
        }
    }
    Ok(Lesson { wrong, ..lesson })
}

impl Lesson {
    /// The verdict on `mv`: the lesson's own answer to a listed wrong move,
    /// else the core's.
    pub fn judge(&self, mv: Move) -> Result<Verdict, PlayError> {
        let mut verdict = self.goal.judge(&self.position, mv)?;
        if let Some((_, answer)) = self.wrong.iter().find(|(m, _)| *m == mv) {
            verdict.reason.clone_from(answer);
        }
        Ok(verdict)
    }

    /// Where the cursor starts: the square nearest the centre that gives
    /// nothing away. Not a move that does the task (Enter would answer
    /// it), not a square the task names, and, where the lesson marks the
    /// cursor's escorts, none of those an answer either.
    pub fn first_cursor(&self) -> Square {
        let size = self.position.size();
        let centre = i32::from(size.get() / 2);
        let distance = |sq: &Square| {
            let (c, r) = (i32::from(sq.col()), i32::from(sq.row()));
            ((c - centre).abs() + (r - centre).abs(), r, c)
        };
        let answers = |sq: Square| self.judge(Move::Place(sq)).is_ok_and(|v| v.done);
        let named = self.goal.squares();
        let mut squares: Vec<Square> = size.squares().collect();
        squares.sort_by_key(distance);
        let gives_away = |sq: Square| {
            answers(sq)
                || named.contains(&sq)
                || (self.marks.escorts() && escorts(size, sq).iter().any(answers))
        };
        let quiet = squares.iter().copied().find(|&sq| !gives_away(sq));
        quiet.unwrap_or(Square::new(size.get() / 2, size.get() / 2))
    }
}
