//! The Tournaments page's state, kept in the online part: the list the
//! server sent (or why it sent none), the tournament whose page is open
//! (followed: its changes come as pushes), and the last pairing told, to
//! say when its game starts. Its keys are `tournament_keys.rs`, its view
//! `tournament_view.rs`, its form `tournament_form.rs`.

use crate::online::protocol::GameId;
use crate::online::tournaments::{
    Kind, Stage, TournamentGame, TournamentId, TournamentPage, TournamentStanding,
    TournamentSummary,
};

/// A row of an open tournament's page that the cursor can stand on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PageRow<'a> {
    /// A line of the standings: Enter shows that player's games.
    Standing(&'a TournamentStanding),
    /// A game of a round: Enter watches it.
    Game(&'a TournamentGame),
}

/// A pairing told by the server (`Push::Paired`), said again when its
/// game starts.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Paired {
    game: GameId,
    /// "Your game of Quick swiss round 2 against bob starts".
    text: String,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tournaments {
    /// Upcoming, then running, then finished; each by its start.
    list: Vec<TournamentSummary>,
    /// Why the server sent no list (a server without tournaments).
    refused: Option<String>,
    /// Whether the list was asked for on this connection.
    asked: bool,
    /// The tournament whose page is open, and its page once it came.
    open: Option<TournamentId>,
    page: Option<TournamentPage>,
    paired: Option<Paired>,
}

impl Tournaments {
    pub fn list(&self) -> &[TournamentSummary] {
        &self.list
    }

    /// Why the server holds no list for this player, as it said.
    pub fn refused(&self) -> Option<&str> {
        self.refused.as_deref()
    }

    /// Whether the list must be asked for (once per connection).
    pub(super) fn first_ask(&mut self) -> bool {
        !std::mem::replace(&mut self.asked, true)
    }

    /// A new connection: everything asked again.
    pub(super) fn forget(&mut self) {
        *self = Tournaments::default();
    }

    /// The list as the server sent it (an answer or a push).
    pub(super) fn take_list(&mut self, mut list: Vec<TournamentSummary>) {
        let stage = |s: Stage| Stage::ALL.iter().position(|&x| x == s);
        list.sort_by_key(|t| (stage(t.stage), t.starts_ms, t.id));
        if let Some(page) = &mut self.page
            && let Some(summary) = list.iter().find(|t| t.id == page.summary.id)
        {
            page.summary = summary.clone();
        }
        self.list = list;
        self.refused = None;
    }

    pub(super) fn refuse(&mut self, why: &str) {
        self.list.clear();
        self.refused = Some(why.to_string());
    }

    /// The tournament whose page is open.
    pub fn open(&self) -> Option<TournamentId> {
        self.open
    }

    /// The open tournament's page, once it came.
    pub fn page(&self) -> Option<&TournamentPage> {
        self.page
            .as_ref()
            .filter(|p| Some(p.summary.id) == self.open)
    }

    /// Opens `id`'s page (asked for by the caller).
    pub(super) fn show(&mut self, id: TournamentId) {
        self.open = Some(id);
        self.page = None;
    }

    /// Back to the list; the tournament that was open, to unfollow.
    pub(super) fn close(&mut self) -> Option<TournamentId> {
        self.page = None;
        self.open.take()
    }

    /// A tournament's page (an answer or a push): kept if it is the one
    /// open, its line of the list brought up to date.
    pub(super) fn take_page(&mut self, page: TournamentPage) {
        if let Some(line) = self.list.iter_mut().find(|t| t.id == page.summary.id) {
            *line = page.summary.clone();
        }
        if self.open == Some(page.summary.id) {
            self.page = Some(page);
        }
    }

    /// What the cursor can stand on: the tournaments of the list, or the
    /// open page's standings and games.
    pub fn rows(&self) -> usize {
        match (self.open, self.page()) {
            (None, _) => self.list.len(),
            (Some(_), None) => 0,
            (Some(_), Some(page)) => {
                let games: usize = page.rounds.iter().map(|r| r.games.len()).sum();
                page.standings.len() + games
            }
        }
    }

    /// The open page's rows, in the order shown: the standings, then the
    /// rounds newest first, each round's games.
    pub fn page_rows(&self) -> Vec<PageRow<'_>> {
        let Some(page) = self.page() else {
            return Vec::new();
        };
        let standings = page.standings.iter().map(PageRow::Standing);
        let games = page.rounds.iter().rev().flat_map(|r| &r.games);
        standings.chain(games.map(PageRow::Game)).collect()
    }

    /// The name of tournament `id`, if known here.
    pub fn name_of(&self, id: TournamentId) -> Option<&str> {
        let from_page = self.page.as_ref().filter(|p| p.summary.id == id);
        from_page
            .map(|p| &p.summary)
            .or_else(|| self.list.iter().find(|t| t.id == id))
            .map(|t| t.name.as_str())
    }

    /// The kind of the open tournament.
    pub fn open_kind(&self) -> Option<Kind> {
        self.page().map(|p| p.summary.kind)
    }

    /// `me`'s line of the open page's standings, not withdrawn.
    pub fn my_standing(&self, me: Option<&str>) -> Option<&TournamentStanding> {
        let me = me?;
        self.page()?
            .standings
            .iter()
            .find(|s| s.name == me && !s.withdrawn)
    }

    /// A pairing told: kept for its game's start; the text said.
    pub(super) fn paired(
        &mut self,
        tournament: TournamentId,
        against: &str,
        round: u32,
        game: GameId,
    ) -> String {
        let name = self
            .name_of(tournament)
            .map_or_else(|| format!("tournament #{tournament}"), str::to_string);
        let text = format!("Your game of {name} round {round} against {against} starts");
        self.paired = Some(Paired {
            game,
            text: text.clone(),
        });
        text
    }

    /// The pairing of `game`, if one was told: its text, said once.
    pub(super) fn started(&mut self, game: GameId) -> Option<String> {
        let paired = self.paired.take_if(|p| p.game == game)?;
        Some(paired.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Variant;
    use crate::online::protocol::{Pace, Terms};
    use crate::online::tournaments::TournamentRound;

    pub fn summary(id: u64, name: &str, stage: Stage, starts_ms: i64) -> TournamentSummary {
        TournamentSummary {
            id: TournamentId(id),
            name: name.into(),
            kind: Kind::Swiss,
            stage,
            terms: Terms {
                size: 5,
                variant: Variant::Revised,
                pie: false,
                pace: Pace::Clock {
                    minutes: 1,
                    increment: 1,
                },
                rated: true,
            },
            rounds: Some(2),
            minutes: None,
            starts_ms,
            entrants: 2,
            round: 0,
            by: None,
            bots: false,
        }
    }

    fn game(black: &str, white: &str, id: Option<u64>) -> TournamentGame {
        TournamentGame {
            white: white.into(),
            black: black.into(),
            game: id.map(GameId),
            finished: false,
            winner: None,
        }
    }

    fn page(id: u64) -> TournamentPage {
        let standing = |rank, name: &str| TournamentStanding {
            rank,
            name: name.into(),
            bot: false,
            points: 0,
            tie_breaks: vec![0, 0],
            games: 0,
            streak: 0,
            paused: false,
            withdrawn: false,
            group: None,
        };
        TournamentPage {
            summary: summary(id, "Quick swiss", Stage::Running, 0),
            tie_breaks: vec!["Buchholz".into(), "Sonneborn-Berger".into()],
            standings: vec![standing(1, "ann"), standing(1, "bob")],
            rounds: vec![
                TournamentRound {
                    round: 1,
                    bye: None,
                    games: vec![game("ann", "bob", Some(1))],
                },
                TournamentRound {
                    round: 2,
                    bye: None,
                    games: vec![game("bob", "ann", Some(2))],
                },
            ],
        }
    }

    #[test]
    fn the_list_goes_upcoming_running_finished_each_by_its_start() {
        let mut t = Tournaments::default();
        t.refuse("this server holds no tournaments yet");
        t.take_list(vec![
            summary(1, "old", Stage::Finished, 10),
            summary(2, "later", Stage::Upcoming, 50),
            summary(3, "now", Stage::Running, 5),
            summary(4, "soon", Stage::Upcoming, 20),
        ]);
        let names: Vec<&str> = t.list().iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["soon", "later", "now", "old"]);
        assert_eq!(t.refused(), None, "a list that comes clears the refusal");
        assert_eq!(t.rows(), 4);
    }

    #[test]
    fn an_open_page_keeps_only_its_own_pushes_and_lists_standings_then_newest_games() {
        let mut t = Tournaments::default();
        t.take_list(vec![summary(7, "Quick swiss", Stage::Upcoming, 0)]);
        t.show(TournamentId(7));
        assert_eq!(t.rows(), 0, "nothing to choose before the page comes");
        t.take_page(page(8));
        assert!(t.page().is_none(), "another tournament's page is not shown");
        t.take_page(page(7));
        assert_eq!(t.list()[0].stage, Stage::Running, "its line follows");
        let rows = t.page_rows();
        assert_eq!(rows.len(), 4);
        assert!(matches!(rows[0], PageRow::Standing(s) if s.name == "ann"));
        assert!(matches!(rows[2], PageRow::Game(g) if g.game == Some(GameId(2))));
        assert_eq!(t.rows(), 4);
        assert_eq!(t.my_standing(Some("bob")).map(|s| s.rank), Some(1));
        assert_eq!(t.my_standing(Some("cat")), None);
        assert_eq!(t.close(), Some(TournamentId(7)));
        assert_eq!(t.rows(), 1);
    }

    #[test]
    fn a_pairing_is_said_once_when_its_game_starts() {
        let mut t = Tournaments::default();
        t.take_list(vec![summary(7, "Quick swiss", Stage::Running, 0)]);
        let text = t.paired(TournamentId(7), "bob", 2, GameId(40));
        assert_eq!(text, "Your game of Quick swiss round 2 against bob starts");
        assert_eq!(t.started(GameId(41)), None);
        assert_eq!(t.started(GameId(40)), Some(text));
        assert_eq!(t.started(GameId(40)), None);
        let unknown = t.paired(TournamentId(9), "bob", 1, GameId(41));
        assert!(unknown.contains("tournament #9"), "{unknown}");
    }
}
