//! `cargo bench`: the engine's speed on an empty 15x15 board, one thread, the
//! same measurement as `brique bench` (whose options it does not take).

use std::time::Duration;

use brique::bench::{Figures, heading, measure, summary};
use brique::cli::print_stdout;
use brique::core::{BoardSize, Variant};

fn main() {
    // `cargo bench` passes `--bench`; run any other way (`cargo test
    // --benches`), this only checks that the measurement runs.
    let full = std::env::args().any(|a| a == "--bench");
    let (rounds, seconds) = if full { (5u32, 1.0) } else { (1, 0.05) };
    for variant in Variant::ALL {
        let figures: Vec<Figures> = (0..rounds)
            .map(|round| {
                let time = Duration::from_secs_f64(seconds);
                measure(BoardSize::DEFAULT, variant, time, 1 + u64::from(round))
            })
            .collect();
        let text = heading(BoardSize::DEFAULT, variant, rounds, seconds) + &summary(&figures);
        if print_stdout(&text).is_err() {
            return;
        }
    }
}
