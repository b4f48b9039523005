//! RULES.md's diagrams are what `brique show` prints: each ```text block that
//! starts with `$ brique show …` is run through the real binary and compared;
//! and `brique rules` prints RULES.md itself, from the binary alone.

/// The words of a command line, with "double-quoted" words kept whole.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in line.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            _ => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}

/// Each `$ brique …` command in the text blocks, with the output shown after it.
fn examples(doc: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut lines = doc.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "```text" {
            continue;
        }
        let block: Vec<&str> = lines.by_ref().take_while(|l| l.trim() != "```").collect();
        if let Some(command) = block.first().and_then(|l| l.strip_prefix("$ brique ")) {
            found.push((command.to_string(), block[1..].join("\n") + "\n"));
        }
    }
    found
}

#[test]
fn every_diagram_in_rules_md_is_what_brique_show_prints() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/RULES.md"))
        .expect("RULES.md");
    let examples = examples(&doc);
    assert!(
        examples.len() >= 8,
        "RULES.md has {} diagrams",
        examples.len()
    );
    for (command, shown) in examples {
        let out = crate::brique_command()
            .env_remove("BRIQUE_LOG") // a developer's own log stays out of the tests
            .args(words(&command))
            .output()
            .expect("run brique");
        assert!(out.status.success(), "brique {command} failed");
        let printed = String::from_utf8(out.stdout).expect("utf-8");
        assert_eq!(
            printed, shown,
            "RULES.md shows another diagram for: brique {command}"
        );
    }
}

#[test]
fn quoted_words_stay_whole() {
    assert_eq!(
        words(r#"show --size 5 --moves "c4 a1 b3""#),
        ["show", "--size", "5", "--moves", "c4 a1 b3"]
    );
    assert_eq!(words(r#"show --moves """#), ["show", "--moves", ""]);
}

#[test]
fn brique_rules_prints_rules_md_from_the_binary_alone() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/RULES.md"))
        .expect("RULES.md");
    // Run away from the source tree: the text is in the binary.
    let elsewhere = tempfile::tempdir().expect("a temporary directory");
    let out = crate::brique_command()
        .arg("rules")
        .current_dir(elsewhere.path())
        .output()
        .expect("run brique");
    assert!(out.status.success(), "brique rules failed: {out:?}");
    assert_eq!(String::from_utf8(out.stdout).expect("utf-8"), doc);
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
