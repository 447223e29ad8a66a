//! Creating matches: a new one (`POST /api/v1/matches`, public or
//! private), and the rematch of a finished one with the same seats (`POST
//! /api/v1/matches/{id}/rematch`). Both count toward `--max-matches`,
//! checked one creation at a time, and toward the creator's
//! `--open-per-address`, checked by the store as it commits them.

use super::seats::authorize;
use crate::answers::answer_or_error;
use crate::authority::{RematchDraws, SeatSpec};
use crate::credential::{new_invite, random_u64};
use crate::limits::address_key;
use crate::protocol::MAX_TURN_SECONDS;
use crate::protocol::{
    parse_json, CreateMatch, ErrorCode, Joined, MatchAnswer, ProtoError, Status,
};
use crate::room::Room;
use crate::shared::{whole, Shared};
use crate::store::MatchRow;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use metropolys_core::{Config, Rules, State as GameState};
use serde_json::{Map, Value};
use std::net::SocketAddr;
use std::sync::Arc;

type Shr = State<Arc<Shared>>;

/// `POST /api/v1/matches`: the summary, and a private match's invite.
pub(super) async fn create(
    State(sh): Shr,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let r = whole(async move {
        crate::guard::require_json(&headers)?;
        let room = create_match(&sh, addr, &body).await?;
        Ok(MatchAnswer {
            summary: (*room.summary()).clone(),
            invite: room.invite().await,
        })
    })
    .await;
    answer_or_error(StatusCode::CREATED, r)
}

/// `--max-matches`, checked under the creation lock. (The creator's
/// `--open-per-address` is checked by the store, in the transaction that
/// creates the match: `crate::store::AddressClaim`.)
fn check_limits(sh: &Shared) -> Result<(), ProtoError> {
    let unfinished = sh
        .all_rooms()
        .iter()
        .filter(|r| !r.summary().status.is_over())
        .count();
    if unfinished >= sh.options.max_matches {
        return Err(ProtoError::new(
            ErrorCode::TooManyMatches,
            format!(
                "the server holds its maximum of {} unfinished matches",
                sh.options.max_matches
            ),
        ));
    }
    Ok(())
}

/// A new match id: 64 bits from the operating system, as 16 hexadecimal
/// digits.
fn new_id() -> Result<String, ProtoError> {
    Ok(format!("{:016x}", random_u64()?))
}

async fn create_match(
    sh: &Arc<Shared>,
    addr: SocketAddr,
    body: &Bytes,
) -> Result<Arc<Room>, ProtoError> {
    let req: CreateMatch = parse_json(body)?;
    let bad = |msg: String| ProtoError::new(ErrorCode::BadMessage, msg);
    let seed_chosen = req.seed.is_some();
    let seed = match req.seed {
        Some(s) => s,
        None => random_u64()?,
    };
    let mut config = Map::new();
    config.insert("players".into(), Value::from(req.players));
    config.insert("seed".into(), Value::from(seed));
    if let Some(v) = req.variant {
        config.insert(
            "variant".into(),
            serde_json::to_value(v).unwrap_or_default(),
        );
    }
    if let Some(p) = req.start_player {
        config.insert("start_player".into(), Value::from(p));
    }
    if let Some(d) = &req.metropolys_deck {
        config.insert(
            "metropolys_deck".into(),
            serde_json::to_value(d).unwrap_or_default(),
        );
    }
    let config = Config::from_json(&Value::Object(config).to_string()).map_err(|e| {
        let mut p = ProtoError::new(ErrorCode::BadConfig, e.to_string());
        p.rule = (!e.rule().is_empty()).then(|| Rules(e.rule()).to_string());
        p
    })?;
    if let Err(e) = GameState::new(&config) {
        let mut p = ProtoError::new(ErrorCode::BadConfig, e.to_string());
        p.rule = Some(Rules(e.rule()).to_string());
        return Err(p);
    }
    if req.seats.len() != config.players as usize {
        return Err(ProtoError::new(
            ErrorCode::BadConfig,
            format!(
                "{} seats for {} players: give one seat per player",
                req.seats.len(),
                config.players
            ),
        ));
    }
    let specs = req
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| crate::seats::seat_spec(&sh.options, i, s))
        .collect::<Result<Vec<_>, _>>()?;
    if !specs.iter().any(|s| matches!(s, SeatSpec::Human)) {
        return Err(ProtoError::new(
            ErrorCode::BadConfig,
            "a match needs at least one human seat (a match of bots alone would start for nobody and hold the bot threads)",
        ));
    }
    let turn_seconds = match req.turn_seconds {
        None => None,
        Some(t) if (1.0..=MAX_TURN_SECONDS as f64).contains(&t) => Some(t),
        Some(_) => {
            return Err(bad(format!(
                "turn_seconds must be a number from 1 to {MAX_TURN_SECONDS} (14 days), or null"
            )))
        }
    };
    let creator = address_key(addr.ip());
    let _guard = sh.create_lock.lock().await;
    check_limits(sh)?;
    let row = MatchRow {
        id: new_id()?,
        created: crate::clock::now_secs(),
        config: serde_json::to_string(&config).map_err(ProtoError::store)?,
        seats: serde_json::to_string(&specs).map_err(ProtoError::store)?,
        turn_seconds,
        started: false,
        finished: false,
        cancelled: false,
        ended: None,
        seed_chosen,
        invite: if req.private {
            Some(new_invite()?)
        } else {
            None
        },
        rematch: None,
    };
    let room = Room::create(&sh.services, row, config, specs, &creator).await?;
    sh.rooms
        .write()
        .unwrap_or_else(|p| p.into_inner())
        .insert(room.id.clone(), room.clone());
    room.resume(&sh.services).await;
    Ok(room)
}

/// `POST /api/v1/matches/{id}/rematch` with the credential of a seat of a
/// finished match: the first call creates the rematch (one per match; the
/// caller's seat taken at once with the same credential, the other
/// players' kept for them), later calls take the caller's seat of it (or
/// answer the seat they took). The answer is the caller's `Joined` for the
/// rematch.
pub(super) async fn rematch(
    State(sh): Shr,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let r = whole(async move {
        let old = sh.room_or_load(&id).await?;
        let bearer = authorize(&sh, &old, &headers).await?;
        // One creation at a time: of two calls at once, the second finds
        // the rematch the first created.
        let from = address_key(addr.ip());
        let guard = sh.create_lock.lock().await;
        let new = match old.rematch_id().await {
            Some(new_id) => sh.room_or_load(&new_id).await?,
            None => create_rematch(&sh, &old, bearer.hash, &from).await?,
        };
        drop(guard);
        let seat = new
            .claim(&sh.services, bearer.seat, &bearer.hash, &from)
            .await?;
        // A seat tied to an account stays the account's in the rematch.
        sh.accounts
            .carry_over(&old.id, &new.id, seat, bearer.hash)
            .await?;
        Ok(Joined {
            match_id: new.id.clone(),
            seat,
            token: bearer.token,
            seed: new.summary().seed,
            invite: new.invite().await,
        })
    })
    .await;
    answer_or_error(StatusCode::OK, r)
}

/// Creates the rematch of `old` for the holder of `hash` (under the
/// creation lock), within the limits of `creator`'s address: in memory
/// before anyone hears of it, then started (bots and timers).
async fn create_rematch(
    sh: &Arc<Shared>,
    old: &Arc<Room>,
    hash: [u8; 32],
    creator: &str,
) -> Result<Arc<Room>, ProtoError> {
    let summary = old.summary();
    if summary.status != Status::Finished {
        return Err(ProtoError::new(
            ErrorCode::NotFinished,
            "a rematch follows a finished game; this one is not over",
        ));
    }
    check_limits(sh)?;
    let draws = RematchDraws {
        id: new_id()?,
        seed: random_u64()?,
        invite: new_invite()?,
        bot_seeds: (0..summary.players)
            .map(|_| random_u64())
            .collect::<Result<_, _>>()?,
    };
    let new_id = draws.id.clone();
    let mut restored = Ok(());
    old.rematch(&sh.services, &hash, draws, creator, |stored| {
        restored = Room::restore(stored).map(|room| {
            sh.rooms
                .write()
                .unwrap_or_else(|p| p.into_inner())
                .entry(room.id.clone())
                .or_insert_with(|| Arc::new(room));
        });
    })
    .await?;
    restored.map_err(|e| ProtoError::new(ErrorCode::Internal, e))?;
    let new = sh.room_or_load(&new_id).await?;
    new.set_bot_key(creator);
    new.resume(&sh.services).await;
    Ok(new)
}
