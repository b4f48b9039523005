//! No terminal size, from 0×0 to very large, makes drawing panic, whatever
//! is open on the screen.

use crate::support::*;
use brique::app::{App, Config, ConfigFile, ThemeName, layout};
use brique::core::BoardSize;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;

/// The app in every state that draws something different.
fn states() -> Vec<(&'static str, App)> {
    let mut out = Vec::new();
    out.push(("empty", App::with_config(Config::default())));

    let game = || {
        let mut app = App::with_config(Config::default());
        game_with_preview(&mut app);
        app
    };
    out.push(("preview", game()));
    // Each of these keys opens something over the game.
    for (keys, name) in [
        (":d", "square prompt"),
        ("q", "question"),
        ("?", "help"),
        ("o", "settings"),
    ] {
        let mut app = game();
        type_keys(&mut app, keys);
        out.push((name, app));
    }

    let mut won = App::with_config(config_with_size(5));
    black_wins_on_column_c(&mut won);
    out.push(("won", won));

    let mut big = config_with_size(25);
    big.display.theme = ThemeName::Ascii;
    out.push(("25×25 ascii", App::with_config(big)));

    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(
        &path,
        "[game]\nsize = \"big\"\nsizes = 3\n[engine]\nlevel = 3\n",
    )
    .unwrap();
    out.push(("notice", App::new(ConfigFile::load(path), false)));
    out
}

fn render(app: &App, width: u16, height: u16) -> Buffer {
    let area = Rect::new(0, 0, width, height);
    let mut buf = Buffer::empty(area);
    app.render(area, &mut buf);
    buf
}

#[test]
fn every_size_draws_without_panic() {
    let mut widths: Vec<u16> = (0..=300).step_by(13).collect();
    let mut heights: Vec<u16> = (0..=100).step_by(7).collect();
    widths.extend([1, 2, 300]);
    heights.extend([1, 2, 100]);
    for (name, app) in states() {
        for &w in &widths {
            for &h in &heights {
                // The app is not unwind-safe (the engine's thread handle), but
                // drawing only reads it, so a panic cannot leave it half-changed.
                let drawn = std::panic::AssertUnwindSafe(|| render(&app, w, h));
                let result = std::panic::catch_unwind(drawn);
                assert!(result.is_ok(), "{name} at {w}×{h} panicked");
            }
        }
    }
}

#[test]
fn the_boundary_of_too_small_draws_and_says_so() {
    for n in [5u8, 15, 25] {
        let size = BoardSize::new(n).unwrap();
        let app = App::with_config(config_with_size(n));
        let (w, h) = layout::minimum_size(size);
        for (dw, dh) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let buf = render(&app, w - dw, h - dh);
            let text: String = buf.content.iter().map(|c| c.symbol()).collect();
            let too_small = text.contains("Enlarge");
            assert_eq!(
                too_small,
                (dw, dh) != (0, 0),
                "{n} at {}×{}",
                w - dw,
                h - dh
            );
            assert!(!too_small || text.contains(&format!("{w}×{h}")));
        }
    }
}

#[test]
fn a_drawn_area_offset_from_the_origin_stays_inside_it() {
    let app = App::with_config(Config::default());
    let outer = Rect::new(0, 0, 140, 50);
    let inner = Rect::new(10, 5, 100, 30);
    let mut buf = Buffer::empty(outer);
    (&app).render(inner, &mut buf);
    for y in 0..outer.height {
        for x in 0..outer.width {
            if !inner.contains((x, y).into()) {
                assert_eq!(buf[(x, y)].symbol(), " ", "drew outside at {x},{y}");
            }
        }
    }
}

#[test]
fn the_status_line_shortens_a_path_from_the_left_and_keeps_words_whole() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir
        .path()
        .join("a-folder-with-a-long-name/another-long-folder/and-one-more");
    let mut app = App::with_config(Config::default());
    let paths = brique::storage::Paths::under(&root);
    app.open_files(
        Some(paths.clone()),
        &brique::app::PlayArgs::default().opening(),
    );
    play_at(&mut app, "h8");
    // Saved under a name of its own: "Saved to ROOT/data/records/NAME."
    type_keys(&mut app, "w");
    for _ in 0..60 {
        press(&mut app, ratatui::crossterm::event::KeyCode::Backspace);
    }
    type_keys(&mut app, "the-game-you-asked-for");
    press(&mut app, ratatui::crossterm::event::KeyCode::Enter);
    let saved = paths.records_dir().join("the-game-you-asked-for.brique");
    let said = app.message().expect("the save is said").text.clone();
    assert_eq!(said, format!("Saved to {}.", saved.display()));
    for width in [60, 72] {
        let screen = text(&app, width, 24);
        let last = screen.lines().last().unwrap().trim_end();
        // The file's name whole, the folders before it shortened from the
        // left.
        assert!(last.starts_with("Saved to …/"), "{last}");
        assert!(last.ends_with("/the-game-you-asked-for.brique."), "{last}");
        assert!(!last.contains("a-folder-with"), "{last}");
    }
    // Wide enough, the whole path.
    let screen = text(&app, 200, 40);
    let last = screen.lines().last().unwrap().trim_end();
    assert!(last.contains(&said), "{last}");
}

#[test]
fn the_bottom_line_standing_for_the_panel_keeps_words_whole() {
    // At 60×20 the panel does not fit, and the line under the board gives
    // its news: an opened, unfinished record's is longer than the line.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("a-game-with-a-longer-name.brique");
    std::fs::write(&file, "size: 15\n\nh8 g7 e5 f6 d4 c3\n").unwrap();
    let mut app = App::with_config(Config::default());
    let args = brique::app::PlayArgs {
        load: Some(file),
        ..brique::app::PlayArgs::default()
    };
    app.open_files(
        Some(brique::storage::Paths::under(dir.path())),
        &args.opening(),
    );
    let screen = text(&app, 60, 20);
    let last = screen.lines().last().unwrap().trim_end();
    assert!(
        last.starts_with("Opened a-game-with-a-longer-name"),
        "{last}"
    );
    assert!(last.ends_with('…') || last.ends_with('.'), "{last}");
}
