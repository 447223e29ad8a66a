//! The routes: the REST lobby, the WebSocket of each client, the web client.

use crate::credential::{hash_credential, random_u64};
use crate::limits::Verdict;
use crate::protocol::{parse_client, ClientMessage, ErrorCode, ProtoError, PROTOCOL_VERSION};
use crate::room::{Out, Room, SeatSpec};
use crate::shared::Shared;
use axum::body::{Body, Bytes};
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, RawQuery, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use futures_util::{SinkExt, StreamExt};
use metropolys_core::{Config, Rules, Seat, State as GameState};
use serde_json::{json, Map, Value};
use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use tokio::sync::mpsc;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::trace::TraceLayer;

type Shr = State<Arc<Shared>>;

/// The router of every route.
pub(crate) fn router(shared: Arc<Shared>) -> Router {
    let max_body = shared.options.max_body_bytes;
    Router::new()
        .route("/", get(crate::web::index))
        .route("/app.js", get(crate::web::app_js))
        .route("/style.css", get(crate::web::style_css))
        .route("/api/v1", get(info))
        .route("/api/v1/matches", get(list).post(create))
        .route("/api/v1/matches/{id}", get(summary))
        .route("/api/v1/matches/{id}/join", post(join))
        .route("/api/v1/matches/{id}/leave", post(leave))
        .route("/api/v1/matches/{id}/record", get(record))
        .route("/api/v1/matches/{id}/board.svg", get(board))
        .route("/api/v1/matches/{id}/ws", get(ws))
        .fallback(|| async { error(ProtoError::new(ErrorCode::NotFound, "no such path")) })
        .method_not_allowed_fallback(|| async {
            error(ProtoError::new(
                ErrorCode::MethodNotAllowed,
                "this method is not allowed here",
            ))
        })
        .layer(RequestBodyLimitLayer::new(max_body))
        .layer(middleware::from_fn_with_state(shared.clone(), limit_http))
        // Spans name the method and path only: never a query (credentials
        // travel in the WebSocket's query).
        .layer(TraceLayer::new_for_http().make_span_with(|r: &Request| {
            tracing::info_span!("request", method = %r.method(), path = %r.uri().path())
        }))
        .with_state(shared)
}

/// An error response.
pub(crate) fn error(e: ProtoError) -> Response {
    let status = StatusCode::from_u16(e.code.status()).unwrap_or(StatusCode::BAD_REQUEST);
    let mut r = (status, e.to_http()).into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    r
}

fn json_response(status: StatusCode, v: Value) -> Response {
    let mut r = (status, v.to_string()).into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    r
}

/// Requests per client address; a body over the limit is `too_large`.
async fn limit_http(
    State(sh): Shr,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    req: Request,
    next: Next,
) -> Response {
    if sh.http_limiter.check(&format!("ip:{}", addr.ip())) != Verdict::Allow {
        return error(ProtoError::new(
            ErrorCode::RateLimited,
            "too many requests from this address; slow down",
        ));
    }
    let r = next.run(req).await;
    if r.status() == StatusCode::PAYLOAD_TOO_LARGE {
        let mut r = error(ProtoError::new(
            ErrorCode::TooLarge,
            format!(
                "the request body is larger than {} bytes",
                sh.options.max_body_bytes
            ),
        ));
        // The body was refused unread, so the connection cannot carry
        // another request: say so, or a client that pools connections
        // sends its next request into a socket the server is closing.
        r.headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
        return r;
    }
    r
}

fn room(sh: &Shared, id: &str) -> Result<Arc<Room>, ProtoError> {
    sh.room(id)
        .ok_or_else(|| ProtoError::new(ErrorCode::NotFound, "no such match"))
}

/// A JSON object body (empty: `{}`).
fn body_object(body: &Bytes) -> Result<Map<String, Value>, ProtoError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(Map::new());
    }
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(m)) => Ok(m),
        Ok(_) => Err(ProtoError::new(
            ErrorCode::BadMessage,
            "the body must be a JSON object",
        )),
        Err(e) => Err(ProtoError::new(
            ErrorCode::BadJson,
            format!("not JSON: {e}"),
        )),
    }
}

fn only(m: &Map<String, Value>, allowed: &[&str]) -> Result<(), ProtoError> {
    match m.keys().find(|k| !allowed.contains(&k.as_str())) {
        Some(k) => Err(ProtoError::new(
            ErrorCode::BadMessage,
            format!(
                "unknown field {:?}; expected {}",
                crate::protocol::shorten(k),
                allowed.join(", ")
            ),
        )),
        None => Ok(()),
    }
}

/// `GET /api/v1`: the protocol version, the bot kinds, the limits.
async fn info(State(sh): Shr) -> Response {
    let o = &sh.options;
    json_response(
        StatusCode::OK,
        json!({
            "protocol": PROTOCOL_VERSION,
            "server": concat!("metropolys-server ", env!("CARGO_PKG_VERSION")),
            "bots": metropolys_bots::KINDS,
            "limits": {
                "max_matches": o.max_matches,
                "bot_seconds": o.bot_seconds,
                "bot_threads": o.bot_threads,
                "idle_seconds": o.idle_timeout.as_secs(),
                "rate": o.rate,
                "burst": o.burst,
                "http_rate": o.http_rate,
                "max_message_bytes": o.max_message_bytes,
                "max_body_bytes": o.max_body_bytes,
                "max_sockets": o.max_sockets,
            }
        }),
    )
}

/// `GET /api/v1/matches`: the matches in memory (open, playing, recently
/// finished), newest first, and the ids of recently finished ones.
async fn list(State(sh): Shr) -> Response {
    let mut matches = Vec::new();
    for r in sh.all_rooms() {
        matches.push(r.summary().await);
    }
    let store = sh.store.clone();
    let finished = tokio::task::spawn_blocking(move || store.finished(50))
        .await
        .ok()
        .and_then(Result::ok)
        .unwrap_or_default();
    json_response(
        StatusCode::OK,
        json!({ "matches": matches, "finished": finished }),
    )
}

async fn summary(State(sh): Shr, Path(id): Path<String>) -> Response {
    match room(&sh, &id) {
        Ok(r) => json_response(StatusCode::OK, json!({ "match": r.summary().await })),
        Err(e) => error(e),
    }
}

/// `POST /api/v1/matches`.
async fn create(State(sh): Shr, body: Bytes) -> Response {
    match create_match(&sh, &body).await {
        Ok(r) => json_response(StatusCode::CREATED, json!({ "match": r.summary().await })),
        Err(e) => error(e),
    }
}

async fn create_match(sh: &Arc<Shared>, body: &Bytes) -> Result<Arc<Room>, ProtoError> {
    let m = body_object(body)?;
    only(
        &m,
        &[
            "players",
            "variant",
            "seed",
            "start_player",
            "metropolys_deck",
            "seats",
            "turn_seconds",
        ],
    )?;
    let bad = |msg: String| ProtoError::new(ErrorCode::BadMessage, msg);
    let players = m
        .get("players")
        .ok_or_else(|| bad("missing field \"players\"".into()))?;
    let seed = match m.get("seed") {
        None | Some(Value::Null) => random_u64()?,
        Some(v) => v
            .as_u64()
            .ok_or_else(|| bad("seed must be an integer from 0 to 2^64-1".into()))?,
    };
    let mut config = Map::new();
    config.insert("players".into(), players.clone());
    config.insert("seed".into(), Value::from(seed));
    for k in ["variant", "start_player", "metropolys_deck"] {
        if let Some(v) = m.get(k).filter(|v| !v.is_null()) {
            config.insert(k.into(), v.clone());
        }
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
    let seats = match m.get("seats") {
        Some(Value::Array(a)) => a,
        _ => {
            return Err(bad(
                "seats must be an array of strings, one per player".into()
            ))
        }
    };
    if seats.len() != config.players as usize {
        return Err(ProtoError::new(
            ErrorCode::BadConfig,
            format!(
                "{} seats for {} players: give one seat per player",
                seats.len(),
                config.players
            ),
        ));
    }
    let mut specs = Vec::with_capacity(seats.len());
    for (i, s) in seats.iter().enumerate() {
        let Value::String(s) = s else {
            return Err(bad(format!("seat {i} must be a string")));
        };
        specs.push(seat_spec(sh, i, s)?);
    }
    let turn_seconds = match m.get("turn_seconds") {
        None | Some(Value::Null) => None,
        Some(v) => match v.as_f64() {
            Some(t) if (1.0..=86_400.0).contains(&t) => Some(t),
            _ => {
                return Err(bad(
                    "turn_seconds must be a number from 1 to 86400, or null".into(),
                ))
            }
        },
    };
    let _guard = sh.create_lock.lock().await;
    let mut unfinished = 0;
    for r in sh.all_rooms() {
        if !r.is_over().await {
            unfinished += 1;
        }
    }
    if unfinished >= sh.options.max_matches {
        return Err(ProtoError::new(
            ErrorCode::TooManyMatches,
            format!(
                "the server holds its maximum of {} unfinished matches",
                sh.options.max_matches
            ),
        ));
    }
    let room = Room::create(&sh.services, config, specs, turn_seconds).await?;
    sh.rooms
        .write()
        .unwrap_or_else(|p| p.into_inner())
        .insert(room.id.clone(), room.clone());
    room.resume(&sh.services).await;
    Ok(room)
}

/// A seat: `human`, or a bot spec (`kind` or `kind:{JSON}`, read as the
/// bots crate's typed `SeatSpec`) within the server's budget (ismcts bots
/// get `seconds`).
fn seat_spec(sh: &Shared, i: usize, s: &str) -> Result<SeatSpec, ProtoError> {
    let s = s.trim();
    let badbot = |msg: String| ProtoError::new(ErrorCode::BadBot, format!("seat {i}: {msg}"));
    if metropolys_bots::split_list(s).len() != 1 {
        return Err(badbot("one bot spec per seat".into()));
    }
    let mut spec = match s.parse() {
        Ok(metropolys_bots::SeatSpec::Human) => return Ok(SeatSpec::Human),
        Ok(metropolys_bots::SeatSpec::Bot(spec)) => spec,
        Err(e) => return Err(badbot(e.to_string())),
    };
    let limit = sh.options.bot_seconds;
    if let Some(v) = spec.params().get("seconds") {
        if v.as_f64().is_none_or(|x| x > limit) {
            return Err(badbot(format!(
                "seconds must be at most {limit} on this server, not {v}"
            )));
        }
    }
    if let Some(v) = spec.params().get("threads") {
        if v.as_u64()
            .is_none_or(|x| x as usize > sh.options.bot_threads)
        {
            return Err(badbot(format!(
                "threads must be at most {} on this server, not {v}",
                sh.options.bot_threads
            )));
        }
    }
    if !spec.params().contains_key("seconds") && spec.takes("seconds") {
        // The server's budget, beside any iteration count (the bot stops at
        // whichever comes first), where the kind takes one.
        spec = spec
            .with("seconds", Value::from(limit))
            .map_err(|e| badbot(e.to_string()))?;
    }
    Ok(SeatSpec::Bot {
        spec: s.to_string(),
        bot: spec.kind().name().to_string(),
        params: spec.params_json(),
        seed: random_u64()?,
    })
}

/// `POST /api/v1/matches/{id}/join`, body `{"seat": n}` or empty (the first
/// free human seat): `{"match", "seat", "token"}`.
async fn join(State(sh): Shr, Path(id): Path<String>, body: Bytes) -> Response {
    let r = async {
        let room = room(&sh, &id)?;
        let m = body_object(&body)?;
        only(&m, &["seat"])?;
        let seat = match m.get("seat") {
            None | Some(Value::Null) => None,
            Some(v) => Some(v.as_u64().ok_or_else(|| {
                ProtoError::new(ErrorCode::BadMessage, "seat must be an integer from 0 to 3")
            })?),
        };
        let (seat, token) = room.join(&sh.services, seat).await?;
        Ok::<_, ProtoError>(json!({ "match": id, "seat": seat, "token": token }))
    }
    .await;
    match r {
        Ok(v) => json_response(StatusCode::OK, v),
        Err(e) => error(e),
    }
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
    room.seat_of(token)
        .await
        .ok_or_else(|| ProtoError::new(ErrorCode::Forbidden, "not a credential of this match"))
}

fn credential_key(token: &str) -> String {
    let h = hash_credential(token);
    let hex: String = h[..12].iter().map(|b| format!("{b:02x}")).collect();
    format!("cred:{hex}")
}

/// `POST /api/v1/matches/{id}/leave` with the seat's credential.
async fn leave(State(sh): Shr, Path(id): Path<String>, headers: HeaderMap) -> Response {
    let r = async {
        let room = room(&sh, &id)?;
        let seat = authorize(&sh, &room, &headers).await?;
        room.leave(&sh.services, seat).await?;
        Ok::<_, ProtoError>(json!({ "match": id, "seat": seat, "left": true }))
    }
    .await;
    match r {
        Ok(v) => json_response(StatusCode::OK, v),
        Err(e) => error(e),
    }
}

/// `GET /api/v1/matches/{id}/record`: the game record of a finished match.
async fn record(State(sh): Shr, Path(id): Path<String>) -> Response {
    let r = async {
        if let Some(room) = sh.room(&id) {
            return room.record().await;
        }
        if id.len() > 64 {
            return Err(ProtoError::new(ErrorCode::NotFound, "no such match"));
        }
        let store = sh.store.clone();
        let key = id.clone();
        let stored = tokio::task::spawn_blocking(move || store.load(&key))
            .await
            .ok()
            .and_then(Result::ok)
            .flatten()
            .ok_or_else(|| ProtoError::new(ErrorCode::NotFound, "no such match"))?;
        let room = Room::restore(&stored).map_err(|e| ProtoError::new(ErrorCode::Internal, e))?;
        room.record().await
    }
    .await;
    match r {
        Ok(text) => {
            let mut resp = json_response(StatusCode::OK, Value::Null);
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
    match room(&sh, &id) {
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

/// `GET /api/v1/matches/{id}/ws[?token=…][&since=n]`: a seat's socket (with
/// its credential) or a spectator's (without).
async fn ws(
    State(sh): Shr,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
    upgrade: WebSocketUpgrade,
) -> Response {
    let r = async {
        let room = room(&sh, &id)?;
        let mut token = None;
        let mut since = None;
        for pair in query.as_deref().unwrap_or("").split('&') {
            match pair.split_once('=') {
                Some(("token", t)) => token = Some(t.to_string()),
                Some(("since", s)) => {
                    since = Some(s.parse::<u64>().map_err(|_| {
                        ProtoError::new(ErrorCode::BadMessage, "since must be a move number")
                    })?)
                }
                _ => {}
            }
        }
        let seat = match &token {
            None => None,
            Some(t) => Some(room.seat_of(t).await.ok_or_else(|| {
                ProtoError::new(ErrorCode::Forbidden, "not a credential of this match")
            })?),
        };
        Ok::<_, ProtoError>((room, seat, token.map(|t| credential_key(&t)), since))
    }
    .await;
    let (room, seat, key, since) = match r {
        Ok(x) => x,
        Err(e) => return error(e),
    };
    let max = sh.options.max_message_bytes;
    upgrade
        .max_message_size(max)
        .max_frame_size(max)
        .on_upgrade(move |socket| client(sh, room, seat, key, since, socket))
}

/// One client's socket: a writer task drains its queue (and pings), the
/// reader handles its messages; either ending ends both.
async fn client(
    sh: Arc<Shared>,
    room: Arc<Room>,
    seat: Option<Seat>,
    key: Option<String>,
    since: Option<u64>,
    socket: WebSocket,
) {
    let id = sh.next_client.fetch_add(1, Ordering::Relaxed);
    let key = key.unwrap_or_else(|| format!("conn:{id}"));
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::channel::<Out>(256);
    if let Err(e) = room
        .connect(id, seat, since, tx.clone(), sh.options.max_sockets)
        .await
    {
        let _ = sink.send(Message::Text(e.to_ws().into())).await;
        let _ = sink
            .send(Message::Close(Some(CloseFrame {
                code: 1013,
                reason: "try again later".into(),
            })))
            .await;
        return;
    }
    let idle = sh.options.idle_timeout;
    let mut writer = tokio::spawn(async move {
        let mut ping = tokio::time::interval(idle / 3);
        ping.tick().await;
        loop {
            tokio::select! {
                out = rx.recv() => match out {
                    Some(Out::Text(t)) => {
                        if sink.send(Message::Text(t.into())).await.is_err() {
                            break;
                        }
                    }
                    Some(Out::Close(code, reason)) => {
                        let _ = sink
                            .send(Message::Close(Some(CloseFrame { code, reason: reason.into() })))
                            .await;
                        break;
                    }
                    None => {
                        let _ = sink
                            .send(Message::Close(Some(CloseFrame { code: 1001, reason: "closed".into() })))
                            .await;
                        break;
                    }
                },
                _ = ping.tick() => {
                    if sink.send(Message::Ping(Bytes::new())).await.is_err() {
                        break;
                    }
                }
            }
        }
    });
    let close = |code: u16, reason: &'static str| {
        let _ = tx.try_send(Out::Close(code, reason));
    };
    let mut writer_done = false;
    let mut peer_closed = false;
    loop {
        let next = tokio::select! {
            _ = &mut writer => {
                writer_done = true;
                break;
            }
            m = tokio::time::timeout(idle, stream.next()) => m,
        };
        let msg = match next {
            Err(_) => {
                close(1001, "idle");
                break;
            }
            Ok(None) | Ok(Some(Ok(Message::Close(_)))) => {
                peer_closed = true;
                break;
            }
            Ok(Some(Err(e))) => {
                // A message over the size limit, or a broken frame.
                let text = e.to_string();
                if text.contains("too long")
                    || text.contains("Space limit")
                    || text.contains("size")
                {
                    close(1009, "message too big");
                } else {
                    close(1002, "protocol error");
                }
                peer_closed = true;
                break;
            }
            Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => continue,
            Ok(Some(Ok(Message::Binary(_)))) => {
                let _ = tx.try_send(Out::Text(
                    ProtoError::new(ErrorCode::BadMessage, "messages are JSON text, not binary")
                        .to_ws(),
                ));
                continue;
            }
            Ok(Some(Ok(Message::Text(t)))) => t,
        };
        match sh.limiter.check(&key) {
            Verdict::Allow => {}
            Verdict::Deny => {
                let _ = tx.try_send(Out::Text(
                    ProtoError::new(ErrorCode::RateLimited, "too many messages; slow down").to_ws(),
                ));
                continue;
            }
            Verdict::Flood => {
                close(1008, "flood");
                break;
            }
        }
        let reply = match parse_client(msg.as_str()) {
            Err(e) => Err(e),
            Ok(ClientMessage::Ping) => {
                let _ = tx.try_send(Out::Text(r#"{"type":"pong"}"#.into()));
                Ok(())
            }
            Ok(ClientMessage::Sync) => {
                room.sync(id).await;
                Ok(())
            }
            Ok(ClientMessage::Hint) => match seat {
                None => Err(spectator()),
                Some(s) => room.hint(id, s).await,
            },
            Ok(ClientMessage::Act {
                move_number,
                action,
            }) => match seat {
                None => Err(spectator()),
                Some(s) => room.submit(&sh.services, id, s, move_number, action).await,
            },
        };
        if let Err(e) = reply {
            let _ = tx.try_send(Out::Text(e.to_ws()));
        }
    }
    room.disconnect(id).await;
    drop(tx);
    if key.starts_with("conn:") {
        sh.limiter.forget(&key);
    }
    // The writer sends a Close frame as it ends; the closing handshake
    // waits (briefly) for the client's, so that the connection does not end
    // with a reset that could lose the Close frame.
    if !peer_closed {
        let _ = tokio::time::timeout(std::time::Duration::from_secs(2), async {
            while let Some(Ok(m)) = stream.next().await {
                if matches!(m, Message::Close(_)) {
                    break;
                }
            }
        })
        .await;
    }
    if !writer_done {
        let _ = tokio::time::timeout(std::time::Duration::from_secs(5), writer).await;
    }
}

fn spectator() -> ProtoError {
    ProtoError::new(
        ErrorCode::Spectator,
        "spectators cannot act or ask for hints",
    )
}
