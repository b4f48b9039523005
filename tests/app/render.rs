//! What the game screen draws: insta snapshots of the text, and the styles
//! (which snapshots do not record) checked cell by cell.

use crate::support::*;
use brique::app::{App, Config, ConfigFile, ThemeName, layout};
use brique::core::Square;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, MouseEventKind};
use ratatui::layout::Rect;
use ratatui::style::{Color as Tint, Modifier};

fn app() -> App {
    App::with_config(Config::default())
}

fn with_theme(theme: ThemeName) -> App {
    let mut config = Config::default();
    config.display.theme = theme;
    App::with_config(config)
}

#[test]
fn empty_board() {
    insta::assert_snapshot!(draw(&app(), 80, 24).backend());
}

#[test]
fn game_in_progress_with_a_preview() {
    let mut app = app();
    game_with_preview(&mut app);
    let preview = app.preview().expect("e5 is empty");
    let fills: Vec<(String, bool)> = preview
        .fills
        .iter()
        .map(|f| (f.square.to_string(), f.captured))
        .collect();
    assert_eq!(fills.len(), 2);
    assert!(fills.contains(&("d5".to_string(), false)), "{fills:?}");
    assert!(fills.contains(&("e6".to_string(), true)), "{fills:?}");
    insta::assert_snapshot!(draw(&app, 100, 34).backend());
}

#[test]
fn pie_prompt() {
    let mut app = app();
    play_at(&mut app, "d8");
    insta::assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn win_screen() {
    let mut app = App::with_config(config_with_size(7));
    black_wins_on_column_c(&mut app);
    assert!(app.game().winner().is_some());
    insta::assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn settings_screen() {
    let mut app = app();
    play_at(&mut app, "d8");
    type_keys(&mut app, "o");
    press(&mut app, KeyCode::BackTab);
    for _ in 0..13 {
        press(&mut app, KeyCode::Up); // up to the board size
    }
    press(&mut app, KeyCode::Left);
    insta::assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn help_overlay() {
    let mut app = app();
    type_keys(&mut app, "?");
    insta::assert_snapshot!(draw(&app, 90, 60).backend());
}

#[test]
fn too_small_screen() {
    insta::assert_snapshot!(draw(&app(), 40, 15).backend());
}

#[test]
fn narrow_screen_without_the_panel() {
    let mut app = app();
    play_at(&mut app, "h8");
    insta::assert_snapshot!(draw(&app, 44, 20).backend());
}

#[test]
fn narrow_screen_says_whose_turn_it_is_and_who_won() {
    let mut app = app();
    play_at(&mut app, "h8");
    play_at(&mut app, "c3");
    // Too narrow for the panel beside the board, too short for it below.
    let bottom = |app: &App, width: u16| {
        let buf = draw(app, width, 20);
        let buf = buf.backend().buffer();
        (0..width)
            .map(|x| buf[(x, 19)].symbol())
            .collect::<String>()
    };
    let line = bottom(&app, 60);
    assert!(
        line.starts_with("● Move 3 · Player 1 to play · ? help · q quit"),
        "{line}"
    );
    let mut app = App::with_config(config_with_size(5));
    black_wins_on_column_c(&mut app);
    // Once the message about the winning move is gone, the line keeps it.
    press(&mut app, KeyCode::Left);
    let line = bottom(&app, 51);
    assert_eq!(line, "Player 1 (Black) wins! n new game · ? help · q quit");
}

#[test]
fn narrow_tall_screen_with_the_panel_below() {
    let mut app = app();
    play_at(&mut app, "h8");
    insta::assert_snapshot!(draw(&app, 44, 40).backend());
}

#[test]
fn ascii_theme() {
    let mut app = with_theme(ThemeName::Ascii);
    game_with_preview(&mut app);
    insta::assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn broken_config_notice() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, "[game]\nsize = = 9\n").unwrap();
    let app = App::new(ConfigFile::load(path), false);
    let screen = text(&app, 100, 30);
    assert!(
        screen.contains("TOML parse error at line 2, column 8"),
        "{screen}"
    );
    assert!(screen.contains("size = = 9"), "{screen}");
    // The caret stays under the column it points at.
    let lines: Vec<&str> = screen.lines().collect();
    let code = lines
        .iter()
        .position(|l| l.contains("2 | size = = 9"))
        .unwrap();
    let at = |line: &str, pat: &str| line.find(pat).unwrap();
    assert_eq!(at(lines[code + 1], "^"), at(lines[code], "= 9"), "{screen}");
}

#[test]
fn the_help_lists_every_key_of_the_keymap() {
    let mut app = app();
    type_keys(&mut app, "?");
    // Descriptions may wrap: compare with borders and line breaks as spaces.
    let screen = text(&app, 100, 260).replace('│', " ");
    let screen = screen.split_whitespace().collect::<Vec<_>>().join(" ");
    let theme = app.theme();
    for binding in brique::app::keymap::KEYMAP {
        assert!(
            screen.contains(binding.help),
            "help lacks {:?}",
            binding.help
        );
        for &key in binding.keys {
            let label = brique::app::keymap::key_label(key, theme);
            assert!(screen.contains(&label), "help lacks the key {label}");
        }
    }
}

#[test]
fn colours_mark_squares_stones_cursor_and_chain() {
    let mut app = app();
    play_at(&mut app, "d8");
    let buf = buffer(&app, 80, 24);
    let cell = |name: &str| &buf[glyph_cell(&app, name, 80, 24)];
    // a1 is light, b1 dark; the cursor (d8 after the move) has its own colour.
    assert_eq!(cell("a1").bg, Tint::Indexed(180));
    assert_eq!(cell("b1").bg, Tint::Indexed(137));
    assert_eq!(cell("d8").bg, Tint::Indexed(75));
    assert_eq!(cell("d8").fg, Tint::Indexed(16), "a black stone");
    assert_eq!(cell("d8").symbol(), "●");
    // Black's edges are drawn in black, White's in white.
    let frame = layout::screen(Rect::new(0, 0, 80, 24), app.game().size())
        .unwrap()
        .board
        .frame();
    assert_eq!(buf[(frame.x + 3, frame.y)].fg, Tint::Indexed(16));
    assert_eq!(buf[(frame.x, frame.y + 3)].fg, Tint::Indexed(231));
}

#[test]
fn the_winning_chain_is_highlighted() {
    let mut app = App::with_config(config_with_size(5));
    black_wins_on_column_c(&mut app);
    let chain = app.game().position().winning_chain().unwrap();
    let buf = buffer(&app, 80, 24);
    for sq in chain {
        let (x, y) = glyph_cell(&app, &sq.to_string(), 80, 24);
        assert_eq!(buf[(x, y)].bg, Tint::Indexed(71), "{sq}");
    }
    let (x, y) = glyph_cell(&app, "a1", 80, 24);
    assert_ne!(buf[(x, y)].bg, Tint::Indexed(71));
}

/// The buffer with every colour reset: equal to the original only if the
/// original had no colour at all.
fn without_colours(buf: &Buffer) -> Buffer {
    let mut plain = buf.clone();
    for cell in &mut plain.content {
        cell.fg = Tint::Reset;
        cell.bg = Tint::Reset;
    }
    plain
}

#[test]
fn monochrome_and_no_color_use_no_colour_at_all() {
    let mut mono = with_theme(ThemeName::Mono);
    let loaded = ConfigFile::load(tempfile::tempdir().unwrap().path().join("none.toml"));
    let mut no_color = App::new(loaded, true);
    for app in [&mut mono, &mut no_color] {
        game_with_preview(app);
        for screen in ["", "?", "\u{1b}o"] {
            for c in screen.chars() {
                match c {
                    '\u{1b}' => press(app, KeyCode::Esc),
                    c => type_keys(app, &c.to_string()),
                }
            }
            let buf = buffer(app, 100, 34);
            assert_eq!(buf, without_colours(&buf), "screen after {screen:?}");
        }
    }
    // Emphasis survives as attributes: the cursor is reversed.
    let mut app = with_theme(ThemeName::Mono);
    play_at(&mut app, "d8");
    let buf = buffer(&app, 80, 24);
    let cell = &buf[glyph_cell(&app, "d8", 80, 24)];
    assert!(cell.modifier.contains(Modifier::REVERSED));
    // Dark squares carry a pattern instead of a colour.
    assert_eq!(buf[glyph_cell(&app, "b1", 80, 24)].symbol(), "░");
}

#[test]
fn every_square_of_every_board_size_is_drawn_where_a_click_finds_it() {
    for n in [5u8, 12, 25] {
        let app = App::with_config(config_with_size(n));
        let buf = buffer(&app, 120, 40);
        let l = layout::screen(Rect::new(0, 0, 120, 40), app.game().size()).unwrap();
        for square in app.game().size().squares() {
            let (x, y) = l.board.glyph_cell(square);
            assert_eq!(l.board.square_at(x, y), Some(square));
            let expected = if square.shade() == brique::core::Shade::Light {
                Tint::Indexed(180)
            } else {
                Tint::Indexed(137)
            };
            if square != app.board().cursor() {
                assert_eq!(buf[(x, y)].bg, expected, "{square} on {n}");
            }
        }
        let last = Square::new(n - 1, n - 1);
        let top = l.board.square_rect(last);
        assert_eq!(
            buf[(top.x, top.y - 1)].symbol(),
            "▄",
            "Black's edge above {last}"
        );
    }
}

#[test]
fn the_move_list_follows_the_game_and_the_wheel_scrolls_it_back() {
    let mut app = app();
    // Squares two apart, off the edges: no move fills or connects anything.
    for row in [3, 5, 7] {
        for col in ["c", "e", "g", "i", "k", "m"] {
            play_at(&mut app, &format!("{col}{row}"));
        }
    }
    let moves = app.game().history().len();
    assert_eq!(moves, 18);
    let screen = text(&app, 80, 24);
    assert!(screen.contains(&format!("{moves:>3}. ")), "{screen}");
    assert!(
        !screen.contains("  1. "),
        "the first moves scrolled away:\n{screen}"
    );
    for _ in 0..100 {
        mouse(&mut app, MouseEventKind::ScrollUp, 70, 12);
    }
    let screen = text(&app, 80, 24);
    assert!(screen.contains("  1. "), "{screen}");
    assert!(!screen.contains(&format!("{moves:>3}. ")), "{screen}");
    mouse(&mut app, MouseEventKind::ScrollDown, 70, 12);
    play_at(&mut app, "h10");
    let screen = text(&app, 80, 24);
    assert!(
        screen.contains(&format!("{:>3}. ", moves + 1)),
        "a move brings the end back"
    );
}

#[test]
fn wide_names_leave_the_colours_and_the_turn_mark_in_place() {
    let mut config = Config::default();
    config.players.names = ["張三🎲Zoë".to_string(), "Ann".to_string()];
    let app = App::with_config(config);
    let buf = buffer(&app, 120, 40);
    // Each row as a terminal shows it: a wide character covers the next cell.
    let rows: Vec<String> = (0..40)
        .map(|y| {
            let mut row = String::new();
            let mut x = 0;
            while x < 120 {
                let symbol = buf[(x, y)].symbol();
                row.push_str(symbol);
                x += u16::try_from(unicode_width::UnicodeWidthStr::width(symbol).max(1)).unwrap();
            }
            row
        })
        .collect();
    let line = |name: &str| {
        rows.iter()
            .find(|l| l.contains(name))
            .unwrap_or_else(|| panic!("{name} missing:\n{}", rows.join("\n")))
            .clone()
    };
    let (one, two) = (line("張三🎲Zoë"), line("Ann "));
    assert!(one.contains("Black ◂ │"), "{one}");
    assert!(two.contains("White   │"), "{two}");
    // The two lines end at the same column: the panel's border.
    let border = |l: &str| unicode_width::UnicodeWidthStr::width(l.trim_end());
    assert_eq!(border(&one), border(&two), "{one}\n{two}");
}

#[test]
fn clicking_a_move_in_the_list_browses_to_it() {
    let mut app = app();
    app.handle_event(&ratatui::crossterm::event::Event::Resize(120, 40));
    for square in ["c3", "e5", "g7", "i9"] {
        play_at(&mut app, square);
    }
    let screen = text(&app, 120, 40);
    let (x, y) = screen
        .lines()
        .enumerate()
        .find_map(|(y, l)| l.find("  2. ").map(|x| (l[..x].chars().count(), y)))
        .expect("move 2 listed");
    click(
        &mut app,
        u16::try_from(x + 3).unwrap(),
        u16::try_from(y).unwrap(),
    );
    assert_eq!(app.board().viewing(), Some(2));
    assert_eq!(app.board().shown_game(app.game()).history().len(), 2);
    assert_eq!(app.game().history().len(), 4, "the game itself is kept");
}

#[test]
fn hovering_a_square_previews_as_the_cursor_does() {
    let mut by_mouse = app();
    let mut by_keys = app();
    for app in [&mut by_mouse, &mut by_keys] {
        app.handle_event(&ratatui::crossterm::event::Event::Resize(120, 40));
        game_with_preview(app);
        type_keys(app, ":a9");
        press(app, KeyCode::Enter);
    }
    let (x, y) = glyph_cell(&by_mouse, "e5", 120, 40);
    mouse(&mut by_mouse, MouseEventKind::Moved, x, y);
    type_keys(&mut by_keys, ":e5");
    press(&mut by_keys, KeyCode::Enter);
    assert_eq!(by_mouse.board().cursor(), sq("e5"));
    assert_eq!(by_mouse.preview(), by_keys.preview());
    assert_eq!(buffer(&by_mouse, 120, 40), buffer(&by_keys, 120, 40));
}

#[test]
fn the_analysis_of_a_finished_game_does_not_wait_for_a_search() {
    let mut app = App::with_config(config_with_size(7));
    black_wins_on_column_c(&mut app);
    type_keys(&mut app, "a");
    assert!(app.analysis_shown());
    let screen = text(&app, 120, 40);
    assert!(!screen.contains("waiting for the search"), "{screen}");
    assert!(screen.contains("Analysis: the game is over."), "{screen}");
}
