//! The web's routes, every one a GET: what each path reads and which page
//! it answers with. Finished games are cached by browsers and proxies (a
//! finished game never changes); everything else is read fresh.

use std::sync::Arc;
use std::time::Instant;

use axum::Router;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use maud::Markup;

use super::Peer;
use super::events::{self, Drawn};
use super::read::Reader;
use super::{game_page, pages};
use crate::server::registry::Registry;

/// What a finished game's page and record may be cached for.
const FINISHED: &str = "public, max-age=86400";
/// What a page that changes may be cached for: nothing.
const CHANGING: &str = "no-cache";

#[derive(Clone)]
pub struct Web {
    pub reader: Reader,
    pub streams: Arc<Registry>,
    pub drawn: Drawn,
}

pub fn router(web: Web) -> Router {
    Router::new()
        .route("/", get(front))
        .route("/leaderboard", get(leaderboard))
        .route("/player/{name}", get(player))
        .route("/game/{game}", get(game))
        .route("/game/{game}/events", get(events))
        .fallback(|| async { not_found("Nothing is here.") })
        .with_state(web)
}

fn html(markup: Markup, cache: &'static str) -> Response {
    let mut response = markup.into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    response
}

fn not_found(what: &str) -> Response {
    (StatusCode::NOT_FOUND, pages::not_found(what)).into_response()
}

fn failed(e: &super::read::ReadError) -> Response {
    tracing::warn!("a web page could not be read: {e}");
    (StatusCode::SERVICE_UNAVAILABLE, pages::failed()).into_response()
}

async fn front(State(web): State<Web>) -> Response {
    match web.reader.front().await {
        Ok(page) => html(pages::front(&page), CHANGING),
        Err(e) => failed(&e),
    }
}

async fn leaderboard(State(web): State<Web>) -> Response {
    match web.reader.leaderboards().await {
        Ok(boards) => html(pages::leaderboards(&boards), CHANGING),
        Err(e) => failed(&e),
    }
}

async fn player(State(web): State<Web>, Path(name): Path<String>) -> Response {
    match web.reader.player(name).await {
        Ok(Some(page)) => html(pages::player(&page), CHANGING),
        Ok(None) => not_found("Nobody has this name."),
        Err(e) => failed(&e),
    }
}

#[derive(serde::Deserialize)]
struct Step {
    /// The number of moves to show the board after.
    #[serde(rename = "move")]
    ply: Option<usize>,
}

/// `/game/N` (the page) or `/game/N.brique` (the record).
async fn game(
    State(web): State<Web>,
    Path(game): Path<String>,
    Query(step): Query<Step>,
) -> Response {
    if let Some(id) = game.strip_suffix(".brique") {
        let Ok(id) = id.parse::<u64>() else {
            return not_found("No game has this number.");
        };
        return match web.reader.record(id).await {
            Ok(Some(record)) => {
                let mut response = record.into_response();
                let headers = response.headers_mut();
                headers.insert(
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("text/plain; charset=utf-8"),
                );
                headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(FINISHED));
                response
            }
            Ok(None) => {
                not_found("No finished game has this number: its record is kept when it ends.")
            }
            Err(e) => failed(&e),
        };
    }
    let Ok(id) = game.parse::<u64>() else {
        return not_found("No game has this number.");
    };
    match web.reader.game(id).await {
        Ok(Some(shown)) => {
            let cache = if shown.live.is_some() {
                CHANGING
            } else {
                FINISHED
            };
            html(game_page::page(&shown, step.ply), cache)
        }
        Ok(None) => not_found("No game here has this number."),
        Err(e) => failed(&e),
    }
}

async fn events(
    State(web): State<Web>,
    Path(game): Path<u64>,
    ConnectInfo(Peer(peer)): ConnectInfo<Peer>,
) -> Response {
    let held = match web.streams.admit(peer.ip(), Instant::now()) {
        Ok(held) => held,
        Err(why) => {
            return (
                StatusCode::TOO_MANY_REQUESTS,
                format!("Event streams: {why}."),
            )
                .into_response();
        }
    };
    // A game that is not in progress here has nothing to follow.
    if web.reader.showcase.game(game).is_none() {
        return not_found("No game in progress here has this number.");
    }
    events::stream(web.reader, web.drawn, game, held).into_response()
}
