//! The store's part for tournaments (schema migrations 6 and 7): a tournament,
//! its entries, its rounds and their pairings, each written when it
//! happens, so that a server started again goes on with the round it was
//! in (docs/server.md, "Tournaments").

use super::db::{Row, values};
use super::store::{Store, StoreError};
use super::tournament::{Kind, Pairing, PlayerId, Stage};
use crate::online::protocol::Terms;

/// A tournament to make.
#[derive(Clone, Debug)]
pub struct NewTournament {
    pub name: String,
    pub kind: Kind,
    /// The key of the player who made it; `None`: the server's file.
    pub creator: Option<String>,
    pub terms: Terms,
    /// A swiss's rounds.
    pub rounds: Option<u32>,
    /// An arena's length.
    pub minutes: Option<u32>,
    pub starts_ms: i64,
}

/// A tournament as the database holds it.
#[derive(Clone, Debug)]
pub struct StoredTournament {
    pub id: u64,
    pub new: NewTournament,
    pub stage: Stage,
    pub entries: Vec<Entry>,
    pub rounds: Vec<StoredRound>,
}

/// One entrant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub seat: PlayerId,
    pub key: String,
    pub name: String,
    pub withdrawn: bool,
    /// Games lost without a move.
    pub missed: u32,
    /// An arena's entrant not to be paired for now.
    pub paused: bool,
}

/// One round and its pairings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredRound {
    pub round: u32,
    pub bye: Option<PlayerId>,
    pub started_ms: i64,
    pub pairings: Vec<StoredPairing>,
}

/// One pairing, its game once started, its winner once finished.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredPairing {
    pub pairing: Pairing,
    pub game: Option<u64>,
    pub finished: bool,
    pub winner: Option<PlayerId>,
    /// When it ended (ms since 1970); `None` before, and for games ended
    /// before migration 7.
    pub finished_ms: Option<i64>,
}

fn seat(n: i64) -> Result<PlayerId, StoreError> {
    u32::try_from(n)
        .map(PlayerId)
        .map_err(|_| StoreError::Corrupt(format!("seat {n}")))
}

impl Store {
    /// Records a new tournament, upcoming; returns its number.
    pub fn create_tournament(
        &mut self,
        new: &NewTournament,
        now_ms: i64,
    ) -> Result<u64, StoreError> {
        let terms = serde_json::to_string(&new.terms)
            .map_err(|e| StoreError::Corrupt(format!("terms: {e}")))?;
        let row = self.db.query_first(
            "INSERT INTO tournaments (name, kind, creator, terms, rounds, minutes, starts_ms,
                                      stage, created_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) RETURNING id",
            &values![
                new.name.as_str(),
                new.kind.name(),
                new.creator.as_deref(),
                terms.as_str(),
                new.rounds,
                new.minutes,
                new.starts_ms,
                Stage::Upcoming.name(),
                now_ms
            ],
        )?;
        let id = row.ok_or_else(|| StoreError::Corrupt("a tournament without a number".into()))?;
        Ok(id.int(0)?.unsigned_abs())
    }

    /// Enters `key` in `tournament` in the next seat; returns the seat.
    pub fn enter_tournament(&mut self, tournament: u64, key: &str) -> Result<PlayerId, StoreError> {
        let row = self.db.query_first(
            "INSERT INTO tournament_entries (tournament, seat, key, withdrawn, missed)
             SELECT ?1, count(*), ?2, 0, 0 FROM tournament_entries WHERE tournament = ?1
             RETURNING seat",
            &values![tournament, key],
        )?;
        let row = row.ok_or_else(|| StoreError::Corrupt("an entry without a seat".into()))?;
        seat(row.int(0)?)
    }

    /// Withdraws (`true`) or enters again (`false`) a seat.
    pub fn set_withdrawn(
        &mut self,
        tournament: u64,
        seat: PlayerId,
        withdrawn: bool,
    ) -> Result<(), StoreError> {
        self.db.execute(
            "UPDATE tournament_entries SET withdrawn = ?3 WHERE tournament = ?1 AND seat = ?2",
            &values![tournament, seat.0, withdrawn],
        )?;
        Ok(())
    }

    /// Pauses (`true`) or brings back (`false`) an arena's seat.
    pub fn set_paused(
        &mut self,
        tournament: u64,
        seat: PlayerId,
        paused: bool,
    ) -> Result<(), StoreError> {
        self.db.execute(
            "UPDATE tournament_entries SET paused = ?3 WHERE tournament = ?1 AND seat = ?2",
            &values![tournament, seat.0, paused],
        )?;
        Ok(())
    }

    /// Counts a game a seat lost without a move; returns how many now.
    pub fn add_missed(&mut self, tournament: u64, seat: PlayerId) -> Result<u32, StoreError> {
        let row = self.db.query_first(
            "UPDATE tournament_entries SET missed = missed + 1
             WHERE tournament = ?1 AND seat = ?2 RETURNING missed",
            &values![tournament, seat.0],
        )?;
        row.map_or(Ok(0), |r| r.small(0))
    }

    pub fn set_stage(&mut self, tournament: u64, stage: Stage) -> Result<(), StoreError> {
        self.db.execute(
            "UPDATE tournaments SET stage = ?2 WHERE id = ?1",
            &values![tournament, stage.name()],
        )?;
        Ok(())
    }

    /// Records a round and its pairings, all at once.
    pub fn add_round(
        &mut self,
        tournament: u64,
        round: u32,
        bye: Option<PlayerId>,
        pairings: &[Pairing],
        started_ms: i64,
    ) -> Result<(), StoreError> {
        let mut statements = vec![(
            "INSERT INTO tournament_rounds (tournament, round, bye, started_ms)
             VALUES (?1, ?2, ?3, ?4)",
            values![tournament, round, bye.map(|p| p.0), started_ms],
        )];
        for (board, pairing) in (0u32..).zip(pairings) {
            statements.push((
                "INSERT INTO tournament_pairings (tournament, round, board, white, black, finished)
                 VALUES (?1, ?2, ?3, ?4, ?5, 0)",
                values![tournament, round, board, pairing.white.0, pairing.black.0],
            ));
        }
        self.db.transaction(&statements)
    }

    /// Adds pairings to a round written already, from board `first_board`
    /// on, all at once (an arena's games are its round 1's pairings).
    pub fn add_pairings(
        &mut self,
        tournament: u64,
        round: u32,
        first_board: u32,
        pairings: &[Pairing],
    ) -> Result<(), StoreError> {
        let statements: Vec<_> = (first_board..)
            .zip(pairings)
            .map(|(board, pairing)| {
                (
                    "INSERT INTO tournament_pairings
                         (tournament, round, board, white, black, finished)
                     VALUES (?1, ?2, ?3, ?4, ?5, 0)",
                    values![tournament, round, board, pairing.white.0, pairing.black.0],
                )
            })
            .collect();
        self.db.transaction(&statements)
    }

    /// Links a pairing to the game it started.
    pub fn set_pairing_game(
        &mut self,
        tournament: u64,
        round: u32,
        board: u32,
        game: u64,
    ) -> Result<(), StoreError> {
        self.db.execute(
            "UPDATE tournament_pairings SET game = ?4
             WHERE tournament = ?1 AND round = ?2 AND board = ?3",
            &values![tournament, round, board, game],
        )?;
        Ok(())
    }

    /// Records the end of a tournament's game: `winner` a seat, or `None`
    /// when nobody won, at `finished_ms`. Returns the tournament, if the
    /// game was one's.
    pub fn finish_pairing(
        &mut self,
        game: u64,
        winner: Option<PlayerId>,
        finished_ms: i64,
    ) -> Result<Option<u64>, StoreError> {
        let row = self.db.query_first(
            "UPDATE tournament_pairings SET finished = 1, winner = ?2, finished_ms = ?3
             WHERE game = ?1 RETURNING tournament",
            &values![game, winner.map(|p| p.0), finished_ms],
        )?;
        row.map(|r| Ok(r.int(0)?.unsigned_abs())).transpose()
    }

    /// Every tournament not finished, and the last `finished` finished
    /// ones, with entries and rounds: the referee's state at start, and
    /// what lists show.
    pub fn tournaments(&mut self, finished: u32) -> Result<Vec<StoredTournament>, StoreError> {
        let rows = self.db.query(
            "SELECT id, name, kind, creator, terms, rounds, minutes, starts_ms, stage
             FROM tournaments WHERE stage != 'finished'
             UNION ALL
             SELECT * FROM (SELECT id, name, kind, creator, terms, rounds, minutes, starts_ms, stage
                            FROM tournaments WHERE stage = 'finished'
                            ORDER BY id DESC LIMIT ?1) AS recent
             ORDER BY id",
            &values![finished],
        )?;
        rows.iter().map(|r| self.tournament_of(r)).collect()
    }

    fn tournament_of(&mut self, r: &Row) -> Result<StoredTournament, StoreError> {
        let id = r.int(0)?.unsigned_abs();
        let word = |w: String| StoreError::Corrupt(format!("tournament {id}: {w}"));
        let terms: Terms = serde_json::from_str(&r.text(4)?).map_err(|e| word(e.to_string()))?;
        let new = NewTournament {
            name: r.text(1)?,
            kind: r
                .text(2)?
                .parse()
                .map_err(|e: super::tournament::UnknownWord| word(e.to_string()))?,
            creator: r.opt_text(3)?,
            terms,
            rounds: r.opt_small(5)?,
            minutes: r.opt_small(6)?,
            starts_ms: r.int(7)?,
        };
        let stage = r
            .text(8)?
            .parse()
            .map_err(|e: super::tournament::UnknownWord| word(e.to_string()))?;
        let entries = self
            .db
            .query(
                "SELECT e.seat, e.key, p.name, e.withdrawn, e.missed, e.paused
                 FROM tournament_entries e JOIN players p ON p.key = e.key
                 WHERE e.tournament = ?1 ORDER BY e.seat",
                &values![id],
            )?
            .iter()
            .map(|e| {
                Ok(Entry {
                    seat: seat(e.int(0)?)?,
                    key: e.text(1)?,
                    name: e.text(2)?,
                    withdrawn: e.int(3)? != 0,
                    missed: e.small(4)?,
                    paused: e.int(5)? != 0,
                })
            })
            .collect::<Result<Vec<_>, StoreError>>()?;
        let mut rounds: Vec<StoredRound> = Vec::new();
        for r in self.db.query(
            "SELECT round, bye, started_ms FROM tournament_rounds WHERE tournament = ?1
             ORDER BY round",
            &values![id],
        )? {
            rounds.push(StoredRound {
                round: r.small(0)?,
                bye: r.opt_int(1)?.map(seat).transpose()?,
                started_ms: r.int(2)?,
                pairings: Vec::new(),
            });
        }
        for p in self.db.query(
            "SELECT round, white, black, game, finished, winner, finished_ms
             FROM tournament_pairings
             WHERE tournament = ?1 ORDER BY round, board",
            &values![id],
        )? {
            let round: u32 = p.small(0)?;
            let pairing = StoredPairing {
                pairing: Pairing {
                    white: seat(p.int(1)?)?,
                    black: seat(p.int(2)?)?,
                },
                game: p.opt_int(3)?.map(i64::unsigned_abs),
                finished: p.int(4)? != 0,
                winner: p.opt_int(5)?.map(seat).transpose()?,
                finished_ms: p.opt_int(6)?,
            };
            if let Some(stored) = rounds.iter_mut().find(|r| r.round == round) {
                stored.pairings.push(pairing);
            }
        }
        Ok(StoredTournament {
            id,
            new,
            stage,
            entries,
            rounds,
        })
    }
}
