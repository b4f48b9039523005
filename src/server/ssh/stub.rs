//! TEMPORARY stand-in for `crate::app::remote` until the ssh-screen branch
//! lands: echoes keys, draws a fake board line. Not to be committed as final.
#![allow(dead_code)]

use std::io::Write;
use std::net::SocketAddr;
use std::sync::mpsc::Receiver;

pub enum RemoteInput {
    Bytes(Vec<u8>),
    Resize { width: u16, height: u16 },
    Closed,
}

pub struct RemoteTerminal {
    pub input: Receiver<RemoteInput>,
    pub output: Box<dyn Write + Send>,
    pub width: u16,
    pub height: u16,
    pub term: Option<String>,
    pub colorterm: Option<String>,
}

pub struct RemoteSession {
    pub locations: Option<crate::app::Locations>,
    pub terminal: RemoteTerminal,
    pub engine_threads: usize,
    pub lobby: Option<SocketAddr>,
}

pub enum RemoteEnd {
    Quit,
    Closed,
}

pub fn run(session: RemoteSession) -> std::io::Result<RemoteEnd> {
    let mut t = session.terminal;
    let (mut w, mut h) = (t.width, t.height);
    let draw = |out: &mut Box<dyn Write + Send>, w: u16, h: u16| -> std::io::Result<()> {
        write!(out, "\x1b[?1049h\x1b[2J\x1b[HPlayer 1 to play {w}x{h}")?;
        out.flush()
    };
    draw(&mut t.output, w, h)?;
    loop {
        match t.input.recv() {
            Ok(RemoteInput::Bytes(b)) => {
                if b.contains(&b'q') {
                    write!(t.output, "\x1b[?1049l")?;
                    return Ok(RemoteEnd::Quit);
                }
                write!(t.output, "\x1b[2;1Hgot {:?}", String::from_utf8_lossy(&b))?;
                t.output.flush()?;
            }
            Ok(RemoteInput::Resize { width, height }) => {
                (w, h) = (width, height);
                draw(&mut t.output, w, h)?;
            }
            Ok(RemoteInput::Closed) | Err(_) => return Ok(RemoteEnd::Closed),
        }
    }
}
