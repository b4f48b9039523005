//! A bot's own seek: while no person's seek is open (and the server's
//! bots have room for a game), each bot keeps one open seek at its
//! level's usual terms; it withdraws it when a person seeks, so that
//! people meet people first, and opens it again after.

pub use crate::online::house_bots::usual_terms;
use crate::online::protocol::{SeekId, SeekSummary};

/// What a bot does about its seek.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Nothing to do.
    Keep,
    /// Opens a seek.
    Open,
    /// Withdraws these seeks of its own.
    Withdraw(Vec<SeekId>),
}

/// The plan of the bot called `me`, seeing `seeks`; `room`: whether the
/// server's bots may start another game; `asked`: whether a seek of its
/// own is on its way (not in the list yet).
pub fn plan(seeks: &[SeekSummary], me: &str, room: bool, asked: bool) -> Plan {
    let mine: Vec<SeekId> = seeks
        .iter()
        .filter(|s| s.by == me && s.to.is_none())
        .map(|s| s.seek)
        .collect();
    let person_seeks = seeks.iter().any(|s| s.to.is_none() && !s.bot);
    if !room || person_seeks {
        return if mine.is_empty() {
            Plan::Keep
        } else {
            Plan::Withdraw(mine)
        };
    }
    match mine.len() {
        0 if !asked => Plan::Open,
        0 | 1 => Plan::Keep,
        _ => Plan::Withdraw(mine[1..].to_vec()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seek(n: u64, by: &str, to: Option<&str>, bot: bool) -> SeekSummary {
        SeekSummary {
            seek: SeekId(n),
            by: by.into(),
            to: to.map(str::to_string),
            terms: usual_terms(),
            rating: 1500,
            bot,
        }
    }

    #[test]
    fn a_bot_seeks_while_no_person_does() {
        let me = "brique-easy";
        let other_bot = seek(1, "brique-hard", None, true);
        assert_eq!(
            plan(std::slice::from_ref(&other_bot), me, true, false),
            Plan::Open
        );
        assert_eq!(plan(&[], me, true, true), Plan::Keep, "one on its way");
        let mine = seek(2, me, None, true);
        assert_eq!(
            plan(std::slice::from_ref(&mine), me, true, false),
            Plan::Keep
        );
        // A challenge is no seek.
        let challenge = seek(3, "alice", Some("brique-hard"), false);
        assert_eq!(
            plan(&[mine.clone(), challenge], me, true, false),
            Plan::Keep
        );
        // A person seeks: the bot withdraws; and when its bots have no room.
        let person = seek(4, "alice", None, false);
        let withdraw = Plan::Withdraw(vec![SeekId(2)]);
        assert_eq!(
            plan(&[mine.clone(), person.clone()], me, true, false),
            withdraw
        );
        assert_eq!(
            plan(std::slice::from_ref(&mine), me, false, false),
            withdraw
        );
        assert_eq!(plan(&[person], me, true, false), Plan::Keep);
        assert_eq!(plan(&[], me, false, false), Plan::Keep);
        // Two of its own (a race): one stays.
        let again = seek(5, me, None, true);
        let both = [mine, again];
        assert_eq!(
            plan(&both, me, true, false),
            Plan::Withdraw(vec![SeekId(5)])
        );
    }
}
