//! The Online screen's two forms: connecting (the server and the name to
//! take there) and a seek (the terms offered to anyone, or to one player
//! when a name is typed: a challenge). Text fields take the keys typed; on
//! a choice, Left, Right and Space change the value.

use crate::app::action::Edit;
use crate::app::settings::form::{cycle, step_size};
use crate::app::ui::text_input::TextInput;
use crate::core::{BoardSize, Variant};
use crate::online::NAME_MAX_CHARS;
use crate::online::protocol::{MAX_DAYS, Pace, Terms};

/// A server's `HOST:PORT`, or a lobby's servers' (`a:7779, b:7779`), at
/// most this long.
const SERVER_CHARS: usize = 400;
/// What the name field takes: more than a name may have, so that a name
/// too long is said so (with the limit) rather than stopped at the last key.
const NAME_FIELD_CHARS: usize = 3 * NAME_MAX_CHARS;

/// The paces a seek offers: clocks (minutes + seconds a move), then days a move.
pub(super) const PACES: [Pace; 9] = [
    Pace::Clock {
        minutes: 1,
        increment: 1,
    },
    Pace::Clock {
        minutes: 3,
        increment: 2,
    },
    Pace::Clock {
        minutes: 5,
        increment: 3,
    },
    Pace::Clock {
        minutes: 10,
        increment: 5,
    },
    Pace::Clock {
        minutes: 15,
        increment: 10,
    },
    Pace::Clock {
        minutes: 30,
        increment: 20,
    },
    Pace::Days(1),
    Pace::Days(3),
    Pace::Days(MAX_DAYS),
];

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConnectForm {
    pub server: TextInput,
    pub name: TextInput,
    /// 0: the server, 1: the name.
    pub focus: usize,
    /// What went wrong at the last try, and the field to blame.
    pub error: Option<(usize, String)>,
    /// A connection is being made.
    pub busy: bool,
    /// The server is given (a remote session's own lobby): shown, not typed.
    pub server_fixed: bool,
}

impl ConnectForm {
    pub fn new(server: &str, name: &str) -> ConnectForm {
        ConnectForm {
            server: TextInput::new(server, SERVER_CHARS),
            name: TextInput::new(name, NAME_FIELD_CHARS),
            focus: usize::from(!server.is_empty()),
            error: None,
            busy: false,
            server_fixed: false,
        }
    }

    pub fn edit(&mut self, edit: Edit) {
        if self.server_fixed {
            self.focus = 1;
        }
        let field = if self.focus == 0 {
            &mut self.server
        } else {
            &mut self.name
        };
        if field.edit(edit) && self.error.as_ref().is_some_and(|(f, _)| *f == self.focus) {
            self.error = None;
        }
    }

    pub fn step(&mut self) {
        self.focus = if self.server_fixed { 1 } else { 1 - self.focus };
    }

    /// The server and name to connect with, or why not (the field to
    /// blame, the reason): the name checked as the server checks it.
    pub fn submitted(&self) -> Result<(String, String), (usize, String)> {
        let server = self.server.text().trim().to_string();
        // One server, or a lobby's several (a list from the settings).
        match crate::app::config::LobbyServers::parse(&server) {
            Err(why) => return Err((0, why.to_string())),
            Ok(servers) if servers.is_empty() => {
                let why = crate::app::config::RelayServer::parse("")
                    .err()
                    .map(|why| why.of_the_lobby().to_string())
                    .unwrap_or_default();
                return Err((0, why));
            }
            Ok(_) => {}
        }
        let name = self.name.text().trim();
        if name.is_empty() {
            return Err((1, "a name to play under, unique on the server".into()));
        }
        match crate::online::check_name(name) {
            Ok(_) => Ok((server, name.to_string())),
            Err(why) => Err((1, sentence(&why.to_string()))),
        }
    }
}

/// A reason as a sentence: "A name has at most 20 characters (this one has 23)."
pub(super) fn sentence(why: &str) -> String {
    let mut chars = why.chars();
    let first = chars.next().map(|c| c.to_uppercase().to_string());
    format!("{}{}.", first.unwrap_or_default(), chars.as_str())
}

/// The rows of the seek form, top to bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeekField {
    Opponent,
    Size,
    Rules,
    Pie,
    Pace,
    Rated,
}

impl SeekField {
    pub const ALL: [SeekField; 6] = [
        SeekField::Opponent,
        SeekField::Size,
        SeekField::Rules,
        SeekField::Pie,
        SeekField::Pace,
        SeekField::Rated,
    ];

    pub const fn label(self) -> &'static str {
        match self {
            SeekField::Opponent => "Opponent",
            SeekField::Size => "Board",
            SeekField::Rules => "Rules",
            SeekField::Pie => "Pie rule",
            SeekField::Pace => "Time",
            SeekField::Rated => "Rated",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeekForm {
    /// A player's name: a challenge to them; empty: a seek anyone may take.
    pub opponent: TextInput,
    pub size: BoardSize,
    pub variant: Variant,
    pub pie: bool,
    pub pace: Pace,
    pub rated: bool,
    pub focus: SeekField,
    pub error: Option<String>,
}

impl SeekForm {
    /// A form with the board and rules of `size` and `variant` (the
    /// settings'), challenging `opponent` if not empty.
    pub fn new(opponent: &str, size: BoardSize, variant: Variant, pie: bool) -> SeekForm {
        SeekForm {
            opponent: TextInput::new(opponent, NAME_FIELD_CHARS),
            size,
            variant,
            pie,
            pace: PACES[3],
            rated: true,
            focus: if opponent.is_empty() {
                SeekField::Size
            } else {
                SeekField::Opponent
            },
            error: None,
        }
    }

    pub fn step(&mut self, forward: bool) {
        self.focus = cycle(&SeekField::ALL, self.focus, forward);
    }

    /// A key typed: text in the name, Left, Right or Space on a choice.
    pub fn edit(&mut self, edit: Edit) {
        self.error = None;
        if self.focus == SeekField::Opponent {
            self.opponent.edit(edit);
            return;
        }
        let forward = match edit {
            Edit::Right | Edit::Insert(' ') => true,
            Edit::Left => false,
            _ => return,
        };
        match self.focus {
            SeekField::Opponent => {}
            SeekField::Size => self.size = step_size(self.size, forward),
            SeekField::Rules => self.variant = cycle(&Variant::ALL, self.variant, forward),
            SeekField::Pie => self.pie = !self.pie,
            SeekField::Pace => self.pace = cycle(&PACES, self.pace, forward),
            SeekField::Rated => self.rated = !self.rated,
        }
    }

    pub fn terms(&self) -> Terms {
        Terms {
            size: self.size.get(),
            variant: self.variant,
            pie: self.pie,
            pace: self.pace,
            rated: self.rated,
        }
    }

    /// The value of a choice row as shown.
    pub fn value(&self, field: SeekField) -> String {
        let yes = |b: bool| if b { "yes" } else { "no" }.to_string();
        match field {
            SeekField::Opponent => self.opponent.text().to_string(),
            SeekField::Size => format!("{0}×{0}", self.size.get()),
            SeekField::Rules => self.variant.to_string(),
            SeekField::Pie => yes(self.pie),
            SeekField::Pace => self.pace.to_string(),
            SeekField::Rated => yes(self.rated),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> SeekForm {
        SeekForm::new("", BoardSize::new(9).unwrap(), Variant::ALL[0], true)
    }

    #[test]
    fn choices_change_with_left_right_and_space_and_the_size_stops_at_its_ends() {
        let mut form = form();
        assert_eq!(form.focus, SeekField::Size);
        for _ in 0..30 {
            form.edit(Edit::Right);
        }
        assert_eq!(form.size, BoardSize::MAX);
        form.step(true); // Rules
        form.step(true); // Pie
        form.edit(Edit::Insert(' '));
        assert!(!form.pie);
        form.step(true); // Time
        form.edit(Edit::Left);
        assert_eq!(form.pace, PACES[2]);
        // Letters do nothing on a choice; the terms are what is shown.
        form.edit(Edit::Insert('x'));
        let terms = form.terms();
        assert_eq!((terms.size, terms.pie, terms.pace), (25, false, PACES[2]));
        assert!(terms.check().is_ok());
        assert_eq!(form.value(SeekField::Pace), "5+3");
    }

    #[test]
    fn the_opponent_is_typed_and_tab_goes_round() {
        let mut form = SeekForm::new("bob", BoardSize::new(9).unwrap(), Variant::ALL[0], false);
        assert_eq!(form.focus, SeekField::Opponent);
        form.edit(Edit::Insert('!'));
        assert_eq!(form.opponent.text(), "bob!");
        form.step(false);
        assert_eq!(form.focus, SeekField::Rated);
        form.step(true);
        assert_eq!(form.focus, SeekField::Opponent);
    }

    #[test]
    fn a_fixed_server_is_never_typed_in() {
        let mut form = ConnectForm::new("127.0.0.1:7779", "ann");
        form.server_fixed = true;
        form.focus = 0;
        form.step();
        assert_eq!(form.focus, 1);
        form.step();
        assert_eq!(form.focus, 1, "Tab stays on the name");
        form.focus = 0;
        form.edit(Edit::Insert('x'));
        assert_eq!(form.server.text(), "127.0.0.1:7779");
        assert_eq!(form.name.text(), "annx");
    }

    #[test]
    fn the_connect_form_starts_on_the_field_to_fill() {
        assert_eq!(ConnectForm::new("", "ann").focus, 0);
        let mut form = ConnectForm::new("lobby:7779", "ann");
        assert_eq!(form.focus, 1);
        form.error = Some((1, "taken".into()));
        form.edit(Edit::Backspace);
        assert_eq!(form.name.text(), "an");
        assert_eq!(
            form.error, None,
            "typing in the field blamed clears the blame"
        );
    }
}
