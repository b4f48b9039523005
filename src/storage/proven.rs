//! The file of proven positions that `brique solve --proven FILE` keeps, so
//! that a solve too long for one run goes on in the next from what the last
//! one proved.
//!
//! The file is two lines of text naming what it holds, then the entries of
//! the solver's table of proven results (two little-endian 64-bit words
//! each, as [`crate::ai::ProofNumberSolver::proven_entries`] gives them),
//! then their count and a checksum of them (eight bytes each). A file cut
//! short, of another board, or whose checksum is wrong is refused whole:
//! one wrong entry could make the solver claim a wrong result.
//!
//! One copy of the program uses a file at a time: it holds a lock on
//! `FILE.lock` while the file is open.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use super::autosave_lock::lock_beside;
use super::files::open_regular;
use super::{StorageError, atomic_write_with, remove_stale_temporaries};
use crate::core::{BoardSize, Variant};

const MAGIC: &str = "brique proven positions 1\n";

/// A file of proven positions, locked for this copy of the program.
pub struct ProvenFile {
    path: PathBuf,
    /// Open for as long as the lock is held.
    _lock: File,
}

/// The checksum of a file's entries: FNV-1a over their words.
#[derive(Clone, Copy)]
struct Checksum(u64);

impl Checksum {
    const fn new() -> Checksum {
        Checksum(0xcbf2_9ce4_8422_2325)
    }

    fn add(&mut self, word: u64) {
        self.0 = (self.0 ^ word).wrapping_mul(0x0000_0100_0000_01b3);
    }
}

fn header(size: BoardSize, variant: Variant) -> String {
    format!("{MAGIC}size {size} rules {variant}\n")
}

impl ProvenFile {
    /// Locks `path` for this copy of the program (the file itself need not
    /// exist yet). `Err(StorageError::Held)` when another copy uses it.
    /// Temporary files that solves killed while writing left beside it
    /// (as large as the table) are removed once the lock is held.
    pub fn lock(path: &Path) -> Result<ProvenFile, StorageError> {
        let lock = lock_beside(path)?;
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
        remove_stale_temporaries(dir.unwrap_or(Path::new(".")));
        Ok(ProvenFile {
            path: path.to_path_buf(),
            _lock: lock,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Hands each entry of the file to `keep`, and returns how many there
    /// were: none when the file does not exist yet. An error when it is not
    /// a whole file of proven positions of `size` and `variant`, or when
    /// `keep` refuses an entry (`false`); `keep` may have been given some
    /// of the entries by then, which are then to be thrown away with the
    /// table that kept them.
    pub fn load(
        &self,
        size: BoardSize,
        variant: Variant,
        mut keep: impl FnMut([u64; 2]) -> bool,
    ) -> Result<u64, StorageError> {
        let path = &self.path;
        // A FIFO or a device is refused, never waited on or read forever;
        // a regular file is read up to its size, no further.
        let (file, bytes) = match open_regular(path) {
            Ok(opened) => opened,
            Err(e) if e.io_kind() == Some(io::ErrorKind::NotFound) => return Ok(0),
            Err(e) => return Err(e),
        };
        let mut reader = BufReader::new(file);
        let bad = |message: String| StorageError::parse(path, 1, 1, message);
        let read_err = |e: io::Error| StorageError::read(path, e);
        let mut line = |line: &mut Vec<u8>| {
            reader
                .by_ref()
                .take(64)
                .read_until(b'\n', line)
                .map_err(read_err)
        };
        let (mut first, mut second) = (Vec::new(), Vec::new());
        line(&mut first)?;
        if first != MAGIC.as_bytes() {
            return Err(bad("not a file of proven positions of brique solve".into()));
        }
        line(&mut second)?;
        let expected = &header(size, variant)[MAGIC.len()..];
        if second != expected.as_bytes() {
            let found = String::from_utf8_lossy(&second);
            return Err(StorageError::parse(
                path,
                2,
                1,
                format!(
                    "holds the positions of {:?}, not of {:?}",
                    found.trim_end(),
                    expected.trim_end()
                ),
            ));
        }
        let body = bytes.saturating_sub((first.len() + second.len()) as u64);
        if body < 16 || body % 16 != 0 {
            return Err(bad(format!(
                "is cut short or too long ({bytes} bytes, not a whole number of entries)"
            )));
        }
        let count = body / 16 - 1;
        let mut checksum = Checksum::new();
        let mut word = || -> Result<u64, StorageError> {
            let mut buf = [0; 8];
            reader.read_exact(&mut buf).map_err(read_err)?;
            Ok(u64::from_le_bytes(buf))
        };
        for index in 0..count {
            let entry = [word()?, word()?];
            checksum.add(entry[0]);
            checksum.add(entry[1]);
            if !keep(entry) {
                return Err(bad(format!(
                    "entry {} is not a position of the {size}×{size} board",
                    index + 1
                )));
            }
        }
        if word()? != count || word()? != checksum.0 {
            return Err(bad("its checksum is wrong: the file is damaged".into()));
        }
        Ok(count)
    }

    /// Writes `entries` for `size` and `variant` over the file, atomically;
    /// returns how many there were.
    pub fn save(
        &self,
        size: BoardSize,
        variant: Variant,
        entries: impl Iterator<Item = [u64; 2]>,
    ) -> Result<u64, StorageError> {
        let mut count: u64 = 0;
        atomic_write_with(&self.path, |out| {
            out.write_all(header(size, variant).as_bytes())?;
            let mut checksum = Checksum::new();
            for entry in entries {
                for word in entry {
                    checksum.add(word);
                    out.write_all(&word.to_le_bytes())?;
                }
                count += 1;
            }
            out.write_all(&count.to_le_bytes())?;
            out.write_all(&checksum.0.to_le_bytes())
        })
        .map_err(|e| StorageError::write(&self.path, e))?;
        Ok(count)
    }
}
