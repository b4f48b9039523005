//! The long texts that scroll (the help, the results): their lines at a
//! width and the box they are shown in, so that the view draws them and
//! the update bounds their scroll from the one source.

use std::path::PathBuf;

use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::layout::centred;
use super::text_width::cut;
use super::theme::{Marker, Theme, Ui};
use super::wrap::wrap;
use crate::app::files::state::ResultsRead;
use crate::app::keys::keymap::{Binding, Context, KeyBindings, key_label};
use crate::app::message::count;
use crate::core::Color;
use crate::storage::{ResultRow, Summary, Timestamp};

/// The widest the help's box gets.
pub const HELP_WIDTH: u16 = 80;
/// The widest the results' box gets.
pub const RESULTS_WIDTH: u16 = 80;

/// The rules, short. `{B}`, `{W}`, `{ghost}` and the marker names are
/// replaced by the theme's glyphs.
const RULES: &[&str] = &[
    "Black ({B}) joins the top and bottom edges (lettered), White ({W}) the left and \
     right edges (numbered). The first to link their two edges with a chain of stones, \
     side by side, wins. There are no draws.",
    "Black moves first. A move places one stone on an empty square. Every square has \
     escorts: a light square's are the squares above it and left of it; a dark square's \
     are right of it and below it. When all the escorts of a square hold your stones, \
     that square gets your stone too, and an enemy stone standing there is captured.",
    "Rules \"original\": an edge square with one escort fills from that one. Rules \
     \"revised\": only squares with two escorts fill.",
    "Pie rule: on White's first turn, White may swap sides instead of placing. The stone \
     stays; the players exchange colours, and the player who placed it now plays White.",
    "On the board, {ghost} shows where a stone at the cursor would go and which squares \
     it fills ({fill}) or captures ({capture}); {last} marks the last move and {fill} / \
     {capture} what it filled and captured. Click a square to place a stone there.",
    "{escort} marks the escorts of the cursor's square, and {threat} a stone that the side \
     to move could capture with one stone (v shows or hides these marks). When a game is \
     won, its winning chain is lit up.",
    "The computer: in the settings, play against it (you are Player 1) or watch it play \
     itself, at a level from easy to strongest. A hint marks the engine's move with {hint}. \
     The analysis colours the empty squares by their share of the engine's search (the \
     swap on the stone that would change hands), writes on them the chance of winning \
     after each (in percent; in tenths when the squares are small), and lists the \
     favourite moves with the side to move's chances.",
    "Learn the game on the board with the lessons and puzzles (e, or brique learn). The \
     command brique rules prints the complete rules of both variants, with diagrams.",
];

/// Columns for the keys before their description.
const KEYS_WIDTH: usize = 14;

/// The key sections of the help; a binding is listed in the first that has it.
const SECTIONS: &[(&str, &[Context])] = &[
    ("Playing", &[Context::Board]),
    (
        "Settings screen",
        &[
            Context::SettingsChoice,
            Context::SettingsText,
            Context::SettingsAction,
        ],
    ),
    ("Square prompt (:)", &[Context::GoTo]),
    ("Chat line (c, in a network game)", &[Context::Chat]),
    (
        "Hosting (i) and joining (m) a network game",
        &[Context::NetForm],
    ),
    (
        "Online (d)",
        &[Context::Online, Context::OnlineForm, Context::OnlineBots],
    ),
    ("Saving a game (w)", &[Context::SaveAs]),
    (
        "Saved games (f) and results (p)",
        &[Context::Records, Context::Results],
    ),
    (
        "Filtering (/) and renaming (r) saved games",
        &[Context::FilterRecords, Context::RenameRecord],
    ),
    ("Lessons and puzzles (e)", &[Context::Training]),
    ("Welcome (the first start)", &[Context::Welcome]),
    ("Questions", &[Context::Confirm]),
    ("This help", &[Context::Help]),
];

/// Every line of the help at a given width.
pub fn help_lines(keys: &KeyBindings, theme: Theme, width: u16) -> Vec<Line<'static>> {
    let mut out = vec![Line::styled("How to play", theme.ui(Ui::Title))];
    for paragraph in RULES {
        let text = paragraph
            .replace("{B}", &theme.stone(Color::Black).to_string())
            .replace("{W}", &theme.stone(Color::White).to_string())
            .replace("{ghost}", &theme.ghost(Color::Black).to_string())
            .replace("{fill}", &theme.marker(Marker::PreviewFill).to_string())
            .replace("{hint}", &theme.marker(Marker::Hint).to_string())
            .replace(
                "{capture}",
                &theme.marker(Marker::PreviewCapture).to_string(),
            )
            .replace("{last}", &theme.marker(Marker::LastPlaced).to_string())
            .replace("{escort}", &theme.marker(Marker::Escort).to_string())
            .replace("{threat}", &theme.marker(Marker::Threatened).to_string());
        out.extend(wrap(&text, width, theme.ui(Ui::Text)));
        out.push(Line::default());
    }
    let mut listed: Vec<*const Binding> = Vec::new();
    for &(title, contexts) in SECTIONS {
        out.push(Line::styled(format!("Keys: {title}"), theme.ui(Ui::Title)));
        // Bindings that say the same thing share a line (← and → in text).
        let mut rows: Vec<(Vec<String>, &str)> = Vec::new();
        let section = contexts.iter().flat_map(|&c| keys.in_context(c));
        for (binding, bound) in section {
            if listed.contains(&std::ptr::from_ref(binding)) {
                continue;
            }
            listed.push(binding);
            let labels = bound.iter().map(|&k| key_label(k, theme));
            match rows.iter_mut().find(|(_, help)| *help == binding.help) {
                Some((shown, _)) => shown.extend(labels),
                None => rows.push((labels.collect(), binding.help)),
            }
        }
        for (keys, help) in rows {
            let keys = format!("  {:<KEYS_WIDTH$} ", keys.join(" "));
            let indent = keys.chars().count();
            let text_width = usize::from(width).saturating_sub(indent).max(10);
            let wrapped = wrap(
                help,
                u16::try_from(text_width).unwrap_or(u16::MAX),
                theme.ui(Ui::Text),
            );
            for (i, line) in wrapped.into_iter().enumerate() {
                let lead = if i == 0 {
                    Span::styled(keys.clone(), theme.ui(Ui::Key))
                } else {
                    Span::raw(" ".repeat(indent))
                };
                let mut spans = vec![lead];
                spans.extend(line.spans);
                out.push(Line::from(spans));
            }
        }
        out.push(Line::default());
    }
    out
}

/// A scrolling text's area and the line under it for keys, in a box at
/// most `width` wide on a terminal of `area`.
pub fn page_boxes(area: Rect, width: u16) -> (Rect, Rect) {
    let outer = centred(area, width, area.height.saturating_sub(2));
    let inner = Rect::new(
        outer.x + 2,
        outer.y + 1,
        outer.width.saturating_sub(4),
        outer.height.saturating_sub(3),
    );
    (inner, Rect::new(inner.x, inner.bottom(), inner.width, 1))
}

/// How far `total` lines scroll in a text area `height` rows high.
pub fn max_scroll(total: usize, height: u16) -> u16 {
    u16::try_from(total.saturating_sub(usize::from(height))).unwrap_or(u16::MAX)
}

/// How far the help can scroll on a terminal of this size.
pub fn help_max_scroll(keys: &KeyBindings, theme: Theme, area: Rect) -> u16 {
    let (body, _) = page_boxes(area, HELP_WIDTH);
    max_scroll(help_lines(keys, theme, body.width).len(), body.height)
}

/// Where the results stand on a terminal of this size, with the recent
/// game `selected` chosen: how far they scroll, the rows of the game chosen
/// (its line and its file's), and the rows shown.
pub struct ResultsView {
    pub max_scroll: u16,
    pub chosen_top: u16,
    pub chosen_bottom: u16,
    pub height: u16,
}

pub fn results_view(
    theme: Theme,
    results: Option<&ResultsRead>,
    file: Option<PathBuf>,
    selected: usize,
    area: Rect,
) -> ResultsView {
    let (body, _) = page_boxes(area, RESULTS_WIDTH);
    let lines = results_lines(theme, results, file, selected, body.width);
    let row = |i: usize| u16::try_from(i).unwrap_or(u16::MAX);
    // As `summary_lines` lays them out: the players' table, a blank line
    // and a title, then each game's line and its file's.
    let (top, bottom) = match results {
        Some(Ok((summary, _))) if !summary.players.is_empty() => {
            let rows = |row: &ResultRow| {
                1 + usize::from(row.record.as_ref().and_then(|p| p.file_name()).is_some())
            };
            let before: usize = summary.recent.iter().take(selected).map(rows).sum();
            let top = summary.players.len() + 3 + before;
            let own = summary.recent.get(selected).map_or(0, rows);
            (top, top + own)
        }
        _ => (0, 0),
    };
    ResultsView {
        max_scroll: max_scroll(lines.len(), body.height),
        chosen_top: row(top),
        chosen_bottom: row(bottom),
        height: body.height,
    }
}

const NAME_WIDTH: usize = 24;

/// Every line of the results screen at a given width: `results` as read
/// from `file`, the recent game `selected` chosen.
pub fn results_lines(
    theme: Theme,
    results: Option<&ResultsRead>,
    file: Option<PathBuf>,
    selected: usize,
    width: u16,
) -> Vec<Line<'static>> {
    match results {
        Some(Ok((summary, problems))) => {
            let mut out = summary_lines(theme, summary, selected, width);
            if !problems.is_empty() {
                out.push(Line::default());
                let file = file.map(|f| f.display().to_string()).unwrap_or_default();
                out.extend(wrap(
                    &format!("Lines of {file} that could not be read (kept as they are):"),
                    width,
                    theme.ui(Ui::Warning),
                ));
                for problem in problems {
                    out.extend(wrap(problem, width, theme.ui(Ui::Warning)));
                }
            }
            out
        }
        Some(Err(e)) => wrap(
            &format!("The results cannot be read: {e}."),
            width,
            theme.ui(Ui::Error),
        ),
        None => Vec::new(),
    }
}

fn summary_lines(
    theme: Theme,
    summary: &Summary,
    selected: usize,
    width: u16,
) -> Vec<Line<'static>> {
    let mut out = Vec::new();
    if summary.players.is_empty() {
        out.extend(wrap(
            "No finished games yet: every game won here is added.",
            width,
            theme.ui(Ui::Dim),
        ));
    } else {
        out.push(Line::styled(
            format!("{:<NAME_WIDTH$} {:>6} {:>6}", "Wins", "games", "wins"),
            theme.ui(Ui::Title),
        ));
        for tally in &summary.players {
            let name: String = tally.name.chars().take(NAME_WIDTH).collect();
            out.push(Line::styled(
                format!("{name:<NAME_WIDTH$} {:>6} {:>6}", tally.games, tally.wins),
                theme.ui(Ui::Text),
            ));
        }
        out.push(Line::default());
        out.push(Line::styled(
            "Recent games, newest first",
            theme.ui(Ui::Title),
        ));
        for (i, row) in summary.recent.iter().enumerate() {
            out.push(recent_line(theme, row, i == selected));
            if let Some(file) = row.record.as_ref().and_then(|p| p.file_name()) {
                // Cut to the line, never wrapped: a name reads as one word.
                let room = usize::from(width).saturating_sub(FILE_INDENT);
                out.push(Line::styled(
                    format!("{:FILE_INDENT$}{}", "", cut(&file.to_string_lossy(), room)),
                    theme.ui(Ui::Dim),
                ));
            }
        }
    }
    out
}

/// Where a recent game's file name starts: under its result.
const FILE_INDENT: usize = 19;

/// `▸ 2024-02-29 13:05  Ann (White) beat Bob · 23 moves`, the pointer on
/// the game `chosen`.
fn recent_line(theme: Theme, row: &ResultRow, chosen: bool) -> Line<'static> {
    let winner = row.winner_player();
    let loser = &row.names[winner.other().index()];
    let mut text = format!(
        "{} ({}) beat {loser}{}{}",
        row.winner_name(),
        row.winner,
        theme.dot(),
        count(row.moves, "move")
    );
    if row.swapped {
        text.push_str(&format!("{}swapped", theme.dot()));
    }
    let (pointer, style) = if chosen {
        (theme.sym("▸ ", "> "), theme.ui(Ui::Selected))
    } else {
        ("  ", theme.ui(Ui::Text))
    };
    Line::from(vec![
        Span::styled(pointer, theme.ui(Ui::Accent)),
        Span::styled(format!("{}  ", short_date(row.date)), theme.ui(Ui::Dim)),
        Span::styled(text, style),
    ])
}

/// `2024-02-29 13:05`.
pub fn short_date(time: Timestamp) -> String {
    let (y, mo, d, h, mi, _) = time.civil();
    format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}")
}
