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
