//! Play a bot on the Online screen against a real `brique server --lobby
//! --bots easy` (127.0.0.1, a free port): the picker lists the bot by its
//! level with its rating, `n` opens the challenge form with its usual
//! terms, Enter challenges it at them and the game starts.

use crate::lobby_support::Server;
use crate::online_support::{app_in, connect, tick_until};
use crate::support::{press, text};
use brique::app::Screen;
use brique::online::protocol::Pace;
use ratatui::crossterm::event::KeyCode;

#[test]
fn online_play_a_bot_picks_easy_and_a_game_against_brique_easy_starts() {
    let root = tempfile::tempdir().unwrap();
    let server = Server::start_on(&root.path().join("server"), &["--bots", "easy"]);
    let lobby = server.lobby.to_string();
    let mut ann = app_in(&root.path().join("ann"), &lobby, "ann");
    connect(&mut ann, "ann");
    tick_until(&mut [&mut ann], "the bot online", |a| {
        a.online().bots == ["brique-easy".to_string()]
    });

    // The picker: the level, the name, the rating once the server answers.
    press(&mut ann, KeyCode::Char('b'));
    tick_until(&mut [&mut ann], "the bot's rating", |a| {
        text(a, 100, 30).contains("not rated yet")
    });
    let screen = text(&ann, 100, 30);
    assert!(screen.contains("Play a bot"), "{screen}");
    let row = screen
        .lines()
        .find(|l| l.contains("brique-easy") && l.contains("not rated yet"))
        .unwrap_or_else(|| panic!("{screen}"));
    assert!(row.contains("Easy"), "{row}");
    assert!(screen.contains("usual terms: 9×9"), "{screen}");

    // Other terms: the challenge form, filled in for the bot.
    press(&mut ann, KeyCode::Char('n'));
    let form = text(&ann, 100, 30);
    assert!(form.contains("Challenge"), "{form}");
    assert!(
        form.contains("brique-easy") && form.contains("9×9"),
        "{form}"
    );
    assert!(form.contains("10+5"), "{form}");
    press(&mut ann, KeyCode::Esc);

    // Enter: the usual terms, and the game starts as the bot accepts.
    press(&mut ann, KeyCode::Char('b'));
    press(&mut ann, KeyCode::Enter);
    tick_until(&mut [&mut ann], "the game against the bot", |a| {
        a.online().game.is_some()
    });
    let game = &ann.online().game.as_ref().unwrap().state;
    assert_eq!(game.names, ["ann".to_string(), "brique-easy".to_string()]);
    let terms = &game.terms;
    assert_eq!((terms.size, terms.rated), (9, true));
    assert_eq!(
        terms.pace,
        Pace::Clock {
            minutes: 10,
            increment: 5
        }
    );
    assert!(matches!(ann.screen(), Screen::Board), "the board shows it");
}
