//! A player's identity on lobby servers: an X25519 key pair, made at first
//! use and kept in one private file (0600) of 64 bytes, the secret then the
//! public key. No password: the Noise handshake proves the key on every
//! connection, and the server knows the player by the public key.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// The key file's name in the data directory.
pub const KEY_FILE: &str = "online.key";
const KEY_LEN: usize = 32;

/// A key pair; the secret half never leaves this copy.
#[derive(Clone, PartialEq, Eq)]
pub struct Identity {
    secret: [u8; KEY_LEN],
    public: [u8; KEY_LEN],
}

impl std::fmt::Debug for Identity {
    // The secret stays out of logs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Identity({})", self.public_hex())
    }
}

#[derive(Debug, thiserror::Error)]
pub enum IdentityError {
    #[error("cannot read the key file {}: {source}", .path.display())]
    Read { path: PathBuf, source: io::Error },
    #[error("cannot make the key file {}: {source}", .path.display())]
    Write { path: PathBuf, source: io::Error },
    #[error("cannot make a key: {0}")]
    Random(String),
    #[error("the key file {} is not a key ({why}); move it away to make a new key", .path.display())]
    Bad { path: PathBuf, why: String },
}

impl Identity {
    /// A new key pair, from the system's randomness.
    pub fn generate() -> Result<Identity, IdentityError> {
        let random = |e: snow::Error| IdentityError::Random(e.to_string());
        let pair = crate::net::noise::lobby_keypair().map_err(random)?;
        let mut identity = Identity {
            secret: [0; KEY_LEN],
            public: [0; KEY_LEN],
        };
        identity.secret.copy_from_slice(&pair.private);
        identity.public.copy_from_slice(&pair.public);
        Ok(identity)
    }

    pub fn secret(&self) -> &[u8; KEY_LEN] {
        &self.secret
    }

    pub fn public(&self) -> &[u8; KEY_LEN] {
        &self.public
    }

    /// The public key in hexadecimal, as the server stores it.
    pub fn public_hex(&self) -> String {
        hex(&self.public)
    }

    /// The key kept at `path`, made there first if there is none. Made
    /// whole in a private temporary file and linked into place, which
    /// fails if another copy made one meanwhile: then that one is read,
    /// so two copies starting at once end up with the same key.
    pub fn load_or_create(path: &Path) -> Result<Identity, IdentityError> {
        match read_key(path) {
            Err(IdentityError::Read { source, .. }) if source.kind() == io::ErrorKind::NotFound => {
            }
            read => return read,
        }
        let identity = Identity::generate()?;
        let write = |source| IdentityError::Write {
            path: path.to_path_buf(),
            source,
        };
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
        let dir = dir.unwrap_or(Path::new("."));
        fs::create_dir_all(dir).map_err(write)?;
        let mut builder = tempfile::Builder::new();
        builder.prefix(".online-key");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            builder.permissions(fs::Permissions::from_mode(0o600));
        }
        let temp = builder.tempfile_in(dir).map_err(write)?;
        let mut bytes = Vec::with_capacity(2 * KEY_LEN);
        bytes.extend_from_slice(&identity.secret);
        bytes.extend_from_slice(&identity.public);
        temp.as_file().write_all(&bytes).map_err(write)?;
        temp.as_file().sync_all().map_err(write)?;
        match fs::hard_link(temp.path(), path) {
            Ok(()) => Ok(identity),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => read_key(path),
            Err(e) => Err(write(e)),
        }
    }
}

/// Reads a key file: a plain file of exactly 64 bytes (never a FIFO or a
/// device, which could block or never end).
fn read_key(path: &Path) -> Result<Identity, IdentityError> {
    let read = |source| IdentityError::Read {
        path: path.to_path_buf(),
        source,
    };
    let bad = |why: &str| IdentityError::Bad {
        path: path.to_path_buf(),
        why: why.to_string(),
    };
    let meta = fs::symlink_metadata(path).map_err(read)?;
    if !meta.is_file() {
        return Err(bad("not a plain file"));
    }
    let mut file: File = OpenOptions::new().read(true).open(path).map_err(read)?;
    let mut bytes = Vec::with_capacity(2 * KEY_LEN);
    Read::by_ref(&mut file)
        .take(2 * KEY_LEN as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(read)?;
    if bytes.len() != 2 * KEY_LEN {
        return Err(bad("not 64 bytes long"));
    }
    let mut identity = Identity {
        secret: [0; KEY_LEN],
        public: [0; KEY_LEN],
    };
    identity.secret.copy_from_slice(&bytes[..KEY_LEN]);
    identity.public.copy_from_slice(&bytes[KEY_LEN..]);
    Ok(identity)
}

/// Bytes in lower-case hexadecimal.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_made_once_private_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub").join(KEY_FILE);
        let made = Identity::load_or_create(&path).unwrap();
        let again = Identity::load_or_create(&path).unwrap();
        assert_eq!(made, again);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        assert_eq!(fs::read_dir(path.parent().unwrap()).unwrap().count(), 1);
        fs::write(&path, b"short").unwrap();
        let refused = Identity::load_or_create(&path).unwrap_err();
        assert!(refused.to_string().contains("not 64 bytes"), "{refused}");
    }
}
