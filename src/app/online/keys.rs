//! The Online screen's keys, for `App`: pages and rows, Enter on a row
//! (accept a seek, open one's game, watch another's, see a player's
//! games, download one), a new seek or challenge, withdrawing one's seek;
//! and the two forms.

use super::form::SeekForm;
use super::page::{PageForm, Tab};
use crate::app::action::Action;
use crate::app::message::Tone;
use crate::app::screen::Screen;
use crate::app::settings::form::cycle;
use crate::app::state::App;
use crate::app::update::Effect;
use crate::online::protocol::{Ask, SeekId};

impl App {
    pub(in crate::app) fn on_online(&mut self, action: Action) -> Vec<Effect> {
        let Screen::Online(page) = &self.screen else {
            return Vec::new();
        };
        if page.form.is_some() {
            return self.on_online_form(action);
        }
        let rows = self.online_rows(page.tab);
        let Screen::Online(page) = &mut self.screen else {
            return Vec::new();
        };
        // The lists change under the cursor: it stays on a row.
        page.selected = page.selected.min(rows.saturating_sub(1));
        match action {
            Action::Close | Action::OpenOnline => self.screen = Screen::Board,
            Action::NextField => {
                page.step_tab(true);
                return self.online_page_opened();
            }
            Action::PrevField => {
                page.step_tab(false);
                return self.online_page_opened();
            }
            Action::ScrollUp => page.step_row(false, rows),
            Action::ScrollDown => page.step_row(true, rows),
            Action::NextValue if page.tab == Tab::Leaderboard => {
                page.variant = cycle(&crate::core::Variant::ALL, page.variant, true);
                return self.online_page_opened();
            }
            Action::NewGame => {
                let (tab, selected) = (page.tab, page.selected);
                let opponent = match tab {
                    Tab::Players => self.online.players.get(selected).cloned(),
                    _ => None,
                }
                .filter(|p| Some(p) != self.online.me.as_ref())
                .unwrap_or_default();
                let game = &self.config.game;
                let form = SeekForm::new(&opponent, game.size, game.variant, game.pie);
                if let Screen::Online(page) = &mut self.screen {
                    page.form = Some(PageForm::Seek(form));
                }
            }
            Action::CancelSeek => {
                let me = self.online.me.clone();
                let own: Vec<SeekId> = self
                    .online
                    .seeks
                    .iter()
                    .filter(|s| me.as_ref() == Some(&s.by))
                    .map(|s| s.seek)
                    .collect();
                let chosen = (page.tab == Tab::Seeks)
                    .then(|| self.online.seeks.get(page.selected).map(|s| s.seek))
                    .flatten();
                match chosen.filter(|s| own.contains(s)).or(own.last().copied()) {
                    Some(seek) => {
                        self.online_send(Ask::Cancel { seek });
                    }
                    None => self.say(Tone::Warning, "You have no open seek."),
                }
            }
            Action::Disconnect => self.disconnect_online(),
            Action::RenameOnline => match self.online.me.clone() {
                Some(me) if self.online.is_up() => {
                    let form = super::rename::RenameForm::new(&me);
                    if let Screen::Online(page) = &mut self.screen {
                        page.form = Some(PageForm::Rename(form));
                    }
                }
                _ => self.say(Tone::Warning, "Connect with a name to rename yourself."),
            },
            Action::Submit => return self.online_enter(),
            _ => {}
        }
        Vec::new()
    }

    /// Rows on a page, for the cursor's bounds.
    fn online_rows(&self, tab: Tab) -> usize {
        let o = &self.online;
        match tab {
            Tab::Seeks => o.seeks.len(),
            Tab::Mine => o.mine.len(),
            Tab::Games => o.games.len(),
            Tab::Players => o.players.len(),
            Tab::Leaderboard => o.leaderboard.len(),
            Tab::Archive => o.archive.len(),
        }
    }

    /// A page's content asked for as it opens (the leaderboard, one's
    /// own archive); the lists come by themselves.
    fn online_page_opened(&mut self) -> Vec<Effect> {
        let Screen::Online(page) = &self.screen else {
            return Vec::new();
        };
        match page.tab {
            Tab::Leaderboard => {
                let variant = page.variant;
                self.online_send(Ask::Leaderboard { variant });
            }
            Tab::Archive if self.online.archive_of.is_none() => {
                if let Some(me) = self.online.me.clone() {
                    self.ask_archive(me);
                }
            }
            Tab::Mine => {
                self.online_send(Ask::MyGames);
            }
            _ => {}
        }
        Vec::new()
    }

    /// A player's ratings and finished games, for the Archive page.
    fn ask_archive(&mut self, name: String) {
        self.online.archive_of = Some(name.clone());
        self.online.archive.clear();
        self.online.ratings.clear();
        self.online.history.clear();
        self.online_send(Ask::Ratings { name: name.clone() });
        self.online_send(Ask::Archive { name: name.clone() });
    }

    /// Enter on a row.
    fn online_enter(&mut self) -> Vec<Effect> {
        let Screen::Online(page) = &mut self.screen else {
            return Vec::new();
        };
        let (tab, i) = (page.tab, page.selected);
        match tab {
            Tab::Seeks => {
                let Some(seek) = self.online.seeks.get(i).cloned() else {
                    return Vec::new();
                };
                if self.online.me.as_deref() == Some(seek.by.as_str()) {
                    let key = self.online_key(Action::CancelSeek);
                    self.say(
                        Tone::Warning,
                        format!("This is your seek: {key} withdraws it."),
                    );
                } else {
                    self.online_send(Ask::Accept { seek: seek.seek });
                    self.say(Tone::Info, format!("Accepting {}'s seek…", seek.by));
                }
            }
            Tab::Mine | Tab::Games => {
                let list = if tab == Tab::Mine {
                    &self.online.mine
                } else {
                    &self.online.games
                };
                if let Some(game) = list.get(i).map(|g| g.game) {
                    self.online_send(Ask::Watch { game });
                }
            }
            Tab::Players => {
                if let Some(name) = self.online.players.get(i).cloned() {
                    page.tab = Tab::Archive;
                    page.selected = 0;
                    self.ask_archive(name);
                }
            }
            Tab::Leaderboard => {
                if let Some(name) = self.online.leaderboard.get(i).map(|p| p.name.clone()) {
                    page.tab = Tab::Archive;
                    page.selected = 0;
                    self.ask_archive(name);
                }
            }
            Tab::Archive => {
                if let Some(game) = self.online.archive.get(i).map(|g| g.game) {
                    self.online_send(Ask::Record { game });
                }
            }
        }
        Vec::new()
    }

    fn on_online_form(&mut self, action: Action) -> Vec<Effect> {
        let Screen::Online(page) = &mut self.screen else {
            return Vec::new();
        };
        let Some(form) = &mut page.form else {
            return Vec::new();
        };
        match (form, action) {
            (PageForm::Connect(_), Action::Close) if !self.online.is_up() => {
                self.screen = Screen::Board;
            }
            (_, Action::Close) => page.form = None,
            (PageForm::Connect(form), Action::NextField | Action::PrevField) => form.step(),
            (PageForm::Connect(form), Action::Edit(edit)) => form.edit(edit),
            (PageForm::Connect(form), Action::Submit) if !form.busy => match form.submitted() {
                Ok((server, name)) => {
                    form.busy = true;
                    form.error = None;
                    return vec![Effect::ConnectOnline { server, name }];
                }
                Err((field, why)) => {
                    form.focus = field;
                    form.error = Some((field, why));
                }
            },
            (PageForm::Rename(form), Action::Edit(edit)) => form.edit(edit),
            (PageForm::Rename(form), Action::Submit) => {
                if let Some(name) = form.submitted() {
                    self.online_send(Ask::Rename { name });
                }
            }
            (PageForm::Seek(form), Action::NextField) => form.step(true),
            (PageForm::Seek(form), Action::PrevField) => form.step(false),
            (PageForm::Seek(form), Action::Edit(edit)) => form.edit(edit),
            (PageForm::Seek(form), Action::Submit) => {
                let terms = form.terms();
                if let Err(why) = terms.check() {
                    form.error = Some(why.to_string());
                    return Vec::new();
                }
                let name = form.opponent.text().trim().to_string();
                let ask = if name.is_empty() {
                    Ask::Seek { terms }
                } else {
                    Ask::Challenge { name, terms }
                };
                self.online_send(ask);
            }
            _ => {}
        }
        Vec::new()
    }

    /// How the Online screen's key for `action` is written.
    pub(in crate::app) fn online_key(&self, action: Action) -> String {
        crate::app::keys::keymap::key_for(
            self.keys(),
            crate::app::keys::keymap::Context::Online,
            action,
            self.theme,
        )
    }
}
