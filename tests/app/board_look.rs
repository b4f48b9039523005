//! The board read at a glance: stones that fill their squares, chains drawn
//! as one shape, at every scale the board has.

use crate::support::*;
use brique::app::{App, Config, layout};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Color as Tint;

const BLACK: Tint = Tint::Indexed(16);

/// Whether a cell shows Black's colour (a whole or a half block of it).
fn black_at(buf: &Buffer, x: u16, y: u16) -> bool {
    let cell = &buf[(x, y)];
    cell.bg == BLACK || (cell.fg == BLACK && matches!(cell.symbol(), "▀" | "▄" | "█"))
}

fn square_rect(app: &App, name: &str, width: u16, height: u16) -> Rect {
    let l = layout::screen(Rect::new(0, 0, width, height), app.game().size()).unwrap();
    l.board.square_rect(sq(name))
}

/// Black on h8, i8 and j8 (White far away on the edges); the cursor away.
fn three_in_a_row() -> App {
    let mut app = App::with_config(Config::default());
    for square in ["h8", "a1", "i8", "a3", "j8"] {
        play_at(&mut app, square);
    }
    type_keys(&mut app, ":c13");
    press(&mut app, ratatui::crossterm::event::KeyCode::Enter);
    app
}

fn covered(app: &App, name: &str, width: u16, height: u16) -> usize {
    let buf = buffer(app, width, height);
    let r = square_rect(app, name, width, height);
    let mut n = 0;
    for y in r.y..r.bottom() {
        for x in r.x..r.right() {
            n += usize::from(black_at(&buf, x, y));
        }
    }
    n
}

#[test]
fn a_stone_covers_at_least_half_its_square_and_grows_with_it() {
    let app = three_in_a_row();
    let at_120 = square_rect(&app, "h8", 120, 40);
    let cells = usize::from(at_120.width * at_120.height);
    let black = covered(&app, "h8", 120, 40);
    assert!(2 * black >= cells, "{black} of {cells} cells at 120x40");
    let at_200 = square_rect(&app, "h8", 200, 60);
    assert!(at_200.width > at_120.width, "squares grow at 200x60");
    assert!(covered(&app, "h8", 200, 60) > black, "and stones with them");
}

#[test]
fn a_chain_of_three_shows_no_gap_between_its_stones() {
    let app = three_in_a_row();
    for (width, height) in [(120, 40), (200, 60)] {
        let buf = buffer(&app, width, height);
        let (_, mid) = glyph_cell(&app, "h8", width, height);
        let (from, _) = glyph_cell(&app, "h8", width, height);
        let (to, _) = glyph_cell(&app, "j8", width, height);
        for x in from..=to {
            assert!(
                black_at(&buf, x, mid),
                "gap at column {x} ({width}x{height})"
            );
        }
    }
}

#[test]
fn lone_stones_keep_their_square_apart_from_the_next() {
    // At 200x60 a stone leaves a margin on the sides where it joins nothing.
    let app = three_in_a_row();
    let buf = buffer(&app, 200, 60);
    let r = square_rect(&app, "j8", 200, 60);
    let (_, mid) = glyph_cell(&app, "j8", 200, 60);
    assert!(black_at(&buf, r.x, mid), "joined on the left");
    assert!(!black_at(&buf, r.right() - 1, mid), "a margin on the right");
}

/// Black on h8 and h9 (a chain upright), White alone on a1; the cursor away.
fn upright_pair(config: Config) -> App {
    let mut app = App::with_config(config);
    for square in ["h8", "a1", "h9"] {
        play_at(&mut app, square);
    }
    type_keys(&mut app, ":c13");
    press(&mut app, ratatui::crossterm::event::KeyCode::Enter);
    app
}

#[test]
fn on_small_squares_an_upright_chain_joins_and_white_stands_out() {
    let (width, height) = (70, 24);
    for (theme, bar, white) in [
        (brique::app::ThemeName::Color, "█", "◉"),
        (brique::app::ThemeName::Mono, "┃", "○"),
    ] {
        let mut config = Config::default();
        config.display.theme = theme;
        let app = upright_pair(config);
        assert_eq!(square_rect(&app, "h8", width, height).height, 1, "scale 1");
        let buf = buffer(&app, width, height);
        let at = |name| {
            let (x, y) = glyph_cell(&app, name, width, height);
            buf[(x, y)].symbol().to_string()
        };
        // The rows touch: the two bars meet and read as one chain.
        assert_eq!(
            (at("h8").as_str(), at("h9").as_str()),
            (bar, bar),
            "{theme:?}"
        );
        assert_eq!(at("a1"), white, "{theme:?}");
    }
}
