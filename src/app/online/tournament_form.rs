//! The form that makes a tournament (`n` on the Tournaments page): its
//! name typed, its kind, board, rules, pace, rounds or minutes, start,
//! rated and bots chosen with Left, Right and Space. What it sends is
//! checked first by the rule the server keeps ([`TournamentSpec::check`]),
//! its refusal said as a sentence under the rows.

use super::form::{PACES, sentence};
use crate::app::action::Edit;
use crate::app::settings::form::{cycle, step_size};
use crate::app::ui::text_input::TextInput;
use crate::core::{BoardSize, Variant};
use crate::online::protocol::{Pace, Terms};
use crate::online::tournaments::{Kind, MAX_ARENA_MINUTES, MAX_NAME, MAX_ROUNDS, TournamentSpec};

/// What the name field takes: more than a name may have, so that a name
/// too long is said so rather than stopped at the last key.
const NAME_FIELD_CHARS: usize = 2 * MAX_NAME;
/// An arena's lengths offered, in minutes.
const MINUTES: [u32; 9] = [5, 10, 15, 20, 30, 45, 60, 90, 120];
/// When it starts, in seconds from now.
const STARTS: [u32; 8] = [60, 300, 600, 1800, 3600, 3 * 3600, 24 * 3600, 7 * 24 * 3600];

/// The rows of the form, top to bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentField {
    Name,
    Kind,
    Size,
    Rules,
    Pie,
    Pace,
    /// A swiss's rounds, an arena's minutes (a league has neither).
    Length,
    Start,
    Rated,
    Bots,
}

impl TournamentField {
    pub const ALL: [TournamentField; 10] = [
        TournamentField::Name,
        TournamentField::Kind,
        TournamentField::Size,
        TournamentField::Rules,
        TournamentField::Pie,
        TournamentField::Pace,
        TournamentField::Length,
        TournamentField::Start,
        TournamentField::Rated,
        TournamentField::Bots,
    ];
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentForm {
    pub name: TextInput,
    pub kind: Kind,
    pub size: BoardSize,
    pub variant: Variant,
    pub pie: bool,
    pub pace: Pace,
    pub rounds: u32,
    pub minutes: u32,
    pub starts_in_s: u32,
    pub rated: bool,
    pub bots: bool,
    pub focus: TournamentField,
    pub error: Option<String>,
}

impl TournamentForm {
    /// A swiss on the settings' board and rules.
    pub fn new(size: BoardSize, variant: Variant, pie: bool) -> TournamentForm {
        TournamentForm {
            name: TextInput::new("", NAME_FIELD_CHARS),
            kind: Kind::Swiss,
            size,
            variant,
            pie,
            pace: PACES[2],
            rounds: 3,
            minutes: 30,
            starts_in_s: 300,
            rated: true,
            bots: false,
            focus: TournamentField::Name,
            error: None,
        }
    }

    /// The rows shown: a league has no length.
    pub fn fields(&self) -> Vec<TournamentField> {
        TournamentField::ALL
            .into_iter()
            .filter(|&f| f != TournamentField::Length || self.kind != Kind::League)
            .collect()
    }

    pub fn step(&mut self, forward: bool) {
        self.focus = cycle(&self.fields(), self.focus, forward);
    }

    /// A key typed: text in the name, Left, Right or Space on a choice.
    pub fn edit(&mut self, edit: Edit) {
        self.error = None;
        if self.focus == TournamentField::Name {
            self.name.edit(edit);
            return;
        }
        let forward = match edit {
            Edit::Right | Edit::Insert(' ') => true,
            Edit::Left => false,
            _ => return,
        };
        match self.focus {
            TournamentField::Name => {}
            TournamentField::Kind => {
                self.kind = cycle(&Kind::ALL, self.kind, forward);
                self.fit_pace();
            }
            TournamentField::Size => self.size = step_size(self.size, forward),
            TournamentField::Rules => self.variant = cycle(&Variant::ALL, self.variant, forward),
            TournamentField::Pie => self.pie = !self.pie,
            TournamentField::Pace => self.pace = cycle(&PACES, self.pace, forward),
            TournamentField::Length if self.kind == Kind::Arena => {
                self.minutes = cycle(&MINUTES, self.minutes, forward);
            }
            TournamentField::Length => {
                let next = if forward {
                    self.rounds + 1
                } else {
                    self.rounds.saturating_sub(1)
                };
                self.rounds = next.clamp(1, MAX_ROUNDS);
            }
            TournamentField::Start => self.starts_in_s = cycle(&STARTS, self.starts_in_s, forward),
            TournamentField::Rated => self.rated = !self.rated,
            TournamentField::Bots => self.bots = !self.bots,
        }
    }

    /// A new kind takes a pace it is played at: a league days a move, the
    /// others a clock (a pace chosen after is checked on sending).
    fn fit_pace(&mut self) {
        match (self.kind, self.pace) {
            (Kind::League, Pace::Clock { .. }) => self.pace = Pace::Days(3),
            (Kind::Swiss | Kind::Arena, Pace::Days(_)) => self.pace = PACES[2],
            _ => {}
        }
    }

    /// The tournament as it would be sent.
    pub fn spec(&self) -> TournamentSpec {
        TournamentSpec {
            name: self.name.text().trim().to_string(),
            kind: self.kind,
            terms: Terms {
                size: self.size.get(),
                variant: self.variant,
                pie: self.pie,
                pace: self.pace,
                rated: self.rated,
            },
            rounds: (self.kind == Kind::Swiss).then_some(self.rounds),
            minutes: (self.kind == Kind::Arena).then_some(self.minutes.min(MAX_ARENA_MINUTES)),
            starts_in_s: self.starts_in_s,
            bots: self.bots,
        }
    }

    /// The spec to send, or why not as a sentence (kept on the form,
    /// the row at fault focused).
    pub fn submitted(&mut self) -> Option<TournamentSpec> {
        let spec = self.spec();
        match spec.check() {
            Ok(()) => Some(spec),
            Err(why) => {
                use crate::online::tournaments::SpecError;
                self.focus = match why {
                    SpecError::Name => TournamentField::Name,
                    SpecError::Terms(_) | SpecError::ArenaInDays | SpecError::LeagueOnClock => {
                        TournamentField::Pace
                    }
                    SpecError::Rounds | SpecError::Minutes | SpecError::Misplaced => {
                        TournamentField::Length
                    }
                    SpecError::Start => TournamentField::Start,
                };
                self.error = Some(sentence(&why.to_string()));
                None
            }
        }
    }

    pub const fn label(&self, field: TournamentField) -> &'static str {
        match field {
            TournamentField::Name => "Name",
            TournamentField::Kind => "Kind",
            TournamentField::Size => "Board",
            TournamentField::Rules => "Rules",
            TournamentField::Pie => "Pie rule",
            TournamentField::Pace => "Time",
            TournamentField::Length if matches!(self.kind, Kind::Arena) => "Minutes",
            TournamentField::Length => "Rounds",
            TournamentField::Start => "Starts in",
            TournamentField::Rated => "Rated",
            TournamentField::Bots => "Bots",
        }
    }

    /// The value of a choice row as shown.
    pub fn value(&self, field: TournamentField) -> String {
        let yes = |b: bool| if b { "yes" } else { "no" }.to_string();
        match field {
            TournamentField::Name => self.name.text().to_string(),
            TournamentField::Kind => self.kind.to_string(),
            TournamentField::Size => format!("{0}×{0}", self.size.get()),
            TournamentField::Rules => self.variant.to_string(),
            TournamentField::Pie => yes(self.pie),
            TournamentField::Pace => self.pace.to_string(),
            TournamentField::Length if self.kind == Kind::Arena => self.minutes.to_string(),
            TournamentField::Length => self.rounds.to_string(),
            TournamentField::Start => starts_in(self.starts_in_s),
            TournamentField::Rated => yes(self.rated),
            TournamentField::Bots => if self.bots {
                "yes, the server's bots enter"
            } else {
                "no"
            }
            .to_string(),
        }
    }
}

/// "1 minute", "30 minutes", "3 hours", "1 day", "7 days".
fn starts_in(seconds: u32) -> String {
    let (n, unit) = match seconds {
        s if s >= 24 * 3600 => (s / (24 * 3600), "day"),
        s if s >= 3600 => (s / 3600, "hour"),
        s => (s / 60, "minute"),
    };
    if n == 1 {
        format!("1 {unit}")
    } else {
        format!("{n} {unit}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> TournamentForm {
        TournamentForm::new(BoardSize::new(5).unwrap(), Variant::Revised, false)
    }

    fn typed(form: &mut TournamentForm, text: &str) {
        for c in text.chars() {
            form.edit(Edit::Insert(c));
        }
    }

    /// Focus on `field`, then Right `n` times.
    fn right(form: &mut TournamentForm, field: TournamentField, n: usize) {
        form.focus = field;
        for _ in 0..n {
            form.edit(Edit::Right);
        }
    }

    #[test]
    fn a_nameless_or_too_long_name_is_refused_in_the_rule_s_words() {
        let mut form = form();
        form.focus = TournamentField::Bots;
        assert_eq!(form.submitted(), None);
        assert_eq!(
            form.error.as_deref(),
            Some("A tournament's name has 1 to 40 characters.")
        );
        assert_eq!(form.focus, TournamentField::Name, "the name is focused");
        typed(&mut form, &"x".repeat(41));
        assert_eq!(form.error, None, "typing clears the refusal");
        assert_eq!(form.submitted(), None);
        form.name = TextInput::new("Quick swiss", NAME_FIELD_CHARS);
        let spec = form.submitted().unwrap();
        assert_eq!(spec.kind, Kind::Swiss);
        assert_eq!((spec.rounds, spec.minutes), (Some(3), None));
        assert_eq!(spec.starts_in_s, 300);
    }

    #[test]
    fn each_kind_sends_its_own_length_and_a_pace_it_refuses_is_said() {
        let mut form = form();
        typed(&mut form, "Blitz");
        right(&mut form, TournamentField::Kind, 1);
        assert_eq!(form.kind, Kind::Arena);
        assert_eq!(form.label(TournamentField::Length), "Minutes");
        right(&mut form, TournamentField::Length, 1);
        let spec = form.submitted().unwrap();
        assert_eq!((spec.rounds, spec.minutes), (None, Some(45)));
        // An arena in days a move: refused, the time focused.
        form.pace = Pace::Days(1);
        assert_eq!(form.submitted(), None);
        assert_eq!(
            form.error.as_deref(),
            Some("An arena is played on a clock, not in days a move.")
        );
        assert_eq!(form.focus, TournamentField::Pace);
        // A league takes days a move on its own, and has no length row.
        right(&mut form, TournamentField::Kind, 1);
        assert_eq!(form.kind, Kind::League);
        assert!(!form.fields().contains(&TournamentField::Length));
        let spec = form.submitted().unwrap();
        assert_eq!((spec.rounds, spec.minutes), (None, None));
        assert!(matches!(spec.terms.pace, Pace::Days(_)));
        // A league on a clock is refused.
        form.pace = PACES[0];
        assert_eq!(form.submitted(), None);
        assert_eq!(
            form.error.as_deref(),
            Some("A league is played in days a move, not on a clock.")
        );
    }

    #[test]
    fn rounds_stay_within_the_rule_and_tab_skips_a_league_s_length() {
        let mut form = form();
        right(&mut form, TournamentField::Length, 40);
        assert_eq!(form.rounds, MAX_ROUNDS);
        form.edit(Edit::Left);
        assert_eq!(form.rounds, MAX_ROUNDS - 1);
        form.kind = Kind::League;
        form.focus = TournamentField::Pace;
        form.step(true);
        assert_eq!(form.focus, TournamentField::Start);
        assert_eq!(form.value(TournamentField::Start), "5 minutes");
        right(&mut form, TournamentField::Start, 5);
        assert_eq!(form.value(TournamentField::Start), "1 day");
    }
}
