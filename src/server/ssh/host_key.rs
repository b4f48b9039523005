//! The SSH server's own key (Ed25519), kept in its data directory so that
//! players' `known_hosts` keep recognising it: made at first start, never
//! replaced. A file that is not a key stops the server with a clear
//! message instead of being overwritten, since a new key would make every
//! player's `ssh` cry "host key changed".

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use russh::keys::ssh_key::LineEnding;
use russh::keys::ssh_key::private::Ed25519Keypair;
use russh::keys::{Algorithm, HashAlg, PrivateKey};

/// The host key's file name in the server's data directory.
pub const HOST_KEY_FILE: &str = "ssh-host-ed25519.key";

/// A key file is a few hundred bytes; past this it is not one.
const MAX_KEY_BYTES: u64 = 64 * 1024;

/// Why the host key cannot be had; the file, if there is one, stays as it is.
#[derive(Debug, thiserror::Error)]
pub enum HostKeyError {
    #[error("cannot make the SSH host key {}: {source}", .path.display())]
    Make {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot read the SSH host key {}: {source}", .path.display())]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "the SSH host key {} is not a plain file: move it away and a new key is made",
        .0.display()
    )]
    NotPlain(PathBuf),
    #[error(
        "{} is not an unencrypted OpenSSH private key: it was left as it is; \
         move it away and a new key is made (players will be told the key changed)",
        .0.display()
    )]
    NotAKey(PathBuf),
    #[error("{} holds a {algorithm} key; the server's key is Ed25519", .path.display())]
    NotEd25519 { path: PathBuf, algorithm: Algorithm },
}

/// The key in `path`, made there first if there is none.
pub fn load_or_create(path: &Path) -> Result<PrivateKey, HostKeyError> {
    let path_buf = || path.to_path_buf();
    match std::fs::symlink_metadata(path) {
        Ok(_) => load(path),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => match create(path) {
            Ok(key) => Ok(key),
            // Another copy of the server made one first: theirs it is.
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => load(path),
            Err(source) => Err(HostKeyError::Make {
                path: path_buf(),
                source,
            }),
        },
        Err(source) => Err(HostKeyError::Read {
            path: path_buf(),
            source,
        }),
    }
}

/// The key's fingerprint as `ssh-keygen -l` and `ssh` show it
/// (`SHA256:…`).
pub fn fingerprint(key: &PrivateKey) -> String {
    key.public_key().fingerprint(HashAlg::Sha256).to_string()
}

fn load(path: &Path) -> Result<PrivateKey, HostKeyError> {
    let shown = path.display();
    let read = |source| HostKeyError::Read {
        path: path.to_path_buf(),
        source,
    };
    let meta = std::fs::symlink_metadata(path).map_err(read)?;
    // A link could point at anyone's file, a FIFO would block: only a
    // plain file is read.
    if !meta.is_file() {
        return Err(HostKeyError::NotPlain(path.to_path_buf()));
    }
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_KEY_BYTES + 1).read_to_string(&mut text))
        .map_err(read)?;
    let key = PrivateKey::from_openssh(text.as_bytes())
        .ok()
        .filter(|k| {
            u64::try_from(text.len()).is_ok_and(|n| n <= MAX_KEY_BYTES) && !k.is_encrypted()
        })
        .ok_or_else(|| HostKeyError::NotAKey(path.to_path_buf()))?;
    if key.algorithm() != Algorithm::Ed25519 {
        return Err(HostKeyError::NotEd25519 {
            path: path.to_path_buf(),
            algorithm: key.algorithm(),
        });
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if meta.permissions().mode() & 0o077 != 0 {
            tracing::warn!("{shown} can be read by others: chmod 600 it");
        }
    }
    Ok(key)
}

/// Writes a new key to `path`, private (0600) and complete before it gets
/// its name, never over another file (`AlreadyExists` then).
fn create(path: &Path) -> std::io::Result<PrivateKey> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)?;
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed).map_err(|e| std::io::Error::other(e.to_string()))?;
    let key = PrivateKey::from(Ed25519Keypair::from_seed(&seed));
    let text = key
        .to_openssh(LineEnding::LF)
        .map_err(std::io::Error::other)?;
    // tempfile makes its files 0600.
    let mut file = tempfile::NamedTempFile::new_in(dir)?;
    file.write_all(text.as_bytes())?;
    file.as_file().sync_all()?;
    file.persist_noclobber(path).map_err(|e| e.error)?;
    Ok(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_made_once_kept_private_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("server").join(HOST_KEY_FILE);
        let made = load_or_create(&path).unwrap();
        let again = load_or_create(&path).unwrap();
        assert_eq!(fingerprint(&made), fingerprint(&again));
        assert!(fingerprint(&made).starts_with("SHA256:"));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
    }

    #[test]
    fn a_file_that_is_not_a_key_is_an_error_and_stays() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(HOST_KEY_FILE);
        std::fs::write(&path, "not a key").unwrap();
        let error = load_or_create(&path).unwrap_err();
        assert!(matches!(error, HostKeyError::NotAKey(_)), "{error:?}");
        assert!(
            error
                .to_string()
                .contains("not an unencrypted OpenSSH private key"),
            "{error}"
        );
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "not a key");
    }
}
