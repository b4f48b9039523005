//! A network game through a relay (`brique server`): starting it, and
//! taking up the unfinished one the autosave kept, on its channel.

use std::net::SocketAddr;

use super::kept::{RELAY_KEY, RESUME_KEY};
use super::start_error::NetStartError;
use super::state::{NetPlay, Network, Role};
use crate::net::{self, Hello, Resume, WordCode};

/// The autosave's `x-` lines of an unfinished game (none for a game that
/// is not going on).
pub(in crate::app) struct Kept<'a> {
    extra: &'a [(String, String)],
}

impl<'a> Kept<'a> {
    /// The lines of the autosave, if `in_progress` (a game is going on).
    pub(in crate::app) fn of(extra: &'a [(String, String)], in_progress: bool) -> Kept<'a> {
        Kept {
            extra: if in_progress { extra } else { &[] },
        }
    }

    /// The line `key`, if the unfinished game has one.
    pub(super) fn get(&self, key: &str) -> Option<String> {
        self.extra
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.clone())
    }

    /// Hosts or joins through a relay; true with it: the unfinished game
    /// played through the same relay goes on, on the channel the autosave
    /// kept (the guest's when it joins with the same code; a restarted
    /// host waits there and shows a new code too).
    pub(super) fn start_via(
        &self,
        play: NetPlay,
        name: String,
    ) -> Result<(Network, bool), NetStartError> {
        let server = match play {
            NetPlay::HostVia { server } | NetPlay::JoinVia { server, .. } => server,
            NetPlay::Host { .. } | NetPlay::Join { .. } => {
                return Err(NetStartError::NotViaRelay);
            }
        };
        let resumed = self.get(RELAY_KEY) == Some(server.to_string());
        let kept = self
            .get(RESUME_KEY)
            .filter(|_| resumed)
            .and_then(|line| kept_resume(&line));
        let hello = Hello::ours(&name);
        let network = match play {
            NetPlay::JoinVia { code, .. } => {
                let connection = match kept {
                    Some((Some(kept_code), resume)) if kept_code == code => {
                        net::rejoin_via(server, code, resume, hello)
                    }
                    _ => net::join_via(server, code, hello),
                };
                Network::new(Role::GuestVia { server, code }, connection, name)
            }
            _ => {
                // Not waited for: the relay's code comes as an event (the
                // panel asks meanwhile), and so does its refusal.
                let resume = match kept {
                    Some((None, resume)) => Some(resume),
                    _ => None,
                };
                let connection = net::host_via_later(server, hello, resume);
                Network::new(Role::HostVia { server }, connection, name)
            }
        };
        Ok((network, resumed))
    }

    /// The unfinished game through a relay the autosave is of, with its
    /// way back: taken up again at a plain start, as the same `brique join
    /// CODE` (or `brique host`) would.
    pub(in crate::app) fn network(&self) -> Option<NetPlay> {
        let server = self.get(RELAY_KEY)?.parse::<SocketAddr>().ok()?;
        let (code, _) = kept_resume(&self.get(RESUME_KEY)?)?;
        Some(match code {
            Some(code) => NetPlay::JoinVia { server, code },
            None => NetPlay::HostVia { server },
        })
    }
}

/// The autosave's way back: a guest's code and the channel's hex, or a
/// host's hex alone; `None` for a line that does not read.
fn kept_resume(line: &str) -> Option<(Option<WordCode>, Resume)> {
    let mut parts = line.split_whitespace().rev();
    let resume = Resume::from_hex(parts.next()?)?;
    let code = parts.next().map(str::parse::<WordCode>).transpose().ok()?;
    parts.next().is_none().then_some((code, resume))
}
