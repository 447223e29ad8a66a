//! The Metropolys web client's files, embedded: the pages, their
//! modules (plain JavaScript, a few built from TypeScript by
//! `scripts/build-web` and committed), the style sheet, and the engine's
//! WebAssembly package (its browser build, committed in `client/engine/` by
//! `scripts/build-wasm` and checked fresh by it), all in `client/`.
//!
//! [`ASSETS`] lists every file by the path a server gives it. Each is
//! prepared once, at the first use: the bytes to serve ([`served`]: a
//! page's with an import map that sends every module to its
//! content-addressed path), their entity tag ([`etag`]), gzip form
//! ([`gzip`]) and Brotli form ([`brotli`], made with the build: see
//! `build.rs`), a content-addressed path to keep them at for good
//! ([`immutable_path`]), and the pages' security policy ([`csp`]).
//! `metropolys-server` serves them; `metropolys web DIR` writes
//! [`offline_site`], the offline page as a static folder, and `metropolys
//! replay --html` inlines [`REPLAY_SCRIPT`].
//!
//! Two pages: `/` (the lobby, the table, the replay; it talks to the game
//! server) and `/offline` (hot-seat and bots in Web Workers, no server).

#![forbid(unsafe_code)]

use flate2::write::GzEncoder;
use flate2::Compression;
use metropolys_core::svg;
use std::borrow::Cow;
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

/// A page's `Content-Type`.
pub const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const WASM: &str = "application/wasm";

/// A file of `client/`, by its path there.
macro_rules! web_file {
    ($path:literal, $type:expr, $offline:expr) => {
        Asset {
            path: concat!("/", $path),
            content_type: $type,
            bytes: include_bytes!(concat!("../client/", $path)),
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
        bytes: include_bytes!("../client/index.html"),
        offline: false,
    },
    Asset {
        path: "/offline",
        content_type: HTML,
        bytes: include_bytes!("../client/offline.html"),
        offline: true,
    },
    Asset {
        path: "/rules.html",
        content_type: HTML,
        bytes: include_bytes!("../client/rules.html"),
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
    web_file!("ui/log.js", JS, true),
    web_file!("ui/review.js", JS, true),
    web_file!("ui/picker.js", JS, true),
    web_file!("ui/deck.js", JS, true),
    web_file!("ui/setup.js", JS, true),
    web_file!("ui/account.js", JS, false),
    web_file!("ui/store.js", JS, false),
    web_file!("ui/table.js", JS, false),
    web_file!("ui/api.js", JS, false),
    web_file!("ui/close.js", JS, false),
    web_file!("ui/controls.js", JS, true),
    web_file!("ui/moves.js", JS, true),
    web_file!("ui/protocol.js", JS, false),
    web_file!("ui/state.js", JS, false),
    web_file!("ui/transport.js", JS, false),
    web_file!("ui/replaydata.js", JS, false),
    web_file!("ui/graph.js", JS, true),
    web_file!("ui/grades.js", JS, true),
    web_file!("ui/bidding.js", JS, true),
    web_file!("ui/offlinesetup.js", JS, true),
    web_file!("ui/offlineend.js", JS, true),
    web_file!("ui/offlineturn.js", JS, true),
    web_file!("ui/dialogs.js", JS, false),
    web_file!("ui/connection.js", JS, false),
    web_file!("ui/seat.js", JS, false),
    web_file!("ui/play.js", JS, false),
    web_file!("ui/ending.js", JS, false),
    web_file!("ui/chat.js", JS, false),
    web_file!("ui/replaypage.js", JS, false),
    web_file!("ui/dom.js", JS, true),
    web_file!("ui/qr.js", JS, false),
    web_file!("vendor/qrcode.js", JS, false),
    Asset {
        path: "/pieces.js",
        content_type: JS,
        bytes: svg::PIECES_SCRIPT.as_bytes(),
        offline: true,
    },
    web_file!("engine/index.js", JS, true),
    web_file!("engine/metropolys_wasm.js", JS, true),
    web_file!("engine/metropolys_wasm_bg.wasm", WASM, true),
    web_file!("engine/metropolys_nobots.js", JS, false),
    web_file!("engine/metropolys_nobots_bg.wasm", WASM, false),
    web_file!("engine/fast.js", JS, true),
    web_file!("engine/guard.js", JS, true),
    web_file!("engine/value-network.js", JS, true),
    web_file!("engine/errors.js", JS, true),
    web_file!("engine/engine-error.js", JS, true),
    web_file!("engine/worker.js", JS, true),
    web_file!("engine/bot-worker.js", JS, true),
    web_file!("engine/worker-serve.js", JS, true),
];

/// The replay script the web client and the command line's HTML replay
/// share (`web/replay.js`): `MetropolysReplay.mount(D, elements)`.
pub const REPLAY_SCRIPT: &str = include_str!("../client/replay.js");

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

/// The pages whose bots run on the game server (the lobby and table,
/// the rules): their import map gives them the engine built without the
/// bots ([`NOBOTS`]), a third smaller to download. The offline page, whose
/// bots run in the browser, keeps the full build.
pub const NOBOTS_PAGES: &[&str] = &["/", "/rules.html"];

/// The engine's files of the full build, each with its counterpart built
/// without the bots (`scripts/build-wasm` builds both).
pub const NOBOTS: &[(&str, &str)] = &[
    ("/engine/metropolys_wasm.js", "/engine/metropolys_nobots.js"),
    (
        "/engine/metropolys_wasm_bg.wasm",
        "/engine/metropolys_nobots_bg.wasm",
    ),
];

/// Pages are never framed and load nothing from elsewhere; the engine's
/// module is compiled by the page (`'wasm-unsafe-eval'`), bots run in
/// workers of this origin, and the one inline script is the pages' import
/// map, allowed by its hash (`{map}`: the full engine's map and the
/// server pages' one).
const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval' {map}; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; worker-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// The `Cache-Control` of a file at its content-addressed path: kept a
/// year, never revalidated (its name changes with its bytes).
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// What is worked out once per asset, at the first request: the bytes
/// served (a page's with the import map and the content-addressed names
/// of its scripts and style sheet, any other file's as they are), their
/// entity tag (a hash of them and their length: a reload asks "changed
/// since?" and gets a 304 without the body), their gzip form (compressed
/// once, never per request: a client that asks for the engine a thousand
/// times costs the server no compression), and, for a file that is not a
/// page, its content-addressed path.
struct Prepared {
    bytes: Cow<'static, [u8]>,
    etag: String,
    gzip: Option<Vec<u8>>,
    brotli: Option<&'static [u8]>,
    immutable: Option<String>,
}

include!(concat!(env!("OUT_DIR"), "/brotli.rs"));

/// Every asset prepared (in `ASSETS` order) and the pages' security
/// policy (with the hashes of the pages' import maps).
struct Site {
    assets: Vec<Prepared>,
    csp: String,
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
        // The engine's WebAssembly is in it too: the page asks the map for
        // its name (`import.meta.resolve`).
        let map: serde_json::Map<String, serde_json::Value> = ASSETS
            .iter()
            .zip(&immutable)
            .filter(|(a, _)| a.content_type == JS || a.content_type == WASM)
            .filter_map(|(a, i)| Some((format!(".{}", a.path), format!(".{}", i.as_ref()?).into())))
            .collect();
        let addressed = |name: &str| {
            let j = ASSETS
                .iter()
                .position(|b| b.path.strip_prefix('/') == Some(name))?;
            immutable[j].clone()
        };
        // The game server's pages get the engine without the bots under
        // the full build's names.
        let mut nobots_map = map.clone();
        for (full, nobots) in NOBOTS {
            let to = addressed(nobots.trim_start_matches('/'))
                .expect("the engine without the bots is an asset");
            nobots_map.insert(format!(".{full}"), format!(".{to}").into());
        }
        let script = serde_json::json!({ "imports": map }).to_string();
        let nobots_script = serde_json::json!({ "imports": nobots_map }).to_string();
        let hash = |script: &str| {
            use base64::Engine as _;
            use sha2::Digest as _;
            let h = base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(script));
            format!("'sha256-{h}'")
        };
        let csp = CSP.replace(
            "{map}",
            &format!("{} {}", hash(&script), hash(&nobots_script)),
        );
        let assets = ASSETS
            .iter()
            .zip(&immutable)
            .map(|(a, i)| {
                let bytes = if a.content_type == HTML {
                    let nobots = NOBOTS_PAGES.contains(&a.path);
                    let script = if nobots { &nobots_script } else { &script };
                    // Every module the page's modules import, directly or
                    // not, asked for as the page is read, rather than one
                    // level of imports per round trip.
                    let mut head = format!("<script type=\"importmap\">{script}</script>\n");
                    for m in page_modules(a.bytes, nobots) {
                        if let Some(path) = addressed(m.trim_start_matches('/')) {
                            head.push_str(&format!(
                                "<link rel=\"modulepreload\" href=\"{}\">\n",
                                path.trim_start_matches('/')
                            ));
                        }
                    }
                    Cow::Owned(page(a.bytes, &head, addressed))
                } else {
                    Cow::Borrowed(a.bytes)
                };
                // A page is compressed as served (its import map); any other
                // file's Brotli form was made with the build.
                let brotli = (a.content_type != HTML)
                    .then(|| brotli_of(a.path))
                    .flatten();
                prepare(bytes, i.clone(), brotli)
            })
            .collect();
        Site { assets, csp }
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

/// The relative imports of module `bytes` at `path` (`import … from`,
/// `export … from`), as the paths of the files they name.
fn imports(path: &str, bytes: &[u8]) -> Vec<String> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return Vec::new();
    };
    let base = &path[..path.rfind('/').map_or(0, |i| i + 1)];
    text.lines()
        .filter_map(|line| {
            let at = line.find(" from \"").or_else(|| line.find(" from '"))?;
            let spec = &line[at + 7..];
            let spec = &spec[..spec.find(['"', '\''])?];
            if !spec.starts_with('.') {
                return None;
            }
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
            Some(format!("/{}", parts.join("/")))
        })
        .collect()
}

/// The modules page `bytes` loads besides its own module scripts: every
/// module they import, directly or not, in the order first met (with the
/// engine without the bots where the page gets it, `nobots`).
fn page_modules(bytes: &[u8], nobots: bool) -> Vec<&'static str> {
    let text = std::str::from_utf8(bytes).unwrap_or("");
    let entries: Vec<String> = text
        .split("<script type=\"module\" src=\"")
        .skip(1)
        .filter_map(|s| Some(format!("/{}", &s[..s.find('"')?])))
        .collect();
    let given = |path: &str| -> Option<&'static Asset> {
        let path = NOBOTS
            .iter()
            .find(|(full, _)| nobots && *full == path)
            .map_or(path, |(_, n)| n);
        ASSETS.iter().find(|a| a.path == path)
    };
    let mut seen: Vec<&'static str> = Vec::new();
    let mut queue: std::collections::VecDeque<&'static Asset> =
        entries.iter().filter_map(|e| given(e)).collect();
    while let Some(a) = queue.pop_front() {
        for i in imports(a.path, a.bytes) {
            if let Some(b) = given(&i) {
                if !seen.contains(&b.path) && !entries.iter().any(|e| *e == b.path) {
                    seen.push(b.path);
                    queue.push_back(b);
                }
            }
        }
    }
    seen
}

/// A page as served: `head` (its import map and the modules it preloads)
/// before its first script,
/// and each `src="…"` and `href="…"` naming a file of the site
/// (`addressed`) given its content-addressed name.
fn page(bytes: &[u8], head: &str, addressed: impl Fn(&str) -> Option<String>) -> Vec<u8> {
    let Ok(text) = std::str::from_utf8(bytes) else {
        return bytes.to_vec();
    };
    let mut out = String::with_capacity(text.len() + head.len());
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
                out.push_str(head);
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

fn prepare(
    bytes: Cow<'static, [u8]>,
    immutable: Option<String>,
    brotli: Option<&'static [u8]>,
) -> Prepared {
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
        etag,
        gzip,
        brotli,
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

/// The entity tag of asset number `i` of [`ASSETS`] as served (a quoted
/// hash of its bytes and their length).
pub fn etag(i: usize) -> &'static str {
    &site().assets[i].etag
}

/// The Brotli form of asset number `i` of [`ASSETS`] (quality 11, made
/// when the crate is built), where it is smaller by more than a
/// response's headers; `None` for a page (compressed as served, with
/// [`gzip`]) and for core's `pieces.js`.
pub fn brotli(i: usize) -> Option<&'static [u8]> {
    site().assets[i].brotli
}

/// The gzip form of asset number `i` of [`ASSETS`] as served, where it is
/// smaller by more than a few headers' bytes.
pub fn gzip(i: usize) -> Option<&'static [u8]> {
    site().assets[i].gzip.as_deref()
}

/// The Content Security Policy of every page: nothing from elsewhere, the
/// engine compiled by the page, bots in workers of the same origin, and
/// the one inline script, the pages' import map, by its SHA-256.
pub fn csp() -> &'static str {
    &site().csp
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_and_module_is_listed_and_the_offline_site_is_whole() {
        let paths: Vec<&str> = ASSETS.iter().map(|a| a.path).collect();
        for p in paths.iter() {
            assert_eq!(paths.iter().filter(|q| *q == p).count(), 1, "{p} twice");
        }
        // Every relative import of a served module names a served file.
        for a in ASSETS.iter().filter(|a| a.content_type == JS) {
            for target in imports(a.path, a.bytes) {
                assert!(
                    paths.contains(&target.as_str()),
                    "{} imports {target}",
                    a.path
                );
            }
        }
        // The lobby preloads the whole of its module graph, the table's
        // modules and the engine without the bots among them.
        let lobby = page_modules(ASSETS[0].bytes, true);
        for m in [
            "/ui/table.js",
            "/ui/seat.js",
            "/ui/transport.js",
            "/engine/metropolys_nobots.js",
            "/engine/engine-error.js",
        ] {
            assert!(lobby.contains(&m), "{m} not in {lobby:?}");
        }
        assert!(!lobby.contains(&"/engine/metropolys_wasm.js"));
        assert!(
            !lobby.contains(&"/app.js"),
            "the entry is loaded by its script"
        );
        let offline = page_modules(
            ASSETS.iter().find(|a| a.path == "/offline").unwrap().bytes,
            false,
        );
        assert!(offline.contains(&"/engine/metropolys_wasm.js"));
        assert!(offline.contains(&"/ui/offlinesetup.js"));
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

    /// The import map of the page at `path`, as served.
    fn import_map(path: &str) -> serde_json::Value {
        let i = ASSETS.iter().position(|a| a.path == path).unwrap();
        let text = std::str::from_utf8(served(i)).unwrap();
        let start = text.find("<script type=\"importmap\">").unwrap() + 25;
        let end = start + text[start..].find("</script>").unwrap();
        serde_json::from_str(&text[start..end]).unwrap()
    }

    #[test]
    fn the_server_pages_get_the_engine_without_the_bots_and_the_offline_page_the_whole() {
        let addressed = |path: &str| {
            let i = ASSETS.iter().position(|a| a.path == path).unwrap();
            format!(".{}", immutable_path(i).unwrap())
        };
        for (full, nobots) in NOBOTS {
            let key = format!(".{full}");
            for page in NOBOTS_PAGES {
                assert_eq!(
                    import_map(page)["imports"][&key],
                    addressed(nobots),
                    "{page}"
                );
            }
            assert_eq!(import_map("/offline")["imports"][&key], addressed(full));
        }
        // Both maps are allowed by the security policy, and nothing else inline.
        assert_eq!(csp().matches("'sha256-").count(), 2);
        // The lobby asks for the engine it is given at once.
        let i = ASSETS.iter().position(|a| a.path == "/").unwrap();
        let page = std::str::from_utf8(served(i)).unwrap();
        for (_, nobots) in NOBOTS {
            let at = addressed(nobots);
            assert!(
                page.contains(&format!("href=\"{}\"", &at[2..])),
                "{at} not preloaded"
            );
        }
        // The offline site has no server to give it a map: the whole engine only.
        assert!(!offline_site().iter().any(|(p, _)| p.contains("nobots")));
    }
}
