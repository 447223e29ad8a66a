//! Accounts over HTTP (`crate::accounts`): signing up and in, out, the
//! account with its ratings and games ("my games", from any device),
//! tying a seat to it, where its notices go, and the leaderboards.

use crate::accounts::{notices, TOKEN_PREFIX};
use crate::answers::answer_or_error;
use crate::credential::hash_credential;
use crate::limits::{address_key, Verdict};
use crate::protocol::{
    parse_json, AccountAnswer, BindSeat, Bound, Credentials, ErrorCode, Leaderboard, MyGame,
    Notices, ProtoError, SetNotices, SignedIn,
};
use crate::shared::{whole, Shared};
use axum::body::Bytes;
use axum::extract::{ConnectInfo, RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use metropolys_core::Variant;
use serde::de::DeserializeOwned;
use std::net::SocketAddr;
use std::sync::Arc;

type Shr = State<Arc<Shared>>;

/// The leaderboard shown without a `variant`.
const DEFAULT_VARIANT: Variant = Variant::Expert;
/// The leaderboard shown without `players`.
const DEFAULT_PLAYERS: u8 = 4;

/// A JSON body of type `T` (an object: `crate::protocol::parse_json`).
fn parse_object<T: DeserializeOwned>(headers: &HeaderMap, body: &[u8]) -> Result<T, ProtoError> {
    crate::guard::require_json(headers)?;
    parse_json(body)
}

/// The account token of `Authorization: Bearer`, within its rate.
fn account_token(sh: &Shared, headers: &HeaderMap) -> Result<String, ProtoError> {
    super::seats::bearer(
        sh,
        headers,
        |t| t.starts_with(TOKEN_PREFIX),
        "an account's token: Authorization: Bearer acct_…",
    )
    .map(str::to_string)
}

/// Within the address's rate of sign-ins.
fn sign_in_rate(sh: &Shared, addr: SocketAddr) -> Result<(), ProtoError> {
    if sh.sign_ins.check(&address_key(addr.ip())) != Verdict::Allow {
        return Err(ProtoError::new(
            ErrorCode::RateLimited,
            "too many sign-ins or new accounts from this address; wait a minute",
        ));
    }
    Ok(())
}

/// `POST /api/v1/accounts`, body `{"name": …, "password": …}`: a new
/// account, signed in on this device.
pub(super) async fn register(
    State(sh): Shr,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    signing(sh, addr, headers, body, true).await
}

/// `POST /api/v1/sessions`, body `{"name": …, "password": …}`: signs in on
/// a device; `forbidden` for a wrong name or password.
pub(super) async fn sign_in(
    State(sh): Shr,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    signing(sh, addr, headers, body, false).await
}

/// A new account (`new`) or a sign-in, within the address's rate.
async fn signing(
    sh: Arc<Shared>,
    addr: SocketAddr,
    headers: HeaderMap,
    body: Bytes,
    new: bool,
) -> Response {
    let r = whole(async move {
        let c: Credentials = parse_object(&headers, &body)?;
        sign_in_rate(&sh, addr)?;
        let (account, token) = if new {
            let made = sh.accounts.register(&c.name, &c.password).await?;
            tracing::info!("account {} made", made.0.id);
            made
        } else {
            sh.accounts.sign_in(&c.name, &c.password).await?
        };
        Ok(SignedIn {
            name: account.name,
            token,
        })
    })
    .await;
    answer_or_error(StatusCode::OK, r)
}

/// `DELETE /api/v1/sessions` with the account's token: this device signs
/// out (the token stops working everywhere); `204 No Content`.
pub(super) async fn sign_out(State(sh): Shr, headers: HeaderMap) -> Response {
    let r = whole(async move {
        let token = account_token(&sh, &headers)?;
        sh.accounts.account(&token).await?;
        sh.accounts.sign_out(&token).await
    })
    .await;
    match r {
        Ok(_) => StatusCode::NO_CONTENT.into_response(),
        Err(e) => crate::answers::error(e),
    }
}

/// `GET /api/v1/account` with the account's token: the account, its
/// ratings, and the matches it holds a seat in (those waiting for it
/// first), from whichever device it signed in on.
pub(super) async fn account(State(sh): Shr, headers: HeaderMap) -> Response {
    let r = async {
        let token = account_token(&sh, &headers)?;
        let account = sh.accounts.account(&token).await?;
        let mut games = Vec::new();
        for (id, seat, hash) in sh.accounts.games(account.id).await? {
            let Ok(room) = sh.room_or_load(&id).await else {
                continue;
            };
            // A seat given up since, or taken by another credential, is no
            // longer the account's.
            if room.seat_of(&hash).await.map(|(s, _)| s) != Some(seat) {
                continue;
            }
            games.push(MyGame {
                summary: (*room.summary()).clone(),
                seat,
                to_act: room.to_act().await == Some(seat),
            });
        }
        games.sort_by_key(|g| !g.to_act);
        Ok(AccountAnswer {
            name: account.name,
            created: account.created,
            ratings: sh.accounts.ratings(account.id).await?,
            games,
            contact: sh.accounts.contact(account.id).await?,
            notices: sh.services.notices.enabled(),
        })
    }
    .await;
    answer_or_error(StatusCode::OK, r)
}

/// `POST /api/v1/account/seats` with the account's token, body
/// `{"match": id, "token": seat credential}`: the seat that credential
/// holds is the account's from now on (one seat per match and account).
pub(super) async fn bind(State(sh): Shr, headers: HeaderMap, body: Bytes) -> Response {
    let r = whole(async move {
        let token = account_token(&sh, &headers)?;
        let req: BindSeat = parse_object(&headers, &body)?;
        let account = sh.accounts.account(&token).await?;
        if req.token.starts_with(TOKEN_PREFIX) {
            return Err(ProtoError::new(
                ErrorCode::BadMessage,
                "token is the seat's credential that join gave, not an account's token",
            ));
        }
        let room = sh.room_or_load(&req.match_id).await?;
        let hash = hash_credential(&req.token);
        let (seat, _) = room.seat_of(&hash).await.ok_or_else(|| {
            ProtoError::new(ErrorCode::Forbidden, "not a credential of this match")
        })?;
        if let Some((other, h)) = sh.accounts.binding(account.id, &room.id).await? {
            if other != seat && room.seat_of(&h).await.is_some() {
                return Err(ProtoError::new(
                    ErrorCode::Forbidden,
                    format!("this account already holds seat {other} of this match"),
                ));
            }
        }
        sh.accounts.bind(account.id, &room.id, seat, hash).await?;
        Ok(Bound {
            match_id: room.id.clone(),
            seat,
        })
    })
    .await;
    answer_or_error(StatusCode::OK, r)
}

/// `PUT /api/v1/account/notices` with the account's token, body
/// `{"contact": "..." | null}`: where the account's notices go (a
/// correspondence match waiting for it while it is away).
pub(super) async fn set_notices(State(sh): Shr, headers: HeaderMap, body: Bytes) -> Response {
    let r = whole(async move {
        let token = account_token(&sh, &headers)?;
        let req: SetNotices = parse_object(&headers, &body)?;
        let contact = req.contact.as_deref().map(notices::contact).transpose()?;
        let account = sh.accounts.account(&token).await?;
        sh.accounts.set_contact(account.id, contact.clone()).await?;
        Ok(Notices {
            contact,
            enabled: sh.services.notices.enabled(),
        })
    })
    .await;
    answer_or_error(StatusCode::OK, r)
}

/// `GET /api/v1/leaderboard?variant=expert&players=4` (those are the
/// defaults): the best 50 accounts and bots of that kind of game.
pub(super) async fn leaderboard(State(sh): Shr, RawQuery(query): RawQuery) -> Response {
    let r = async {
        let mut variant = DEFAULT_VARIANT;
        let mut players = DEFAULT_PLAYERS;
        let bad = |m: &str| ProtoError::new(ErrorCode::BadMessage, m);
        for pair in query
            .as_deref()
            .unwrap_or("")
            .split('&')
            .filter(|p| !p.is_empty())
        {
            match pair.split_once('=') {
                Some(("variant", v)) => {
                    variant = v
                        .to_ascii_lowercase()
                        .parse()
                        .map_err(|_| bad("variant is family or expert"))?
                }
                Some(("players", p)) => {
                    players = p
                        .parse()
                        .ok()
                        .filter(|n| (2..=4).contains(n))
                        .ok_or_else(|| bad("players is 2, 3 or 4"))?
                }
                _ => return Err(bad("the leaderboard takes variant and players only")),
            }
        }
        Ok(Leaderboard {
            variant,
            players,
            entries: sh.accounts.leaderboard(variant, players).await?,
        })
    }
    .await;
    answer_or_error(StatusCode::OK, r)
}

/// Rates the finished matches a crash left unrated (on start).
pub(crate) async fn rate_unrated(sh: Arc<Shared>) {
    let ids = match sh.accounts.unrated().await {
        Ok(ids) => ids,
        Err(e) => {
            tracing::error!("the unrated matches were not read: {}", e.message);
            return;
        }
    };
    for id in ids {
        let Ok(room) = sh.room_or_load(&id).await else {
            continue;
        };
        if let Some(f) = room.finished_for_rating().await {
            if let Err(e) = sh.accounts.rate(f).await {
                tracing::error!("match {id} not rated: {}", e.message);
            }
        }
    }
}
