//! The messages of a game in progress: their wire form (JSON, serde) and
//! their checked form, built from the core's own types. Every message read
//! is checked here before the program sees it: a board size, a rule variant
//! and every move go through the core's parsers, and a game through
//! [`Game::from_moves`], so no message can put an impossible game on screen.

use serde::{Deserialize, Serialize};

use super::clean::{CHAT_CHARS, clean};
use super::clocks::{Clocks, WireClocks};
use super::name::name_or;
use super::wire_player;
use crate::core::{BoardSize, Game, Move, Player, Rules, Variant, parse_moves_on};

/// The longest message, as its JSON text (before encryption).
pub const MAX_MESSAGE: usize = 4096;

/// What the host's game is: sent by the host after every change and on
/// every (re)connection; the guest shows exactly this (a resignation is
/// the game's own, [`Game::resigned`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub game: Game,
    /// The names of Player 1 (the host) and Player 2 (the guest).
    pub names: [String; 2],
    /// The host's clocks, when the game has a time control.
    pub clocks: Option<Clocks>,
}

impl Table {
    /// Whether `other` is this game at this turn, with the clocks doing
    /// the same: then only the time left can differ.
    pub fn same_turn(&self, other: &Table) -> bool {
        self.game == other.game
            && self.names == other.names
            && self.clocks.map(|c| c.course()) == other.clocks.map(|c| c.course())
    }
}

/// Something one player asks the other to agree to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Request {
    /// Take back the last move.
    Undo,
    /// A new game with the colours swapped.
    Rematch,
}

/// A checked message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// The host's game (host to guest only).
    State(Box<Table>),
    /// The guest's move, for the host to check and play (guest to host only).
    Play(Move),
    Ask(Request),
    Answer {
        request: Request,
        yes: bool,
    },
    Resign,
    Chat(String),
    /// The sender turned engine help on: both screens say so.
    Aid(Aid),
    /// Nothing: sent when a link is quiet, so a gone peer shows.
    Ping,
}

/// Engine help a player turned on in a game between friends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aid {
    /// A hint for the move to play.
    Hint,
    /// The engine's analysis on the board.
    Analysis,
    /// The engine's review of the game.
    Review,
}

impl Aid {
    const fn wire(self) -> &'static str {
        match self {
            Aid::Hint => "hint",
            Aid::Analysis => "analysis",
            Aid::Review => "review",
        }
    }

    fn from_wire(text: &str) -> Option<Aid> {
        [Aid::Hint, Aid::Analysis, Aid::Review]
            .into_iter()
            .find(|aid| aid.wire() == text)
    }

    /// What a copy that does not know `aid` shows, as a chat line.
    const fn said(self) -> &'static str {
        match self {
            Aid::Hint => "(I asked the engine for a hint.)",
            Aid::Analysis => "(I turned on the engine's analysis.)",
            Aid::Review => "(I started the engine's review of the game.)",
        }
    }
}

/// Why bytes are not a message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a bad message: {0}")]
pub struct BadMessage(pub String);

/// The wire form. Unknown fields are ignored, so a later version may add
/// some without breaking this one.
#[derive(Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Wire {
    State {
        size: u8,
        variant: String,
        pie: bool,
        /// 1 or 2: the player who held Black at the start.
        first_black: u8,
        /// The moves, as a record writes them: `h8 swap i9`.
        moves: String,
        names: [String; 2],
        #[serde(default)]
        resigned: Option<u8>,
        #[serde(default)]
        clock: Option<WireClocks>,
    },
    Play {
        mv: String,
    },
    Ask {
        request: Request,
    },
    Answer {
        request: Request,
        yes: bool,
    },
    Resign,
    /// A chat line; with `aid`, the sender turned engine help on (a copy
    /// that does not know the field shows the text).
    Chat {
        text: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        aid: Option<String>,
    },
    Ping,
}

fn player(number: u8) -> Result<Player, BadMessage> {
    wire_player::player(number).map_err(|e| BadMessage(e.to_string()))
}

impl Message {
    /// The message as sent (JSON), or an error when it would be too long.
    pub fn encode(&self) -> Result<Vec<u8>, BadMessage> {
        let wire = match self {
            Message::State(table) => Wire::State {
                size: table.game.size().get(),
                variant: table.game.rules().variant.to_string(),
                pie: table.game.rules().pie,
                first_black: wire_player::number(table.game.first_black()),
                moves: table
                    .game
                    .moves()
                    .map(|mv| mv.to_string())
                    .collect::<Vec<_>>()
                    .join(" "),
                names: table.names.clone(),
                resigned: table
                    .game
                    .resigned()
                    .map(|color| wire_player::number(table.game.holder(color))),
                clock: table.clocks.as_ref().map(WireClocks::from),
            },
            Message::Play(mv) => Wire::Play { mv: mv.to_string() },
            Message::Ask(request) => Wire::Ask { request: *request },
            Message::Answer { request, yes } => Wire::Answer {
                request: *request,
                yes: *yes,
            },
            Message::Resign => Wire::Resign,
            Message::Chat(text) => Wire::Chat {
                text: text.clone(),
                aid: None,
            },
            Message::Aid(aid) => Wire::Chat {
                text: aid.said().to_string(),
                aid: Some(aid.wire().to_string()),
            },
            Message::Ping => Wire::Ping,
        };
        let bytes = serde_json::to_vec(&wire).map_err(|e| BadMessage(e.to_string()))?;
        if bytes.len() > MAX_MESSAGE {
            return Err(BadMessage(format!("{} bytes is too long", bytes.len())));
        }
        Ok(bytes)
    }

    /// Reads and checks a message.
    pub fn decode(bytes: &[u8]) -> Result<Message, BadMessage> {
        if bytes.len() > MAX_MESSAGE {
            return Err(BadMessage(format!("{} bytes is too long", bytes.len())));
        }
        let wire: Wire = serde_json::from_slice(bytes).map_err(|e| BadMessage(e.to_string()))?;
        Ok(match wire {
            Wire::State {
                size,
                variant,
                pie,
                first_black,
                moves,
                names,
                resigned,
                clock,
            } => {
                let size = BoardSize::new(size).map_err(|e| BadMessage(e.to_string()))?;
                let variant: Variant = variant
                    .parse()
                    .map_err(|e: crate::core::VariantError| BadMessage(e.to_string()))?;
                let moves = parse_moves_on(&moves, size).map_err(|e| BadMessage(e.to_string()))?;
                let rules = Rules { variant, pie };
                let mut game = Game::from_moves(size, rules, player(first_black)?, &moves)
                    .map_err(|e| BadMessage(e.to_string()))?;
                if let Some(number) = resigned {
                    let color = game.color_of(player(number)?);
                    game.resign(color).map_err(|e| BadMessage(e.to_string()))?;
                }
                let [one, two] = names;
                Message::State(Box::new(Table {
                    game,
                    names: [name_or(&one, "Player 1"), name_or(&two, "Player 2")],
                    clocks: clock
                        .map(Clocks::try_from)
                        .transpose()
                        .map_err(|e| BadMessage(e.to_string()))?,
                }))
            }
            Wire::Play { mv } => Message::Play(
                mv.parse()
                    .map_err(|e: crate::core::SquareError| BadMessage(e.to_string()))?,
            ),
            Wire::Ask { request } => Message::Ask(request),
            Wire::Answer { request, yes } => Message::Answer { request, yes },
            Wire::Resign => Message::Resign,
            // Help this copy does not know is shown as the line it came with.
            Wire::Chat { text, aid } => match aid.as_deref().and_then(Aid::from_wire) {
                Some(aid) => Message::Aid(aid),
                None => Message::Chat(clean(&text, CHAT_CHARS)),
            },
            Wire::Ping => Message::Ping,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    use crate::core::{Color, TimeControl};
    use crate::net::clean::NAME_CHARS;

    fn table(moves: &str) -> Table {
        let size = BoardSize::new(9).unwrap();
        let moves = parse_moves_on(moves, size).unwrap();
        Table {
            game: Game::from_moves(size, Rules::default(), Player::One, &moves).unwrap(),
            names: ["Ann".into(), "Bob".into()],
            clocks: None,
        }
    }

    #[test]
    fn every_message_reads_back_as_sent() {
        let messages = [
            Message::State(Box::new(table("e5 swap c3"))),
            Message::Play("d4".parse().unwrap()),
            Message::Play(Move::Swap),
            Message::Ask(Request::Undo),
            Message::Answer {
                request: Request::Rematch,
                yes: false,
            },
            Message::Resign,
            Message::Chat("good luck".into()),
            Message::Aid(Aid::Hint),
            Message::Aid(Aid::Analysis),
            Message::Aid(Aid::Review),
            Message::Ping,
        ];
        for message in messages {
            let bytes = message.encode().unwrap();
            assert_eq!(Message::decode(&bytes), Ok(message));
        }
    }

    #[test]
    fn a_resignation_travels_with_the_game() {
        let mut resigned = table("e5 swap");
        resigned.game.resign(Color::Black).unwrap();
        let message = Message::State(Box::new(resigned));
        let bytes = message.encode().unwrap();
        assert!(
            String::from_utf8_lossy(&bytes).contains(r#""resigned":2"#),
            "Black is Player 2's after the swap"
        );
        assert_eq!(Message::decode(&bytes), Ok(message));
    }

    #[test]
    fn the_hosts_clocks_travel_with_the_game() {
        let mut timed = table("e5");
        timed.clocks = Some(Clocks {
            control: "0+2".parse().unwrap(),
            left: [Duration::from_millis(1_500), Duration::from_millis(2_000)],
            running: Some(Player::Two),
            flag: None,
        });
        let message = Message::State(Box::new(timed.clone()));
        let bytes = message.encode().unwrap();
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.contains(r#""left_ms":[1500,2000]"#), "{text}");
        assert_eq!(Message::decode(&bytes), Ok(message));
        // Time passing is not a new turn; a fallen flag is.
        let mut later = timed.clone();
        later.clocks.as_mut().unwrap().left[1] = Duration::from_millis(900);
        assert!(later.same_turn(&timed));
        let clocks = later.clocks.as_mut().unwrap();
        (clocks.running, clocks.flag) = (None, Some(Player::Two));
        assert!(!later.same_turn(&timed));
    }

    #[test]
    fn impossible_games_are_refused() {
        let bad = [
            r#"{"type":"state","size":3,"variant":"original","pie":true,"first_black":1,"moves":"","names":["a","b"]}"#,
            r#"{"type":"state","size":9,"variant":"mine","pie":true,"first_black":1,"moves":"","names":["a","b"]}"#,
            r#"{"type":"state","size":9,"variant":"original","pie":true,"first_black":3,"moves":"","names":["a","b"]}"#,
            r#"{"type":"state","size":9,"variant":"original","pie":true,"first_black":1,"moves":"e5 e5","names":["a","b"]}"#,
            r#"{"type":"state","size":9,"variant":"original","pie":true,"first_black":1,"moves":"z9","names":["a","b"]}"#,
            r#"{"type":"state","size":9,"variant":"original","pie":true,"first_black":1,"moves":"","names":["a","b"],"resigned":3}"#,
            r#"{"type":"state","size":9,"variant":"original","pie":true,"first_black":1,"moves":"","names":["a","b"],"clock":{"control":"0+0","left_ms":[0,0],"running":null,"flag":null}}"#,
            r#"{"type":"state","size":9,"variant":"original","pie":true,"first_black":1,"moves":"","names":["a","b"],"clock":{"control":"0+2","left_ms":[0,0],"running":1,"flag":2}}"#,
            r#"{"type":"state","size":9,"variant":"original","pie":true,"first_black":1,"moves":"","names":["a","b"],"clock":{"control":"0+2","left_ms":[0,99999999999999],"running":1,"flag":null}}"#,
            r#"{"type":"state","size":9,"variant":"original","pie":true,"first_black":1,"moves":"","names":["a","b"],"clock":{"control":"0+2","left_ms":[0,0],"running":3,"flag":null}}"#,
            r#"{"type":"play","mv":"e"}"#,
            r#"{"type":"launch"}"#,
            "not json",
        ];
        for text in bad {
            assert!(Message::decode(text.as_bytes()).is_err(), "{text}");
        }
    }

    #[test]
    fn names_and_chat_arrive_clean() {
        let text = r#"{"type":"state","size":9,"variant":"revised","pie":false,"first_black":2,"moves":"","names":["Eve\u001b[2J","\u0007Bob"],"resigned":2}"#;
        let Ok(Message::State(table)) = Message::decode(text.as_bytes()) else {
            panic!("a good state");
        };
        assert_eq!(table.names, ["Eve[2J".to_string(), "Bob".to_string()]);
        let resigned = table.game.resigned().map(|color| table.game.holder(color));
        assert_eq!(resigned, Some(Player::Two));
        let chat = r#"{"type":"chat","text":"hi\u001b]0;title\u0007"}"#;
        assert_eq!(
            Message::decode(chat.as_bytes()),
            Ok(Message::Chat("hi]0;title".into()))
        );
    }

    #[test]
    fn engine_help_is_a_chat_line_with_a_field_older_copies_skip() {
        let bytes = Message::Aid(Aid::Analysis).encode().unwrap();
        let text = String::from_utf8_lossy(&bytes);
        assert!(text.contains(r#""type":"chat""#), "{text}");
        assert!(text.contains(r#""aid":"analysis""#), "{text}");
        // A plain chat line is as before: no `aid` field.
        let plain = Message::Chat("hi".into()).encode().unwrap();
        assert_eq!(plain, br#"{"type":"chat","text":"hi"}"#);
        // Help of a later version is shown as its line.
        let later = r#"{"type":"chat","text":"(I asked the oracle.)","aid":"oracle"}"#;
        assert_eq!(
            Message::decode(later.as_bytes()),
            Ok(Message::Chat("(I asked the oracle.)".into()))
        );
    }

    #[test]
    fn the_longest_game_fits_in_a_message() {
        let size = BoardSize::new(25).unwrap();
        let mut game = Game::new(size, Rules::default(), Player::One);
        for sq in size.squares() {
            if game.position().is_over() {
                break;
            }
            let _ = game.play(Move::Place(sq));
        }
        let table = Table {
            game,
            names: ["x".repeat(NAME_CHARS), "y".repeat(NAME_CHARS)],
            clocks: Some(Clocks {
                control: TimeControl::new(TimeControl::MAX_MINUTES, TimeControl::MAX_INCREMENT)
                    .unwrap(),
                left: [Duration::from_secs(24 * 3600); 2],
                running: Some(Player::One),
                flag: None,
            }),
        };
        assert!(Message::State(Box::new(table)).encode().is_ok());
    }
}
