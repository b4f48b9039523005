//! The referee's answers to the tournaments' asks (docs/protocol.md,
//! "Tournaments"): the list, a page and following it, making a tournament,
//! entering and withdrawing; and the pushes that tell a change. Running
//! them is `tournament_run`.

use super::referee::Referee;
use super::refusal::AskRefusal;
use super::store_tournaments::StoredTournament;
use super::store_tournaments::{Entry, NewTournament};
use super::tournament::{Kind, PlayerId, Stage};
use super::tournament_arena::open_to_enter;
use super::tournament_page::{page, summary};
use crate::online::protocol::{Answer, Ask, FromServer, MAX_LIST, Push};
use crate::online::tournaments::{
    MAX_ENTRANTS, TournamentId, TournamentPage, TournamentSpec, TournamentSummary,
};

/// Tournaments one player may have made that are not finished.
pub const MAX_MADE: usize = 3;
/// Tournaments one connection follows at once.
pub const MAX_FOLLOWED: usize = 16;

impl Referee {
    /// The answer to a tournament's ask from `key` on `conn`.
    pub(super) fn tournament_ask(
        &mut self,
        conn: Option<u64>,
        key: &str,
        name: Option<String>,
        ask: Ask,
    ) -> Result<Answer, AskRefusal> {
        if self.me().is_some() {
            return Err(AskRefusal::NoTournaments);
        }
        let named = || name.clone().ok_or(AskRefusal::Unnamed);
        match ask {
            Ask::Tournaments => Ok(Answer::Tournaments {
                tournaments: self.tournament_list(),
            }),
            Ask::Tournament {
                tournament: TournamentId(id),
            } => {
                let page = self
                    .tournament_page(id)
                    .ok_or(AskRefusal::NoTournament(id))?;
                if let Some(conn) = conn {
                    self.follow(conn, id)?;
                }
                Ok(Answer::Tournament {
                    page: Box::new(page),
                })
            }
            Ask::UnfollowTournament {
                tournament: TournamentId(id),
            } => {
                if let (Some(conn), Some(followers)) =
                    (conn, self.tournaments.followers.get_mut(&id))
                {
                    followers.remove(&conn);
                }
                Ok(Answer::Done)
            }
            Ask::CreateTournament { spec } => self.create_tournament(key, named()?, &spec),
            Ask::JoinTournament {
                tournament: TournamentId(id),
            } => self.join_tournament(key, named()?, id),
            Ask::WithdrawTournament {
                tournament: TournamentId(id),
            } => self.withdraw_tournament(key, id),
            Ask::PauseTournament {
                tournament: TournamentId(id),
                paused,
            } => self.pause_tournament(key, id, paused),
            _ => Err(AskRefusal::NoTournaments),
        }
    }

    fn follow(&mut self, conn: u64, id: u64) -> Result<(), AskRefusal> {
        let followed = self
            .tournaments
            .followers
            .values()
            .filter(|f| f.contains(&conn))
            .count();
        let followers = self.tournaments.followers.entry(id).or_default();
        if !followers.contains(&conn) {
            if followed >= MAX_FOLLOWED {
                return Err(AskRefusal::TooManyFollowed(MAX_FOLLOWED));
            }
            followers.insert(conn);
        }
        Ok(())
    }

    fn create_tournament(
        &mut self,
        key: &str,
        name: String,
        spec: &TournamentSpec,
    ) -> Result<Answer, AskRefusal> {
        spec.check()?;
        if spec.kind == Kind::League {
            return Err(AskRefusal::KindNotRun(spec.kind));
        }
        let made = self
            .tournaments
            .held
            .values()
            .filter(|t| t.stage != Stage::Finished && t.new.creator.as_deref() == Some(key))
            .count();
        if made >= MAX_MADE {
            return Err(AskRefusal::TooManyTournaments(MAX_MADE));
        }
        let now = self.now().1;
        let new = NewTournament {
            name: spec.name.trim().to_string(),
            kind: spec.kind,
            creator: Some(key.to_string()),
            terms: spec.terms,
            rounds: spec.rounds,
            minutes: spec.minutes,
            starts_ms: now + i64::from(spec.starts_in_s) * 1000,
        };
        let id = self
            .store
            .create_tournament(&new, now)
            .map_err(|e| self.failed(&e))?;
        tracing::info!(id, name = %new.name, "a tournament was made");
        self.tournaments.held.insert(
            id,
            StoredTournament {
                id,
                new,
                stage: Stage::Upcoming,
                entries: Vec::new(),
                rounds: Vec::new(),
            },
        );
        self.tournaments.creators.insert(id, name);
        self.tournaments.list_changed = true;
        Ok(Answer::TournamentMade {
            tournament: TournamentId(id),
        })
    }

    fn join_tournament(&mut self, key: &str, name: String, id: u64) -> Result<Answer, AskRefusal> {
        let t = self
            .tournaments
            .held
            .get(&id)
            .ok_or(AskRefusal::NoTournament(id))?;
        // An arena takes entries until its end.
        if t.stage != Stage::Upcoming && !open_to_enter(t, self.now().1) {
            return Err(AskRefusal::TournamentStarted(id));
        }
        match t.entries.iter().find(|e| e.key == key) {
            Some(e) if !e.withdrawn => return Err(AskRefusal::AlreadyEntered(id)),
            Some(e) => {
                let seat = e.seat;
                self.store
                    .set_withdrawn(id, seat, false)
                    .map_err(|e| self.failed(&e))?;
                self.entry_mut(id, seat, |e| e.withdrawn = false);
            }
            None => {
                // Withdrawn entries keep their line: the page holds them all.
                if t.entries.len() >= MAX_ENTRANTS {
                    return Err(AskRefusal::TournamentFull(MAX_ENTRANTS));
                }
                let seat = self
                    .store
                    .enter_tournament(id, key)
                    .map_err(|e| self.failed(&e))?;
                if let Some(t) = self.tournaments.held.get_mut(&id) {
                    t.entries.push(Entry {
                        seat,
                        key: key.to_string(),
                        name,
                        withdrawn: false,
                        missed: 0,
                        paused: false,
                    });
                }
            }
        }
        self.tournament_changed(id);
        // A running arena pairs a newcomer at once.
        self.advance_arena(id);
        Ok(Answer::Done)
    }

    /// `key`'s seat in tournament `id`, not finished, entered and not
    /// withdrawn; or why not.
    pub(super) fn seat_in(&self, key: &str, id: u64) -> Result<PlayerId, AskRefusal> {
        let t = self
            .tournaments
            .held
            .get(&id)
            .ok_or(AskRefusal::NoTournament(id))?;
        if t.stage == Stage::Finished {
            return Err(AskRefusal::TournamentOver(id));
        }
        t.entries
            .iter()
            .find(|e| e.key == key && !e.withdrawn)
            .map(|e| e.seat)
            .ok_or(AskRefusal::NotEntered(id))
    }

    fn withdraw_tournament(&mut self, key: &str, id: u64) -> Result<Answer, AskRefusal> {
        let seat = self.seat_in(key, id)?;
        // A game under way is played out: only the next pairings leave
        // the player out.
        self.store
            .set_withdrawn(id, seat, true)
            .map_err(|e| self.failed(&e))?;
        self.entry_mut(id, seat, |e| e.withdrawn = true);
        self.tournament_changed(id);
        Ok(Answer::Done)
    }

    pub(super) fn entry_mut(&mut self, id: u64, seat: PlayerId, change: impl FnOnce(&mut Entry)) {
        if let Some(e) = self
            .tournaments
            .held
            .get_mut(&id)
            .and_then(|t| t.entries.iter_mut().find(|e| e.seat == seat))
        {
            change(e);
        }
    }

    /// The list: those under way, those to come, then the latest
    /// finished, at most `MAX_LIST`.
    pub(super) fn tournament_list(&self) -> Vec<TournamentSummary> {
        let mut list: Vec<TournamentSummary> = self
            .tournaments
            .held
            .values()
            .map(|t| self.summary_of(t))
            .collect();
        let order = |s: &TournamentSummary| match s.stage {
            Stage::Running => 0,
            Stage::Upcoming => 1,
            Stage::Finished => 2,
        };
        list.sort_by_key(|s| {
            (
                order(s),
                if s.stage == Stage::Finished {
                    u64::MAX - s.id.0
                } else {
                    s.id.0
                },
            )
        });
        list.truncate(MAX_LIST);
        list
    }

    fn summary_of(&self, t: &StoredTournament) -> TournamentSummary {
        let by = self.tournaments.creators.get(&t.id).map(String::as_str);
        summary(t, by, false)
    }

    pub(super) fn tournament_page(&self, id: u64) -> Option<TournamentPage> {
        let t = self.tournaments.held.get(&id)?;
        Some(page(t, self.summary_of(t), &|key| self.is_bot(key)))
    }

    /// Tells the tournament's entrants and followers its page, and
    /// everyone the list soon.
    pub(super) fn tournament_changed(&mut self, id: u64) {
        self.tournaments.list_changed = true;
        let Some(page) = self.tournament_page(id) else {
            return;
        };
        let push = FromServer::Push(Push::Tournament {
            page: Box::new(page),
        });
        let keys: Vec<String> = self
            .tournaments
            .held
            .get(&id)
            .map(|t| t.entries.iter().map(|e| e.key.clone()).collect())
            .unwrap_or_default();
        let mut told = std::collections::HashSet::new();
        for key in &keys {
            if let Some(state) = self.keys.get(key) {
                told.extend(state.conns.iter().copied());
            }
        }
        let conns = &self.conns;
        let followers: Vec<u64> = match self.tournaments.followers.get_mut(&id) {
            Some(f) => {
                f.retain(|c| conns.contains_key(c));
                f.iter().copied().collect()
            }
            None => Vec::new(),
        };
        for key in &keys {
            self.tell_key(key, &push);
        }
        for conn in followers {
            if !told.contains(&conn) {
                self.send(conn, &push);
            }
        }
    }
}
