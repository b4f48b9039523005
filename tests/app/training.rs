//! The lessons and puzzles screen without a terminal: it opens where the
//! player left off, answers right and wrong moves with the core's reasons,
//! keeps the progress in the state directory, and returns to the game.

use crate::support::*;
use brique::app::{Action, App, Config, Course, PlayArgs, Screen, Tone};
use brique::storage::{Paths, Progress, load_progress, save_progress};
use ratatui::crossterm::event::KeyCode;

fn start(dir: &std::path::Path) -> App {
    let mut app = App::with_config(Config::default());
    app.open_files(Some(Paths::under(dir)), &PlayArgs::default().opening());
    app.update(Action::Resize {
        width: 120,
        height: 40,
    });
    app
}

fn jump(app: &mut App, square: &str) {
    let training = app.training().expect("training open");
    let target = sq(square);
    let (mut col, mut row) = (training.cursor().col(), training.cursor().row());
    while col != target.col() || row != target.row() {
        let key = if col < target.col() {
            col += 1;
            KeyCode::Right
        } else if col > target.col() {
            col -= 1;
            KeyCode::Left
        } else if row < target.row() {
            row += 1;
            KeyCode::Up
        } else {
            row -= 1;
            KeyCode::Down
        };
        press(app, key);
    }
}

#[test]
fn e_opens_the_first_lesson_and_a_wrong_move_is_answered_with_why() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path());
    press(&mut app, KeyCode::Char('e'));
    assert_eq!(app.screen(), &Screen::Training);
    let screen = text(&app, 120, 40);
    assert!(screen.contains("1 of 14: Connect your edges"), "{screen}");

    jump(&mut app, "d3");
    press(&mut app, KeyCode::Enter);
    let feedback = app.training().unwrap().feedback().unwrap().clone();
    assert_eq!(feedback.tone, Tone::Warning);
    assert!(
        feedback
            .text
            .starts_with("d3 does not do it. d3 touches c4 only at a corner")
    );
    // Nothing was played: the lesson's position is unchanged.
    assert_eq!(app.training().unwrap().position().get(sq("d3")), None);
    assert!(!dir.path().join("state").join("learning.toml").exists());

    jump(&mut app, "c3");
    press(&mut app, KeyCode::Enter);
    let training = app.training().unwrap();
    assert_eq!(training.feedback().unwrap().tone, Tone::Success);
    let kept = load_progress(&Paths::under(dir.path()).progress()).unwrap();
    assert!(kept.lessons_done.contains("Connect your edges"));

    // Esc goes back to the game, which was not touched.
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen(), &Screen::Board);
    assert_eq!(app.game().moves().len(), 0);
}

#[test]
fn training_opens_where_the_player_left_off_and_tab_switches_to_puzzles() {
    let dir = tempfile::tempdir().unwrap();
    let paths = Paths::under(dir.path());
    let mut progress = Progress::default();
    progress
        .lessons_done
        .insert("Connect your edges".to_string());
    save_progress(&paths.progress(), &progress).unwrap();
    let mut app = start(dir.path());
    app.open_training(Course::Lessons);
    assert_eq!(app.training().unwrap().lesson().1, 2);
    press(&mut app, KeyCode::Tab);
    assert_eq!(app.training().unwrap().course(), Course::Puzzles);
    let screen = text(&app, 120, 40);
    assert!(screen.contains("to play and win in 1"), "{screen}");
    assert!(screen.contains("1 of 300"), "{screen}");
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.training().unwrap().puzzle().1, 2);
}

/// The first puzzle open and answered with a wrong move: the app, the right
/// move and the wrong one.
fn first_puzzle_answered_wrong(dir: &std::path::Path) -> (App, String, String) {
    let mut app = start(dir);
    app.open_training(Course::Puzzles);
    let run = app.training().unwrap().puzzle().0.clone();
    let right = run.puzzle().moves[0].to_string();
    let wrong = brique::learn::proof::actions(&run.puzzle().position)
        .into_iter()
        .find(|mv| !run.puzzle().moves.contains(mv))
        .unwrap()
        .to_string();
    jump(&mut app, &wrong);
    press(&mut app, KeyCode::Enter);
    (app, right, wrong)
}

#[test]
fn a_puzzle_solved_counts_in_the_streak_and_a_wrong_move_shows_the_defence() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, right, wrong) = first_puzzle_answered_wrong(dir.path());
    let feedback = app.training().unwrap().feedback().unwrap().clone();
    assert!(
        feedback
            .text
            .contains(&format!("{wrong} does not win in 1:")),
        "{}",
        feedback.text
    );
    assert_eq!(feedback.marks.len(), 1, "the defence is marked");

    press(&mut app, KeyCode::Char('r'));
    jump(&mut app, &right);
    press(&mut app, KeyCode::Enter);
    let training = app.training().unwrap();
    assert!(training.feedback().unwrap().text.starts_with("Solved"));
    // Solved at the second try: kept as solved, but no streak.
    assert_eq!(training.progress().streak, 0);
    let kept = load_progress(&Paths::under(dir.path()).progress()).unwrap();
    assert_eq!(kept.puzzles_solved.len(), 1);
}

/// Issue #45: solve, `r`, solve again made the streak 1, 2, 3. Only a
/// puzzle's first attempt ever counts: a replay, in this run or the next,
/// neither grows the streak nor ends it.
#[test]
fn replaying_a_solved_puzzle_never_grows_the_streak() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path());
    app.open_training(Course::Puzzles);
    let right = app.training().unwrap().puzzle().0.puzzle().moves[0].to_string();
    let solve = |app: &mut App| {
        jump(app, &right);
        press(app, KeyCode::Enter);
        let text = app.training().unwrap().feedback().unwrap().text.clone();
        assert!(text.starts_with("Solved"), "{text}");
    };
    solve(&mut app);
    assert_eq!(app.training().unwrap().progress().streak, 1);
    for _ in 0..2 {
        press(&mut app, KeyCode::Char('r'));
        solve(&mut app);
    }
    // Away and back: the same puzzle, replayed.
    press(&mut app, KeyCode::Char('n'));
    press(&mut app, KeyCode::Char('p'));
    solve(&mut app);
    let progress = app.training().unwrap().progress();
    assert_eq!((progress.streak, progress.best_streak), (1, 1));
    let text = app.training().unwrap().feedback().unwrap().text.clone();
    assert!(text.contains("Streak 1 (best 1)"), "{text}");
    let kept = load_progress(&Paths::under(dir.path()).progress()).unwrap();
    assert_eq!((kept.streak, kept.best_streak), (1, 1));

    // The next run of the program: still a replay.
    let mut app = start(dir.path());
    app.open_training(Course::Puzzles);
    assert_eq!(
        app.training().unwrap().puzzle().0.puzzle().moves[0].to_string(),
        right
    );
    solve(&mut app);
    assert_eq!(app.training().unwrap().progress().streak, 1);
    let kept = load_progress(&Paths::under(dir.path()).progress()).unwrap();
    assert_eq!((kept.streak, kept.best_streak), (1, 1));
}

#[test]
fn a_damaged_progress_file_is_said_and_never_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let path = Paths::under(dir.path()).progress();
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, "streak = [").unwrap();
    let mut app = start(dir.path());
    app.open_training(Course::Lessons);
    assert!(app.message().unwrap().text.contains("not kept this time"));
    jump(&mut app, "c3");
    press(&mut app, KeyCode::Enter);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "streak = [");
}

#[test]
fn the_lessons_show_the_escorts_of_the_cursor_as_the_game_does() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path());
    app.open_training(Course::Lessons);
    // From the fourth lesson on (the first three teach the escorts): with
    // the cursor on c3, whose escorts are c4 (a stone) and b3 (free), the
    // free one is marked.
    type_keys(&mut app, ":4");
    press(&mut app, KeyCode::Enter);
    jump(&mut app, "c3");
    let buf = buffer(&app, 120, 40);
    let layout = brique::app::layout::screen(
        ratatui::layout::Rect::new(0, 0, 120, 40),
        app.training().unwrap().position().size(),
    )
    .unwrap();
    let (x, y) = layout.board.glyph_cell(sq("b3"));
    let row: String = (x..x + 3)
        .map(|x| buf[(x, y)].symbol().to_string())
        .collect();
    assert!(row.contains('◇'), "b3 shows {row:?}");
}

#[test]
fn a_puzzle_answered_wrong_then_right_is_solved() {
    let dir = tempfile::tempdir().unwrap();
    let (mut app, right, _) = first_puzzle_answered_wrong(dir.path());
    let feedback = app.training().unwrap().feedback().unwrap().clone();
    assert!(
        feedback.text.contains("next move starts the puzzle again"),
        "{}",
        feedback.text
    );
    // No retry key: the next move starts again from the puzzle's position.
    jump(&mut app, &right);
    press(&mut app, KeyCode::Enter);
    let text = app.training().unwrap().feedback().unwrap().text.clone();
    assert!(text.starts_with("Solved"), "{text}");
    assert!(!text.contains("over"), "{text}");
    // Another move after the solution says so, not that a game is over.
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Enter);
    let text = app.training().unwrap().feedback().unwrap().text.clone();
    assert!(text.starts_with("Solved: go on"), "{text}");
}

#[test]
fn a_long_lesson_title_wraps_and_a_solved_lesson_is_done_not_to_move() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path());
    press(&mut app, KeyCode::Char('e'));
    for _ in 0..12 {
        press(&mut app, KeyCode::Char('n'));
    }
    // A narrow panel: the title goes on over two lines, whole.
    let screen = text(&app, 80, 30);
    assert!(
        screen.contains("The pie rule: take a") && screen.contains("strong opening"),
        "{screen}"
    );

    for _ in 0..12 {
        press(&mut app, KeyCode::Char('p'));
    }
    // The first lesson again: c3 answers it.
    assert_eq!(app.training().unwrap().lesson().1, 1);
    jump(&mut app, "c3");
    press(&mut app, KeyCode::Enter);
    let screen = text(&app, 120, 40);
    assert!(!screen.contains("Black to move"), "{screen}");
    assert!(screen.contains("Lesson done"), "{screen}");
}

#[test]
fn after_the_last_lesson_come_the_puzzles_and_help_opens_over_the_lessons() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path());
    press(&mut app, KeyCode::Char('e'));
    for _ in 0..13 {
        press(&mut app, KeyCode::Char('n'));
    }
    assert_eq!(app.training().unwrap().lesson().1, 14);
    press(&mut app, KeyCode::Char('n'));
    let training = app.training().unwrap();
    assert_eq!(training.course(), Course::Puzzles);
    assert!(training.feedback().unwrap().text.contains("last lesson"));

    press(&mut app, KeyCode::Char('?'));
    assert!(matches!(app.screen(), Screen::Help { .. }));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.screen(), &Screen::Training);
}

#[test]
fn the_square_prompt_works_on_the_lesson_board() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path());
    press(&mut app, KeyCode::Char('e'));
    type_keys(&mut app, ":c3");
    let screen = text(&app, 120, 40);
    assert!(screen.contains("Go to square: c3"), "{screen}");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), &Screen::Training);
    assert_eq!(app.training().unwrap().cursor(), sq("c3"));
    // The next Enter plays there: c3 answers the first lesson.
    press(&mut app, KeyCode::Enter);
    let feedback = app.training().unwrap().feedback().unwrap().clone();
    assert_eq!(feedback.tone, Tone::Success, "{}", feedback.text);
}

#[test]
fn the_puzzles_open_at_a_depth_or_a_number_and_solved_ones_are_ticked() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path());
    app.open_training(Course::Puzzles);
    for depth in [2, 3, 1] {
        press(&mut app, KeyCode::Char(char::from(b'0' + depth)));
        let (run, number, _) = app.training().unwrap().puzzle();
        assert_eq!(run.puzzle().n, depth);
        // The first of that depth: the one before it wins sooner.
        if number > 1 {
            type_keys(&mut app, &format!(":{}", number - 1));
            press(&mut app, KeyCode::Enter);
            let before = app.training().unwrap().puzzle().0.puzzle().n;
            assert!(before < depth, "puzzle {} wins in {before}", number - 1);
        }
    }
    let screen = text(&app, 120, 40);
    assert!(
        screen.contains("win in N"),
        "the key line names the depths\n{screen}"
    );
    // A number jumps there; one out of range is said.
    type_keys(&mut app, ":7");
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.screen(), &Screen::Training);
    assert_eq!(app.training().unwrap().puzzle().1, 7);
    type_keys(&mut app, ":9999");
    press(&mut app, KeyCode::Enter);
    assert!(
        app.message()
            .unwrap()
            .text
            .starts_with("There is no puzzle 9999"),
        "{:?}",
        app.message()
    );
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.training().unwrap().puzzle().1, 7);
    // Solved, the puzzle's title is ticked, as a lesson done is.
    let right = app.training().unwrap().puzzle().0.puzzle().moves[0].to_string();
    let title = |app: &App| {
        let screen = text(app, 120, 40);
        let line = screen
            .lines()
            .find(|l| l.contains("7 of "))
            .map(str::to_string);
        line.unwrap_or_else(|| panic!("no title in\n{screen}"))
    };
    assert!(!title(&app).contains('✓'), "{}", title(&app));
    jump(&mut app, &right);
    press(&mut app, KeyCode::Enter);
    assert!(title(&app).contains('✓'), "{}", title(&app));
}

#[test]
fn e_reopens_the_puzzles_where_the_player_left_off() {
    let dir = tempfile::tempdir().unwrap();
    let mut app = start(dir.path());
    app.open_training(Course::Puzzles);
    type_keys(&mut app, ":12");
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Esc);
    // Another run of the program, on the same files.
    let mut app = start(dir.path());
    press(&mut app, KeyCode::Char('e'));
    let training = app.training().expect("training open");
    assert_eq!(training.course(), Course::Puzzles);
    assert_eq!(training.puzzle().1, 12);
    // Lessons too: Tab, then the third lesson; `e` comes back to it.
    press(&mut app, KeyCode::Tab);
    press(&mut app, KeyCode::Char('n'));
    press(&mut app, KeyCode::Char('n'));
    let lesson = app.training().unwrap().lesson().1;
    let mut app = start(dir.path());
    press(&mut app, KeyCode::Char('e'));
    let training = app.training().unwrap();
    assert_eq!(training.course(), Course::Lessons);
    assert_eq!(training.lesson().1, lesson);
}

/// A puzzle line the built-in set does not hold (the format's example).
const OWN_PUZZLE: &str = "2B2/W1B2/W4/W1B1W/WBB2 b 8 original nopie | b3 c3 | 1\n";

#[test]
fn your_own_puzzles_show_after_the_built_in_ones_and_a_file_instead_of_them() {
    let dir = tempfile::tempdir().unwrap();
    let built_in = brique::learn::built_in().unwrap().len();
    // Beside the built-in set: puzzles.txt in the data directory.
    let own = brique::learn::user_puzzles(&Paths::under(dir.path()));
    std::fs::create_dir_all(own.parent().unwrap()).unwrap();
    std::fs::write(&own, OWN_PUZZLE).unwrap();
    let mut app = start(dir.path());
    app.open_training(Course::Puzzles);
    assert_eq!(app.training().unwrap().puzzle().2, built_in + 1);
    press(&mut app, KeyCode::Char('1'));
    let found = (0..built_in + 1).any(|_| {
        press(&mut app, KeyCode::Char('n'));
        app.training()
            .unwrap()
            .puzzle()
            .0
            .puzzle()
            .position
            .to_string()
            == "2B2/W1B2/W4/W1B1W/WBB2 b 8 original nopie"
    });
    assert!(found, "your puzzle is among them");
    // `brique puzzles --file F`: that file's puzzles alone.
    let file = dir.path().join("mine.txt");
    std::fs::write(&file, format!("# mine\n{OWN_PUZZLE}")).unwrap();
    let mut app = start(dir.path());
    app.use_puzzle_file(Some(file.clone()));
    app.open_training(Course::Puzzles);
    assert_eq!(app.training().unwrap().puzzle().2, 1);
    // A bad file is said, and the built-in puzzles shown.
    std::fs::write(&file, "not a puzzle\n").unwrap();
    let mut app = start(dir.path());
    app.use_puzzle_file(Some(file));
    app.open_training(Course::Puzzles);
    assert!(
        app.message().unwrap().text.contains("mine.txt, line 1"),
        "{:?}",
        app.message()
    );
    assert_eq!(app.training().unwrap().puzzle().2, built_in + 1);
}

#[test]
fn a_win_in_one_with_two_answers_says_any_of_these_wins() {
    let dir = tempfile::tempdir().unwrap();
    let puzzles = brique::learn::built_in().unwrap();
    let (index, puzzle) = puzzles
        .iter()
        .enumerate()
        .find(|(_, p)| p.n == 1 && p.moves.len() == 2)
        .expect("a win in 1 with two answers");
    let mut app = start(dir.path());
    app.open_training(Course::Puzzles);
    type_keys(&mut app, &format!(":{}", index + 1));
    press(&mut app, KeyCode::Enter);
    let screen = text(&app, 120, 40);
    assert!(screen.contains("Any of 2 moves wins."), "{screen}");
    let second = puzzle.moves[1].to_string();
    jump(&mut app, &second);
    press(&mut app, KeyCode::Enter);
    let said = app.training().unwrap().feedback().unwrap().text.clone();
    let both = format!(
        "Any of these wins: {}, {}.",
        puzzle.moves[0], puzzle.moves[1]
    );
    assert!(
        said.starts_with(&format!("Solved: {second} wins. {both}")),
        "{said}"
    );
}
