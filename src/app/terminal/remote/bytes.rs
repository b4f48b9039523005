//! A remote terminal's bytes become crossterm events. crossterm's own
//! parser is private to its reading of the local terminal, so `terminput`
//! (the same parser, made to run on any bytes) reads them and
//! `terminput-crossterm` turns its events into crossterm's. What is left
//! here is feeding it one byte at a time, as crossterm does, with bounds:
//! an unfinished sequence (or paste) is kept to [`PENDING_MAX`] bytes.

use std::collections::VecDeque;

use ratatui::crossterm::event::Event;

const ESC: u8 = 0x1b;

/// The most an unfinished sequence may hold: a paste longer than this is
/// dropped (a text field takes a few hundred characters at most), and so
/// is anything else that long (no key's sequence is).
pub const PENDING_MAX: usize = 64 * 1024;

/// The end of a bracketed paste.
const PASTE_END: &[u8] = b"\x1b[201~";
const PASTE_START: &[u8] = b"\x1b[200~";

pub const PASTE_DROPPED: &str = "That paste was longer than 64 KiB and was ignored.";

/// What the bytes said.
#[derive(Debug, PartialEq)]
pub enum Parsed {
    Event(Event),
    /// Bytes dropped, and why, for the player to know.
    Dropped(&'static str),
}

/// Bytes read so far that are not yet a whole event, and the events parsed.
#[derive(Debug, Default)]
pub struct InputBytes {
    pending: Vec<u8>,
    /// Inside a paste too long to keep: bytes are dropped until its end;
    /// the last bytes seen, to find the end marker.
    skipping_paste: Option<Vec<u8>>,
    parsed: VecDeque<Parsed>,
}

impl InputBytes {
    /// Reads `bytes`; the events they finish are then given by [`Self::next`].
    pub fn feed(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.push(byte);
        }
    }

    /// The next event parsed, in order.
    pub fn next(&mut self) -> Option<Parsed> {
        self.parsed.pop_front()
    }

    /// Whether the bytes end with an Esc alone, which is the Esc key unless
    /// more of a sequence follows at once.
    pub fn holds_lone_esc(&self) -> bool {
        self.pending == [ESC]
    }

    /// No more came after a lone Esc: it is the Esc key.
    pub fn end_lone_esc(&mut self) {
        if self.holds_lone_esc() {
            self.pending.clear();
            self.parse_pending(true);
        }
    }

    /// How many bytes are kept waiting (bounded by [`PENDING_MAX`]).
    #[cfg(test)]
    pub fn pending_len(&self) -> usize {
        self.pending.len() + self.skipping_paste.as_ref().map_or(0, Vec::len)
    }

    fn push(&mut self, byte: u8) {
        if let Some(tail) = &mut self.skipping_paste {
            if tail.len() == PASTE_END.len() {
                tail.remove(0);
            }
            tail.push(byte);
            if tail == PASTE_END {
                self.skipping_paste = None;
                self.parsed.push_back(Parsed::Dropped(PASTE_DROPPED));
            }
            return;
        }
        self.pending.push(byte);
        // An Esc alone waits to see whether a sequence follows.
        if self.pending != [ESC] {
            self.parse_pending(false);
        }
    }

    /// Parses the pending bytes: an event takes them, an error drops them
    /// (as crossterm does), an unfinished sequence keeps them within bounds.
    fn parse_pending(&mut self, lone_esc: bool) {
        let parsed = if lone_esc {
            Ok(Some(terminput::Event::Key(terminput::KeyCode::Esc.into())))
        } else {
            terminput::Event::parse_from(&self.pending)
        };
        match parsed {
            Ok(Some(event)) => {
                self.pending.clear();
                // Events crossterm has no name for (none a terminal sends
                // unasked) are left out.
                if let Ok(event) = terminput_crossterm::to_crossterm(event) {
                    self.parsed.push_back(Parsed::Event(event));
                }
            }
            Ok(None) if self.pending.len() < PENDING_MAX => {}
            Ok(None) => {
                if self.pending.starts_with(PASTE_START) {
                    let tail = self
                        .pending
                        .split_off(self.pending.len() - PASTE_END.len() + 1);
                    self.skipping_paste = Some(tail);
                }
                self.pending.clear();
            }
            Err(_) => self.pending.clear(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::{
        KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
    };

    fn parse(bytes: &[u8]) -> Vec<Parsed> {
        let mut input = InputBytes::default();
        input.feed(bytes);
        input.end_lone_esc();
        std::iter::from_fn(|| input.next()).collect()
    }

    fn key(code: KeyCode, modifiers: KeyModifiers) -> Parsed {
        Parsed::Event(Event::Key(KeyEvent::new(code, modifiers)))
    }

    fn plain(code: KeyCode) -> Parsed {
        key(code, KeyModifiers::NONE)
    }

    #[test]
    fn keys_arrive_as_crossterm_reads_them() {
        assert_eq!(
            parse(b"\x1b[A\x1b[B\x1bOC\x1b[D\r\t\x7f"),
            vec![
                plain(KeyCode::Up),
                plain(KeyCode::Down),
                plain(KeyCode::Right),
                plain(KeyCode::Left),
                plain(KeyCode::Enter),
                plain(KeyCode::Tab),
                plain(KeyCode::Backspace),
            ]
        );
        assert_eq!(
            parse(b"\x1bOP\x1b[15~\x1b[1;5A"),
            vec![
                plain(KeyCode::F(1)),
                plain(KeyCode::F(5)),
                key(KeyCode::Up, KeyModifiers::CONTROL),
            ]
        );
        assert_eq!(
            parse(b"\x03\x1bxQ\xc3\xa9"),
            vec![
                key(KeyCode::Char('c'), KeyModifiers::CONTROL),
                key(KeyCode::Char('x'), KeyModifiers::ALT),
                key(KeyCode::Char('Q'), KeyModifiers::SHIFT),
                plain(KeyCode::Char('é')),
            ]
        );
    }

    #[test]
    fn a_lone_esc_is_the_esc_key_once_nothing_follows() {
        let mut input = InputBytes::default();
        input.feed(b"\x1b");
        assert!(input.holds_lone_esc());
        assert_eq!(input.next(), None);
        // The rest of a sequence split across two reads.
        input.feed(b"[A");
        assert_eq!(input.next(), Some(plain(KeyCode::Up)));
        input.feed(b"\x1b");
        input.end_lone_esc();
        assert_eq!(input.next(), Some(plain(KeyCode::Esc)));
        assert!(!input.holds_lone_esc());
    }

    #[test]
    fn a_character_split_across_reads_is_one_key() {
        let mut input = InputBytes::default();
        input.feed(b"\xe2\x97");
        assert_eq!(input.next(), None);
        input.feed(b"\x8f");
        assert_eq!(input.next(), Some(plain(KeyCode::Char('●'))));
    }

    #[test]
    fn sgr_mouse_clicks_and_scrolls() {
        let mouse = |kind, column, row| {
            Parsed::Event(Event::Mouse(MouseEvent {
                kind,
                column,
                row,
                modifiers: KeyModifiers::NONE,
            }))
        };
        assert_eq!(
            parse(b"\x1b[<0;10;5M\x1b[<0;10;5m\x1b[<64;3;4M"),
            vec![
                mouse(MouseEventKind::Down(MouseButton::Left), 9, 4),
                mouse(MouseEventKind::Up(MouseButton::Left), 9, 4),
                mouse(MouseEventKind::ScrollUp, 2, 3),
            ]
        );
    }

    #[test]
    fn a_bracketed_paste_is_one_event_even_across_reads() {
        let mut input = InputBytes::default();
        input.feed(b"\x1b[200~ab");
        input.feed(b"c\r\nq\x1b[201~x");
        assert_eq!(
            input.next(),
            Some(Parsed::Event(Event::Paste("abc\r\nq".to_string())))
        );
        assert_eq!(input.next(), Some(plain(KeyCode::Char('x'))));
    }

    #[test]
    fn a_paste_too_long_is_dropped_whole_and_said() {
        let mut input = InputBytes::default();
        input.feed(PASTE_START);
        // Keys inside the paste never act as keys.
        for _ in 0..PENDING_MAX / 1000 + 10 {
            input.feed(&[b'q'; 1000]);
            assert!(input.pending_len() <= PENDING_MAX);
            assert_eq!(input.next(), None);
        }
        input.feed(PASTE_END);
        input.feed(b"z");
        assert_eq!(input.next(), Some(Parsed::Dropped(PASTE_DROPPED)));
        assert_eq!(input.next(), Some(plain(KeyCode::Char('z'))));
        assert_eq!(input.pending_len(), 0);
    }

    #[test]
    fn an_endless_sequence_is_dropped_at_the_bound() {
        let mut input = InputBytes::default();
        input.feed(b"\x1b[");
        input.feed(&vec![b'1'; PENDING_MAX * 2]);
        assert!(input.pending_len() <= PENDING_MAX);
        input.feed(b"\x1b[A");
        assert_eq!(
            std::iter::from_fn(|| input.next()).last(),
            Some(plain(KeyCode::Up))
        );
    }

    #[test]
    fn garbage_is_dropped_and_what_follows_is_read() {
        assert_eq!(parse(b"\xff\x80\x1bO~a"), vec![plain(KeyCode::Char('a'))]);
    }

    proptest::proptest! {
        #[test]
        fn any_bytes_never_panic_and_stay_bounded(
            reads in proptest::collection::vec(proptest::collection::vec(proptest::num::u8::ANY, 0..300), 0..20)
        ) {
            let mut input = InputBytes::default();
            for bytes in &reads {
                input.feed(bytes);
                proptest::prop_assert!(input.pending_len() <= PENDING_MAX);
                while input.next().is_some() {}
            }
            input.end_lone_esc();
        }

        #[test]
        fn sequences_cut_anywhere_never_panic(
            seed in proptest::collection::vec(0usize..12, 0..60)
        ) {
            const PIECES: [&[u8]; 12] = [
                b"\x1b", b"[", b"<", b"1", b";", b"M", b"~", b"200~", b"201~", b"O", b"\xe2", b"u",
            ];
            let bytes: Vec<u8> = seed.iter().flat_map(|&i| PIECES[i].iter().copied()).collect();
            let mut input = InputBytes::default();
            input.feed(&bytes);
            proptest::prop_assert!(input.pending_len() <= PENDING_MAX);
            while input.next().is_some() {}
        }
    }
}
