//! The routes: the REST lobby, the WebSocket of each client, the web
//! client, the protocol's schema. Every answer is a protocol type.
//! Creating matches (`create`: a new one, or a rematch) and seats
//! (`seats`: join, leave, cancel) have their own modules.

mod accounts;
mod create;
mod seats;

use crate::answers::{answer, answer_or_error, error};
use crate::limits::{address_key, ClientSlot, Verdict};
use crate::protocol::{
    ErrorCode, Info, Limits, MatchAnswer, MatchList, ProtoError, PROTOCOL_VERSION,
};
use crate::shared::Shared;
pub(crate) use accounts::rate_unrated;
use axum::body::Body;
use axum::extract::{ConnectInfo, Path, RawQuery, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::Router;
use serde_json::Value;
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
    // Each at its own path, and at its content-addressed one (immutable).
    for (i, asset) in metropolys_web::ASSETS.iter().enumerate() {
        router = router.route(
            asset.path,
            get(move |headers: axum::http::HeaderMap| async move {
                crate::web::serve(i, &headers, false)
            }),
        );
        if let Some(path) = metropolys_web::immutable_path(i) {
            router = router.route(
                path,
                get(move |headers: axum::http::HeaderMap| async move {
                    crate::web::serve(i, &headers, true)
                }),
            );
        }
    }
    router
        .route("/api/v1", get(info))
        .route("/api/v1/schema", get(schema))
        .route("/api/v1/matches", get(list).post(create::create))
        .route("/api/v1/matches/{id}", get(summary))
        .route("/api/v1/matches/{id}/join", post(seats::join))
        .route("/api/v1/matches/{id}/leave", post(seats::leave))
        .route("/api/v1/matches/{id}/cancel", post(seats::cancel))
        .route("/api/v1/matches/{id}/rematch", post(create::rematch))
        .route("/api/v1/matches/{id}/record", get(record))
        .route("/api/v1/matches/{id}/review", get(review))
        .route("/api/v1/matches/{id}/board.svg", get(board))
        .route("/api/v1/matches/{id}/ws", get(crate::ws::upgrade))
        .route("/api/v1/accounts", post(accounts::register))
        .route(
            "/api/v1/sessions",
            post(accounts::sign_in).delete(accounts::sign_out),
        )
        .route("/api/v1/account", get(accounts::account))
        .route("/api/v1/account/seats", post(accounts::bind))
        .route("/api/v1/account/notices", put(accounts::set_notices))
        .route("/api/v1/leaderboard", get(accounts::leaderboard))
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

/// Before any handler: the client behind a trusted proxy (crate::forwarded:
/// the request's `ConnectInfo` becomes that client's address, which holds
/// a place among its connections), the address's request rate, `Host`,
/// `Origin` (crate::guard), and a body over the limit (`too_large`).
async fn admit(
    State(sh): Shr,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    mut req: Request,
    next: Next,
) -> Response {
    let client = match sh.proxies.client(addr.ip(), req.headers()) {
        Ok(ip) => ip,
        Err(e) => return error(e),
    };
    if sh.proxies.trusts(addr.ip()) && client != addr.ip().to_canonical() {
        let Some(slot) = sh.connections.admit_forwarded(client) else {
            return error(ProtoError::new(
                ErrorCode::RateLimited,
                "too many connections from this address; close some first",
            ));
        };
        req.extensions_mut()
            .insert(ConnectInfo(SocketAddr::new(client, 0)));
        req.extensions_mut().insert(ClientSlot::new(slot));
    }
    if sh
        .http_limiter
        .check(&format!("ip:{}", address_key(client)))
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
                abandon_seconds: o.abandon_timeout.as_secs(),
            },
        },
    )
}

/// `GET /api/v1/schema`: the protocol's JSON Schema.
async fn schema() -> Response {
    answer(StatusCode::OK, &crate::protocol::schema())
}

/// `GET /api/v1/matches`: the public unfinished matches and the public
/// recently finished ones, from snapshots (never waiting for a match). A
/// private match is reached only by its id.
async fn list(State(sh): Shr) -> Response {
    let matches = sh
        .all_rooms()
        .iter()
        .map(|r| r.summary())
        .filter(|s| !s.status.is_over() && !s.private)
        .map(|s| (*s).clone())
        .collect();
    let finished = sh
        .recent()
        .iter()
        .filter(|s| !s.private)
        .map(|s| (**s).clone())
        .collect();
    answer(StatusCode::OK, &MatchList { matches, finished })
}

async fn summary(State(sh): Shr, Path(id): Path<String>) -> Response {
    let r = sh.room_or_load(&id).await.map(|r| MatchAnswer {
        summary: (*r.summary()).clone(),
        invite: None,
    });
    answer_or_error(StatusCode::OK, r)
}

/// `GET /api/v1/matches/{id}/record`: the game record of a finished or
/// cancelled match.
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

/// `GET /api/v1/matches/{id}/review[?preset=…]`: the bots' review of a
/// game played to its end (crate::reviews): `not_finished` before (it
/// shows every card) and for a cancelled game; kept once computed.
async fn review(State(sh): Shr, Path(id): Path<String>, RawQuery(query): RawQuery) -> Response {
    let r = async {
        let preset = crate::reviews::preset(query.as_deref())?;
        if let Some(json) = sh.reviews.cached(&id, preset) {
            return Ok(json);
        }
        let record = sh.room_or_load(&id).await?.finished_record().await?;
        sh.reviews
            .get(&id, preset, sh.bot_pool.pool().clone(), move |cancel| {
                crate::reviews::compute(&record, preset, cancel)
            })
            .await
    }
    .await;
    match r {
        Ok(json) => {
            let mut resp = answer(StatusCode::OK, &Value::Null);
            *resp.body_mut() = Body::from(json);
            resp
        }
        Err(e) => {
            let busy = e.code == ErrorCode::RateLimited;
            let mut resp = error(e);
            if busy {
                resp.headers_mut().insert(
                    header::RETRY_AFTER,
                    HeaderValue::from(crate::reviews::RETRY_SECONDS),
                );
            }
            resp
        }
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
