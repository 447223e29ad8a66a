//! Whole games over loopback: two human seats (scripted WebSocket clients)
//! and bots, a spectator, every message checked for secrets (R-21), the
//! record downloaded and verified.

mod common;

use common::{options, play_human, temp_db, Running, Ws};
use metropolys_core::{Action, Config, Kind, Record, State, Variant};
use serde_json::{json, Value};

async fn watch(mut ws: Ws) -> Ws {
    loop {
        let v = ws.next_within(60.0).await.expect("updates keep coming");
        if v["type"] == "update" && v["status"] == "finished" {
            return ws;
        }
    }
}

/// The secrets of each seat as JSON text: objective, Metropolys card (as
/// a `Value` writes them, keys sorted, like the messages re-written by
/// `check_messages`).
fn secrets(state: &State) -> Vec<Vec<String>> {
    let text = |x: Value| serde_json::to_string(&x).unwrap();
    (0..state.players())
        .map(|s| {
            let mut v = vec![text(json!(state.objective(s).unwrap()))];
            if let Some(c) = state.metropolys_card(s) {
                v.push(text(json!(c)));
            }
            v
        })
        .collect()
}

/// R-21: no message to `viewer` (a seat, or `None` for a spectator) before
/// the game is over carries another seat's objective or Metropolys card, or
/// the seed; the seat's own secrets are in its views (the check is not
/// vacuous).
fn check_messages(log: &[String], viewer: Option<u8>, state: &State, seed: u64) {
    let secrets = secrets(state);
    let seed_text = seed.to_string();
    let mut own_seen = false;
    let mut updates = 0;
    for text in log {
        let mut v: Value = serde_json::from_str(text).unwrap();
        // The Metropolys deck is public (R-22): views name it, and only
        // who holds which card is secret, so the rest of the message is
        // what must not show another seat's card.
        let deck = v
            .get_mut("view")
            .and_then(Value::as_object_mut)
            .and_then(|view| view.remove("metropolys_deck"));
        if v["type"] == "update" {
            assert_eq!(
                deck.as_ref().and_then(Value::as_array).map(Vec::len),
                state.uses_metropolys_cards().then_some(4),
                "{text}"
            );
        }
        let text = &serde_json::to_string(&v).unwrap();
        if v["status"] == "finished" {
            // R-21: at the end every card is shown, as at the table.
            for s in &secrets {
                for secret in s {
                    assert!(text.contains(secret.as_str()), "the end reveals {secret}");
                }
            }
            continue;
        }
        assert!(
            !text.contains(&seed_text),
            "the seed leaked to {viewer:?}: {text}"
        );
        assert!(
            !text.contains("\"seed\""),
            "a seed field reached {viewer:?}: {text}"
        );
        for (seat, s) in secrets.iter().enumerate() {
            let own = viewer == Some(seat as u8);
            for secret in s {
                if !own {
                    assert!(
                        !text.contains(secret.as_str()),
                        "seat {seat}'s secret {secret} reached {viewer:?}: {text}"
                    );
                }
            }
        }
        if v["type"] == "update" {
            updates += 1;
            let view = &v["view"];
            // Before the start no seat sees even its own cards.
            let started = v["status"] != "open";
            for seat in 0..state.players() as usize {
                let own = started && viewer == Some(seat as u8);
                assert_eq!(
                    !view["objectives"][seat].is_null(),
                    own,
                    "objective {seat} to {viewer:?}"
                );
                if state.uses_metropolys_cards() {
                    assert_eq!(!view["metropolys_cards"][seat].is_null(), own);
                }
                if own {
                    own_seen = true;
                    let mine: Value = serde_json::from_str(&secrets[seat][0]).unwrap();
                    assert_eq!(view["objectives"][seat], mine);
                }
            }
            assert_eq!(view["viewer"], json!(viewer.filter(|_| started)));
        }
    }
    assert!(updates > 10, "{viewer:?} saw {updates} updates");
    assert_eq!(own_seen, viewer.is_some());
}

fn deck() -> Vec<[Kind; 3]> {
    use Kind::*;
    vec![
        [Park, Mall, Housing],
        [Industry, Mall, Administration],
        [Park, Industry, Housing],
        [Administration, Park, Housing],
    ]
}

/// A whole game: humans at `humans`, bots elsewhere, a spectator; every
/// message checked (R-21) against the seed the server drew, which the
/// record reveals at the end; the record verifies and is the game played.
async fn whole_game(players: u8, variant: Variant, with_deck: bool, seats: Vec<&str>) {
    let db = temp_db("game");
    let server = Running::start(options(db.path())).await;
    let mut body = json!({ "players": players, "variant": variant, "seats": seats });
    if with_deck {
        body["metropolys_deck"] = json!(deck());
    }
    let id = server.create(body).await;
    // The lobby shows the match; checked below for the seed and the cards.
    let (status, lobby) = server.request("GET", "/api/v1/matches", None).await;
    assert_eq!(status, 200);
    let (status, _) = server
        .request("GET", &format!("/api/v1/matches/{id}/record"), None)
        .await;
    assert_eq!(status, 409, "no record (and no seed) before the end");
    let spectator = server.connect(&id, None, None).await;
    let mut humans = Vec::new();
    let mut joins = Vec::new();
    for (i, s) in seats.iter().enumerate() {
        if *s == "human" {
            let (status, joined) = server
                .request(
                    "POST",
                    &format!("/api/v1/matches/{id}/join"),
                    Some(json!({ "seat": i })),
                )
                .await;
            assert_eq!(status, 200);
            assert!(joined.get("seed").is_none(), "a drawn seed stays secret");
            let token = joined["token"].as_str().unwrap().to_string();
            joins.push(joined.to_string());
            humans.push((i as u8, server.connect(&id, Some(&token), None).await));
        }
    }
    let tasks: Vec<_> = humans
        .into_iter()
        .map(|(seat, ws)| {
            tokio::spawn(async move { (seat, play_human(ws, seat as u64 + 1).await) })
        })
        .collect();
    let spectator = tokio::spawn(watch(spectator));
    let mut logs = Vec::new();
    for t in tasks {
        let (seat, ws) = t.await.unwrap();
        logs.push((Some(seat), ws.log));
    }
    logs.push((None, spectator.await.unwrap().log));
    // The record: the project's format, verified, the game the clients saw.
    let (status, record) = server
        .request("GET", &format!("/api/v1/matches/{id}/record"), None)
        .await;
    assert_eq!(status, 200);
    let record = Record::from_json(&record.to_string()).unwrap();
    let end = record.verify().expect("the record verifies");
    assert!(end.is_over());
    let seed = record.config.seed;
    let mut config = Config::new(players, variant, seed);
    if with_deck {
        config.metropolys_deck = Some(deck());
    }
    let initial = State::new(&config).unwrap();
    check_messages_text(&lobby.to_string(), &initial, seed);
    for j in &joins {
        check_messages_text(j, &initial, seed);
    }
    for (viewer, log) in &logs {
        check_messages(log, *viewer, &initial, seed);
    }
    let last: Value = serde_json::from_str(logs[0].1.last().unwrap()).unwrap();
    assert_eq!(last["move"].as_u64().unwrap(), record.actions.len() as u64);
    assert_eq!(last["winners"], json!(end.winners()));
    let mut expected = end.view_snapshot(logs[0].0.unwrap()).unwrap();
    expected.metropolys_deck = record.config.metropolys_deck.clone();
    assert_eq!(last["view"], serde_json::to_value(expected).unwrap());
    // Every human seat's events, concatenated, are the game's events.
    let mut expected = initial.opening_events();
    let mut s = initial;
    for ra in &record.actions {
        let (next, ev) = s.apply_for(ra.player, ra.action).unwrap();
        expected.extend(ev);
        s = next;
    }
    for (viewer, log) in &logs {
        let events: Vec<Value> = log
            .iter()
            .map(|t| serde_json::from_str::<Value>(t).unwrap())
            .filter(|v| v["type"] == "update")
            .flat_map(|v| v["events"].as_array().unwrap().clone())
            .collect();
        assert_eq!(
            events,
            serde_json::to_value(&expected)
                .unwrap()
                .as_array()
                .unwrap()
                .clone(),
            "{viewer:?}'s events are the game's"
        );
    }
    server.stop().await;
}

fn check_messages_text(text: &str, state: &State, seed: u64) {
    assert!(!text.contains(&seed.to_string()));
    for s in secrets(state) {
        for secret in s {
            assert!(!text.contains(&secret), "{secret} in {text}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_humans_and_a_beginner_preset_play_a_whole_family_game_r21() {
    whole_game(
        3,
        Variant::Family,
        false,
        vec!["human", "beginner", "human"],
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_humans_and_two_bots_play_an_expert_game_with_metropolys_cards_r21_r22() {
    whole_game(
        4,
        Variant::Expert,
        true,
        vec!["human", r#"ismcts:{"iterations":40}"#, "human", "random"],
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_humans_play_an_expert_game_with_neighborhood_cards_r21() {
    whole_game(2, Variant::Expert, false, vec!["human", "human"]).await;
}

/// Stale, repeated and future submissions: a move is applied once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stale_and_repeated_submissions_are_never_applied_twice() {
    let db = temp_db("stale");
    let server = Running::start(options(db.path())).await;
    let id = server
        .create(json!({"players": 2, "seed": 5, "seats": ["human", "human"]}))
        .await;
    let t0 = server.join(&id, 0).await;
    let t1 = server.join(&id, 1).await;
    let mut a = server.connect(&id, Some(&t0), None).await;
    let mut b = server.connect(&id, Some(&t1), None).await;
    let u = a.update_at(0).await;
    let first = u["legal"][0].clone();
    a.send(json!({"move": 0, "action": first})).await;
    // One message: the update, carrying the acceptance.
    let acc = a.accepted().await;
    assert_eq!(acc["type"], "update");
    assert_eq!(acc["move"], 1);
    assert_eq!(acc["accepted"], json!({"move": 0, "action": first}));
    let ub = b.update_at(1).await;
    // The same submission again: answered, not applied.
    a.send(json!({"move": 0, "action": first})).await;
    let dup = a.accepted().await;
    assert_eq!(dup["type"], "accepted");
    assert_eq!(dup["duplicate"], true);
    // A different action at a past move: stale.
    a.send(json!({"move": 0, "action": 715})).await;
    let e = a.until("error").await;
    assert_eq!(e["code"], "stale_move");
    assert_eq!(e["move"], 1);
    // A move the game has not reached.
    b.send(json!({"move": 7, "action": 715})).await;
    let e = b.until("error").await;
    assert_eq!(e["code"], "future_move");
    // Not this seat's turn (R-8).
    a.send(json!({"move": 1, "action": 715})).await;
    let e = a.until("error").await;
    assert_eq!(
        (e["code"].as_str(), e["rule"].as_str()),
        (Some("illegal_action"), Some("R-8"))
    );
    // An illegal bid names its ruling.
    let legal: Vec<u64> = ub["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_u64().unwrap())
        .collect();
    let illegal = (0..715u64).find(|i| !legal.contains(i)).unwrap();
    b.send(json!({"move": 1, "action": illegal})).await;
    let e = b.until("error").await;
    assert_eq!(e["code"], "illegal_action");
    assert!(e["rule"].as_str().unwrap().starts_with("R-"), "{e}");
    // Unknown action ids (§8).
    for bad in [716i64, -1, i64::MAX] {
        b.send(json!({"move": 1, "action": bad})).await;
        let e = b.until("error").await;
        assert_eq!(
            (e["code"].as_str(), e["rule"].as_str()),
            (Some("illegal_action"), Some("§8")),
            "{bad}"
        );
    }
    // Two submissions at once of the same move: one is applied.
    let pick = legal[0];
    b.send(json!({"move": 1, "action": pick})).await;
    b.send(json!({"move": 1, "action": pick})).await;
    let first = b.accepted().await;
    let second = b.accepted().await;
    assert_eq!(first["accepted"]["move"], 1);
    assert!(first.get("duplicate").is_none());
    assert_eq!(second["duplicate"], true);
    let u = a.update_at(2).await;
    assert_eq!(u["move"], 2);
    server.stop().await;
    let _ = Action::Pass;
}

/// The lobby offers every bot kind, the difficulty presets included.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_offers_the_difficulty_presets() {
    let db = temp_db("presets");
    let server = Running::start(options(db.path())).await;
    let (status, v) = server.request("GET", "/api/v1", None).await;
    assert_eq!(status, 200);
    let bots: Vec<&str> = v["bots"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|b| b.as_str())
        .collect();
    for preset in ["beginner", "casual", "strong", "expert"] {
        assert!(bots.contains(&preset), "{preset} not in {bots:?}");
    }
    server
        .create(json!({"players": 2, "seats": ["human", "expert"]}))
        .await;
    server.stop().await;
}

/// Credentials: missing or wrong ones get 401/403 and name nothing of other
/// matches; bots' and taken seats cannot be joined.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_and_missing_credentials_are_refused() {
    let db = temp_db("cred");
    let server = Running::start(options(db.path())).await;
    let a = server
        .create(json!({"players": 2, "seats": ["human", "greedy"]}))
        .await;
    let b = server
        .create(json!({"players": 2, "seats": ["human", "human"]}))
        .await;
    let ta = server.join(&a, 0).await;
    assert_eq!(ta.len(), 64, "256 bits as hex");
    // The bot's seat, a taken seat, a seat that does not exist.
    server
        .expect_error(
            "POST",
            &format!("/api/v1/matches/{a}/join"),
            Some(json!({"seat": 1})),
            409,
            "bot_seat",
        )
        .await;
    server
        .expect_error(
            "POST",
            &format!("/api/v1/matches/{a}/join"),
            Some(json!({"seat": 0})),
            409,
            "seat_taken",
        )
        .await;
    server
        .expect_error(
            "POST",
            &format!("/api/v1/matches/{a}/join"),
            Some(json!({})),
            409,
            "match_full",
        )
        .await;
    server
        .expect_error(
            "POST",
            &format!("/api/v1/matches/{a}/join"),
            Some(json!({"seat": 3})),
            404,
            "not_found",
        )
        .await;
    // No match has a seat 9: the schema's `Seat` is 0 to 3.
    server
        .expect_error(
            "POST",
            &format!("/api/v1/matches/{a}/join"),
            Some(json!({"seat": 9})),
            400,
            "bad_message",
        )
        .await;
    // A WebSocket with a wrong credential, or another match's: 403, the same
    // answer.
    for (m, token) in [(&a, "00".repeat(32)), (&b, ta.clone()), (&a, "x".into())] {
        let url = format!("ws://{}/api/v1/matches/{m}/ws?token={token}", server.addr);
        match tokio_tungstenite::connect_async(url).await {
            Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
                assert_eq!(r.status().as_u16(), 403);
                let body = String::from_utf8(r.body().clone().unwrap_or_default()).unwrap();
                assert!(body.contains("forbidden"), "{body}");
                assert!(!body.contains(&a) && !body.contains(&b), "{body}");
            }
            other => panic!("{other:?}"),
        }
    }
    // Leave: no credential 401, a wrong one 403, the right one frees the seat.
    server
        .expect_error(
            "POST",
            &format!("/api/v1/matches/{b}/leave"),
            None,
            401,
            "unauthorized",
        )
        .await;
    let r = server
        .http
        .post(server.url(&format!("/api/v1/matches/{b}/leave")))
        .header("authorization", format!("Bearer {ta}"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 403);
    let mut ws = server.connect(&a, Some(&ta), None).await;
    ws.until("update").await;
    let r = server
        .http
        .post(server.url(&format!("/api/v1/matches/{a}/leave")))
        .header("authorization", format!("Bearer {ta}"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(
        ws.closed_within(5.0).await,
        Some(1000),
        "the seat's socket closes"
    );
    // The old credential no longer works; the seat can be joined again.
    let url = format!("ws://{}/api/v1/matches/{a}/ws?token={ta}", server.addr);
    assert!(tokio_tungstenite::connect_async(url).await.is_err());
    let again = server.join(&a, 0).await;
    assert_ne!(again, ta);
    // A spectator cannot act.
    let mut spec = server.connect(&a, None, None).await;
    spec.until("update").await;
    spec.send(json!({"move": 0, "action": 715})).await;
    assert_eq!(spec.until("error").await["code"], "spectator");
    spec.send(json!({"op": "hint"})).await;
    assert_eq!(spec.until("error").await["code"], "spectator");
    server.stop().await;
}

/// A server stopped and started again on the same database restores the
/// match; a client reconnecting with its credential and last move resumes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_restores_matches_and_clients_resume() {
    let db = temp_db("restore");
    let server = Running::start(options(db.path())).await;
    let id = server
        .create(json!({"players": 3, "variant": "expert", "seats": ["human", "greedy", "human"]}))
        .await;
    let t0 = server.join(&id, 0).await;
    let t2 = server.join(&id, 2).await;
    let mut ws = [
        server.connect(&id, Some(&t0), None).await,
        server.connect(&id, Some(&t2), None).await,
    ];
    // Play ten moves of the humans (the bot plays in between).
    let mut played = 0;
    let mut latest: [Option<Value>; 2] = [None, None];
    while played < 10 {
        for i in 0..2 {
            while let Some(v) = ws[i].next_within(0.2).await {
                if v["type"] == "update" {
                    latest[i] = Some(v);
                }
            }
            if let Some(v) = latest[i].take() {
                if let Some(a) = v["legal"].as_array().and_then(|l| l.first()) {
                    ws[i].send(json!({"move": v["move"], "action": a})).await;
                    let ack = ws[i].accepted().await;
                    // The acknowledging update may have this seat to act.
                    latest[i] = Some(ack);
                    played += 1;
                }
            }
        }
    }
    drop(ws);
    let before = server
        .request("GET", &format!("/api/v1/matches/{id}"), None)
        .await
        .1;
    server.stop().await;
    let server = Running::start(options(db.path())).await;
    let after = server
        .request("GET", &format!("/api/v1/matches/{id}"), None)
        .await
        .1;
    assert_eq!(after["match"]["status"], "playing");
    assert!(after["match"]["move"].as_u64() >= before["match"]["move"].as_u64());
    // Resume from move 3: the events since then, and the current view.
    let mut a = server.connect(&id, Some(&t0), Some(3)).await;
    let w = a.until("welcome").await;
    assert_eq!(w["seat"], 0);
    let u = a.until("update").await;
    assert!(u["move"].as_u64().unwrap() >= 10);
    assert!(!u["events"].as_array().unwrap().is_empty());
    assert!(
        u["events"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["type"] != "call_started" || e["call"] != 1),
        "the opening is before move 3"
    );
    // The game goes on and finishes (sync: the update again, to act on).
    a.send(json!({"op": "sync"})).await;
    let b = server.connect(&id, Some(&t2), None).await;
    let h = tokio::spawn(play_human(b, 9));
    let a = play_human(a, 8).await;
    let _ = h.await.unwrap();
    assert!(a.log.last().unwrap().contains("\"finished\""));
    server.stop().await;
}

/// The turn timer: a seat that does not act in time has the greedy bot
/// play for it, and every client is told.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_turn_timer_plays_for_an_absent_seat() {
    let db = temp_db("timer");
    let server = Running::start(options(db.path())).await;
    let id = server
        .create(json!({"players": 2, "seats": ["human", "human"], "turn_seconds": 1}))
        .await;
    let t0 = server.join(&id, 0).await;
    let mut a = server.connect(&id, Some(&t0), None).await;
    let open = a.until("update").await;
    assert_eq!(open["status"], "open");
    assert!(
        open["legal"].as_array().unwrap().is_empty(),
        "nobody acts before every seat is taken"
    );
    let _t1 = server.join(&id, 1).await;
    let u = a.until("update").await;
    assert_eq!(u["status"], "playing");
    assert!(u["deadline_ms"].as_u64().unwrap() <= 1000);
    let u = a.update_at(1).await;
    let t = &u["timed_out"];
    assert_eq!((t["seat"].as_u64(), t["move"].as_u64()), (Some(0), Some(0)));
    assert_eq!(u["events"][0]["player"], 0);
    // Presence: seat 0 is connected, seat 1 is taken but not connected.
    assert_eq!(u["seats"][0]["connected"], true);
    assert_eq!(u["seats"][1]["connected"], false);
    assert_eq!(u["seats"][1]["taken"], true);
    server.stop().await;
}

/// The hint is the greedy bot's choice, a legal action; presence changes
/// are pushed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_and_presence() {
    let db = temp_db("hint");
    let server = Running::start(options(db.path())).await;
    let id = server
        .create(json!({"players": 2, "seed": 9, "seats": ["human", "human"]}))
        .await;
    let t0 = server.join(&id, 0).await;
    let t1 = server.join(&id, 1).await;
    let mut a = server.connect(&id, Some(&t0), None).await;
    let u = a.update_at(0).await;
    a.send(json!({"op": "hint"})).await;
    let h = a.until("hint").await;
    assert!(u["legal"].as_array().unwrap().contains(&h["action"]));
    // The `strong` preset's choice from seat 0's view, seeded by the move;
    // asked again, the same.
    let config = Config::from_json(r#"{"players": 2, "seed": 9}"#).unwrap();
    let state = State::new(&config).unwrap();
    let view = metropolys_bots::InfoSet::with_config(&state, 0, &config).unwrap();
    let strong = metropolys_bots::BotSpec::new(metropolys_bots::BotKind::Strong).build();
    let want = metropolys_bots::Player::new(strong, 0)
        .choose(&view)
        .unwrap();
    // (On this deal the greedy bot would answer otherwise.)
    let greedy = metropolys_bots::BotSpec::new(metropolys_bots::BotKind::Greedy).build();
    let greedy = metropolys_bots::Player::new(greedy, 0)
        .choose(&view)
        .unwrap();
    assert_ne!(greedy, want);
    assert_eq!(
        h,
        json!({"type": "hint", "move": 0, "action": want.id().unwrap()})
    );
    a.send(json!({"op": "hint"})).await;
    assert_eq!(a.until("hint").await, h);
    let mut b = server.connect(&id, Some(&t1), None).await;
    b.update_at(0).await;
    b.send(json!({"op": "hint"})).await;
    let e = b.until("error").await;
    assert_eq!(
        (e["code"].as_str(), e["rule"].as_str()),
        (Some("not_to_act"), Some("R-8"))
    );
    let p = a.until("presence").await;
    assert_eq!(p["seats"][1]["connected"], true);
    drop(b);
    let p = a.until("presence").await;
    assert_eq!(p["seats"][1]["connected"], false);
    a.send(json!({"op": "ping"})).await;
    a.until("pong").await;
    a.send(json!({"op": "sync"})).await;
    let s = a.until("update").await;
    assert_eq!(
        s["events"][0]["type"], "call_started",
        "sync sends every event"
    );
    server.stop().await;
}

/// A seat that missed the end of its game (its socket gone, the match
/// swept out of memory, or the server restarted) still gets the final
/// view on reconnecting, and the match's summary, board and record; the
/// lobby lists it among the finished matches.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_answers_its_final_view_after_it_left_memory_and_a_restart() {
    let db = temp_db("final");
    let mut o = options(db.path());
    o.sweep_interval = std::time::Duration::from_millis(100);
    let server = Running::start(o.clone()).await;
    let id = server
        .create(json!({"players": 2, "seats": ["human", "random"]}))
        .await;
    let t0 = server.join(&id, 0).await;
    let ws = server.connect(&id, Some(&t0), None).await;
    let ws = play_human(ws, 3).await;
    let last: Value = serde_json::from_str(ws.log.last().unwrap()).unwrap();
    drop(ws);
    // Swept out of memory after its last socket closed; then restarted.
    tokio::time::sleep(std::time::Duration::from_millis(600)).await;
    check_final(&server, &id, &t0, &last).await;
    server.stop().await;
    let server = Running::start(o).await;
    check_final(&server, &id, &t0, &last).await;
    server.stop().await;
}

/// The finished match answers: summary, lobby, the seat's socket with the
/// final view, board, record.
async fn check_final(s: &Running, id: &str, t0: &str, last: &Value) {
    let (status, v) = s
        .request("GET", &format!("/api/v1/matches/{id}"), None)
        .await;
    assert_eq!(
        (status, v["match"]["status"].as_str()),
        (200, Some("finished"))
    );
    let (status, list) = s.request("GET", "/api/v1/matches", None).await;
    assert_eq!(status, 200);
    assert_eq!(list["finished"][0]["id"], id, "{list}");
    let mut ws = s.connect(id, Some(t0), None).await;
    assert_eq!(ws.next().await["seat"], 0);
    let u = ws.until("update").await;
    assert_eq!(u["status"], "finished");
    assert_eq!(u["view"], last["view"], "the final view, all cards shown");
    assert_eq!(u["scores"], last["scores"]);
    let r = s
        .http
        .get(s.url(&format!("/api/v1/matches/{id}/board.svg")))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status().as_u16(), 200);
    let (status, _) = s
        .request("GET", &format!("/api/v1/matches/{id}/record"), None)
        .await;
    assert_eq!(status, 200);
}

/// The seed policy: a seed the creator chose is shown to everyone (the
/// summary, and the answer to joining), since with it anyone can compute
/// every seat's cards; a seed the server drew is never shown before the
/// end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chosen_seed_is_shown_to_everyone_who_joins() {
    let db = temp_db("seed");
    let server = Running::start(options(db.path())).await;
    let id = server
        .create(json!({"players": 2, "seed": 42, "seats": ["human", "human"]}))
        .await;
    let (_, v) = server
        .request("GET", &format!("/api/v1/matches/{id}"), None)
        .await;
    assert_eq!(v["match"]["seed"], 42);
    let (status, j) = server
        .request(
            "POST",
            &format!("/api/v1/matches/{id}/join"),
            Some(json!({})),
        )
        .await;
    assert_eq!((status, &j["seed"]), (200, &json!(42)));
    let other = server
        .create(json!({"players": 2, "seats": ["human", "human"]}))
        .await;
    let (_, v) = server
        .request("GET", &format!("/api/v1/matches/{other}"), None)
        .await;
    assert!(v["match"].get("seed").is_none());
    server.stop().await;
}
