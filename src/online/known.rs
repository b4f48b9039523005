//! The servers' keys this copy has met (trust on first use, as ssh's
//! `known_hosts`): the first handshake with an address records the key the
//! server proved; a later one with another key is refused, so a fake
//! server cannot pose as one met before.
//!
//! One line per address, `ADDRESS HEX-KEY`, in a private file (0600) of
//! the data directory. A line is added with one `O_APPEND` write, which
//! neither replaces the file nor mixes with a line another copy adds at
//! the same moment; a torn or unreadable line is skipped, and the first
//! line for an address decides.

use std::fs::{self, OpenOptions};
use std::io::{self, Read, Write};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use super::identity::hex;

/// The file's name in the data directory.
pub const KNOWN_SERVERS_FILE: &str = "online-servers";
/// More than any player meets; a bigger file is not read whole.
const MAX_FILE: u64 = 1 << 20;

#[derive(Debug, thiserror::Error)]
pub enum KnownError {
    #[error(
        "the server at {address} has a different key than the first time; if its operator changed it, remove the line for {address} from {}",
        .file.display()
    )]
    Changed { address: SocketAddr, file: PathBuf },
    #[error(
        "the server at {address} has a different key than {other}, a server of the same lobby met before; if its operator changed the lobby's key, remove the line for {other} from {}",
        .file.display()
    )]
    NotTheLobby {
        address: SocketAddr,
        other: SocketAddr,
        file: PathBuf,
    },
    #[error("cannot use the file of known servers {}: {why}", .file.display())]
    File { file: PathBuf, why: FileProblem },
}

/// What is wrong with the file of known servers.
#[derive(Debug, thiserror::Error)]
pub enum FileProblem {
    #[error("{0}")]
    Io(#[from] io::Error),
    #[error("not a plain file")]
    NotPlain,
    #[error("longer than 1 MiB")]
    TooLong,
}

/// Checks `key`, the one the server at `address` proved, against `file`;
/// records it if the address is new there.
pub fn check_server_key(file: &Path, address: SocketAddr, key: &[u8]) -> Result<(), KnownError> {
    let fail = |why: FileProblem| KnownError::File {
        file: file.to_path_buf(),
        why,
    };
    let key = hex(key);
    let address_text = address.to_string();
    let text = read_text(file).map_err(fail)?;
    match text.lines().find_map(|line| {
        let (a, k) = line.split_once(' ')?;
        (a == address_text && k.len() == 64).then_some(k)
    }) {
        Some(known) if known == key => return Ok(()),
        Some(_) => {
            return Err(KnownError::Changed {
                address,
                file: file.to_path_buf(),
            });
        }
        None => {}
    }
    // After a torn line, a new line of its own.
    let start = if text.is_empty() || text.ends_with('\n') {
        ""
    } else {
        "\n"
    };
    append_line(file, &format!("{start}{address_text} {key}\n")).map_err(|e| fail(e.into()))
}

/// Checks `key`, the one the server at `address` proved, as
/// [`check_server_key`] does; an address met for the first time must
/// prove the key recorded for `lobby`, the other servers of its lobby
/// (one key for all, `--server-key`), if one of them was met before.
pub fn check_lobby_key(
    file: &Path,
    address: SocketAddr,
    lobby: &[SocketAddr],
    key: &[u8],
) -> Result<(), KnownError> {
    let text = read_text(file).map_err(|why| KnownError::File {
        file: file.to_path_buf(),
        why,
    })?;
    let recorded = |wanted: &SocketAddr| {
        let wanted = wanted.to_string();
        text.lines().find_map(|line| {
            let (a, k) = line.split_once(' ')?;
            (a == wanted && k.len() == 64).then(|| k.to_string())
        })
    };
    if recorded(&address).is_none()
        && let Some((other, known)) = lobby
            .iter()
            .filter(|other| **other != address)
            .find_map(|other| recorded(other).map(|k| (*other, k)))
        && known != hex(key)
    {
        return Err(KnownError::NotTheLobby {
            address,
            other,
            file: file.to_path_buf(),
        });
    }
    check_server_key(file, address, key)
}

/// The file's text; none if there is no file yet. Only a plain file is
/// read (a FIFO or device could block or never end), at most `MAX_FILE`.
fn read_text(file: &Path) -> Result<String, FileProblem> {
    match fs::symlink_metadata(file) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(String::new()),
        Err(e) => return Err(e.into()),
        Ok(meta) if !meta.is_file() => return Err(FileProblem::NotPlain),
        Ok(meta) if meta.len() > MAX_FILE => return Err(FileProblem::TooLong),
        Ok(_) => {}
    }
    let mut bytes = Vec::new();
    open_plain(OpenOptions::new().read(true), file)
        .and_then(|f| f.take(MAX_FILE).read_to_end(&mut bytes))?;
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

fn append_line(file: &Path, line: &str) -> io::Result<()> {
    if let Some(dir) = file.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir)?;
    }
    let mut options = OpenOptions::new();
    options.append(true).create(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let mut out = open_plain(&options, file)?;
    // One write: a line whole or, after a crash mid-write, a torn line
    // that reading skips.
    out.write_all(line.as_bytes())?;
    out.sync_all()
}

/// Opens `file` without following a planted link.
fn open_plain(options: &OpenOptions, file: &Path) -> io::Result<fs::File> {
    let mut options = options.clone();
    #[cfg(unix)]
    {
        use rustix::fs::OFlags;
        use std::os::unix::fs::OpenOptionsExt;
        // The flags' bits, as open(2) takes them.
        options.custom_flags((OFlags::NOFOLLOW | OFlags::NONBLOCK).bits() as i32);
    }
    options.open(file)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_key_is_trusted_on_first_use_per_address_and_a_change_refused() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("data").join(KNOWN_SERVERS_FILE);
        let (here, there): (SocketAddr, SocketAddr) = (
            "127.0.0.1:7779".parse().unwrap(),
            "[::1]:7779".parse().unwrap(),
        );
        check_server_key(&file, here, &[1; 32]).unwrap();
        check_server_key(&file, here, &[1; 32]).unwrap();
        check_server_key(&file, there, &[2; 32]).unwrap();
        let refused = check_server_key(&file, here, &[2; 32]).unwrap_err();
        assert_eq!(
            refused.to_string(),
            format!(
                "the server at 127.0.0.1:7779 has a different key than the first time; if its operator changed it, remove the line for 127.0.0.1:7779 from {}",
                file.display()
            )
        );
        assert_eq!(fs::read_to_string(&file).unwrap().lines().count(), 2);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(&file).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        // A torn last line is skipped: the address is met anew.
        fs::write(&file, "127.0.0.1:7779 0101").unwrap();
        check_server_key(&file, here, &[3; 32]).unwrap();
        check_server_key(&file, here, &[3; 32]).unwrap();
        assert!(check_server_key(&file, here, &[1; 32]).is_err());
        #[cfg(unix)]
        {
            let link = dir.path().join("link");
            std::os::unix::fs::symlink(&file, &link).unwrap();
            let refused = check_server_key(&link, there, &[2; 32]).unwrap_err();
            assert!(
                refused.to_string().contains("not a plain file"),
                "{refused}"
            );
        }
    }

    #[test]
    fn a_new_server_of_a_lobby_must_prove_the_key_its_other_servers_proved() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join(KNOWN_SERVERS_FILE);
        let [a, b, c]: [SocketAddr; 3] =
            ["127.0.0.1:7779", "127.0.0.1:7780", "127.0.0.1:7781"].map(|s| s.parse().unwrap());
        // Nothing met yet: the first proves the lobby's key.
        check_lobby_key(&file, a, &[a, b, c], &[1; 32]).unwrap();
        // Another server of the lobby with the same key: trusted, recorded.
        check_lobby_key(&file, b, &[a, b, c], &[1; 32]).unwrap();
        assert_eq!(fs::read_to_string(&file).unwrap().lines().count(), 2);
        // With another key: refused, nothing recorded.
        let refused = check_lobby_key(&file, c, &[a, b, c], &[2; 32]).unwrap_err();
        assert!(
            matches!(refused, KnownError::NotTheLobby { address, other, .. } if address == c && other == a),
            "{refused}"
        );
        assert!(
            refused.to_string().contains("a server of the same lobby"),
            "{refused}"
        );
        assert_eq!(fs::read_to_string(&file).unwrap().lines().count(), 2);
        // A server met before decides by its own line, as ever.
        assert!(matches!(
            check_lobby_key(&file, b, &[a, b, c], &[2; 32]),
            Err(KnownError::Changed { .. })
        ));
        // Alone (not in a list), a new address is trusted on first use.
        check_lobby_key(&file, c, &[], &[2; 32]).unwrap();
    }
}
