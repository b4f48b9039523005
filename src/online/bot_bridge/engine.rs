//! A GTP engine as a child process (`brique gtp`, or any program speaking
//! the Go Text Protocol on its standard input and output). A reader
//! thread reads its output in lines of at most [`MAX_ENGINE_LINE`] bytes,
//! so that an engine writing without end cannot fill memory, and every
//! answer is waited for with a timeout, so that a hung engine cannot hold
//! the bridge. An engine that failed once is not asked again: the caller
//! drops it (which kills it) and starts another.

use std::io::{BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::commands::lines::{Line, read_line};

/// The longest line read from an engine; GTP answers are far shorter.
pub const MAX_ENGINE_LINE: usize = 4096;
/// The most lines one answer may have (a `showboard` of 25 rows fits).
pub const MAX_ANSWER_LINES: usize = 64;

/// Why an engine is given up.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    #[error("the engine command is empty")]
    NoCommand,
    #[error("the engine {program} could not start: {source}")]
    Start {
        program: String,
        source: std::io::Error,
    },
    #[error("the engine has ended")]
    Ended,
    #[error("cannot write to the engine: {0}")]
    Write(std::io::Error),
    #[error("the engine did not answer {command} within {} seconds", .wait.as_secs_f64())]
    Timeout { command: String, wait: Duration },
    #[error("the engine wrote a line longer than {MAX_ENGINE_LINE} bytes")]
    LineTooLong,
    #[error("the engine's answer has more than {MAX_ANSWER_LINES} lines")]
    AnswerTooLong,
    #[error("the engine answered garbage to {command}: {line:?}")]
    Garbage { command: String, line: String },
    #[error("the engine refused {command}: {why}")]
    Refused { command: String, why: String },
}

/// What the reader thread saw.
enum Output {
    Line(String),
    TooLong,
    End,
}

/// A running engine; dropping it kills it.
#[derive(Debug)]
pub struct Engine {
    child: Child,
    input: ChildStdin,
    output: Receiver<Output>,
}

impl Engine {
    /// Starts `program` with `args`, its standard error the bridge's.
    pub fn start(argv: &[String]) -> Result<Engine, EngineError> {
        let (program, args) = argv.split_first().ok_or(EngineError::NoCommand)?;
        let failed = |source| EngineError::Start {
            program: program.clone(),
            source,
        };
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(failed)?;
        let missing = || failed(std::io::Error::other("no pipe to the engine"));
        let (Some(input), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(missing());
        };
        let (lines, output) = mpsc::channel();
        // Ends at the engine's end (its output closes); never joined, so
        // that an engine whose children keep the pipe open holds nobody.
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut line = Vec::new();
            loop {
                let seen = match read_line(&mut reader, &mut line, MAX_ENGINE_LINE) {
                    Ok(Line::Read) => Output::Line(String::from_utf8_lossy(&line).into_owned()),
                    Ok(Line::TooLong) => Output::TooLong,
                    Ok(Line::End) | Err(_) => Output::End,
                };
                let last = !matches!(seen, Output::Line(_));
                if lines.send(seen).is_err() || last {
                    return;
                }
            }
        });
        Ok(Engine {
            child,
            input,
            output,
        })
    }

    /// The engine's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends `command` and waits at most `wait` for its answer: the text
    /// after `=` (lines joined by `\n`), or why there is none.
    pub fn ask(&mut self, command: &str, wait: Duration) -> Result<String, EngineError> {
        writeln!(self.input, "{command}")
            .and_then(|()| self.input.flush())
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::BrokenPipe => EngineError::Ended,
                _ => EngineError::Write(e),
            })?;
        let deadline = Instant::now() + wait;
        let mut answer: Option<(bool, Vec<String>)> = None;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.output.recv_timeout(left) {
                Ok(Output::Line(line)) => line,
                Ok(Output::TooLong) => return Err(EngineError::LineTooLong),
                Ok(Output::End) | Err(RecvTimeoutError::Disconnected) => {
                    return Err(EngineError::Ended);
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(EngineError::Timeout {
                        command: command.to_string(),
                        wait,
                    });
                }
            };
            let line = line.trim_end_matches(['\n', '\r']);
            match &mut answer {
                // Blank lines before an answer are allowed.
                None if line.trim().is_empty() => {}
                None => answer = Some(first_line(command, line)?),
                Some((ok, lines)) if line.trim().is_empty() => {
                    let text = lines.join("\n");
                    return if *ok {
                        Ok(text)
                    } else {
                        Err(EngineError::Refused {
                            command: command.to_string(),
                            why: text,
                        })
                    };
                }
                Some((_, lines)) if lines.len() >= MAX_ANSWER_LINES => {
                    return Err(EngineError::AnswerTooLong);
                }
                Some((_, lines)) => lines.push(line.to_string()),
            }
        }
    }
}

/// The first line of an answer: `=` or `?`, an optional id, then text.
fn first_line(command: &str, line: &str) -> Result<(bool, Vec<String>), EngineError> {
    let ok = match line.chars().next() {
        Some('=') => true,
        Some('?') => false,
        _ => {
            return Err(EngineError::Garbage {
                command: command.to_string(),
                line: line.chars().take(80).collect(),
            });
        }
    };
    let text = line[1..].trim_start_matches(|c: char| c.is_ascii_digit());
    Ok((ok, vec![text.trim().to_string()]))
}

impl Drop for Engine {
    fn drop(&mut self) {
        // Killed, not asked to quit: it may be the hung one.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shell(script: &str) -> Engine {
        Engine::start(&["sh".into(), "-c".into(), script.into()]).unwrap()
    }

    const WAIT: Duration = Duration::from_secs(20);

    #[test]
    fn answers_are_read_and_refusals_told() {
        let mut engine = shell(
            "read a; printf '= Brique\\n\\n'; read b; printf '\\n?3 no such thing\\n\\n'; \
             read c; printf '= one\\ntwo\\n\\n'",
        );
        assert_eq!(engine.ask("name", WAIT).unwrap(), "Brique");
        let refused = engine.ask("fly", WAIT).unwrap_err();
        assert!(
            matches!(&refused, EngineError::Refused { why, .. } if why == "no such thing"),
            "{refused}"
        );
        assert_eq!(engine.ask("list", WAIT).unwrap(), "one\ntwo");
        assert!(matches!(
            engine.ask("name", WAIT).unwrap_err(),
            EngineError::Ended | EngineError::Write(_)
        ));
    }

    #[test]
    fn garbage_endless_lines_and_silence_are_failures() {
        let mut engine = shell("read a; echo hello; exec sleep 30");
        assert!(matches!(
            engine.ask("name", WAIT).unwrap_err(),
            EngineError::Garbage { .. }
        ));
        let mut engine = shell("read a; exec tr -d '\\n' < /dev/zero");
        assert!(matches!(
            engine.ask("name", WAIT).unwrap_err(),
            EngineError::LineTooLong
        ));
        let mut engine = shell("read a; exec sleep 30");
        assert!(matches!(
            engine.ask("name", Duration::from_millis(50)).unwrap_err(),
            EngineError::Timeout { .. }
        ));
        assert!(matches!(
            Engine::start(&["/nonexistent/engine".into()]).unwrap_err(),
            EngineError::Start { .. }
        ));
    }
}
