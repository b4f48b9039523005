//! The one way the state changes: [`App::update`] routes an action to the
//! part of the app that owns it, and returns what must then happen outside
//! the state ([`Effect`]s), which [`App::perform`] alone carries out.

use std::collections::VecDeque;

use ratatui::crossterm::event::Event;

use crate::app::action::{Action, HistoryStep};
use crate::app::files::naming::Naming;
pub(in crate::app) use crate::app::flow::effect::Effect;
use crate::app::flow::effect::Keep;
use crate::app::flow::outcome::Outcome;
use crate::app::game::board_view::square_named;
use crate::app::game::panel::chart_move_at;
use crate::app::keys::keymap::{Context, KeyNames, action_for, key_for};
use crate::app::remote_game::either::RemoteAnswers;
use crate::app::screen::{HelpOver, Question, Screen};
use crate::app::state::App;
use crate::app::training::state::Training;
use crate::app::ui::text_input::Typed;
use crate::app::ui::{layout, pages};
use crate::core::Player;
use crate::reviewer::ReviewSettings;

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

    /// The one place effects are carried out. What a feature answers to an
    /// effect comes next, before the rest.
    pub(in crate::app) fn perform(&mut self, effects: Vec<Effect>) {
        let mut effects = VecDeque::from(effects);
        while let Some(effect) = effects.pop_front() {
            let naming = Naming::of(&self.reach);
            let out = match effect {
                Effect::SaveConfig { old, said } => {
                    let file = &mut self.config_file;
                    crate::app::settings::leaving::save_config(
                        file,
                        &self.config,
                        &old,
                        said,
                        naming,
                    )
                }
                Effect::WriteRecord { path, input } => {
                    let record = self.record_on_screen();
                    let screen = &mut self.screen;
                    (self.files).write_record(path, input, &record, screen, naming)
                }
                Effect::FollowTheGame => {
                    self.sync_remote();
                    self.sync_engine(false);
                    let names = [Player::One, Player::Two].map(|p| self.name(p).to_string());
                    let names = [names[0].as_str(), names[1].as_str()];
                    let keys = KeyNames {
                        keys: &self.config.keys,
                        theme: self.theme,
                    };
                    let out = self.review.follow(self.session.game(), names, keys);
                    self.apply(out);
                    self.keep_files(Keep::Changes);
                    Outcome::none()
                }
                Effect::KeepFiles => {
                    self.keep_files(Keep::Changes);
                    Outcome::none()
                }
                Effect::RetryFiles => {
                    self.keep_files(Keep::Retry);
                    Outcome::none()
                }
                Effect::ListRecords { select } => self.files.list_records(select, &mut self.screen),
                Effect::RenameRecord { from, to } => {
                    (self.files).rename_record(&from, &to, &mut self.screen, naming)
                }
                Effect::ShowRecord { record, path } => {
                    self.show_record(*record, &path);
                    Outcome::none()
                }
                Effect::OpenRecord { path, index } => {
                    let kept = self.files.keeps_game(&self.session);
                    (self.files).open_record(path, index, kept, &mut self.screen)
                }
                Effect::DeleteRecord { path, index } => {
                    (self.files).delete_record(&path, index, &mut self.screen, naming)
                }
                Effect::LoadResults => self.files.load_results(&mut self.screen),
                Effect::SaveAs { path, input } => {
                    let record = self.record_on_screen();
                    let screen = &mut self.screen;
                    (self.files).save_as(path, input, &record, screen, naming)
                }
                Effect::StartNetwork(play) => {
                    self.start_network_from_form(play);
                    Outcome::none()
                }
                Effect::TakeNetworkEvents => Outcome::effects(self.take_network_events()),
                Effect::OpenTraining(course) => {
                    let (paths, file) = (self.files.paths(), self.puzzle_file.as_deref());
                    let training = &mut self.training;
                    Training::enter(training, course, paths, file, &mut self.screen)
                }
                Effect::OpenSavePrompt => {
                    let record = self.record_on_screen();
                    self.files.open_save_prompt(&record, &mut self.screen)
                }
                Effect::SaveProgress => match &self.training {
                    Some(training) => training.save_progress(self.files.paths()),
                    None => Outcome::none(),
                },
                Effect::MarkWelcomed => {
                    crate::app::welcome::mark_welcomed(self.files.paths());
                    Outcome::none()
                }
                Effect::StartReview => {
                    let settings = ReviewSettings {
                        millis: u64::from(self.config.engine.review_seconds.0),
                        threads: self.computer.settings(&self.config.engine).threads.count(),
                        seed: 1,
                    };
                    let slot = self.computer.take_slot();
                    let keys = KeyNames {
                        keys: &self.config.keys,
                        theme: self.theme,
                    };
                    (self.review).begin(self.session.game(), settings, slot, keys, &self.bell)
                }
                Effect::StopReview => self.review.end(self.session.game()),
                Effect::ConnectOnline { server, name } => {
                    let lobby = crate::app::online::connect_lobby::Lobby::typed(&server);
                    self.connect_online(lobby, Some(name));
                    Outcome::none()
                }
                Effect::TakeOnline => Outcome::effects(self.take_online()),
            };
            for effect in self.apply(out).into_iter().rev() {
                effects.push_front(effect);
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
        if self.screen == Screen::Board {
            let keys = KeyNames {
                keys: &self.config.keys,
                theme: self.theme,
            };
            let game = self.session.game();
            if let Some(out) = self.review.route(action, game, &mut self.board, keys) {
                return self.apply(out);
            }
            // A click on the review's chart: the position after that move.
            if let Action::Click { column, row } = action
                && let Some(ply) = layout::screen(self.board.terminal(), game.size())
                    .ok()
                    .and_then(|screen| screen.panel)
                    .and_then(|panel| {
                        chart_move_at(&crate::app::view::scene_of(self), panel, column, row)
                    })
            {
                self.board.show_ply(self.session.game(), ply);
                return Vec::new();
            }
        }
        match &mut self.screen {
            Screen::Board if action == Action::ToggleEscorts => {
                return crate::app::settings::leaving::toggle_escorts(&mut self.config);
            }
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
                Action::Yes | Action::No | Action::Close => {
                    let remote = RemoteAnswers::of(&mut self.network, &mut self.online);
                    let deeds = remote.answer(action == Action::Yes);
                    return self.carry_out(deeds);
                }
                _ => {}
            },
            Screen::Confirm(question) => {
                let question = *question;
                match action {
                    Action::Yes => return self.answered_yes(question),
                    Action::No | Action::Close => self.files.declined(&mut self.screen),
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
                Typed::Submitted(text) => {
                    let theme = self.theme;
                    let square = |text: &str, size| square_named(text, size, theme);
                    let out = match &mut self.training {
                        Some(training) => training.go_to(&text, square, &mut self.screen),
                        None => {
                            self.screen = Screen::Board;
                            Outcome::none()
                        }
                    };
                    return self.apply(out);
                }
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
                    let remote = RemoteAnswers::of(&mut self.network, &mut self.online);
                    let deeds = remote.chat(&text);
                    self.carry_out(deeds);
                }
                Typed::Cancelled => self.screen = Screen::Board,
            },
            Screen::NetForm(_) => return self.on_net_form(action),
            Screen::SaveAs(_) => {
                let keys = KeyNames {
                    keys: &self.config.keys,
                    theme: self.theme,
                };
                let naming = Naming::of(&self.reach);
                let out = (self.files).on_save_prompt(action, &mut self.screen, naming, keys);
                return self.apply(out);
            }
            Screen::Records { .. } => {
                let out = self.files.on_records(action, &mut self.screen);
                return self.apply(out);
            }
            Screen::FilterRecords(_) => self.files.on_filter(action, &mut self.screen),
            Screen::RenameRecord { .. } => {
                let out = self.files.on_rename(action, &mut self.screen);
                return self.apply(out);
            }
            Screen::Results { .. } => {
                let (theme, area) = (self.theme, self.board.terminal());
                let out = (self.files).on_results(action, &mut self.screen, theme, area);
                return self.apply(out);
            }
            Screen::Training => {
                let out = match &mut self.training {
                    Some(training) => training.handle(action, &mut self.screen, &self.board),
                    None => {
                        self.screen = Screen::Board;
                        Outcome::none()
                    }
                };
                return self.apply(out);
            }
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
            Question::Resign => {
                let deeds = RemoteAnswers::of(&mut self.network, &mut self.online).resign();
                self.carry_out(deeds);
            }
            Question::Replace | Question::MakeFolders | Question::DeleteRecord | Question::Open => {
                let out = self.files.question_yes(&mut self.screen);
                return self.apply(out);
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
