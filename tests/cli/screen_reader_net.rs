//! A game between friends through a relay, with `brique --screen-reader`
//! on both sides, on plain pipes: the host is told its code in one line,
//! the guest joins with it, and each side hears every move, the pie
//! question, the win with its chain and the other leaving, as plain lines
//! (the reader's thread fails on any escape byte). The relay runs in this
//! process, on a free port of the loopback interface.

use brique::server::{self, Limits};

use super::screen_reader::Reader;

/// A player called `name` whose settings name `relay`.
fn player(name: &str, relay: &server::Relay) -> Reader {
    let config = format!(
        "[players]\nplayer1 = \"{name}\"\n\n[network]\nserver = \"{}\"\n",
        relay.address
    );
    let mut reader = Reader::start(&config, &["--screen-reader"]);
    reader.until(|l| l.contains("Type help"));
    reader
}

/// Both hear a line that starts with `line` (after lines kept in `heard`).
fn both_hear(host: &mut Reader, guest: &mut Reader, line: &str) {
    host.until(|l| l.starts_with(line));
    guest.until(|l| l.starts_with(line));
}

#[test]
fn two_screen_reader_players_play_through_a_relay() {
    let relay = server::start("127.0.0.1:0".parse().unwrap(), Limits::default()).unwrap();
    let mut ann = player("Ann", &relay);
    let mut bob = player("Bob", &relay);

    ann.ask("new people 5 pie", |l| l.starts_with("New game: 5 by 5"));
    ann.ask("host", |l| l.starts_with("Hosting a game between friends"));
    let told = ann.until(|l| l.starts_with("Your code is "));
    let code = told
        .strip_prefix("Your code is ")
        .and_then(|rest| rest.split(':').next())
        .unwrap()
        .to_string();
    assert_eq!(
        told,
        format!("Your code is {code}: your friend types join {code}.")
    );

    bob.ask(&format!("join {code}"), |l| {
        l.starts_with("Joining the game")
    });
    bob.until(|l| l == "Joined Ann's game.");
    ann.until(|l| l == "Bob joined.");
    let terms = "New game: 5 by 5, original rules, pie rule on; Ann plays Black, Bob plays White.";
    both_hear(&mut ann, &mut bob, terms);
    both_hear(&mut ann, &mut bob, "Ann (Black) to move.");

    // A move out of turn is refused at once, and sends nothing.
    bob.ask("c1", |l| l == "It is Ann's turn; wait for their move.");
    ann.type_line("c1");
    both_hear(&mut ann, &mut bob, "Black c1");
    let pie = "Bob (White) to move. White may swap: type swap to take Black's stone as your \
               own, or place a stone.";
    both_hear(&mut ann, &mut bob, pie);
    // White keeps away from Black's column: Black connects c1 to c5.
    for (black, white) in [("c2", "a5"), ("c3", "a3"), ("c4", "a1")] {
        bob.type_line(white);
        both_hear(&mut ann, &mut bob, &format!("White {white}"));
        both_hear(&mut ann, &mut bob, "Ann (Black) to move.");
        ann.type_line(black);
        both_hear(&mut ann, &mut bob, &format!("Black {black}"));
        both_hear(&mut ann, &mut bob, "Bob (White) to move.");
    }
    bob.ask("board", |l| l.starts_with("5: a5 White"));
    bob.ask("e5", |l| l.starts_with("White e5"));
    ann.until(|l| l.starts_with("White e5"));
    ann.type_line("c5");
    let win = "Black wins: Ann, with the chain c1, c2, c3, c4 and c5.";
    both_hear(&mut ann, &mut bob, win);
    bob.ask("e1", |l| l.starts_with("The game is over"));

    // Bob goes: Ann is told, and waits for him.
    bob.ask("quit", |l| l == "Goodbye.");
    ann.until(|l| l == "Bob left; waiting for them to come back.");
    ann.ask("status", |l| l == "Waiting for Bob to come back.");
    ann.ask("leave", |l| l == "You left the game between friends.");
    ann.ask("quit", |l| l == "Goodbye.");
    for heard in [ann.finish(), bob.finish()] {
        assert!(heard.iter().all(|l| l.is_ascii()), "{heard:?}");
    }
}

#[test]
fn host_without_a_relay_says_how_to_set_one() {
    let mut reader = Reader::start("", &["--screen-reader"]);
    reader.ask("host", |l| l.starts_with("No relay is set"));
    reader.ask("join 7-guitarist-revenge", |l| {
        l.starts_with("No relay is set")
    });
    reader.ask("leave", |l| {
        l == "There is no game between friends to leave."
    });
    reader.finish();
}
