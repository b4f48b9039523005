//! The lobby server's answers to the requests this copy sent, acted on by
//! what each asked: a seek placed, a game to watch, the lists asked for, a
//! record downloaded; and a refusal said where it was asked.

use super::desk::Desk;
use super::page::{PageForm, Tab};
use super::play_bot::{take_ratings, take_refusal};
use super::state::Online;
use crate::app::message::Tone;
use crate::app::remote_game::deed::{Deed, Deeds};
use crate::online::protocol::{Answer, Ask};

impl Online {
    pub(super) fn on_refusal(
        &mut self,
        asked: &Ask,
        why: &str,
        desk: &mut Desk<'_>,
        deeds: &mut Deeds,
    ) {
        if matches!(
            asked,
            Ask::Tournaments
                | Ask::Tournament { .. }
                | Ask::CreateTournament { .. }
                | Ask::JoinTournament { .. }
                | Ask::WithdrawTournament { .. }
                | Ask::PauseTournament { .. }
        ) {
            return self.on_tournament_refusal(asked, why, desk, deeds);
        }
        let what = match asked {
            Ask::Seek { .. } | Ask::Challenge { .. } => "The seek was refused",
            Ask::Accept { .. } => "Not accepted",
            Ask::Move { .. } => "The move was refused",
            Ask::Record { .. } => "Not downloaded",
            Ask::Chat { .. } => "The line was not sent",
            Ask::Takeback { .. } | Ask::TakebackAnswer { .. } => "No take-back",
            Ask::Rename { .. } => "Not renamed",
            _ => "The server refused",
        };
        if let Ask::Watch { game } = asked
            && self.resume == Some(*game)
        {
            self.resume = None;
            let text = format!("The online game #{game} cannot go on here: {why}.");
            return deeds.say(Tone::Warning, text);
        }
        let text = format!("{what}: {why}.");
        if matches!(asked, Ask::Challenge { .. }) && take_refusal(desk.page.as_deref_mut(), &text) {
            return;
        }
        if let (Ask::Seek { .. } | Ask::Challenge { .. }, Some(page)) = (asked, &mut desk.page)
            && let Some(PageForm::Seek(form)) = &mut page.form
        {
            form.error = Some(text);
            return;
        }
        if let (Ask::Rename { .. }, Some(page)) = (asked, &mut desk.page)
            && let Some(PageForm::Rename(form)) = &mut page.form
        {
            return form.refused(text);
        }
        deeds.say(Tone::Warning, text);
    }

    pub(super) fn on_answer(
        &mut self,
        asked: Ask,
        answer: Answer,
        desk: &mut Desk<'_>,
        deeds: &mut Deeds,
    ) {
        match (asked, answer) {
            (asked @ (Ask::Seek { .. } | Ask::Challenge { .. }), Answer::Seeking { .. }) => {
                if let Some(page) = &mut desk.page {
                    page.form = None;
                    page.tab = Tab::Seeks;
                }
                let text = match asked {
                    Ask::Challenge { name, .. } => {
                        format!("Challenge sent: the game starts when {name} accepts.")
                    }
                    _ => "Seeking: the game starts when someone accepts.".to_string(),
                };
                deeds.say(Tone::Success, text);
            }
            (Ask::Cancel { .. }, Answer::Done) => deeds.say(Tone::Info, "Seek withdrawn."),
            (Ask::Watch { game }, Answer::Game { state }) if state.game == game => {
                self.show_game(state, desk, deeds);
            }
            (Ask::MyGames, Answer::Games { games }) => self.mine = games,
            (Ask::Leaderboard { .. }, Answer::Leaderboard { players }) => {
                self.leaderboard = players;
            }
            // Answers for a player no longer shown are dropped.
            (Ask::Ratings { name }, Answer::Ratings { ratings, history }) => {
                take_ratings(desk.page.as_deref_mut(), &name, &ratings);
                if self.archive_of.as_deref() == Some(&name) {
                    (self.ratings, self.history) = (ratings, history);
                }
            }
            (Ask::Archive { name }, Answer::Archive { games })
                if self.archive_of.as_deref() == Some(&name) =>
            {
                self.archive = games;
            }
            (Ask::Record { game }, Answer::Record { text }) => {
                deeds.push(Deed::SaveDownload { game, text });
            }
            // The new name itself comes as a push, to every copy.
            (Ask::Rename { .. }, Answer::Renamed { .. }) => {
                if let Some(page) = &mut desk.page
                    && matches!(page.form, Some(PageForm::Rename(_)))
                {
                    page.form = None;
                }
            }
            (
                asked @ (Ask::Tournaments
                | Ask::Tournament { .. }
                | Ask::CreateTournament { .. }
                | Ask::JoinTournament { .. }
                | Ask::WithdrawTournament { .. }
                | Ask::PauseTournament { .. }),
                answer,
            ) => self.on_tournament_answer(asked, answer, desk, deeds),
            // Accept: the game comes as a push; moves: as `moved`.
            _ => {}
        }
    }
}
