//! The Tournaments page drawn: the list by stage (upcoming, running,
//! finished), or one tournament's page (what it is, the keys that act on
//! it, its standings with their tie-breaks named, its rounds newest first
//! with their games). Pure: lines from the scene, and which of them the
//! cursor stands on, to keep in sight.

use ratatui::text::{Line, Span};

use super::lists_view::{named, terms_text};
use super::page::OnlinePage;
use super::tournament_keys::open_to_entries;
use super::tournaments::Tournaments;
use crate::app::action::Action;
use crate::app::keys::keymap::{Context, key_for};
use crate::app::ui::pages::short_date;
use crate::app::ui::scene::Scene;
use crate::app::ui::theme::{Theme, Ui};
use crate::app::ui::wrap::wrap;
use crate::online::tournaments::{
    Kind, Stage, TournamentGame, TournamentPage, TournamentStanding, TournamentSummary,
};
use crate::storage::Timestamp;

/// The page's lines at `width`, and the index of the line the cursor is on.
pub fn lines(scene: &Scene<'_>, page: &OnlinePage, width: u16) -> (Vec<Line<'static>>, usize) {
    let tournaments = &scene.remote.online.tournaments;
    let key = |action| key_for(scene.keys(), Context::Online, action, scene.theme());
    let mut out = Lines {
        lines: Vec::new(),
        width,
        theme: scene.theme(),
        at: 0,
    };
    match (tournaments.open(), tournaments.page()) {
        (None, _) => list(&mut out, tournaments, page.selected, &key),
        (Some(id), None) => {
            out.wrapped(&format!("Tournament #{id}"), Ui::Title);
            out.wrapped("Asking the server for its standings and rounds…", Ui::Dim);
        }
        (Some(_), Some(shown)) => {
            let me = scene.remote.online.me.as_deref();
            tournament(&mut out, tournaments, shown, me, page.selected, &key);
        }
    }
    (out.lines, out.at)
}

/// Lines being built, cut to the width, and where the cursor's line is.
struct Lines {
    lines: Vec<Line<'static>>,
    width: u16,
    theme: Theme,
    at: usize,
}

impl Lines {
    fn wrapped(&mut self, text: &str, ui: Ui) {
        self.lines.extend(wrap(text, self.width, self.theme.ui(ui)));
    }

    /// A row the cursor may stand on.
    fn row(&mut self, text: String, chosen: bool, ui: Ui) {
        if chosen {
            self.at = self.lines.len();
        }
        let ui = if chosen { Ui::Selected } else { ui };
        let text: String = text.chars().take(usize::from(self.width)).collect();
        self.lines
            .push(Line::from(Span::styled(text, self.theme.ui(ui))));
    }

    fn blank(&mut self) {
        self.lines.push(Line::default());
    }
}

fn list(out: &mut Lines, t: &Tournaments, selected: usize, key: &dyn Fn(Action) -> String) {
    let (enter, new) = (key(Action::Submit), key(Action::NewGame));
    if let Some(why) = t.refused() {
        out.wrapped("Tournaments", Ui::Title);
        out.wrapped(&super::form::sentence(why), Ui::Dim);
        return;
    }
    out.wrapped(
        &format!("Tournaments: {enter} opens one (standings and rounds), {new} makes one"),
        Ui::Title,
    );
    if t.list().is_empty() {
        out.wrapped(&format!("No tournament yet: {new} makes one."), Ui::Dim);
        return;
    }
    let mut stage = None;
    for (i, summary) in t.list().iter().enumerate() {
        if stage != Some(summary.stage) {
            stage = Some(summary.stage);
            out.wrapped(stage_title(summary.stage), Ui::Accent);
        }
        out.row(summary_line(summary), i == selected, Ui::Text);
    }
}

const fn stage_title(stage: Stage) -> &'static str {
    match stage {
        Stage::Upcoming => "Upcoming",
        Stage::Running => "Running",
        Stage::Finished => "Finished",
    }
}

/// `2026-11-30 12:30 UTC`.
fn when(ms: i64) -> String {
    format!(
        "{} UTC",
        short_date(Timestamp::from_unix_seconds(ms.div_euclid(1000)))
    )
}

/// Where it stands: "starts 2026-11-30 12:30 UTC", "round 1 of 2",
/// "12 games so far", "finished".
fn progress(t: &TournamentSummary) -> String {
    match (t.stage, t.kind) {
        (Stage::Upcoming, _) => format!("starts {}", when(t.starts_ms)),
        (Stage::Running, Kind::Swiss) => {
            format!("round {} of {}", t.round, t.rounds.unwrap_or(t.round))
        }
        (Stage::Running, Kind::Arena) => format!("{} games so far", t.round),
        (Stage::Running, Kind::League) => format!("round {}", t.round),
        (Stage::Finished, _) => "finished".into(),
    }
}

/// "2 rounds", "30 minutes", "a season".
fn length(t: &TournamentSummary) -> String {
    match (t.kind, t.rounds, t.minutes) {
        (Kind::Swiss, Some(1), _) => "1 round".into(),
        (Kind::Swiss, Some(n), _) => format!("{n} rounds"),
        (Kind::Arena, _, Some(m)) => format!("{m} minutes"),
        _ => "a season".into(),
    }
}

fn entrants(n: u32) -> String {
    if n == 1 {
        "1 player".into()
    } else {
        format!("{n} players")
    }
}

/// `#3    Quick swiss          swiss   round 1 of 2  4 players  5×5 revised 1+1 rated  2 rounds`:
/// where it stands first, what it is after.
fn summary_line(t: &TournamentSummary) -> String {
    format!(
        "#{:<4} {:<20} {:<7} {}  {}  {}  {}",
        t.id.to_string(),
        t.name,
        t.kind.name(),
        progress(t),
        entrants(t.entrants),
        terms_text(&t.terms),
        length(t),
    )
}

fn tournament(
    out: &mut Lines,
    t: &Tournaments,
    shown: &TournamentPage,
    me: Option<&str>,
    selected: usize,
    key: &dyn Fn(Action) -> String,
) {
    let s = &shown.summary;
    out.wrapped(
        &format!(
            "#{} {}: {} {}, {}",
            s.id,
            s.name,
            s.stage,
            s.kind,
            progress(s)
        ),
        Ui::Title,
    );
    let mut about = format!(
        "{}, {}, {}; starts {}",
        terms_text(&s.terms),
        length(s),
        entrants(s.entrants),
        when(s.starts_ms)
    );
    if let Some(by) = &s.by {
        about.push_str(&format!("; made by {by}"));
    }
    if s.bots {
        about.push_str("; the server's bots enter");
    }
    out.wrapped(&format!("{about}."), Ui::Text);
    out.wrapped(&keys_line(t, s, me, key), Ui::Dim);
    out.blank();
    standings(out, shown, selected);
    let mut index = shown.standings.len();
    for round in shown.rounds.iter().rev() {
        out.blank();
        out.wrapped(
            &format!("Round {} (Black – White)", round.round),
            Ui::Accent,
        );
        for game in &round.games {
            out.row(game_line(game, me), index == selected, Ui::Text);
            index += 1;
        }
        if let Some(bye) = &round.bye {
            out.row(format!("  bye: {bye}"), false, Ui::Dim);
        }
    }
}

/// What the player can do here, with the keys.
fn keys_line(
    t: &Tournaments,
    s: &TournamentSummary,
    me: Option<&str>,
    key: &dyn Fn(Action) -> String,
) -> String {
    let back = key(Action::Close);
    let enter = key(Action::Submit);
    let mine = t.my_standing(me);
    let act = match (mine, me) {
        (_, None) => "Connect with a name to enter it.".to_string(),
        (Some(_), _) if s.stage == Stage::Finished => "You played in it.".to_string(),
        (Some(standing), _) if s.kind == Kind::Arena => {
            let pause = if standing.paused { "resumes" } else { "pauses" };
            format!(
                "You are in: {} {pause} your games, {} withdraws you.",
                key(Action::PauseTournament),
                key(Action::CancelSeek)
            )
        }
        (Some(_), _) if s.stage == Stage::Upcoming => {
            format!("You are in: {} withdraws you.", key(Action::CancelSeek))
        }
        (Some(_), _) => format!(
            "You are in: {} withdraws you from the next round.",
            key(Action::CancelSeek)
        ),
        (None, _) if open_to_entries(s.stage, s.kind) => {
            format!("{} enters you.", key(Action::JoinTournament))
        }
        (None, _) => "Entries are closed.".to_string(),
    };
    format!(
        "{act} {enter} on a game watches it, on a player shows their games; {back} goes back to the list."
    )
}

fn standings(out: &mut Lines, shown: &TournamentPage, selected: usize) {
    let heads: Vec<&str> = shown.tie_breaks.iter().map(String::as_str).collect();
    let mut head = format!("{:>4} {:<22} {:>6}", "", "Standings", "Points");
    for name in &heads {
        head.push_str(&format!("  {name}"));
    }
    head.push_str("  Games");
    out.row(head, false, Ui::Accent);
    if shown.standings.is_empty() {
        out.wrapped("Nobody has entered yet.", Ui::Dim);
    }
    for (i, standing) in shown.standings.iter().enumerate() {
        out.row(standing_line(standing, &heads), i == selected, Ui::Text);
    }
}

/// `  1. ann                        4  3  4  2`: each tie-break under its name.
fn standing_line(s: &TournamentStanding, heads: &[&str]) -> String {
    let mut line = format!(
        "{:>3}. {:<22} {:>6}",
        s.rank,
        named(&s.name, s.bot),
        s.points
    );
    for (head, value) in heads.iter().zip(&s.tie_breaks) {
        let width = head.chars().count();
        line.push_str(&format!("  {value:>width$}"));
    }
    line.push_str(&format!("  {:>5}", s.games));
    let mut notes = Vec::new();
    if s.streak > 0 {
        notes.push(format!("streak {}", s.streak));
    }
    if let Some(group) = s.group {
        notes.push(format!("group {group}"));
    }
    if s.paused {
        notes.push("paused".into());
    }
    if s.withdrawn {
        notes.push("withdrawn".into());
    }
    if !notes.is_empty() {
        line.push_str(&format!("  {}", notes.join(", ")));
    }
    line
}

/// `  #12   ann – bob  ann wins`, one's own marked.
fn game_line(g: &TournamentGame, me: Option<&str>) -> String {
    let number = g
        .game
        .map_or_else(|| "-".to_string(), |game| format!("#{game}"));
    let state = match (&g.winner, g.finished, g.game) {
        (Some(winner), _, _) => format!("{winner} wins"),
        (None, true, _) => "nobody won".into(),
        (None, false, Some(_)) => "playing".into(),
        (None, false, None) => "not started".into(),
    };
    let yours = if me.is_some_and(|me| me == g.black || me == g.white) {
        "  (yours)"
    } else {
        ""
    };
    format!("  {number:<6} {} – {}  {state}{yours}", g.black, g.white)
}
