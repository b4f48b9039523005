//! The forms that start a network game from the screen: hosting asks for
//! the port, joining for the host's address and the code, each read as
//! `brique host` and `brique join` read theirs.

use std::net::{Ipv4Addr, SocketAddr};

use super::state::NetPlay;
use crate::app::action::Edit;
use crate::app::ui::text_input::TextInput;
use crate::net::{DEFAULT_PORT, JoinCode, resolve};

/// The longest address typed (a name and a port, or an IPv6 address).
const ADDRESS_CHARS: usize = 80;
/// Room for a code typed with spaces or dashes.
const CODE_CHARS: usize = 24;

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
}

impl NetForm {
    /// Hosting, on the usual port.
    pub fn host() -> NetForm {
        NetForm::with(
            NetFormKind::Host,
            vec![TextInput::new(&DEFAULT_PORT.to_string(), 5)],
        )
    }

    /// Joining: the address and code the host's screen shows.
    pub fn join() -> NetForm {
        let inputs = vec![
            TextInput::new("", ADDRESS_CHARS),
            TextInput::new("", CODE_CHARS),
        ];
        NetForm::with(NetFormKind::Join, inputs)
    }

    fn with(kind: NetFormKind, inputs: Vec<TextInput>) -> NetForm {
        NetForm {
            kind,
            inputs,
            focus: 0,
            error: None,
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
            NetFormKind::Host => &["Port"],
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

    /// The network game asked for, or the field to blame and why.
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
                // Every interface, as `brique host` listens by default.
                let bind = SocketAddr::new(Ipv4Addr::UNSPECIFIED.into(), port);
                Ok(NetPlay::Host { bind })
            }
            NetFormKind::Join => {
                if text(0).is_empty() {
                    return Err((0, "type the address the host's screen shows".into()));
                }
                let host =
                    resolve(text(0)).map_err(|why| (0, why.trim_end_matches('.').to_string()))?;
                let code = text(1)
                    .parse::<JoinCode>()
                    .map_err(|e| (1, e.to_string()))?;
                Ok(NetPlay::Join { host, code })
            }
        }
    }
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
