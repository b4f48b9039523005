//! The Online screen's keys, taken by the online part: pages and rows, Enter on a row
//! (accept a seek, open one's game, watch another's, see a player's
//! games, download one), a new seek or challenge, withdrawing one's seek;
//! and the two forms.

use super::desk::Desk;
use super::form::SeekForm;
use super::page::{OnlinePage, PageForm, Tab};
use super::state::Online;
use crate::app::action::Action;
use crate::app::flow::effect::Effect;
use crate::app::keys::keymap::Context;
use crate::app::message::Tone;
use crate::app::remote_game::deed::{Deed, Deeds};
use crate::app::screen::Screen;
use crate::app::settings::form::cycle;
use crate::app::state::App;
use crate::online::protocol::{Ask, SeekId};

impl App {
    /// A key on the Online screen: its page's, or its form's.
    pub(in crate::app) fn on_online(&mut self, action: Action) -> Vec<Effect> {
        let fixed = self.reach.fixed_server().map(str::to_string);
        let context = self.screen.context();
        let Screen::Online(page) = &mut self.screen else {
            return Vec::new();
        };
        let mut desk = Desk {
            page: None,
            session: &mut self.session,
            config: &self.config,
            theme: self.theme,
            fixed: fixed.as_deref(),
            bell: &self.bell,
            context,
        };
        let deeds = self.online.on_page(page, action, &mut desk);
        self.carry_out(deeds)
    }
}

impl Online {
    /// A key on the Online screen's `page`.
    fn on_page(&mut self, page: &mut OnlinePage, action: Action, desk: &mut Desk<'_>) -> Deeds {
        let mut deeds = Deeds::default();
        if page.form.is_some() {
            return self.on_form(page, action);
        }
        if page.tab == Tab::Tournaments && self.on_tournament_key(page, action, desk, &mut deeds) {
            return deeds;
        }
        let rows = self.rows(page.tab);
        // The lists change under the cursor: it stays on a row.
        page.selected = page.selected.min(rows.saturating_sub(1));
        match action {
            Action::Close | Action::OpenOnline => deeds.push(Deed::Open(Screen::Board)),
            Action::NextField => {
                page.step_tab(true);
                self.page_opened(page, &mut deeds);
            }
            Action::PrevField => {
                page.step_tab(false);
                self.page_opened(page, &mut deeds);
            }
            Action::ScrollUp => page.step_row(false, rows),
            Action::ScrollDown => page.step_row(true, rows),
            Action::NextValue if page.tab == Tab::Leaderboard => {
                page.variant = cycle(&crate::core::Variant::ALL, page.variant, true);
                self.page_opened(page, &mut deeds);
            }
            Action::NewGame => {
                let opponent = match page.tab {
                    Tab::Players => self.players.get(page.selected).cloned(),
                    _ => None,
                }
                .filter(|p| Some(p) != self.me.as_ref())
                .unwrap_or_default();
                let game = &desk.config.game;
                let form = SeekForm::new(&opponent, game.size, game.variant, game.pie);
                page.form = Some(PageForm::Seek(form));
            }
            Action::CancelSeek => {
                let me = self.me.clone();
                let own: Vec<SeekId> = self
                    .seeks
                    .iter()
                    .filter(|s| me.as_ref() == Some(&s.by))
                    .map(|s| s.seek)
                    .collect();
                let chosen = (page.tab == Tab::Seeks)
                    .then(|| self.seeks.get(page.selected).map(|s| s.seek))
                    .flatten();
                match chosen.filter(|s| own.contains(s)).or(own.last().copied()) {
                    Some(seek) => {
                        self.send(Ask::Cancel { seek }, &mut deeds);
                    }
                    None => deeds.say(Tone::Warning, "You have no open seek."),
                }
            }
            Action::Disconnect => self.disconnect(page, desk, &mut deeds),
            Action::RenameOnline => match self.me.clone() {
                Some(me) if self.is_up() => {
                    let form = super::rename::RenameForm::new(&me);
                    page.form = Some(PageForm::Rename(form));
                }
                _ => deeds.say(Tone::Warning, "Connect with a name to rename yourself."),
            },
            Action::Submit => self.enter(page, desk, &mut deeds),
            Action::PlayBot => self.open_bot_picker(page, &mut deeds),
            _ => {}
        }
        deeds
    }

    /// Rows on a page, for the cursor's bounds.
    fn rows(&self, tab: Tab) -> usize {
        match tab {
            Tab::Seeks => self.seeks.len(),
            Tab::Mine => self.mine.len(),
            Tab::Games => self.games.len(),
            Tab::Players => self.players.len(),
            Tab::Leaderboard => self.leaderboard.len(),
            Tab::Archive => self.archive.len(),
            Tab::Tournaments => self.tournaments.rows(),
        }
    }

    /// A page's content asked for as it opens (the leaderboard, one's
    /// own archive); the lists come by themselves.
    fn page_opened(&mut self, page: &OnlinePage, deeds: &mut Deeds) {
        match page.tab {
            Tab::Leaderboard => {
                let variant = page.variant;
                self.send(Ask::Leaderboard { variant }, deeds);
            }
            Tab::Archive if self.archive_of.is_none() => {
                if let Some(me) = self.me.clone() {
                    self.ask_archive(me, deeds);
                }
            }
            Tab::Mine => {
                self.send(Ask::MyGames, deeds);
            }
            Tab::Tournaments => self.tournaments_opened(deeds),
            _ => {}
        }
    }

    /// A player's ratings and finished games, for the Archive page.
    pub(super) fn ask_archive(&mut self, name: String, deeds: &mut Deeds) {
        self.archive_of = Some(name.clone());
        self.archive.clear();
        self.ratings.clear();
        self.history.clear();
        self.send(Ask::Ratings { name: name.clone() }, deeds);
        self.send(Ask::Archive { name }, deeds);
    }

    /// Enter on a row.
    fn enter(&mut self, page: &mut OnlinePage, desk: &Desk<'_>, deeds: &mut Deeds) {
        let (tab, i) = (page.tab, page.selected);
        match tab {
            Tab::Seeks => {
                let Some(seek) = self.seeks.get(i).cloned() else {
                    return;
                };
                if self.me.as_deref() == Some(seek.by.as_str()) {
                    let key = desk.key(Context::Online, Action::CancelSeek);
                    deeds.say(
                        Tone::Warning,
                        format!("This is your seek: {key} withdraws it."),
                    );
                } else {
                    self.send(Ask::Accept { seek: seek.seek }, deeds);
                    deeds.say(Tone::Info, format!("Accepting {}'s seek…", seek.by));
                }
            }
            Tab::Mine | Tab::Games => {
                let list = if tab == Tab::Mine {
                    &self.mine
                } else {
                    &self.games
                };
                if let Some(game) = list.get(i).map(|g| g.game) {
                    self.send(Ask::Watch { game }, deeds);
                }
            }
            Tab::Players => {
                if let Some(name) = self.players.get(i).cloned() {
                    page.tab = Tab::Archive;
                    page.selected = 0;
                    self.ask_archive(name, deeds);
                }
            }
            Tab::Leaderboard => {
                if let Some(name) = self.leaderboard.get(i).map(|p| p.name.clone()) {
                    page.tab = Tab::Archive;
                    page.selected = 0;
                    self.ask_archive(name, deeds);
                }
            }
            Tab::Archive => {
                if let Some(game) = self.archive.get(i).map(|g| g.game) {
                    self.send(Ask::Record { game }, deeds);
                }
            }
            // Its own keys took Enter (`tournament_keys.rs`).
            Tab::Tournaments => {}
        }
    }

    fn on_form(&mut self, page: &mut OnlinePage, action: Action) -> Deeds {
        let mut deeds = Deeds::default();
        let up = self.is_up();
        let Some(form) = &mut page.form else {
            return deeds;
        };
        match (form, action) {
            (PageForm::Bots(_), action) => self.on_bot_picker(page, action, &mut deeds),
            (PageForm::Connect(_), Action::Close) if !up => deeds.push(Deed::Open(Screen::Board)),
            (_, Action::Close) => page.form = None,
            (PageForm::Connect(form), Action::NextField | Action::PrevField) => form.step(),
            (PageForm::Connect(form), Action::Edit(edit)) => form.edit(edit),
            (PageForm::Connect(form), Action::Submit) if !form.busy => match form.submitted() {
                Ok((server, name)) => {
                    form.busy = true;
                    form.error = None;
                    deeds.push(Deed::Effect(Effect::ConnectOnline { server, name }));
                }
                Err((field, why)) => {
                    form.focus = field;
                    form.error = Some((field, why));
                }
            },
            (PageForm::Rename(form), Action::Edit(edit)) => form.edit(edit),
            (PageForm::Rename(form), Action::Submit) => {
                if let Some(name) = form.submitted() {
                    self.send(Ask::Rename { name }, &mut deeds);
                }
            }
            (PageForm::Tournament(form), action) => {
                self.on_tournament_form(form, action, &mut deeds);
            }
            (PageForm::Seek(form), Action::NextField) => form.step(true),
            (PageForm::Seek(form), Action::PrevField) => form.step(false),
            (PageForm::Seek(form), Action::Edit(edit)) => form.edit(edit),
            (PageForm::Seek(form), Action::Submit) => {
                let terms = form.terms();
                if let Err(why) = terms.check() {
                    form.error = Some(why.to_string());
                    return deeds;
                }
                let name = form.opponent.text().trim().to_string();
                let ask = if name.is_empty() {
                    Ask::Seek { terms }
                } else {
                    Ask::Challenge { name, terms }
                };
                self.send(ask, &mut deeds);
            }
            _ => {}
        }
        deeds
    }
}
