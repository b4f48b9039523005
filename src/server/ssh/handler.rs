//! One SSH connection as russh sees it: who it is (any public key, its
//! fingerprint the player; a client without one, through
//! keyboard-interactive with no questions, a guest; never a password),
//! one session channel at most, and the answers to its requests. The
//! session's own work is in `session`.
//!
//! A connection over a limit gets a refusing handler instead: its
//! authentication banner says why, and every method is refused.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use russh::keys::ssh_key;
use russh::server::{Auth, Msg, PublicKeyOffer, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, ChannelOpenFailure, MethodKind, MethodSet};

use super::players::Player;
use super::session::{self, Shared};

/// The methods a client is offered: its key, or none at all.
pub fn methods() -> MethodSet {
    MethodSet::from(&[MethodKind::PublicKey, MethodKind::KeyboardInteractive][..])
}

pub struct Connection {
    shared: Arc<Shared>,
    peer: SocketAddr,
    /// Why the connection is refused (told in the banner), if it is.
    refusal: Option<String>,
    player: Option<Player>,
    /// A session channel was opened (one per connection).
    opened: bool,
    /// Set once the session has made its requests.
    pub started: Arc<AtomicBool>,
}

impl Connection {
    pub fn new(shared: Arc<Shared>, peer: SocketAddr, refusal: Option<String>) -> Connection {
        Connection {
            shared,
            peer,
            refusal,
            player: None,
            opened: false,
            started: Arc::new(AtomicBool::new(false)),
        }
    }

    /// No method will do: the client stops asking at once.
    fn refuse(&self) -> Auth {
        Auth::Reject {
            proceed_with_methods: Some(MethodSet::empty()),
            partial_success: false,
        }
    }

    fn welcome(&mut self, player: Player) -> Auth {
        tracing::info!(peer = %self.peer, %player, "authenticated");
        self.player = Some(player);
        Auth::Accept
    }
}

impl russh::server::Handler for Connection {
    type Error = russh::Error;

    async fn authentication_banner(&mut self) -> Result<Option<String>, Self::Error> {
        Ok(self.refusal.clone())
    }

    async fn auth_none(&mut self, _user: &str) -> Result<Auth, Self::Error> {
        // OpenSSH asks "none" first to learn the methods: a key then
        // follows, or keyboard-interactive for a client without one.
        Ok(match self.refusal {
            Some(_) => self.refuse(),
            None => Auth::Reject {
                proceed_with_methods: Some(methods()),
                partial_success: false,
            },
        })
    }

    async fn auth_publickey_offered(
        &mut self,
        _user: &str,
        _offer: PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        Ok(match self.refusal {
            Some(_) => self.refuse(),
            None => Auth::Accept,
        })
    }

    async fn auth_publickey(
        &mut self,
        _user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        if self.refusal.is_some() {
            return Ok(self.refuse());
        }
        Ok(self.welcome(Player::of_key(key.public_key)))
    }

    async fn auth_openssh_certificate(
        &mut self,
        _user: &str,
        _certificate: &ssh_key::Certificate,
    ) -> Result<Auth, Self::Error> {
        // The key inside is offered on its own by OpenSSH too.
        Ok(Auth::reject())
    }

    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        _user: &str,
        _submethods: &str,
        _response: Option<russh::server::Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        if self.refusal.is_some() {
            return Ok(self.refuse());
        }
        // No questions: this is how a client without a key comes in.
        Ok(self.welcome(Player::Guest))
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: russh::server::ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        let Some(player) = self.player.clone().filter(|_| !self.opened) else {
            reply
                .reject(ChannelOpenFailure::AdministrativelyProhibited)
                .await;
            return Ok(());
        };
        self.opened = true;
        reply.accept().await;
        tokio::spawn(session::serve(
            channel,
            player,
            Arc::clone(&self.shared),
            Arc::clone(&self.started),
        ));
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        _term: &str,
        _col_width: u32,
        _row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(russh::Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_success(channel)
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        _variable_name: &str,
        _variable_value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        // Only COLORTERM is read (by the session); the rest is dropped.
        session.channel_success(channel)
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_success(channel)
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        // With a terminal the game starts, whatever the command; without
        // one the session says what to do.
        session.channel_success(channel)
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        _name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single_connection: bool,
        _x11_auth_protocol: &str,
        _x11_auth_cookie: &str,
        _x11_screen_number: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }
}
