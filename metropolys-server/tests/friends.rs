//! Game night over loopback: players' names, private matches and their
//! invites, the chat — each with the refusals a hostile client meets
//! (names with control characters or of 10 kB, invites guessed wrong,
//! chat floods, chat from spectators and from a seat given up).

mod common;

use common::{options, temp_db, Running};
use serde_json::{json, Value};

fn join_path(id: &str) -> String {
    format!("/api/v1/matches/{id}/join")
}

/// Names: trimmed, public (summary, presence, updates), refused when out
/// of bounds or with control characters; gone with a seat given up.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_are_checked_public_and_go_with_their_seat() {
    let db = temp_db("names");
    let server = Running::start(options(db.path())).await;
    let id = server
        .create(json!({"players": 2, "seats": ["human", "human"]}))
        .await;
    for bad in [
        json!("a\u{0}b"),
        json!("new\nline"),
        json!("tab\there"),
        json!("\u{202e}gnp.exe"),
        json!("x".repeat(10_000)),
        json!("é".repeat(25)),
        json!(5),
        json!(["Ann"]),
    ] {
        let v = server
            .expect_error(
                "POST",
                &join_path(&id),
                Some(json!({"seat": 0, "name": bad})),
                400,
                "bad_message",
            )
            .await;
        let message = v["error"]["message"].as_str().unwrap();
        assert!(message.len() < 300, "no echo of a 10 kB name: {message}");
    }
    // Nothing was taken by the refusals.
    assert_eq!(server.summary(&id).await["seats"][0]["taken"], false);
    let (status, j) = server
        .request(
            "POST",
            &join_path(&id),
            Some(json!({"seat": 0, "name": "  Zoë <b>&amp;  "})),
        )
        .await;
    assert_eq!(status, 200, "{j}");
    assert!(j.get("invite").is_none(), "a public match has no invite");
    let t0 = j["token"].as_str().unwrap().to_string();
    let mut ws = server.connect(&id, Some(&t0), None).await;
    let u = ws.until("update").await;
    assert_eq!(u["seats"][0]["name"], "Zoë <b>&amp;");
    // An empty or blank name is no name.
    let (status, j) = server
        .request(
            "POST",
            &join_path(&id),
            Some(json!({"seat": 1, "name": "   "})),
        )
        .await;
    assert_eq!(status, 200);
    let t1 = j["token"].as_str().unwrap().to_string();
    let s = server.summary(&id).await;
    assert_eq!(s["seats"][0]["name"], "Zoë <b>&amp;");
    assert!(s["seats"][1].get("name").is_none(), "{s}");
    // Given up, the seat's name goes with it.
    let (status, _) = server
        .request_as(
            "POST",
            &format!("/api/v1/matches/{id}/leave"),
            Some(&t1),
            None,
        )
        .await;
    assert_eq!(status, 200);
    let p = ws.until("presence").await;
    assert!(p["seats"][1].get("name").is_none());
    assert_eq!(p["seats"][1]["taken"], false);
    let (status, _) = server
        .request("POST", &join_path(&id), Some(json!({"name": "Bo"})))
        .await;
    assert_eq!(status, 200, "the free seat, under a name");
    assert_eq!(server.summary(&id).await["seats"][1]["name"], "Bo");
    server.stop().await;
}

/// A private match: its invite only in the answer to its creation and to
/// its players' joins; not in the lobby, reachable by its id; joining
/// needs the invite, the same refusal for a missing and a wrong one, as
/// often as it is guessed, without locking the invited out.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_private_match_needs_its_invite_and_stays_out_of_the_lobby() {
    let db = temp_db("private");
    let server = Running::start(options(db.path())).await;
    let (status, created) = server
        .request(
            "POST",
            "/api/v1/matches",
            Some(json!({"players": 3, "seats": ["human", "greedy", "human"], "private": true})),
        )
        .await;
    assert_eq!(status, 201, "{created}");
    let id = created["match"]["id"].as_str().unwrap().to_string();
    let invite = created["invite"].as_str().unwrap().to_string();
    assert_eq!(invite.len(), 32);
    assert!(invite
        .bytes()
        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)));
    assert_eq!(created["match"]["private"], true);
    let public = server
        .create(json!({"players": 2, "seats": ["human", "human"]}))
        .await;
    let (_, lobby) = server.request("GET", "/api/v1/matches", None).await;
    let listed: Vec<&str> = lobby["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_str().unwrap())
        .collect();
    assert_eq!(listed, vec![public.as_str()], "only the public match");
    assert!(!lobby.to_string().contains(&invite));
    // Reachable by its id, never with its invite.
    let s = server.summary(&id).await;
    assert_eq!(s["private"], true);
    let (_, answer) = server
        .request("GET", &format!("/api/v1/matches/{id}"), None)
        .await;
    assert!(!answer.to_string().contains(&invite));
    let r = server
        .http
        .get(server.url(&format!("/api/v1/matches/{id}/board.svg")))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    // Joining: no invite, wrong ones (many times), another match's: 403,
    // the same message.
    let mut messages = Vec::new();
    let mut wrong: Vec<Value> = (0..40)
        .map(|i| json!({"seat": 0, "invite": format!("{i:032x}")}))
        .collect();
    wrong.push(json!({"seat": 0}));
    wrong.push(json!({}));
    wrong.push(json!({"invite": invite.to_uppercase()}));
    wrong.push(json!({"invite": format!("{invite} ")}));
    wrong.push(json!({"invite": "x".repeat(10_000)}));
    for body in wrong {
        let v = server
            .expect_error("POST", &join_path(&id), Some(body), 403, "invite_required")
            .await;
        messages.push(v["error"]["message"].as_str().unwrap().to_string());
    }
    messages.dedup();
    assert_eq!(messages.len(), 1, "{messages:?}");
    // An invite for a public match is refused, not ignored.
    server
        .expect_error(
            "POST",
            &join_path(&public),
            Some(json!({"invite": invite})),
            400,
            "bad_message",
        )
        .await;
    // The invite works after all those guesses; every seated player is
    // given it, to invite others.
    let (status, j) = server
        .request(
            "POST",
            &join_path(&id),
            Some(json!({"seat": 0, "invite": invite, "name": "Ann"})),
        )
        .await;
    assert_eq!(status, 200, "{j}");
    assert_eq!(j["invite"], invite.as_str());
    let t0 = j["token"].as_str().unwrap().to_string();
    // Watching it over the WebSocket by its id.
    let mut spectator = server.connect(&id, None, None).await;
    let u = spectator.until("update").await;
    assert_eq!(u["status"], "open");
    assert!(!spectator.log.concat().contains(&invite));
    let mut ws = server.connect(&id, Some(&t0), None).await;
    let w = ws.until("welcome").await;
    assert_eq!(
        w["invite"],
        invite.as_str(),
        "a seat's socket is told the invite"
    );
    ws.until("update").await;
    let (status, j) = server
        .request("POST", &join_path(&id), Some(json!({"invite": invite})))
        .await;
    assert_eq!((status, j["seat"].as_u64()), (200, Some(2)));
    assert_eq!(server.summary(&id).await["status"], "playing");
    server.stop().await;
}

/// Chat: from a seat's socket to every socket of the match, its text
/// byte for byte (HTML and script included: clients show it as text);
/// the last messages on connecting, after the first update, also after a
/// restart; refused from spectators, when malformed, over 5 in 10 s, and
/// once the chat holds its bound.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chat_reaches_everyone_as_given_and_refuses_what_it_must() {
    let db = temp_db("chat");
    let mut o = options(db.path());
    // 5 at once as always, then (almost) none: the count below does not
    // depend on how long the test takes.
    o.chat_rate = 0.0001;
    let server = Running::start(o.clone()).await;
    let id = server
        .create(json!({"players": 2, "seats": ["human", "human"]}))
        .await;
    let (_, j) = server
        .request(
            "POST",
            &join_path(&id),
            Some(json!({"seat": 0, "name": "Ann"})),
        )
        .await;
    let t0 = j["token"].as_str().unwrap().to_string();
    let t1 = server.join(&id, 1).await;
    let mut a = server.connect(&id, Some(&t0), None).await;
    let mut b = server.connect(&id, Some(&t1), None).await;
    let mut spectator = server.connect(&id, None, None).await;
    for ws in [&mut a, &mut b, &mut spectator] {
        ws.until("update").await;
    }
    let hostile =
        r#"<img src=x onerror="alert(1)"><script>document.cookie</script> &lt; 'é' \ "q""#;
    a.send(json!({"op": "chat", "text": format!("  {hostile}  ")}))
        .await;
    for ws in [&mut a, &mut b, &mut spectator] {
        let c = ws.until("chat").await;
        let m = &c["messages"][0];
        assert_eq!(m["text"], hostile, "byte for byte");
        assert_eq!((m["seat"].as_u64(), m["n"].as_u64()), (Some(0), Some(0)));
        assert_eq!(m["name"], "Ann");
        assert!(m["at"].as_i64().unwrap() > 1_700_000_000);
        let raw = ws.log.last().unwrap();
        let parsed: Value = serde_json::from_str(raw).unwrap();
        assert_eq!(parsed["messages"][0]["text"].as_str(), Some(hostile));
    }
    b.send(json!({"op": "chat", "text": "hi"})).await;
    let c = a.until("chat").await;
    assert!(
        c["messages"][0].get("name").is_none(),
        "seat 1 gave no name"
    );
    // Refusals: a spectator; malformed text.
    spectator
        .send(json!({"op": "chat", "text": "let me in"}))
        .await;
    assert_eq!(spectator.until("error").await["code"], "spectator");
    for bad in [
        json!({"op": "chat", "text": "two\nlines"}),
        json!({"op": "chat", "text": "   "}),
        json!({"op": "chat", "text": "x".repeat(301)}),
        json!({"op": "chat", "text": 7}),
        json!({"op": "chat"}),
        json!({"op": "chat", "text": "a", "move": 0}),
    ] {
        b.send_text(bad.to_string()).await;
        let e = b.until("error").await;
        assert_eq!(e["code"], "bad_message", "{bad}");
    }
    // A flood: 5 at once per credential (b sent one); the rest are dropped
    // with rate_limited, and nobody hears of them.
    let mut refused = 0;
    for i in 0..8 {
        b.send(json!({"op": "chat", "text": format!("flood {i}")}))
            .await;
        loop {
            let v = b.next().await;
            if v["type"] == "chat" {
                break;
            }
            if v["type"] == "error" {
                assert_eq!(v["code"], "rate_limited");
                refused += 1;
                break;
            }
        }
    }
    assert_eq!(refused, 4, "4 of 9 in a row refused");
    // A newcomer gets its update, then the chat so far (6 messages).
    let mut late = server.connect(&id, None, None).await;
    assert_eq!(late.next().await["type"], "welcome");
    assert_eq!(late.next().await["type"], "update");
    let c = late.next().await;
    assert_eq!(c["type"], "chat");
    let texts: Vec<&str> = c["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert_eq!(texts.len(), 6);
    assert_eq!(texts[0], hostile);
    // A seat given up: its socket is closed, and can chat no more.
    let (status, _) = server
        .request_as(
            "POST",
            &format!("/api/v1/matches/{id}/leave"),
            Some(&t1),
            None,
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(b.closed_within(5.0).await, Some(1000));
    let sent = b
        .try_send_text(json!({"op": "chat", "text": "ghost"}).to_string())
        .await;
    if sent {
        assert!(
            b.next_within(1.0).await.is_none(),
            "nothing answers a ghost"
        );
    }
    drop((a, b, spectator, late));
    // The chat survives a restart.
    server.stop().await;
    let server = Running::start(o).await;
    let mut again = server.connect(&id, Some(&t0), None).await;
    again.until("update").await;
    let c = again.next().await;
    assert_eq!(c["type"], "chat");
    assert_eq!(c["messages"].as_array().unwrap().len(), 6);
    assert!(!again.log.concat().contains("ghost"));
    server.stop().await;
}

/// A match's chat never fills (it once refused everyone, `chat_full`,
/// after 1000 messages): the store keeps its last 50 messages, all that a
/// client is sent on connecting, and numbers new ones on (each player
/// here chatting without a rate, which the test server lifts).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chat_never_fills_and_keeps_its_last_messages() {
    let db = temp_db("chatfull");
    let mut o = options(db.path());
    o.chat_rate = 1000.0;
    o.chat_burst = 2000.0;
    let server = Running::start(o.clone()).await;
    let id = server
        .create(json!({"players": 2, "seats": ["human", "greedy"]}))
        .await;
    let t0 = server.join(&id, 0).await;
    let mut a = server.connect(&id, Some(&t0), None).await;
    a.until("update").await;
    for batch in 0..12 {
        for i in 0..10 {
            a.send(json!({"op": "chat", "text": format!("m{}", batch * 10 + i)}))
                .await;
        }
        // Read them, so that the socket's queue never fills.
        while a.until("chat").await["messages"][0]["n"] != batch * 10 + 9 {}
    }
    let mut late = server.connect(&id, None, None).await;
    late.until("update").await;
    let c = late.until("chat").await;
    let m = c["messages"].as_array().unwrap();
    assert_eq!(m.len(), 50, "the last 50");
    assert_eq!(
        (m[0]["n"].as_u64(), m[49]["n"].as_u64()),
        (Some(70), Some(119))
    );
    assert_eq!(m[49]["text"], "m119");
    drop((a, late));
    server.stop().await;
    // The store holds those 50 only; after a restart the chat numbers on.
    let rows: i64 = rusqlite::Connection::open(db.path())
        .unwrap()
        .query_row(
            "SELECT COUNT(*) FROM chat WHERE match_id = ?1",
            [&id],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(rows, 50);
    let server = Running::start(o).await;
    let mut a = server.connect(&id, Some(&t0), None).await;
    a.until("update").await;
    a.send(json!({"op": "chat", "text": "still here"})).await;
    loop {
        let c = a.until("chat").await;
        if c["messages"][0]["text"] == "still here" {
            assert_eq!(c["messages"][0]["n"], 120);
            break;
        }
    }
    server.stop().await;
}
