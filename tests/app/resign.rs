//! Resigning: the computer gives up a lost game (`[engine] resign`, on by
//! default). The game ends like a win for the other side: said on the
//! status line and in the side panel, kept in the record (`result: White
//! resigns`), counted in the results; undo takes it back. A demo resigns
//! too. Searches here are proven losses on small boards, found the same way
//! on every run.

use std::num::NonZeroU16;

use crate::support::*;
use brique::ai::Level;
use brique::app::{Action, App, Config, Job, Mode, Opening, Threads};
use brique::commands::show::{ShowArgs, show};
use brique::core::{Color, Move, Outcome, Player, Record};
use brique::storage::{ResultRow, Timestamp};

/// Black (Player 1) threatens to connect at c4 and at e4; White (the
/// computer, to move) can stop only one: a proven loss.
const LOST_FOR_WHITE: &str = "c1 a7 c2 a5 c3 a3 c5 a1 c6 g7 c7 g5 e1 g3 e2 g1 e3 b5 e5 f3 e6 f6 e7";

fn config(resign: bool) -> Config {
    let mut config = config_with_size(7);
    config.game.pie = false;
    config.engine.level = Level::Medium;
    config.engine.resign = resign;
    config.engine.threads = Threads::Count(NonZeroU16::MIN);
    config
}

/// The app with [`LOST_FOR_WHITE`] opened as a game in `mode`, the engine
/// started on it.
fn opened(mode: Mode, resign: bool) -> (tempfile::TempDir, App) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lost.brique");
    let record = format!(
        "size: 7\npie: off\nx-mode: {}\n\n{LOST_FOR_WHITE}\n",
        mode.key()
    );
    std::fs::write(&path, record).unwrap();
    let mut app = App::with_config(config(resign));
    let opening = Opening {
        record: Some(path),
        new: false,
    };
    app.open_files(None, &opening);
    app.update(Action::Tick);
    assert_eq!(app.game().position().to_move(), Color::White);
    assert_eq!(app.computer().job(), Some(Job::Move));
    (dir, app)
}

#[test]
fn the_computer_resigns_a_proven_loss_and_undo_takes_it_back() {
    let (_dir, mut app) = opened(Mode::HumanVsComputer, true);
    let moves = app.game().history().len();
    app.wait_for_engine();
    let game = app.game();
    assert_eq!(game.history().len(), moves, "no move played");
    assert_eq!(game.resigned(), Some(Color::White));
    assert!(game.is_over());
    assert_eq!(game.winner(), Some(Player::One));
    assert!(!app.game_in_progress());
    assert_eq!(app.computer().job(), None);
    let said = &app.message().unwrap().text;
    assert!(
        said.starts_with("Computer (medium, White) resigns. Player 1 (Black) wins!"),
        "{said}"
    );
    assert!(
        said.contains("Its position is proven lost: every move loses against best play."),
        "{said}"
    );
    let screen = text(&app, 100, 30);
    assert!(screen.contains("White) resigns."), "{screen}");
    // Your move can no longer be played.
    play_at(&mut app, "c4");
    assert_eq!(app.game().history().len(), moves);

    // Undo takes back the resignation and your move before it.
    app.update(Action::Undo);
    assert_eq!(app.game().resigned(), None);
    assert_eq!(app.game().history().len(), moves - 1);
    assert_eq!(app.game().player_to_move(), Player::One);
    let said = &app.message().unwrap().text;
    assert!(said.starts_with("Undid the resignation and e7"), "{said}");
}

#[test]
fn a_resigned_game_is_recorded_and_counted_and_reads_back() {
    let (_dir, mut app) = opened(Mode::HumanVsComputer, true);
    app.wait_for_engine();
    let record = Record::new(
        ["Ann".to_string(), "Computer".to_string()],
        app.game().clone(),
    );
    let text = record.to_string();
    assert!(text.contains("\nresult: White resigns\n"), "{text}");
    let back = Record::parse(&text).unwrap();
    assert_eq!(back, record);
    assert_eq!(back.outcome(), Outcome::Won(Color::Black));
    let row = ResultRow::from_record(&back, None, Timestamp::from_unix_seconds(0)).unwrap();
    assert_eq!((row.winner, row.winner_name()), (Color::Black, "Ann"));
    // `brique show` says so under the diagram.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("resigned.brique");
    std::fs::write(&file, &text).unwrap();
    let args = ShowArgs {
        file: Some(file),
        moves: None,
        size: brique::core::BoardSize::DEFAULT,
        rules: brique::core::Variant::Original,
        no_pie: false,
    };
    let shown = show(&args).unwrap();
    assert!(shown.ends_with("White resigns: Black wins\n"), "{shown}");
}

#[test]
fn records_say_who_resigned_and_refuse_a_resignation_after_the_end() {
    let record = Record::parse("size: 5\nresult: black resigns\n\nc3\n").unwrap();
    assert_eq!(record.game.resigned(), Some(Color::Black));
    assert_eq!(record.outcome(), Outcome::Won(Color::White));
    // Black has connected: nobody resigns after that.
    let won = "size: 5\npie: off\nresult: White resigns\n\nc1 a1 c2 a2 c3 a3 c4 a4 c5\n";
    let err = Record::parse(won).unwrap_err();
    assert_eq!((err.line, err.column), (3, 9));
    assert!(err.message.contains("Black wins"), "{}", err.message);
    let err = Record::parse("result: White gives up\n").unwrap_err();
    assert!(err.message.contains("White resigns"), "{}", err.message);
    // Records of before resigning still read as they did.
    let old =
        Record::parse("size: 5\npie: off\nresult: Black wins\n\nc1 a1 c2 a2 c3 a3 c4 a4 c5\n");
    assert_eq!(old.unwrap().outcome(), Outcome::Won(Color::Black));
}

#[test]
fn with_resigning_off_the_computer_plays_on() {
    let (_dir, mut app) = opened(Mode::HumanVsComputer, false);
    let moves = app.game().history().len();
    app.wait_for_engine();
    assert_eq!(app.game().resigned(), None);
    assert_eq!(app.game().history().len(), moves + 1);
    assert!(matches!(
        app.game().last().map(|r| r.mv),
        Some(Move::Place(_))
    ));
}

#[test]
fn a_demo_resigns_too() {
    let (_dir, mut app) = opened(Mode::ComputerVsComputer, true);
    app.wait_for_engine();
    assert_eq!(app.game().resigned(), Some(Color::White));
    assert!(app.game().is_over());
    assert_eq!(app.computer().job(), None);
}
