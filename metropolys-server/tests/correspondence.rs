//! Correspondence play over loopback: a match with two days per move, two
//! accounts, a notice relay (a local HTTP sink standing for the operator's
//! e-mail or push bridge). The player to act who is away gets a notice
//! with the turn's deadline; the clock runs while nobody is connected and
//! across a restart (what was left of the turn, not a fresh one); a
//! started correspondence match does not count against its players'
//! `--open-per-address`.

mod common;

use axum::routing::post;
use axum::Json;
use common::{options, sign_up, temp_db, validate, Running};
use serde_json::{json, Value};
use std::time::Duration;
use tokio::sync::mpsc;

const TWO_DAYS: i64 = 172_800;

/// The sink: every JSON body posted to `/hook` (the first `failures`
/// answered 503).
async fn sink(failures: usize) -> (String, mpsc::UnboundedReceiver<Value>) {
    let (tx, rx) = mpsc::unbounded_channel();
    let left = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(failures));
    let app = axum::Router::new().route(
        "/hook",
        post(move |Json(v): Json<Value>| {
            let tx = tx.clone();
            let left = left.clone();
            async move {
                use std::sync::atomic::Ordering;
                if left
                    .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
                    .is_ok()
                {
                    return axum::http::StatusCode::SERVICE_UNAVAILABLE;
                }
                let _ = tx.send(v);
                axum::http::StatusCode::NO_CONTENT
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (format!("http://{addr}/hook"), rx)
}

async fn next_notice(rx: &mut mpsc::UnboundedReceiver<Value>) -> Value {
    let v = tokio::time::timeout(Duration::from_secs(20), rx.recv())
        .await
        .expect("a notice comes")
        .unwrap();
    validate("Notice", &v);
    v
}

async fn bind(server: &Running, account: &str, id: &str, seat_token: &str) {
    let (s, v) = common::bind(server, account, id, seat_token).await;
    assert_eq!(s, 200, "{v}");
}

/// `PUT /api/v1/account/notices` with `body`: (status, answer).
async fn set_notices(server: &Running, account: Option<&str>, body: Value) -> (u16, Value) {
    server
        .request_as("PUT", "/api/v1/account/notices", account, Some(body))
        .await
}

/// The seat's time left, as its update says (ms).
async fn deadline_ms(server: &Running, id: &str, token: &str) -> i64 {
    let mut ws = server.connect(id, Some(token), None).await;
    let v = ws.until("update").await;
    v["deadline_ms"]
        .as_i64()
        .unwrap_or_else(|| panic!("a correspondence turn has a deadline: {v}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_away_player_is_told_and_the_clock_runs_across_a_restart() {
    let db = temp_db("correspondence");
    // The relay fails once: the notice is tried again.
    let (hook, mut notices) = sink(1).await;
    let mut o = options(db.path());
    o.notify_url = Some(hook.clone());
    o.open_per_address = 1;
    o.open_timeout = Duration::from_secs(1);
    let server = Running::start(o.clone()).await;

    let ann = sign_up(&server, "Ann").await;
    let ben = sign_up(&server, "Ben").await;
    // Where Ben's notices go; what is no contact is refused.
    let (s, v) = set_notices(&server, Some(&ben), json!({"contact": " ben@example.org "})).await;
    assert_eq!(
        (s, &v),
        (200, &json!({"contact": "ben@example.org", "enabled": true}))
    );
    for bad in [
        json!({"contact": ""}),
        json!({"contact": "a\u{7}b"}),
        json!({"contact": "x".repeat(255)}),
        json!({"mail": "x"}),
    ] {
        let (s, v) = set_notices(&server, Some(&ben), bad.clone()).await;
        assert_eq!(s, 400, "{bad}: {v}");
    }
    let (s, _) = set_notices(&server, None, json!({"contact": null})).await;
    assert_eq!(s, 401, "an account's token is needed");
    let (s, v) = server
        .request_as("GET", "/api/v1/account", Some(&ben), None)
        .await;
    assert_eq!(
        (s, &v["contact"], &v["notices"]),
        (200, &json!("ben@example.org"), &json!(true))
    );

    // A turn longer than 14 days is refused.
    server
        .expect_error(
            "POST",
            "/api/v1/matches",
            Some(json!({"players": 2, "seats": ["human", "human"], "turn_seconds": 1_209_601})),
            400,
            "bad_message",
        )
        .await;
    let id = server
        .create(json!({"players": 2, "seats": ["human", "human"], "turn_seconds": TWO_DAYS}))
        .await;
    let t0 = server.join(&id, 0).await;
    let t1 = server.join(&id, 1).await;
    bind(&server, &ann, &id, &t0).await;
    bind(&server, &ben, &id, &t1).await;
    // Started, and waiting for Ann, who is away but gave no contact.
    let mut a = server.connect(&id, Some(&t0), None).await;
    let v = a.until("update").await;
    assert!(v["deadline_ms"].as_i64().unwrap() > (TWO_DAYS - 60) * 1000);
    let legal = v["legal"].as_array().unwrap();
    a.send(json!({"move": 0, "action": legal[0]})).await;
    a.accepted().await;
    drop(a);

    // Ben is away: his notice, after the relay's one failure.
    let n = next_notice(&mut notices).await;
    let now = metropolys_now();
    assert_eq!(n["event"], "your_turn");
    assert_eq!(n["account"], "Ben");
    assert_eq!(n["contact"], "ben@example.org");
    assert_eq!(n["match"], id.as_str());
    assert_eq!((n["seat"].as_u64(), n["move"].as_u64()), (Some(1), Some(1)));
    assert_eq!(n["path"], format!("/#/match/{id}"));
    let deadline = n["deadline"].as_i64().unwrap();
    assert!(
        (now + TWO_DAYS - 30..=now + TWO_DAYS).contains(&deadline),
        "{n}"
    );
    // Nobody is connected, and the clock runs (a real-time timer would
    // show no deadline to a player coming back after everyone left).
    let left = deadline_ms(&server, &id, &t1).await;
    assert!(
        left > (TWO_DAYS - 60) * 1000 && left <= TWO_DAYS * 1000,
        "{left}"
    );
    // Started and idle for longer than --open-seconds, it does not take
    // the creator's one waiting match: another create succeeds.
    tokio::time::sleep(Duration::from_millis(2_100)).await;
    server
        .create(json!({"players": 2, "seats": ["human", "human"]}))
        .await;
    server.stop().await;

    // A day passes while the server is down.
    {
        let c = rusqlite::Connection::open(db.path()).unwrap();
        let n = c
            .execute(
                "UPDATE matches SET active = active - 86400 WHERE id = ?1",
                [&id],
            )
            .unwrap();
        assert_eq!(n, 1);
    }
    let server = Running::start(o).await;
    let left = deadline_ms(&server, &id, &t1).await;
    assert!(
        left > (TWO_DAYS - 86_400 - 60) * 1000 && left <= (TWO_DAYS - 86_400) * 1000,
        "a day of the turn is gone: {left} ms left"
    );
    // The turn's notice may come again after a restart (at least once),
    // and never for the player who is here.
    while let Ok(Some(v)) = tokio::time::timeout(Duration::from_millis(500), notices.recv()).await {
        assert_eq!(
            (v["account"].as_str(), v["move"].as_u64()),
            (Some("Ben"), Some(1))
        );
    }
    // Ben plays; Ann, with no contact, gets no notice.
    let mut b = server.connect(&id, Some(&ben), None).await;
    let v = b.until("update").await;
    let legal = v["legal"].as_array().unwrap();
    b.send(json!({"move": 1, "action": legal[0]})).await;
    b.accepted().await;
    // (A notice of Ben's turn from the restart may still arrive, late.)
    while let Ok(Some(v)) = tokio::time::timeout(Duration::from_secs(1), notices.recv()).await {
        assert_eq!(v["account"], "Ben", "Ann gave no contact: {v}");
        assert_eq!(v["move"], 1, "{v}");
    }
    server.stop().await;
}

/// A server without `--notify-url` says so, and keeps contacts all the same.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_without_a_relay_sends_no_notices() {
    let db = temp_db("no-relay");
    let server = Running::start(options(db.path())).await;
    let ann = sign_up(&server, "Ann").await;
    let (s, v) = set_notices(&server, Some(&ann), json!({"contact": "ann@example.org"})).await;
    assert_eq!((s, &v["enabled"]), (200, &json!(false)), "{v}");
    server.stop().await;
}

fn metropolys_now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

/// Options out of range are refused at start, named by their field (and,
/// for `metropolys serve`, by their flag): a relay the server could not
/// post to among them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_options_are_refused_by_name() {
    let db = temp_db("bad-options");
    let bad = |f: &dyn Fn(&mut metropolys_server::Options)| {
        let mut o = options(db.path());
        f(&mut o);
        o
    };
    let cases: Vec<(metropolys_server::Options, &str, &str)> = vec![
        (
            bad(&|o| o.notify_url = Some("https://relay.example/".into())),
            "notify_url",
            "--notify-url",
        ),
        (
            bad(&|o| o.notify_url = Some("not a url".into())),
            "notify_url",
            "--notify-url",
        ),
        (
            bad(&|o| o.bot_seconds = 0.0),
            "bot_seconds",
            "--bot-seconds",
        ),
        (bad(&|o| o.burst = 0.5), "burst", "--burst"),
        (
            bad(&|o| o.origins = vec!["nowhere".into()]),
            "origins",
            "--origin",
        ),
    ];
    for (o, field, flag) in cases {
        let e = match metropolys_server::Server::bind(o).await {
            Err(e) => e,
            Ok(_) => panic!("{field}: accepted"),
        };
        assert!(
            matches!(&e, metropolys_server::ServerError::BadOption { option, .. } if *option == field),
            "{field}: {e}"
        );
        assert_eq!(e.flag().as_deref(), Some(flag));
        assert!(
            e.to_string().starts_with(&format!("option {field}: ")),
            "{e}"
        );
    }
}
