//! Load: the server in its own process (this executable started again with
//! `--serve`), a load client here, over loopback; every figure beside the
//! limit measured in the same run (BENCHMARKS.md).
//!
//! * Limits: the server's own commits (WAL, `synchronous = FULL`), as its
//!   store's writer times them (`Server::commit_times`): of one action
//!   while one match plays, and of the groups while many do; a fan-out:
//!   every client of a 4-seat match asks for its update at once (`sync`)
//!   and the time until all have it (the server's work and the sockets,
//!   without a commit).
//! * 1 match of four scripted humans (random legal actions; games back to
//!   back for 10 s, quick mode 2 s): the latency
//!   from a submission to the moment every client has the update (p50,
//!   p99), against one commit + one fan-out.
//! * Many concurrent 4-seat matches (64; quick mode 8), each slot starting
//!   a new match when its game ends, for 20 s (quick mode 3 s): moves per
//!   second, p50 and p99, against one commit at a time (1 / commit),
//!   grouped commits (matches / (the run's median transaction + fan-out))
//!   and the CPUs (the server's and this client's CPU time per move).
//! * Idle sockets (1,000; quick mode 100), on a server process of their
//!   own: the growth of its resident set per connected spectator socket.
//!
//! Rows for scripts/bench: `row<TAB>name<TAB>value<TAB>unit<TAB>note`.
//!
//! cargo bench -p metropolys-server --bench load [-- --quick]

use futures_util::{SinkExt, StreamExt};
use metropolys_core::rng::SplitMix64;
use metropolys_server::{Options, Server};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::io::BufRead;
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// What the load client reads of a message (the rest is skipped).
#[derive(Deserialize)]
struct Msg {
    #[serde(rename = "type")]
    kind: String,
    #[serde(rename = "move", default)]
    move_number: Option<u64>,
    #[serde(default)]
    legal: Vec<u16>,
    #[serde(default)]
    status: Option<String>,
}

/// The server process: its address, and its pipes (a line `stats` on its
/// standard input asks for its transactions since the last time, answered
/// as one JSON line; closing it stops the server).
struct ServerProcess {
    child: Child,
    addr: SocketAddr,
    out: std::io::BufReader<std::process::ChildStdout>,
}

impl ServerProcess {
    fn start(db: &std::path::Path) -> ServerProcess {
        let mut child = Command::new(std::env::current_exe().unwrap())
            .arg("--serve")
            .arg(db)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the server process starts");
        let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        let addr = line.trim().parse().expect("the server prints its address");
        ServerProcess { child, addr, out }
    }

    /// The server's transactions since the last call: (operations, ms).
    fn commits(&mut self) -> Vec<(u32, f32)> {
        use std::io::Write;
        let stdin = self.child.stdin.as_mut().unwrap();
        stdin.write_all(b"stats\n").unwrap();
        stdin.flush().unwrap();
        let mut line = String::new();
        self.out.read_line(&mut line).unwrap();
        serde_json::from_str(&line).unwrap()
    }

    fn stop(mut self) {
        drop(self.child.stdin.take());
        let _ = self.child.wait();
    }
}

/// `--serve DB`: the server, until its standard input closes.
fn server_main(db: &str) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let options = Options {
            addr: "127.0.0.1:0".parse().unwrap(),
            database: db.into(),
            max_matches: 1000,
            open_per_address: 1000,
            bot_seconds: 1.0,
            rate: 100_000.0,
            burst: 100_000.0,
            http_rate: 1_000_000.0,
            max_connections: 19_000,
            connections_per_address: 19_000,
            max_sockets: 5_000,
            ..Options::default()
        };
        let server = Server::bind(options).await.unwrap();
        println!("{}", server.local_addr());
        use std::io::Write;
        std::io::stdout().flush().unwrap();
        let times = server.commit_times();
        let stop = tokio::task::spawn_blocking(move || {
            for line in std::io::stdin().lines() {
                let Ok(line) = line else { break };
                if line.trim() == "stats" {
                    println!("{}", serde_json::to_string(&times.take()).unwrap());
                    std::io::stdout().flush().unwrap();
                }
            }
        });
        server
            .run_until(async {
                let _ = stop.await;
            })
            .await
            .unwrap();
    });
}

fn rss_kib(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|v| v.parse().ok())
        })
        .unwrap_or(0)
}

/// CPU seconds (user + system) a process has used, from /proc.
fn cpu_secs(pid: &str) -> f64 {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| {
            let rest = s[s.rfind(')')? + 2..].to_string();
            let f: Vec<&str> = rest.split_whitespace().collect();
            Some((f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?) / 100.0)
        })
        .unwrap_or(0.0)
}

fn median(v: &mut [f64]) -> f64 {
    pct(v, 0.5)
}

fn pct(v: &mut [f64], p: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(f64::total_cmp);
    v[((v.len() as f64 - 1.0) * p).round() as usize]
}

async fn post(http: &reqwest::Client, url: String, body: Value) -> Value {
    http.post(url)
        .header("content-type", "application/json")
        .body(body.to_string())
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

/// A 4-seat all-human match: its id and the four credentials.
async fn four_humans(http: &reqwest::Client, addr: SocketAddr) -> (String, Vec<String>) {
    let base = format!("http://{addr}/api/v1");
    let v = post(
        http,
        format!("{base}/matches"),
        json!({"players": 4, "seats": ["human", "human", "human", "human"]}),
    )
    .await;
    let id = v["match"]["id"].as_str().unwrap().to_string();
    let mut tokens = Vec::new();
    for seat in 0..4 {
        let j = post(
            http,
            format!("{base}/matches/{id}/join"),
            json!({ "seat": seat }),
        )
        .await;
        tokens.push(j["token"].as_str().unwrap().to_string());
    }
    (id, tokens)
}

async fn connect(addr: SocketAddr, id: &str, token: Option<&str>) -> Ws {
    let url = match token {
        Some(t) => format!("ws://{addr}/api/v1/matches/{id}/ws?token={t}"),
        None => format!("ws://{addr}/api/v1/matches/{id}/ws"),
    };
    tokio_tungstenite::connect_async(url).await.expect("ws").0
}

async fn next_msg(ws: &mut Ws) -> Option<Msg> {
    loop {
        match tokio::time::timeout(Duration::from_secs(30), ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return serde_json::from_str(&t).ok(),
            Ok(Some(Ok(_))) => continue,
            _ => return None,
        }
    }
}

/// Per match: when each submission (by move number) was sent, and when
/// each client received each move's update.
#[derive(Default)]
struct Timings {
    sent: HashMap<u64, Instant>,
    received: Vec<HashMap<u64, Instant>>,
}

/// A scripted human: plays a random legal action whenever it is to act,
/// until the game ends or `deadline`. Returns the last move number seen.
async fn human(
    mut ws: Ws,
    index: usize,
    seed: u64,
    timings: Arc<Mutex<Timings>>,
    deadline: Instant,
) -> u64 {
    let mut rng = SplitMix64::new(seed);
    let mut last = 0;
    while Instant::now() < deadline {
        let Some(m) = next_msg(&mut ws).await else {
            break;
        };
        if m.kind != "update" {
            continue;
        }
        let n = m.move_number.unwrap_or(0);
        last = n;
        timings.lock().unwrap().received[index].insert(n, Instant::now());
        if m.status.as_deref() == Some("finished") {
            break;
        }
        if !m.legal.is_empty() {
            let a = m.legal[rng.below(m.legal.len() as u64) as usize];
            timings.lock().unwrap().sent.insert(n, Instant::now());
            if ws
                .send(Message::Text(
                    json!({"move": n, "action": a}).to_string().into(),
                ))
                .await
                .is_err()
            {
                break;
            }
        }
    }
    let _ = ws.close(None).await;
    last
}

/// One game of four scripted humans in a new match, until it ends or
/// `deadline`: (moves, latencies in ms from a submission to the moment all
/// four clients have its update).
async fn one_game(
    http: &reqwest::Client,
    addr: SocketAddr,
    deadline: Instant,
    seed: u64,
) -> (u64, Vec<f64>) {
    let (id, tokens) = four_humans(http, addr).await;
    let mut sockets = Vec::new();
    for t in &tokens {
        sockets.push(connect(addr, &id, Some(t)).await);
    }
    let timings = Arc::new(Mutex::new(Timings {
        received: vec![HashMap::new(); 4],
        ..Timings::default()
    }));
    let mut humans = Vec::new();
    for (i, ws) in sockets.into_iter().enumerate() {
        let seed = seed ^ (i as u64 + 1);
        humans.push(tokio::spawn(human(ws, i, seed, timings.clone(), deadline)));
    }
    let mut moves = 0;
    for (i, h) in humans.into_iter().enumerate() {
        let last = h.await.unwrap();
        if i == 0 {
            moves = last;
        }
    }
    let t = timings.lock().unwrap();
    let mut lat = Vec::new();
    for (&n, &sent) in &t.sent {
        let arrivals: Vec<Instant> = t
            .received
            .iter()
            .filter_map(|r| r.get(&(n + 1)).copied())
            .collect();
        if arrivals.len() == 4 {
            let last = arrivals.into_iter().max().unwrap();
            lat.push(last.duration_since(sent).as_secs_f64() * 1000.0);
        }
    }
    (moves, lat)
}

/// Keeps `matches` 4-seat matches playing at once for `duration`: each
/// slot starts a new match as soon as its game ends (creating and joining
/// it is part of the run), so the load stays at `matches` until the end.
/// Returns (moves, seconds, latencies in ms).
async fn play(
    http: &reqwest::Client,
    addr: SocketAddr,
    matches: usize,
    duration: Duration,
    seed: u64,
) -> (u64, f64, Vec<f64>) {
    let start = Instant::now();
    let deadline = start + duration;
    let mut slots = Vec::new();
    for m in 0..matches {
        let http = http.clone();
        let seed = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ ((m as u64) << 32);
        slots.push(tokio::spawn(async move {
            let (mut moves, mut lat) = (0, Vec::new());
            let mut game = 0u64;
            while Instant::now() < deadline {
                let (n, l) = one_game(&http, addr, deadline, seed ^ (game << 8)).await;
                moves += n;
                lat.extend(l);
                game += 1;
            }
            (moves, lat)
        }));
    }
    let (mut moves, mut lat) = (0, Vec::new());
    for s in slots {
        let (n, l) = s.await.unwrap();
        moves += n;
        lat.extend(l);
    }
    (moves, start.elapsed().as_secs_f64(), lat)
}

/// The fan-out: every client of a 4-seat match asks for its update at once
/// (`sync`); the time until all four have it, in ms (median of `rounds`).
async fn fanout_ms(http: &reqwest::Client, addr: SocketAddr, rounds: usize) -> f64 {
    let (id, tokens) = four_humans(http, addr).await;
    let mut ws = Vec::new();
    for t in &tokens {
        let mut w = connect(addr, &id, Some(t)).await;
        // welcome, update (and presence messages as the others connect)
        while let Ok(Some(_)) =
            tokio::time::timeout(Duration::from_millis(100), next_msg(&mut w)).await
        {}
        ws.push(w);
    }
    let mut times = Vec::new();
    for _ in 0..rounds {
        let t = Instant::now();
        for w in &mut ws {
            w.send(Message::Text(r#"{"op":"sync"}"#.into()))
                .await
                .unwrap();
        }
        for w in &mut ws {
            loop {
                let m = next_msg(w).await.expect("an update");
                if m.kind == "update" {
                    break;
                }
            }
        }
        times.push(t.elapsed().as_secs_f64() * 1000.0);
    }
    median(&mut times)
}

/// Spectator sockets left idle: the server's resident set growth per
/// socket, in KiB.
async fn idle_kib(http: &reqwest::Client, addr: SocketAddr, pid: u32, n: usize) -> f64 {
    let (id, _) = four_humans(http, addr).await;
    // Warm up: the allocator's arenas and the match's first sockets.
    let mut warm = Vec::new();
    for _ in 0..20 {
        let mut w = connect(addr, &id, None).await;
        next_msg(&mut w).await;
        warm.push(w);
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = rss_kib(pid);
    let mut idle = Vec::with_capacity(n);
    for _ in 0..n {
        let mut w = connect(addr, &id, None).await;
        next_msg(&mut w).await; // welcome
        next_msg(&mut w).await; // update
        idle.push(w);
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let after = rss_kib(pid);
    drop(idle);
    drop(warm);
    after.saturating_sub(before) as f64 / n as f64
}

fn row(name: &str, value: f64, unit: &str, note: &str) {
    println!("row\t{name}\t{value:.2}\t{unit}\t{note}");
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--serve") {
        // The server process.
        return server_main(&args[i + 1]);
    }
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(load(args));
}

async fn load(args: Vec<String>) {
    let quick = args.iter().any(|a| a == "--quick");
    // (matches at once, how long one match plays, how long they play,
    // idle sockets, fan-out rounds)
    let (many, alone, together, sockets, rounds) = if quick {
        (8, Duration::from_secs(2), Duration::from_secs(3), 100, 10)
    } else {
        (
            64,
            Duration::from_secs(10),
            Duration::from_secs(20),
            1000,
            50,
        )
    };
    let scratch = tempfile::Builder::new()
        .prefix("mtp-load-")
        .tempdir()
        .unwrap();
    let mut server = ServerProcess::start(&scratch.path().join("load.db"));
    let (addr, pid) = (server.addr, server.child.id());
    let http = reqwest::Client::new();

    // The fan-out, measured before and after the runs (the machine is
    // shared: the lower is used).
    let fan_a = fanout_ms(&http, addr, rounds).await;
    server.commits();

    // One match: the server's own commits during it are the limit's.
    let (moves1, secs1, mut lat1) = play(&http, addr, 1, alone, 1).await;
    let (p50_1, p99_1) = (pct(&mut lat1, 0.5), pct(&mut lat1, 0.99));
    let alone = server.commits();
    let mut single: Vec<f64> = alone
        .iter()
        .filter(|(ops, _)| *ops == 1)
        .map(|(_, ms)| f64::from(*ms))
        .collect();
    let commit1 = median(&mut single);

    // Many matches, with the CPU time the server and this client use.
    let cpu0 = (cpu_secs(&pid.to_string()), cpu_secs("self"));
    let (moves, secs, mut lat) = play(&http, addr, many, together, 2).await;
    let server_cpu = (cpu_secs(&pid.to_string()) - cpu0.0) * 1000.0 / moves.max(1) as f64;
    let client_cpu = (cpu_secs("self") - cpu0.1) * 1000.0 / moves.max(1) as f64;
    let cpus = std::thread::available_parallelism().map_or(1, |n| n.get()) as f64;
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let (p50, p99) = (pct(&mut lat, 0.5), pct(&mut lat, 0.99));
    let rate = moves as f64 / secs;
    let grouped = server.commits();
    let ops: u64 = grouped.iter().map(|(o, _)| u64::from(*o)).sum();
    let mut batch_ms: Vec<f64> = grouped.iter().map(|(_, ms)| f64::from(*ms)).collect();
    let commit_many = median(&mut batch_ms);
    let per_tx = ops as f64 / grouped.len().max(1) as f64;
    let largest = grouped.iter().map(|(o, _)| *o).max().unwrap_or(0);

    let fan_b = fanout_ms(&http, addr, rounds).await;
    let fan = fan_a.min(fan_b);
    // Stop the server (its standard input closes).
    server.stop();

    // Idle sockets, on a server of their own: the one that played has
    // freed memory in its heap, which new sockets would reuse unseen.
    let idle_server = ServerProcess::start(&scratch.path().join("idle.db"));
    let per_socket = idle_kib(&http, idle_server.addr, idle_server.child.id(), sockets).await;
    idle_server.stop();

    let limit1 = commit1 + fan;
    println!(
        "load: limits: the server's commit of one action {commit1:.2} ms (median of {}), fan-out to 4 clients {fan:.2} ms ({fan_a:.2} before, {fan_b:.2} after)",
        single.len()
    );
    println!(
        "load: 1 match: {moves1} moves in {secs1:.1} s, {} submissions timed; {many} matches: {moves} moves in {secs:.1} s, {} timed, {} transactions of {per_tx:.1} operations on average (at most {largest}), median {commit_many:.2} ms",
        lat1.len(),
        lat.len(),
        grouped.len(),
    );
    let note1 = "1 match of 4 scripted humans, server in its own process";
    row("server latency p50, 1 match", p50_1, "ms", note1);
    row("server latency p99, 1 match", p99_1, "ms", note1);
    row(
        "limit: one commit + fan-out",
        limit1,
        "ms",
        "the server's own commits, same run",
    );
    row(
        "server latency p50 / limit, 1 match",
        p50_1 / limit1,
        "x",
        "target <= 2",
    );
    let note = format!("{many} concurrent 4-seat matches");
    row(
        &format!("server moves per second, {many} matches"),
        rate,
        "moves/s",
        &note,
    );
    row(
        &format!("server latency p50, {many} matches"),
        p50,
        "ms",
        &note,
    );
    row(
        &format!("server latency p99, {many} matches"),
        p99,
        "ms",
        &note,
    );
    row(
        "limit: one commit at a time",
        1000.0 / commit1,
        "moves/s",
        "1 / the server's commit of one action",
    );
    row(
        &format!("limit: grouped commits, {many} matches"),
        many as f64 * 1000.0 / (commit_many + fan),
        "moves/s",
        "matches / (the run's median transaction + fan-out)",
    );
    row(
        &format!("limit: latency with grouped commits, {many} matches"),
        1.5 * commit_many + fan,
        "ms",
        "a submission waits for the transaction under way (half of one on average), then its own",
    );
    row("actions per transaction", per_tx, "actions", &note);
    row("server CPU per move", server_cpu, "ms", &note);
    row("load client CPU per move", client_cpu, "ms", &note);
    row(
        &format!("limit: {cpus} CPUs, server and client",),
        cpus * 1000.0 / (server_cpu + client_cpu),
        "moves/s",
        "CPUs / (server + client CPU per move), the machine to ourselves",
    );
    row(
        &format!("limit: latency at the CPUs' rate, {many} matches"),
        many as f64 * (server_cpu + client_cpu) / cpus,
        "ms",
        "each match waits for one move of every match: matches / the row above",
    );
    println!(
        "load: load average before the idle sockets: {}",
        load.trim()
    );
    row(
        "server memory per idle socket",
        per_socket,
        "KiB",
        &format!("{sockets} spectator sockets, server RSS growth"),
    );
    row(
        "connected sockets per GiB",
        1024.0 * 1024.0 / per_socket.max(0.001),
        "sockets",
        "from the row above",
    );

    // Remove the scratch folder.
    drop(scratch);
}
