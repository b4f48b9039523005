//! Hosting and joining from the screen: the settings' rows and the board's
//! keys open the forms, bad input is said in the form (the form stays, the
//! game is kept), and good input starts the network game at once.

use std::time::{Duration, Instant};

use brique::app::{Action, App, Config, Edit, Field, NetForm, NetFormKind, Screen};
use brique::core::BoardSize;

fn app() -> App {
    let mut config = Config::default();
    config.game.size = BoardSize::new(5).unwrap();
    App::with_config(config)
}

pub fn form(app: &App) -> &NetForm {
    match app.screen() {
        Screen::NetForm(form) => form,
        other => panic!("no form but {other:?}"),
    }
}

/// Replaces the text of the form's field `field` with `text`.
pub fn type_in(app: &mut App, field: usize, text: &str) {
    while form(app).focus != field {
        app.update(Action::NextField);
    }
    app.update(Action::Edit(Edit::End));
    app.update(Action::Edit(Edit::DeleteToStart));
    for c in text.chars() {
        app.update(Action::Edit(Edit::Insert(c)));
    }
}

/// Submits the form and gives its error: the field blamed and why.
fn refused(app: &mut App) -> (usize, String) {
    app.update(Action::Submit);
    form(app).error.clone().expect("an error in the form")
}

/// Hosts from the form on any free port.
fn hosting() -> App {
    let mut app = app();
    app.update(Action::OpenHost);
    type_in(&mut app, 0, "0");
    app.update(Action::Submit);
    app
}

fn notes(app: &App) -> String {
    app.panel_notes()
        .into_iter()
        .map(|n| n.text + "\n")
        .collect()
}

#[test]
fn the_settings_rows_open_the_forms_and_a_bad_port_is_said_there() {
    let mut app = app();
    app.update(Action::Place);
    app.update(Action::OpenSettings);
    let Screen::Settings(settings) = app.screen() else {
        panic!("the settings");
    };
    assert_eq!(settings.focus, Field::Player1);
    // Up from the first row: the last rows are the three actions.
    app.update(Action::PrevField);
    app.update(Action::PrevField);
    app.update(Action::PrevField);
    app.update(Action::Submit);
    assert_eq!(form(&app).kind, NetFormKind::Host);
    assert_eq!(form(&app).inputs[0].text(), "7777");
    for bad in ["99999", "port", ""] {
        type_in(&mut app, 0, bad);
        let (field, why) = refused(&mut app);
        assert_eq!(field, 0);
        assert!(why.contains("is not a port"), "{why}");
    }
    // Nothing started, nothing lost.
    assert_eq!(app.game().history().len(), 1);
    assert!(!notes(&app).contains("Hosting"));
    app.update(Action::Close);
    assert_eq!(app.screen(), &Screen::Board);

    app.update(Action::OpenSettings);
    app.update(Action::PrevField);
    app.update(Action::PrevField);
    app.update(Action::Submit);
    assert_eq!(form(&app).kind, NetFormKind::Join);
    app.update(Action::Close);

    // The last row: the Online screen, asking for a server first.
    app.update(Action::OpenSettings);
    app.update(Action::PrevField);
    app.update(Action::Submit);
    assert!(
        matches!(app.screen(), Screen::Online(_)),
        "{:?}",
        app.screen()
    );
    assert_eq!(app.context(), brique::app::keymap::Context::OnlineForm);
}

#[test]
fn a_bad_address_or_code_is_said_in_the_join_form() {
    let mut app = app();
    app.update(Action::OpenJoin);
    assert_eq!(form(&app).kind, NetFormKind::Join);
    // What is typed in the address and code, the field blamed, what it says.
    let cases = [
        ("", "", 0, "address"),
        ("127.0.0.1", "", 0, "not a host address and port"),
        ("127.0.0.1:7777", "ABCDE-FGHJ", 1, "10"),
        ("127.0.0.1:7777", "ABCDE-FGHJU", 1, "U"),
    ];
    for (address, code, blamed, said) in cases {
        type_in(&mut app, 0, address);
        type_in(&mut app, 1, code);
        let (field, why) = refused(&mut app);
        assert_eq!(field, blamed, "{why}");
        assert!(why.contains(said), "{why}");
    }
    // Fixing the field clears its message.
    type_in(&mut app, 1, "x");
    assert_eq!(form(&app).error, None);
}

#[test]
fn hosting_from_the_form_starts_at_once_and_a_second_network_game_is_refused() {
    let mut app = hosting();
    assert_eq!(app.screen(), &Screen::Board);
    assert!(
        notes(&app).contains("Hosting. Give your friend"),
        "{}",
        notes(&app)
    );
    app.update(Action::OpenJoin);
    assert_eq!(app.screen(), &Screen::Board);
    let said = &app.message().unwrap().text;
    assert!(said.contains("network game already"), "{said}");
}

#[test]
fn joining_from_the_form_connects_to_a_host() {
    let mut host = hosting();
    let words: String = notes(&host);
    let address = words
        .split_whitespace()
        .map(|w| w.trim_end_matches('.'))
        .find(|w| w.starts_with("127.0.0.1:"))
        .expect("the loopback address")
        .to_string();
    let code = words
        .split_whitespace()
        .map(|w| w.trim_end_matches('.'))
        .find(|w| w.len() == 11 && w.as_bytes()[5] == b'-')
        .expect("the code")
        .to_lowercase();
    let mut guest = app();
    guest.update(Action::OpenJoin);
    type_in(&mut guest, 0, &address);
    // Typed as a person reads it aloud: any case, a space for the dash.
    type_in(&mut guest, 1, &code.replace('-', " "));
    guest.update(Action::Submit);
    assert_eq!(guest.screen(), &Screen::Board);
    let start = Instant::now();
    while !(notes(&host).contains("over the network") && notes(&guest).contains("over the network"))
    {
        assert!(start.elapsed() < Duration::from_secs(20), "no link in time");
        host.update(Action::Tick);
        guest.update(Action::Tick);
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn the_help_lists_the_keys_that_open_the_forms() {
    let app = app();
    let help: String = brique::app::help_lines(app.keys(), app.theme(), 100)
        .iter()
        .map(|line| line.to_string() + "\n")
        .collect();
    for said in [
        "invite a friend: host a network game",
        "meet a friend: join the network game they host",
        "Hosting (i) and joining (m) a network game",
    ] {
        assert!(help.contains(said), "{help}");
    }
}
