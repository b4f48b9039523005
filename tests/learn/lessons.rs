//! The shipped lessons: every one solvable, every listed wrong move refused
//! with its own words, and the core's reasons for the others.

use brique::core::{Move, Square};
use brique::learn::{Goal, LESSONS, Marks, parse_lessons};

fn sq(name: &str) -> Square {
    name.parse().unwrap()
}

#[test]
fn every_shipped_lesson_is_solvable_and_answers_its_wrong_moves() {
    let lessons = parse_lessons(LESSONS).expect("the shipped lessons are valid");
    assert!(lessons.len() >= 10, "{} lessons", lessons.len());
    for lesson in &lessons {
        let size = lesson.position.size().get();
        assert!((5..=9).contains(&size), "{}: {size}x{size}", lesson.title);
        let verdict = lesson.judge(lesson.solution).unwrap();
        assert!(verdict.done, "{}: {}", lesson.title, verdict.reason);
        for (mv, answer) in &lesson.wrong {
            let verdict = lesson.judge(*mv).unwrap();
            assert!(!verdict.done, "{}: {mv} does the task", lesson.title);
            assert_eq!(&verdict.reason, answer, "{}: {mv}", lesson.title);
        }
    }
}

#[test]
fn the_lessons_cover_the_topics_of_the_game() {
    let lessons = parse_lessons(LESSONS).unwrap();
    let has = |f: &dyn Fn(&Goal) -> bool| lessons.iter().any(|l| f(&l.goal));
    assert!(has(&|g| *g == Goal::Win));
    assert!(has(&|g| matches!(g, Goal::Escort(_))));
    assert!(has(&|g| matches!(g, Goal::Fill(_))));
    assert!(has(&|g| matches!(g, Goal::Capture(_))));
    assert!(has(&|g| matches!(g, Goal::Defend(_))));
    assert!(has(&|g| matches!(g, Goal::Join(..))));
    assert!(has(&|g| *g == Goal::Block));
    assert!(has(&|g| *g == Goal::Swap));
    assert!(has(&|g| *g == Goal::Decline));
    let variants: Vec<_> = lessons.iter().map(|l| l.position.rules().variant).collect();
    assert!(variants.iter().any(|v| v.name() == "revised"));
    assert!(variants.iter().any(|v| v.name() == "original"));
}

#[test]
fn the_core_explains_a_wrong_move_that_the_lesson_does_not_list() {
    let lessons = parse_lessons(LESSONS).unwrap();
    let fill = lessons.iter().find(|l| l.title == "Make a fill").unwrap();
    let verdict = fill.judge(Move::Place(sq("e5"))).unwrap();
    assert!(!verdict.done);
    assert_eq!(
        verdict.reason,
        "c3 did not fill: its escorts are c4 and b3, and b3 is not yours."
    );
    assert_eq!(verdict.marks, vec![sq("c4"), sq("b3")]);

    let defend = lessons
        .iter()
        .find(|l| l.title == "Defend a stone")
        .unwrap();
    let verdict = defend.judge(Move::Place(sq("e1"))).unwrap();
    assert_eq!(verdict.reason, "c3 can still be captured at b3.");
    // Capturing the threatening stone defends too: any move that does the task counts.
    assert!(defend.judge(Move::Place(sq("d4"))).unwrap().done);

    let block = lessons
        .iter()
        .find(|l| l.title == "Stop the threat")
        .unwrap();
    let verdict = block.judge(Move::Place(sq("a1"))).unwrap();
    assert_eq!(verdict.reason, "White still wins at e3.");
    assert_eq!(verdict.marks, vec![sq("e3"), sq("e4")]);

    let revised = lessons
        .iter()
        .find(|l| l.title == "The revised rules")
        .unwrap();
    let verdict = revised.judge(Move::Place(sq("a1"))).unwrap();
    assert!(!verdict.done);
    // An occupied square is refused by the core, as in a game.
    assert!(revised.judge(Move::Place(sq("a2"))).is_err());
}

#[test]
fn a_lesson_whose_solution_fails_is_refused_with_its_number() {
    let text = r#"
[[lesson]]
title = "ok"
text = "."
position = "5/5/5/5/5 b 0 original nopie"
goal = "escort c3"
solution = "c4"

[[lesson]]
title = "broken"
text = "."
position = "5/5/5/5/5 b 0 original nopie"
goal = "escort c3"
solution = "e5"
"#;
    let e = parse_lessons(text).unwrap_err();
    assert_eq!(e.lesson, 2);
    assert!(
        e.to_string()
            .starts_with("lesson 2: the solution e5 does not do the task"),
        "{e}"
    );

    let listed_right = text.replace(
        "solution = \"e5\"",
        "solution = \"b3\"\n[lesson.wrong]\nc4 = \"no\"",
    );
    let e = parse_lessons(&listed_right).unwrap_err();
    assert_eq!(e.to_string(), "lesson 2: the wrong move c4 does the task");

    let bad_goal = text.replace(
        "goal = \"escort c3\"\nsolution = \"e5\"",
        "goal = \"conquer\"\nsolution = \"e5\"",
    );
    assert!(
        parse_lessons(&bad_goal)
            .unwrap_err()
            .to_string()
            .contains("is not a goal")
    );
    assert!(parse_lessons("[[lesson]]\ntitle = 3").is_err());
}

/// Issue #45: the marks of the board show from the lesson that teaches
/// them, and no lesson's cursor starts on an answer, on the square its task
/// names, or (with the escorts marked) beside an answer it would mark.
#[test]
fn marks_come_with_their_lesson_and_the_first_cursor_gives_nothing_away() {
    let lessons = parse_lessons(LESSONS).unwrap();
    let first_escort = lessons
        .iter()
        .position(|l| matches!(l.goal, Goal::Escort(_)))
        .unwrap();
    let first_capture = lessons
        .iter()
        .position(|l| matches!(l.goal, Goal::Capture(_)))
        .unwrap();
    for (i, lesson) in lessons.iter().enumerate() {
        let n = i + 1;
        // Escorts are taught by the two escort lessons; ◇ from the next.
        assert_eq!(lesson.marks.escorts(), i > first_escort + 1, "lesson {n}");
        assert_eq!(lesson.marks.threats(), i >= first_capture, "lesson {n}");
        if lesson.goal == Goal::Decline {
            continue; // any stone declines the swap
        }
        let cursor = lesson.first_cursor();
        let answers = |sq: Square| lesson.judge(Move::Place(sq)).is_ok_and(|v| v.done);
        assert!(!answers(cursor), "lesson {n}: the cursor is on {cursor}");
        assert!(!lesson.goal.squares().contains(&cursor), "lesson {n}");
        if lesson.marks.escorts() {
            let size = lesson.position.size();
            let marked = brique::core::escorts(size, cursor);
            assert!(!marked.iter().any(answers), "lesson {n}: {cursor}");
        }
    }
    let by_title = |t: &str| lessons.iter().find(|l| l.title == t).unwrap();
    assert_ne!(
        by_title("The escorts of a light square").first_cursor(),
        sq("c3")
    );
}

#[test]
fn a_lesson_shows_every_mark_unless_it_says() {
    let text = r#"
[[lesson]]
title = "t"
text = "."
position = "5/5/5/5/5 b 0 original nopie"
goal = "escort c3"
solution = "c4"
"#;
    let lessons = parse_lessons(text).unwrap();
    assert_eq!(lessons[0].marks, Marks::All);
    let plain = parse_lessons(&format!("{text}marks = \"plain\"\n")).unwrap();
    assert_eq!(plain[0].marks, Marks::Plain);
    assert!(parse_lessons(&format!("{text}marks = \"some\"\n")).is_err());
}

/// Issue #45: lessons 10 and 11 said only "Right" and moved on. Their
/// `right` sentence says what the solution fills, and the rules agree: each
/// square the solution fills is named in it.
#[test]
fn a_right_answer_says_what_it_fills_as_the_rules_do() {
    let lessons = parse_lessons(LESSONS).unwrap();
    for n in [10, 11] {
        assert!(!lessons[n - 1].right.is_empty(), "lesson {n} says why");
    }
    for (i, lesson) in lessons.iter().enumerate() {
        if lesson.right.is_empty() {
            continue;
        }
        let mut position = lesson.position.clone();
        let report = position.play(lesson.solution).unwrap();
        assert!(
            !report.fills.is_empty(),
            "lesson {}: the solution fills",
            i + 1
        );
        for fill in report.fills.iter() {
            let name = fill.square.to_string();
            assert!(
                lesson.right.contains(&name),
                "lesson {}: {:?} does not name {name}, which the solution fills",
                i + 1,
                lesson.right
            );
        }
    }
}
