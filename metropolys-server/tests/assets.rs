//! The web client's files as a phone on a slow network fetches them: each
//! compressed (gzip) when the browser accepts it, compressed once and
//! byte for byte the file itself once inflated; a reload revalidates with
//! the entity tag and gets a 304 with no body; a client that refuses gzip
//! gets the file as it is.

mod common;

use common::{options, temp_db, Running};
use flate2::read::GzDecoder;
use metropolys_server::web::ASSETS;
use std::io::Read as _;

#[tokio::test]
async fn assets_are_compressed_and_revalidated() {
    let db = temp_db("assets");
    let server = Running::start(options(db.path())).await;
    let http = reqwest::Client::new();
    let mut sent = 0usize;
    let mut whole = 0usize;
    let mut reload = 0usize;
    for a in ASSETS {
        let url = server.url(a.path);
        let r = http
            .get(&url)
            .header("accept-encoding", "gzip, deflate, br")
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
        assert_eq!(inflated, a.bytes, "{}: not the file itself", a.path);
        // Every file of a kilobyte or more (a smaller one gains nothing).
        if a.bytes.len() >= 1024 {
            assert!(gzipped, "{} is sent uncompressed", a.path);
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
        assert_eq!(&r.bytes().await.unwrap()[..], a.bytes);
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
    println!("first load: {sent} bytes for {whole}; a reload: {reload} bytes of bodies");
    server.stop().await;
}
