//! The deeds of the remote games and the Online screen carried out: the
//! one place they reach the rest of the screen.

use super::deed::{Deed, Deeds};
use crate::app::flow::effect::Effect;
use crate::app::flow::effect::Keep;
use crate::app::message::Tone;
use crate::app::online::connect::{connect_form, keep_settings};
use crate::app::online::page::PageForm;
use crate::app::screen::Screen;
use crate::app::state::App;
use crate::core::{Game, Move, Player};

impl App {
    /// Carries out what a remote game or the Online screen asked for;
    /// returns the effects for `perform`.
    pub(in crate::app) fn carry_out(&mut self, deeds: Deeds) -> Vec<Effect> {
        let mut effects = Vec::new();
        for deed in deeds.into_inner() {
            match deed {
                Deed::Say(tone, text) => self.say(tone, text),
                Deed::Tell(tone, text) => self.tell(tone, text),
                Deed::Open(screen) => self.screen = screen,
                Deed::OpenIfFree(screen) => {
                    if self.screen == Screen::Board {
                        self.screen = screen;
                    }
                }
                Deed::Close(closes) => {
                    if closes.open_on(&self.screen) {
                        self.screen = Screen::Board;
                    }
                }
                Deed::Play(mv) => self.play_move(mv),
                Deed::PeerPlays { mv, peer } => self.peer_plays(mv, &peer),
                Deed::Undo => {
                    self.session.undo();
                }
                Deed::Rematch => self.rematch(),
                Deed::Resign(player) => {
                    let color = self.game().color_of(player);
                    let _ = self.session.resign(color);
                }
                Deed::EndNetwork => self.network = None,
                Deed::Show { game, names, fresh } => {
                    self.replace_game(game, names);
                    if fresh {
                        self.board.centre_cursor(self.game().size());
                        // A new game on the board, as `n` makes one: the
                        // game the autosave held is put away (kept as a
                        // record if a person played in it) first.
                        self.files.new_game(&self.session);
                    }
                }
                Deed::FollowClocks { control, flag } => self.session.follow_clocks(control, flag),
                Deed::HoldClocks(held) => self.session.hold_clock(held),
                Deed::NewGame => self.start_new_game(),
                Deed::NoClock => self.session.start_clock(None),
                Deed::Autosave => self.keep_files(Keep::Again),
                Deed::Connect { lobby, name } => self.connect_online(lobby, name),
                Deed::OfferConnect { focus } => {
                    let fixed = self.reach.fixed_server();
                    let mut form = connect_form(&self.config, fixed);
                    if let Some(focus) = focus {
                        form.focus = focus;
                    }
                    if let Screen::Online(page) = &mut self.screen {
                        page.form = Some(PageForm::Connect(form));
                    }
                }
                Deed::KeepSettings { server, name } => {
                    let config = &mut self.config;
                    if let Some(e) =
                        keep_settings(config, &mut self.config_file, &server, name.as_deref())
                    {
                        self.tell(Tone::Warning, e);
                    }
                }
                Deed::SaveDownload { game, text } => self.save_download(game, &text),
                Deed::SyncRemote => self.sync_remote(),
                Deed::Effect(effect) => effects.push(effect),
            }
        }
        effects
    }
}

impl App {
    /// The guest's move, played by the host if it is the guest's turn
    /// (said as the guest's screen says the host's).
    fn peer_plays(&mut self, mv: Move, peer: &str) {
        let guest_to_move = self.game().player_to_move() == Player::Two;
        if !guest_to_move || self.session.play(mv).is_err() {
            return;
        }
        let text = match self.game().winner() {
            Some(winner) => {
                crate::app::message::wins(self.name(winner), self.game().color_of(winner))
            }
            None => format!("{peer} played {mv}."),
        };
        self.say(Tone::Info, text);
    }

    /// Both agreed to a new game: the colours swapped, the clocks anew.
    fn rematch(&mut self) {
        let old = self.game();
        let game = Game::new(old.size(), old.rules(), old.first_black().other());
        let names = self.session.names().clone();
        self.replace_game(game, names);
        self.session.start_clock(self.config.game.clock);
        self.board.centre_cursor(self.game().size());
        self.files.new_game(&self.session);
    }
}
