//! Issue #45: the server's search slots shared fairly among its SSH
//! players. Two players' analyses and one slot: a third player's hint
//! still gets it, the analysis holding it giving way (the wait is bounded
//! generously; nothing here asserts how fast).

use crate::remote::{past_the_welcome, start_full};
use brique::app::remote::SearchSlots;

#[test]
fn two_players_analyses_hold_no_slot_from_a_third_players_hint() {
    let searches = SearchSlots::new(1);
    let guest = || {
        start_full(
            None,
            "xterm-256color",
            None,
            100,
            30,
            Some(searches.clone()),
            None,
        )
    };
    let mut analysts = [guest(), guest()];
    for analyst in &mut analysts {
        past_the_welcome(analyst, b"u");
        analyst.send(b"a");
    }
    // One analysis runs, the other waits its turn.
    for analyst in &mut analysts {
        analyst.wait_for("the analysis shown", |s| s.contains("Analysis: "));
    }
    assert_eq!(searches.running(), 1);

    let mut player = guest();
    past_the_welcome(&mut player, b"u");
    player.send(b"t");
    player.wait_for("the hint", |s| s.contains("Hint: "));
    player.close();
    for analyst in analysts {
        analyst.close();
    }
}
