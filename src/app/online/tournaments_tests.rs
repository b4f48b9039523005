//! The Tournaments page as a player meets it, without a server: the app
//! drawn on a test terminal (insta snapshots of the text) with the lists
//! and pages the server would send put in its online part; its keys, its
//! form's refusals; and the pushes a pairing brings, on the Online screen
//! and elsewhere.

use ratatui::Terminal;
use ratatui::backend::TestBackend;

use super::desk::Desk;
use super::page::{OnlinePage, PageForm, Tab};
use crate::app::action::{Action, Edit};
use crate::app::remote_game::deed::Deeds;
use crate::app::screen::Screen;
use crate::app::{App, Config};
use crate::core::{Player, Variant};
use crate::online::protocol::{Clocks, GameId, GameState, Pace, Push, Terms};
use crate::online::tournaments::{
    Kind, Stage, TournamentGame, TournamentId, TournamentPage, TournamentRound, TournamentStanding,
    TournamentSummary,
};

const TERMS: Terms = Terms {
    size: 5,
    variant: Variant::Revised,
    pie: false,
    pace: Pace::Clock {
        minutes: 1,
        increment: 1,
    },
    rated: true,
};

/// 2026-11-30 12:30 UTC.
const START_MS: i64 = 1_796_041_800_000;

fn summary(id: u64, name: &str, kind: Kind, stage: Stage) -> TournamentSummary {
    TournamentSummary {
        id: TournamentId(id),
        name: name.into(),
        kind,
        stage,
        terms: TERMS,
        rounds: (kind == Kind::Swiss).then_some(2),
        minutes: (kind == Kind::Arena).then_some(30),
        starts_ms: START_MS,
        entrants: 3,
        round: u32::from(stage != Stage::Upcoming),
        by: Some("ann".into()),
        bots: kind == Kind::Swiss,
    }
}

fn standing(rank: u32, name: &str, points: u32, tie_breaks: [u32; 2]) -> TournamentStanding {
    TournamentStanding {
        rank,
        name: name.into(),
        bot: name.starts_with("brique"),
        points,
        tie_breaks: tie_breaks.to_vec(),
        games: 1,
        streak: 0,
        paused: false,
        withdrawn: false,
        group: None,
    }
}

fn game(black: &str, white: &str, id: u64, winner: Option<&str>) -> TournamentGame {
    TournamentGame {
        white: white.into(),
        black: black.into(),
        game: Some(GameId(id)),
        finished: winner.is_some(),
        winner: winner.map(str::to_string),
    }
}

fn swiss_page() -> TournamentPage {
    TournamentPage {
        summary: summary(3, "Quick swiss", Kind::Swiss, Stage::Running),
        tie_breaks: vec!["Buchholz".into(), "Sonneborn-Berger".into()],
        standings: vec![
            standing(1, "ann", 1, [0, 0]),
            standing(2, "brique-easy", 1, [0, 0]),
            standing(3, "bob", 0, [1, 0]),
        ],
        rounds: vec![
            TournamentRound {
                round: 1,
                bye: Some("brique-easy".into()),
                games: vec![game("ann", "bob", 12, Some("ann"))],
            },
            TournamentRound {
                round: 2,
                bye: Some("bob".into()),
                games: vec![game("brique-easy", "ann", 14, None)],
            },
        ],
    }
}

/// An app on the Tournaments page, named ann (not connected: nothing is
/// sent, what would be is said).
fn app_on_tournaments() -> App {
    let mut app = App::with_config(Config::default());
    let mut page = OnlinePage::new(None);
    page.tab = Tab::Tournaments;
    app.screen = Screen::Online(Box::new(page));
    app.online.me = Some("ann".into());
    app
}

fn draw(app: &App, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| frame.render_widget(app, frame.area()))
        .unwrap();
    terminal
}

fn text(app: &App, width: u16, height: u16) -> String {
    let terminal = draw(app, width, height);
    let buf = terminal.backend().buffer();
    (0..buf.area.height)
        .map(|y| {
            (0..buf.area.width)
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn page(app: &App) -> &OnlinePage {
    match &app.screen {
        Screen::Online(page) => page,
        other => panic!("not on the Online screen: {other:?}"),
    }
}

/// What the server pushes, taken in as `take_online` does.
fn push(app: &mut App, push: Push) {
    let context = app.screen.context();
    let mut desk = Desk {
        page: match &mut app.screen {
            Screen::Online(page) => Some(&mut **page),
            _ => None,
        },
        session: &mut app.session,
        config: &app.config,
        theme: app.theme,
        fixed: None,
        bell: &app.bell,
        context,
    };
    let mut deeds = Deeds::default();
    app.online.on_push(push, &mut desk, &mut deeds);
    let _ = app.carry_out(deeds);
}

fn said(app: &App) -> String {
    app.message().map(|m| m.text.clone()).unwrap_or_default()
}

#[test]
fn tournaments_a_server_without_them_or_an_empty_list_reads_as_a_sentence() {
    let mut app = app_on_tournaments();
    app.online
        .tournaments
        .refuse("this server holds no tournaments yet");
    let screen = text(&app, 100, 30);
    assert!(
        screen.contains("This server holds no tournaments yet."),
        "{screen}"
    );
    app.online.tournaments.take_list(Vec::new());
    let screen = text(&app, 60, 20);
    assert!(
        screen.contains("No tournament yet: n makes one."),
        "{screen}"
    );
    assert!(screen.contains("Tournaments"), "{screen}");
}

#[test]
fn tournaments_the_list_by_stage() {
    let mut app = app_on_tournaments();
    app.online.tournaments.take_list(vec![
        summary(1, "Old swiss", Kind::Swiss, Stage::Finished),
        summary(3, "Quick swiss", Kind::Swiss, Stage::Running),
        summary(4, "Blitz arena", Kind::Arena, Stage::Upcoming),
        summary(5, "Winter league", Kind::League, Stage::Running),
    ]);
    insta::assert_snapshot!(draw(&app, 100, 30).backend());
    let small = text(&app, 60, 20);
    assert!(small.contains("#4    Blitz arena"), "{small}");
}

#[test]
fn tournaments_a_page_shows_standings_with_tie_breaks_named_and_rounds_newest_first() {
    let mut app = app_on_tournaments();
    app.online
        .tournaments
        .take_list(vec![summary(3, "Quick swiss", Kind::Swiss, Stage::Running)]);
    app.update(Action::Submit);
    assert_eq!(app.online.tournaments.open(), Some(TournamentId(3)));
    let waiting = text(&app, 100, 30);
    assert!(waiting.contains("Asking the server"), "{waiting}");
    // Its page comes (an answer, then pushes as it changes).
    push(
        &mut app,
        Push::Tournament {
            page: Box::new(swiss_page()),
        },
    );
    insta::assert_snapshot!(draw(&app, 100, 30).backend());
    // The cursor on round 2's game (after the 3 standings), in sight on a
    // small terminal.
    for _ in 0..3 {
        app.update(Action::ScrollDown);
    }
    assert_eq!(page(&app).selected, 3);
    let small = text(&app, 60, 20);
    assert!(small.contains("#14"), "{small}");
    // Esc: back to the list, on the tournament left.
    app.update(Action::Close);
    assert_eq!(app.online.tournaments.open(), None);
    assert!(matches!(app.screen, Screen::Online(_)));
    app.update(Action::Close);
    assert_eq!(app.screen, Screen::Board);
}

#[test]
fn tournaments_an_arena_s_keys_are_named_for_the_player_in_it() {
    let mut app = app_on_tournaments();
    let mut arena = swiss_page();
    arena.summary = summary(4, "Blitz arena", Kind::Arena, Stage::Running);
    arena.tie_breaks.clear();
    for s in &mut arena.standings {
        s.tie_breaks.clear();
    }
    arena.standings[0].streak = 2;
    arena.standings[0].paused = true;
    app.online
        .tournaments
        .take_list(vec![arena.summary.clone()]);
    app.update(Action::Submit);
    push(
        &mut app,
        Push::Tournament {
            page: Box::new(arena),
        },
    );
    let screen = text(&app, 100, 30);
    assert!(
        screen.contains("You are in: p resumes your games, d withdraws you."),
        "{screen}"
    );
    assert!(screen.contains("streak 2, paused"), "{screen}");
    // Bob, not in it, is told the key that enters him.
    app.online.me = Some("cat".into());
    let screen = text(&app, 100, 30);
    assert!(screen.contains("e enters you."), "{screen}");
    app.update(Action::PauseTournament);
    assert_eq!(said(&app), "You are not in this arena.");
}

#[test]
fn tournaments_the_form_refuses_in_the_rule_s_words_and_a_guest_makes_none() {
    let mut app = app_on_tournaments();
    app.update(Action::NewGame);
    assert!(matches!(page(&app).form, Some(PageForm::Tournament(_))));
    // Sent without a name: refused on the form, nothing sent.
    app.update(Action::Submit);
    let screen = text(&app, 100, 30);
    assert!(
        screen.contains("A tournament's name has 1 to 40 characters."),
        "{screen}"
    );
    for c in "Blitz".chars() {
        app.update(Action::Edit(Edit::Insert(c)));
    }
    // An arena in days a move.
    app.update(Action::NextField);
    app.update(Action::Edit(Edit::Right));
    for _ in 0..4 {
        app.update(Action::NextField);
    }
    for _ in 0..3 {
        app.update(Action::Edit(Edit::Left));
    }
    app.update(Action::Submit);
    insta::assert_snapshot!(draw(&app, 100, 30).backend());
    let small = text(&app, 60, 20);
    assert!(small.contains("Make a tournament"), "{small}");
    // Esc closes the form; a guest (no name) is told to connect with one.
    app.update(Action::Close);
    assert!(page(&app).form.is_none());
    app.online.me = None;
    app.update(Action::NewGame);
    assert!(page(&app).form.is_none());
    assert_eq!(said(&app), "Connect with a name to make a tournament.");
}

fn started(game: u64) -> Push {
    Push::Started {
        state: GameState {
            game: GameId(game),
            names: ["bob".into(), "ann".into()],
            black: Player::One,
            terms: TERMS,
            moves: Vec::new(),
            clocks: Clocks {
                black_ms: 60_000,
                white_ms: 60_000,
            },
            watchers: 0,
            result: None,
        },
    }
}

fn paired(game: u64) -> Push {
    Push::Paired {
        tournament: TournamentId(3),
        name: "bob".into(),
        round: 2,
        game: GameId(game),
    }
}

#[test]
fn tournaments_a_pairing_elsewhere_is_told_with_the_key_that_goes_to_it() {
    let mut app = app_on_tournaments();
    app.online
        .tournaments
        .take_list(vec![summary(3, "Quick swiss", Kind::Swiss, Stage::Running)]);
    // In the lessons: told at once, with the key back to the board.
    app.screen = Screen::Board;
    app.update(Action::OpenTraining);
    assert_eq!(app.screen, Screen::Training);
    push(&mut app, paired(40));
    let notice = "Your game of Quick swiss round 2 against bob starts: Esc goes to it.";
    assert_eq!(said(&app), notice);
    // Its start puts the game on the board under the lessons, said again.
    push(&mut app, started(40));
    assert_eq!(app.screen, Screen::Training);
    assert_eq!(app.online.game.as_ref().map(|g| g.id()), Some(GameId(40)));
    assert_eq!(said(&app), notice);
    let screen = text(&app, 100, 30);
    assert!(screen.contains("Your game of Quick swiss"), "{screen}");
    // On the board (a local game): the game takes the board.
    app.screen = Screen::Board;
    push(&mut app, paired(41));
    push(&mut app, started(41));
    assert_eq!(
        said(&app),
        "Your game of Quick swiss round 2 against bob starts."
    );
}

#[test]
fn tournaments_a_pairing_on_the_online_screen_opens_the_game_on_its_own() {
    let mut app = app_on_tournaments();
    push(&mut app, paired(40));
    assert_eq!(said(&app), "", "nothing said before the game starts");
    push(&mut app, started(40));
    assert_eq!(app.screen, Screen::Board);
    assert_eq!(app.online.game.as_ref().map(|g| g.id()), Some(GameId(40)));
    assert_eq!(
        said(&app),
        "Your game of tournament #3 round 2 against bob starts."
    );
}
