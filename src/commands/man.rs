//! `brique man`: the manual page, in roff, on stdout: the command, then each
//! subcommand's synopsis and options in a section of its own, so that one
//! page says everything.

use std::io;
use std::process::ExitCode;

use clap_mangen::Man;

use super::print_stdout;
use crate::app::keymap::{Context, KEYMAP};

/// Prints the manual page of `command`, the whole command line.
pub fn run(command: clap::Command) -> ExitCode {
    let page = match page(command) {
        Ok(page) => page,
        Err(e) => {
            eprintln!("brique man: {e}");
            return ExitCode::FAILURE;
        }
    };
    match print_stdout(&page) {
        Ok(()) => ExitCode::SUCCESS,
        Err(code) => code,
    }
}

/// The page in roff.
fn page(command: clap::Command) -> io::Result<String> {
    let mut head = Vec::new();
    Man::new(command.clone()).render(&mut head)?;
    let mut page = pointing_to_sections(&String::from_utf8_lossy(&head)).into_bytes();
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        let name = format!("{} {}", command.get_name(), sub.get_name());
        let man = Man::new(sub.clone().bin_name(&name));
        let mut sections = Vec::new();
        man.render_description_section(&mut sections)?;
        man.render_synopsis_section(&mut sections)?;
        man.render_options_section(&mut sections)?;
        page.extend(format!(".SH \"{}\"\n", name.to_uppercase()).bytes());
        // The subcommand's sections become subsections of its own section;
        // the preamble that each rendering repeats (`.ie`, `.el`) is the page's.
        for line in String::from_utf8_lossy(&sections).lines() {
            let line = match line.strip_prefix(".SH ") {
                Some(title) => format!(".SS {}", capitalized(title)),
                None if line.starts_with(".ie ") || line.starts_with(".el ") => continue,
                None => line.to_string(),
            };
            page.extend(line.bytes().chain([b'\n']));
        }
    }
    page.extend(keys_files_environment().bytes());
    Ok(String::from_utf8_lossy(&page).into_owned())
}

/// What a man page says beyond the options: the keys (from the one keymap
/// table, so they cannot drift), the files and the environment.
fn keys_files_environment() -> String {
    let mut out = String::from(
        ".SH KEYS\nThe default keys; the config file's [keys] section changes them, \
         each under the name given in brackets. The help (?) lists them all.\n",
    );
    for (title, context) in [
        ("The board", Context::Board),
        ("The lessons and puzzles", Context::Training),
    ] {
        out.push_str(&format!(".SS \"{title}\"\n"));
        for binding in KEYMAP.iter().filter(|b| b.contexts.contains(&context)) {
            let keys: Vec<String> = binding.keys.iter().map(|k| k.spelling()).collect();
            out.push_str(&format!(
                ".TP\n\\fB{}\\fR [{}]\n{}\n",
                roff(&keys.join(", ")),
                roff(binding.name),
                roff(binding.help)
            ));
        }
    }
    out.push_str(
        ".SH FILES\n\
         .TP\n$XDG_CONFIG_HOME/brique/config.toml\n\
         The settings (written by the settings screen; --config or BRIQUE_CONFIG choose another file).\n\
         .TP\n$XDG_STATE_HOME/brique/autosave.brique\n\
         The unfinished game, resumed at the next start (autosave\\-2.brique and on for copies playing at once).\n\
         .TP\n$XDG_STATE_HOME/brique/learning.toml\n\
         The lessons done, the puzzles solved, and where you left off (for e to reopen there).\n\
         .TP\n$XDG_STATE_HOME/brique/welcomed\n\
         Left once the welcome of the first start is answered, so that it is shown once.\n\
         .TP\n$XDG_DATA_HOME/brique/records/\n\
         Saved games, one record file each.\n\
         .TP\n$XDG_DATA_HOME/brique/results.tsv\n\
         One line per game won, for the results screen.\n\
         .TP\n$XDG_DATA_HOME/brique/puzzles.txt\n\
         Your own puzzles (brique puzzles generate \\-\\-add), shown after the built\\-in ones.\n\
         .SH ENVIRONMENT\n\
         .TP\nBRIQUE_CONFIG\nThe config file to use, when --config is not given.\n\
         .TP\nNO_COLOR\nWhen set and not empty, the screen uses no colours.\n\
         .TP\nTERM\nWhat the terminal can draw: how many colours, and whether it is dumb.\n\
         .TP\nCOLORTERM\nWith truecolor or 24bit, the terminal draws every colour.\n\
         .TP\nXDG_CONFIG_HOME, XDG_STATE_HOME, XDG_DATA_HOME\n\
         Where the files above are (by default ~/.config, ~/.local/state and ~/.local/share).\n",
    );
    out
}

/// Text as roff prints it: backslashes and hyphens escaped, no line
/// starting with a control character.
fn roff(text: &str) -> String {
    let escaped = text.replace('\\', "\\e").replace('-', "\\-");
    if escaped.starts_with(['.', '\'']) {
        format!("\\&{escaped}")
    } else {
        escaped
    }
}

/// The list of subcommands names pages of their own (`brique-show(1)`),
/// which do not exist: each subcommand is a section of this page, so the
/// list names the command as typed and its section.
fn pointing_to_sections(page: &str) -> String {
    let mut out = String::with_capacity(page.len());
    for line in page.lines() {
        match line
            .strip_prefix("brique\\-")
            .and_then(|rest| rest.strip_suffix("(1)"))
        {
            Some(sub) if sub != "help" => out.push_str(&format!(
                "\\fBbrique {sub}\\fR (section BRIQUE {})",
                sub.to_uppercase()
            )),
            Some(sub) => out.push_str(&format!("\\fBbrique {sub}\\fR")),
            None => out.push_str(line),
        }
        out.push('\n');
    }
    out
}

/// `OPTIONS` as `Options`.
fn capitalized(title: &str) -> String {
    let lower = title.to_lowercase();
    let mut chars = lower.chars();
    chars.next().map_or(String::new(), |first| {
        first.to_uppercase().chain(chars).collect()
    })
}
