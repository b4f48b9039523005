//! "Play a bot" on the Online screen: the bots online, the server's own by
//! level (easy to strongest), then the others by name, each with its
//! rating in the usual rules (asked of the server as the picker opens).
//! Enter challenges the bot chosen at its usual terms (9×9, 10+5, rated):
//! bots accept within a second, and the game starts; another key opens the
//! challenge form with those terms filled in, to change them first.

use crate::ai::Level;
use crate::app::action::Action;
use crate::online::house_bots::{self, usual_terms};
use crate::online::protocol::{Ask, RatedPlayer, Terms};

/// A bot's rating, as far as it is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotRating {
    /// Asked of the server, not answered yet.
    Asked,
    /// No rated game in the usual rules yet.
    New,
    /// Rounded, as the lists show ratings.
    Rated(i32),
}

/// One bot on the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotRow {
    pub name: String,
    /// Its level, for the server's own bots.
    pub level: Option<Level>,
    pub rating: BotRating,
}

/// What a key in the picker does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pick {
    /// Nothing beyond the picker itself.
    Stay,
    Close,
    /// A challenge to send.
    Challenge {
        name: String,
        terms: Terms,
    },
    /// The challenge form, filled in with these, to change them.
    ChangeTerms {
        name: String,
        terms: Terms,
    },
}

/// The picker's state: the bots listed, the one chosen, and what the
/// server said of the last challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotPicker {
    rows: Vec<BotRow>,
    selected: usize,
    /// A challenge sent and not answered yet: its bot.
    sent: Option<String>,
    /// Why the server refused the last challenge.
    error: Option<String>,
}

impl BotPicker {
    /// The picker over `bots` (the players online marked as bots), and the
    /// asks for their ratings.
    pub fn open(bots: &[String]) -> (BotPicker, Vec<Ask>) {
        let mut picker = BotPicker {
            rows: Vec::new(),
            selected: 0,
            sent: None,
            error: None,
        };
        let asks = picker.refresh(bots);
        (picker, asks)
    }

    /// The bots online now: rows for those new (and the asks for their
    /// ratings), none for those gone; the cursor stays on its bot.
    pub fn refresh(&mut self, bots: &[String]) -> Vec<Ask> {
        let chosen = self.chosen().map(|row| row.name.clone());
        self.rows.retain(|row| bots.contains(&row.name));
        let mut asks = Vec::new();
        for name in bots {
            if !self.rows.iter().any(|row| &row.name == name) {
                self.rows.push(BotRow {
                    name: name.clone(),
                    level: house_bots::level_of(name),
                    rating: BotRating::Asked,
                });
                asks.push(Ask::Ratings { name: name.clone() });
            }
        }
        // The server's bots by level, easy first; the others after, by name.
        self.rows
            .sort_by_key(|row| (row.level.map_or(u8::MAX, Level::number), row.name.clone()));
        self.selected = chosen
            .and_then(|name| self.rows.iter().position(|row| row.name == name))
            .unwrap_or(0);
        asks
    }

    /// A key: Up and Down choose, Enter challenges, New game opens the
    /// challenge form, Close closes.
    pub fn update(&mut self, action: Action) -> Pick {
        match action {
            Action::ScrollUp | Action::PrevField => {
                self.selected = self.selected.saturating_sub(1);
            }
            Action::ScrollDown | Action::NextField => {
                self.selected = (self.selected + 1).min(self.rows.len().saturating_sub(1));
            }
            Action::Close => return Pick::Close,
            Action::Submit => {
                if let Some(name) = self.chosen().map(|row| row.name.clone()) {
                    self.sent = Some(name.clone());
                    self.error = None;
                    let terms = usual_terms();
                    return Pick::Challenge { name, terms };
                }
            }
            Action::NewGame => {
                if let Some(name) = self.chosen().map(|row| row.name.clone()) {
                    let terms = usual_terms();
                    return Pick::ChangeTerms { name, terms };
                }
            }
            _ => {}
        }
        Pick::Stay
    }

    /// The server's answer to the ratings of `name`: its rating in the
    /// usual rules, or none yet.
    pub fn rated(&mut self, name: &str, ratings: &[RatedPlayer]) {
        let variant = usual_terms().variant;
        if let Some(row) = self.rows.iter_mut().find(|row| row.name == name) {
            row.rating = ratings
                .iter()
                .find(|r| r.variant == variant && r.games > 0)
                .map_or(
                    BotRating::New,
                    |r| BotRating::Rated(r.rating.round() as i32),
                );
        }
    }

    /// The server refused the challenge: `why`, shown in the picker.
    pub fn refused(&mut self, why: String) {
        self.sent = None;
        self.error = Some(why);
    }

    pub fn rows(&self) -> &[BotRow] {
        &self.rows
    }

    pub const fn selected(&self) -> usize {
        self.selected
    }

    pub fn chosen(&self) -> Option<&BotRow> {
        self.rows.get(self.selected)
    }

    /// The bot challenged, its answer awaited.
    pub fn sent(&self) -> Option<&str> {
        self.sent.as_deref()
    }

    pub fn error(&self) -> Option<&str> {
        self.error.as_deref()
    }
}

/// A row as the picker shows it: the level (or "bot"), the name, the
/// rating.
pub fn row_text(row: &BotRow) -> String {
    let level = row
        .level
        .map_or_else(|| "bot".to_string(), |l| capitalized(l.name()));
    let rating = match row.rating {
        BotRating::Asked => "…".to_string(),
        BotRating::New => "not rated yet".to_string(),
        BotRating::Rated(r) => r.to_string(),
    };
    format!("{level:<10} {:<22} {rating}", row.name)
}

fn capitalized(word: &str) -> String {
    let mut chars = word.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::Variant;
    use crate::online::protocol::Pace;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn rating(name: &str, variant: Variant, rating: f64, games: u32) -> RatedPlayer {
        RatedPlayer {
            name: name.into(),
            variant,
            rating,
            deviation: 80.0,
            games,
            bot: true,
        }
    }

    #[test]
    fn the_bots_come_by_level_then_by_name_each_rating_asked() {
        let bots = names(&["gnubot", "brique-hard", "brique-easy-2", "brique-easy"]);
        let (picker, asks) = BotPicker::open(&bots);
        let order: Vec<&str> = picker.rows().iter().map(|r| r.name.as_str()).collect();
        assert_eq!(
            order,
            ["brique-easy", "brique-easy-2", "brique-hard", "gnubot"]
        );
        assert_eq!(asks.len(), 4);
        assert!(asks.contains(&Ask::Ratings {
            name: "gnubot".into()
        }));
        assert_eq!(picker.rows()[2].level, Some(Level::Hard));
        assert_eq!(picker.rows()[3].level, None);
        assert!(picker.rows().iter().all(|r| r.rating == BotRating::Asked));
    }

    #[test]
    fn enter_challenges_the_bot_chosen_at_its_usual_terms() {
        let (mut picker, _) = BotPicker::open(&names(&["brique-easy", "brique-medium"]));
        assert_eq!(picker.update(Action::ScrollDown), Pick::Stay);
        assert_eq!(
            picker.update(Action::ScrollDown),
            Pick::Stay,
            "stays on the last"
        );
        let Pick::Challenge { name, terms } = picker.update(Action::Submit) else {
            panic!("no challenge");
        };
        assert_eq!(name, "brique-medium");
        assert_eq!((terms.size, terms.rated), (9, true));
        let clock = Pace::Clock {
            minutes: 10,
            increment: 5,
        };
        assert_eq!(terms.pace, clock);
        assert_eq!(picker.sent(), Some("brique-medium"));
        picker.refused("Not accepted: busy.".into());
        assert_eq!(
            (picker.sent(), picker.error()),
            (None, Some("Not accepted: busy."))
        );
        picker.update(Action::ScrollUp);
        let Pick::ChangeTerms { name, terms } = picker.update(Action::NewGame) else {
            panic!("no form");
        };
        assert_eq!((name.as_str(), terms), ("brique-easy", usual_terms()));
        assert_eq!(picker.update(Action::Close), Pick::Close);
    }

    #[test]
    fn ratings_in_the_usual_rules_are_shown_as_they_come() {
        let (mut picker, _) = BotPicker::open(&names(&["brique-easy", "brique-casual"]));
        let usual = usual_terms().variant;
        let other = Variant::ALL.into_iter().find(|v| *v != usual).unwrap();
        picker.rated(
            "brique-easy",
            &[
                rating("brique-easy", other, 1900.0, 3),
                rating("brique-easy", usual, 1432.4, 5),
            ],
        );
        picker.rated(
            "brique-casual",
            &[rating("brique-casual", other, 1700.0, 2)],
        );
        picker.rated("gone", &[]);
        let texts: Vec<String> = picker.rows().iter().map(row_text).collect();
        assert_eq!(
            texts[0],
            format!("{:<10} {:<22} 1432", "Easy", "brique-easy")
        );
        assert!(texts[1].starts_with("Casual"), "{}", texts[1]);
        assert!(texts[1].ends_with("not rated yet"), "{}", texts[1]);
    }

    #[test]
    fn bots_that_come_and_go_keep_the_cursor_on_its_bot() {
        let (mut picker, _) = BotPicker::open(&names(&["brique-easy", "brique-hard"]));
        picker.rated("brique-hard", &[]);
        picker.update(Action::ScrollDown);
        let asks = picker.refresh(&names(&["brique-hard", "brique-casual", "zeta"]));
        assert_eq!(
            asks,
            [
                Ask::Ratings {
                    name: "brique-casual".into()
                },
                Ask::Ratings {
                    name: "zeta".into()
                }
            ]
        );
        assert_eq!(picker.chosen().unwrap().name, "brique-hard");
        assert_eq!(picker.chosen().unwrap().rating, BotRating::New, "kept");
        assert!(picker.refresh(&[]).is_empty());
        assert_eq!((picker.rows().len(), picker.selected()), (0, 0));
        assert_eq!(
            picker.update(Action::Submit),
            Pick::Stay,
            "nobody to challenge"
        );
    }
}
