//! `brique completions SHELL` and `brique man` through the real binary.

use crate::brique;

const SUBCOMMANDS: [&str; 6] = ["show", "bench", "gtp", "arena", "completions", "man"];

#[test]
fn every_shell_gets_a_script_naming_the_subcommands() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let out = brique(&["completions", shell]);
        assert!(out.status.success(), "{shell}");
        let script = String::from_utf8(out.stdout).expect("utf-8");
        assert!(!script.is_empty(), "{shell}");
        for sub in SUBCOMMANDS {
            assert!(script.contains(sub), "{shell}: no {sub}");
        }
        // Options of a subcommand complete too.
        assert!(script.contains("moves"), "{shell}: no --moves");
    }
    let out = brique(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_man_page_is_roff_naming_the_subcommands() {
    let out = brique(&["man"]);
    assert!(out.status.success());
    let page = String::from_utf8(out.stdout).expect("utf-8");
    assert!(page.contains(".TH brique 1"), "{page}");
    assert!(page.contains(".SH SUBCOMMANDS"), "{page}");
    for sub in SUBCOMMANDS {
        assert!(
            page.contains(&format!("\\fBbrique {sub}\\fR")),
            "no {sub} in the list: {page}"
        );
        assert!(
            page.contains(&format!(".SH \"BRIQUE {}\"", sub.to_uppercase())),
            "no section for {sub}: {page}"
        );
        assert!(
            !page.contains(&format!("brique\\-{sub}(1)")),
            "{sub} points to a page that does not exist: {page}"
        );
    }
}

#[test]
fn the_man_page_lists_the_keys_the_files_and_the_environment() {
    let out = brique(&["man"]);
    assert!(out.status.success());
    let page = String::from_utf8(out.stdout).expect("utf-8");
    for words in [
        ".SH KEYS",
        "[learn]",
        "\\fBEnter, Space\\fR [place]",
        "[learn\\-retry]",
        ".SH FILES",
        "autosave.brique",
        "results.tsv",
        ".SH ENVIRONMENT",
        "BRIQUE_CONFIG",
        "NO_COLOR",
        "\nTERM\n",
        "COLORTERM",
    ] {
        assert!(page.contains(words), "{words:?} in {page}");
    }
}
