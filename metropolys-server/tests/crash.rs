//! Crash safety: the real `metropolys serve` process is killed with SIGKILL
//! at several points of a game (before the first move, mid-call, while a
//! bot plays, and between the commit of an action and its push to the
//! clients), restarted on the same database, and every acknowledged move
//! must be there; the game then finishes and its record verifies with
//! `metropolys verify`.
//!
//! Needs `METROPOLYS_BIN`, the `metropolys` binary (scripts/test-server
//! builds it and sets it); ignored by a plain `cargo test`.

mod common;

use common::{temp_db, Running, Ws};
use metropolys_core::Record;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;

struct Proc {
    child: Child,
    addr: SocketAddr,
    /// Lines the server writes to standard error.
    stderr: mpsc::Receiver<String>,
}

fn start(db: &Path, pause_after: Option<u64>) -> Proc {
    let bin = std::env::var("METROPOLYS_BIN").expect("METROPOLYS_BIN: the metropolys binary");
    let mut cmd = Command::new(bin);
    cmd.args(["serve", "--addr", "127.0.0.1:0", "--database"])
        .arg(db)
        .args([
            "--bot-seconds",
            "0.2",
            "--rate",
            "1000",
            "--burst",
            "1000",
            "--http-rate",
            "10000",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    match pause_after {
        Some(n) => cmd.env("METROPOLYS_SERVER_PAUSE_AFTER_COMMIT", n.to_string()),
        None => cmd.env_remove("METROPOLYS_SERVER_PAUSE_AFTER_COMMIT"),
    };
    let mut child = cmd.spawn().expect("metropolys serve starts");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .parse()
        .unwrap();
    let err = child.stderr.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for l in BufReader::new(err).lines().map_while(Result::ok) {
            let _ = tx.send(l);
        }
    });
    Proc {
        child,
        addr,
        stderr: rx,
    }
}

impl Proc {
    /// SIGKILL, and wait for the process to be gone.
    fn kill9(mut self) {
        self.child.kill().unwrap();
        let status = self.child.wait().unwrap();
        use std::os::unix::process::ExitStatusExt;
        assert_eq!(status.signal(), Some(9), "killed by SIGKILL");
    }
}

/// The two human seats' sockets and what they were told.
struct Table {
    ws: Vec<(u8, Ws)>,
    /// move number -> (seat, action id), acknowledged by `accepted`.
    acked: BTreeMap<u64, (u8, i64)>,
    /// Submissions sent and not (yet) acknowledged.
    sent: BTreeMap<u64, (u8, i64)>,
    /// Per seat, the update that acknowledged its last move (read while
    /// waiting for the acknowledgement, still to act on).
    held: BTreeMap<u8, Value>,
    finished: bool,
}

impl Table {
    async fn connect(server: &Running, id: &str, tokens: &[(u8, String)]) -> Vec<(u8, Ws)> {
        let mut v = Vec::new();
        for (seat, t) in tokens {
            v.push((*seat, server.connect(id, Some(t), None).await));
        }
        v
    }

    /// Plays until `k` more human moves are acknowledged (or the game
    /// ends); with `stop_after_send`, returns right after sending the k-th.
    async fn play(&mut self, k: usize, stop_after_send: bool) {
        let mut done = 0;
        while done < k && !self.finished {
            for (seat, ws) in self.ws.iter_mut() {
                let mut latest = self.held.remove(seat);
                while let Some(v) = ws.next_within(0.15).await {
                    // An acknowledgement: the mover's update's `accepted`, or
                    // an `accepted` message for a repeat.
                    let ack = match v["type"].as_str() {
                        Some("accepted") => Some(&v),
                        Some("update") => v.get("accepted"),
                        _ => None,
                    };
                    if let Some(a) = ack {
                        let n = a["move"].as_u64().unwrap();
                        self.acked.insert(n, (*seat, a["action"].as_i64().unwrap()));
                        self.sent.remove(&n);
                    }
                    if v["type"] == "update" {
                        if v["status"] == "finished" {
                            self.finished = true;
                        }
                        latest = Some(v);
                    }
                }
                let Some(v) = latest else { continue };
                let legal = v["legal"].as_array().unwrap();
                if legal.is_empty() {
                    continue;
                }
                let n = v["move"].as_u64().unwrap();
                let a = legal[(n as usize * 7) % legal.len()].as_i64().unwrap();
                ws.send(json!({"move": n, "action": a})).await;
                self.sent.insert(n, (*seat, a));
                if stop_after_send && done + 1 == k {
                    return;
                }
                // Wait for the acknowledgement.
                loop {
                    let r = ws.next().await;
                    if r["type"] == "update" && r["status"] == "finished" {
                        self.finished = true;
                    }
                    if r["type"] == "accepted" || r.get("accepted").is_some() {
                        self.acked.insert(n, (*seat, a));
                        self.sent.remove(&n);
                        if r["type"] == "update" {
                            self.held.insert(*seat, r);
                        }
                        break;
                    }
                }
                done += 1;
            }
        }
    }

    /// The move number the server reports to the first seat.
    async fn server_move(&mut self) -> u64 {
        let ws = &mut self.ws[0].1;
        ws.send(json!({"op": "sync"})).await;
        ws.until("update").await["move"].as_u64().unwrap()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs METROPOLYS_BIN (scripts/test-server)"]
async fn sigkill_at_any_point_loses_no_acknowledged_move() {
    let db = temp_db("crash");
    // 1. Create and join, then kill before any move.
    let p = start(&db, None);
    let server = Running::external(p.addr);
    let id = server
        .create(json!({"players": 3, "variant": "expert", "seats": ["human", "greedy", "human"]}))
        .await;
    let tokens = vec![
        (0u8, server.join(&id, 0).await),
        (2u8, server.join(&id, 2).await),
    ];
    p.kill9();

    // 2. Restored with its credentials: play five human moves, kill.
    let p = start(&db, None);
    let server = Running::external(p.addr);
    let mut table = Table {
        ws: Table::connect(&server, &id, &tokens).await,
        acked: BTreeMap::new(),
        sent: BTreeMap::new(),
        held: BTreeMap::new(),
        finished: false,
    };
    table.play(5, false).await;
    assert!(table.acked.len() >= 5);
    p.kill9();

    // 3. Kill between the commit of move 14 and its push: the server stops
    //    there (test hook) and is killed; the move must survive.
    let p = start(&db, Some(14));
    let server = Running::external(p.addr);
    table.ws = Table::connect(&server, &id, &tokens).await;
    table.held.clear();
    let before = table.server_move().await;
    assert!(
        before > *table.acked.keys().last().unwrap(),
        "every acknowledged move is there"
    );
    assert!(before < 14, "the pause point is ahead ({before})");
    let paused = loop {
        table.play(1, true).await;
        if let Ok(l) = p.stderr.recv_timeout(std::time::Duration::from_millis(300)) {
            if l.contains("paused after committing move 14") {
                break l;
            }
        }
    };
    assert!(paused.contains("14"));
    p.kill9();

    // 4. Restarted: move 14 is there though nobody heard of it; kill again
    //    mid-game right after an acknowledgement (a bot may be thinking).
    let p = start(&db, None);
    let server = Running::external(p.addr);
    table.ws = Table::connect(&server, &id, &tokens).await;
    table.held.clear();
    let now = table.server_move().await;
    assert!(now >= 14, "the committed move 14 survived ({now})");
    table.sent.retain(|&n, _| n >= now);
    table.play(6, false).await;
    p.kill9();

    // 5. Restarted once more: the game finishes.
    let p = start(&db, None);
    let server = Running::external(p.addr);
    table.ws = Table::connect(&server, &id, &tokens).await;
    table.held.clear();
    assert!(table.server_move().await > *table.acked.keys().last().unwrap());
    table.play(10_000, false).await;
    assert!(table.finished);
    let (status, record) = server
        .request("GET", &format!("/api/v1/matches/{id}/record"), None)
        .await;
    assert_eq!(status, 200);
    let parsed = Record::from_json(&record.to_string()).unwrap();
    for (n, (seat, action)) in &table.acked {
        let ra = parsed.actions[*n as usize];
        assert_eq!(
            (ra.player, i64::from(ra.action.id().unwrap())),
            (*seat, *action),
            "acknowledged move {n}"
        );
    }
    // The record verifies with the command line.
    let file = db.with_file_name("record.json");
    std::fs::write(&file, record.to_string()).unwrap();
    let out = Command::new(std::env::var("METROPOLYS_BIN").unwrap())
        .arg("verify")
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    p.kill9();
    let _: Value = record;
}
