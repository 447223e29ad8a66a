//! Seats over HTTP: joining (a name, a private match's invite), giving a
//! seat up, cancelling a match; and the one check of a seat's credential
//! (`Authorization: Bearer`) that `leave`, `cancel` and `rematch` share.
//! Each change is carried out whole (`crate::shared::whole`), whether or
//! not its client waits for the answer.

use crate::answers::answer_or_error;
use crate::credential::{credential_key, hash_credential, new_credential};
use crate::limits::{address_key, Verdict};
use crate::protocol::{
    parse_json, player_name, ErrorCode, JoinSeat, Joined, Left, MatchAnswer, ProtoError,
};
use crate::room::Room;
use crate::shared::{whole, Shared};
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::Response;
use metropolys_core::Seat;
use std::net::SocketAddr;
use std::sync::Arc;

type Shr = State<Arc<Shared>>;

/// `POST /api/v1/matches/{id}/join`, body `{"seat": n, "name": …,
/// "invite": …}`, each optional (an empty body: the first free human seat,
/// no name).
pub(super) async fn join(
    State(sh): Shr,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let r = whole(async move {
        crate::guard::require_json(&headers)?;
        let room = sh.room_or_load(&id).await?;
        let req: JoinSeat = if body.iter().all(u8::is_ascii_whitespace) {
            JoinSeat::default()
        } else {
            parse_json(&body)?
        };
        let name = player_name(req.name.as_deref())?;
        let (token, hash) = match req.token {
            // The client's own: the same join sent again gets the same seat.
            Some(t) => {
                let hash = hash_credential(&t);
                (t, hash)
            }
            None => new_credential()?,
        };
        let seat = room
            .join(
                &sh.services,
                req.seat,
                hash,
                name,
                req.invite.as_deref(),
                &address_key(addr.ip()),
            )
            .await?;
        Ok(Joined {
            match_id: id,
            seat,
            token,
            seed: room.summary().seed,
            invite: room.invite().await,
        })
    })
    .await;
    answer_or_error(StatusCode::OK, r)
}

/// A seat's credential (or an account's token, `crate::accounts`) as a
/// request shows it.
pub(super) struct Bearer {
    /// The credential or token, as given.
    pub(super) token: String,
    /// Its hash.
    pub(super) hash: [u8; 32],
    /// The seat it holds.
    pub(super) seat: Seat,
}

/// The token of `Authorization: Bearer`, if `kind` accepts it, within
/// its rate: `unauthorized` (saying that the request needs `what`) without
/// one, `rate_limited` over the token's rate (`--rate`, `--burst`).
pub(super) fn bearer<'h>(
    sh: &Shared,
    headers: &'h HeaderMap,
    kind: impl Fn(&str) -> bool,
    what: &str,
) -> Result<&'h str, ProtoError> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty() && kind(t))
        .ok_or_else(|| ProtoError::new(ErrorCode::Unauthorized, format!("this needs {what}")))?;
    if sh.limiter.check(&credential_key(token)) != Verdict::Allow {
        return Err(ProtoError::new(
            ErrorCode::RateLimited,
            "too many requests for this credential; slow down",
        ));
    }
    Ok(token)
}

/// The seat an `Authorization: Bearer` credential (or the account of an
/// account's token) holds in `room`:
/// `unauthorized` without one, `rate_limited` over the credential's rate,
/// `forbidden` for one that holds no seat of the match.
pub(super) async fn authorize(
    sh: &Shared,
    room: &Room,
    headers: &HeaderMap,
) -> Result<Bearer, ProtoError> {
    let token = bearer(
        sh,
        headers,
        |_| true,
        "a seat credential: Authorization: Bearer <token>",
    )?;
    let hash = sh.holder_hash(&room.id, token).await?;
    let (seat, _) = room
        .seat_of(&hash)
        .await
        .ok_or_else(|| ProtoError::new(ErrorCode::Forbidden, "not a credential of this match"))?;
    Ok(Bearer {
        token: token.to_string(),
        hash,
        seat,
    })
}

/// `POST /api/v1/matches/{id}/leave` with the seat's credential.
pub(super) async fn leave(State(sh): Shr, Path(id): Path<String>, headers: HeaderMap) -> Response {
    let r = whole(async move {
        let room = sh.room_or_load(&id).await?;
        let seat = authorize(&sh, &room, &headers).await?.seat;
        room.leave(&sh.services, seat).await?;
        Ok(Left {
            match_id: id,
            seat,
            left: true,
        })
    })
    .await;
    answer_or_error(StatusCode::OK, r)
}

/// `POST /api/v1/matches/{id}/cancel` with a seat's credential: an open
/// match at once, a playing one once every other player has gone; the
/// summary, `cancelled`.
pub(super) async fn cancel(State(sh): Shr, Path(id): Path<String>, headers: HeaderMap) -> Response {
    let r = whole(async move {
        let room = sh.room_or_load(&id).await?;
        let seat = authorize(&sh, &room, &headers).await?.seat;
        room.cancel_by(&sh.services, seat).await?;
        Ok(MatchAnswer {
            summary: (*room.summary()).clone(),
            invite: None,
        })
    })
    .await;
    answer_or_error(StatusCode::OK, r)
}
