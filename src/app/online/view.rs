//! The Online screen drawn: a page in a box (its tabs, its rows, how the
//! connection stands), the keys under it, and a form over it when one is
//! open.

use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use strum::VariantArray;

use super::form_view;
use super::lists_view::rows;
use super::page::{OnlinePage, PageForm, Tab};
use super::state::Link;
use crate::app::action::Action;
use crate::app::keys::keymap::Context;
use crate::app::ui::page::{self, Page};
use crate::app::ui::pages::page_boxes;
use crate::app::ui::scene::Scene;
use crate::app::ui::shorten::shorten;
use crate::app::ui::theme::Ui;
use crate::app::ui::wrap::wrap;

/// The widest the page is drawn.
const WIDTH: u16 = 100;
/// Lines above the rows: the tabs, the connection, a blank line, the heading.
const ABOVE_ROWS: usize = 4;

const ONLINE: Page = Page {
    title: "Online",
    width: WIDTH,
    context: Context::Online,
};

pub fn render(scene: &Scene<'_>, page: &OnlinePage, area: Rect, buf: &mut Buffer) {
    let (body, _) = page_boxes(area, WIDTH);
    // The row chosen stays in sight (the Tournaments page: its line).
    let selected = match page.tab {
        Tab::Tournaments => {
            let (_, at) = super::tournament_view::lines(scene, page, body.width);
            at.saturating_sub(1)
        }
        _ => page.selected,
    };
    let visible = usize::from(body.height).saturating_sub(ABOVE_ROWS).max(1);
    let scroll = selected.saturating_sub(visible - 1);
    let scroll = u16::try_from(scroll).unwrap_or(u16::MAX);
    let lines = |width: u16| page_lines(scene, page, width);
    page::render(scene, &ONLINE, scroll, lines, area, buf);
    match &page.form {
        Some(PageForm::Connect(form)) => form_view::connect(scene, form, area, buf),
        Some(PageForm::Seek(form)) => form_view::seek(scene, form, area, buf),
        Some(PageForm::Rename(form)) => super::rename_view::render(scene, form, area, buf),
        Some(PageForm::Tournament(form)) => {
            super::tournament_form_view::render(scene, form, area, buf);
        }
        Some(PageForm::Bots(picker)) => super::bot_picker_view::render(scene, picker, area, buf),
        None => {}
    }
}

/// The tabs, the connection, the page's rows (scrolling keeps the tabs
/// only when nothing is chosen below them).
fn page_lines(scene: &Scene<'_>, page: &OnlinePage, width: u16) -> Vec<Line<'static>> {
    let theme = scene.theme();
    // The full titles, or where they do not fit the short ones, closer.
    let full: usize = Tab::VARIANTS
        .iter()
        .map(|t| t.title().chars().count() + 3)
        .sum();
    let short = full > usize::from(width) + 3;
    let mut tabs = Vec::new();
    for (i, tab) in Tab::VARIANTS.iter().enumerate() {
        if i > 0 {
            let bar = if short { "│" } else { " │ " };
            tabs.push(Span::styled(bar, theme.ui(Ui::Dim)));
        }
        let style = if *tab == page.tab {
            theme.ui(Ui::Selected)
        } else {
            theme.ui(Ui::Text)
        };
        let title = if short { tab.short() } else { tab.title() };
        tabs.push(Span::styled(title.to_string(), style));
    }
    let online = &scene.remote.online;
    let (state, tone) = match &online.link {
        Link::Up { server, .. } => {
            let me = online
                .me
                .as_deref()
                .unwrap_or("a guest (no name: looking only)");
            let n = online.players.len();
            let key = format!(
                " {} disconnects.",
                crate::app::keys::keymap::key_for(
                    scene.keys(),
                    Context::Online,
                    Action::Disconnect,
                    scene.theme()
                )
            );
            let full = format!("Connected to {server} as {me}; {n} online.{key}");
            // Narrow: closer, the key kept in sight.
            let text = if full.chars().count() <= usize::from(width) {
                full
            } else {
                let room = usize::from(width).saturating_sub(key.chars().count());
                shorten(&format!("{me} on {server}, {n} online;"), room) + &key
            };
            (text, Ui::Good)
        }
        Link::Connecting { server, .. } => (format!("Connecting to {server}…"), Ui::Text),
        Link::Lost { server, why, .. } => {
            let why = why.trim_end_matches('.');
            (format!("Lost {server}: {why}. Trying again…"), Ui::Warning)
        }
        Link::Off => ("Not connected.".to_string(), Ui::Dim),
    };
    let mut lines = vec![
        Line::from(tabs),
        Line::from(Span::styled(
            shorten(&state, usize::from(width)),
            theme.ui(tone),
        )),
        Line::default(),
    ];
    if page.tab == Tab::Tournaments {
        let (tournaments, _) = super::tournament_view::lines(scene, page, width);
        lines.extend(tournaments);
        return lines;
    }
    let (heading, items) = rows(scene, page, width);
    lines.extend(wrap(&heading, width, theme.ui(Ui::Title)));
    if items.is_empty() {
        lines.push(Line::from(Span::styled(
            empty_text(page.tab),
            theme.ui(Ui::Dim),
        )));
    }
    for (i, text) in items.into_iter().enumerate() {
        let style = if i == page.selected {
            theme.ui(Ui::Selected)
        } else {
            theme.ui(Ui::Text)
        };
        lines.push(Line::from(Span::styled(text, style)));
    }
    lines
}

fn empty_text(tab: Tab) -> &'static str {
    match tab {
        Tab::Seeks => "No open seek: offer a game.",
        Tab::Mine => "No game of yours in progress.",
        Tab::Games => "No game in progress.",
        Tab::Players => "Nobody online.",
        Tab::Leaderboard => "Nobody rated yet in these rules.",
        Tab::Archive => "No finished game.",
        Tab::Tournaments => "No tournament yet.",
    }
}
