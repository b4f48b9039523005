//! Tournaments on the wire (docs/protocol.md, "Tournaments"): their kinds
//! and stages, what a player sends to create one, and what the server
//! shows of them (the list, one tournament's standings and rounds, a
//! pairing). The server's pairing and scoring are in
//! `server::lobby::tournament`; this file holds only what both sides read.

use serde::{Deserialize, Serialize};

use super::terms::{Pace, Terms, TermsError};
pub use super::typed::{GameId, TournamentId};

/// A tournament's name: 1 to this many characters.
pub const MAX_NAME: usize = 40;
/// A swiss's rounds: 1 to this.
pub const MAX_ROUNDS: u32 = 15;
/// An arena's length in minutes: 1 to this.
pub const MAX_ARENA_MINUTES: u32 = 720;
/// Entrants of one tournament, at most: its standings and rounds always
/// fit one message.
pub const MAX_ENTRANTS: usize = 64;
/// Games one tournament's page carries, at most (the newest; older
/// rounds are left out first).
pub const MAX_PAGE_GAMES: usize = 300;
/// A tournament made by a player starts within this many seconds (30 days).
pub const MAX_START_DELAY_S: u32 = 30 * 24 * 3600;

/// The three kinds of tournament (docs/server.md, "Tournaments").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Swiss,
    Arena,
    League,
}

/// Where a tournament is in its life.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Upcoming,
    Running,
    Finished,
}

/// A word this program does not know for a kind or a stage.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("\"{0}\" is not one of {1}")]
pub struct UnknownWord(pub String, pub &'static str);

impl Kind {
    pub const ALL: [Kind; 3] = [Kind::Swiss, Kind::Arena, Kind::League];

    pub const fn name(self) -> &'static str {
        match self {
            Kind::Swiss => "swiss",
            Kind::Arena => "arena",
            Kind::League => "league",
        }
    }
}

impl std::fmt::Display for Kind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Kind {
    type Err = UnknownWord;

    fn from_str(word: &str) -> Result<Kind, UnknownWord> {
        Kind::ALL
            .into_iter()
            .find(|k| k.name() == word)
            .ok_or_else(|| UnknownWord(word.to_string(), "swiss, arena, league"))
    }
}

impl Stage {
    pub const ALL: [Stage; 3] = [Stage::Upcoming, Stage::Running, Stage::Finished];

    pub const fn name(self) -> &'static str {
        match self {
            Stage::Upcoming => "upcoming",
            Stage::Running => "running",
            Stage::Finished => "finished",
        }
    }
}

impl std::fmt::Display for Stage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Stage {
    type Err = UnknownWord;

    fn from_str(word: &str) -> Result<Stage, UnknownWord> {
        Stage::ALL
            .into_iter()
            .find(|s| s.name() == word)
            .ok_or_else(|| UnknownWord(word.to_string(), "upcoming, running, finished"))
    }
}

/// A tournament a player asks the server to make (`Ask::CreateTournament`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentSpec {
    pub name: String,
    pub kind: Kind,
    pub terms: Terms,
    /// A swiss's rounds (only a swiss has them).
    #[serde(default)]
    pub rounds: Option<u32>,
    /// An arena's length (only an arena has one).
    #[serde(default)]
    pub minutes: Option<u32>,
    /// Seconds from now to the start: 0 to [`MAX_START_DELAY_S`].
    pub starts_in_s: u32,
    /// Whether the server's bots enter it.
    #[serde(default)]
    pub bots: bool,
}

/// Why a tournament's spec is refused: the words a player reads.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SpecError {
    #[error("a tournament's name has 1 to {MAX_NAME} characters")]
    Name,
    #[error(transparent)]
    Terms(#[from] TermsError),
    #[error("a swiss has 1 to {MAX_ROUNDS} rounds")]
    Rounds,
    #[error("an arena lasts 1 to {MAX_ARENA_MINUTES} minutes")]
    Minutes,
    #[error("only a swiss has rounds, only an arena has minutes")]
    Misplaced,
    #[error("an arena is played on a clock, not in days a move")]
    ArenaInDays,
    #[error("a league is played in days a move, not on a clock")]
    LeagueOnClock,
    #[error("a tournament starts within 30 days")]
    Start,
}

impl TournamentSpec {
    /// The spec as the server takes it, or why not; the operator's file
    /// (`--tournaments`) is held to the same rule.
    pub fn check(&self) -> Result<(), SpecError> {
        check_shape(
            &self.name,
            self.kind,
            &self.terms,
            self.rounds,
            self.minutes,
        )?;
        if self.starts_in_s > MAX_START_DELAY_S {
            return Err(SpecError::Start);
        }
        Ok(())
    }
}

/// The rule a tournament's name, kind, terms, rounds and minutes keep,
/// wherever the tournament comes from.
pub fn check_shape(
    name: &str,
    kind: Kind,
    terms: &Terms,
    rounds: Option<u32>,
    minutes: Option<u32>,
) -> Result<(), SpecError> {
    let chars = name.trim().chars().count();
    if chars == 0 || chars > MAX_NAME || name.chars().any(char::is_control) {
        return Err(SpecError::Name);
    }
    terms.check()?;
    match (kind, terms.pace) {
        (Kind::Arena, Pace::Days(_)) => return Err(SpecError::ArenaInDays),
        (Kind::League, Pace::Clock { .. }) => return Err(SpecError::LeagueOnClock),
        _ => {}
    }
    match (kind, rounds, minutes) {
        (Kind::Swiss, Some(r), None) if (1..=MAX_ROUNDS).contains(&r) => Ok(()),
        (Kind::Swiss, _, None) => Err(SpecError::Rounds),
        (Kind::Arena, None, Some(m)) if (1..=MAX_ARENA_MINUTES).contains(&m) => Ok(()),
        (Kind::Arena, None, _) => Err(SpecError::Minutes),
        (Kind::League, None, None) => Ok(()),
        _ => Err(SpecError::Misplaced),
    }
}

/// A tournament in the list (`Answer::Tournaments`, `Push::Tournaments`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentSummary {
    pub id: TournamentId,
    pub name: String,
    pub kind: Kind,
    pub stage: Stage,
    pub terms: Terms,
    #[serde(default)]
    pub rounds: Option<u32>,
    #[serde(default)]
    pub minutes: Option<u32>,
    /// Milliseconds since 1970.
    pub starts_ms: i64,
    /// Entrants not withdrawn.
    pub entrants: u32,
    /// The round being played (swiss, league: a season's round), 0 before
    /// the first; an arena's games started so far.
    pub round: u32,
    /// Who made it; `None`: the server's schedule.
    #[serde(default)]
    pub by: Option<String>,
    #[serde(default)]
    pub bots: bool,
}

/// One line of a tournament's standings, best first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentStanding {
    /// 1 first; players equal on points and every tie-break share a rank.
    pub rank: u32,
    pub name: String,
    #[serde(default)]
    pub bot: bool,
    pub points: u32,
    /// In the order of [`TournamentPage::tie_breaks`].
    #[serde(default)]
    pub tie_breaks: Vec<u32>,
    pub games: u32,
    /// An arena's streak: wins in a row that double the next win's points.
    #[serde(default)]
    pub streak: u32,
    /// An arena's entrant who asked not to be paired for now.
    #[serde(default)]
    pub paused: bool,
    #[serde(default)]
    pub withdrawn: bool,
    /// A league's group, 1 the top one.
    #[serde(default)]
    pub group: Option<u32>,
}

/// A game of a tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentGame {
    pub white: String,
    pub black: String,
    /// The lobby's game, once started (to watch it).
    #[serde(default)]
    pub game: Option<GameId>,
    pub finished: bool,
    /// The winner's name once finished; `None` for a game nobody won.
    #[serde(default)]
    pub winner: Option<String>,
}

/// One round's pairings: a swiss's or a league's round; an arena's games
/// are one round numbered 1, in the order they started.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentRound {
    pub round: u32,
    /// Who sat out this round (a point, in a swiss).
    #[serde(default)]
    pub bye: Option<String>,
    pub games: Vec<TournamentGame>,
}

/// One tournament's page: its standings and rounds (`Answer::Tournament`,
/// and `Push::Tournament` to its entrants and followers on every change).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TournamentPage {
    pub summary: TournamentSummary,
    /// The tie-breaks' names, in order: a swiss's "Buchholz" and
    /// "Sonneborn-Berger", a league's "Sonneborn-Berger", none in an arena.
    #[serde(default)]
    pub tie_breaks: Vec<String>,
    pub standings: Vec<TournamentStanding>,
    /// Oldest first; at most [`MAX_PAGE_GAMES`] games in all.
    pub rounds: Vec<TournamentRound>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Variant;

    fn spec(kind: Kind, pace: Pace, rounds: Option<u32>, minutes: Option<u32>) -> TournamentSpec {
        TournamentSpec {
            name: "Quick swiss".into(),
            kind,
            terms: Terms {
                size: 5,
                variant: Variant::Revised,
                pie: false,
                pace,
                rated: true,
            },
            rounds,
            minutes,
            starts_in_s: 3,
            bots: true,
        }
    }

    const CLOCK: Pace = Pace::Clock {
        minutes: 1,
        increment: 1,
    };

    #[test]
    fn each_kind_keeps_its_own_shape() {
        assert_eq!(spec(Kind::Swiss, CLOCK, Some(2), None).check(), Ok(()));
        assert_eq!(spec(Kind::Arena, CLOCK, None, Some(30)).check(), Ok(()));
        assert_eq!(
            spec(Kind::League, Pace::Days(3), None, None).check(),
            Ok(())
        );
        assert_eq!(
            spec(Kind::Swiss, CLOCK, None, None).check(),
            Err(SpecError::Rounds)
        );
        assert_eq!(
            spec(Kind::Swiss, CLOCK, Some(MAX_ROUNDS + 1), None).check(),
            Err(SpecError::Rounds)
        );
        assert_eq!(
            spec(Kind::Arena, Pace::Days(1), None, Some(30)).check(),
            Err(SpecError::ArenaInDays)
        );
        assert_eq!(
            spec(Kind::League, CLOCK, None, None).check(),
            Err(SpecError::LeagueOnClock)
        );
        assert_eq!(
            spec(Kind::League, Pace::Days(3), Some(2), None).check(),
            Err(SpecError::Misplaced)
        );
        let mut late = spec(Kind::Swiss, CLOCK, Some(2), None);
        late.starts_in_s = MAX_START_DELAY_S + 1;
        assert_eq!(late.check(), Err(SpecError::Start));
        let mut nameless = spec(Kind::Swiss, CLOCK, Some(2), None);
        nameless.name = "  ".into();
        assert_eq!(nameless.check(), Err(SpecError::Name));
    }

    #[test]
    fn kinds_and_stages_read_back_their_names() {
        for kind in Kind::ALL {
            assert_eq!(kind.name().parse(), Ok(kind));
        }
        for stage in Stage::ALL {
            assert_eq!(stage.name().parse(), Ok(stage));
        }
        assert!("knockout".parse::<Kind>().is_err());
    }
}
