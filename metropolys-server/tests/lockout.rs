//! Nobody locks others out: a regression test for each way a hostile
//! client found to take the server, a match or a seat from others —
//! sockets of an earlier seat holder, clients that do not read, idle and
//! half-sent connections, open matches nobody joins, cross-site and
//! DNS-rebinding requests, repeated keys.

mod common;

use common::{options, temp_db, two_seat_match, Running};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

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
        let mut ws = ws_over(&server, tcp, &format!("/api/v1/matches/{id}/ws")).await;
        // Its first update: it holds its place (the handshake alone does
        // not say so: the server takes the place once the upgrade is done).
        use futures_util::StreamExt;
        while let Some(Ok(m)) = ws.next().await {
            if let Message::Text(t) = m {
                if t.contains(r#""type":"update""#) {
                    break;
                }
            }
        }
        quiet.push(ws);
    }
    // Both count while they are open (and read nothing more): a third is
    // refused.
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
    // Long enough that the first four are still open when the fifth comes,
    // on a loaded machine.
    o.io_timeout = Duration::from_secs(3);
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
    let t = closed_by_server(&mut fifth, 2.5).await;
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
        let t = closed_by_server(c, 20.0).await;
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
    o.open_timeout = Duration::from_secs(3);
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
    // Nobody sits at them: cancelled (within a few sweeps; waited for up to
    // 20 s, for a loaded machine).
    let mut status = Value::Null;
    for _ in 0..200 {
        let (_, v) = server
            .request("GET", &format!("/api/v1/matches/{a}"), None)
            .await;
        status = v["match"]["status"].clone();
        if status == "cancelled" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(status, "cancelled");
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
    let mut list = Value::Null;
    for _ in 0..200 {
        list = server.request("GET", "/api/v1/matches", None).await.1;
        if list["matches"].as_array().unwrap().is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
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

/// Sends a chat message and waits for its answer: its number in the chat,
/// or the refusal's `code: message`.
async fn chat(ws: &mut common::Ws, text: &str) -> Result<u64, String> {
    ws.send(json!({"op": "chat", "text": text})).await;
    loop {
        let v = ws.next().await;
        match v["type"].as_str() {
            Some("chat") if v["messages"][0]["text"] == text => {
                return Ok(v["messages"][0]["n"].as_u64().unwrap())
            }
            Some("error") => return Err(format!("{}: {}", v["code"], v["message"])),
            _ => {}
        }
    }
}

/// HIGH: nobody silences a match's chat. A stranger could take a seat of
/// a public match and fill its chat (1000 messages, then `chat_full` for
/// everyone), and giving the seat up and taking it again gave it a new
/// credential, and so a new chat rate. Now only the seated players of a
/// started match chat; the chat's rate holds per address (an IPv4
/// address here) and per match besides per credential; the other players
/// still chat; and the chat never fills (tests/friends.rs: its last
/// messages are kept).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stranger_cannot_silence_a_matchs_chat() {
    let db = temp_db("chat-flood");
    let mut o = options(db.path());
    // 5 messages at once per credential (10 per address, 20 per match),
    // then (almost) none: the counts do not depend on how long it takes.
    o.chat_rate = 0.0001;
    let server = Running::start(o).await;
    let stranger = Running::http_from("127.0.0.2");
    let id = server
        .create(json!({"players": 3, "seats": ["human", "human", "human"]}))
        .await;
    let t0 = server.join(&id, 0).await;
    let mut ann = server.connect(&id, Some(&t0), None).await;
    ann.until("update").await;
    // An open match: its seated players wait, and nobody chats yet.
    let (status, j) = server.join_with(&stranger, &id, Some(1)).await;
    assert_eq!(status, 200, "{j}");
    let mut token = j["token"].as_str().unwrap().to_string();
    let mut ws = server.connect_from("127.0.0.2", &id, Some(&token)).await;
    ws.until("update").await;
    let e = chat(&mut ws, "hello?").await.unwrap_err();
    assert!(e.starts_with("\"not_started\""), "{e}");
    let mut spectator = server.connect_from("127.0.0.2", &id, None).await;
    spectator.until("update").await;
    let e = chat(&mut spectator, "let me in").await.unwrap_err();
    assert!(e.starts_with("\"spectator\""), "{e}");
    // The match starts.
    let (status, j) = server
        .join_with(&Running::http_from("127.0.0.3"), &id, Some(2))
        .await;
    assert_eq!(status, 200, "{j}");
    let t2 = j["token"].as_str().unwrap().to_string();
    let mut bo = server.connect_from("127.0.0.3", &id, Some(&t2)).await;
    bo.until("update").await;
    // The stranger chats at its credential's rate, then gives the seat up
    // and takes it again, for a new credential: its address's rate (10)
    // stops it all the same.
    let mut sent = 0;
    let mut refusals = Vec::new();
    for round in 0..3 {
        for i in 0..6 {
            match chat(&mut ws, &format!("spam {round}.{i}")).await {
                Ok(_) => sent += 1,
                Err(e) => {
                    refusals.push(e);
                    break;
                }
            }
        }
        let status = server
            .seat_request_with(&stranger, &id, "leave", &token)
            .await;
        assert_eq!(status, 200);
        let (status, j) = server.join_with(&stranger, &id, None).await;
        assert_eq!((status, j["seat"].as_u64()), (200, Some(1)), "{j}");
        token = j["token"].as_str().unwrap().to_string();
        ws = server.connect_from("127.0.0.2", &id, Some(&token)).await;
        ws.until("update").await;
    }
    assert_eq!(sent, 10, "{refusals:?}");
    assert!(refusals.iter().all(|e| e.starts_with("\"rate_limited\"")));
    assert!(refusals[0].contains("per player"), "{refusals:?}");
    assert!(refusals[2].contains("per address"), "{refusals:?}");
    // The players chat on, each at their own rate.
    for (ws, who) in [(&mut ann, "ann"), (&mut bo, "bo")] {
        for i in 0..5 {
            chat(ws, &format!("{who} {i}")).await.unwrap();
        }
    }
    server.stop().await;
}

/// HIGH: one address could fill `--max-matches` (and so refuse everyone
/// else's `create`) with matches it created and joined and never played:
/// only open matches it created were counted, in memory (lost on a
/// restart), and a match whose seats it took itself was not open. Now the
/// matches an address created or joined that wait (open, or started with
/// nobody moving for `--open-seconds`) count toward `--open-per-address`,
/// in the store, across a restart; a match being played does not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_cannot_lock_the_lobby_with_matches_it_never_plays() {
    let db = temp_db("lobby-lock");
    let mut o = options(db.path());
    o.open_per_address = 2;
    let server = Running::start(o.clone()).await;
    let body = json!({"players": 2, "seats": ["human", "human"]});
    // A match it plays (both seats taken: started, just now) does not count.
    let (played, _) = two_seat_match(&server).await;
    assert_eq!(server.summary(&played).await["status"], "playing");
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
    // Joining another address's open match counts as well ...
    let other = Running::http_from("127.0.0.2");
    let r = other
        .post(server.url("/api/v1/matches"))
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 201);
    let c: Value = r.json().await.unwrap();
    let c = c["match"]["id"].as_str().unwrap().to_string();
    server
        .expect_error(
            "POST",
            &format!("/api/v1/matches/{c}/join"),
            Some(json!({})),
            429,
            "too_many_open_matches",
        )
        .await;
    // ... while its own matches are joined at will.
    let ta = server.join(&a, 0).await;
    // The count survives a restart.
    server.stop().await;
    let server = Running::start(o).await;
    server
        .expect_error(
            "POST",
            "/api/v1/matches",
            Some(body.clone()),
            429,
            "too_many_open_matches",
        )
        .await;
    // A match cancelled (or over) counts no more.
    let (status, _) = server
        .request_as(
            "POST",
            &format!("/api/v1/matches/{a}/cancel"),
            Some(&ta),
            None,
        )
        .await;
    assert_eq!(status, 200);
    server.create(body).await;
    server.stop().await;
}

/// A started match in which nobody moves counts toward its address's
/// `--open-per-address` once `--open-seconds` have passed without a move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_started_match_nobody_plays_counts_once_idle() {
    let db = temp_db("lobby-idle");
    let mut o = options(db.path());
    o.open_per_address = 1;
    o.open_timeout = Duration::from_secs(1);
    o.abandon_timeout = Duration::ZERO;
    // No sweep while the test runs (an open match nobody sits at for a
    // second would be cancelled).
    o.sweep_interval = Duration::from_secs(3600);
    let server = Running::start(o).await;
    let body = json!({"players": 2, "seats": ["human", "human"]});
    let (id, t0) = two_seat_match(&server).await;
    // Times are stored to the second: 2.5 s after it started, nobody has
    // moved in it for more than a second, however loaded the machine.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    server
        .expect_error(
            "POST",
            "/api/v1/matches",
            Some(body.clone()),
            429,
            "too_many_open_matches",
        )
        .await;
    let (status, _) = server
        .request_as(
            "POST",
            &format!("/api/v1/matches/{id}/cancel"),
            Some(&t0),
            None,
        )
        .await;
    assert_eq!(status, 200);
    server.create(body).await;
    server.stop().await;
}

/// A stranger who takes a free seat of a public open match cannot cancel
/// it under the player waiting there (`not_abandoned`); once the others
/// have left, the last player cancels it at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stranger_cannot_cancel_a_match_others_wait_at() {
    let db = temp_db("stranger-cancel");
    let server = Running::start(options(db.path())).await;
    let stranger = Running::http_from("127.0.0.2");
    let id = server
        .create(json!({"players": 3, "seats": ["human", "human", "human"]}))
        .await;
    let t0 = server.join(&id, 0).await;
    let mut ann = server.connect(&id, Some(&t0), None).await;
    ann.until("update").await;
    let (status, j) = server.join_with(&stranger, &id, Some(1)).await;
    assert_eq!(status, 200, "{j}");
    let t1 = j["token"].as_str().unwrap().to_string();
    let (s, v) = server
        .request_as(
            "POST",
            &format!("/api/v1/matches/{id}/cancel"),
            Some(&t1),
            None,
        )
        .await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (409, Some("not_abandoned")),
        "{v}"
    );
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("seat 0 is here"),
        "{v}"
    );
    assert_eq!(server.summary(&id).await["status"], "open");
    // Ann cannot cancel under the stranger who is here either, until the
    // stranger leaves (or has been away for --abandon-seconds).
    let _s = server.connect(&id, Some(&t1), None).await;
    let (s, _) = server
        .request_as(
            "POST",
            &format!("/api/v1/matches/{id}/cancel"),
            Some(&t0),
            None,
        )
        .await;
    assert_eq!(s, 409);
    let (s, _) = server
        .request_as(
            "POST",
            &format!("/api/v1/matches/{id}/leave"),
            Some(&t1),
            None,
        )
        .await;
    assert_eq!(s, 200);
    let (s, v) = server
        .request_as(
            "POST",
            &format!("/api/v1/matches/{id}/cancel"),
            Some(&t0),
            None,
        )
        .await;
    assert_eq!(
        (s, &v["match"]["status"]),
        (200, &json!("cancelled")),
        "{v}"
    );
    server.stop().await;
}
