//! Hostile clients: malformed JSON, wrong types, unknown ops, huge numbers,
//! oversized messages, floods, idle sockets, too many matches or sockets,
//! bad request bodies. Each gets its documented error or a closed socket;
//! the server never panics and keeps serving.

mod common;

use common::{options, temp_db, Running};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

// Each test's server runs on its own threads (`srv:<test>`, see
// common::Running); `stop` fails the test if any of them panicked. (These
// tests once shared one process-wide panic count keyed by the names of the
// test threads: a panic on any thread of any test's runtime counted
// toward every test.)

async fn two_seat_match(server: &Running) -> (String, String) {
    let id = server
        .create(json!({"players": 2, "seats": ["human", "human"]}))
        .await;
    let t0 = server.join(&id, 0).await;
    server.join(&id, 1).await;
    (id, t0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_messages_get_documented_errors() {
    let db = temp_db("malformed");
    let server = Running::start(options(db.path())).await;
    let (id, t0) = two_seat_match(&server).await;
    let mut ws = server.connect(&id, Some(&t0), None).await;
    ws.update_at(0).await;
    let cases: &[(&str, &str)] = &[
        ("{", "bad_json"),
        ("not json at all", "bad_json"),
        ("", "bad_json"),
        (r#"{"move": 1e400, "action": 1}"#, "bad_json"),
        ("[]", "bad_message"),
        ("null", "bad_message"),
        ("\"pass\"", "bad_message"),
        ("12", "bad_message"),
        (r#"{"move": "0", "action": 715}"#, "bad_message"),
        (r#"{"move": 0.5, "action": 715}"#, "bad_message"),
        (r#"{"move": -1, "action": 715}"#, "bad_message"),
        (r#"{"move": 0, "action": "pass"}"#, "bad_message"),
        (r#"{"move": 0, "action": 715.0}"#, "bad_message"),
        (r#"{"move": 0}"#, "bad_message"),
        (r#"{"action": 715}"#, "bad_message"),
        (
            r#"{"move": 0, "action": 715, "extra": true}"#,
            "bad_message",
        ),
        (
            r#"{"move": 99999999999999999999999999, "action": 715}"#,
            "bad_message",
        ),
        (
            r#"{"move": 0, "action": 99999999999999999999999999}"#,
            "bad_message",
        ),
        (
            r#"{"move": 18446744073709551615, "action": 715}"#,
            "bad_message",
        ),
        (r#"{"op": 7}"#, "bad_message"),
        (r#"{"op": "hint", "x": 1}"#, "bad_message"),
        (r#"{"op": "resign"}"#, "unknown_op"),
        (r#"{"op": ""}"#, "unknown_op"),
        (
            r#"{"move": 9223372036854775807, "action": 715}"#,
            "future_move",
        ),
        (
            r#"{"move": 0, "action": -9223372036854775808}"#,
            "illegal_action",
        ),
    ];
    for (text, code) in cases {
        ws.send_text(text.to_string()).await;
        let e = ws.until("error").await;
        assert_eq!(e["code"], *code, "{text} -> {e}");
        assert!(
            e["message"].as_str().unwrap().len() < 300,
            "errors stay short: {e}"
        );
    }
    // A long unknown op is quoted shortened.
    ws.send_text(json!({"op": "x".repeat(2000)}).to_string())
        .await;
    let e = ws.until("error").await;
    assert_eq!(e["code"], "unknown_op");
    assert!(e["message"].as_str().unwrap().len() < 200);
    // Binary messages are not part of the protocol.
    ws.stream.send_binary(vec![0, 1, 2]).await;
    assert_eq!(ws.until("error").await["code"], "bad_message");
    // Still a working socket: the game goes on.
    ws.send(json!({"op": "ping"})).await;
    ws.until("pong").await;
    server.stop().await;
}

trait SendBinary {
    async fn send_binary(&mut self, b: Vec<u8>);
}

impl SendBinary
    for tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>
{
    async fn send_binary(&mut self, b: Vec<u8>) {
        use futures_util::SinkExt;
        self.send(Message::Binary(b.into())).await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn oversized_messages_floods_and_idle_sockets_are_closed() {
    let db = temp_db("limits");
    let mut o = options(db.path());
    o.rate = 5.0;
    o.burst = 5.0;
    o.idle_timeout = std::time::Duration::from_millis(1200);
    o.max_message_bytes = 1024;
    let server = Running::start(o).await;
    let (id, t0) = two_seat_match(&server).await;

    // A message over the size limit closes the socket (1009).
    let mut ws = server.connect(&id, Some(&t0), None).await;
    ws.update_at(0).await;
    ws.send_text(format!(r#"{{"op": "{}"}}"#, "x".repeat(4096)))
        .await;
    let code = ws.closed_within(5.0).await;
    assert!(matches!(code, Some(1009) | Some(1006)), "{code:?}");

    // A flood: rate_limited errors, then the socket closes (1008).
    let mut ws = server.connect(&id, None, None).await;
    ws.update_at(0).await;
    for _ in 0..40 {
        if !ws.try_send_text(r#"{"op": "ping"}"#.into()).await {
            break;
        }
    }
    let mut limited = 0;
    while let Some(v) = ws.next_within(3.0).await {
        if v["code"] == "rate_limited" {
            limited += 1;
        }
    }
    assert!(limited >= 1, "some messages were refused");
    assert_eq!(ws.closed, Some(1008), "the flood closes the socket");

    // A socket that sends nothing and answers no ping is closed (1001).
    let mut quiet = server.connect(&id, None, None).await;
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    let code = quiet.closed_within(3.0).await;
    assert_eq!(code, Some(1001));
    // One that reads (and so answers the server's pings) stays open.
    let mut live = server.connect(&id, None, None).await;
    let end = tokio::time::Instant::now() + std::time::Duration::from_millis(3000);
    while tokio::time::Instant::now() < end {
        let _ = live.next_within(0.2).await;
    }
    assert_eq!(live.closed, None, "pongs keep a reading client connected");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_get_documented_http_errors() {
    let db = temp_db("http");
    let mut o = options(db.path());
    o.max_matches = 3;
    o.max_sockets = 2;
    let server = Running::start(o).await;
    let post = |body: &str| {
        server
            .http
            .post(server.url("/api/v1/matches"))
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
    };
    let cases: &[(&str, u16, &str)] = &[
        ("{", 400, "bad_json"),
        ("[1]", 400, "bad_message"),
        (r#"{"seats": ["human", "human"]}"#, 400, "bad_message"),
        (
            r#"{"players": 2, "seats": ["human", "human"], "x": 1}"#,
            400,
            "bad_message",
        ),
        (r#"{"players": 9, "seats": []}"#, 400, "bad_config"),
        (
            r#"{"players": "2", "seats": ["human", "human"]}"#,
            400,
            "bad_message",
        ),
        (
            r#"{"players": 1e300, "seats": ["human"]}"#,
            400,
            "bad_message",
        ),
        (
            r#"{"players": 2, "variant": "chess", "seats": ["human", "human"]}"#,
            400,
            "bad_message",
        ),
        (
            r#"{"players": 2, "players": 3, "seats": ["human", "human"]}"#,
            400,
            "bad_message",
        ),
        (
            r#"{"players": 2, "seats": ["greedy", "random"]}"#,
            400,
            "bad_config",
        ),
        (
            r#"{"players": 2, "seats": ["human", "ismcts:{\"tree_edges\": 16777216}"]}"#,
            400,
            "bad_bot",
        ),
        (r#"{"players": 2, "seats": ["human"]}"#, 400, "bad_config"),
        (
            r#"{"players": 2, "seats": "human,human"}"#,
            400,
            "bad_message",
        ),
        (
            r#"{"players": 2, "seats": ["human", 3]}"#,
            400,
            "bad_message",
        ),
        (
            r#"{"players": 2, "seats": ["human", "minimax"]}"#,
            400,
            "bad_bot",
        ),
        (
            r#"{"players": 2, "seats": ["human", "ismcts:{\"seconds\": 100}"]}"#,
            400,
            "bad_bot",
        ),
        (
            r#"{"players": 2, "seats": ["human", "ismcts:{\"threads\": 64}"]}"#,
            400,
            "bad_bot",
        ),
        (
            r#"{"players": 2, "seats": ["human", "ismcts:{\"seed\": 1}"]}"#,
            400,
            "bad_bot",
        ),
        (
            r#"{"players": 2, "seats": ["human", "ismcts:{\"iterations\": 5"]}"#,
            400,
            "bad_bot",
        ),
        (
            r#"{"players": 2, "seats": ["human", "greedy,random"]}"#,
            400,
            "bad_bot",
        ),
        (
            r#"{"players": 2, "seed": -1, "seats": ["human", "human"]}"#,
            400,
            "bad_message",
        ),
        (
            r#"{"players": 2, "seed": 1e30, "seats": ["human", "human"]}"#,
            400,
            "bad_message",
        ),
        (
            r#"{"players": 2, "seats": ["human", "human"], "turn_seconds": 0}"#,
            400,
            "bad_message",
        ),
        (
            r#"{"players": 2, "seats": ["human", "human"], "turn_seconds": "soon"}"#,
            400,
            "bad_message",
        ),
        (
            r#"{"players": 2, "start_player": 5, "seats": ["human", "human"]}"#,
            400,
            "bad_config",
        ),
        (
            r#"{"players": 2, "metropolys_deck": [], "seats": ["human", "human"]}"#,
            400,
            "bad_config",
        ),
    ];
    for (body, status, code) in cases {
        let r = post(body).await.unwrap();
        assert_eq!(r.status().as_u16(), *status, "{body}");
        let v: Value = r.json().await.unwrap();
        assert_eq!(v["error"]["code"], *code, "{body} -> {v}");
    }
    // A configuration refusal names its ruling.
    let v: Value = post(r#"{"players": 9, "seats": []}"#)
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(v["error"]["rule"], "R-1");
    // A body over the limit: read and dropped, so that the answer reaches
    // the client and the connection serves on (closing with the body
    // unread would reset the connection, and the client could lose the
    // answer: the cause of this test's old failures with IncompleteMessage).
    let big = format!(
        r#"{{"players": 2, "seats": ["human", "human"], "pad": "{}"}}"#,
        "x".repeat(64 * 1024)
    );
    for _ in 0..20 {
        let r = post(&big).await.unwrap();
        assert_eq!(r.status().as_u16(), 413);
        assert!(r.headers().get("connection").is_none());
        let v: Value = r.json().await.unwrap();
        assert_eq!(v["error"]["code"], "too_large");
    }
    // Past a megabyte it is not read: the connection closes, and says so.
    let huge = "x".repeat(2 << 20);
    // (the reset may also come before the answer: documented).
    if let Ok(r) = post(&huge).await {
        assert_eq!(r.status().as_u16(), 413);
        assert_eq!(
            r.headers().get("connection").map(|h| h.as_bytes()),
            Some(&b"close"[..])
        );
    }
    // Unknown paths and methods, unknown matches.
    server
        .expect_error("GET", "/api/v1/nothing", None, 404, "not_found")
        .await;
    server
        .expect_error("DELETE", "/api/v1/matches", None, 405, "method_not_allowed")
        .await;
    let long = "z".repeat(5000);
    for path in [
        "/api/v1/matches/nope",
        "/api/v1/matches/nope/record",
        &format!("/api/v1/matches/{long}/record"),
    ] {
        server
            .expect_error("GET", path, None, 404, "not_found")
            .await;
    }
    server
        .expect_error(
            "POST",
            "/api/v1/matches/nope/join",
            Some(json!({"seat": "0"})),
            404,
            "not_found",
        )
        .await;
    // Matches per server.
    let mut ids = Vec::new();
    for _ in 0..3 {
        ids.push(
            server
                .create(json!({"players": 2, "seats": ["human", "human"]}))
                .await,
        );
    }
    let r = post(r#"{"players": 2, "seats": ["human", "human"]}"#)
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 503);
    let v: Value = r.json().await.unwrap();
    assert_eq!(v["error"]["code"], "too_many_matches");
    server
        .expect_error(
            "POST",
            &format!("/api/v1/matches/{}/join", ids[0]),
            Some(json!({"seat": "0"})),
            400,
            "bad_message",
        )
        .await;
    server
        .expect_error(
            "POST",
            &format!("/api/v1/matches/{}/join", ids[0]),
            Some(json!({"seat": 1e100})),
            400,
            "bad_message",
        )
        .await;
    // Sockets per match: the third is told and closed (once the first two
    // are registered: they have had their first update).
    let mut a = server.connect(&ids[0], None, None).await;
    a.until("update").await;
    let mut b = server.connect(&ids[0], None, None).await;
    b.until("update").await;
    let mut c = server.connect(&ids[0], None, None).await;
    assert_eq!(c.until("error").await["code"], "too_many_sockets");
    assert_eq!(c.closed_within(3.0).await, Some(1013));
    // The server still serves.
    let (s, v) = server.request("GET", "/api/v1", None).await;
    assert_eq!((s, v["protocol"].as_u64()), (200, Some(1)));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_per_address_are_limited() {
    let db = temp_db("httprate");
    let mut o = options(db.path());
    o.http_rate = 2.0;
    let server = Running::start(o).await;
    let mut codes = Vec::new();
    for _ in 0..30 {
        let (s, v) = server.request("GET", "/api/v1", None).await;
        codes.push(s);
        if s == 429 {
            assert_eq!(v["error"]["code"], "rate_limited");
        }
    }
    assert_eq!(codes[0], 200);
    assert!(codes.contains(&429), "{codes:?}");
    server.stop().await;
}

/// Many sockets that never read while a game is played: the server stays
/// responsive (bounded queues, slow clients dropped).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sockets_that_never_read_do_not_stall_the_server() {
    let db = temp_db("slow");
    let server = Running::start(options(db.path())).await;
    let id = server
        .create(json!({"players": 2, "seats": ["human", "random"]}))
        .await;
    let t0 = server.join(&id, 0).await;
    let mut idle = Vec::new();
    for _ in 0..20 {
        idle.push(server.connect(&id, None, None).await);
    }
    let mut ws = server.connect(&id, Some(&t0), None).await;
    loop {
        let v = ws.until("update").await;
        if v["status"] == "finished" {
            break;
        }
        if let Some(a) = v["legal"].as_array().and_then(|l| l.first()) {
            ws.send(json!({"move": v["move"], "action": a})).await;
        }
    }
    let (s, _) = server.request("GET", "/api/v1/matches", None).await;
    assert_eq!(s, 200);
    drop(idle);
    server.stop().await;
}

// ----- regression tests of the defects a hostile client found -------------

use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A TCP connection from `local` (another loopback address stands for
/// another client) with a small receive buffer, so that a client that
/// does not read fills it quickly.
async fn tcp_from(server: &Running, local: &str, small: bool) -> TcpStream {
    let s = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    if small {
        s.set_recv_buffer_size(4096).unwrap();
    }
    let from: std::net::SocketAddr = format!("{local}:0").parse().unwrap();
    s.bind(&from.into()).unwrap();
    s.set_nonblocking(true).unwrap();
    let std: std::net::TcpStream = s.into();
    let sock = tokio::net::TcpSocket::from_std_stream(std);
    sock.connect(server.addr).await.unwrap()
}

/// A WebSocket over `tcp`.
async fn ws_over(
    server: &Running,
    tcp: TcpStream,
    path: &str,
) -> tokio_tungstenite::WebSocketStream<TcpStream> {
    let url = format!("ws://{}{path}", server.addr);
    tokio_tungstenite::client_async(url, tcp).await.unwrap().0
}

/// Reads until the server closes the connection (EOF or a reset): how long
/// it took, or `None` if it is still open after `secs`.
async fn closed_by_server(tcp: &mut TcpStream, secs: f64) -> Option<Duration> {
    let start = tokio::time::Instant::now();
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let left = Duration::from_secs_f64(secs).checked_sub(start.elapsed())?;
        match tokio::time::timeout(left, tcp.read(&mut buf)).await {
            Err(_) => return None,
            Ok(Ok(0)) | Ok(Err(_)) => return Some(start.elapsed()),
            Ok(Ok(_)) => continue,
        }
    }
}

async fn move_of(server: &Running, id: &str) -> u64 {
    let (_, v) = server
        .request("GET", &format!("/api/v1/matches/{id}"), None)
        .await;
    v["match"]["move"].as_u64().unwrap()
}

/// HIGH: a seat's socket that stopped reading is closed (not only dropped
/// from the match); and after `leave` and a new holder joining, a socket
/// of the old holder cannot play: every submission is checked against the
/// seat's current credential.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_that_stopped_reading_is_closed_and_cannot_play_for_the_next_holder() {
    let db = temp_db("stale");
    let mut o = options(db.path());
    o.socket_queue = 4;
    o.io_timeout = Duration::from_secs(1);
    let server = Running::start(o).await;
    let (id, t0) = two_seat_match(&server).await;
    let tcp = tcp_from(&server, "127.0.0.1", true).await;
    let mut slow = ws_over(&server, tcp, &format!("/api/v1/matches/{id}/ws?token={t0}")).await;
    // It asks for the whole update again and again, and never reads.
    use futures_util::SinkExt;
    for _ in 0..300 {
        if slow
            .send(Message::Text(r#"{"op": "sync"}"#.into()))
            .await
            .is_err()
        {
            break;
        }
    }
    // The seat is given up and joined again by someone else.
    let r = server
        .http
        .post(server.url(&format!("/api/v1/matches/{id}/leave")))
        .header("authorization", format!("Bearer {t0}"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let t0b = server.join(&id, 0).await;
    assert_ne!(t0, t0b);
    // The old socket tries to play the first legal action.
    let mut fresh = server.connect(&id, Some(&t0b), None).await;
    let u = fresh.update_at(0).await;
    let action = u["legal"][0].clone();
    let _ = slow
        .send(Message::Text(
            json!({"move": 0, "action": action}).to_string().into(),
        ))
        .await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(
        move_of(&server, &id).await,
        0,
        "the old socket did not play"
    );
    // Its connection is closed by the server.
    let mut tcp = slow.into_inner();
    assert!(closed_by_server(&mut tcp, 10.0).await.is_some());
    // The new holder plays.
    fresh.send(json!({"move": 0, "action": action})).await;
    fresh.accepted().await;
    assert_eq!(move_of(&server, &id).await, 1);
    server.stop().await;
}

/// MED: a client that does not read is closed by the write timeout, holds
/// a bounded amount meanwhile, and its socket counts toward the match's
/// limit until it has really closed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_does_not_read_counts_until_the_server_closes_it() {
    let db = temp_db("noread");
    let mut o = options(db.path());
    o.max_sockets = 2;
    o.io_timeout = Duration::from_secs(1);
    let server = Running::start(o).await;
    let (id, _) = two_seat_match(&server).await;
    use futures_util::SinkExt;
    let mut quiet = Vec::new();
    for _ in 0..2 {
        let tcp = tcp_from(&server, "127.0.0.1", true).await;
        quiet.push(ws_over(&server, tcp, &format!("/api/v1/matches/{id}/ws")).await);
    }
    // Both count while they are open: a third is refused.
    let mut third = server.connect(&id, None, None).await;
    assert_eq!(third.until("error").await["code"], "too_many_sockets");
    // They ask for far more than they read: the server closes them (their
    // queue overflows, or a write times out) ...
    for ws in &mut quiet {
        for _ in 0..300 {
            if ws
                .send(Message::Text(r#"{"op": "sync"}"#.into()))
                .await
                .is_err()
            {
                break;
            }
        }
    }
    for ws in quiet {
        let mut tcp = ws.into_inner();
        let t = closed_by_server(&mut tcp, 15.0).await;
        assert!(t.is_some(), "a socket that does not read is closed");
    }
    // Their places are free again.
    let mut ok = None;
    for _ in 0..50 {
        let mut ws = server.connect(&id, None, None).await;
        let v = ws.next().await;
        if v["type"] == "welcome" {
            ok = Some(ws);
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(ok.is_some(), "the places of closed sockets are free");
    server.stop().await;
}

/// HIGH: half-sent requests, idle keep-alive connections and connections
/// that send nothing are closed after the I/O timeout; one address cannot
/// take every connection (others are still served).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_and_half_sent_connections_time_out_and_one_address_cannot_take_them_all() {
    let db = temp_db("conns");
    let mut o = options(db.path());
    o.io_timeout = Duration::from_secs(1);
    o.connections_per_address = 4;
    let server = Running::start(o).await;
    // Half a request.
    let mut half = tcp_from(&server, "127.0.0.1", false).await;
    half.write_all(b"GET /api/v1 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        .await
        .unwrap();
    // Nothing at all.
    let mut silent = tcp_from(&server, "127.0.0.1", false).await;
    // A whole request, then idle on a kept-alive connection.
    let mut kept = tcp_from(&server, "127.0.0.1", false).await;
    kept.write_all(b"GET /api/v1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .await
        .unwrap();
    let mut head = [0u8; 12];
    kept.read_exact(&mut head).await.unwrap();
    assert_eq!(&head, b"HTTP/1.1 200");
    let mut fourth = tcp_from(&server, "127.0.0.1", false).await;
    // A fifth from this address is closed at once ...
    let mut fifth = tcp_from(&server, "127.0.0.1", false).await;
    let t = closed_by_server(&mut fifth, 2.0).await;
    assert!(t.is_some(), "over the per-address limit: closed");
    // ... while another address is served.
    let other = reqwest::Client::builder()
        .local_address("127.0.0.2".parse::<std::net::IpAddr>().unwrap())
        .build()
        .unwrap();
    let r = other.get(server.url("/api/v1")).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    for (name, c) in [
        ("half-sent", &mut half),
        ("silent", &mut silent),
        ("idle keep-alive", &mut kept),
        ("idle", &mut fourth),
    ] {
        let t = closed_by_server(c, 10.0).await;
        assert!(t.is_some(), "the {name} connection is closed");
    }
    // Their places are free: this address is served again.
    let (s, _) = server.request("GET", "/api/v1", None).await;
    assert_eq!(s, 200);
    server.stop().await;
}

/// HIGH: one address cannot fill the server with open matches nobody
/// joins: a few per address, and open matches nobody sits at are cancelled
/// after `--open-seconds`, also across a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_matches_are_limited_per_address_and_expire() {
    let db = temp_db("open");
    let mut o = options(db.path());
    o.open_per_address = 2;
    o.max_matches = 4;
    o.open_timeout = Duration::from_millis(800);
    o.sweep_interval = Duration::from_millis(100);
    let server = Running::start(o.clone()).await;
    let body = json!({"players": 2, "seats": ["human", "human"]});
    let a = server.create(body.clone()).await;
    let _b = server.create(body.clone()).await;
    server
        .expect_error(
            "POST",
            "/api/v1/matches",
            Some(body.clone()),
            429,
            "too_many_open_matches",
        )
        .await;
    // Another address may still create.
    let other = reqwest::Client::builder()
        .local_address("127.0.0.2".parse::<std::net::IpAddr>().unwrap())
        .build()
        .unwrap();
    let r = other
        .post(server.url("/api/v1/matches"))
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 201);
    // Nobody sits at them: cancelled.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let (_, v) = server
        .request("GET", &format!("/api/v1/matches/{a}"), None)
        .await;
    assert_eq!(v["match"]["status"], "cancelled");
    server
        .expect_error(
            "POST",
            &format!("/api/v1/matches/{a}/join"),
            Some(json!({})),
            409,
            "match_over",
        )
        .await;
    let c = server.create(body.clone()).await;
    // Across a restart: cancelled matches stay cancelled, and one that
    // expires while the server is down is cancelled after it restarts.
    server.stop().await;
    let server = Running::start(o).await;
    let (_, list) = server.request("GET", "/api/v1/matches", None).await;
    let ids: Vec<&str> = list["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_str().unwrap())
        .collect();
    assert!(!ids.contains(&a.as_str()), "{ids:?}");
    assert!(ids.contains(&c.as_str()), "{ids:?}");
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let (_, list) = server.request("GET", "/api/v1/matches", None).await;
    assert!(list["matches"].as_array().unwrap().is_empty(), "{list}");
    for _ in 0..2 {
        server.create(body.clone()).await;
    }
    server.stop().await;
}

/// LOW: what a page of another site (or a DNS-rebinding one) could send is
/// refused: a form POST, a foreign `Origin` (REST and WebSocket), a foreign
/// `Host`; a WebSocket path without the upgrade answers the documented
/// JSON error; repeated keys are refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cross_site_requests_foreign_hosts_and_repeated_keys_are_refused() {
    let db = temp_db("origin");
    let server = Running::start(options(db.path())).await;
    let (id, t0) = two_seat_match(&server).await;
    let url = server.url("/api/v1/matches");
    let body = r#"{"players": 2, "seats": ["human", "human"]}"#;
    let send = |rb: reqwest::RequestBuilder| async move {
        let r = rb.send().await.unwrap();
        let status = r.status().as_u16();
        let v: Value = r.json().await.unwrap();
        common::validate("HttpError", &v);
        (status, v["error"]["code"].as_str().unwrap().to_string())
    };
    let h = &server.http;
    assert_eq!(
        send(h.post(&url).header("content-type", "text/plain").body(body)).await,
        (415, "unsupported_media_type".to_string())
    );
    assert_eq!(
        send(h.post(server.url(&format!("/api/v1/matches/{id}/join")))).await,
        (415, "unsupported_media_type".to_string())
    );
    assert_eq!(
        send(
            h.post(&url)
                .header("content-type", "application/json")
                .header("origin", "http://evil.example")
                .body(body)
        )
        .await,
        (403, "forbidden_origin".to_string())
    );
    assert_eq!(
        send(
            h.get(server.url("/api/v1"))
                .header("host", "rebound.example:80")
        )
        .await,
        (421, "unknown_host".to_string())
    );
    // The same origin is fine.
    let own = format!("http://{}", server.addr);
    let r = h
        .post(&url)
        .header("content-type", "application/json")
        .header("origin", own.clone())
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 201);
    // A WebSocket handshake from a foreign page.
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut req = format!("ws://{}/api/v1/matches/{id}/ws?token={t0}", server.addr)
        .into_client_request()
        .unwrap();
    req.headers_mut()
        .insert("origin", "http://evil.example".parse().unwrap());
    match tokio_tungstenite::connect_async(req).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
            assert_eq!(r.status().as_u16(), 403)
        }
        other => panic!("a foreign origin's socket: {:?}", other.map(|_| ())),
    }
    // The WebSocket path asked for as a page.
    assert_eq!(
        send(h.get(server.url(&format!("/api/v1/matches/{id}/ws")))).await,
        (426, "upgrade_required".to_string())
    );
    // Repeated keys (records refuse them too).
    let mut ws = server.connect(&id, Some(&t0), None).await;
    ws.update_at(0).await;
    ws.send_text(r#"{"move": 0, "action": 715, "action": 0}"#.into())
        .await;
    assert_eq!(ws.until("error").await["code"], "bad_message");
    server
        .expect_error(
            "POST",
            &format!("/api/v1/matches/{id}/join"),
            Some(json!({"seat": 0})),
            409,
            "seat_taken",
        )
        .await;
    let r = h
        .post(server.url(&format!("/api/v1/matches/{id}/join")))
        .header("content-type", "application/json")
        .body(r#"{"seat": 0, "seat": 1}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 400);
    server.stop().await;
}
