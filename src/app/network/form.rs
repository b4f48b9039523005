//! The forms that start a network game from the screen: hosting asks for
//! the port, or a relay to host through; joining for the host's address and
//! code, or a code of words (through the configured relay, or the one typed
//! as the address), each read as `brique host` and `brique join` read theirs.

use std::net::{Ipv4Addr, SocketAddr};

use super::state::NetPlay;
use crate::app::action::Edit;
use crate::app::config::RelayServer;
use crate::app::ui::text_input::TextInput;
use crate::net::words::{common_prefix, complete};
use crate::net::{AddressError, DEFAULT_PORT, JoinCode, WordCode, lookup};

/// The longest address typed (a name and a port, or an IPv6 address).
const ADDRESS_CHARS: usize = 80;
/// Room for a code typed with spaces or dashes, or a code of words.
const CODE_CHARS: usize = 32;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NetFormKind {
    Host,
    Join,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetForm {
    pub kind: NetFormKind,
    /// Host: the port. Join: the host's address, the code.
    pub inputs: Vec<TextInput>,
    /// The field being typed in.
    pub focus: usize,
    /// Why the game could not start, by the field to blame.
    pub error: Option<(usize, String)>,
    /// The relay of the config's `[network] server`, for a code of words.
    pub relay: Option<RelayServer>,
}

impl NetForm {
    /// Hosting, on the usual port, or through a relay if one is typed.
    pub fn host() -> NetForm {
        let inputs = vec![
            TextInput::new(&DEFAULT_PORT.to_string(), 5),
            TextInput::new("", ADDRESS_CHARS),
        ];
        NetForm::with(NetFormKind::Host, inputs)
    }

    /// Joining: the address and code the host's screen shows, or a code of
    /// words alone (through the relay typed as the address, or the config's).
    pub fn join() -> NetForm {
        let inputs = vec![
            TextInput::new("", ADDRESS_CHARS),
            TextInput::new("", CODE_CHARS),
        ];
        NetForm::with(NetFormKind::Join, inputs)
    }

    /// The form with the config's relay: hosting offers it, joining a
    /// code of words alone goes through it.
    pub fn with_relay(mut self, relay: Option<&RelayServer>) -> NetForm {
        if let (NetFormKind::Host, Some(relay), Some(input)) =
            (self.kind, relay, self.inputs.get_mut(1))
        {
            *input = TextInput::new(relay.as_str(), ADDRESS_CHARS);
        }
        self.relay = relay.cloned();
        self
    }

    /// The join form again after the code was refused, saying `why`, with
    /// the address (empty for the config's relay) and the code as they were.
    pub fn refused(at: &str, code: &str, relay: Option<&RelayServer>, why: &str) -> NetForm {
        let mut form = NetForm::join().with_relay(relay);
        form.inputs[0] = TextInput::new(at, ADDRESS_CHARS);
        form.inputs[1] = TextInput::new(code, CODE_CHARS);
        form.blame((1, why.to_string()));
        form
    }

    fn with(kind: NetFormKind, inputs: Vec<TextInput>) -> NetForm {
        NetForm {
            kind,
            inputs,
            focus: 0,
            error: None,
            relay: None,
        }
    }

    pub const fn title(&self) -> &'static str {
        match self.kind {
            NetFormKind::Host => "Host a game",
            NetFormKind::Join => "Join a game",
        }
    }

    /// The fields' labels, in order.
    pub const fn labels(&self) -> &'static [&'static str] {
        match self.kind {
            NetFormKind::Host => &["Port", "Relay"],
            NetFormKind::Join => &["Address", "Code"],
        }
    }

    pub fn focus_step(&mut self, forward: bool) {
        let n = self.inputs.len();
        self.focus = if forward {
            (self.focus + 1) % n
        } else {
            (self.focus + n - 1) % n
        };
    }

    /// Edits the field being typed in; its error goes, as it is being fixed.
    pub fn edit(&mut self, edit: Edit) {
        if let Some(input) = self.inputs.get_mut(self.focus) {
            input.edit(edit);
        }
        if matches!(self.error, Some((field, _)) if field == self.focus) {
            self.error = None;
        }
    }

    /// Tab in a field holding part of a code of words: fills in as much of
    /// the word being typed as the word list allows; false when there is
    /// nothing to fill in (Tab then moves on).
    pub fn complete(&mut self) -> bool {
        if self.kind != NetFormKind::Join {
            return false;
        }
        let room = if self.focus == 0 {
            ADDRESS_CHARS
        } else {
            CODE_CHARS
        };
        let Some(input) = self.inputs.get_mut(self.focus) else {
            return false;
        };
        let typed = input.text().trim().to_ascii_lowercase();
        let filled = common_prefix(&complete(&typed));
        if filled.len() <= typed.len() {
            return false;
        }
        *input = TextInput::new(&filled, room);
        true
    }

    /// Says why the game could not start, with the focus on the field to blame.
    pub fn blame(&mut self, blame: (usize, String)) {
        self.focus = blame.0;
        self.error = Some(blame);
    }

    pub fn play(&self) -> Result<NetPlay, (usize, String)> {
        let text = |i: usize| self.inputs.get(i).map_or("", |input| input.text().trim());
        match self.kind {
            NetFormKind::Host => {
                let port = text(0).parse::<u16>().map_err(|_| {
                    let why = format!(
                        "{} is not a port: a number from 1 to 65535 ({DEFAULT_PORT} as a rule), \
                         or 0 for any free one",
                        crate::core::Quoted(text(0))
                    );
                    (0, why)
                })?;
                if !text(1).is_empty() {
                    let server = lookup(text(1)).map_err(|why| (1, field_error(&why)))?;
                    return Ok(NetPlay::HostVia { server });
                }
                // Every interface, as `brique host` listens by default.
                let bind = SocketAddr::new(Ipv4Addr::UNSPECIFIED.into(), port);
                Ok(NetPlay::Host { bind })
            }
            NetFormKind::Join => self.join_play(text(0), text(1)),
        }
    }

    /// A code of words in the address field (through the config's relay)
    /// or in the code field goes through the relay; anything else is an
    /// address and a join code. A code typed over the address wins over
    /// the one left in the code field (a refused one, say).
    fn join_play(&self, at: &str, code: &str) -> Result<NetPlay, (usize, String)> {
        let words = match (code.parse::<WordCode>(), at.parse::<WordCode>()) {
            (_, Ok(words)) => Some((words, "")),
            (Ok(words), _) => Some((words, at)),
            _ => None,
        };
        if let Some((code, at)) = words {
            let server = match (at, &self.relay) {
                ("", None) => {
                    let why = "a code of words goes through a relay: type its HOST:PORT here \
                               (or set [network] server in the config)";
                    return Err((0, why.into()));
                }
                ("", Some(relay)) => {
                    lookup(relay.as_str()).map_err(|why| (0, field_error(&why)))?
                }
                (at, _) => lookup(at).map_err(|why| (0, field_error(&why)))?,
            };
            return Ok(NetPlay::JoinVia { server, code });
        }
        // Three parts: meant as a code of words, so say what is wrong with it.
        if code.split(['-', ' ']).filter(|p| !p.is_empty()).count() == 3 {
            let why = code.parse::<WordCode>().err().map(|e| e.to_string());
            return Err((1, why.unwrap_or_default()));
        }
        if at.is_empty() {
            let why = match self.relay {
                Some(_) => {
                    "type the code of words your friend's screen shows, or the host's address"
                }
                None => "type the address the host's screen shows",
            };
            return Err((0, why.into()));
        }
        let host = lookup(at).map_err(|why| (0, field_error(&why)))?;
        let code = code.parse::<JoinCode>().map_err(|e| (1, e.to_string()))?;
        Ok(NetPlay::Join { host, code })
    }
}

/// A refusal as a field's error: no full stop.
fn field_error(why: &AddressError) -> String {
    why.to_string().trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(mut form: NetForm, texts: &[&str]) -> NetForm {
        for (i, text) in texts.iter().enumerate() {
            form.focus = i;
            form.edit(Edit::DeleteToStart);
            form.edit(Edit::DeleteToEnd);
            for c in text.chars() {
                form.edit(Edit::Insert(c));
            }
        }
        form
    }

    #[test]
    fn a_port_is_a_number_and_the_usual_one_is_offered() {
        let bind = |port: u16| SocketAddr::new(Ipv4Addr::UNSPECIFIED.into(), port);
        let host = NetPlay::Host { bind: bind(7777) };
        assert_eq!(NetForm::host().play(), Ok(host));
        assert_eq!(
            typed(NetForm::host(), &["0"]).play(),
            Ok(NetPlay::Host { bind: bind(0) })
        );
        for bad in ["", "x", "65536", "-1"] {
            let (field, why) = typed(NetForm::host(), &[bad]).play().unwrap_err();
            assert_eq!(field, 0);
            assert!(why.contains("is not a port"), "{why}");
        }
    }

    #[test]
    fn an_address_and_a_code_are_read_as_join_reads_them() {
        let form = typed(NetForm::join(), &["127.0.0.1:7777", "abcde fghjk"]);
        let Ok(NetPlay::Join { host, code }) = form.play() else {
            panic!("a good join form");
        };
        assert_eq!(host, "127.0.0.1:7777".parse().unwrap());
        assert_eq!(code.to_string(), "ABCDE-FGHJK");
        let (field, why) = typed(NetForm::join(), &["127.0.0.1", "ABCDE-FGHJK"])
            .play()
            .unwrap_err();
        assert_eq!(field, 0);
        assert!(why.contains("not a host address and port"), "{why}");
        let (field, _) = typed(NetForm::join(), &["127.0.0.1:7777", "ABC"])
            .play()
            .unwrap_err();
        assert_eq!(field, 1);
    }
}
