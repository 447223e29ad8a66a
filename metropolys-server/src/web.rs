//! The web client (plain HTML, CSS and JavaScript embedded in the binary)
//! and the board picture it draws on: core's SVG board with every piece
//! as a definition.

use axum::http::header;
use axum::response::IntoResponse;
use metropolys_core::svg::{self, SvgOptions};
use metropolys_core::{State, Token};
use std::fmt::Write as _;

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
    let mut defs = String::new();
    for seat in 0..state.players() {
        for n in 1..=metropolys_core::BUILDINGS_PER_PLAYER {
            let _ = write!(
                defs,
                r#"<g id="b{seat}_{n}">{}</g><g id="d{seat}_{n}">{}</g><g id="l{seat}_{n}">{}</g>"#,
                svg::building_piece(state.variant(), seat, n, (0.0, 0.0)),
                svg::bid_piece(seat, n, false, (0.0, 0.0)),
                svg::bid_piece(seat, n, true, (0.0, 0.0)),
            );
        }
    }
    for (i, t) in Token::ALL.iter().enumerate() {
        let _ = write!(
            defs,
            r#"<g id="t{i}">{}</g>"#,
            svg::token_piece(*t, (0.0, 0.0))
        );
    }
    let _ = write!(
        defs,
        r#"<g id="h">{}</g>"#,
        svg::highlight_piece((0.0, 0.0))
    );
    let board = svg::render_board(
        state,
        &SvgOptions {
            hide_status: true,
            ..SvgOptions::default()
        },
    );
    let board = board.replacen(
        "<title>Metropolys board</title>",
        &format!("<title>Metropolys board</title><defs>{defs}</defs>"),
        1,
    );
    match board.rfind("</svg>") {
        Some(end) => format!("{}<g id=\"pieces\"></g></svg>", &board[..end]),
        None => board,
    }
}
