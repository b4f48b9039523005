//! The one way the state changes: [`App::update`] routes an action to the
//! part of the app that owns it, and returns what must then happen outside
//! the state ([`Effect`]s), which [`App::perform`] alone carries out.

use std::collections::VecDeque;
use std::path::PathBuf;

use ratatui::crossterm::event::Event;

use crate::app::action::{Action, HistoryStep};
use crate::app::config::Config;
use crate::app::files::state::Select;
use crate::app::keys::input::action_for;
use crate::app::keys::keymap::{Context, key_for};
use crate::app::network::state::NetPlay;
use crate::app::screen::{HelpOver, Question, Screen};
use crate::app::state::App;
use crate::app::training::state::Course;
use crate::app::ui::pages;
use crate::app::ui::text_input::{TextInput, Typed};

/// What must happen outside the state after an action.
#[derive(Clone, Debug)]
pub(in crate::app) enum Effect {
    /// Write the settings (changed from `old`) to their file, and say so
    /// after `said`.
    SaveConfig { old: Box<Config>, said: String },
    /// Write the game as a record to `path`; if that fails, the prompt
    /// comes back with `input`.
    WriteRecord { path: PathBuf, input: TextInput },
    /// After every update: keep the network game one game on both screens
    /// (`sync_remote`), bring the engine in line with the state (stop a
    /// search that no longer fits, take in one that ended, start the one
    /// wanted), and write the autosave if the game changed.
    FollowTheGame,
    /// Write the game to the autosave if it changed (and a won game's
    /// result, once).
    KeepFiles,
    /// Before the program ends: write what failed to be written (the
    /// autosave, a result), even with the game unchanged since.
    RetryFiles,
    /// Read the saved games for the records screen, then select `select`.
    ListRecords { select: Select },
    /// Rename a record's file from `from` to `to`.
    RenameRecord { from: PathBuf, to: PathBuf },
    /// Read the record listed at `index` to open it.
    OpenRecord { path: PathBuf, index: Option<usize> },
    /// Delete the record listed at `index`, then read the list again.
    DeleteRecord { path: PathBuf, index: usize },
    /// Read the results file for the results screen.
    LoadResults,
    /// Look at where the save prompt's `path` would go: write the record
    /// there, or ask first (a file there, a folder missing).
    SaveAs { path: PathBuf, input: TextInput },
    /// Start the network game the form asks for (a socket, a thread).
    StartNetwork(NetPlay),
    /// Take in what the network game's link has received.
    TakeNetworkEvents,
    /// Open the lessons or the puzzles (reading what was learnt); `None`:
    /// where the player left off.
    OpenTraining(Option<Course>),
    /// Open the save prompt with a free name in the records folder.
    OpenSavePrompt,
    /// Write what the player has learnt.
    SaveProgress,
    /// Remember that the welcome of a first start was answered.
    MarkWelcomed,
    /// Review the game on the engine's threads.
    StartReview,
    /// Stop the review, keeping what it found.
    StopReview,
    /// Connect to the lobby server on a thread, taking `name` there.
    ConnectOnline { server: String, name: String },
    /// Take in what the lobby server sent.
    TakeOnline,
}

impl App {
    /// What the keyboard is talking to now.
    pub fn context(&self) -> Context {
        self.screen.context()
    }

    /// Handles a terminal event: a key through the keymap, the mouse, a
    /// resize, a paste.
    pub fn handle_event(&mut self, event: &Event) {
        if let Event::Paste(text) = event {
            return self.paste(text);
        }
        if let Some(action) = action_for(self.keys(), self.context(), event) {
            self.update(action);
        }
    }

    /// Acts on `action`, then carries out what it calls for; the network
    /// game, the engine and the autosave follow every action.
    pub fn update(&mut self, action: Action) {
        // The one look at the clocks in an update: a flag that has fallen
        // counts before whatever the action does.
        self.check_clock();
        let mut effects = self.route(action);
        effects.push(Effect::FollowTheGame);
        self.perform(effects);
    }

    /// The one place effects are carried out.
    pub(in crate::app) fn perform(&mut self, effects: Vec<Effect>) {
        let mut effects = VecDeque::from(effects);
        while let Some(effect) = effects.pop_front() {
            match effect {
                Effect::SaveConfig { old, said } => self.save_config(&old, said),
                Effect::WriteRecord { path, input } => self.write_record(path, input),
                Effect::FollowTheGame => {
                    self.sync_remote();
                    self.sync_engine();
                    self.follow_review();
                    self.keep_files();
                }
                Effect::KeepFiles => self.keep_files(),
                Effect::RetryFiles => self.retry_files(),
                Effect::ListRecords { select } => self.list_records(select),
                Effect::RenameRecord { from, to } => self.rename_record(&from, &to),
                Effect::OpenRecord { path, index } => self.open_record(path, index),
                Effect::DeleteRecord { path, index } => self.delete_record(&path, index),
                Effect::LoadResults => self.load_results(),
                Effect::SaveAs { path, input } => self.save_as(path, input),
                Effect::StartNetwork(play) => self.start_network_from_form(play),
                // What the events call for comes next, before the rest.
                Effect::TakeNetworkEvents => {
                    for effect in self.take_network_events().into_iter().rev() {
                        effects.push_front(effect);
                    }
                }
                Effect::OpenTraining(course) => self.enter_training(course),
                Effect::OpenSavePrompt => self.open_save_prompt(),
                Effect::SaveProgress => self.save_progress(),
                Effect::MarkWelcomed => self.mark_welcomed(),
                Effect::StartReview => self.start_review(),
                Effect::StopReview => self.stop_review(),
                Effect::ConnectOnline { server, name } => self.connect_online(server, Some(name)),
                Effect::TakeOnline => {
                    for effect in self.take_online().into_iter().rev() {
                        effects.push_front(effect);
                    }
                }
            }
        }
    }

    /// How the board's key for `action` is written, for messages that name it.
    pub(in crate::app) fn key(&self, action: Action) -> String {
        key_for(self.keys(), Context::Board, action, self.theme)
    }

    /// Hands `action` to what is open: the board, a dialog, a form.
    pub(in crate::app) fn route(&mut self, action: Action) -> Vec<Effect> {
        match action {
            // The engine's progress is taken in by `Effect::FollowTheGame`.
            Action::Tick => {
                let network = self.network.is_some().then_some(Effect::TakeNetworkEvents);
                let online = self.online.is_active().then_some(Effect::TakeOnline);
                return network.into_iter().chain(online).collect();
            }
            Action::Resize { width, height } => {
                self.board.set_terminal(width, height);
                return Vec::new();
            }
            Action::Hover { column, row } => {
                self.hover(column, row);
                return Vec::new();
            }
            // A new request replaces the previous message.
            _ => self.clear_message(),
        }
        if action == Action::Quit {
            return self.quit_requested();
        }
        if self.screen == Screen::Board {
            // Engine help, refused in an online game in progress: one check.
            if let Some(why) = self.online.refuses_aid(action) {
                self.say(crate::app::message::Tone::Warning, why);
                return Vec::new();
            }
            // Turned on in a friend's game: the other player is told.
            crate::app::network::aids::announce_engine_help(self, action);
        }
        if self.screen == Screen::Board
            && let Some(effects) = self.review_route(action)
        {
            return effects;
        }
        match &mut self.screen {
            Screen::Board if action == Action::ToggleEscorts => return self.toggle_escorts(),
            Screen::Board => return self.on_board(action),
            Screen::Help { scroll, over } => match action {
                Action::Close | Action::ToggleHelp => {
                    self.screen = match over {
                        HelpOver::Board => Screen::Board,
                        HelpOver::Training => Screen::Training,
                        HelpOver::Welcome => Screen::Welcome,
                    };
                }
                Action::ScrollUp => *scroll = scroll.saturating_sub(1),
                Action::History(HistoryStep::Start) => *scroll = 0,
                Action::ScrollDown | Action::History(HistoryStep::Latest) => {
                    let max = pages::help_max_scroll(
                        &self.config.keys,
                        self.theme,
                        self.board.terminal(),
                    );
                    *scroll = if action == Action::ScrollDown {
                        scroll.saturating_add(1).min(max)
                    } else {
                        max
                    };
                }
                _ => {}
            },
            Screen::Notice(_) => {
                if action == Action::Close {
                    self.screen = Screen::Board;
                }
            }
            Screen::Confirm(Question::Peer(_) | Question::Takeback) => match action {
                Action::Yes => return self.answer_remote(true),
                Action::No | Action::Close => return self.answer_remote(false),
                _ => {}
            },
            Screen::Confirm(question) => {
                let question = *question;
                match action {
                    Action::Yes => return self.answered_yes(question),
                    Action::No | Action::Close => self.declined(),
                    _ => {}
                }
            }
            Screen::GoTo(input) => match input.handle(action) {
                Typed::Editing => {}
                Typed::Submitted(text) => self.go_to(&text),
                Typed::Cancelled => self.screen = Screen::Board,
            },
            Screen::TrainingGoTo(input) => match input.handle(action) {
                Typed::Editing => {}
                Typed::Submitted(text) => return self.training_go_to(&text),
                Typed::Cancelled => self.screen = Screen::Training,
            },
            Screen::Settings(form) if form.leaving => match action {
                Action::Yes => self.screen = Screen::Board,
                Action::No | Action::Close => form.leaving = false,
                _ => {}
            },
            Screen::Settings(form) => match action {
                Action::Submit if form.focus.is_action() => return self.net_form_from_settings(),
                Action::NextField => form.focus_step(true),
                Action::PrevField => form.focus_step(false),
                Action::NextValue => form.change(true),
                Action::PrevValue => form.change(false),
                Action::Edit(edit) => {
                    form.edit(edit);
                }
                Action::Revert => form.revert(),
                Action::Submit => return self.leave_settings().unwrap_or_default(),
                // Esc leaves without saving, asking first if that loses a change.
                Action::Close if form.changed() => form.leaving = true,
                Action::Close => self.screen = Screen::Board,
                _ => {}
            },
            Screen::Chat(input) => match input.handle(action) {
                Typed::Editing => {}
                Typed::Submitted(text) => {
                    self.screen = Screen::Board;
                    self.remote_chat(&text);
                }
                Typed::Cancelled => self.screen = Screen::Board,
            },
            Screen::NetForm(_) => return self.on_net_form(action),
            Screen::SaveAs(_) => return self.on_save_prompt(action),
            Screen::Records { .. } => return self.on_records(action),
            Screen::FilterRecords(_) => self.on_filter(action),
            Screen::RenameRecord { .. } => return self.on_rename(action),
            Screen::Results { .. } => return self.on_results(action),
            Screen::Training => return self.on_training(action),
            Screen::Welcome => return self.on_welcome(action),
            Screen::Online(_) => return self.on_online(action),
        }
        Vec::new()
    }

    fn answered_yes(&mut self, question: Question) -> Vec<Effect> {
        self.screen = Screen::Board;
        match question {
            Question::NewGame => self.start_new_game(),
            Question::Quit => self.quit(),
            Question::Branch { mv, .. } => self.branch(mv),
            // Answered in `route`.
            Question::Peer(_) | Question::Takeback => {}
            Question::Resign => self.resign_remote(),
            Question::Replace | Question::MakeFolders | Question::DeleteRecord | Question::Open => {
                return self.files_question_yes();
            }
        }
        Vec::new()
    }

    /// `q`: quits at once unless a game would be lost; asked twice, quits.
    fn quit_requested(&mut self) -> Vec<Effect> {
        let mut effects = Vec::new();
        if matches!(&self.screen, Screen::Settings(form) if !form.leaving) {
            match self.leave_settings() {
                Some(save) => effects = save,
                None => return effects,
            }
        }
        // A demo is not a game anyone would lose.
        let demo = self.computer.is_demo();
        if self.screen == Screen::Confirm(Question::Quit) || !self.game_in_progress() || demo {
            self.quit();
        } else {
            self.screen = Screen::Confirm(Question::Quit);
        }
        effects
    }
}
