//! The web client's files as a phone on a slow network fetches them: each
//! compressed (Brotli, else gzip) when the browser accepts it, compressed
//! once and byte for byte the file itself once inflated; a reload
//! revalidates with the entity tag and gets a 304 with no body; a client
//! that refuses both gets the file as it is.

mod common;

use common::{options, temp_db, Running};
use flate2::read::GzDecoder;
use metropolys_web::{immutable_path, served, ASSETS, NOBOTS, NOBOTS_PAGES};
use std::io::Read as _;

/// The `Content-Encoding` of a file that has no Brotli form, to a client
/// that takes both: gzip when the file was sent gzipped to one that takes gzip.
fn gzip_coding(gzipped: bool) -> Option<reqwest::header::HeaderValue> {
    gzipped.then(|| reqwest::header::HeaderValue::from_static("gzip"))
}

#[tokio::test]
async fn assets_are_compressed_and_revalidated() {
    let db = temp_db("assets");
    let server = Running::start(options(db.path())).await;
    let http = reqwest::Client::new();
    let mut sent = 0usize;
    let mut whole = 0usize;
    let mut reload = 0usize;
    let mut sent_br = 0usize;
    for (i, a) in ASSETS.iter().enumerate() {
        let url = server.url(a.path);
        let r = http
            .get(&url)
            .header("accept-encoding", "gzip, deflate")
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200, "{}", a.path);
        let etag = r.headers()["etag"].to_str().unwrap().to_string();
        assert_eq!(r.headers()["cache-control"], "no-cache");
        let gzipped = r
            .headers()
            .get("content-encoding")
            .is_some_and(|v| v == "gzip");
        let body = r.bytes().await.unwrap();
        let inflated = if gzipped {
            let mut out = Vec::new();
            GzDecoder::new(&body[..]).read_to_end(&mut out).unwrap();
            out
        } else {
            body.to_vec()
        };
        assert_eq!(inflated, served(i), "{}: not the file itself", a.path);
        // Every file of a kilobyte or more (a smaller one gains nothing).
        if a.bytes.len() >= 1024 {
            assert!(gzipped, "{} is sent uncompressed", a.path);
        }
        // Brotli, to a browser that takes it: every file but a page and
        // core's small `pieces.js` comes so, smaller than its gzip form.
        let r = http
            .get(&url)
            .header("accept-encoding", "gzip, deflate, br, zstd")
            .send()
            .await
            .unwrap();
        let coding = r.headers().get("content-encoding").cloned();
        let br = r.bytes().await.unwrap();
        if coding.as_ref().is_some_and(|c| c == "br") {
            let mut out = Vec::new();
            brotli::Decompressor::new(&br[..], 4096)
                .read_to_end(&mut out)
                .unwrap();
            assert_eq!(out, served(i), "{}: not the file itself", a.path);
            assert!(br.len() < body.len(), "{}: Brotli larger than gzip", a.path);
            sent_br += br.len();
        } else {
            assert!(
                a.content_type.starts_with("text/html")
                    || a.path == "/pieces.js"
                    || a.bytes.len() < 1024,
                "{} is not sent with Brotli",
                a.path
            );
            assert_eq!(coding, gzip_coding(gzipped), "{}", a.path);
            sent_br += br.len();
        }
        sent += body.len();
        whole += a.bytes.len();
        // A reload: the entity tag answers, with no body.
        let r = http
            .get(&url)
            .header("accept-encoding", "gzip")
            .header("if-none-match", &etag)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 304, "{}", a.path);
        assert_eq!(r.headers()["etag"].to_str().unwrap(), etag);
        let body = r.bytes().await.unwrap();
        assert!(body.is_empty(), "{}: a 304 with a body", a.path);
        reload += body.len();
        // gzip refused (q=0): the file as it is.
        let r = http
            .get(&url)
            .header("accept-encoding", "gzip;q=0, identity")
            .send()
            .await
            .unwrap();
        assert!(r.headers().get("content-encoding").is_none(), "{}", a.path);
        assert_eq!(&r.bytes().await.unwrap()[..], served(i));
    }
    // Another tag, or a changed file, gets the file again.
    let r = http
        .get(server.url("/app.js"))
        .header("if-none-match", "\"0000-0\"")
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    // Compression pays: below 40 % (35 % measured; the engine's module
    // holds the bots' value network, whose weights hardly compress).
    assert!(
        sent * 5 < whole * 2,
        "compression pays: {sent} bytes sent for {whole}"
    );
    assert_eq!(reload, 0);
    assert!(
        sent_br < sent,
        "Brotli pays: {sent_br} bytes against gzip's {sent}"
    );
    println!("first load: {sent} bytes with gzip, {sent_br} with Brotli, for {whole}; a reload: {reload} bytes of bodies");
    server.stop().await;
}

/// Every file but a page also lives at a content-addressed path, kept a
/// year without asking again; each page maps every module there with an
/// import map (allowed by its hash in the page's security policy) and
/// names its scripts and style sheet there, so a reload asks only for the
/// page.
#[tokio::test]
async fn pages_load_content_addressed_files_kept_for_good() {
    use base64::Engine as _;
    use sha2::Digest as _;
    let db = temp_db("immutable");
    let server = Running::start(options(db.path())).await;
    let http = reqwest::Client::new();
    let mut modules = 0;
    for (i, a) in ASSETS.iter().enumerate() {
        let Some(path) = immutable_path(i) else {
            assert!(
                a.content_type.starts_with("text/html"),
                "{} has no content address",
                a.path
            );
            continue;
        };
        let hex: String = sha2::Sha256::digest(a.bytes)[..8]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        assert!(
            path.contains(&format!(".{hex}")),
            "{path} is not {}'s address",
            a.path
        );
        let r = http.get(server.url(path)).send().await.unwrap();
        assert_eq!(r.status(), 200, "{path}");
        assert_eq!(
            r.headers()["cache-control"],
            "public, max-age=31536000, immutable"
        );
        assert_eq!(&r.bytes().await.unwrap()[..], a.bytes, "{path}");
        modules += 1;
    }
    assert!(modules > 20);
    // A changed file is at another address: a name off by one digit is nobody's.
    let off = immutable_path(ASSETS.iter().position(|a| a.path == "/app.js").unwrap())
        .unwrap()
        .replacen(".", ".0", 1);
    assert_eq!(
        http.get(server.url(&off)).send().await.unwrap().status(),
        404
    );

    for (i, a) in ASSETS
        .iter()
        .enumerate()
        .filter(|(_, a)| a.content_type.starts_with("text/html"))
    {
        let r = http.get(server.url(a.path)).send().await.unwrap();
        assert_eq!(r.headers()["cache-control"], "no-cache", "{}", a.path);
        let csp = r.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_string();
        let html = r.text().await.unwrap();
        assert_eq!(html.as_bytes(), served(i));
        let start = html
            .find("<script type=\"importmap\">")
            .expect("an import map")
            + 25;
        let script = &html[start..start + html[start..].find("</script>").unwrap()];
        assert!(
            html.find("<script type=\"importmap\">")
                < html
                    .find("<script src")
                    .or(html.find("<script type=\"module\"")),
            "{}: the import map comes before every script",
            a.path
        );
        let hash = base64::engine::general_purpose::STANDARD.encode(sha2::Sha256::digest(script));
        assert!(
            csp.contains(&format!("'sha256-{hash}'")),
            "{}: {csp}",
            a.path
        );
        let map: serde_json::Value = serde_json::from_str(script).unwrap();
        for (j, b) in ASSETS
            .iter()
            .enumerate()
            .filter(|(_, b)| b.content_type.starts_with("text/javascript"))
        {
            // The game server's pages get the engine without the bots
            // under the whole engine's names.
            let given = NOBOTS
                .iter()
                .find(|(full, _)| NOBOTS_PAGES.contains(&a.path) && *full == b.path)
                .map_or(j, |(_, nobots)| {
                    ASSETS.iter().position(|c| c.path == *nobots).unwrap()
                });
            assert_eq!(
                map["imports"][format!(".{}", b.path)],
                format!(".{}", immutable_path(given).unwrap()),
                "{}: {}",
                a.path,
                b.path
            );
        }
        // The page's own scripts and style sheet by their addresses.
        for attr in ["src=\"", "href=\""] {
            for piece in html.split(attr).skip(1) {
                let name = &piece[..piece.find('"').unwrap()];
                if let Some(j) = ASSETS
                    .iter()
                    .position(|b| b.path.strip_prefix('/') == Some(name))
                {
                    assert!(
                        immutable_path(j).is_none(),
                        "{}: {name} by its plain name",
                        a.path
                    );
                }
            }
        }
        assert!(
            html.contains("style.") && !html.contains("href=\"style.css\""),
            "{}",
            a.path
        );
    }
    server.stop().await;
}
