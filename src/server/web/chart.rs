//! A player's rating history as an SVG chart: one line per rules variant,
//! the games in order along, the rating up.

use maud::{Markup, html};

use crate::core::Variant;
use crate::online::protocol::RatingPoint;

const WIDTH: f64 = 600.0;
const HEIGHT: f64 = 200.0;
const MARGIN: f64 = 36.0;

/// Each variant's line colour (the first the terminal theme's chain green).
fn ink(variant: Variant) -> &'static str {
    match variant {
        Variant::Original => "#875f00",
        Variant::Revised => "#5faf5f",
    }
}

/// The chart of `history` (oldest first); nothing for no history.
pub fn chart(history: &[RatingPoint]) -> Markup {
    if history.is_empty() {
        return html! { p { "No rated game yet." } };
    }
    let (low, high) = history.iter().fold((f64::MAX, f64::MIN), |(lo, hi), p| {
        (lo.min(p.rating), hi.max(p.rating))
    });
    // A flat history still gets some height.
    let (low, high) = ((low - 20.0).floor(), (high + 20.0).ceil());
    let steps = (history.len().max(2) - 1) as f64;
    let x = |i: usize| MARGIN + (WIDTH - 2.0 * MARGIN) * i as f64 / steps;
    let y = |r: f64| HEIGHT - MARGIN - (HEIGHT - 2.0 * MARGIN) * (r - low) / (high - low);
    html! {
        svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox=(format!("0 0 {WIDTH} {HEIGHT}"))
            width=(WIDTH) height=(HEIGHT) role="img" aria-label="Rating history" {
            rect x="0" y="0" width=(WIDTH) height=(HEIGHT) fill="#fdfaf5" stroke="#ccc" {}
            text x="4" y=(MARGIN) font-size="11" { (high as i64) }
            text x="4" y=(HEIGHT - MARGIN) font-size="11" { (low as i64) }
            @for variant in Variant::ALL {
                @let points: Vec<String> = history.iter().enumerate()
                    .filter(|(_, p)| p.variant == variant)
                    .map(|(i, p)| format!("{:.1},{:.1}", x(i), y(p.rating)))
                    .collect();
                @if !points.is_empty() {
                    polyline class=(format!("history {variant}")) points=(points.join(" "))
                        fill="none" stroke=(ink(variant)) stroke-width="2" {}
                    @for point in &points {
                        @let (cx, cy) = point.split_once(',').unwrap_or(("0", "0"));
                        circle cx=(cx) cy=(cy) r="2.5" fill=(ink(variant)) {}
                    }
                    text x=(WIDTH - MARGIN) y=(if variant == Variant::Original { 14 } else { 28 })
                        font-size="11" text-anchor="end" fill=(ink(variant)) { (variant) }
                }
            }
        }
    }
}
