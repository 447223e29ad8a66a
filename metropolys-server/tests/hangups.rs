//! Clients that hang up on their requests: every state-changing request
//! (join, leave, cancel, create, rematch) is sent over a raw TCP
//! connection and abandoned at a range of points (after its head, after
//! its body, after pauses spread over a commit's duration, with a
//! half-close or a reset), and so is a move on a seat's socket. Memory
//! and the database must then agree: what the server answers (a match's
//! summary, the lobby, a credential tried on a socket, a move tried on a
//! cancelled match) is what the store holds, and a restart on the same
//! database shows the same.
//!
//! A change reaches memory just after its commit, so the two may differ
//! for a moment: each check waits until they agree (a minute at most),
//! and fails only if they stay apart (a change committed and never
//! applied, or applied and never committed). No check asserts how long
//! anything takes.

mod common;

use common::{options, play_human, temp_db, Running};
use metropolys_server::store::{Store, StoredMatch};
use metropolys_server::Options;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::fmt::Debug;
use std::path::PathBuf;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Where a client hangs up on its request.
#[derive(Debug, Clone, Copy)]
enum Hangup {
    /// After the request's head (its body never sent).
    AfterHead,
    /// After the head, a pause, then the body.
    SlowBody,
    /// Right after the whole request.
    AfterBody,
    /// The whole request, then a pause.
    After(Duration),
    /// The whole request, then its sending side shut (the server reads the
    /// end of the stream), reading until the server closes.
    HalfClose,
    /// The whole request, then a reset (`SO_LINGER` 0).
    Reset,
}

/// Every way of hanging up, `rounds` times over: pauses from none to 25 ms
/// (a commit's fsync takes from under a millisecond to tens of them).
fn ways(rounds: usize) -> Vec<Hangup> {
    let mut v = Vec::new();
    for _ in 0..rounds {
        v.extend([
            Hangup::AfterHead,
            Hangup::SlowBody,
            Hangup::AfterBody,
            Hangup::HalfClose,
            Hangup::Reset,
        ]);
        for us in [0, 100, 300, 700, 1_500, 3_000, 6_000, 12_000, 25_000] {
            v.push(Hangup::After(Duration::from_micros(us)));
        }
    }
    v
}

/// Sends `POST path` (with a seat's credential, and a JSON body) on a
/// connection of its own and hangs up as `how` says, never reading the
/// answer.
async fn hang_up(server: &Running, path: &str, token: Option<&str>, body: &str, how: Hangup) {
    let mut tcp = TcpStream::connect(server.addr)
        .await
        .expect("the server accepts");
    let mut head = format!(
        "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
        server.addr,
        body.len()
    );
    if let Some(t) = token {
        head.push_str(&format!("Authorization: Bearer {t}\r\n"));
    }
    head.push_str("\r\n");
    // A write may fail once the server has closed: the request is
    // abandoned either way.
    let _ = tcp.write_all(head.as_bytes()).await;
    if matches!(how, Hangup::AfterHead) {
        return;
    }
    if matches!(how, Hangup::SlowBody) {
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    let _ = tcp.write_all(body.as_bytes()).await;
    match how {
        Hangup::After(pause) => tokio::time::sleep(pause).await,
        Hangup::HalfClose => {
            let _ = tcp.shutdown().await;
            let mut rest = Vec::new();
            let _ = tokio::time::timeout(Duration::from_secs(30), tcp.read_to_end(&mut rest)).await;
        }
        Hangup::Reset => {
            let _ = socket2::SockRef::from(&tcp).set_linger(Some(Duration::ZERO));
        }
        Hangup::AfterHead | Hangup::SlowBody | Hangup::AfterBody => {}
    }
}

/// The test server's options: room for every match and connection the
/// test makes, cancelling a playing match without waiting for the others
/// to be away, and no match leaving memory (a match read back from the
/// store would agree with it whatever memory had said).
fn hangup_options(db: PathBuf) -> Options {
    let mut o = options(db);
    o.max_matches = 100_000;
    o.open_per_address = 100_000;
    o.connections_per_address = 4096;
    o.abandon_timeout = Duration::ZERO;
    o.sweep_interval = Duration::from_secs(24 * 3600);
    o
}

/// A match as memory or the database has it: its status, its number of
/// moves, per seat whether it is taken and whether it is kept for a player
/// of the previous game, and its rematch.
#[derive(Debug, Clone, PartialEq)]
struct Seen {
    status: String,
    moves: u64,
    taken: Vec<bool>,
    reserved: Vec<bool>,
    rematch: Option<String>,
}

/// As the server's summary says.
fn from_summary(s: &Value) -> Seen {
    let seats = s["seats"].as_array().expect("seats");
    Seen {
        status: s["status"].as_str().expect("a status").to_string(),
        moves: s["move"].as_u64().expect("a move number"),
        taken: seats.iter().map(|x| x["taken"] == true).collect(),
        reserved: seats.iter().map(|x| x["reserved"] == true).collect(),
        rematch: s["rematch"].as_str().map(str::to_string),
    }
}

/// As the store holds it.
fn from_store(m: &StoredMatch) -> Seen {
    let seats: Vec<Value> = serde_json::from_str(&m.row.seats).expect("the seats' JSON");
    let taken: Vec<bool> = (0..seats.len())
        .map(|i| m.hashes.get(i).copied().flatten().is_some())
        .collect();
    let status = if m.row.finished {
        "finished"
    } else if m.row.cancelled {
        "cancelled"
    } else if m.row.started || !m.actions.is_empty() {
        "playing"
    } else {
        "open"
    };
    Seen {
        status: status.to_string(),
        moves: m.actions.len() as u64,
        reserved: (0..seats.len())
            .map(|i| !taken[i] && m.reserved.iter().any(|r| usize::from(r.seat) == i))
            .collect(),
        taken,
        rematch: m.row.rematch.clone(),
    }
}

/// Waits until `memory` and `stored` say the same, and returns it. They
/// may differ for the moment between a commit and its change in memory;
/// they must not stay apart (the bound is far beyond any commit).
async fn agree<T, M, S>(what: &str, memory: M, stored: S) -> T
where
    T: PartialEq + Debug,
    M: AsyncFn() -> T,
    S: Fn() -> T,
{
    let end = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        let (m, s) = (memory().await, stored());
        if m == s {
            return m;
        }
        assert!(
            tokio::time::Instant::now() < end,
            "{what}: memory and the database disagree:\nmemory   {m:?}\ndatabase {s:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Match `id` once memory and the store agree on it.
async fn agreed(server: &Running, store: &Store, id: &str) -> Seen {
    agree(
        &format!("match {id}"),
        async || from_summary(&server.summary(id).await),
        || from_store(&store.load(id).expect("the store reads").expect("stored")),
    )
    .await
}

/// The lobby's unfinished matches once memory and the store agree on them.
async fn agreed_lobby(server: &Running, store: &Store) -> BTreeSet<String> {
    agree(
        "the lobby",
        async || {
            let (status, v) = server.request("GET", "/api/v1/matches", None).await;
            assert_eq!(status, 200);
            v["matches"]
                .as_array()
                .expect("matches")
                .iter()
                .map(|m| m["id"].as_str().expect("an id").to_string())
                .collect()
        },
        || {
            store
                .unfinished()
                .expect("the store reads")
                .into_iter()
                .map(|m| m.row.id)
                .collect()
        },
    )
    .await
}

/// Whether `token` opens a seat's socket on match `id` (a credential that
/// holds no seat is refused with 403).
async fn holds_a_seat(server: &Running, id: &str, token: &str) -> bool {
    let url = format!("ws://{}/api/v1/matches/{id}/ws?token={token}", server.addr);
    match tokio_tungstenite::connect_async(url).await {
        Ok((mut ws, _)) => {
            let _ = ws.close(None).await;
            true
        }
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
            assert_eq!(r.status().as_u16(), 403, "a credential's refusal");
            false
        }
        Err(e) => panic!("the socket: {e}"),
    }
}

/// A move tried on cancelled match `id` with seat 0's credential is
/// refused, `match_over`.
async fn a_move_is_refused(server: &Running, id: &str, token: &str) {
    let mut ws = server.connect(id, Some(token), None).await;
    let u = ws.until("update").await;
    assert_eq!(u["status"], "cancelled");
    ws.send(json!({"move": u["move"], "action": 0})).await;
    assert_eq!(ws.until("error").await["code"], "match_over");
}

/// A 2-seat all-human match: its id.
async fn two_humans(server: &Running) -> String {
    server
        .create(json!({"players": 2, "seats": ["human", "human"]}))
        .await
}

fn path(id: &str, what: &str) -> String {
    format!("/api/v1/matches/{id}/{what}")
}

/// Before the last look at memory: a request whose client hung up before
/// the server read it is read a moment later, and a change it makes
/// after that look would be missing from it (and not from the restart).
/// Every request has long been read by then; the pause only covers the
/// last ones.
async fn settle() {
    tokio::time::sleep(Duration::from_millis(300)).await;
}

/// Starts the server again on the same database.
async fn restart(server: Running, o: &Options) -> Running {
    server.stop().await;
    Running::start(o.clone()).await
}

/// `join`: seat 0 of an open match (every other hang-up the one that
/// starts it). A credential nobody received holds the seat in memory if
/// and only if it does in the store; after a restart the seat is free
/// exactly where memory said so, and can be taken there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_join_hung_up_is_carried_out_whole_or_not_at_all() {
    let db = temp_db("hangup-join");
    let o = hangup_options(db.path());
    let server = Running::start(o.clone()).await;
    let store = Store::open(&db).expect("the store opens");
    let mut ids = Vec::new();
    for (i, how) in ways(3).into_iter().enumerate() {
        let id = two_humans(&server).await;
        if i % 2 == 1 {
            server.join(&id, 1).await;
        }
        hang_up(&server, &path(&id, "join"), None, r#"{"seat": 0}"#, how).await;
        agreed(&server, &store, &id).await;
        ids.push(id);
    }
    settle().await;
    let mut seen = Vec::new();
    for id in &ids {
        seen.push(agreed(&server, &store, id).await);
    }
    let server = restart(server, &o).await;
    for (id, before) in ids.iter().zip(&seen) {
        let after = from_summary(&server.summary(id).await);
        assert_eq!(&after, before, "match {id} after a restart");
        let (status, v) = server
            .request("POST", &path(id, "join"), Some(json!({"seat": 0})))
            .await;
        let expected = if before.taken[0] { 409 } else { 200 };
        assert_eq!(status, expected, "seat 0 of {id} ({before:?}): {v}");
    }
    server.stop().await;
}

/// `join` with the client's own credential, hung up at every point, then
/// sent again as a client that lost the answer does: it gets seat 0
/// whether the first went through or not, with its credential, which
/// opens the seat; no seat is left held by a credential nobody has, across
/// a restart too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_join_sent_again_with_its_credential_gets_its_seat() {
    let db = temp_db("hangup-join-again");
    let o = hangup_options(db.path());
    let server = Running::start(o.clone()).await;
    let mut joined = Vec::new();
    for (i, how) in ways(2).into_iter().enumerate() {
        let id = two_humans(&server).await;
        let token = format!("{i:064x}");
        let body = json!({"seat": 0, "token": token}).to_string();
        hang_up(&server, &path(&id, "join"), None, &body, how).await;
        let (status, v) = server
            .request("POST", &path(&id, "join"), Some(json!({"token": token})))
            .await;
        assert_eq!(status, 200, "{how:?}: {v}");
        assert_eq!(
            (v["seat"].as_u64(), v["token"].as_str()),
            (Some(0), Some(token.as_str())),
            "{how:?}"
        );
        joined.push((id, token));
    }
    settle().await;
    let server = restart(server, &o).await;
    for (id, token) in &joined {
        let mut ws = server.connect(id, Some(token), None).await;
        let w = ws.until("welcome").await;
        assert_eq!(w["seat"], 0, "{id}: the credential opens its seat");
        // Sent again after the restart: still that seat, and seat 1 free.
        let (status, v) = server
            .request("POST", &path(id, "join"), Some(json!({"token": token})))
            .await;
        assert_eq!((status, v["seat"].as_u64()), (200, Some(0)), "{v}");
        assert_eq!(server.summary(id).await["seats"][1]["taken"], false);
    }
    server.stop().await;
}

/// `leave`: seat 0 of an open or a playing match. The credential works
/// (opens the seat's socket) exactly where memory and the store say the
/// seat is still held, before and after a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_leave_hung_up_is_carried_out_whole_or_not_at_all() {
    let db = temp_db("hangup-leave");
    let o = hangup_options(db.path());
    let server = Running::start(o.clone()).await;
    let store = Store::open(&db).expect("the store opens");
    let mut trials = Vec::new();
    for (i, how) in ways(3).into_iter().enumerate() {
        let id = two_humans(&server).await;
        let t0 = server.join(&id, 0).await;
        if i % 2 == 1 {
            server.join(&id, 1).await;
        }
        hang_up(&server, &path(&id, "leave"), Some(&t0), "", how).await;
        agreed(&server, &store, &id).await;
        trials.push((id, t0));
    }
    settle().await;
    let mut seen = Vec::new();
    for (id, t0) in &trials {
        let now = agreed(&server, &store, id).await;
        assert_eq!(holds_a_seat(&server, id, t0).await, now.taken[0], "{id}");
        seen.push(now);
    }
    let server = restart(server, &o).await;
    for ((id, t0), before) in trials.iter().zip(&seen) {
        let after = from_summary(&server.summary(id).await);
        assert_eq!(&after, before, "match {id} after a restart");
        assert_eq!(holds_a_seat(&server, id, t0).await, before.taken[0], "{id}");
    }
    server.stop().await;
}

/// `cancel`: an open match, or a playing one (nobody else here). A match
/// cancelled in the store is cancelled in memory (a move is refused,
/// `match_over`) and the other way round, before and after a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cancel_hung_up_is_carried_out_whole_or_not_at_all() {
    let db = temp_db("hangup-cancel");
    let o = hangup_options(db.path());
    let server = Running::start(o.clone()).await;
    let store = Store::open(&db).expect("the store opens");
    let mut trials = Vec::new();
    for (i, how) in ways(3).into_iter().enumerate() {
        let id = two_humans(&server).await;
        let t0 = server.join(&id, 0).await;
        if i % 2 == 1 {
            server.join(&id, 1).await;
        }
        hang_up(&server, &path(&id, "cancel"), Some(&t0), "", how).await;
        agreed(&server, &store, &id).await;
        trials.push((id, t0));
    }
    settle().await;
    let mut seen = Vec::new();
    for (id, t0) in &trials {
        let now = agreed(&server, &store, id).await;
        if now.status == "cancelled" {
            a_move_is_refused(&server, id, t0).await;
        }
        seen.push(now);
    }
    let server = restart(server, &o).await;
    for ((id, t0), before) in trials.iter().zip(&seen) {
        let after = from_summary(&server.summary(id).await);
        assert_eq!(&after, before, "match {id} after a restart");
        if before.status == "cancelled" {
            a_move_is_refused(&server, id, t0).await;
        }
    }
    server.stop().await;
}

/// `create`: the lobby lists exactly the unfinished matches of the store,
/// before and after a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_create_hung_up_is_carried_out_whole_or_not_at_all() {
    let db = temp_db("hangup-create");
    let o = hangup_options(db.path());
    let server = Running::start(o.clone()).await;
    let store = Store::open(&db).expect("the store opens");
    let body = json!({"players": 2, "seats": ["human", "human"]}).to_string();
    for how in ways(3) {
        hang_up(&server, "/api/v1/matches", None, &body, how).await;
        agreed_lobby(&server, &store).await;
    }
    settle().await;
    let lobby = agreed_lobby(&server, &store).await;
    let server = restart(server, &o).await;
    let (_, v) = server.request("GET", "/api/v1/matches", None).await;
    let after: BTreeSet<String> = v["matches"]
        .as_array()
        .expect("matches")
        .iter()
        .map(|m| m["id"].as_str().expect("an id").to_string())
        .collect();
    assert_eq!(after, lobby, "the lobby after a restart");
    server.stop().await;
}

/// A 2-seat all-human match played to its end: its id and the two
/// credentials.
async fn finished(server: &Running, seed: u64) -> (String, String, String) {
    let id = two_humans(server).await;
    let t0 = server.join(&id, 0).await;
    let t1 = server.join(&id, 1).await;
    let a = server.connect(&id, Some(&t0), None).await;
    let b = server.connect(&id, Some(&t1), None).await;
    let other = tokio::spawn(play_human(b, 2 * seed + 1));
    play_human(a, 2 * seed).await;
    other.await.expect("the other player");
    (id, t0, t1)
}

/// The old match and its rematch, once memory and the store agree.
async fn agreed_rematch(server: &Running, store: &Store, id: &str) -> Vec<Seen> {
    let old = agreed(server, store, id).await;
    let mut seen = vec![old.clone()];
    if let Some(new) = &old.rematch {
        seen.push(agreed(server, store, new).await);
    }
    seen
}

/// `rematch`: of a finished match, asked by one player (it creates the
/// rematch), then by the other (it takes their seat of it, or creates
/// it). The old match links the rematch, and the rematch's seats are
/// taken and kept, alike in memory and in the store, before and after a
/// restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_hung_up_is_carried_out_whole_or_not_at_all() {
    let db = temp_db("hangup-rematch");
    let o = hangup_options(db.path());
    let server = Running::start(o.clone()).await;
    let store = Store::open(&db).expect("the store opens");
    let ways = ways(3);
    let mut games = Vec::new();
    for (seed, _) in ways.chunks(2).enumerate() {
        games.push(finished(&server, seed as u64).await);
    }
    for ((id, t0, t1), pair) in games.iter().zip(ways.chunks(2)) {
        for (token, how) in [t0, t1].into_iter().zip(pair) {
            hang_up(&server, &path(id, "rematch"), Some(token), "", *how).await;
            agreed_rematch(&server, &store, id).await;
        }
    }
    settle().await;
    let mut seen = Vec::new();
    for (id, _, _) in &games {
        seen.push(agreed_rematch(&server, &store, id).await);
    }
    let server = restart(server, &o).await;
    for ((id, _, _), before) in games.iter().zip(&seen) {
        let mut after = vec![from_summary(&server.summary(id).await)];
        if let Some(new) = &after[0].rematch {
            after.push(from_summary(&server.summary(new).await));
        }
        assert_eq!(&after, before, "match {id} and its rematch after a restart");
    }
    server.stop().await;
}

/// A move sent on a seat's socket that then closes (at once, after a
/// pause, or with a reset): the move is in memory if and only if it is in
/// the store, before and after a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_whose_socket_closes_is_carried_out_whole_or_not_at_all() {
    let db = temp_db("hangup-move");
    let o = hangup_options(db.path());
    let server = Running::start(o.clone()).await;
    let store = Store::open(&db).expect("the store opens");
    let mut ids = Vec::new();
    for how in ways(3) {
        let id = server
            .create(json!({"players": 2, "seats": ["human", "human"], "start_player": 0}))
            .await;
        let t0 = server.join(&id, 0).await;
        server.join(&id, 1).await;
        let mut ws = server.connect(&id, Some(&t0), None).await;
        let u = ws.until("update").await;
        ws.send(json!({"move": u["move"], "action": u["legal"][0]}))
            .await;
        let tokio_tungstenite::MaybeTlsStream::Plain(tcp) = ws.stream.into_inner() else {
            unreachable!("a plain connection")
        };
        match how {
            Hangup::After(pause) => tokio::time::sleep(pause).await,
            Hangup::Reset => {
                let _ = socket2::SockRef::from(&tcp).set_linger(Some(Duration::ZERO));
            }
            _ => {}
        }
        drop(tcp);
        agreed(&server, &store, &id).await;
        ids.push(id);
    }
    settle().await;
    let mut seen = Vec::new();
    for id in &ids {
        seen.push(agreed(&server, &store, id).await);
    }
    let server = restart(server, &o).await;
    for (id, before) in ids.iter().zip(&seen) {
        let after = from_summary(&server.summary(id).await);
        assert_eq!(&after, before, "match {id} after a restart");
    }
    server.stop().await;
}
