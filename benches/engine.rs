//! `cargo bench`: the engine's speed on an empty 15x15 board, one thread, the
//! same measurement as `brique bench` (whose options it does not take).

// Test code: its helpers outside #[test] may unwrap, expect and panic too.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::Duration;

use brique::commands::bench::{heading, measure_rounds, summary};
use brique::commands::print_stdout;
use brique::core::{BoardSize, Variant};

fn main() {
    // `cargo bench` passes `--bench`; run any other way (`cargo test
    // --benches`), this only checks that the measurement runs.
    let full = std::env::args().any(|a| a == "--bench");
    let (rounds, seconds) = if full { (5u32, 1.0) } else { (1, 0.05) };
    for variant in Variant::ALL {
        let time = Duration::from_secs_f64(seconds);
        let figures = measure_rounds(BoardSize::DEFAULT, variant, time, rounds, 1);
        let text = heading(BoardSize::DEFAULT, variant, rounds, seconds) + &summary(&figures);
        if print_stdout(&text).is_err() {
            return;
        }
    }
}
