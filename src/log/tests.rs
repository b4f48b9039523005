use std::ffi::OsStr;
use std::fs;
use std::io::Write;

use tracing::Level;

use super::*;

fn most_verbose(levels: Result<Option<Targets>, LevelsError>) -> Option<LevelFilter> {
    levels
        .unwrap()
        .map(|t| t.default_level().unwrap_or(LevelFilter::OFF))
}

#[test]
fn off_unless_the_flag_or_the_variable_asks() {
    assert_eq!(most_verbose(levels(false, None)), None);
    assert_eq!(most_verbose(levels(false, Some(OsStr::new("")))), None);
    assert_eq!(
        most_verbose(levels(true, None)),
        Some(LevelFilter::DEBUG),
        "--log alone logs at debug"
    );
    assert_eq!(
        most_verbose(levels(false, Some(OsStr::new("info")))),
        Some(LevelFilter::INFO)
    );
    assert_eq!(
        most_verbose(levels(true, Some(OsStr::new("warn")))),
        Some(LevelFilter::WARN),
        "the variable's levels win over the flag's debug"
    );
    assert_eq!(
        most_verbose(levels(true, Some(OsStr::new("off")))),
        None,
        "off is no log, even with the flag"
    );
    let by_target = levels(false, Some(OsStr::new("warn,brique::net=trace")))
        .unwrap()
        .unwrap();
    assert!(by_target.would_enable("brique::net::link", &Level::TRACE));
    assert!(!by_target.would_enable("brique::app", &Level::INFO));
}

#[test]
fn a_variable_that_is_no_filter_is_said() {
    let message = levels(false, Some(OsStr::new("loud==")))
        .unwrap_err()
        .to_string();
    assert!(message.contains("BRIQUE_LOG"), "{message}");
    assert!(message.contains("loud=="), "{message}");
}

#[test]
fn the_file_is_created_private_in_a_new_directory() {
    let home = tempfile::tempdir().unwrap();
    let dir = home.path().join("state").join("brique");
    let mut log = LogFile::open(&dir).unwrap();
    log.write_all(b"one line\n").unwrap();
    assert_eq!(log.path(), dir.join(FILE_NAME));
    assert_eq!(
        fs::read_to_string(dir.join(FILE_NAME)).unwrap(),
        "one line\n"
    );
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(dir.join(FILE_NAME))
            .unwrap()
            .permissions()
            .mode();
        assert_eq!(mode & 0o777, 0o600);
        let mode = fs::metadata(&dir).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
    }
}

#[test]
fn lines_are_appended_to_an_earlier_log() {
    let dir = tempfile::tempdir().unwrap();
    LogFile::open(dir.path())
        .unwrap()
        .write_all(b"first run\n")
        .unwrap();
    LogFile::open(dir.path())
        .unwrap()
        .write_all(b"second run\n")
        .unwrap();
    let text = fs::read_to_string(dir.path().join(FILE_NAME)).unwrap();
    assert_eq!(text, "first run\nsecond run\n");
}

#[cfg(unix)]
#[test]
fn a_planted_link_is_not_followed() {
    let dir = tempfile::tempdir().unwrap();
    let elsewhere = dir.path().join("victim");
    fs::write(&elsewhere, "keep me").unwrap();
    std::os::unix::fs::symlink(&elsewhere, dir.path().join(FILE_NAME)).unwrap();
    let error = LogFile::open(dir.path()).err().expect("a link is refused");
    assert!(error.to_string().contains("symbolic link"), "{error}");
    assert_eq!(fs::read_to_string(&elsewhere).unwrap(), "keep me");
}

#[cfg(unix)]
#[test]
fn a_fifo_is_refused_without_waiting() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join(FILE_NAME);
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    assert!(LogFile::open(dir.path()).is_err());
}

#[test]
fn a_full_log_is_rotated_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let full = vec![b'x'; MAX_BYTES as usize];
    fs::write(dir.path().join(FILE_NAME), &full).unwrap();
    LogFile::open(dir.path())
        .unwrap()
        .write_all(b"new\n")
        .unwrap();
    assert_eq!(fs::read(dir.path().join("brique.log.1")).unwrap(), full);
    assert_eq!(
        fs::read_to_string(dir.path().join(FILE_NAME)).unwrap(),
        "new\n"
    );
}

#[test]
fn the_log_never_grows_past_its_bound() {
    let dir = tempfile::tempdir().unwrap();
    let mut log = LogFile::open(dir.path()).unwrap();
    let line = [b'y'; 1000];
    for _ in 0..(3 * MAX_BYTES / 1000) {
        log.write_all(&line).unwrap();
    }
    let len = |name: &str| fs::metadata(dir.path().join(name)).unwrap().len();
    assert!(len(FILE_NAME) <= MAX_BYTES, "{}", len(FILE_NAME));
    assert!(len("brique.log.1") <= MAX_BYTES, "{}", len("brique.log.1"));
    assert!(len("brique.log.1") > MAX_BYTES - 1000);
    let names = fs::read_dir(dir.path()).unwrap().count();
    assert_eq!(names, 2, "one old log is kept, no more");
}
