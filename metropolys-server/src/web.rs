//! The web client's files (the `metropolys-web` crate) as HTTP answers,
//! and the board picture the client draws on: core's SVG board with every
//! piece as a definition.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use metropolys_core::svg;
use metropolys_core::State;
use metropolys_web::{brotli, csp, etag, gzip, served, ASSETS, HTML, IMMUTABLE};

/// Whether an `Accept-Encoding` accepts `coding` (`gzip`, `br`): that
/// coding or `*`, with a quality that is not 0.
fn accepts(headers: &header::HeaderMap, coding: &str) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|c| {
            let mut parts = c.split(';').map(str::trim);
            let name = parts.next().unwrap_or("");
            let refused = parts.any(|p| {
                p.strip_prefix("q=")
                    .and_then(|q| q.parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            (name.eq_ignore_ascii_case(coding) || name == "*") && !refused
        })
}

/// Whether `If-None-Match` names `etag` (or `*`).
fn not_modified(headers: &header::HeaderMap, etag: &header::HeaderValue) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == "*" || t.as_bytes() == etag.as_bytes())
}

/// The response for asset number `i` of [`ASSETS`] to a request with
/// `headers`: 304 when the client holds it already (`If-None-Match`), the
/// Brotli or gzip form when the client accepts it, else the bytes as they are; with
/// its `ETag`, revalidated at each use (`no-cache`) at its own path, kept
/// (`immutable`) at its content-addressed one.
pub(crate) fn serve(i: usize, headers: &header::HeaderMap, immutable: bool) -> Response {
    let a = &ASSETS[i];
    let tag = header::HeaderValue::from_static(etag(i));
    let common = [
        (
            header::CACHE_CONTROL,
            header::HeaderValue::from_static(if immutable { IMMUTABLE } else { "no-cache" }),
        ),
        (header::ETAG, tag.clone()),
        (
            header::VARY,
            header::HeaderValue::from_static("accept-encoding"),
        ),
        (
            header::X_CONTENT_TYPE_OPTIONS,
            header::HeaderValue::from_static("nosniff"),
        ),
    ];
    if not_modified(headers, &tag) {
        return (StatusCode::NOT_MODIFIED, common).into_response();
    }
    // Brotli where the client takes it (the smaller), else gzip, else the bytes.
    let coded = match (brotli(i), gzip(i)) {
        (Some(b), _) if accepts(headers, "br") => Some(("br", b)),
        (_, Some(g)) if accepts(headers, "gzip") => Some(("gzip", g)),
        _ => None,
    };
    let mut r = match coded {
        Some((coding, body)) => (
            common,
            [
                (header::CONTENT_TYPE, a.content_type),
                (header::CONTENT_ENCODING, coding),
            ],
            body,
        )
            .into_response(),
        None => (common, [(header::CONTENT_TYPE, a.content_type)], served(i)).into_response(),
    };
    if a.content_type == HTML {
        r.headers_mut().insert(
            header::CONTENT_SECURITY_POLICY,
            header::HeaderValue::from_static(csp()),
        );
        r.headers_mut().insert(
            header::REFERRER_POLICY,
            header::HeaderValue::from_static("no-referrer"),
        );
    }
    r
}

/// The board of `state` (core's `svg::render_board`, which draws no piece
/// and no secret: only the districts out of play differ between games) with
/// every piece drawn once at (0, 0) as a definition: `b{seat}_{n}`
/// buildings, `d{seat}_{n}` bids, `l{seat}_{n}` the latest bid, `t{i}`
/// tokens (`Token::ALL` order), `h` the highlight ring; and an empty
/// `<g id="pieces">` layer on top for the client's `<use>` elements.
pub(crate) fn board_svg(state: &State) -> String {
    svg::scripted_board(state, &svg::Piece::all(state.players()))
}
