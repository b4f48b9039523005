//! Atomic writes respect what is there: links stay links, modes stay, and
//! nothing planted at a temporary name is followed; stale temporary files of
//! killed writes are cleaned up.

#![cfg(unix)]

use std::fs::{self, File};
use std::os::unix::fs::{PermissionsExt, symlink};
use std::path::Path;
use std::time::{Duration, SystemTime};

use crate::games;
use brique::storage::{
    Paths, atomic_write, load_autosave, remove_stale_temporaries, save_autosave,
};

fn mode(path: &Path) -> u32 {
    fs::metadata(path).unwrap().permissions().mode() & 0o7777
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn a_symlink_stays_a_link_and_its_target_gets_the_content() {
    let tmp = tempfile::tempdir().unwrap();
    let real_dir = tmp.path().join("dotfiles");
    fs::create_dir(&real_dir).unwrap();
    let real = real_dir.join("config.toml");
    fs::write(&real, "old").unwrap();
    let link = tmp.path().join("config.toml");
    // A relative link, as dotfile managers make them.
    symlink("dotfiles/config.toml", &link).unwrap();

    atomic_write(&link, b"new").unwrap();
    assert!(
        fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert_eq!(fs::read(&real).unwrap(), b"new");
    assert_eq!(names_in(&real_dir), vec!["config.toml"]);
    assert_eq!(names_in(tmp.path()), vec!["config.toml", "dotfiles"]);

    // A chain of links, ending where no file is yet: the file is made there.
    let second = tmp.path().join("second");
    symlink(&link, &second).unwrap();
    fs::remove_file(&real).unwrap();
    atomic_write(&second, b"again").unwrap();
    assert_eq!(fs::read(&real).unwrap(), b"again");
    assert!(
        fs::symlink_metadata(&second)
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

#[test]
fn a_link_loop_is_an_error_not_a_hang() {
    let tmp = tempfile::tempdir().unwrap();
    let a = tmp.path().join("a");
    let b = tmp.path().join("b");
    symlink(&b, &a).unwrap();
    symlink(&a, &b).unwrap();
    assert!(atomic_write(&a, b"x").is_err());
    assert!(fs::symlink_metadata(&a).unwrap().file_type().is_symlink());
}

#[test]
fn the_files_mode_is_kept() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("secret.toml");
    fs::write(&path, "old").unwrap();
    for wanted in [0o600, 0o640, 0o604] {
        fs::set_permissions(&path, fs::Permissions::from_mode(wanted)).unwrap();
        atomic_write(&path, b"new").unwrap();
        assert_eq!(mode(&path), wanted, "{wanted:o}");
    }
    // The autosave too, and through a link.
    let paths = Paths::under(tmp.path());
    save_autosave(&paths, &games::unfinished(9, 4)).unwrap();
    fs::set_permissions(paths.autosave(), fs::Permissions::from_mode(0o600)).unwrap();
    save_autosave(&paths, &games::unfinished(9, 5)).unwrap();
    assert_eq!(mode(&paths.autosave()), 0o600);
}

#[test]
fn a_new_file_gets_the_usual_mode_not_a_temporary_files() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("fresh");
    atomic_write(&path, b"x").unwrap();
    let usual = {
        let probe = tmp.path().join("probe");
        File::create(&probe).unwrap();
        mode(&probe)
    };
    assert_eq!(mode(&path), usual);
}

#[test]
fn a_link_planted_at_the_old_temporary_name_is_not_followed() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    fs::create_dir_all(&paths.state_dir).unwrap();
    let victim = tmp.path().join("victim");
    fs::write(&victim, "precious").unwrap();
    // The name earlier versions wrote to, predictable from the pid.
    let planted = paths
        .state_dir
        .join(format!(".autosave.brique.{}.tmp", std::process::id()));
    symlink(&victim, &planted).unwrap();

    save_autosave(&paths, &games::unfinished(9, 6)).unwrap();
    assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
    assert!(
        fs::symlink_metadata(&planted)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        !fs::symlink_metadata(paths.autosave())
            .unwrap()
            .file_type()
            .is_symlink()
    );
}

fn age(path: &Path, by: Duration) {
    let file = File::options().write(true).open(path).unwrap();
    file.set_modified(SystemTime::now() - by).unwrap();
}

#[test]
fn stale_temporary_files_are_removed_and_nothing_else() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = Paths::under(tmp.path());
    let dir = &paths.state_dir;
    fs::create_dir_all(dir).unwrap();
    let hour = Duration::from_secs(3600);
    let me = std::process::id();
    let dead = {
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        pid
    };
    let file = |name: &str, by: Duration| {
        let path = dir.join(name);
        fs::write(&path, "half a file").unwrap();
        age(&path, by);
        name.to_string()
    };
    // Old ones go, whoever wrote them; so do a dead process's.
    let old_ours = file(&format!(".brique-{me}-AbC123.tmp"), hour);
    let old_legacy = file(&format!(".autosave.brique.{me}.tmp"), hour);
    let dead_ones = file(
        &format!(".brique-{dead}-XyZ789.tmp"),
        Duration::from_secs(60),
    );
    // A live process's recent one is a write in progress; the user's files stay.
    let live = file(&format!(".brique-{me}-QwE456.tmp"), Duration::from_secs(60));
    let users = file("notes.tmp", hour);
    let dotfile = file(".hidden.tmp", hour);
    let keep_link = format!(".brique-{dead}-Link00.tmp");
    symlink(tmp.path().join("elsewhere"), dir.join(&keep_link)).unwrap();

    let mut removed: Vec<String> = remove_stale_temporaries(dir)
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    removed.sort();
    let mut expected = vec![old_ours, old_legacy, dead_ones];
    expected.sort();
    assert_eq!(removed, expected);
    let mut left = vec![live, users, dotfile, keep_link];
    left.sort();
    assert_eq!(names_in(dir), left);

    // Loading the autosave cleans its directory.
    let again = file(&format!(".brique-{me}-Again1.tmp"), hour);
    load_autosave(&paths);
    assert!(!names_in(dir).contains(&again));
}
