//! Load: many concurrent matches on one server over loopback, each with two
//! scripted human seats (WebSocket clients playing random legal actions) and
//! a greedy bot. Reports moves per second (every accepted action, bots'
//! included), the latency from a human's submission to the moment every
//! client of the match has the update (p50, p99), and the memory per match
//! (the growth of this process's resident set, server and clients together,
//! divided by the matches: an upper bound for the server alone).
//!
//! Bounded in count and time: `--quick` plays 4 matches, the full run 48;
//! either stops after its time limit. Rows for scripts/bench:
//! `row<TAB>name<TAB>value<TAB>unit<TAB>note`.
//!
//! cargo bench -p metropolys-server --bench load [-- --quick]

use futures_util::{SinkExt, StreamExt};
use metropolys_core::rng::SplitMix64;
use metropolys_server::{Options, Server};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| {
            s.split_whitespace()
                .nth(1)
                .and_then(|p| p.parse::<u64>().ok())
        })
        .map_or(0, |pages| pages * 4)
}

/// Per match: send times of human submissions (by move number) and, per
/// client, when it received the update of each move.
#[derive(Default)]
struct Timings {
    sent: HashMap<u64, Instant>,
    received: Vec<HashMap<u64, Instant>>,
}

async fn human(
    addr: std::net::SocketAddr,
    id: String,
    token: String,
    index: usize,
    timings: Arc<Mutex<Timings>>,
    deadline: Instant,
) -> u64 {
    let url = format!("ws://{addr}/api/v1/matches/{id}/ws?token={token}");
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.expect("ws");
    let mut rng = SplitMix64::new(index as u64 + 1);
    let mut last = 0;
    while Instant::now() < deadline {
        let Ok(Some(Ok(m))) = tokio::time::timeout(Duration::from_secs(30), ws.next()).await else {
            break;
        };
        let Message::Text(t) = m else { continue };
        let v: Value = serde_json::from_str(&t).unwrap();
        if v["type"] != "update" {
            continue;
        }
        let n = v["move"].as_u64().unwrap();
        last = n;
        timings.lock().unwrap().received[index].insert(n, Instant::now());
        if v["status"] == "finished" {
            break;
        }
        let legal = v["legal"].as_array().unwrap();
        if !legal.is_empty() {
            let a = legal[rng.below(legal.len() as u64) as usize].clone();
            timings.lock().unwrap().sent.insert(n, Instant::now());
            ws.send(Message::Text(
                json!({"move": n, "action": a}).to_string().into(),
            ))
            .await
            .unwrap();
        }
    }
    last
}

async fn post(http: &reqwest::Client, url: String, body: Value) -> Value {
    let r = http.post(url).body(body.to_string()).send().await.unwrap();
    r.json().await.unwrap()
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let quick = std::env::args().any(|a| a == "--quick");
    let (matches, limit) = if quick { (4, 60) } else { (48, 240) };
    let scratch = tempfile::Builder::new()
        .prefix("mtp-load-")
        .tempdir()
        .unwrap();
    let dir = scratch.path();
    let options = Options {
        addr: "127.0.0.1:0".parse().unwrap(),
        database: dir.join("load.db"),
        max_matches: matches + 10,
        bot_seconds: 1.0,
        rate: 1000.0,
        burst: 1000.0,
        http_rate: 100_000.0,
        ..Options::default()
    };
    let server = Server::bind(options).await.unwrap();
    let addr = server.local_addr();
    tokio::spawn(server.run_until(std::future::pending()));
    let http = reqwest::Client::new();
    let base = format!("http://{addr}/api/v1");
    let rss0 = rss_kib();
    let mut seats = Vec::new();
    for _ in 0..matches {
        let body = json!({"players": 3, "seats": ["human", "human", "greedy"]});
        let v = post(&http, format!("{base}/matches"), body).await;
        let id = v["match"]["id"].as_str().unwrap().to_string();
        let mut tokens = Vec::new();
        for seat in 0..2 {
            let j = post(
                &http,
                format!("{base}/matches/{id}/join"),
                json!({ "seat": seat }),
            )
            .await;
            tokens.push(j["token"].as_str().unwrap().to_string());
        }
        seats.push((id, tokens));
    }
    let start = Instant::now();
    let deadline = start + Duration::from_secs(limit);
    let mut tasks = Vec::new();
    let mut all = Vec::new();
    for (m, (id, tokens)) in seats.into_iter().enumerate() {
        let timings = Arc::new(Mutex::new(Timings {
            received: vec![HashMap::new(), HashMap::new()],
            ..Timings::default()
        }));
        all.push(timings.clone());
        for (i, t) in tokens.into_iter().enumerate() {
            tasks.push(tokio::spawn(human(
                addr,
                id.clone(),
                t,
                i,
                timings.clone(),
                deadline,
            )));
            let _ = m;
        }
    }
    // The peak resident set while every match is in play.
    let peak = Arc::new(Mutex::new(rss_kib()));
    let sampler = {
        let peak = peak.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_millis(200)).await;
                let r = rss_kib();
                let mut p = peak.lock().unwrap();
                *p = (*p).max(r);
            }
        })
    };
    let mut moves = 0u64;
    for (i, t) in tasks.into_iter().enumerate() {
        let last = t.await.unwrap();
        if i % 2 == 0 {
            moves += last;
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    sampler.abort();
    let mut latencies: Vec<f64> = Vec::new();
    for t in &all {
        let t = t.lock().unwrap();
        for (&n, &sent) in &t.sent {
            let arrivals: Vec<Instant> = t
                .received
                .iter()
                .filter_map(|r| r.get(&(n + 1)).copied())
                .collect();
            if arrivals.len() == t.received.len() {
                let last = arrivals.into_iter().max().unwrap();
                latencies.push(last.duration_since(sent).as_secs_f64() * 1000.0);
            }
        }
    }
    latencies.sort_by(f64::total_cmp);
    let pct = |p: f64| latencies[((latencies.len() as f64 - 1.0) * p).round() as usize];
    let per_match = (*peak.lock().unwrap()).saturating_sub(rss0) as f64 / matches as f64;
    let rate = moves as f64 / elapsed;
    println!(
        "load: {matches} matches (2 scripted humans + a greedy bot each), {moves} moves in {elapsed:.1} s, {} human submissions timed",
        latencies.len()
    );
    let note = format!("{matches} concurrent matches, loopback, SQLite synchronous=FULL");
    println!("row\tserver moves per second\t{rate:.0}\tmoves/s\t{note}");
    println!(
        "row\tserver latency p50 (submission to every client)\t{:.2}\tms\t{note}",
        pct(0.5)
    );
    println!(
        "row\tserver latency p99 (submission to every client)\t{:.2}\tms\t{note}",
        pct(0.99)
    );
    println!("row\tserver memory per match (process RSS growth)\t{per_match:.0}\tKiB\tserver and its clients together");
    // exit skips destructors: remove the scratch database first.
    drop(scratch);
    std::process::exit(0);
}
