//! Your colours in `[display]`: read from the file, drawn as near as the
//! terminal allows, and chosen in the settings from palettes.

use crate::support::*;
use brique::app::{App, ConfigFile, detect};
use ratatui::crossterm::event::KeyCode;
use ratatui::style::Color as Tint;

fn app_with_file(text: &str) -> (tempfile::TempDir, std::path::PathBuf, App) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, text).unwrap();
    let app = App::new(ConfigFile::load(path.clone()), false);
    (dir, path, app)
}

#[test]
fn black_stones_take_the_colour_of_the_file_as_near_as_the_terminal_can() {
    let (_dir, _path, mut app) = app_with_file("[display]\nblack_stones = \"#c0392b\"\n");
    play_at(&mut app, "d8");
    type_keys(&mut app, ":a1");
    press(&mut app, KeyCode::Enter);
    for (term, colorterm, expected) in [
        ("xterm-256color", "truecolor", Tint::Rgb(0xc0, 0x39, 0x2b)),
        ("xterm-256color", "", Tint::Indexed(130)),
        ("xterm", "", Tint::Indexed(1)),
    ] {
        app.use_terminal(detect(Some(term), Some(colorterm), false).unwrap());
        let cell = &buffer(&app, 80, 24)[glyph_cell(&app, "d8", 80, 24)];
        assert_eq!(cell.fg, expected, "{term} {colorterm}");
    }
}

#[test]
fn a_bad_colour_is_reported_and_keeps_the_default() {
    let (_dir, _path, app) = app_with_file("[display]\nwhite_stones = \"mauve\"\n");
    let screen = text(&app, 100, 30);
    assert!(screen.contains("display.white_stones"), "{screen}");
    assert_eq!(
        app.config().display.colours,
        brique::app::Config::default().display.colours
    );
}

#[test]
fn the_settings_choose_a_palette_with_a_preview_and_write_it_by_name() {
    let text = "# my settings\n[display]\n# the wood\nlight_squares = \"tan\"\n";
    let (_dir, path, mut app) = app_with_file(text);
    type_keys(&mut app, "o");
    press(&mut app, KeyCode::BackTab); // from the first field to the last: Play online
    press(&mut app, KeyCode::Up); // Join a game
    press(&mut app, KeyCode::Up); // Host a game
    press(&mut app, KeyCode::Up); // Screen reader
    press(&mut app, KeyCode::Up); // Colours
    press(&mut app, KeyCode::Right);
    let screen = text_of(&app);
    assert!(screen.contains("light terminal"), "{screen}");
    assert!(screen.contains("●  ○  ●  ○"), "the preview: {screen}");
    press(&mut app, KeyCode::Right);
    // Enter saves (Esc leaves without saving).
    press(&mut app, KeyCode::Enter);
    let written = std::fs::read_to_string(&path).unwrap();
    assert!(
        written.starts_with("# my settings\n[display]\n# the wood\n"),
        "{written}"
    );
    for line in ["light_squares = \"grey\"", "dark_squares = \"slate\""] {
        assert!(written.contains(line), "{written}");
    }
    // Black and white stones are the same as before: not written.
    assert!(!written.contains("black_stones"), "{written}");
    assert_eq!(
        app.config().display.colours.palette_name(),
        Some("high contrast")
    );
}

fn text_of(app: &App) -> String {
    text(app, 100, 40)
}

/// Issue #45: with TERM=xterm (16 colours) the board was a bright red and
/// grey checkerboard in a blue frame. It is calm now, and at 60×20 (one
/// cell a square) both stones read on every palette: each stone's colour
/// differs from what it is drawn on, and a stone is not bold there (many
/// 16-colour terminals show bold black as grey, a square's colour).
#[test]
fn the_sixteen_colour_board_is_calm_and_both_stones_read_on_small_squares() {
    let (width, height) = (60, 20);
    let reds = [Tint::Indexed(1), Tint::Indexed(9)];
    let blues = [Tint::Indexed(4), Tint::Indexed(12)];
    for (palette, names) in brique::app::PALETTES {
        let mut config = brique::app::Config::default();
        config.display.colours = brique::app::BoardColours::palette(names);
        let mut app = brique::app::App::with_config(config);
        app.use_terminal(detect(Some("xterm"), None, false).unwrap());
        // Black, White, Black, White; then the cursor away from them.
        for square in ["e5", "d4", "e4", "f6"] {
            play_at(&mut app, square);
        }
        type_keys(&mut app, ":a1");
        let buf = buffer(&app, width, height);
        let squares = ["b2", "c2"].map(|s| buf[glyph_cell(&app, s, width, height)].bg);
        assert_ne!(squares[0], squares[1], "{palette}: the squares differ");
        for square in squares {
            assert!(!reds.contains(&square), "{palette}: a red square");
        }
        let (x, y) = glyph_cell(&app, "h15", width, height);
        let frame = buf[(x, y - 1)].bg;
        assert!(!blues.contains(&frame), "{palette}: a blue frame");
        for square in ["e5", "d4", "e4", "f6"] {
            let cell = &buf[glyph_cell(&app, square, width, height)];
            assert!(
                cell.symbol() != " " && cell.fg != cell.bg && !squares.contains(&cell.fg),
                "{palette}: the stone on {square} does not stand out: {cell:?}"
            );
            assert!(
                !cell.modifier.contains(ratatui::style::Modifier::BOLD),
                "{palette}: the stone on {square} is bold"
            );
        }
    }
}
