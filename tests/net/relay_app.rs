//! Two game screens in this process play through a relay on the loopback
//! interface: the host's form offers the config's relay and its panel shows
//! a code of words; the guest types only the code (no address) in the join
//! form, with Tab filling in the words. A wrong code is refused: the guest
//! is back at the join form with the reason, the host is told and shows a
//! new code, which then works. A restarted host keeps its unfinished game
//! through the same relay. Every wait is bounded.

use std::time::{Duration, Instant};

use brique::app::{Action, App, Config, Direction, Edit, NetForm, NetPlay, RelayServer, Screen};
use brique::core::BoardSize;
use brique::net::WordCode;
use brique::server::{self, Limits, Relay};

use crate::forms::{form, type_in};
use crate::support::DEADLINE;

fn relay() -> Relay {
    server::start("127.0.0.1:0".parse().unwrap(), Limits::default()).unwrap()
}

/// A screen named `name` whose config names `relay`.
fn app(name: &str, relay: &Relay) -> App {
    let mut config = Config::default();
    config.players.names[0] = name.into();
    config.game.size = BoardSize::new(5).unwrap();
    let server = RelayServer::parse(&relay.address.to_string()).unwrap();
    config.network.server = Some(server);
    App::with_config(config)
}

fn notes(app: &App) -> String {
    app.panel_notes()
        .into_iter()
        .map(|n| n.text + "\n")
        .collect()
}

/// The code of words the host's panel shows, once it has one.
fn shown_code(host: &mut App) -> WordCode {
    let start = Instant::now();
    loop {
        let code = notes(host)
            .split_whitespace()
            .find_map(|w| w.trim_end_matches('.').parse::<WordCode>().ok());
        if let Some(code) = code {
            return code;
        }
        assert!(start.elapsed() < DEADLINE, "no code: {}", notes(host));
        host.update(Action::Tick);
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn tick_both(host: &mut App, guest: &mut App, what: &str, done: impl Fn(&App, &App) -> bool) {
    let start = Instant::now();
    while !done(host, guest) {
        assert!(
            start.elapsed() < DEADLINE,
            "no {what} in time:\n{}\n{}",
            notes(host),
            notes(guest)
        );
        host.update(Action::Tick);
        guest.update(Action::Tick);
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Ann hosting from the form, through the relay it offers.
fn hosting(relay: &Relay) -> App {
    let mut host = app("Ann", relay);
    host.update(Action::OpenHost);
    assert_eq!(form(&host).inputs[1].text(), relay.address.to_string());
    host.update(Action::Submit);
    assert_eq!(host.screen(), &Screen::Board);
    host
}

/// Bob's join form with `code` typed in the code field, and no address.
fn joining(relay: &Relay, code: &str) -> App {
    let mut guest = app("Bob", relay);
    guest.update(Action::OpenJoin);
    type_in(&mut guest, 1, code);
    assert_eq!(form(&guest).inputs[0].text(), "");
    guest.update(Action::Submit);
    guest
}

fn connected(host: &App, guest: &App) -> bool {
    notes(host).contains("Playing Bob") && notes(guest).contains("Playing Ann")
}

#[test]
fn two_screens_play_through_a_relay_with_a_code_of_words_and_no_address() {
    let relay = relay();
    let mut host = hosting(&relay);
    let code = shown_code(&mut host);
    assert!(
        notes(&host).contains(&format!("Give your friend the code {code}")),
        "{}",
        notes(&host)
    );
    let mut guest = joining(&relay, &code.to_string().to_uppercase().replace('-', " "));
    assert_eq!(guest.screen(), &Screen::Board);
    tick_both(&mut host, &mut guest, "the link", connected);
    // A move each way: the host's stone, then the guest's beside it.
    host.update(Action::Place);
    tick_both(&mut host, &mut guest, "the host's move", |_, g| {
        g.game().history().len() == 1
    });
    guest.update(Action::MoveCursor(Direction::Right));
    guest.update(Action::Place);
    tick_both(&mut host, &mut guest, "the guest's move", |h, g| {
        h.game().history().len() == 2 && g.game().history().len() == 2
    });
    assert_eq!(host.game(), guest.game());
}

/// `code` with its second word changed.
fn wrong(code: WordCode) -> String {
    let text = code.to_string();
    let (start, last) = text.rsplit_once('-').unwrap();
    let other = if last == "aardvark" {
        "absurd"
    } else {
        "aardvark"
    };
    format!("{start}-{other}")
}

#[test]
fn a_wrong_code_sends_the_guest_back_to_the_form_and_the_host_gets_a_new_one() {
    let relay = relay();
    let mut host = hosting(&relay);
    let first = shown_code(&mut host);
    let mut guest = joining(&relay, &wrong(first));
    tick_both(&mut host, &mut guest, "the refusal", |h, g| {
        matches!(g.screen(), Screen::NetForm(_))
            && h.message().is_some_and(|m| m.text.contains("wrong code"))
    });
    let (field, why) = form(&guest).error.clone().expect("the reason in the form");
    assert_eq!(field, 1);
    assert!(why.contains("the code is wrong"), "{why}");
    assert_eq!(form(&guest).inputs[1].text(), wrong(first));
    assert!(!notes(&guest).contains("Joining"), "{}", notes(&guest));
    // The host says so, with the new code, which its panel shows too.
    let said = host.message().unwrap().text.clone();
    let second = shown_code(&mut host);
    assert_ne!(second, first);
    assert!(
        said.contains("Someone tried a wrong code; here is a new one"),
        "{said}"
    );
    assert!(said.contains(&second.to_string()), "{said}");
    // The new code, typed in the same form, joins.
    type_in(&mut guest, 1, &second.to_string());
    guest.update(Action::Submit);
    assert_eq!(guest.screen(), &Screen::Board);
    tick_both(&mut host, &mut guest, "the link", connected);
}

#[test]
fn tab_fills_in_the_words_of_a_code() {
    let relay = relay();
    let mut guest = app("Bob", &relay);
    guest.update(Action::OpenJoin);
    type_in(&mut guest, 1, "7-guit");
    guest.update(Action::NextField);
    assert_eq!(form(&guest).inputs[1].text(), "7-guitarist-");
    assert_eq!(form(&guest).focus, 1, "Tab filled in, and stayed");
    for c in "rev".chars() {
        guest.update(Action::Edit(Edit::Insert(c)));
    }
    guest.update(Action::NextField);
    assert_eq!(form(&guest).inputs[1].text(), "7-guitarist-revenge");
    // Nothing more to fill in: Tab moves on.
    guest.update(Action::NextField);
    assert_eq!(form(&guest).focus, 0);
    // Any case, in either field.
    type_in(&mut guest, 0, "12-GUIT");
    guest.update(Action::NextField);
    assert_eq!(form(&guest).inputs[0].text(), "12-guitarist-");
    assert_eq!(form(&guest).focus, 0);
    // Many words begin so, sharing nothing more: Tab moves on.
    type_in(&mut guest, 0, "12-guitarist-re");
    guest.update(Action::NextField);
    assert_eq!(form(&guest).inputs[0].text(), "12-guitarist-re");
    assert_eq!(form(&guest).focus, 1);
}

#[test]
fn the_join_form_reads_a_code_of_words_with_or_without_a_relay() {
    let relay: RelayServer = RelayServer::parse("127.0.0.1:7778").unwrap();
    let typed = |relay: Option<&RelayServer>, at: &str, code: &str| {
        let mut form = NetForm::join().with_relay(relay);
        for (i, text) in [at, code].into_iter().enumerate() {
            form.focus = i;
            for c in text.chars() {
                form.edit(Edit::Insert(c));
            }
        }
        form.play()
    };
    let code: WordCode = "7-guitarist-revenge".parse().unwrap();
    let server = "127.0.0.1:7778".parse().unwrap();
    let via = Ok(NetPlay::JoinVia { server, code });
    assert_eq!(typed(Some(&relay), "", "7-guitarist-revenge"), via);
    assert_eq!(typed(Some(&relay), "7 guitarist revenge", ""), via);
    assert_eq!(typed(None, "127.0.0.1:7778", "7-guitarist-revenge"), via);
    let (field, why) = typed(None, "", "7-guitarist-revenge").unwrap_err();
    assert_eq!(field, 0);
    assert!(why.contains("[network] server"), "{why}");
    for at in ["", "127.0.0.1:7777"] {
        let (field, why) = typed(Some(&relay), at, "7-guitarist-revenj").unwrap_err();
        assert_eq!(field, 1);
        assert!(why.contains("revenj"), "{why}");
    }
}

#[test]
fn a_host_restarted_through_the_same_relay_keeps_its_unfinished_game() {
    let relay = relay();
    let dir = tempfile::tempdir().unwrap();
    let paths = brique::storage::Paths::under(dir.path());
    let opened = |relay: &Relay| {
        let mut app = app("Ann", relay);
        app.open_files(Some(paths.clone()), &brique::app::Opening::default());
        app
    };
    let server = relay.address;
    let mut host = opened(&relay);
    host.start_network(NetPlay::HostVia { server }).unwrap();
    host.update(Action::Place);
    let autosave = std::fs::read_to_string(paths.autosave()).unwrap();
    assert!(
        autosave.contains("x-net-relay") && autosave.contains(&server.to_string()),
        "{autosave}"
    );
    assert!(!autosave.contains("x-net-code"), "{autosave}");
    drop(host);
    // The same relay: the game goes on (the guest joins with the new code).
    let mut host = opened(&relay);
    host.start_network(NetPlay::HostVia { server }).unwrap();
    assert_eq!(host.game().history().len(), 1);
    drop(host);
    // Another relay: a new game.
    let other = self::relay();
    let mut host = opened(&other);
    let server = other.address;
    host.start_network(NetPlay::HostVia { server }).unwrap();
    assert!(host.game().history().is_empty());
}

/// Bob's screen with its files under `paths`, as a program started again.
fn guest_with_files(relay: &Relay, paths: &brique::storage::Paths) -> App {
    let mut guest = app("Bob", relay);
    guest.open_files(Some(paths.clone()), &brique::app::Opening::default());
    guest
}

#[test]
fn a_guest_whose_program_died_comes_back_with_the_same_code() {
    let relay = relay();
    let dir = tempfile::tempdir().unwrap();
    let paths = brique::storage::Paths::under(dir.path());
    let mut host = hosting(&relay);
    let code = shown_code(&mut host);
    let join = NetPlay::JoinVia {
        server: relay.address,
        code,
    };
    let mut guest = guest_with_files(&relay, &paths);
    guest.start_network(join).unwrap();
    tick_both(&mut host, &mut guest, "the link", connected);
    host.update(Action::Place);
    tick_both(&mut host, &mut guest, "the host's move", |_, g| {
        g.game().history().len() == 1
    });
    guest.update(Action::MoveCursor(Direction::Right));
    guest.update(Action::Place);
    tick_both(&mut host, &mut guest, "the guest's move", |h, g| {
        h.game().history().len() == 2 && g.game().history().len() == 2
    });
    let autosave = std::fs::read_to_string(paths.autosave()).unwrap();
    assert!(autosave.contains("x-net-resume"), "{autosave}");
    // The guest's program is gone; the host waits, and shows a new code.
    drop(guest);
    let start = Instant::now();
    while !notes(&host).contains("Waiting for Bob") {
        assert!(start.elapsed() < DEADLINE, "no waiting: {}", notes(&host));
        host.update(Action::Tick);
        std::thread::sleep(Duration::from_millis(5));
    }
    let new = shown_code(&mut host);
    assert_ne!(new, code);
    assert!(
        notes(&host).contains(&format!("Bob can also join again with the code {new}.")),
        "{}",
        notes(&host)
    );
    // The same join again, as `brique join CODE` does: the game goes on.
    let mut guest = guest_with_files(&relay, &paths);
    guest.start_network(join).unwrap();
    tick_both(&mut host, &mut guest, "the link again", |h, g| {
        connected(h, g) && g.game().history().len() == 2
    });
    assert_eq!(guest.game(), host.game());
    host.update(Action::MoveCursor(Direction::Down));
    host.update(Action::Place);
    tick_both(&mut host, &mut guest, "a move after", |_, g| {
        g.game().history().len() == 3
    });
    assert_eq!(relay.stats().refused_asks, 0, "no request refused");
}

#[test]
fn a_spent_code_without_the_way_back_sends_the_guest_to_the_form_at_once() {
    let relay = relay();
    let mut host = hosting(&relay);
    let code = shown_code(&mut host);
    let mut guest = joining(&relay, &code.to_string());
    tick_both(&mut host, &mut guest, "the link", connected);
    // Another screen, with no autosave, gives the spent code.
    let mut other = joining(&relay, &code.to_string());
    let start = Instant::now();
    while !matches!(other.screen(), Screen::NetForm(_)) {
        assert!(start.elapsed() < DEADLINE, "no refusal: {}", notes(&other));
        other.update(Action::Tick);
        std::thread::sleep(Duration::from_millis(5));
    }
    let (field, why) = form(&other).error.clone().expect("the reason in the form");
    assert_eq!(field, 1);
    assert!(why.contains("no game waits at nameplate"), "{why}");
    assert!(why.contains("ask for the new code"), "{why}");
    // Nothing was tried again: one request, never the address's quota.
    std::thread::sleep(Duration::from_millis(1500));
    assert_eq!(relay.stats().refused_asks, 0);
}

#[test]
fn the_join_form_keeps_the_relay_and_takes_a_code_typed_in_the_address_row() {
    let relay = relay();
    let mut host = hosting(&relay);
    let first = shown_code(&mut host);
    let mut guest = app("Bob", &relay);
    guest.update(Action::OpenJoin);
    type_in(&mut guest, 0, &relay.address.to_string());
    type_in(&mut guest, 1, &wrong(first));
    guest.update(Action::Submit);
    tick_both(&mut host, &mut guest, "the refusal", |h, g| {
        matches!(g.screen(), Screen::NetForm(_))
            && h.message().is_some_and(|m| m.text.contains("wrong code"))
    });
    // The relay typed is still there, though it is the config's too.
    assert_eq!(form(&guest).inputs[0].text(), relay.address.to_string());
    let second = shown_code(&mut host);
    assert_ne!(second, first);
    // The new code typed over the address row (the refused one left below).
    type_in(&mut guest, 0, &second.to_string());
    guest.update(Action::Submit);
    assert_eq!(guest.screen(), &Screen::Board);
    tick_both(&mut host, &mut guest, "the link", connected);
}

#[test]
fn engine_help_turned_on_is_said_on_both_screens() {
    let relay = relay();
    let mut host = hosting(&relay);
    let code = shown_code(&mut host);
    let mut guest = joining(&relay, &code.to_string());
    tick_both(&mut host, &mut guest, "the link", connected);
    guest.update(Action::ToggleAnalysis);
    assert!(
        notes(&guest).contains("You turned on the engine's analysis: Ann is told."),
        "{}",
        notes(&guest)
    );
    tick_both(&mut host, &mut guest, "the analysis told", |h, _| {
        notes(h).contains("Bob turned on the engine's analysis.")
    });
    // Turning it off is not said; on again is.
    guest.update(Action::ToggleAnalysis);
    host.update(Action::Hint);
    assert!(
        notes(&host).contains("You asked the engine for a hint: Bob is told."),
        "{}",
        notes(&host)
    );
    tick_both(&mut host, &mut guest, "the hint told", |_, g| {
        notes(g).contains("Ann asked the engine for a hint.")
    });
    assert_eq!(
        notes(&guest)
            .matches("turned on the engine's analysis")
            .count(),
        1,
        "{}",
        notes(&guest)
    );
}

/// `app`'s whole screen as text, on a terminal of 100 × 34.
fn screen_text(app: &App) -> String {
    let backend = ratatui::backend::TestBackend::new(100, 34);
    let mut terminal = ratatui::Terminal::new(backend).unwrap();
    terminal
        .draw(|frame| frame.render_widget(app, frame.area()))
        .unwrap();
    let buffer = terminal.backend().buffer();
    buffer.content().iter().map(|cell| cell.symbol()).collect()
}

/// How often `app`'s screen speaks of a resignation: the panel (its notes
/// and its end of game) and the status line.
fn resignations(app: &App) -> usize {
    screen_text(app).matches("resign").count()
}

#[test]
fn a_resignation_is_said_once_on_each_screen() {
    let relay = relay();
    let mut host = hosting(&relay);
    let code = shown_code(&mut host);
    let mut guest = joining(&relay, &code.to_string());
    tick_both(&mut host, &mut guest, "the link", connected);
    host.update(Action::Place);
    tick_both(&mut host, &mut guest, "the host's move", |_, g| {
        g.game().history().len() == 1
    });
    guest.update(Action::Resign);
    assert!(matches!(guest.screen(), Screen::Confirm(_)));
    guest.update(Action::Yes);
    tick_both(&mut host, &mut guest, "the resignation", |h, g| {
        h.game().resigned().is_some() && g.game().resigned().is_some()
    });
    for app in [&host, &guest] {
        assert_eq!(resignations(app), 1, "{}", screen_text(app));
    }
}

/// A relay that takes connections and never answers, until told to hang
/// up: the host's screen does not wait for it (the code is asked on a
/// thread of its own), and says why once it hangs up.
#[test]
fn a_silent_relay_never_holds_up_the_host_s_screen() {
    use std::net::TcpListener;
    use std::sync::mpsc;

    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    let (hang_up, told) = mpsc::channel::<()>();
    let (asked, ask_heard) = mpsc::channel::<()>();
    let silent = std::thread::spawn(move || {
        listener.set_nonblocking(true).unwrap();
        let mut held = Vec::new();
        let start = Instant::now();
        while told.try_recv().is_err() && start.elapsed() < DEADLINE {
            if let Ok((stream, _)) = listener.accept() {
                held.push(stream);
                let _ = asked.send(());
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        held.len()
    });

    let mut config = Config::default();
    config.players.names[0] = "Ann".into();
    config.game.size = BoardSize::new(5).unwrap();
    config.network.server = Some(RelayServer::parse(&address.to_string()).unwrap());
    let mut host = App::with_config(config);
    host.update(Action::OpenHost);
    host.update(Action::Submit);
    // The form closed at once: the screen is the board, asking.
    assert_eq!(host.screen(), &Screen::Board);
    assert!(
        notes(&host).contains(&format!("Asking {address} for a code")),
        "{}",
        notes(&host)
    );
    // Keys still work while the relay, asked, says nothing.
    ask_heard
        .recv_timeout(DEADLINE)
        .expect("the host never asked the relay");
    let before = host.board().cursor();
    host.update(Action::MoveCursor(Direction::Right));
    assert_ne!(host.board().cursor(), before);
    assert!(notes(&host).contains("for a code"), "{}", notes(&host));

    hang_up.send(()).unwrap();
    assert!(
        silent.join().unwrap() >= 1,
        "the host never asked the relay"
    );
    let start = Instant::now();
    while !notes(&host).contains("Not hosting: the relay at") {
        assert!(start.elapsed() < DEADLINE, "no refusal: {}", notes(&host));
        host.update(Action::Tick);
        std::thread::sleep(Duration::from_millis(5));
    }
}
