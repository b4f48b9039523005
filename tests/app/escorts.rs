//! The escort and danger marks, checked against the core's rules on random
//! positions in both variants; the preview says what the opponent could take.

use crate::support::*;
use brique::app::{App, layout};
use brique::core::{Move, Position, Square, Variant, escorts};
use ratatui::crossterm::event::KeyCode;

/// A small xorshift generator: the positions are random but the same each run.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// The squares holding a stone (`occupied`), or the empty ones.
fn squares_where(pos: &Position, occupied: bool) -> Vec<Square> {
    pos.size()
        .squares()
        .filter(|s| pos.get(*s).is_some() == occupied)
        .collect()
}

/// A 9×9 game of up to `plies` random placements in `variant`.
fn random_game(variant: Variant, plies: usize, dice: &mut Dice) -> App {
    let mut config = config_with_size(9);
    config.game.variant = variant;
    let mut app = App::with_config(config);
    for _ in 0..plies {
        let pos = app.game().position();
        if pos.is_over() {
            break;
        }
        let empty = squares_where(pos, false);
        let sq = empty[dice.below(empty.len())];
        play_at(&mut app, &sq.to_string());
    }
    app
}

/// Puts the cursor on `sq` with the square prompt.
fn cursor_to(app: &mut App, sq: Square) {
    type_keys(app, &format!(":{sq}"));
    press(app, KeyCode::Enter);
}

/// The stones the side to move captures with one placement, by the core.
fn captures_in_one(app: &App) -> Vec<Square> {
    let pos = app.game().position();
    let mut stones = Vec::new();
    for at in pos.size().squares() {
        if let Ok(report) = pos.preview(Move::Place(at)) {
            stones.extend(report.fills.captures());
        }
    }
    stones
}

/// The side panel's text, its lines joined by spaces.
fn panel_text(app: &App, width: u16, height: u16) -> String {
    let area = ratatui::layout::Rect::new(0, 0, width, height);
    let panel = layout::screen(area, app.game().size())
        .unwrap()
        .panel
        .unwrap();
    let buf = buffer(app, width, height);
    let mut text = String::new();
    for y in panel.y + 1..panel.bottom() - 1 {
        for x in panel.x + 1..panel.right() - 1 {
            text.push_str(buf[(x, y)].symbol());
        }
        text.push(' ');
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn marker_at(app: &App, sq: Square) -> String {
    let (x, y) = glyph_cell(app, &sq.to_string(), 80, 24);
    buffer(app, 80, 24)[(x + 1, y)].symbol().to_string()
}

#[test]
fn marks_follow_the_rules_on_random_positions_in_both_variants() {
    let mut dice = Dice(0x2545_f491_4f6c_dd1d);
    let mut escorts_seen = 0;
    let mut threats_seen = 0;
    for variant in [Variant::Original, Variant::Revised] {
        for round in 0..12 {
            let mut app = random_game(variant, 6 + 3 * round, &mut dice);
            if app.game().position().is_over() {
                continue;
            }
            // The cursor on a stone: no preview, so no preview marks.
            let pos = app.game().position().clone();
            let stones = squares_where(&pos, true);
            let cursor = stones[dice.below(stones.len())];
            cursor_to(&mut app, cursor);
            let threatened = captures_in_one(&app);
            let escorts_of = escorts(pos.size(), cursor);
            let last = app.game().last().copied();
            for sq in pos.size().squares() {
                let mark = marker_at(&app, sq);
                let danger = threatened.contains(&sq);
                assert_eq!(
                    mark == "‼",
                    danger,
                    "{sq} in danger? {variant:?}, cursor {cursor}"
                );
                threats_seen += usize::from(danger);
                let escort = escorts_of.contains(sq);
                let last_marked = last.as_ref().is_some_and(|l| {
                    l.mv == Move::Place(sq) || l.fills.iter().any(|f| f.square == sq)
                });
                if escort && !danger && !last_marked {
                    assert_eq!(mark, "◇", "{sq} escorts {cursor} ({variant:?})");
                    escorts_seen += 1;
                } else if !escort {
                    assert_ne!(mark, "◇", "{sq} is no escort of {cursor}");
                }
            }
        }
    }
    assert!(
        escorts_seen > 10 && threats_seen > 3,
        "{escorts_seen} {threats_seen}"
    );
}

#[test]
fn the_toggle_key_hides_the_marks_and_is_kept_in_the_settings() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("config.toml");
    std::fs::write(&path, "# mine\n[display]\ntheme = \"color\"\n").unwrap();
    let mut app = App::new(brique::app::ConfigFile::load(path.clone()), false);
    assert!(app.config().display.escorts, "on by default");
    cursor_to(&mut app, sq("e5"));
    assert_eq!(
        marker_at(&app, sq("e6")),
        "◇",
        "e5 is dark: e6 and f5 escort it"
    );
    type_keys(&mut app, "v");
    assert!(!app.config().display.escorts);
    assert_ne!(marker_at(&app, sq("e6")), "◇");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("escorts = false") && text.starts_with("# mine"),
        "{text}"
    );
}

#[test]
fn the_preview_says_a_stone_can_be_captured_next_move() {
    let mut app = App::with_config(config_with_size(9));
    // A square whose stone the opponent could capture at once, by the core.
    for square in ["a9", "f6", "i1", "d4", "a7"] {
        play_at(&mut app, square);
    }
    let pos = app.game().position().clone();
    let risky = pos.size().squares().find(|&s| {
        let mut after = pos.clone();
        after.play(Move::Place(s)).is_ok()
            && after.size().squares().any(|at| {
                after
                    .preview(Move::Place(at))
                    .is_ok_and(|r| r.fills.captures().any(|c| c == s))
            })
    });
    let risky = risky.expect("some placement can be captured at once");
    cursor_to(&mut app, risky);
    let screen = panel_text(&app, 120, 40);
    assert!(
        screen.contains(&format!("stone at {risky}")) && screen.contains("could be captured at"),
        "{screen}"
    );
}
