//! After a game, and when players go: the rematch with the same seats
//! (one per match, even when asked twice at once; seats kept for their
//! players; refused before the end and to others), cancelling a match (an
//! open one at once, a playing one only once everybody else has gone),
//! and the turn timer that waits while every player is away. No message
//! of a rematch carries another seat's cards.

mod common;

use common::{options, play_human, temp_db, Running, Ws};
use metropolys_core::{Record, State};
use serde_json::{json, Value};
use std::time::Duration;

fn path(id: &str, what: &str) -> String {
    format!("/api/v1/matches/{id}/{what}")
}

/// A private 3-seat match (Ann at 0, a bot at 1, Bo at 2), played to its
/// end by its two humans: its id, their credentials and their sockets.
async fn finished_match(server: &Running) -> (String, String, String, Ws, Ws) {
    let (status, created) = server
        .request(
            "POST",
            "/api/v1/matches",
            Some(json!({"players": 3, "seats": ["human", "random", "human"],
                        "private": true, "start_player": 2, "turn_seconds": 600})),
        )
        .await;
    assert_eq!(status, 201);
    let id = created["match"]["id"].as_str().unwrap().to_string();
    let invite = created["invite"].clone();
    let mut tokens = Vec::new();
    for (seat, name) in [(0, "Ann"), (2, "Bo")] {
        let (status, j) = server
            .request(
                "POST",
                &path(&id, "join"),
                Some(json!({"seat": seat, "name": name, "invite": invite})),
            )
            .await;
        assert_eq!(status, 200, "{j}");
        tokens.push(j["token"].as_str().unwrap().to_string());
    }
    let a = server.connect(&id, Some(&tokens[0]), None).await;
    let b = server.connect(&id, Some(&tokens[1]), None).await;
    let other = tokio::spawn(play_human(b, 2));
    let a = play_human(a, 1).await;
    let b = other.await.unwrap();
    let (t0, t2) = (tokens.remove(0), tokens.remove(0));
    (id, t0, t2, a, b)
}

/// The rematch: refused before the end, without or with a wrong
/// credential; then the same seats, the next start player, a new deal and
/// invite; the caller seated at once with the credential it holds, the
/// other seat kept for its player (nobody else may take it); the old
/// match's sockets told; asked again, the same answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_keeps_the_seats_for_the_same_players() {
    let db = temp_db("rematch");
    let server = Running::start(options(db.path())).await;
    // Not finished: 409.
    let id = server
        .create(json!({"players": 2, "seats": ["human", "human"]}))
        .await;
    let t = server.join(&id, 0).await;
    let (status, v) = server
        .request_as("POST", &path(&id, "rematch"), Some(&t), None)
        .await;
    assert_eq!(
        (status, v["error"]["code"].as_str()),
        (409, Some("not_finished"))
    );
    let (id, t0, t2, mut a, mut b) = finished_match(&server).await;
    let mut spectator = server.connect(&id, None, None).await;
    spectator.until("update").await;
    // No credential, a wrong one, another match's.
    let (status, v) = server
        .request_as("POST", &path(&id, "rematch"), None, None)
        .await;
    assert_eq!(
        (status, v["error"]["code"].as_str()),
        (401, Some("unauthorized"))
    );
    for wrong in ["00".repeat(32), t.clone(), "x".repeat(5000)] {
        let (status, v) = server
            .request_as("POST", &path(&id, "rematch"), Some(&wrong), None)
            .await;
        assert_eq!(
            (status, v["error"]["code"].as_str()),
            (403, Some("forbidden"))
        );
    }
    let old = server.summary(&id).await;
    assert!(old.get("rematch").is_none());
    // Bo asks: the rematch, Bo at seat 2 with the same credential.
    let (status, j) = server
        .request_as("POST", &path(&id, "rematch"), Some(&t2), None)
        .await;
    assert_eq!(status, 200, "{j}");
    let new = j["match"].as_str().unwrap().to_string();
    assert_ne!(new, id);
    assert_eq!(
        (j["seat"].as_u64(), j["token"].as_str()),
        (Some(2), Some(t2.as_str()))
    );
    assert!(j.get("seed").is_none(), "a drawn seed is never shown");
    let invite = j["invite"].as_str().unwrap().to_string();
    // Everyone on the old match is told; its summary and updates say so.
    for ws in [&mut a, &mut b, &mut spectator] {
        let r = ws.until("rematch").await;
        assert_eq!(r["match"], new.as_str());
    }
    assert_eq!(server.summary(&id).await["rematch"], new.as_str());
    let mut late = server.connect(&id, None, None).await;
    assert_eq!(late.until("update").await["rematch"], new.as_str());
    // The rematch: the same seats and privacy, Ann's seat kept for her.
    let s = server.summary(&new).await;
    assert_eq!(s["status"], "open");
    assert_eq!(s["private"], true);
    assert_eq!(s["turn_seconds"], 600.0);
    assert_eq!(s["seats"][1]["bot"], "random");
    assert_eq!(s["seats"][2]["name"], "Bo");
    assert_eq!(s["seats"][2]["taken"], true);
    assert_eq!(s["seats"][0]["reserved"], true);
    assert_eq!(s["seats"][0]["taken"], false);
    assert!(s["seats"][0].get("name").is_none());
    assert!(s.get("seed").is_none());
    let reserved = server
        .request(
            "POST",
            &path(&new, "join"),
            Some(json!({"seat": 0, "invite": invite})),
        )
        .await;
    assert_eq!(reserved.0, 409);
    assert_eq!(reserved.1["error"]["code"], "seat_reserved");
    server
        .expect_error(
            "POST",
            &path(&new, "join"),
            Some(json!({"invite": invite})),
            409,
            "match_full",
        )
        .await;
    // Asked again by Bo: the same answer, nothing new.
    let (status, again) = server
        .request_as("POST", &path(&id, "rematch"), Some(&t2), None)
        .await;
    assert_eq!((status, &again), (200, &j));
    // Ann takes hers: the rematch starts, under her name, with her one
    // credential.
    let (status, ja) = server
        .request_as("POST", &path(&id, "rematch"), Some(&t0), None)
        .await;
    assert_eq!(status, 200, "{ja}");
    assert_eq!(
        (ja["match"].as_str(), ja["seat"].as_u64()),
        (Some(new.as_str()), Some(0))
    );
    assert_eq!(ja["token"], t0.as_str());
    let s = server.summary(&new).await;
    assert_eq!(s["status"], "playing");
    assert_eq!(s["seats"][0]["name"], "Ann");
    assert!(s["seats"][0].get("reserved").is_none());
    // The old game's start player was 2; the rematch's is 0.
    let mut wa = server.connect(&new, Some(&t0), None).await;
    let mut wb = server.connect(&new, Some(&t2), None).await;
    let u = wa.until("update").await;
    assert_eq!(u["view"]["to_act"], 0, "{}", u["view"]);
    wb.until("update").await;
    // The old record says who sat where.
    let (status, record) = server.request("GET", &path(&id, "record"), None).await;
    assert_eq!(status, 200);
    let record = Record::from_json(&record.to_string()).unwrap();
    let seats = record.seats.as_ref().unwrap();
    assert_eq!(seats[0].name.as_deref(), Some("Ann"));
    assert_eq!(seats[1].kind, "random");
    assert_eq!(seats[2].name.as_deref(), Some("Bo"));
    // R-21 in the rematch: Bo is here, so Ann cannot cancel it; once Bo
    // gave the seat up she can, and the record reveals the seed the server
    // drew, from which every seat's cards are checked against every
    // message the players were sent.
    let (status, v) = server
        .request_as("POST", &path(&new, "cancel"), Some(&t0), None)
        .await;
    assert_eq!(
        (status, v["error"]["code"].as_str()),
        (409, Some("not_abandoned"))
    );
    let (status, _) = server
        .request_as("POST", &path(&new, "leave"), Some(&t2), None)
        .await;
    assert_eq!(status, 200);
    let (status, v) = server
        .request_as("POST", &path(&new, "cancel"), Some(&t0), None)
        .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["match"]["status"], "cancelled");
    let u = wa.until("update").await;
    assert_eq!(u["status"], "cancelled");
    let (status, record) = server.request("GET", &path(&new, "record"), None).await;
    assert_eq!(status, 200);
    let record = Record::from_json(&record.to_string()).unwrap();
    assert!(
        record.expected.is_none(),
        "a cancelled game expects nothing"
    );
    let state = State::new(&record.config).unwrap();
    assert_ne!(record.config.seed, 0);
    check_secrets(&wa.log, Some(0), &state);
    check_secrets(&wb.log, Some(2), &state);
    check_secrets(
        &[j.to_string(), ja.to_string(), s.to_string()],
        None,
        &state,
    );
    server.stop().await;
}

/// No message to `viewer` before the end (of a game that never ends: it
/// was cancelled) holds another seat's objective.
fn check_secrets(log: &[String], viewer: Option<u8>, state: &State) {
    for seat in 0..state.players() {
        if Some(seat) == viewer {
            continue;
        }
        let secret = serde_json::to_string(&json!(state.objective(seat).unwrap())).unwrap();
        for text in log {
            let v: Value = serde_json::from_str(text).unwrap();
            let text = serde_json::to_string(&v).unwrap();
            assert!(
                !text.contains(&secret),
                "seat {seat}'s {secret} reached {viewer:?}: {text}"
            );
        }
    }
}

/// Two first calls at once: one rematch, both seated in it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_rematch_calls_at_once_make_one_rematch() {
    let db = temp_db("rematch2");
    let server = Running::start(options(db.path())).await;
    let (id, t0, t2, a, b) = finished_match(&server).await;
    drop((a, b));
    let call = |t: String| {
        let http = server.http.clone();
        let url = server.url(&path(&id, "rematch"));
        tokio::spawn(async move {
            let r = http
                .post(url)
                .header("authorization", format!("Bearer {t}"))
                .send()
                .await
                .unwrap();
            (r.status().as_u16(), r.json::<Value>().await.unwrap())
        })
    };
    let (x, y) = (call(t0.clone()), call(t2.clone()));
    let ((sx, jx), (sy, jy)) = (x.await.unwrap(), y.await.unwrap());
    assert_eq!((sx, sy), (200, 200), "{jx} {jy}");
    assert_eq!(jx["match"], jy["match"], "one rematch");
    assert_eq!(
        (jx["seat"].as_u64(), jy["seat"].as_u64()),
        (Some(0), Some(2))
    );
    let new = jx["match"].as_str().unwrap();
    assert_eq!(server.summary(&id).await["rematch"], new);
    assert_eq!(server.summary(new).await["status"], "playing");
    // One rematch per match: the rematch of the rematch is another match.
    let (_, lobby) = server.request("GET", "/api/v1/matches", None).await;
    assert!(
        lobby["matches"].as_array().unwrap().is_empty(),
        "private: not listed"
    );
    server.stop().await;
}

/// Cancelling: with a seat's credential; an open match at once; a playing
/// one not while another player is here or was within
/// `--abandon-seconds`; its sockets told, its record given out; never a
/// match that is over.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_match_is_cancelled_only_when_nobody_else_plays_it() {
    let db = temp_db("cancel");
    let mut o = options(db.path());
    // Long enough that the refusal just after the other player left holds
    // on a loaded machine.
    o.abandon_timeout = Duration::from_secs(4);
    let server = Running::start(o).await;
    // Open: any seated player, at once.
    let id = server
        .create(json!({"players": 2, "seats": ["human", "human"]}))
        .await;
    let t0 = server.join(&id, 0).await;
    let (status, v) = server
        .request_as("POST", &path(&id, "cancel"), None, None)
        .await;
    assert_eq!(
        (status, v["error"]["code"].as_str()),
        (401, Some("unauthorized"))
    );
    let (status, v) = server
        .request_as("POST", &path(&id, "cancel"), Some(&"ab".repeat(32)), None)
        .await;
    assert_eq!(
        (status, v["error"]["code"].as_str()),
        (403, Some("forbidden"))
    );
    let (status, v) = server
        .request_as("POST", &path(&id, "cancel"), Some(&t0), None)
        .await;
    assert_eq!(
        (status, v["match"]["status"].as_str()),
        (200, Some("cancelled"))
    );
    let (status, v) = server
        .request_as("POST", &path(&id, "cancel"), Some(&t0), None)
        .await;
    assert_eq!(
        (status, v["error"]["code"].as_str()),
        (409, Some("match_over"))
    );
    let (status, record) = server.request("GET", &path(&id, "record"), None).await;
    assert_eq!(status, 200);
    assert!(Record::from_json(&record.to_string())
        .unwrap()
        .actions
        .is_empty());
    // Playing: not while the other player is here, nor just after.
    let id = server
        .create(json!({"players": 2, "seats": ["human", "human"]}))
        .await;
    let t0 = server.join(&id, 0).await;
    let (_, j) = server
        .request(
            "POST",
            &path(&id, "join"),
            Some(json!({"seat": 1, "name": "Bo"})),
        )
        .await;
    let t1 = j["token"].as_str().unwrap().to_string();
    let mut a = server.connect(&id, Some(&t0), None).await;
    let u = a.until("update").await;
    a.send(json!({"move": 0, "action": u["legal"][0]})).await;
    a.accepted().await;
    let b = server.connect(&id, Some(&t1), None).await;
    a.until("presence").await;
    let (status, v) = server
        .request_as("POST", &path(&id, "cancel"), Some(&t0), None)
        .await;
    assert_eq!(
        (status, v["error"]["code"].as_str()),
        (409, Some("not_abandoned"))
    );
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("seat 1 (Bo) is here"),
        "{v}"
    );
    drop(b);
    a.until("presence").await;
    let (status, v) = server
        .request_as("POST", &path(&id, "cancel"), Some(&t0), None)
        .await;
    assert_eq!(
        (status, v["error"]["code"].as_str()),
        (409, Some("not_abandoned"))
    );
    assert!(
        v["error"]["message"].as_str().unwrap().contains("was here"),
        "{v}"
    );
    tokio::time::sleep(Duration::from_millis(4200)).await;
    let (status, v) = server
        .request_as("POST", &path(&id, "cancel"), Some(&t0), None)
        .await;
    assert_eq!(
        (status, v["match"]["status"].as_str()),
        (200, Some("cancelled")),
        "{v}"
    );
    let u = a.until("update").await;
    assert_eq!(u["status"], "cancelled");
    assert!(u["legal"].as_array().unwrap().is_empty());
    // Over: nothing more is played, given up or cancelled; the record is
    // the moves played, the summary and board answer.
    a.send(json!({"move": 1, "action": 715})).await;
    assert_eq!(a.until("error").await["code"], "match_over");
    for (what, token) in [("leave", &t1), ("cancel", &t1)] {
        let (status, v) = server
            .request_as("POST", &path(&id, what), Some(token), None)
            .await;
        assert_eq!(
            (status, v["error"]["code"].as_str()),
            (409, Some("match_over")),
            "{what}"
        );
    }
    let (status, record) = server.request("GET", &path(&id, "record"), None).await;
    assert_eq!(status, 200);
    let record = Record::from_json(&record.to_string()).unwrap();
    assert_eq!(record.actions.len(), 1);
    assert!(record.expected.is_none());
    assert!(record.verify().is_ok());
    assert_eq!(record.seats.unwrap()[1].name.as_deref(), Some("Bo"));
    // The rematch of a cancelled match: not finished.
    let (status, v) = server
        .request_as("POST", &path(&id, "rematch"), Some(&t0), None)
        .await;
    assert_eq!(
        (status, v["error"]["code"].as_str()),
        (409, Some("not_finished"))
    );
    // A finished match cannot be cancelled.
    let fin = server
        .create(json!({"players": 2, "seats": ["human", "random"]}))
        .await;
    let tf = server.join(&fin, 0).await;
    let ws = server.connect(&fin, Some(&tf), None).await;
    play_human(ws, 5).await;
    let (status, v) = server
        .request_as("POST", &path(&fin, "cancel"), Some(&tf), None)
        .await;
    assert_eq!(
        (status, v["error"]["code"].as_str()),
        (409, Some("match_over"))
    );
    server.stop().await;
}

/// The turn timer does not run while no human seat has a socket open: a
/// timed match whose players all left does not play itself out; the first
/// player back gives the seat to act a full turn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_turn_timer_waits_while_everyone_is_away() {
    let db = temp_db("pause");
    let server = Running::start(options(db.path())).await;
    let id = server
        .create(json!({"players": 2, "seats": ["human", "human"], "turn_seconds": 1}))
        .await;
    let t0 = server.join(&id, 0).await;
    server.join(&id, 1).await;
    // Playing, nobody here: the clock does not run.
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(server.summary(&id).await["move"], 0);
    // Seat 0 comes: a full turn, then the timer plays for it.
    let mut a = server.connect(&id, Some(&t0), None).await;
    let u = a.until("update").await;
    let left = u["deadline_ms"].as_u64().expect("the timer runs");
    assert!(left > 500 && left <= 1000, "a full turn: {left}");
    let u = a.update_at(1).await;
    assert_eq!(u["timed_out"]["seat"], 0);
    // Seat 0 leaves: the timer stops, whoever is to act.
    drop(a);
    while server.summary(&id).await["seats"][0]["connected"] == true {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let before = server.summary(&id).await["move"].as_u64().unwrap();
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(server.summary(&id).await["move"].as_u64().unwrap(), before);
    // Back again: it runs.
    let mut a = server.connect(&id, Some(&t0), None).await;
    a.update_at(before + 1).await;
    server.stop().await;
}
