//! A throwaway PostgreSQL server for the tests that need one: Debian's
//! `postgresql` installed where missing (as `programs` installs ssh), a
//! cluster made in a temporary directory by `initdb`, started by `pg_ctl`
//! on 127.0.0.1 on a free port, and stopped (by its data directory) when
//! dropped. As root it runs as the `postgres` user (initdb refuses root),
//! which then owns the directory. Nothing depends on a server being there
//! beforehand, and no test passes because PostgreSQL is missing.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

pub struct Cluster {
    /// Removed after the server stops (the field order drops it last).
    dir: tempfile::TempDir,
    bin: PathBuf,
    /// `runuser -u postgres --` when the tests run as root.
    as_postgres: bool,
    port: u16,
}

impl Cluster {
    /// A new, empty cluster, started; its database `postgres` is the
    /// user `brique`'s, without a password.
    pub fn start() -> Cluster {
        let bin = bin_dir().unwrap_or_else(|| {
            crate::programs::install_package("initdb");
            bin_dir().expect(
                "these tests run PostgreSQL, whose initdb is missing and could not be installed \
                 (install Debian's `postgresql`, or run the tests as root or with passwordless sudo)",
            )
        });
        let as_postgres = is_root();
        let dir = tempfile::Builder::new()
            .prefix("brique-pg")
            .tempdir()
            .unwrap();
        if as_postgres {
            let chown = Command::new("chown")
                .arg("postgres:")
                .arg(dir.path())
                .status()
                .unwrap();
            assert!(
                chown.success(),
                "cannot give {} to postgres",
                dir.path().display()
            );
        }
        let mut cluster = Cluster {
            dir,
            bin,
            as_postgres,
            port: 0,
        };
        let data = cluster.data();
        cluster.run_ok(
            "initdb",
            &[
                "-D".as_ref(),
                data.as_os_str(),
                "-U".as_ref(),
                "brique".as_ref(),
                "--auth=trust".as_ref(),
                "--encoding=UTF8".as_ref(),
                "--locale=C".as_ref(),
                "--no-sync".as_ref(),
            ],
        );
        // A free port can be taken between its finding and the server's
        // start: try a few.
        for _ in 0..5 {
            cluster.port = free_port();
            let options = format!(
                "-c listen_addresses=127.0.0.1 -p {} -c unix_socket_directories={} \
                 -c fsync=off -c max_connections=50",
                cluster.port,
                cluster.dir.path().display()
            );
            let log = cluster.dir.path().join("log");
            let started = cluster.run(
                "pg_ctl",
                &[
                    "-D".as_ref(),
                    data.as_os_str(),
                    "-l".as_ref(),
                    log.as_os_str(),
                    "-w".as_ref(),
                    "-o".as_ref(),
                    options.as_ref(),
                    "start".as_ref(),
                ],
            );
            if started.status.success() {
                return cluster;
            }
        }
        let log = std::fs::read_to_string(cluster.dir.path().join("log")).unwrap_or_default();
        panic!("PostgreSQL did not start:\n{log}");
    }

    /// The URL a lobby is given: `--db postgres://…`.
    pub fn url(&self) -> String {
        format!("postgres://brique@127.0.0.1:{}/postgres", self.port)
    }

    fn data(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    /// `program` of PostgreSQL's with `args`, as the user that owns the cluster.
    fn run(&self, program: &str, args: &[&std::ffi::OsStr]) -> Output {
        let exe = self.bin.join(program);
        let mut command = if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(exe);
            c
        } else {
            Command::new(exe)
        };
        command
            .args(args)
            .current_dir(self.dir.path())
            .stdin(Stdio::null())
            .output()
            .unwrap_or_else(|e| panic!("cannot run {program}: {e}"))
    }

    fn run_ok(&self, program: &str, args: &[&std::ffi::OsStr]) {
        let out = self.run(program, args);
        assert!(
            out.status.success(),
            "{program} failed: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        if self.port != 0 {
            let data = self.data();
            let _ = self.run(
                "pg_ctl",
                &[
                    "-D".as_ref(),
                    data.as_os_str(),
                    "-m".as_ref(),
                    "immediate".as_ref(),
                    "stop".as_ref(),
                ],
            );
        }
    }
}

/// Where PostgreSQL's programs are: Debian's newest version's directory,
/// else the PATH's (Fedora, Alpine).
fn bin_dir() -> Option<PathBuf> {
    let mut debian: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .map(|entry| entry.path().join("bin"))
        .filter(|bin| bin.join("initdb").exists())
        .collect();
    // The newest version last (numbers compared as numbers).
    debian.sort_by_key(|bin| {
        bin.parent()
            .and_then(Path::file_name)
            .and_then(|v| v.to_str())
            .and_then(|v| v.parse::<u32>().ok())
    });
    debian.pop().or_else(|| {
        let out = Command::new("sh")
            .args(["-c", "command -v initdb"])
            .output()
            .ok()?;
        let path = String::from_utf8(out.stdout).ok()?;
        Path::new(path.trim()).parent().map(Path::to_path_buf)
    })
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.trim_ascii() == b"0")
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .unwrap()
}
