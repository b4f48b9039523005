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
    Ok(String::from_utf8_lossy(&page).into_owned())
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
