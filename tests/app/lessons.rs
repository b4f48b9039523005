//! The lessons as a newcomer meets them (issue #45): their English, checked
//! over every text and every answer the lessons give; no mark before the
//! lesson that teaches it; a cursor that gives nothing away; a key line
//! without the puzzles' keys; the help over the lesson, pointing at
//! `brique rules`.

use crate::support::*;
use brique::app::{Action, App, Config, Course, HelpOver, PlayArgs, Screen};
use brique::core::Move;
use brique::storage::Paths;
use ratatui::crossterm::event::KeyCode;
use ratatui::layout::Rect;

fn lessons(dir: &std::path::Path) -> App {
    let mut app = App::with_config(Config::default());
    app.open_files(Some(Paths::under(dir)), &PlayArgs::default().opening());
    app.update(Action::Resize {
        width: 120,
        height: 40,
    });
    app.open_training(Course::Lessons);
    app
}

/// The lesson numbered `n`, from its start.
fn to_lesson(app: &mut App, n: usize) {
    type_keys(app, &format!(":{n}"));
    press(app, KeyCode::Enter);
    assert_eq!(app.training().unwrap().lesson().1, n);
}

/// The cursor onto `square` (by the `:` prompt).
fn cursor_to(app: &mut App, square: &str) {
    type_keys(app, &format!(":{square}"));
    press(app, KeyCode::Enter);
    assert_eq!(app.training().unwrap().cursor(), sq(square));
}

/// Words that keep their capital after a colon: the colours, keys.
const PROPER: &[&str] = &["Black", "White", "Enter", "Esc", "Tab"];

/// A square's or a move's name, which may begin a sentence in lower case.
fn names_a_move(word: &str) -> bool {
    let word = word.trim_end_matches([',', '.', ':', ';']);
    word == "swap"
        || word.len() >= 2
            && word.starts_with(|c: char| c.is_ascii_lowercase())
            && word[1..].chars().all(|c| c.is_ascii_digit())
}

/// What is wrong with `text`'s English, by the house rules: a sentence
/// starts with a capital (or a square's name), holds one colon at most,
/// has no capital after its colon but a proper name's; a board size is
/// written whole (`7×7`), never spread over words a line may break.
fn english_faults(text: &str) -> Vec<String> {
    let mut faults = Vec::new();
    let flat = text.replace(".)", ".").replace(['(', ')'], "");
    let mut sentences = Vec::new();
    let mut rest = flat.as_str();
    while let Some(at) = rest.find(". ").or(rest.find("? ")).or(rest.find("! ")) {
        sentences.push(&rest[..=at]);
        rest = &rest[at + 2..];
    }
    sentences.push(rest);
    for sentence in sentences.iter().map(|s| s.trim()).filter(|s| !s.is_empty()) {
        if sentence.matches(':').count() > 1 {
            faults.push(format!("two colons in {sentence:?}"));
        }
        for (at, _) in sentence.match_indices(": ") {
            let next = sentence[at + 2..].split(' ').next().unwrap_or("");
            let bare = next.trim_end_matches([',', '.', ':', ';']);
            let bare = bare.strip_suffix("'s").unwrap_or(bare);
            if next.starts_with(char::is_uppercase) && !PROPER.contains(&bare) {
                faults.push(format!("a capital after the colon in {sentence:?}"));
            }
        }
        let first = sentence.split(' ').next().unwrap_or("");
        if first.starts_with(char::is_lowercase) && !names_a_move(first) {
            faults.push(format!("no capital at the start of {sentence:?}"));
        }
    }
    let words: Vec<&str> = text.split_whitespace().collect();
    for three in words.windows(3) {
        let number = |w: &str| w.trim_end_matches([',', '.']).parse::<u8>().is_ok();
        if number(three[0]) && ["x", "×", "X"].contains(&three[1]) && number(three[2]) {
            faults.push(format!("a size spread over words: {}", three.join(" ")));
        }
    }
    faults
}

#[test]
fn the_english_check_finds_the_faults_it_is_for() {
    for faulty in [
        "c3 does not do it: d3 is right of c3: c4 or b3. Try again.",
        "c3 does not do it: Placing on c3 puts a stone there.",
        "Black opened in the centre of this 7 x 7 board.",
        "done, original rules.",
    ] {
        assert!(!english_faults(faulty).is_empty(), "{faulty:?} passes");
    }
    for right in [
        "d3 does not do it. d3 is right of c3: c4 or b3. Try again.",
        "Right: c3. On to the next lesson.",
        "White may swap: White takes it (press s).",
    ] {
        assert_eq!(english_faults(right), Vec::<String>::new());
    }
}

/// Every lesson's text, and every answer the lessons give to any move,
/// pass the house's English rules.
#[test]
fn every_lesson_text_and_answer_is_written_right() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = lessons(dir.path());
    let count = app.training().unwrap().lesson().2;
    let mut faults = Vec::new();
    for n in 1..=count {
        to_lesson(&mut app, n);
        let (lesson, _, _) = app.training().unwrap().lesson();
        let (title, text) = (lesson.title.clone(), lesson.text.clone());
        let size = lesson.position.size();
        for fault in english_faults(&text) {
            faults.push(format!("lesson {n} ({title}): {fault}"));
        }
        let mut moves: Vec<Move> = size.squares().map(Move::Place).collect();
        moves.push(Move::Swap);
        for mv in moves {
            to_lesson(&mut app, n);
            match mv {
                Move::Place(square) => {
                    cursor_to(&mut app, &square.to_string());
                    press(&mut app, KeyCode::Enter);
                }
                Move::Swap => press(&mut app, KeyCode::Char('s')),
            }
            let Some(feedback) = app.training().unwrap().feedback() else {
                continue;
            };
            for fault in english_faults(&feedback.text) {
                faults.push(format!("lesson {n}, {mv}: {fault}"));
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
}

/// The lesson panel's text, its lines joined by spaces (as wrapped).
fn panel_text(app: &App) -> String {
    let screen = text(app, 120, 40);
    let title = screen.lines().find(|l| l.contains(" of ")).unwrap();
    let column = title[..title.find("│ ").unwrap()].chars().count() + 1;
    let lines = screen.lines().map(|line| {
        let inside: String = line.chars().skip(column).collect();
        inside.split('│').next().unwrap_or("").trim().to_string()
    });
    lines
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_lesson_done_says_so_in_a_sentence() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = lessons(dir.path());
    let panel = panel_text(&app);
    assert!(panel.contains("Black to move (original rules)."), "{panel}");
    cursor_to(&mut app, "c3");
    press(&mut app, KeyCode::Enter);
    let panel = panel_text(&app);
    assert!(panel.contains("Lesson done (original rules)."), "{panel}");
    assert!(!panel.contains("Done, original"), "{panel}");
}

/// Lessons 1 to 3 come before the escorts and the captures are taught: at
/// any square of the cursor, no ◇ and no ‼. Lesson 4 teaches ◇ (and shows
/// it), lesson 5 ‼.
#[test]
fn no_mark_shows_before_the_lesson_that_teaches_it() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = lessons(dir.path());
    for n in 1..=3 {
        to_lesson(&mut app, n);
        let size = app.training().unwrap().position().size();
        for square in size.squares() {
            cursor_to(&mut app, &square.to_string());
            let screen = text(&app, 120, 40);
            assert!(
                !screen.contains('◇') && !screen.contains('‼'),
                "lesson {n}, cursor on {square}:\n{screen}"
            );
        }
    }
    to_lesson(&mut app, 4);
    assert!(app.training().unwrap().lesson().0.text.contains("{escort}"));
    cursor_to(&mut app, "c3");
    let layout = brique::app::layout::screen(
        Rect::new(0, 0, 120, 40),
        app.training().unwrap().position().size(),
    )
    .unwrap();
    let buf = buffer(&app, 120, 40);
    let cell = |name: &str| {
        let (x, y) = layout.board.glyph_cell(sq(name));
        (x..x + 3)
            .map(|x| buf[(x, y)].symbol().to_string())
            .collect::<String>()
    };
    // c3's escorts are c4 (a stone) and b3 (free): the free one is marked.
    assert!(cell("b3").contains('◇'), "b3 shows {:?}", cell("b3"));
    // One on the board, one in the text that says what it is.
    let screen = text(&app, 120, 40);
    assert!(screen.matches('◇').count() >= 2, "{screen}");
    assert!(
        !screen.contains("{escort}") && !screen.contains('‼'),
        "{screen}"
    );

    to_lesson(&mut app, 5);
    let screen = text(&app, 120, 40);
    assert!(screen.matches('‼').count() >= 2, "{screen}");
    assert!(!screen.contains("{threat}"), "{screen}");
    let buf = buffer(&app, 120, 40);
    let (x, y) = layout.board.glyph_cell(sq("c3"));
    let c3: String = (x..x + 3)
        .map(|x| buf[(x, y)].symbol().to_string())
        .collect();
    assert!(c3.contains('‼'), "White's c3 is in danger: {c3:?}");
}

/// Lesson 2 asks for an escort of c3: its cursor started on c3, with c3's
/// escorts marked. No lesson's cursor starts on an answer or on the square
/// the task names.
#[test]
fn no_lesson_cursor_gives_the_answer_away() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = lessons(dir.path());
    to_lesson(&mut app, 2);
    let cursor = app.training().unwrap().cursor();
    assert!(
        ![sq("c3"), sq("c4"), sq("b3")].contains(&cursor),
        "{cursor}"
    );
    let screen = text(&app, 120, 40);
    assert!(!screen.contains('◇'), "{screen}");
    press(&mut app, KeyCode::Enter);
    let feedback = app.training().unwrap().feedback().unwrap();
    assert!(
        feedback.text.contains("does not do it"),
        "{}",
        feedback.text
    );

    let count = app.training().unwrap().lesson().2;
    for n in 1..=count {
        to_lesson(&mut app, n);
        let (lesson, _, _) = app.training().unwrap().lesson();
        let cursor = app.training().unwrap().cursor();
        if lesson.goal.to_string() == "decline" {
            continue; // any stone declines the swap: no square is quiet.
        }
        assert!(
            !lesson.judge(Move::Place(cursor)).is_ok_and(|v| v.done),
            "lesson {n}: the cursor starts on an answer, {cursor}"
        );
        assert!(
            !lesson.goal.squares().contains(&cursor),
            "lesson {n}: the cursor starts on the task's square, {cursor}"
        );
    }
}

#[test]
fn the_lesson_key_line_has_no_puzzle_keys() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = lessons(dir.path());
    let last_line = |app: &App| text(app, 200, 40).lines().last().unwrap().to_string();
    let line = last_line(&app);
    assert!(line.contains("play") && line.contains("next"), "{line}");
    assert!(!line.contains("win in N"), "{line}");
    press(&mut app, KeyCode::Tab);
    let line = last_line(&app);
    assert!(line.contains("win in N"), "the puzzles have them: {line}");
}

/// The help opened in a lesson shows over the lesson (not over the game's
/// 15×15 board behind it) and points at `brique rules`, which the player
/// has, not at a file of the source, which they may not.
#[test]
fn the_help_in_a_lesson_shows_over_it_and_points_to_brique_rules() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = lessons(dir.path());
    let lesson = buffer(&app, 120, 40);
    press(&mut app, KeyCode::Char('?'));
    assert_eq!(
        app.screen(),
        &Screen::Help {
            scroll: 0,
            over: HelpOver::Training
        }
    );
    let help = buffer(&app, 120, 40);
    // Left of the help's box (80 wide, centred): the lesson as it was.
    let left: Vec<(u16, u16)> = (0..40).flat_map(|y| (0..20).map(move |x| (x, y))).collect();
    assert!(
        left.iter()
            .any(|&(x, y)| !lesson[(x, y)].symbol().trim().is_empty()),
        "the lesson's board reaches the left of the screen"
    );
    for (x, y) in left {
        assert_eq!(
            help[(x, y)].symbol(),
            lesson[(x, y)].symbol(),
            "at ({x}, {y}) the lesson is covered by something else"
        );
    }
    let lines: String = brique::app::help_lines(app.keys(), app.theme(), 200)
        .iter()
        .map(|line| format!("{line}\n"))
        .collect();
    assert!(lines.contains("brique rules"), "{lines}");
    assert!(!lines.contains("RULES.md"), "{lines}");
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen(), &Screen::Training);
}
