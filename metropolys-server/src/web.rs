//! The web client, embedded in the binary: HTML, CSS and JavaScript
//! modules (a few built from TypeScript by `scripts/build-web` and
//! committed) on the engine's WebAssembly package, which the pages load
//! from `/engine/` (its browser build, committed in `web/engine/` by
//! `scripts/build-wasm` and checked fresh by it), and the board picture it
//! draws on: core's SVG board with every piece as a definition. Each file
//! but a page is also served at a content-addressed path, kept for good
//! ([`immutable_path`]); the pages reach their modules there through an
//! import map ([`served`]).
//!
//! Two pages: `/` (the lobby, the table, the replay; it talks to this
//! server) and `/offline` (hot-seat and bots in Web Workers, no server);
//! [`offline_site`] is the second one as a static folder anyone can host
//! (`metropolys web DIR` writes it).

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use flate2::write::GzEncoder;
use flate2::Compression;
use metropolys_core::svg;
use metropolys_core::State;
use std::hash::{Hash, Hasher};
use std::io::Write as _;
use std::sync::OnceLock;

/// One file of the web client.
#[derive(Debug, Clone, Copy)]
pub struct Asset {
    /// Its path under the server's root (`/app.js`).
    pub path: &'static str,
    /// Its `Content-Type`.
    pub content_type: &'static str,
    /// Its bytes.
    pub bytes: &'static [u8],
    /// Whether the offline page needs it (and so the static folder holds
    /// it).
    pub offline: bool,
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const WASM: &str = "application/wasm";

/// A file of `web/`, by its path there.
macro_rules! web_file {
    ($path:literal, $type:expr, $offline:expr) => {
        Asset {
            path: concat!("/", $path),
            content_type: $type,
            bytes: include_bytes!(concat!("../web/", $path)),
            offline: $offline,
        }
    };
}

/// Every file of the web client, the pages first: `/` is `index.html`,
/// `/offline` `offline.html`; `/pieces.js` is core's
/// [`svg::PIECES_SCRIPT`].
pub const ASSETS: &[Asset] = &[
    Asset {
        path: "/",
        content_type: HTML,
        bytes: include_bytes!("../web/index.html"),
        offline: false,
    },
    Asset {
        path: "/offline",
        content_type: HTML,
        bytes: include_bytes!("../web/offline.html"),
        offline: true,
    },
    Asset {
        path: "/rules.html",
        content_type: HTML,
        bytes: include_bytes!("../web/rules.html"),
        offline: true,
    },
    web_file!("style.css", CSS, true),
    web_file!("rules.js", JS, true),
    web_file!("app.js", JS, false),
    web_file!("offline.js", JS, true),
    web_file!("replay.js", JS, true),
    web_file!("ui/engine.js", JS, true),
    web_file!("ui/i18n.js", JS, true),
    web_file!("ui/words.js", JS, true),
    web_file!("ui/board.js", JS, true),
    web_file!("ui/panel.js", JS, true),
    web_file!("ui/picker.js", JS, true),
    web_file!("ui/deck.js", JS, true),
    web_file!("ui/setup.js", JS, true),
    web_file!("ui/account.js", JS, false),
    web_file!("ui/store.js", JS, false),
    web_file!("ui/table.js", JS, false),
    web_file!("ui/close.js", JS, false),
    web_file!("ui/state.js", JS, false),
    web_file!("ui/transport.js", JS, false),
    web_file!("ui/replaydata.js", JS, false),
    Asset {
        path: "/pieces.js",
        content_type: JS,
        bytes: svg::PIECES_SCRIPT.as_bytes(),
        offline: true,
    },
    web_file!("engine/index.js", JS, true),
    web_file!("engine/metropolys_wasm.js", JS, true),
    web_file!("engine/metropolys_wasm_bg.wasm", WASM, true),
    web_file!("engine/fast.js", JS, true),
    web_file!("engine/guard.js", JS, true),
    web_file!("engine/errors.js", JS, true),
    web_file!("engine/engine-error.js", JS, true),
    web_file!("engine/worker.js", JS, true),
    web_file!("engine/bot-worker.js", JS, true),
];

/// The replay script the web client and the command line's HTML replay
/// share (`web/replay.js`): `MetropolysReplay.mount(D, elements)`.
pub const REPLAY_SCRIPT: &str = include_str!("../web/replay.js");

/// The offline page as a static folder: `(relative path, bytes)` for each
/// file, the page as `index.html`. Served by any web server (one that
/// sends `.wasm` as `application/wasm` loads it fastest), it plays
/// hot-seat and against bots with no game server.
pub fn offline_site() -> Vec<(&'static str, &'static [u8])> {
    ASSETS
        .iter()
        .filter(|a| a.offline)
        .map(|a| match a.path {
            "/offline" => ("index.html", a.bytes),
            p => (p.trim_start_matches('/'), a.bytes),
        })
        .collect()
}

/// Pages are never framed and load nothing from elsewhere; the engine's
/// module is compiled by the page (`'wasm-unsafe-eval'`), bots run in
/// workers of this origin, and the one inline script is the pages' import
/// map, allowed by its hash (`{map}`).
const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' {map}; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; worker-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// How long a content-addressed file may be kept: a year, never
/// revalidated (its name changes with its bytes).
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// What is worked out once per asset, at the first request: the bytes
/// served (a page's with the import map and the content-addressed names
/// of its scripts and style sheet, any other file's as they are), their
/// entity tag (a hash of them and their length: a reload asks "changed
/// since?" and gets a 304 without the body), their gzip form (compressed
/// once, never per request: a client that asks for the engine a thousand
/// times costs the server no compression), and, for a file that is not a
/// page, its content-addressed path.
struct Prepared {
    bytes: std::borrow::Cow<'static, [u8]>,
    etag: header::HeaderValue,
    gzip: Option<Vec<u8>>,
    immutable: Option<String>,
}

/// Every asset prepared (in `ASSETS` order) and the pages' security
/// policy (with the import map's hash).
struct Site {
    assets: Vec<Prepared>,
    csp: header::HeaderValue,
}

fn site() -> &'static Site {
    static SITE: OnceLock<Site> = OnceLock::new();
    SITE.get_or_init(|| {
        let immutable: Vec<Option<String>> = ASSETS
            .iter()
            .map(|a| (a.content_type != HTML).then(|| content_addressed(a.path, a.bytes)))
            .collect();
        // Every module's path to its content-addressed one, relative to
        // the pages (which are all at the root): the browser maps each
        // import through it, so a module's imports stay its plain names.
        let map: serde_json::Map<String, serde_json::Value> = ASSETS
            .iter()
            .zip(&immutable)
            .filter(|(a, _)| a.content_type == JS)
            .filter_map(|(a, i)| Some((format!(".{}", a.path), format!(".{}", i.as_ref()?).into())))
            .collect();
        let script = serde_json::json!({ "imports": map }).to_string();
        let hash = {
            use base64::Engine as _;
            use sha2::Digest as _;
            base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(&script))
        };
        let csp = CSP.replace("{map}", &format!("'sha256-{hash}'"));
        let addressed = |name: &str| {
            let j = ASSETS
                .iter()
                .position(|b| b.path.strip_prefix('/') == Some(name))?;
            immutable[j].clone()
        };
        let assets = ASSETS
            .iter()
            .zip(&immutable)
            .map(|(a, i)| {
                let bytes = if a.content_type == HTML {
                    std::borrow::Cow::Owned(page(a.bytes, &script, addressed))
                } else {
                    std::borrow::Cow::Borrowed(a.bytes)
                };
                prepare(bytes, i.clone())
            })
            .collect();
        Site {
            assets,
            csp: header::HeaderValue::from_str(&csp)
                .unwrap_or(header::HeaderValue::from_static("default-src 'self'")),
        }
    })
}

/// `path` with the first 16 hexadecimal digits of the SHA-256 of `bytes`
/// before its extension: `/ui/board.js` → `/ui/board.0123456789abcdef.js`.
fn content_addressed(path: &str, bytes: &[u8]) -> String {
    use sha2::Digest as _;
    let digest = sha2::Sha256::digest(bytes);
    let hex: String = digest[..8].iter().map(|b| format!("{b:02x}")).collect();
    let name_at = path.rfind('/').map_or(0, |i| i + 1);
    match path[name_at..].rfind('.') {
        Some(dot) => format!("{}.{hex}{}", &path[..name_at + dot], &path[name_at + dot..]),
        None => format!("{path}.{hex}"),
    }
}

/// A page as served: the import map (`script`) before its first script,
/// and each `src="…"` and `href="…"` naming a file of the site
/// (`addressed`) given its content-addressed name.
fn page(bytes: &[u8], script: &str, addressed: impl Fn(&str) -> Option<String>) -> Vec<u8> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return bytes.to_vec();
    };
    let mut out = String::with_capacity(text.len() + script.len() + 64);
    let mut rest = text;
    let mut mapped = false;
    loop {
        let next_script = rest.find("<script").filter(|_| !mapped);
        let next_attr = ["src=\"", "href=\""]
            .iter()
            .filter_map(|k| rest.find(k).map(|i| (i, k.len())))
            .min();
        match (next_script, next_attr) {
            (Some(s), attr) if attr.is_none_or(|(i, _)| s <= i) => {
                out.push_str(&rest[..s]);
                out.push_str("<script type=\"importmap\">");
                out.push_str(script);
                out.push_str("</script>\n");
                rest = &rest[s..];
                mapped = true;
            }
            (_, Some((i, k))) => {
                out.push_str(&rest[..i + k]);
                rest = &rest[i + k..];
                let end = rest.find('"').unwrap_or(rest.len());
                let name = &rest[..end];
                match addressed(name) {
                    Some(path) => out.push_str(path.trim_start_matches('/')),
                    None => out.push_str(name),
                }
                rest = &rest[end..];
            }
            _ => break,
        }
    }
    out.push_str(rest);
    out.into_bytes()
}

fn prepare(bytes: std::borrow::Cow<'static, [u8]>, immutable: Option<String>) -> Prepared {
    let mut h = std::hash::DefaultHasher::new();
    bytes.hash(&mut h);
    let etag = format!("\"{:016x}-{:x}\"", h.finish(), bytes.len());
    let mut z = GzEncoder::new(Vec::new(), Compression::best());
    let gzip = z
        .write_all(&bytes)
        .and_then(|()| z.finish())
        .ok()
        // Only where it pays (a few bytes of headers at least).
        .filter(|g| g.len() + 64 < bytes.len());
    Prepared {
        etag: header::HeaderValue::from_str(&etag)
            .unwrap_or(header::HeaderValue::from_static("\"0\"")),
        gzip,
        bytes,
        immutable,
    }
}

/// The bytes served for asset number `i` of [`ASSETS`]: a page's with the
/// import map that maps each module to its content-addressed path and the
/// content-addressed names of its scripts and style sheet; any other
/// file's as they are.
pub fn served(i: usize) -> &'static [u8] {
    &site().assets[i].bytes
}

/// The content-addressed path of asset number `i` of [`ASSETS`]
/// (`/ui/board.0123456789abcdef.js`: the first 16 hexadecimal digits of
/// the SHA-256 of its bytes), served with `Cache-Control: public,
/// max-age=31536000, immutable`; `None` for a page.
pub fn immutable_path(i: usize) -> Option<&'static str> {
    site().assets[i].immutable.as_deref()
}

/// Whether an `Accept-Encoding` accepts gzip (a `gzip` or `*` coding
/// whose quality is not 0).
fn accepts_gzip(headers: &header::HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|coding| {
            let mut parts = coding.split(';').map(str::trim);
            let name = parts.next().unwrap_or("");
            let refused = parts.any(|p| {
                p.strip_prefix("q=")
                    .and_then(|q| q.parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
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
/// gzip form when the client accepts it, else the bytes as they are; with
/// its `ETag`, revalidated at each use (`no-cache`) at its own path, kept
/// (`immutable`) at its content-addressed one.
pub(crate) fn serve(i: usize, headers: &header::HeaderMap, immutable: bool) -> Response {
    let (a, p) = (&ASSETS[i], &site().assets[i]);
    let common = [
        (
            header::CACHE_CONTROL,
            header::HeaderValue::from_static(if immutable { IMMUTABLE } else { "no-cache" }),
        ),
        (header::ETAG, p.etag.clone()),
        (
            header::VARY,
            header::HeaderValue::from_static("accept-encoding"),
        ),
        (
            header::X_CONTENT_TYPE_OPTIONS,
            header::HeaderValue::from_static("nosniff"),
        ),
    ];
    if not_modified(headers, &p.etag) {
        return (StatusCode::NOT_MODIFIED, common).into_response();
    }
    let mut r = match (&p.gzip, accepts_gzip(headers)) {
        (Some(g), true) => (
            common,
            [
                (header::CONTENT_TYPE, a.content_type),
                (header::CONTENT_ENCODING, "gzip"),
            ],
            g.as_slice(),
        )
            .into_response(),
        _ => {
            let bytes: &'static [u8] = &p.bytes;
            (common, [(header::CONTENT_TYPE, a.content_type)], bytes).into_response()
        }
    };
    if a.content_type == HTML {
        r.headers_mut()
            .insert(header::CONTENT_SECURITY_POLICY, site().csp.clone());
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_and_module_is_served_and_the_offline_site_is_whole() {
        let paths: Vec<&str> = ASSETS.iter().map(|a| a.path).collect();
        for p in paths.iter() {
            assert_eq!(paths.iter().filter(|q| *q == p).count(), 1, "{p} twice");
        }
        // Every relative import of a served module names a served file.
        for a in ASSETS.iter().filter(|a| a.content_type == JS) {
            let text = std::str::from_utf8(a.bytes).unwrap();
            for line in text.lines() {
                let Some(at) = line.find(" from \"").or_else(|| line.find(" from '")) else {
                    continue;
                };
                let spec = &line[at + 7..];
                let spec = &spec[..spec.find(['"', '\'']).unwrap()];
                if !spec.starts_with('.') {
                    continue;
                }
                let base = &a.path[..a.path.rfind('/').unwrap() + 1];
                let mut parts: Vec<&str> = base.split('/').filter(|s| !s.is_empty()).collect();
                for seg in spec.split('/') {
                    match seg {
                        "." => {}
                        ".." => {
                            parts.pop();
                        }
                        s => parts.push(s),
                    }
                }
                let target = format!("/{}", parts.join("/"));
                assert!(
                    paths.contains(&target.as_str()),
                    "{} imports {target}",
                    a.path
                );
            }
        }
        let site = offline_site();
        assert!(site.iter().any(|(p, _)| *p == "index.html"));
        assert!(site
            .iter()
            .any(|(p, _)| *p == "engine/metropolys_wasm_bg.wasm"));
        assert!(site.iter().all(|(p, _)| !p.starts_with('/')));
        assert!(
            !site.iter().any(|(p, _)| *p == "app.js"),
            "the offline page talks to no server"
        );
    }
}
