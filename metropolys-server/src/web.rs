//! The web client (plain HTML, CSS and JavaScript embedded in the binary)
//! and the board picture it draws on: core's SVG board with every piece
//! as a definition.

use axum::http::header;
use axum::response::IntoResponse;
use metropolys_core::svg;
use metropolys_core::State;

const INDEX: &str = include_str!("../web/index.html");
const APP_JS: &str = include_str!("../web/app.js");
const STYLE_CSS: &str = include_str!("../web/style.css");

/// Pages are never framed and load nothing from elsewhere.
const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'";

pub(crate) async fn index() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CONTENT_SECURITY_POLICY, CSP),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        INDEX,
    )
}

pub(crate) async fn app_js() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        APP_JS,
    )
}

pub(crate) async fn style_css() -> impl IntoResponse {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        STYLE_CSS,
    )
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
