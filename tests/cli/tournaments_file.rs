//! `brique server --lobby --tournaments FILE`: a bad file is refused before
//! the server starts, with the file's name and the line at fault.

use std::time::{Duration, Instant};

use super::brique_command;

#[test]
fn a_tournaments_file_with_a_bad_line_stops_the_server_with_that_line() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("tournaments.toml");
    std::fs::write(
        &file,
        "[[tournament]]\nname = \"Quick swiss\"\nkind = \"knockout\"\nsize = 5\n\
         clock = \"1+1\"\nrounds = 2\nstart = \"+3s\"\n",
    )
    .unwrap();
    let mut child = brique_command()
        .args(["server", "--lobby", "--bind", "127.0.0.1", "--port", "0"])
        .args(["--lobby-port", "0", "--data-dir"])
        .arg(dir.path())
        .arg("--tournaments")
        .arg(&file)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Bounded: a server that started after all is stopped (by its id).
    let deadline = Instant::now() + Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("the server started on a bad file");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut said = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut said).unwrap();
    assert_eq!(status.code(), Some(2), "{said}");
    assert!(said.contains("tournaments.toml: line 3:"), "{said}");
    assert!(said.contains("knockout"), "{said}");
}
