//! Names on the Online screen: the limit said in the form before anything
//! is sent, a look-alike refused by the server and blamed on the name
//! field, and a key that asks for another name told the one it keeps.

use crate::online_support::{app_in, client_of, connect, server_in, tick_until};
use crate::support::{press, text, type_keys};
use brique::app::Screen;
use brique::core::NAME_MAX_CHARS;
use ratatui::crossterm::event::KeyCode;

#[test]
fn online_a_name_too_long_is_said_in_the_form_with_the_limit_before_sending() {
    let root = tempfile::tempdir().unwrap();
    // No server: nothing may be sent.
    let long = "n".repeat(NAME_MAX_CHARS + 3);
    let mut app = app_in(root.path(), "127.0.0.1:9", &long);
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Enter);
    let screen = text(&app, 120, 40);
    assert!(
        screen.contains("A name has at most 20 characters (this one has 23)."),
        "{screen}"
    );
    assert!(!screen.contains("Connecting"), "{screen}");
    assert!(matches!(app.screen(), Screen::Online(_)));
    // Typed past the limit, it is said again; three keys fewer, it goes.
    type_keys(&mut app, "nn");
    press(&mut app, KeyCode::Enter);
    assert!(text(&app, 120, 40).contains("this one has 25"));
    for _ in 0..5 {
        press(&mut app, KeyCode::Backspace);
    }
    press(&mut app, KeyCode::Enter);
    let screen = text(&app, 120, 40);
    assert!(!screen.contains("at most 20"), "{screen}");
}

#[test]
fn online_a_look_alike_name_is_refused_by_the_server_in_the_name_field() {
    let root = tempfile::tempdir().unwrap();
    let (server, lobby) = server_in(root.path());
    let _alice = client_of(&server, &root.path().join("a"), "alice");
    // A Cyrillic а.
    let mut app = app_in(&root.path().join("b"), &lobby, "\u{430}lice");
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Enter);
    tick_until(&mut [&mut app], "the refusal", |a| {
        text(a, 120, 40).contains("Not connected")
    });
    let screen = text(&app, 120, 40);
    assert!(screen.contains("looks like alice"), "{screen}");
    assert!(app.online().me.is_none());
    // The name field has the keyboard: typed over, it connects.
    for _ in 0..5 {
        press(&mut app, KeyCode::Backspace);
    }
    type_keys(&mut app, "alina");
    press(&mut app, KeyCode::Enter);
    tick_until(&mut [&mut app], "the connection", |a| {
        a.online().me.as_deref() == Some("alina")
    });
}

#[test]
fn online_a_key_that_asks_for_another_name_is_told_the_one_it_keeps() {
    let root = tempfile::tempdir().unwrap();
    let (_server, lobby) = server_in(root.path());
    let dir = root.path().join("a");
    let mut app = app_in(&dir, &lobby, "ann");
    connect(&mut app, "ann");
    drop(app);
    // The same key (same data folder), another name in the form.
    let mut app = app_in(&dir, &lobby, "anna");
    press(&mut app, KeyCode::Char('d'));
    press(&mut app, KeyCode::Enter);
    tick_until(&mut [&mut app], "the connection", |a| {
        a.online().me.as_deref() == Some("ann")
    });
    let said = app.message().map(|m| m.text.clone()).unwrap_or_default();
    assert!(said.contains("known there as ann"), "{said}");
    assert!(said.contains("on the Online screen renames it"), "{said}");
    assert_eq!(app.config().network.online_name, "ann");

    // `r` on the Online screen: the form, the name typed over.
    press(&mut app, KeyCode::Char('r'));
    let screen = text(&app, 120, 40);
    assert!(
        screen.contains("Rename") && screen.contains("Your name on this server"),
        "{screen}"
    );
    type_keys(&mut app, "a");
    press(&mut app, KeyCode::Enter);
    tick_until(&mut [&mut app], "the new name", |a| {
        a.online().me.as_deref() == Some("anna")
    });
    assert_eq!(app.config().network.online_name, "anna");
    assert!(!text(&app, 120, 40).contains("Rename"), "the form closes");
    // Again at once: the server's refusal, in the form.
    press(&mut app, KeyCode::Char('r'));
    type_keys(&mut app, "h");
    press(&mut app, KeyCode::Enter);
    tick_until(&mut [&mut app], "the refusal", |a| {
        text(a, 120, 40).contains("Not renamed")
    });
    let screen = text(&app, 120, 40);
    assert!(screen.contains("once in 30 days"), "{screen}");
    assert_eq!(app.online().me.as_deref(), Some("anna"));
}
