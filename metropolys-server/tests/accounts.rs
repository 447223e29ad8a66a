//! Accounts over loopback: a player signs up on one device, ties the seats
//! they take, signs in on a second device, finds "my games" there and
//! plays on with the account's token; a finished match with every human
//! seat tied is rated as Weng–Lin says (accounts and the bot alike),
//! once, across a restart. And the refusals a hostile client meets.

mod common;

use common::{bind, options, play_human, sign_up, temp_db, Running};
use metropolys_core::{sheet::placings, Record};
use serde_json::{json, Value};
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;
use std::time::Duration;

async fn sign_in(server: &Running, name: &str, password: &str) -> String {
    let (s, v) = server
        .request(
            "POST",
            "/api/v1/sessions",
            Some(json!({"name": name, "password": password})),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    v["token"].as_str().unwrap().to_string()
}

async fn me(server: &Running, account: &str) -> Value {
    let (s, v) = server
        .request_as("GET", "/api/v1/account", Some(account), None)
        .await;
    assert_eq!(s, 200, "{v}");
    v
}

async fn board(server: &Running, query: &str) -> Value {
    let (s, v) = server
        .request("GET", &format!("/api/v1/leaderboard{query}"), None)
        .await;
    assert_eq!(s, 200, "{v}");
    v
}

/// Two devices, "my games", a rated 3-player match (two accounts and a
/// bot) and its ratings as Weng–Lin computes them, unchanged by a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_match_played_from_a_second_device() {
    let db = temp_db("accounts");
    let server = Running::start(options(db.path())).await;
    let alice = sign_up(&server, "Alice").await;
    let bob = sign_up(&server, "Bob").await;
    let id = server
        .create(json!({"players": 3, "variant": "expert", "seats": ["human", "human", "greedy"]}))
        .await;
    let t0 = server.join(&id, 0).await;
    let t1 = server.join(&id, 1).await;
    let (s, v) = bind(&server, &alice, &id, &t0).await;
    assert_eq!((s, &v["seat"]), (200, &json!(0)), "{v}");
    // Tying again is harmless; another account cannot take the seat.
    assert_eq!(bind(&server, &alice, &id, &t0).await.0, 200);
    let (s, v) = bind(&server, &bob, &id, &t0).await;
    assert_eq!((s, v["error"]["code"].as_str()), (409, Some("seat_taken")));
    assert_eq!(bind(&server, &bob, &id, &t1).await.0, 200);

    // The second device: signed in, it finds the game and its seat.
    // Any case of the name signs in.
    let phone = sign_in(&server, "alice", "Alice secret").await;
    assert_ne!(phone, alice, "a token per device");
    let mine = me(&server, &phone).await;
    assert_eq!(mine["name"], "Alice");
    assert_eq!(mine["ratings"], json!([]));
    let games = mine["games"].as_array().unwrap();
    assert_eq!(games.len(), 1, "{mine}");
    assert_eq!(
        (&games[0]["summary"]["id"], &games[0]["seat"]),
        (&json!(id), &json!(0))
    );
    // The account's token opens the seat: its cards, and its moves.
    let a = server.connect(&id, Some(&phone), None).await;
    let b = server.connect(&id, Some(&t1), None).await;
    let (a, _b) = tokio::join!(play_human(a, 11), play_human(b, 12));
    let last: Value = a
        .log
        .iter()
        .rev()
        .map(|l| serde_json::from_str::<Value>(l).unwrap())
        .find(|v| v["type"] == "update")
        .unwrap();
    assert_eq!(last["status"], "finished");
    assert_eq!(last["view"]["viewer"], 0, "the account played seat 0");

    // The ratings: Weng-Lin's multi-team update of three fresh players
    // at the places of R-20.
    let (_, record) = server
        .request("GET", &format!("/api/v1/matches/{id}/record"), None)
        .await;
    let end = Record::from_json(&record.to_string())
        .unwrap()
        .verify()
        .unwrap();
    let places = placings(&end.scores());
    let fresh = [[WengLinRating::new()]; 3];
    let teams: Vec<(&[WengLinRating], MultiTeamOutcome)> = fresh
        .iter()
        .zip(&places)
        .map(|(t, &p)| (&t[..], MultiTeamOutcome::new(p as usize)))
        .collect();
    let expected = weng_lin_multi_team(&teams, &WengLinConfig::new());
    let mut rated = Value::Null;
    for _ in 0..100 {
        rated = me(&server, &alice).await;
        if rated["ratings"].as_array().is_some_and(|r| !r.is_empty()) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let r = &rated["ratings"][0];
    assert_eq!(
        (&r["variant"], &r["players"], &r["games"]),
        (&json!("expert"), &json!(3), &json!(1))
    );
    assert!(
        (r["rating"].as_f64().unwrap() - expected[0][0].rating).abs() < 1e-9,
        "{r}"
    );
    let lb = board(&server, "?variant=expert&players=3").await;
    let entries = lb["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 3, "{lb}");
    for (name, bot, seat) in [("Alice", false, 0), ("Bob", false, 1), ("greedy", true, 2)] {
        let e = entries.iter().find(|e| e["name"] == name).unwrap();
        assert_eq!((&e["bot"], &e["games"]), (&json!(bot), &json!(1)));
        let want = expected[seat][0];
        assert!((e["rating"].as_f64().unwrap() - want.rating).abs() < 1e-9);
        assert!((e["uncertainty"].as_f64().unwrap() - want.uncertainty).abs() < 1e-9);
    }
    let scores: Vec<f64> = entries
        .iter()
        .map(|e| e["score"].as_f64().unwrap())
        .collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]), "best first: {lb}");
    assert_eq!(entries[0]["rank"], 1);
    // Another kind of game has its own board.
    assert_eq!(
        board(&server, "?variant=family&players=3").await["entries"],
        json!([])
    );
    // Finished games stay in "my games".
    let games = me(&server, &phone).await["games"].clone();
    assert_eq!(games[0]["summary"]["status"], "finished");
    assert_eq!(games[0]["to_act"], false);

    // A restart rates nothing twice.
    server.stop().await;
    let server = Running::start(options(db.path())).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let again = board(&server, "?variant=expert&players=3").await;
    assert_eq!(again["entries"], lb["entries"]);
    // Signing out ends that device's token only.
    let (s, _) = server
        .request_as("DELETE", "/api/v1/sessions", Some(&phone), None)
        .await;
    assert_eq!(s, 204);
    let (s, v) = server
        .request_as("GET", "/api/v1/account", Some(&phone), None)
        .await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (401, Some("unauthorized"))
    );
    assert_eq!(me(&server, &alice).await["name"], "Alice");
    server.stop().await;
}

/// A match with a human seat no account holds is not rated; the seat's
/// own account still lists it. A seat given up leaves "my games".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn untied_seats_leave_a_match_unrated() {
    let db = temp_db("unrated");
    let server = Running::start(options(db.path())).await;
    let carol = sign_up(&server, "Carol").await;
    let id = server
        .create(json!({"players": 2, "seats": ["human", "human"]}))
        .await;
    let t0 = server.join(&id, 0).await;
    let t1 = server.join(&id, 1).await;
    assert_eq!(bind(&server, &carol, &id, &t0).await.0, 200);
    // The account's token answers for its seat over HTTP too.
    let a = server.connect(&id, Some(&carol), None).await;
    let b = server.connect(&id, Some(&t1), None).await;
    tokio::join!(play_human(a, 1), play_human(b, 2));
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mine = me(&server, &carol).await;
    assert_eq!(mine["ratings"], json!([]), "{mine}");
    assert_eq!(mine["games"].as_array().unwrap().len(), 1);
    let variant = mine["games"][0]["summary"]["variant"]
        .as_str()
        .unwrap()
        .to_string();
    let lb = board(&server, &format!("?variant={variant}&players=2")).await;
    assert_eq!(lb["entries"], json!([]));

    // An open match: the seat given up with the account's token is gone
    // from its games.
    let open = server
        .create(json!({"players": 2, "seats": ["human", "human"]}))
        .await;
    let t = server.join(&open, 1).await;
    assert_eq!(bind(&server, &carol, &open, &t).await.0, 200);
    let games = me(&server, &carol).await["games"].clone();
    assert_eq!(games[0]["summary"]["id"], json!(open));
    let (s, v) = server
        .request_as(
            "POST",
            &format!("/api/v1/matches/{open}/leave"),
            Some(&carol),
            None,
        )
        .await;
    assert_eq!((s, &v["seat"]), (200, &json!(1)), "{v}");
    let games = me(&server, &carol).await["games"].clone();
    assert_eq!(games.as_array().unwrap().len(), 1, "{games}");
    server.stop().await;
}

/// What a hostile client meets: names that read as others, short
/// passwords, a taken name in another case, a wrong password told apart
/// from no account by nothing, tokens of the wrong kind, arrays for
/// objects, a second seat of one match, and a flood of sign-ins.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_refuse_what_no_player_needs() {
    let db = temp_db("account-refusals");
    let server = Running::start(options(db.path())).await;
    let dave = sign_up(&server, "Dave").await;
    for (body, code) in [
        (
            json!({"name": "Blue", "password": "long enough"}),
            "bad_message",
        ),
        (
            json!({"name": "Da\u{200b}ve", "password": "long enough"}),
            "bad_message",
        ),
        (
            json!({"name": "DAVE", "password": "long enough"}),
            "bad_message",
        ),
        (
            json!({"name": "Ｄａｖｅ", "password": "long enough"}),
            "bad_message",
        ),
        // A Cyrillic "а" reads as a Latin "a" (UTS #39's skeleton).
        (
            json!({"name": "D\u{430}ve", "password": "long enough"}),
            "bad_message",
        ),
        (json!({"name": "Erin", "password": "short"}), "bad_message"),
        (
            json!({"name": "", "password": "long enough"}),
            "bad_message",
        ),
        (
            json!({"name": "Erin", "password": "long enough", "admin": true}),
            "bad_message",
        ),
        (json!(["Erin", "long enough"]), "bad_message"),
    ] {
        let (s, v) = server
            .request("POST", "/api/v1/accounts", Some(body.clone()))
            .await;
        assert_eq!(
            (s, v["error"]["code"].as_str()),
            (400, Some(code)),
            "{body}: {v}"
        );
    }
    let wrong = server
        .request(
            "POST",
            "/api/v1/sessions",
            Some(json!({"name": "Dave", "password": "not his one"})),
        )
        .await;
    let nobody = server
        .request(
            "POST",
            "/api/v1/sessions",
            Some(json!({"name": "Nobody", "password": "not his one"})),
        )
        .await;
    assert_eq!(wrong.0, 403);
    assert_eq!(wrong, nobody, "a wrong password reads as an unknown name");

    // The account's routes take an account's token only.
    let id = server
        .create(json!({"players": 2, "seats": ["human", "human"]}))
        .await;
    let t0 = server.join(&id, 0).await;
    let t1 = server.join(&id, 1).await;
    for token in [None, Some(t0.as_str()), Some("acct_0000")] {
        let (s, v) = server
            .request_as("GET", "/api/v1/account", token, None)
            .await;
        assert_eq!(
            (s, v["error"]["code"].as_str()),
            (401, Some("unauthorized")),
            "{v}"
        );
    }
    let (s, v) = bind(&server, &dave, &id, &dave).await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (400, Some("bad_message")),
        "{v}"
    );
    let (s, v) = bind(&server, &dave, &id, &"0".repeat(64)).await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (403, Some("forbidden")),
        "{v}"
    );
    let (s, v) = server
        .request_as(
            "POST",
            "/api/v1/account/seats",
            Some(&dave),
            Some(json!([id, t0])),
        )
        .await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (400, Some("bad_message")),
        "{v}"
    );
    // One seat per match and account.
    assert_eq!(bind(&server, &dave, &id, &t0).await.0, 200);
    let (s, v) = bind(&server, &dave, &id, &t1).await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (403, Some("forbidden")),
        "{v}"
    );
    // An account's token opens no seat of a match it holds none of.
    let other = server
        .create(json!({"players": 2, "seats": ["human", "human"]}))
        .await;
    let (s, v) = server
        .request_as(
            "POST",
            &format!("/api/v1/matches/{other}/leave"),
            Some(&dave),
            None,
        )
        .await;
    assert_eq!(
        (s, v["error"]["code"].as_str()),
        (403, Some("forbidden")),
        "{v}"
    );
    // The leaderboard's query is checked.
    for q in ["?players=5", "?variant=chess", "?order=name"] {
        let (s, v) = server
            .request("GET", &format!("/api/v1/leaderboard{q}"), None)
            .await;
        assert_eq!(
            (s, v["error"]["code"].as_str()),
            (400, Some("bad_message")),
            "{q}: {v}"
        );
    }
    // Sign-ins cost a password hash each: a flood from one address is
    // cut off (10 at once, then one every 5 seconds).
    let mut limited = 0;
    for _ in 0..12 {
        let (s, _) = server
            .request(
                "POST",
                "/api/v1/sessions",
                Some(json!({"name": "Dave", "password": "Dave secret"})),
            )
            .await;
        limited += usize::from(s == 429);
    }
    assert!(limited >= 2, "{limited} of 12 refused");
    server.stop().await;
}
