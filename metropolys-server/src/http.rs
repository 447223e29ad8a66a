//! The routes: the REST lobby, the WebSocket of each client, the web
//! client, the protocol's schema. Every answer is a protocol type.

use crate::answers::{answer, answer_or_error, error};
use crate::authority::SeatSpec;
use crate::credential::{credential_key, hash_credential, new_credential, random_u64};
use crate::limits::{address_key, Verdict};
use crate::protocol::{
    parse_json, CreateMatch, ErrorCode, Info, JoinSeat, Joined, Left, Limits, MatchAnswer,
    MatchList, ProtoError, PROTOCOL_VERSION,
};
use crate::room::Room;
use crate::shared::Shared;
use crate::store::MatchRow;
use axum::body::{Body, Bytes};
use axum::extract::{ConnectInfo, Path, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use metropolys_core::{Config, Rules, Seat, State as GameState};
use serde_json::{Map, Value};
use std::net::SocketAddr;
use std::sync::Arc;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::RequestBodyTimeoutLayer;
use tower_http::trace::TraceLayer;

type Shr = State<Arc<Shared>>;

/// A body over the limit but at most this long is read and dropped, so
/// that the connection can carry the error and further requests (closing
/// with unread data would reset it, and the client could lose the answer).
const DRAIN_BYTES: u64 = 1 << 20;

/// The router of every route.
pub(crate) fn router(shared: Arc<Shared>) -> Router {
    let max_body = shared.options.max_body_bytes;
    let io = shared.options.io_timeout;
    let mut router = Router::new();
    // The web client's pages, modules and engine (crate::web).
    for asset in crate::web::ASSETS {
        router = router.route(
            asset.path,
            get(move || async move { crate::web::serve(asset) }),
        );
    }
    router
        .route("/api/v1", get(info))
        .route("/api/v1/schema", get(schema))
        .route("/api/v1/matches", get(list).post(create))
        .route("/api/v1/matches/{id}", get(summary))
        .route("/api/v1/matches/{id}/join", post(join))
        .route("/api/v1/matches/{id}/leave", post(leave))
        .route("/api/v1/matches/{id}/record", get(record))
        .route("/api/v1/matches/{id}/board.svg", get(board))
        .route("/api/v1/matches/{id}/ws", get(crate::ws::upgrade))
        .fallback(|| async { error(ProtoError::new(ErrorCode::NotFound, "no such path")) })
        .method_not_allowed_fallback(|| async {
            error(ProtoError::new(
                ErrorCode::MethodNotAllowed,
                "this method is not allowed here",
            ))
        })
        .layer(RequestBodyLimitLayer::new(max_body))
        .layer(RequestBodyTimeoutLayer::new(io))
        .layer(middleware::from_fn_with_state(shared.clone(), admit))
        // Spans name the method and path only: never a query (credentials
        // travel in the WebSocket's query).
        .layer(TraceLayer::new_for_http().make_span_with(|r: &Request| {
            tracing::info_span!("request", method = %r.method(), path = %r.uri().path())
        }))
        .with_state(shared)
}

/// Before any handler: the address's request rate, `Host`, `Origin`
/// (crate::guard), and a body over the limit (`too_large`).
async fn admit(
    State(sh): Shr,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    req: Request,
    next: Next,
) -> Response {
    if sh
        .http_limiter
        .check(&format!("ip:{}", address_key(addr.ip())))
        != Verdict::Allow
    {
        return error(ProtoError::new(
            ErrorCode::RateLimited,
            "too many requests from this address; slow down",
        ));
    }
    if let Err(e) = sh.guard.check(req.headers()) {
        return error(e);
    }
    let max = sh.options.max_body_bytes;
    let too_large = || {
        error(ProtoError::new(
            ErrorCode::TooLarge,
            format!("the request body is larger than {max} bytes"),
        ))
    };
    let declared = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if let Some(len) = declared.filter(|&n| n > max as u64) {
        if len <= DRAIN_BYTES {
            // Read and drop it: the connection then serves on.
            let body = req.into_body();
            let drained = tokio::time::timeout(
                sh.options.io_timeout,
                axum::body::to_bytes(body, DRAIN_BYTES as usize),
            )
            .await;
            if matches!(drained, Ok(Ok(_))) {
                return too_large();
            }
        }
        return closing(too_large());
    }
    let r = next.run(req).await;
    if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
        // A body without a length that grew over the limit: refused
        // unread, so the connection cannot carry another request.
        return closing(too_large());
    }
    r
}

/// Says that the connection closes after this response, so that a client
/// that pools connections does not send its next request into it.
fn closing(mut r: Response) -> Response {
    r.headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    r
}

/// `GET /api/v1`: the protocol version, the bot kinds, the limits.
async fn info(State(sh): Shr) -> Response {
    let o = &sh.options;
    answer(
        StatusCode::OK,
        &Info {
            protocol: PROTOCOL_VERSION,
            server: concat!("metropolys-server ", env!("CARGO_PKG_VERSION")).into(),
            bots: metropolys_bots::KINDS
                .iter()
                .map(|k| k.to_string())
                .collect(),
            limits: Limits {
                max_matches: o.max_matches,
                open_per_address: o.open_per_address,
                open_seconds: o.open_timeout.as_secs(),
                keep_days: o.keep.as_secs() / 86_400,
                bot_seconds: o.bot_seconds,
                bot_threads: o.bot_threads,
                bot_tree_mib: o.bot_tree_mib,
                idle_seconds: o.idle_timeout.as_secs(),
                rate: o.rate,
                burst: o.burst,
                http_rate: o.http_rate,
                max_message_bytes: o.max_message_bytes,
                max_body_bytes: o.max_body_bytes,
                max_sockets: o.max_sockets,
                max_connections: o.max_connections,
                connections_per_address: o.connections_per_address,
            },
        },
    )
}

/// `GET /api/v1/schema`: the protocol's JSON Schema.
async fn schema() -> Response {
    answer(StatusCode::OK, &crate::protocol::schema())
}

/// `GET /api/v1/matches`: the unfinished matches and the recently finished
/// ones, from snapshots (never waiting for a match).
async fn list(State(sh): Shr) -> Response {
    let matches = sh
        .all_rooms()
        .iter()
        .map(|r| r.summary())
        .filter(|s| !s.status.is_over())
        .map(|s| (*s).clone())
        .collect();
    let finished = sh.recent().iter().map(|s| (**s).clone()).collect();
    answer(StatusCode::OK, &MatchList { matches, finished })
}

async fn summary(State(sh): Shr, Path(id): Path<String>) -> Response {
    let r = sh.room_or_load(&id).await.map(|r| MatchAnswer {
        summary: (*r.summary()).clone(),
    });
    answer_or_error(StatusCode::OK, r)
}

/// `POST /api/v1/matches`.
async fn create(
    State(sh): Shr,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let r = async {
        crate::guard::require_json(&headers)?;
        create_match(&sh, addr, &body).await
    }
    .await
    .map(|r| MatchAnswer {
        summary: (*r.summary()).clone(),
    });
    answer_or_error(StatusCode::CREATED, r)
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
        Some(t) if (1.0..=86_400.0).contains(&t) => Some(t),
        Some(_) => {
            return Err(bad(
                "turn_seconds must be a number from 1 to 86400, or null".into(),
            ))
        }
    };
    let creator = address_key(addr.ip());
    let _guard = sh.create_lock.lock().await;
    let rooms: Vec<_> = sh
        .all_rooms()
        .iter()
        .map(|r| (r.summary(), r.creator.clone()))
        .collect();
    let unfinished = rooms.iter().filter(|(s, _)| !s.status.is_over()).count();
    if unfinished >= sh.options.max_matches {
        return Err(ProtoError::new(
            ErrorCode::TooManyMatches,
            format!(
                "the server holds its maximum of {} unfinished matches",
                sh.options.max_matches
            ),
        ));
    }
    let open_mine = rooms
        .iter()
        .filter(|(s, c)| {
            s.status == crate::protocol::Status::Open && c.as_deref() == Some(&creator)
        })
        .count();
    if open_mine >= sh.options.open_per_address {
        return Err(ProtoError::new(
            ErrorCode::TooManyOpenMatches,
            format!(
                "this address already has {open_mine} matches waiting for players; join or leave one first (an open match nobody sits at is cancelled after {} s)",
                sh.options.open_timeout.as_secs()
            ),
        ));
    }
    let row = MatchRow {
        id: format!("{:016x}", random_u64()?),
        created: crate::clock::now_secs(),
        config: serde_json::to_string(&config).map_err(ProtoError::store)?,
        seats: serde_json::to_string(&specs).map_err(ProtoError::store)?,
        turn_seconds,
        started: false,
        finished: false,
        cancelled: false,
        ended: None,
        seed_chosen,
    };
    let room = Room::create(&sh.services, row, config, specs, Some(creator)).await?;
    sh.rooms
        .write()
        .unwrap_or_else(|p| p.into_inner())
        .insert(room.id.clone(), room.clone());
    room.resume(&sh.services).await;
    Ok(room)
}

/// `POST /api/v1/matches/{id}/join`, body `{"seat": n}` or empty (the first
/// free human seat).
async fn join(State(sh): Shr, Path(id): Path<String>, headers: HeaderMap, body: Bytes) -> Response {
    let r = async {
        crate::guard::require_json(&headers)?;
        let room = sh.room_or_load(&id).await?;
        let req: JoinSeat = if body.iter().all(u8::is_ascii_whitespace) {
            JoinSeat::default()
        } else {
            parse_json(&body)?
        };
        let (token, hash) = new_credential()?;
        let seat = room.join(&sh.services, req.seat, hash).await?;
        Ok(Joined {
            match_id: id.clone(),
            seat,
            token,
            seed: room.summary().seed,
        })
    }
    .await;
    answer_or_error(StatusCode::OK, r)
}

/// The seat an `Authorization: Bearer` credential holds in `room`.
async fn authorize(sh: &Shared, room: &Room, headers: &HeaderMap) -> Result<Seat, ProtoError> {
    let token = headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| {
            ProtoError::new(
                ErrorCode::Unauthorized,
                "this needs a seat credential: Authorization: Bearer <token>",
            )
        })?;
    if sh.limiter.check(&credential_key(token)) != Verdict::Allow {
        return Err(ProtoError::new(
            ErrorCode::RateLimited,
            "too many requests for this credential; slow down",
        ));
    }
    room.seat_of(&hash_credential(token))
        .await
        .map(|(s, _)| s)
        .ok_or_else(|| ProtoError::new(ErrorCode::Forbidden, "not a credential of this match"))
}

/// `POST /api/v1/matches/{id}/leave` with the seat's credential.
async fn leave(State(sh): Shr, Path(id): Path<String>, headers: HeaderMap) -> Response {
    let r = async {
        let room = sh.room_or_load(&id).await?;
        let seat = authorize(&sh, &room, &headers).await?;
        room.leave(&sh.services, seat).await?;
        Ok(Left {
            match_id: id.clone(),
            seat,
            left: true,
        })
    }
    .await;
    answer_or_error(StatusCode::OK, r)
}

/// `GET /api/v1/matches/{id}/record`: the game record of a finished match.
async fn record(State(sh): Shr, Path(id): Path<String>) -> Response {
    let r = async { sh.room_or_load(&id).await?.record().await }.await;
    match r {
        Ok(text) => {
            let mut resp = answer(StatusCode::OK, &Value::Null);
            *resp.body_mut() = Body::from(text);
            if let Ok(v) =
                HeaderValue::from_str(&format!("attachment; filename=\"metropolys-{id}.json\""))
            {
                resp.headers_mut().insert(header::CONTENT_DISPOSITION, v);
            }
            resp
        }
        Err(e) => error(e),
    }
}

/// `GET /api/v1/matches/{id}/board.svg`: the board with every piece as a
/// definition (the web client places them).
async fn board(State(sh): Shr, Path(id): Path<String>) -> Response {
    match sh.room_or_load(&id).await {
        Ok(r) => {
            let mut resp = r.board().await.into_response();
            resp.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("image/svg+xml"),
            );
            resp
        }
        Err(e) => error(e),
    }
}
