//! The autosave's `x-` lines of a network game: the way back to it for a
//! copy that stopped (never in saved records, where a code would let anyone
//! who reads the file join).

use crate::app::online::state::ONLINE_GAME_KEY;

/// The autosave's line with the host's join code, so that a restarted host
/// takes its guest back.
pub(in crate::app) const CODE_KEY: &str = "x-net-code";
/// The autosave's line with the address a guest joined.
pub(in crate::app) const HOST_KEY: &str = "x-net-host";
/// The autosave's line with the relay a network game went through.
pub(in crate::app) const RELAY_KEY: &str = "x-net-relay";
/// The autosave's line with the way back through the relay (a secret, as
/// the code): the guest's code then the channel and password, the host's
/// channel and password, so that a restarted copy comes back without a code.
pub(in crate::app) const RESUME_KEY: &str = "x-net-resume";
/// Whether an `x-` line is one of a network game's.
pub(in crate::app) fn is_network_extra(key: &str) -> bool {
    [CODE_KEY, HOST_KEY, RELAY_KEY, RESUME_KEY, ONLINE_GAME_KEY]
        .iter()
        .any(|own| key.eq_ignore_ascii_case(own))
}
