//! Behind a reverse proxy (`--trusted-proxy`): a trusted proxy's request
//! is its client's, named by the last `X-Forwarded-For` entry, for every
//! per-address limit (open matches, requests, connections), while the
//! proxy's own connections count only in all; from anyone else the header
//! is ignored, so a client cannot pick its address.

mod common;

use common::{options, temp_db, Running};
use serde_json::{json, Value};
use std::net::IpAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// A client whose connections come from `local` (another loopback address
/// stands for another machine).
fn client_from(local: &str) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(local.parse::<IpAddr>().unwrap())
        .build()
        .unwrap()
}

/// Creates a 2-human match with `X-Forwarded-For: xff` (none: no header):
/// the status and error code.
async fn create_as(
    server: &Running,
    http: &reqwest::Client,
    xff: Option<&str>,
) -> (u16, Option<String>) {
    let mut r = http
        .post(server.url("/api/v1/matches"))
        .header("content-type", "application/json")
        .body(json!({"players": 2, "seats": ["human", "human"]}).to_string());
    if let Some(x) = xff {
        r = r.header("x-forwarded-for", x);
    }
    let resp = r.send().await.unwrap();
    let status = resp.status().as_u16();
    let v: Value = resp.json().await.unwrap();
    common::validate(
        if status == 201 {
            "MatchAnswer"
        } else {
            "HttpError"
        },
        &v,
    );
    (status, v["error"]["code"].as_str().map(str::to_string))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trusted_proxy_names_its_clients_and_nobody_else_can() {
    let db = temp_db("proxied");
    let mut o = options(db.path());
    o.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    o.open_per_address = 1;
    let server = Running::start(o).await;
    let proxy = client_from("127.0.0.1");
    let ok = (201, None);
    let full = (429, Some("too_many_open_matches".to_string()));
    // Each client behind the proxy has its own open match.
    assert_eq!(create_as(&server, &proxy, Some("203.0.113.1")).await, ok);
    assert_eq!(create_as(&server, &proxy, Some("203.0.113.1")).await, full);
    assert_eq!(create_as(&server, &proxy, Some("203.0.113.2")).await, ok);
    // The last entry counts: what the client wrote before it is ignored.
    assert_eq!(
        create_as(&server, &proxy, Some("203.0.113.2, 203.0.113.3")).await,
        ok
    );
    assert_eq!(
        create_as(&server, &proxy, Some("203.0.113.9, 203.0.113.3")).await,
        full
    );
    assert_eq!(
        create_as(&server, &proxy, Some("2001:db8::1")).await,
        ok,
        "IPv6"
    );
    // A malformed header from the proxy is refused.
    for bad in ["garbage", "", "203.0.113.1, ", "203.0.113.1;x"] {
        assert_eq!(
            create_as(&server, &proxy, Some(bad)).await,
            (400, Some("bad_message".to_string())),
            "{bad:?}"
        );
    }
    // No header: the proxy itself.
    assert_eq!(create_as(&server, &proxy, None).await, ok);
    assert_eq!(create_as(&server, &proxy, None).await, full);
    // Anyone else's header is ignored: the peer is the client.
    let other = client_from("127.0.0.2");
    assert_eq!(create_as(&server, &other, Some("198.51.100.1")).await, ok);
    assert_eq!(create_as(&server, &other, Some("198.51.100.2")).await, full);
    assert_eq!(create_as(&server, &other, Some("garbage")).await, full);
    server.stop().await;
}

/// Behind a proxy, one IPv6 customer (a /56: every /64 of it) is one
/// client for the matches it may have waiting; the next /56 is another.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ipv6_customer_is_one_client_per_56() {
    let db = temp_db("proxied-56");
    let mut o = options(db.path());
    o.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    o.open_per_address = 1;
    let server = Running::start(o).await;
    let proxy = client_from("127.0.0.1");
    let ok = (201, None);
    let full = (429, Some("too_many_open_matches".to_string()));
    assert_eq!(
        create_as(&server, &proxy, Some("2001:db8:1:100::1")).await,
        ok
    );
    for same in [
        "2001:db8:1:100::2",
        "2001:db8:1:1ff:ffff::9",
        "[2001:db8:1:180::1]:443",
    ] {
        assert_eq!(create_as(&server, &proxy, Some(same)).await, full, "{same}");
    }
    assert_eq!(
        create_as(&server, &proxy, Some("2001:db8:1:200::1")).await,
        ok
    );
    assert_eq!(
        create_as(&server, &proxy, Some("2001:db8:1:ff::1")).await,
        ok
    );
    server.stop().await;
}

/// The request rate applies to each client behind the proxy.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_request_rate_applies_to_each_client_behind_the_proxy() {
    let db = temp_db("proxied-rates");
    let mut o = options(db.path());
    o.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    o.http_rate = 0.001;
    let server = Running::start(o).await;
    let proxy = client_from("127.0.0.1");
    let get = |xff: &'static str| {
        let r = proxy
            .get(server.url("/api/v1"))
            .header("x-forwarded-for", xff);
        async move { r.send().await.unwrap().status().as_u16() }
    };
    // Bursts of 5 x the rate, rounded up to 1: one request, then 429.
    let mut first = Vec::new();
    for _ in 0..3 {
        first.push(get("203.0.113.1").await);
    }
    assert_eq!(first[0], 200);
    assert_eq!(*first.last().unwrap(), 429, "{first:?}");
    assert_eq!(get("203.0.113.2").await, 200, "another client is served");
    server.stop().await;
}

/// The connections per address apply to each client behind the proxy (its
/// WebSockets); the proxy's own connections only count in all.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_per_address_apply_to_each_client_behind_the_proxy() {
    let db = temp_db("proxied-conns");
    let mut o = options(db.path());
    o.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    o.connections_per_address = 3;
    let server = Running::start(o).await;
    // The proxy's connections: more than --connections-per-address of them
    // are served (each request from another client).
    let mut conns = Vec::new();
    for _ in 0..5 {
        let s = tokio::net::TcpSocket::new_v4().unwrap();
        s.bind("127.0.0.1:0".parse().unwrap()).unwrap();
        conns.push(s.connect(server.addr).await.unwrap());
    }
    for (i, c) in conns.iter_mut().enumerate() {
        let req = format!(
            "GET /api/v1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: 203.0.114.{i}\r\n\r\n"
        );
        c.write_all(req.as_bytes()).await.unwrap();
        let mut head = [0u8; 12];
        tokio::time::timeout(Duration::from_secs(10), c.read_exact(&mut head))
            .await
            .expect("served")
            .expect("served");
        assert_eq!(&head, b"HTTP/1.1 200", "connection {i} of the proxy");
    }
    drop(conns);
    // A client's WebSockets through the proxy count as its connections.
    let id = server
        .create(json!({"players": 2, "seats": ["human", "human"]}))
        .await;
    let ws = |xff: &str| {
        let mut req = format!("ws://{}/api/v1/matches/{id}/ws", server.addr)
            .into_client_request()
            .unwrap();
        req.headers_mut()
            .insert("x-forwarded-for", xff.parse().unwrap());
        tokio_tungstenite::connect_async(req)
    };
    let mut open = Vec::new();
    for _ in 0..3 {
        open.push(ws("203.0.113.7").await.expect("within the limit").0);
    }
    match ws("203.0.113.7").await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
            assert_eq!(r.status().as_u16(), 429);
            let body = String::from_utf8(r.body().clone().unwrap_or_default()).unwrap();
            assert!(body.contains("rate_limited"), "{body}");
        }
        other => panic!("a fourth socket of one client: {other:?}"),
    }
    assert!(ws("203.0.113.8").await.is_ok(), "another client's");
    drop(open);
    // Its places are free once its sockets closed.
    let mut again = None;
    for _ in 0..100 {
        if let Ok(s) = ws("203.0.113.7").await {
            again = Some(s);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(again.is_some(), "the client's places were freed");
    server.stop().await;
}

/// `join` of seat `seat` of `id` as the client `xff` behind the proxy: the
/// status, the answer.
async fn join_as(server: &Running, id: &str, seat: u8, xff: &str) -> (u16, Value) {
    let resp = reqwest::Client::new()
        .post(server.url(&format!("/api/v1/matches/{id}/join")))
        .header("content-type", "application/json")
        .header("x-forwarded-for", xff)
        .body(json!({ "seat": seat }).to_string())
        .send()
        .await
        .unwrap();
    let status = resp.status().as_u16();
    let v: Value = resp.json().await.unwrap();
    common::validate(if status == 200 { "Joined" } else { "HttpError" }, &v);
    (status, v)
}

/// One player, one seat: once a match has started, a client that holds
/// one of its seats cannot take a second one (and read its cards), from
/// the same address or the same IPv6 /56, across a restart; another
/// client can, and so can the same client before the start (no seat shows
/// its cards then) or after giving its seat up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seated_player_takes_no_second_seat_of_a_started_match() {
    let db = temp_db("proxied-one-seat");
    let mut o = options(db.path());
    o.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    let server = Running::start(o.clone()).await;
    let id = server
        .create(json!({"players": 3, "seats": ["human", "human", "human"]}))
        .await;
    // Before the start one address may sit twice (nothing shows yet).
    let (s, _) = join_as(&server, &id, 0, "203.0.113.7").await;
    assert_eq!(s, 200);
    let (s, v) = join_as(&server, &id, 1, "2001:db8:1:2::5").await;
    assert_eq!(s, 200, "{v}");
    let (s, v) = join_as(&server, &id, 2, "198.51.100.9").await;
    assert_eq!(s, 200, "{v}");
    let t2 = v["token"].as_str().unwrap().to_string();
    assert_eq!(server.summary(&id).await["status"], "playing");
    // Seat 2 is given up mid-game: its holder's rivals may not take it.
    let (s, _) = server
        .request_as(
            "POST",
            &format!("/api/v1/matches/{id}/leave"),
            Some(&t2),
            None,
        )
        .await;
    assert_eq!(s, 200);
    let (s, v) = join_as(&server, &id, 2, "203.0.113.7").await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (409, Some("seat_held_here")),
        "{v}"
    );
    let (s, v) = join_as(&server, &id, 2, "2001:db8:1:ff::9").await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (409, Some("seat_held_here")),
        "the same /56: {v}"
    );
    // After a restart too.
    server.stop().await;
    let server = Running::start(o).await;
    let (s, v) = join_as(&server, &id, 2, "203.0.113.7").await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (409, Some("seat_held_here")),
        "{v}"
    );
    // Somebody else takes it; a machine's own clients are not held to it.
    let (s, v) = join_as(&server, &id, 2, "192.0.2.44").await;
    assert_eq!(s, 200, "{v}");
    let id2 = server
        .create(json!({"players": 2, "seats": ["human", "human"]}))
        .await;
    let t = server.join(&id2, 0).await;
    server.join(&id2, 1).await;
    server
        .request_as(
            "POST",
            &format!("/api/v1/matches/{id2}/leave"),
            Some(&t),
            None,
        )
        .await;
    server.join(&id2, 0).await;
    server.stop().await;
}
