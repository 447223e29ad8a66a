//! The review of a finished game (`GET /api/v1/matches/{id}/review`): one
//! judged decision per recorded action, computed once and kept, the same
//! after a restart; refused while the game is played (it shows every
//! card, R-21), for a cancelled game, and for the `expert` reviewer or one
//! that does not exist.

mod common;

use common::{options, play_human, temp_db, Running};
use metropolys_core::Record;
use serde_json::{json, Value};

fn path(id: &str, what: &str) -> String {
    format!("/api/v1/matches/{id}/{what}")
}

/// A GET's status, `Content-Type` and body as text.
async fn get_text(server: &Running, p: &str) -> (u16, String, String) {
    let resp = server.http.get(server.url(p)).send().await.unwrap();
    let status = resp.status().as_u16();
    let ctype = resp
        .headers()
        .get("content-type")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_string();
    (status, ctype, resp.text().await.unwrap())
}

/// A refusal that says nothing but its code and message.
fn only_an_error(v: &Value, code: &str) {
    assert_eq!(v["error"]["code"], code, "{v}");
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["error"], "{v}");
    for k in v["error"].as_object().unwrap().keys() {
        assert!(k == "code" || k == "message", "{v}");
    }
}

/// A 2-player match of two humans who play random legal actions to the
/// end: its id and the record the server gives out.
async fn finished(server: &Running) -> (String, Record) {
    let id = server
        .create(json!({"players": 2, "seats": ["human", "human"]}))
        .await;
    let t0 = server.join(&id, 0).await;
    let t1 = server.join(&id, 1).await;
    let a = server.connect(&id, Some(&t0), None).await;
    let b = server.connect(&id, Some(&t1), None).await;
    // Playing: no review yet (it would show the other seat's cards).
    let v = server
        .expect_error(
            "GET",
            &path(&id, "review?preset=beginner"),
            None,
            409,
            "not_finished",
        )
        .await;
    only_an_error(&v, "not_finished");
    let h = tokio::spawn(play_human(b, 2));
    play_human(a, 1).await;
    h.await.unwrap();
    let (status, record) = server.request("GET", &path(&id, "record"), None).await;
    assert_eq!(status, 200);
    (id, Record::from_json(&record.to_string()).unwrap())
}

/// A review that judges `record`'s every action, in order, by `reviewer`.
fn check_review(v: &Value, record: &Record, reviewer: &str) {
    assert_eq!(v["reviewer"], reviewer);
    assert_eq!(v["seed"], 0);
    assert_eq!(v["players"], 2);
    assert_eq!(v["over"], true);
    assert!(v["only"].is_null());
    assert!(v["start"]["win"].is_array());
    let decisions = v["decisions"].as_array().unwrap();
    assert_eq!(decisions.len(), record.actions.len());
    let grades = ["forced", "best", "good", "inaccuracy", "mistake", "blunder"];
    for (i, (d, ra)) in decisions.iter().zip(&record.actions).enumerate() {
        assert_eq!(d["index"], i);
        assert_eq!(d["seat"], ra.player);
        assert_eq!(d["played"], json!(ra.action));
        assert!(grades.contains(&d["grade"].as_str().unwrap()), "{d}");
        assert!(d["known"]["drop"].is_number());
        assert!(d["revealed"]["played"]["win"].is_array());
    }
    let seats = v["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 2);
    assert!(v["turning_points"].is_array());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_reviewed_once_and_kept() {
    let db = temp_db("review");
    let server = Running::start(options(db.path())).await;
    let (id, record) = finished(&server).await;
    let p = path(&id, "review?preset=beginner");
    let (status, ctype, first) = get_text(&server, &p).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(ctype, "application/json");
    let v: Value = serde_json::from_str(&first).unwrap();
    check_review(&v, &record, "beginner");
    // Kept: the same answer, byte for byte.
    let (status, _, second) = get_text(&server, &p).await;
    assert_eq!(status, 200);
    assert_eq!(first, second);
    // Reviewers that cost too much, or that do not exist, are refused.
    for (query, code) in [
        ("review?preset=expert", "bad_bot"),
        ("review?preset=wizard", "bad_bot"),
        ("review?preset=greedy", "bad_bot"),
        ("review?preset=", "bad_bot"),
        ("review?seed=7", "bad_message"),
        ("review?preset=beginner&preset=strong", "bad_message"),
    ] {
        let v = server
            .expect_error("GET", &path(&id, query), None, 400, code)
            .await;
        only_an_error(&v, code);
    }
    let v = server
        .expect_error(
            "GET",
            &path(&id, "review?preset=expert"),
            None,
            400,
            "bad_bot",
        )
        .await;
    assert!(
        v["error"]["message"].as_str().unwrap().contains("expert"),
        "{v}"
    );
    // Only GET.
    server
        .expect_error(
            "POST",
            &path(&id, "review"),
            None,
            405,
            "method_not_allowed",
        )
        .await;
    // After a restart (the match read back from the store): computed
    // again, the same review (seed 0).
    server.stop().await;
    let server = Running::start(options(db.path())).await;
    let (status, _, again) = get_text(&server, &p).await;
    assert_eq!(status, 200);
    assert_eq!(first, again);
    server.stop().await;
}

/// The default reviewer is `strong`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_default_reviewer_is_strong() {
    let db = temp_db("review-strong");
    let server = Running::start(options(db.path())).await;
    let (id, record) = finished(&server).await;
    let (status, _, text) = get_text(&server, &path(&id, "review")).await;
    assert_eq!(status, 200, "{text}");
    check_review(&serde_json::from_str(&text).unwrap(), &record, "strong");
    let (status, _, named) = get_text(&server, &path(&id, "review?preset=strong")).await;
    assert_eq!(status, 200);
    assert_eq!(text, named, "the same review, kept");
    server.stop().await;
}

/// Open, playing and cancelled matches are not reviewed, and the refusal
/// says nothing of the game; a match that does not exist is not found.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_a_game_played_to_its_end_is_reviewed() {
    let db = temp_db("review-refused");
    let server = Running::start(options(db.path())).await;
    // Open.
    let id = server
        .create(json!({"players": 2, "seats": ["human", "human"]}))
        .await;
    let t0 = server.join(&id, 0).await;
    for q in ["review", "review?preset=beginner", "review?preset=casual"] {
        let v = server
            .expect_error("GET", &path(&id, q), None, 409, "not_finished")
            .await;
        only_an_error(&v, "not_finished");
    }
    // Playing, with moves made.
    let other = server
        .create(json!({"players": 2, "seats": ["human", "random"]}))
        .await;
    let t = server.join(&other, 0).await;
    let mut ws = server.connect(&other, Some(&t), None).await;
    let mut played = 0;
    while played < 3 {
        let u = ws.until("update").await;
        if let Some(a) = u["legal"].as_array().and_then(|l| l.first()) {
            ws.send(json!({"move": u["move"], "action": a})).await;
            played += 1;
        }
    }
    ws.accepted().await;
    let v = server
        .expect_error("GET", &path(&other, "review"), None, 409, "not_finished")
        .await;
    only_an_error(&v, "not_finished");
    // Cancelled: its record is given out, but it has no end to judge.
    let (status, v) = server
        .request_as("POST", &path(&id, "cancel"), Some(&t0), None)
        .await;
    assert_eq!(
        (status, v["match"]["status"].as_str()),
        (200, Some("cancelled"))
    );
    assert_eq!(
        server.request("GET", &path(&id, "record"), None).await.0,
        200
    );
    let v = server
        .expect_error("GET", &path(&id, "review"), None, 409, "not_finished")
        .await;
    only_an_error(&v, "not_finished");
    // No such match.
    for missing in ["0123456789abcdef", "nope"] {
        server
            .expect_error("GET", &path(missing, "review"), None, 404, "not_found")
            .await;
    }
    server.stop().await;
}
