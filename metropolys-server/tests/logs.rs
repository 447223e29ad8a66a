//! The log keeps no secret: with `METROPOLYS_LOG=trace` (the server's own
//! log set-up, `init_log`), a game with an invite, hidden cards and chat
//! leaves none of them, nor a credential, in what the server's threads
//! log. A test binary of its own: the log is the process's one global
//! subscriber.

mod common;

use common::{options, temp_db, Running};
use serde_json::json;
use std::io::Write;
use std::sync::Mutex;

/// What the server's threads (named `srv:<test>`, common::Running) logged;
/// the test's own client logs nothing here.
static CAPTURED: Mutex<Vec<u8>> = Mutex::new(Vec::new());

/// A writer into [`CAPTURED`] for the server's threads, and into nothing
/// for the others.
struct Capture {
    server: bool,
}

impl Write for Capture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if self.server {
            CAPTURED
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .extend_from_slice(buf);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn capture() -> Capture {
    Capture {
        server: std::thread::current()
            .name()
            .is_some_and(|n| n.starts_with("srv:")),
    }
}

/// The forms a secret could take in a log line: as written, as the
/// hexadecimal of its bytes (a frame's payload) and escaped as Rust's
/// `Debug` writes a string.
fn forms(secret: &str) -> Vec<String> {
    let hex: String = secret.bytes().map(|b| format!("{b:02x}")).collect();
    let debug = format!("{secret:?}");
    vec![
        secret.to_string(),
        hex,
        debug[1..debug.len() - 1].to_string(),
    ]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn trace_logging_keeps_no_invite_card_chat_or_credential() {
    assert!(
        // Even a filter that asks for the WebSocket library's frames.
        metropolys_server::init_log(Some("trace,tungstenite=trace"), capture),
        "the log is installed once"
    );
    let db = temp_db("logs");
    let server = Running::start(options(db.path())).await;
    let (status, v) = server
        .request(
            "POST",
            "/api/v1/matches",
            Some(json!({"players": 2, "seats": ["human", "human"], "private": true})),
        )
        .await;
    assert_eq!(status, 201, "{v}");
    let id = v["match"]["id"].as_str().unwrap().to_string();
    let invite = v["invite"].as_str().unwrap().to_string();
    let mut tokens = Vec::new();
    for seat in 0..2 {
        let (status, v) = server
            .request(
                "POST",
                &format!("/api/v1/matches/{id}/join"),
                Some(json!({"seat": seat, "invite": invite})),
            )
            .await;
        assert_eq!(status, 200, "{v}");
        tokens.push(v["token"].as_str().unwrap().to_string());
    }
    let mut ws = Vec::new();
    for t in &tokens {
        let mut s = server.connect(&id, Some(t), None).await;
        assert_eq!(s.until("welcome").await["invite"], invite.as_str());
        ws.push(s);
    }
    // A few moves; each seat's hidden objective as its own view shows it.
    let mut secrets = vec![invite.clone()];
    secrets.extend(tokens.iter().cloned());
    for n in 0..6u64 {
        let ups = [ws[0].update_at(n).await, ws[1].update_at(n).await];
        if n == 0 {
            for (seat, u) in ups.iter().enumerate() {
                let objective = &u["view"]["objectives"][seat];
                assert!(!objective.is_null(), "{u}");
                secrets.push(objective.to_string());
            }
        }
        let seat = (0..2)
            .find(|&s| !ups[s]["legal"].as_array().unwrap().is_empty())
            .expect("a seat is to act");
        let action = ups[seat]["legal"][0].clone();
        ws[seat].send(json!({"move": n, "action": action})).await;
    }
    let chat = "meet me by the old lighthouse at nine";
    ws[1].send(json!({"op": "chat", "text": chat})).await;
    assert_eq!(ws[0].until("chat").await["messages"][0]["text"], chat);
    secrets.push(chat.to_string());
    server.stop().await;
    let log = String::from_utf8_lossy(&CAPTURED.lock().unwrap()).into_owned();
    // The log is there (the check is not vacuous): each message by its
    // type and size.
    for line in [
        "message received",
        "message sent",
        "started processing request",
    ] {
        assert!(log.contains(line), "no {line:?} in the log:\n{log}");
    }
    for secret in &secrets {
        for form in forms(secret) {
            assert!(
                !log.contains(&form),
                "the log holds a secret ({secret}):\n{}",
                log.lines()
                    .filter(|l| forms(secret).iter().any(|f| l.contains(f.as_str())))
                    .take(3)
                    .collect::<Vec<_>>()
                    .join("\n")
            );
        }
    }
}
