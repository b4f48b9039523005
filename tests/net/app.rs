//! A game screen hosting (or joining) in this process, and a peer that
//! sends it anything (proptest): random and malformed messages, a guest
//! that plays out of turn or sends a game of its own, bytes that are no
//! message at all. Nothing panics, every wait is bounded, and the local
//! game stays what the rules and the host allow.

use std::io::Write;
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::time::{Duration, Instant};

use crate::support::{Out, fake_host};
use brique::app::{Action, App, Config, Direction, Edit, Mode, NetPlay};
use brique::app::{Question, Screen};
use brique::core::{BoardSize, Color, Game, Move, Player, Rules, Square};
use brique::net::{Event, Hello, JoinCode, Message, PROTOCOL, Request, Table, connect, join};
use brique::storage::Paths;
use proptest::prelude::*;

const DEADLINE: Duration = Duration::from_secs(20);

pub(crate) fn config() -> Config {
    let mut config = Config::default();
    config.players.names[0] = "Ann".into();
    config.game.size = BoardSize::new(5).unwrap();
    config
}

/// A host on a free loopback port: the app, its address and its code (as
/// its side panel gives them).
fn hosting() -> (App, SocketAddr, JoinCode) {
    hosting_in(App::with_config(config()))
}

/// `app` hosting on a free loopback port, as [`hosting`].
fn hosting_in(mut app: App) -> (App, SocketAddr, JoinCode) {
    let bind = "127.0.0.1:0".parse().unwrap();
    app.start_network(NetPlay::Host { bind }).unwrap();
    let notes: String = app
        .panel_notes()
        .into_iter()
        .map(|n| n.text + " ")
        .collect();
    let words: Vec<&str> = notes
        .split_whitespace()
        .map(|w| w.trim_end_matches('.'))
        .collect();
    let address = words
        .iter()
        .find_map(|w| w.parse().ok())
        .expect("an address");
    let code = words
        .iter()
        .find(|w| w.len() == 11)
        .and_then(|w| w.parse().ok())
        .expect("a code");
    (app, address, code)
}

/// Ticks `app` until `done` holds; panics at the deadline.
fn tick_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let start = Instant::now();
    while !done(app) {
        assert!(start.elapsed() < DEADLINE, "no {what} in time");
        app.update(Action::Tick);
        std::thread::sleep(Duration::from_millis(5));
    }
}

fn notes(app: &App) -> String {
    app.panel_notes()
        .into_iter()
        .map(|n| n.text + "\n")
        .collect()
}

fn any_square() -> impl Strategy<Value = Square> {
    (0u8..7, 1u8..8).prop_map(|(c, r)| Square::new(c, r))
}

fn any_request() -> impl Strategy<Value = Request> {
    prop_oneof![Just(Request::Undo), Just(Request::Rematch)]
}

fn any_message() -> impl Strategy<Value = Message> {
    prop_oneof![
        any_square().prop_map(|sq| Message::Play(Move::Place(sq))),
        Just(Message::Play(Move::Swap)),
        any_request().prop_map(Message::Ask),
        (any_request(), any::<bool>()).prop_map(|(request, yes)| Message::Answer { request, yes }),
        Just(Message::Resign),
        "\\PC{0,80}".prop_map(Message::Chat),
        any_square().prop_map(|sq| {
            let mut game = Game::new(BoardSize::new(7).unwrap(), Rules::default(), Player::Two);
            let _ = game.play(Move::Place(sq));
            let _ = game.resign(game.color_of(Player::One));
            Message::State(Box::new(Table {
                game,
                names: ["Mallory".into(), "Eve".into()],
                clocks: None,
            }))
        }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    /// The host moves first and never does here, so no message of the
    /// guest's can put a stone on the host's board (it may resign, though);
    /// a chat line is the
    /// last thing it sends, and its arrival shows the rest was read.
    #[test]
    fn a_guest_cannot_change_the_hosts_game(messages in prop::collection::vec(any_message(), 0..12)) {
        let (mut app, address, code) = hosting();
        let guest = connect(address, code, Hello::ours("Eve"));
        tick_until(&mut app, "the guest", |app| notes(app).contains("Playing Eve"));
        let start = Instant::now();
        while !matches!(guest.next_event(), Some(Event::Joined(_))) {
            prop_assert!(start.elapsed() < DEADLINE, "the guest's link");
            std::thread::sleep(Duration::from_millis(5));
        }
        for message in messages {
            guest.send(message);
        }
        guest.send(Message::Chat("the end".into()));
        tick_until(&mut app, "the last chat line", |app| notes(app).contains("Eve: the end"));
        prop_assert!(app.game().history().is_empty(), "{:?}", app.game().history());
        prop_assert_eq!(app.game().size(), BoardSize::new(5).unwrap());
        prop_assert_eq!(app.game().first_black(), Player::One);
    }

    /// Bytes after a good handshake that are not messages: the host cuts
    /// the guest off, says so, and its game is as it was.
    #[test]
    fn a_host_cuts_off_garbage_and_keeps_its_game(bytes in prop::collection::vec(any::<u8>(), 1..300)) {
        let (mut app, address, code) = hosting();
        app.update(Action::Place);
        let before = app.game().clone();
        let mut stream = TcpStream::connect(address).unwrap();
        stream.set_read_timeout(Some(Duration::from_millis(100))).unwrap();
        join(&mut stream, code, &Hello::ours("Eve")).unwrap();
        tick_until(&mut app, "the guest", |app| notes(app).contains("Playing Eve"));
        let _ = stream.write_all(&bytes);
        // A frame cut short is a stall: end it as a peer that goes away.
        let _ = stream.shutdown(std::net::Shutdown::Write);
        tick_until(&mut app, "the cut", |app| notes(app).contains("Waiting for Eve to reconnect"));
        prop_assert_eq!(app.game(), &before);
    }
}

#[test]
fn another_protocol_is_refused_naming_both_versions() {
    let (_app, address, code) = hosting();
    let mut stream = TcpStream::connect(address).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_millis(100)))
        .unwrap();
    let future = Hello {
        protocol: PROTOCOL + 1,
        program: "9.9.9".into(),
        name: "Eve".into(),
    };
    let refusal = join(&mut stream, code, &future).unwrap_err().to_string();
    let ours = env!("CARGO_PKG_VERSION");
    assert!(
        refusal.contains(&format!("brique {ours} (protocol {PROTOCOL})")),
        "{refusal}"
    );
    assert!(
        refusal.contains(&format!("brique 9.9.9 (protocol {})", PROTOCOL + 1)),
        "{refusal}"
    );
}

/// A fake host that sends a good game, then `bytes`.
fn host_then_garbage(code: JoinCode, bytes: Vec<u8>) -> SocketAddr {
    let mut game = Game::new(BoardSize::new(5).unwrap(), Rules::default(), Player::One);
    game.play("c3".parse().unwrap()).unwrap();
    let names = ["Mallory".into(), "Bob".into()];
    let table = Table {
        game,
        names,
        clocks: None,
    };
    let state = Message::State(Box::new(table)).encode().unwrap();
    fake_host(code, vec![Out::Sealed(state), Out::Raw(bytes)])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// A guest shows the host's game, and garbage after it loses the link
    /// but not the game.
    #[test]
    fn a_guest_keeps_the_last_good_game(bytes in prop::collection::vec(any::<u8>(), 1..300)) {
        let code = JoinCode::from_bytes([9; 10]);
        let address = host_then_garbage(code, bytes);
        let mut app = App::with_config(config());
        join_host(&mut app, address, code);
        tick_until(&mut app, "the host's game", |app| app.game().history().len() == 1);
        tick_until(&mut app, "the cut", |app| notes(app).contains("Waiting for Mallory"));
        prop_assert_eq!(app.game().history().len(), 1);
        prop_assert_eq!(app.game().history()[0].mv, "c3".parse::<Move>().unwrap());
    }
}

/// Ticks both until `done` holds for them.
pub(crate) fn tick_both(
    host: &mut App,
    guest: &mut App,
    what: &str,
    done: impl Fn(&App, &App) -> bool,
) {
    let start = Instant::now();
    while !done(host, guest) {
        assert!(start.elapsed() < DEADLINE, "no {what} in time");
        host.update(Action::Tick);
        guest.update(Action::Tick);
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Ann hosting and Bob joined, both screens in this process.
fn playing() -> (App, App) {
    playing_in(config(), None)
}

/// Ann hosting with `anns` settings and Bob joined, each with files under
/// their own directory of `dirs`, if given.
pub(crate) fn playing_in(anns: Config, dirs: Option<[&Path; 2]>) -> (App, App) {
    let mut bobs = config();
    bobs.players.names[0] = "Bob".into();
    let mut apps = [App::with_config(anns), App::with_config(bobs)];
    for (app, dir) in apps.iter_mut().zip(dirs.into_iter().flatten()) {
        let paths = Some(Paths::under(dir));
        app.open_files(paths, &brique::app::Opening::default());
    }
    let [host, guest] = apps;
    playing_as(host, guest)
}

/// `guest` joining the host at `address` with `code`.
fn join_host(guest: &mut App, address: SocketAddr, code: JoinCode) {
    guest
        .start_network(NetPlay::Join {
            host: address,
            code,
        })
        .unwrap();
}

/// `host` hosting and `guest` joined.
fn playing_as(host: App, mut guest: App) -> (App, App) {
    let (mut host, address, code) = hosting_in(host);
    join_host(&mut guest, address, code);
    tick_both(&mut host, &mut guest, "the link", |h, g| {
        notes(h).contains("Playing Bob") && notes(g).contains("Playing Ann")
    });
    (host, guest)
}

/// The side panel's text, its wrapped lines joined by spaces.
fn panel_words(app: &App) -> String {
    panel_words_at(app, 100, 34)
}

/// The same on a terminal of `width` × `height`.
fn panel_words_at(app: &App, width: u16, height: u16) -> String {
    let backend = ratatui::backend::TestBackend::new(width, height);
    let mut terminal = ratatui::Terminal::new(backend).unwrap();
    terminal
        .draw(|frame| frame.render_widget(app, frame.area()))
        .unwrap();
    let buffer = terminal.backend().buffer();
    let rows = buffer.content().chunks(usize::from(buffer.area.width));
    let mut words = Vec::new();
    for row in rows {
        let line: String = row.iter().map(|cell| cell.symbol()).collect();
        // The panel is the part between the first and last border.
        if let (Some(first), Some(last)) = (line.find('│'), line.rfind('│'))
            && first < last
        {
            words.extend(
                line[first + '│'.len_utf8()..last]
                    .split_whitespace()
                    .map(String::from),
            );
        }
    }
    words.join(" ")
}

#[test]
fn the_guests_panel_keeps_you_whole_at_any_width_and_name() {
    let mut bobs = config();
    // As long as a name from the network may be, in wide letters too.
    for name in ["Bartholomew Fitzgerald-X", "東京東京東京東京東京東京"] {
        bobs.players.names[0] = name.into();
        let (mut host, address, code) = hosting();
        let mut guest = App::with_config(bobs.clone());
        join_host(&mut guest, address, code);
        tick_both(&mut host, &mut guest, "the host's game", |h, g| {
            g.name(Player::Two) == h.name(Player::Two) && h.name(Player::Two) != "Player 2"
        });
        // The panel beside the board, at its narrowest and wider; below it.
        for (width, height) in [(74, 20), (100, 34), (200, 60), (40, 60)] {
            let words = panel_words_at(&guest, width, height);
            assert!(
                words.contains("(you) White"),
                "{name} at {width}×{height}: {words}"
            );
            assert!(!words.contains("(you) Black"), "{words}");
        }
    }
}

#[test]
fn a_guest_with_the_hosts_name_is_told_apart() {
    let (mut host, address, code) = hosting();
    let mut guest = App::with_config(config());
    join_host(&mut guest, address, code);
    tick_both(&mut host, &mut guest, "the guest's name", |h, g| {
        panel_words(h).contains("Ann (guest)") && panel_words(g).contains("Ann (guest)")
    });
    assert!(
        notes(&host).contains("Playing Ann (guest)"),
        "{}",
        notes(&host)
    );
    assert!(
        notes(&guest).contains("Playing Ann over"),
        "{}",
        notes(&guest)
    );
}

#[test]
fn a_guests_own_settings_wait_for_no_game() {
    let mut bobs = config();
    bobs.players.names[0] = "Bob".into();
    bobs.game.size = BoardSize::new(7).unwrap();
    let (mut host, mut guest) = playing_as(App::with_config(config()), App::with_config(bobs));
    tick_both(&mut host, &mut guest, "the host's board", |h, g| {
        g.game().size() == h.game().size()
    });
    assert_eq!(guest.settings_waiting(), Vec::<String>::new());
    assert!(!panel_words(&guest).contains("Next game"));
}

#[test]
fn the_pie_offer_is_made_to_the_player_who_has_it() {
    let (mut host, mut guest) = playing();
    host.update(Action::Place);
    tick_both(&mut host, &mut guest, "the first stone", |h, g| {
        h.game().history().len() == 1 && g.game().history().len() == 1
    });
    let guest_sees = panel_words(&guest);
    assert!(
        guest_sees.contains("Bob, you play White. Press s to swap"),
        "{guest_sees}"
    );
    let host_sees = panel_words(&host);
    assert!(
        host_sees.contains("Bob plays White and may swap sides"),
        "{host_sees}"
    );
    assert!(!host_sees.contains("you play White"), "{host_sees}");
}

#[test]
fn chat_lines_arrive_and_a_resignation_ends_the_game_on_both() {
    let (mut host, mut guest) = playing();
    guest.update(Action::OpenChat);
    for c in "gl hf".chars() {
        guest.update(Action::Edit(Edit::Insert(c)));
    }
    guest.update(Action::Submit);
    tick_both(&mut host, &mut guest, "the chat", |h, g| {
        notes(h).contains("Bob: gl hf") && notes(g).contains("You: gl hf")
    });

    host.update(Action::Place);
    host.update(Action::Resign);
    assert_eq!(host.screen(), &Screen::Confirm(Question::Resign));
    host.update(Action::Yes);
    // Said by each panel's end of game (no network note says it again).
    tick_both(&mut host, &mut guest, "the resignation", |h, g| {
        let said = "Ann (Black) resigns. Bob (White) wins!";
        panel_words(h).contains(said) && panel_words(g).contains(said)
    });
    // No more moves: the game is over on both screens.
    guest.update(Action::Place);
    assert_eq!(guest.game().history().len(), 1);
    assert!(guest.message().is_some_and(|m| m.text.contains("resigned")));
}

#[test]
fn a_guests_resignation_is_the_hosts_record_and_result_and_the_guests_too() {
    let (ann, bob) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let (mut host, mut guest) = playing_in(config(), Some([ann.path(), bob.path()]));
    host.update(Action::Place);
    tick_both(&mut host, &mut guest, "the move", |_, g| {
        g.game().history().len() == 1
    });
    guest.update(Action::Resign);
    assert_eq!(guest.screen(), &Screen::Confirm(Question::Resign));
    guest.update(Action::Yes);
    tick_both(&mut host, &mut guest, "the resignation", |h, g| {
        h.game().is_over() && g.game().is_over()
    });
    assert_eq!(host.game().resigned(), Some(Color::White));
    assert_eq!(guest.game(), host.game());
    // Each screen says it once, in its panel's end of game (no status
    // line or network note says it again).
    for app in [&host, &guest] {
        let said = panel_words(app);
        assert!(
            said.contains("Bob (White) resigns. Ann (Black) wins!"),
            "{said}"
        );
        assert_eq!(said.matches("resign").count(), 1, "{said}");
        let message = app.message().map(|m| m.text.clone()).unwrap_or_default();
        assert!(!message.contains("resign"), "{message}");
    }
    for dir in [ann.path(), bob.path()] {
        let paths = Paths::under(dir);
        let autosave = std::fs::read_to_string(paths.autosave()).unwrap();
        assert!(autosave.contains("\nresult: White resigns\n"), "{autosave}");
    }
    let results = std::fs::read_to_string(Paths::under(ann.path()).results()).unwrap();
    let won: Vec<_> = results.lines().skip(1).collect();
    assert_eq!(won.len(), 1, "{results}");
    assert!(won[0].contains("\tAnn\tBlack\t"), "{results}");
    // No move after the end, on either side.
    guest.update(Action::Place);
    host.update(Action::Place);
    assert_eq!(host.game().history().len(), 1);
}

#[test]
fn undo_and_a_rematch_are_asked_and_agreed() {
    let (mut host, mut guest) = playing();
    host.update(Action::Place);
    tick_both(&mut host, &mut guest, "the move", |_, g| {
        g.game().history().len() == 1
    });
    assert_eq!(guest.game().holder(brique::core::Color::Black), Player::One);

    // Bob asks to take Ann's move back; she agrees.
    guest.update(Action::Undo);
    tick_both(&mut host, &mut guest, "the question", |h, _| {
        h.screen() == &Screen::Confirm(Question::Peer(Request::Undo))
    });
    host.update(Action::Yes);
    tick_both(&mut host, &mut guest, "the undo", |h, g| {
        h.game().history().is_empty() && g.game().history().is_empty()
    });

    // Ann asks for a rematch; Bob says no, then yes to her second asking.
    host.update(Action::NewGame);
    tick_both(&mut host, &mut guest, "the question", |_, g| {
        g.screen() == &Screen::Confirm(Question::Peer(Request::Rematch))
    });
    guest.update(Action::No);
    tick_both(&mut host, &mut guest, "the no", |h, _| {
        h.message().is_some_and(|m| m.text.contains("Bob said no"))
    });
    host.update(Action::NewGame);
    tick_both(&mut host, &mut guest, "the question again", |_, g| {
        g.screen() == &Screen::Confirm(Question::Peer(Request::Rematch))
    });
    guest.update(Action::Yes);
    // The colours are swapped: Bob has Black and moves first.
    tick_both(&mut host, &mut guest, "the rematch", |h, g| {
        h.game().first_black() == Player::Two && g.game().first_black() == Player::Two
    });
    host.update(Action::Place);
    assert!(host.game().history().is_empty(), "not Ann's turn");
    guest.update(Action::Place);
    tick_both(&mut host, &mut guest, "Bob's move", |h, g| {
        h.game().history().len() == 1 && g.game().history().len() == 1
    });
}

#[test]
fn the_computer_does_not_play_and_the_clocks_wait_for_the_guest() {
    let mut config = config();
    config.engine.mode = Mode::HumanVsComputer;
    config.game.clock = "0+2".parse().ok();
    let mut app = App::with_config(config);
    let bind = "127.0.0.1:0".parse().unwrap();
    app.start_network(NetPlay::Host { bind }).unwrap();
    assert_eq!(app.computer().mode(), Mode::HumanVsHuman);
    // The host's time control is the game's, but nobody has joined yet.
    assert_eq!(app.clock_control(), "0+2".parse().ok());
    app.pass_time(Duration::from_secs(60));
    app.update(Action::Tick);
    assert_eq!(app.lost_on_time(), None);
    app.update(Action::Place);
    assert_eq!(app.game().history().len(), 1);
    assert!(!app.computer().to_move(app.game()));
    app.pass_time(Duration::from_secs(60));
    app.update(Action::Tick);
    assert_eq!(app.lost_on_time(), None);
}

/// The clock faces, Black's first: who, the time left (to the
/// millisecond, as the state carries it), whether it counts.
fn faces(app: &App) -> Vec<(Player, Duration, bool)> {
    let faces = app.clock_faces().expect("clocks");
    let ms = |left: Duration| Duration::from_millis(left.as_millis().try_into().unwrap());
    faces
        .iter()
        .map(|f| (f.player, ms(f.left), f.running))
        .collect()
}

#[test]
fn the_guest_shows_the_hosts_clocks_and_its_loss_on_time() {
    let (ann, bob) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let mut anns = config();
    anns.game.clock = "1+5".parse().ok();
    let (mut host, mut guest) = playing_in(anns, Some([ann.path(), bob.path()]));
    // Time stands on both sides but when passed here.
    host.pass_time(Duration::from_secs(10));
    guest.pass_time(Duration::ZERO);
    host.update(Action::Place);
    tick_both(&mut host, &mut guest, "the move", |_, g| {
        g.game().history().len() == 1
    });
    assert_eq!(guest.clock_control(), "1+5".parse().ok());
    let shown = faces(&host);
    // Bob's clock starts with his first move: it stands until then, on
    // the host's panel and on the guest's alike.
    assert_eq!(shown[1], (Player::Two, Duration::from_secs(65), false));
    assert_eq!(faces(&guest), shown);
    guest.pass_time(Duration::from_secs(3));
    guest.update(Action::Tick);
    assert_eq!(
        faces(&guest),
        shown,
        "no clock counts before its first move"
    );
    assert_eq!(guest.lost_on_time(), None, "the host decides");

    // Each clock starts with its side's first move: Bob moves once, Ann
    // again; then Bob's time (60 s and two increments) runs out on the
    // host, which says so to the guest.
    guest.update(Action::MoveCursor(Direction::Right));
    guest.update(Action::Place);
    tick_both(&mut host, &mut guest, "Bob's first move", |h, _| {
        h.game().history().len() == 2
    });
    host.update(Action::MoveCursor(Direction::Left));
    host.update(Action::Place);
    tick_both(&mut host, &mut guest, "Ann's second move", |_, g| {
        g.game().history().len() == 3
    });
    // Bob's clock runs now, and the guest counts it down by itself
    // between two states.
    let shown = faces(&host);
    assert_eq!(shown[1], (Player::Two, Duration::from_secs(70), true));
    guest.pass_time(Duration::from_secs(3));
    guest.update(Action::Tick);
    assert_eq!(faces(&guest)[0], shown[0]);
    assert_eq!(
        faces(&guest)[1],
        (Player::Two, Duration::from_secs(67), true)
    );
    host.pass_time(Duration::from_secs(71));
    tick_both(&mut host, &mut guest, "the loss on time", |h, g| {
        h.lost_on_time() == Some(Player::Two) && g.lost_on_time() == Some(Player::Two)
    });
    assert!(faces(&guest)[1].1.is_zero() && !faces(&guest)[1].2);
    let text = "Bob (White) ran out of time: Ann (Black) wins on time.";
    assert!(
        panel_words(&guest).contains(text),
        "{}",
        panel_words(&guest)
    );
    for dir in [ann.path(), bob.path()] {
        let autosave = std::fs::read_to_string(Paths::under(dir).autosave()).unwrap();
        assert!(autosave.contains("clock: 1+5\n"), "{autosave}");
        assert!(
            autosave.contains("result: Black wins on time\n"),
            "{autosave}"
        );
    }
    guest.update(Action::Place);
    tick_both(&mut host, &mut guest, "a quiet moment", |_, g| {
        g.message()
            .is_some_and(|m| m.text.contains("The game is over"))
    });
    assert_eq!(host.game().history().len(), 3);
    // Nor does anyone resign a game lost on time.
    host.update(Action::Resign);
    assert_eq!(host.screen(), &Screen::Board);
    assert_eq!(host.game().resigned(), None);
}

#[test]
fn only_the_autosave_keeps_the_hosts_code() {
    let dir = tempfile::tempdir().unwrap();
    let paths = Paths::under(dir.path());
    let mut app = App::with_config(config());
    app.open_files(Some(paths.clone()), &brique::app::Opening::default());
    let bind = "127.0.0.1:0".parse().unwrap();
    app.start_network(NetPlay::Host { bind }).unwrap();
    app.update(Action::Place);
    let autosave = std::fs::read_to_string(paths.autosave()).unwrap();
    assert!(autosave.contains("x-net-code"), "{autosave}");

    app.update(Action::SaveRecord);
    app.update(Action::Submit);
    let records: Vec<_> = std::fs::read_dir(paths.records_dir()).unwrap().collect();
    assert_eq!(records.len(), 1, "{:?}", app.message());
    let record = std::fs::read_to_string(records[0].as_ref().unwrap().path()).unwrap();
    assert!(
        record.contains("c3") && !record.contains("x-net"),
        "{record}"
    );
}

#[test]
fn each_screen_marks_its_own_player_when_both_have_the_default_name() {
    let mut defaults = Config::default();
    defaults.game.size = BoardSize::new(5).unwrap();
    let (mut host, address, code) = hosting_in(App::with_config(defaults.clone()));
    let mut guest = App::with_config(defaults);
    join_host(&mut guest, address, code);
    tick_both(&mut host, &mut guest, "the link", |h, g| {
        notes(h).contains("Playing") && notes(g).contains("Playing")
    });
    tick_both(&mut host, &mut guest, "the host's game", |h, g| {
        g.game() == h.game() && g.name(Player::One) == h.name(Player::One)
    });
    // The host holds Black (Player 1 moves first), the guest White.
    let (anns, bobs) = (panel_words(&host), panel_words(&guest));
    assert!(
        anns.contains("(you) Black") && !anns.contains("(you) White"),
        "{anns}"
    );
    assert!(
        bobs.contains("(you) White") && !bobs.contains("(you) Black"),
        "{bobs}"
    );
    // Neither is "Player 1" over the network: the system's user name, or
    // "Host" and "Guest", and never the same on one screen.
    for app in [&host, &guest] {
        let names = [Player::One, Player::Two].map(|p| app.name(p).to_string());
        assert_ne!(names[0], names[1]);
        assert!(!names.contains(&"Player 1".to_string()), "{names:?}");
    }
    assert_eq!(host.name(Player::Two), guest.name(Player::Two));
}

#[test]
fn the_guest_is_told_when_the_host_moves() {
    let (mut host, mut guest) = playing();
    host.update(Action::Place);
    let mv = host.game().history()[0].mv;
    tick_both(&mut host, &mut guest, "the move", |_, g| {
        g.game().history().len() == 1
    });
    let said = guest.message().map(|m| m.text.clone()).unwrap_or_default();
    assert_eq!(said, format!("Ann played {mv}."));
}

#[test]
fn the_key_line_offers_no_move_on_the_other_players_turn() {
    let (mut host, mut guest) = playing();
    // Ann's turn: Bob's keys do not place or swap.
    assert!(host.offers(Action::Place));
    assert!(!guest.offers(Action::Place) && !guest.offers(Action::Swap));
    host.update(Action::Place);
    tick_both(&mut host, &mut guest, "the move", |_, g| {
        g.game().history().len() == 1
    });
    // Bob's: he may place or swap (the pie rule), Ann may do neither.
    assert!(guest.offers(Action::Place) && guest.offers(Action::Swap));
    assert!(!host.offers(Action::Place) && !host.offers(Action::Swap));
}

#[test]
fn a_wrong_code_sends_a_direct_guest_back_to_the_join_form() {
    let (_host, address, code) = hosting();
    let wrong: JoinCode = "ABCDE-FGHJK".parse().unwrap();
    assert_ne!(wrong, code);
    let mut guest = App::with_config(config());
    join_host(&mut guest, address, wrong);
    tick_until(&mut guest, "the refusal", |g| {
        matches!(g.screen(), Screen::NetForm(_))
    });
    let Screen::NetForm(form) = guest.screen() else {
        unreachable!()
    };
    let (field, why) = form.error.clone().expect("the reason");
    assert_eq!(field, 1, "the code is to blame");
    assert!(why.contains("code is wrong"), "{why}");
    assert_eq!(form.inputs[0].text(), address.to_string());
    assert_eq!(form.inputs[1].text(), wrong.to_string());
    assert!(!notes(&guest).contains("Not joined"), "{}", notes(&guest));
}

#[test]
fn a_guest_with_a_blank_name_is_called_guest_and_the_autosave_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let paths = Paths::under(dir.path());
    let mut app = App::with_config(config());
    app.open_files(Some(paths.clone()), &brique::app::Opening::default());
    let (mut host, address, code) = hosting_in(app);
    for blank in ["", "   ", "\x01\x1b\x7f\u{9b}", "\u{202e}"] {
        let guest = connect(address, code, Hello::ours(blank));
        tick_until(&mut host, "the guest", |h| {
            notes(h).contains("Playing Guest")
        });
        drop(guest);
        tick_until(&mut host, "the loss", |h| {
            notes(h).contains("Waiting for Guest")
        });
    }
    host.update(Action::Place);
    let said = host.message().map(|m| m.text.clone()).unwrap_or_default();
    assert!(!said.contains("Not saved"), "{said}");
    let autosave = std::fs::read_to_string(paths.autosave()).unwrap();
    assert!(autosave.contains("Guest"), "{autosave}");
    assert!(autosave.contains("c3"), "{autosave}");
}

#[test]
fn a_replayed_first_message_leaves_both_screens_playing() {
    let (mut host, address, code) = hosting();
    let recorded = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
    let proxy = crate::jam::recording_proxy(address, std::sync::Arc::clone(&recorded));
    let mut bobs = config();
    bobs.players.names[0] = "Bob".into();
    let mut guest = App::with_config(bobs);
    join_host(&mut guest, proxy, code);
    tick_both(&mut host, &mut guest, "the link", |h, g| {
        notes(h).contains("Playing Bob") && notes(g).contains("Playing Ann")
    });
    host.update(Action::Place);
    tick_both(&mut host, &mut guest, "the move", |_, g| {
        g.game().history().len() == 1
    });
    let bytes = recorded.lock().unwrap().clone();
    for n in [1, 2, 1, 2, 1, 2, 1, 2] {
        crate::jam::replay(
            address,
            &crate::jam::frames(&bytes, n),
            Duration::from_secs(2),
        );
        host.update(Action::Tick);
        guest.update(Action::Tick);
    }
    // Still one game, on one link: Bob's move reaches Ann.
    guest.update(Action::MoveCursor(Direction::Right));
    guest.update(Action::Place);
    tick_both(&mut host, &mut guest, "Bob's move", |h, g| {
        h.game().history().len() == 2 && g.game().history().len() == 2
    });
    assert!(notes(&host).contains("Playing Bob"), "{}", notes(&host));
    assert!(notes(&guest).contains("Playing Ann"), "{}", notes(&guest));
    assert!(!host.message().is_some_and(|m| m.text.contains("joined")));
}
