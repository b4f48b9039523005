//! The Tournaments page's keys, its form's, and what the server answers
//! to them: the list asked for as the page opens, Enter opens a
//! tournament (followed: its changes come as pushes) or, on its page,
//! watches a game or shows a player's games; joining, withdrawing,
//! pausing an arena; the form that makes one. And the pairing told when
//! the player is elsewhere.

use super::desk::Desk;
use super::page::{OnlinePage, PageForm, Tab};
use super::state::Online;
use super::tournament_form::TournamentForm;
use super::tournaments::PageRow;
use crate::app::action::Action;
use crate::app::keys::keymap::Context;
use crate::app::message::Tone;
use crate::app::remote_game::deed::Deeds;
use crate::online::protocol::{Answer, Ask, GameId};
use crate::online::tournaments::{Kind, Stage, TournamentId};

impl Online {
    /// A key on the Tournaments page that is its own; false: the page's
    /// usual keys (rows, other pages, disconnecting) take it.
    pub(super) fn on_tournament_key(
        &mut self,
        page: &mut OnlinePage,
        action: Action,
        desk: &Desk<'_>,
        deeds: &mut Deeds,
    ) -> bool {
        // Shown after a new connection: the list asked for again.
        if self.is_up() && self.tournaments.first_ask() {
            self.send(Ask::Tournaments, deeds);
        }
        let open = self.tournaments.open();
        match (action, open) {
            (Action::Close, Some(tournament)) => {
                self.tournaments.close();
                self.send(Ask::UnfollowTournament { tournament }, deeds);
                // The cursor back on the tournament left.
                let list = self.tournaments.list();
                page.selected = list.iter().position(|t| t.id == tournament).unwrap_or(0);
            }
            (Action::Submit, None) => {
                let chosen = self.tournaments.list().get(page.selected).map(|t| t.id);
                if let Some(tournament) = chosen {
                    self.tournaments.show(tournament);
                    page.selected = 0;
                    self.send(Ask::Tournament { tournament }, deeds);
                }
            }
            (Action::Submit, Some(_)) => self.enter_page_row(page, deeds),
            (Action::NewGame, _) => match &self.me {
                Some(_) => {
                    let game = &desk.config.game;
                    let form = TournamentForm::new(game.size, game.variant, game.pie);
                    page.form = Some(PageForm::Tournament(Box::new(form)));
                }
                None => deeds.say(Tone::Warning, "Connect with a name to make a tournament."),
            },
            // Without a tournament open, `d` withdraws one's seek as on any page.
            (Action::JoinTournament | Action::PauseTournament, None) => {
                let enter = desk.key(Context::Online, Action::Submit);
                deeds.say(
                    Tone::Warning,
                    format!("Open a tournament first: {enter} on it."),
                );
            }
            (Action::JoinTournament, Some(tournament)) => {
                self.send(Ask::JoinTournament { tournament }, deeds);
            }
            (Action::CancelSeek, Some(tournament)) => {
                self.send(Ask::WithdrawTournament { tournament }, deeds);
            }
            (Action::PauseTournament, Some(tournament)) => {
                let me = self.me.clone();
                match self.tournaments.my_standing(me.as_deref()) {
                    _ if self.tournaments.open_kind() != Some(Kind::Arena) => {
                        deeds.say(Tone::Warning, "Only an arena's games can be paused.");
                    }
                    Some(standing) => {
                        let paused = !standing.paused;
                        self.send(Ask::PauseTournament { tournament, paused }, deeds);
                    }
                    None => deeds.say(Tone::Warning, "You are not in this arena."),
                }
            }
            _ => return false,
        }
        true
    }

    /// Enter on a row of a tournament's page: a player's games, or a game
    /// watched (one's own: played).
    fn enter_page_row(&mut self, page: &mut OnlinePage, deeds: &mut Deeds) {
        let row = self.tournaments.page_rows().get(page.selected).copied();
        match row {
            Some(PageRow::Standing(standing)) => {
                let name = standing.name.clone();
                page.tab = Tab::Archive;
                page.selected = 0;
                self.ask_archive(name, deeds);
            }
            Some(PageRow::Game(game)) => match game.game {
                Some(game) => {
                    self.send(Ask::Watch { game }, deeds);
                }
                None => deeds.say(Tone::Info, "This game has not started yet."),
            },
            None => {}
        }
    }

    /// The page opened: the list asked for once a connection (then it
    /// comes as pushes), the open tournament again.
    pub(super) fn tournaments_opened(&mut self, deeds: &mut Deeds) {
        if self.is_up() && self.tournaments.first_ask() {
            self.send(Ask::Tournaments, deeds);
        }
        if let Some(tournament) = self.tournaments.open()
            && self.tournaments.page().is_none()
        {
            self.send(Ask::Tournament { tournament }, deeds);
        }
    }

    /// A key on the form that makes a tournament.
    pub(super) fn on_tournament_form(
        &mut self,
        form: &mut TournamentForm,
        action: Action,
        deeds: &mut Deeds,
    ) {
        match action {
            Action::NextField => form.step(true),
            Action::PrevField => form.step(false),
            Action::Edit(edit) => form.edit(edit),
            Action::Submit => {
                if let Some(spec) = form.submitted() {
                    self.send(Ask::CreateTournament { spec }, deeds);
                }
            }
            _ => {}
        }
    }

    /// The server's answer to a tournament's ask.
    pub(super) fn on_tournament_answer(
        &mut self,
        asked: Ask,
        answer: Answer,
        desk: &mut Desk<'_>,
        deeds: &mut Deeds,
    ) {
        let name = |online: &Online, id: TournamentId| {
            online
                .tournaments
                .name_of(id)
                .map_or_else(|| format!("tournament #{id}"), str::to_string)
        };
        match (asked, answer) {
            (Ask::Tournaments, Answer::Tournaments { tournaments }) => {
                self.tournaments.take_list(tournaments);
            }
            (Ask::Tournament { .. }, Answer::Tournament { page }) => {
                self.tournaments.take_page(*page);
            }
            (Ask::CreateTournament { spec }, Answer::TournamentMade { tournament }) => {
                if let Some(page) = &mut desk.page {
                    page.form = None;
                    page.tab = Tab::Tournaments;
                    page.selected = 0;
                }
                self.tournaments.show(tournament);
                self.send(Ask::Tournament { tournament }, deeds);
                let join = desk.key(Context::Online, Action::JoinTournament);
                let text = format!("{} is made (#{tournament}): {join} enters you.", spec.name);
                deeds.say(Tone::Success, text);
            }
            (Ask::JoinTournament { tournament }, Answer::Done) => {
                let text = format!("You are in {}.", name(self, tournament));
                deeds.say(Tone::Success, text);
            }
            (Ask::WithdrawTournament { tournament }, Answer::Done) => {
                let text = format!("You have withdrawn from {}.", name(self, tournament));
                deeds.say(Tone::Info, text);
            }
            (Ask::PauseTournament { paused, .. }, Answer::Done) => {
                let text = if paused {
                    "Paused: you are not paired until you come back."
                } else {
                    "Back in the arena: you are paired again."
                };
                deeds.say(Tone::Info, text);
            }
            _ => {}
        }
    }

    /// The server's refusal of a tournament's ask: the list's in its
    /// place, the form's under its rows, the others on the status line.
    pub(super) fn on_tournament_refusal(
        &mut self,
        asked: &Ask,
        why: &str,
        desk: &mut Desk<'_>,
        deeds: &mut Deeds,
    ) {
        let what = match asked {
            Ask::Tournaments => return self.tournaments.refuse(why),
            Ask::Tournament { .. } => {
                self.tournaments.close();
                "The tournament cannot be shown"
            }
            Ask::CreateTournament { .. } => "The tournament was not made",
            Ask::JoinTournament { .. } => "Not entered",
            Ask::WithdrawTournament { .. } => "Not withdrawn",
            Ask::PauseTournament { .. } => "Not changed",
            _ => "The server refused",
        };
        let text = format!("{what}: {why}.");
        if let (Ask::CreateTournament { .. }, Some(page)) = (asked, &mut desk.page)
            && let Some(PageForm::Tournament(form)) = &mut page.form
        {
            form.error = Some(text);
            return;
        }
        deeds.say(Tone::Warning, text);
    }

    /// `Push::Paired`: the pairing kept for its game's start; said at once
    /// to a player elsewhere than the Online screen (on the Online screen
    /// the game opens on its own as it starts).
    pub(super) fn on_paired(
        &mut self,
        tournament: TournamentId,
        against: &str,
        round: u32,
        game: GameId,
        desk: &Desk<'_>,
        deeds: &mut Deeds,
    ) {
        let text = self.tournaments.paired(tournament, against, round, game);
        if desk.page.is_none() {
            deeds.say(Tone::Info, paired_text(&text, desk));
        }
    }

    /// What is said as a game starts: its pairing, if one was told.
    pub(super) fn started_text(&mut self, game: GameId, desk: &Desk<'_>) -> Option<String> {
        let text = self.tournaments.started(game)?;
        Some(paired_text(&text, desk))
    }
}

/// "Your game of … starts." on the board, or elsewhere with the key that
/// goes to it: "… starts: Esc goes to it."
fn paired_text(text: &str, desk: &Desk<'_>) -> String {
    match desk.context {
        Context::Board | Context::Online | Context::OnlineForm => format!("{text}."),
        context => {
            let key = desk.key(context, Action::Close);
            format!("{text}: {key} goes to it.")
        }
    }
}

/// Whether a tournament can still be entered: before its start, an arena
/// at any time before its end.
pub fn open_to_entries(stage: Stage, kind: Kind) -> bool {
    stage == Stage::Upcoming || (stage == Stage::Running && kind == Kind::Arena)
}
