//! `brique man`: the manual page, in roff, on stdout: the command, then each
//! subcommand's synopsis and options in a section of its own, so that one
//! page says everything.

use std::io;
use std::process::ExitCode;

use clap_mangen::Man;

use super::print_stdout;

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
    let mut page = Vec::new();
    Man::new(command.clone()).render(&mut page)?;
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
    Ok(String::from_utf8_lossy(&page).into_owned())
}

/// `OPTIONS` as `Options`.
fn capitalized(title: &str) -> String {
    let lower = title.to_lowercase();
    let mut chars = lower.chars();
    chars.next().map_or(String::new(), |first| {
        first.to_uppercase().chain(chars).collect()
    })
}
