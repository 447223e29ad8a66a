//! Test helpers: a real server on loopback, an HTTP client and WebSocket
//! clients that record every message they receive. Every message either
//! way is validated against the protocol's JSON Schema, and the core
//! values inside updates are read back with core's own types.
#![allow(dead_code)]

use futures_util::{SinkExt, StreamExt};
use metropolys_core::{Event, ScoreSheet, Snapshot};
use metropolys_server::{Options, Server};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Mutex, Once, OnceLock};
use std::time::Duration;

/// One validator per schema root.
fn validators() -> &'static HashMap<&'static str, jsonschema::Validator> {
    static V: OnceLock<HashMap<&'static str, jsonschema::Validator>> = OnceLock::new();
    V.get_or_init(|| {
        let schema = metropolys_server::protocol::schema();
        metropolys_server::protocol::ROOTS
            .iter()
            .chain(&metropolys_server::protocol::ACCOUNT_ROOTS)
            .map(|root| {
                let mut s = schema.clone();
                s["$ref"] = json!(format!("#/$defs/{root}"));
                (
                    *root,
                    jsonschema::validator_for(&s).expect("the schema compiles"),
                )
            })
            .collect()
    })
}

/// Panics unless `v` is valid as the schema's `root`.
pub fn validate(root: &str, v: &Value) {
    let validator = validators()
        .get(root)
        .unwrap_or_else(|| panic!("no root {root}"));
    if let Err(e) = validator.validate(v) {
        panic!("not a valid {root}: {e} at {}\n{v}", e.instance_path());
    }
    if root == "ServerMessage" && v["type"] == "update" {
        // Core's values read back with core's types.
        serde_json::from_value::<Snapshot>(v["view"].clone()).expect("the view is core's");
        serde_json::from_value::<Vec<Event>>(v["events"].clone()).expect("the events are core's");
        if let Some(s) = v.get("scores") {
            serde_json::from_value::<Vec<ScoreSheet>>(s.clone()).expect("the sheets are core's");
        }
    }
}

/// The schema root of a REST answer.
fn answer_root(method: &str, path: &str, status: u16) -> Option<&'static str> {
    if status >= 400 {
        return Some("HttpError");
    }
    let path = path.split('?').next().unwrap_or(path);
    let parts: Vec<&str> = path.trim_end_matches('/').split('/').collect();
    match (method, parts.as_slice()) {
        ("GET", ["", "api", "v1"]) => Some("Info"),
        ("GET", ["", "api", "v1", "matches"]) => Some("MatchList"),
        ("POST", ["", "api", "v1", "matches"]) => Some("MatchAnswer"),
        ("GET", ["", "api", "v1", "matches", _]) => Some("MatchAnswer"),
        ("POST", ["", "api", "v1", "matches", _, "join"]) => Some("Joined"),
        ("POST", ["", "api", "v1", "matches", _, "leave"]) => Some("Left"),
        ("POST", ["", "api", "v1", "matches", _, "rematch"]) => Some("Joined"),
        ("POST", ["", "api", "v1", "matches", _, "cancel"]) => Some("MatchAnswer"),
        ("POST", ["", "api", "v1", "accounts"]) => Some("SignedIn"),
        ("POST", ["", "api", "v1", "sessions"]) => Some("SignedIn"),
        ("GET", ["", "api", "v1", "account"]) => Some("AccountAnswer"),
        ("POST", ["", "api", "v1", "account", "seats"]) => Some("Bound"),
        ("PUT", ["", "api", "v1", "account", "notices"]) => Some("Notices"),
        ("GET", ["", "api", "v1", "leaderboard"]) => Some("Leaderboard"),
        _ => None,
    }
}
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A fresh database path in a fresh temporary directory.
pub fn temp_db(name: &str) -> TempDb {
    let dir = tempfile::Builder::new()
        .prefix(&format!("mtp-server-{name}-"))
        .tempdir()
        .unwrap();
    let path = dir.path().join("test.db");
    TempDb { _dir: dir, path }
}

/// A database path in a scratch directory that is removed, with the
/// database, when the test drops it.
pub struct TempDb {
    _dir: tempfile::TempDir,
    path: PathBuf,
}

impl TempDb {
    /// The database file's path.
    pub fn path(&self) -> PathBuf {
        self.path.clone()
    }
}

impl std::ops::Deref for TempDb {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.path
    }
}

/// Options for tests: any port, small bot budgets, generous rates.
pub fn options(db: PathBuf) -> Options {
    Options {
        addr: "127.0.0.1:0".parse().unwrap(),
        database: db,
        bot_seconds: 0.5,
        rate: 1000.0,
        burst: 1000.0,
        http_rate: 10_000.0,
        ..Options::default()
    }
}

/// Panics of each test's server threads, by thread name.
static SERVER_PANICS: Mutex<Option<HashMap<String, usize>>> = Mutex::new(None);

/// Counts every panic on a server thread (named `srv:<test>`), once per
/// process. A test's own failures, on its own threads, are never counted,
/// and one test's server never counts toward another's.
fn count_server_panics() {
    static HOOK: Once = Once::new();
    HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if let Some(name) = std::thread::current().name() {
                if name.starts_with("srv:") {
                    let mut m = SERVER_PANICS.lock().unwrap_or_else(|p| p.into_inner());
                    *m.get_or_insert_with(HashMap::new)
                        .entry(name.to_string())
                        .or_default() += 1;
                }
            }
            previous(info);
        }));
    });
}

/// A running server, on its own runtime whose threads are named after the
/// test (`srv:<test>`); dropping the handle's sender stops it.
pub struct Running {
    pub addr: SocketAddr,
    pub http: reqwest::Client,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    task: Option<tokio::task::JoinHandle<()>>,
    runtime: Option<tokio::runtime::Runtime>,
    name: String,
}

impl Running {
    pub async fn start(options: Options) -> Running {
        count_server_panics();
        let test = std::thread::current()
            .name()
            .unwrap_or("unnamed")
            .rsplit("::")
            .next()
            .unwrap_or("unnamed")
            .to_string();
        let name = format!("srv:{test}");
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name(name.clone())
            .enable_all()
            .build()
            .unwrap();
        let server = runtime
            .spawn(Server::bind(options))
            .await
            .unwrap()
            .expect("the server binds");
        let addr = server.local_addr();
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        let task = runtime.spawn(async move {
            server
                .run_until(async {
                    let _ = rx.await;
                })
                .await
                .unwrap();
        });
        Running {
            addr,
            http: reqwest::Client::new(),
            stop: Some(tx),
            task: Some(task),
            runtime: Some(runtime),
            name,
        }
    }

    /// A server run by another process, at `addr`.
    pub fn external(addr: SocketAddr) -> Running {
        Running {
            addr,
            http: reqwest::Client::new(),
            stop: None,
            task: None,
            runtime: None,
            name: String::new(),
        }
    }

    /// How many times this server's threads panicked.
    pub fn panics(&self) -> usize {
        SERVER_PANICS
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .as_ref()
            .and_then(|m| m.get(&self.name).copied())
            .unwrap_or(0)
    }

    /// Stops the server and waits for it; its threads' panics, if any,
    /// fail the test.
    pub async fn stop(mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.task.take() {
            let _ = tokio::time::timeout(Duration::from_secs(10), t).await;
        }
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
        assert_eq!(self.panics(), 0, "the server panicked");
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    /// A request: (status, JSON body or Null).
    pub async fn request(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let mut r = match method {
            "GET" => self.http.get(self.url(path)),
            "POST" => self.http.post(self.url(path)),
            other => self.http.request(other.parse().unwrap(), self.url(path)),
        };
        if let Some(b) = body {
            r = r
                .header("content-type", "application/json")
                .body(b.to_string());
        }
        let resp = r.send().await.unwrap();
        let status = resp.status().as_u16();
        let text = resp.text().await.unwrap();
        let v = serde_json::from_str(&text).unwrap_or(Value::String(text));
        if let Some(root) = answer_root(method, path, status) {
            validate(root, &v);
        }
        (status, v)
    }

    /// A request with a seat's credential (`Authorization: Bearer`), and a
    /// JSON body: (status, JSON body), the answer validated by the schema.
    pub async fn request_as(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (u16, Value) {
        let mut r = self.http.request(method.parse().unwrap(), self.url(path));
        if let Some(t) = token {
            r = r.header("authorization", format!("Bearer {t}"));
        }
        if let Some(b) = body {
            r = r
                .header("content-type", "application/json")
                .body(b.to_string());
        }
        let resp = r.send().await.unwrap();
        let status = resp.status().as_u16();
        let text = resp.text().await.unwrap();
        let v = serde_json::from_str(&text).unwrap_or(Value::String(text));
        if let Some(root) = answer_root(method, path, status) {
            validate(root, &v);
        }
        (status, v)
    }

    /// The summary of a match.
    pub async fn summary(&self, id: &str) -> Value {
        let (status, v) = self
            .request("GET", &format!("/api/v1/matches/{id}"), None)
            .await;
        assert_eq!(status, 200, "{v}");
        v["match"].clone()
    }

    /// A request that must fail with `status` and error `code`: the body.
    pub async fn expect_error(
        &self,
        method: &str,
        path: &str,
        body: Option<Value>,
        status: u16,
        code: &str,
    ) -> Value {
        let (s, v) = self.request(method, path, body).await;
        assert_eq!(
            (s, v["error"]["code"].as_str()),
            (status, Some(code)),
            "{method} {path}: {v}"
        );
        v
    }

    /// Creates a match: its id.
    pub async fn create(&self, body: Value) -> String {
        let (status, v) = self.request("POST", "/api/v1/matches", Some(body)).await;
        assert_eq!(status, 201, "{v}");
        v["match"]["id"].as_str().unwrap().to_string()
    }

    /// Joins a seat: its credential.
    pub async fn join(&self, id: &str, seat: u8) -> String {
        let (status, v) = self
            .request(
                "POST",
                &format!("/api/v1/matches/{id}/join"),
                Some(json!({ "seat": seat })),
            )
            .await;
        assert_eq!(status, 200, "{v}");
        v["token"].as_str().unwrap().to_string()
    }

    /// A WebSocket to a match, as a seat (with a credential) or spectator.
    pub async fn connect(&self, id: &str, token: Option<&str>, since: Option<u64>) -> Ws {
        let mut url = format!("ws://{}/api/v1/matches/{id}/ws", self.addr);
        let mut q = Vec::new();
        if let Some(t) = token {
            q.push(format!("token={t}"));
        }
        if let Some(s) = since {
            q.push(format!("since={s}"));
        }
        if !q.is_empty() {
            url = format!("{url}?{}", q.join("&"));
        }
        let (stream, _) = tokio_tungstenite::connect_async(url)
            .await
            .expect("the WebSocket opens");
        Ws {
            stream,
            log: Vec::new(),
            closed: None,
        }
    }
}

impl Running {
    /// An HTTP client whose connections come from `local` (another
    /// loopback address stands for another machine).
    pub fn http_from(local: &str) -> reqwest::Client {
        reqwest::Client::builder()
            .local_address(local.parse::<std::net::IpAddr>().unwrap())
            .build()
            .unwrap()
    }

    /// [`Running::connect`] from the loopback address `local`.
    pub async fn connect_from(&self, local: &str, id: &str, token: Option<&str>) -> Ws {
        let s = tokio::net::TcpSocket::new_v4().unwrap();
        s.bind(format!("{local}:0").parse().unwrap()).unwrap();
        let tcp = s.connect(self.addr).await.unwrap();
        let mut url = format!("ws://{}/api/v1/matches/{id}/ws", self.addr);
        if let Some(t) = token {
            url = format!("{url}?token={t}");
        }
        let (stream, _) = tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(tcp))
            .await
            .expect("the WebSocket opens");
        Ws {
            stream,
            log: Vec::new(),
            closed: None,
        }
    }

    /// `join` (seat `seat`, or the first free one) from `http`: (status,
    /// answer), the answer validated by the schema.
    pub async fn join_with(
        &self,
        http: &reqwest::Client,
        id: &str,
        seat: Option<u8>,
    ) -> (u16, Value) {
        let body = match seat {
            Some(s) => json!({ "seat": s }),
            None => json!({}),
        };
        let resp = http
            .post(self.url(&format!("/api/v1/matches/{id}/join")))
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .unwrap();
        let status = resp.status().as_u16();
        let v: Value = resp.json().await.unwrap();
        validate(if status == 200 { "Joined" } else { "HttpError" }, &v);
        (status, v)
    }

    /// `POST …/{action}` (`leave`, `cancel`) with a seat's credential from
    /// `http`: the status.
    pub async fn seat_request_with(
        &self,
        http: &reqwest::Client,
        id: &str,
        action: &str,
        token: &str,
    ) -> u16 {
        http.post(self.url(&format!("/api/v1/matches/{id}/{action}")))
            .header("authorization", format!("Bearer {token}"))
            .send()
            .await
            .unwrap()
            .status()
            .as_u16()
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(rt) = self.runtime.take() {
            rt.shutdown_background();
        }
    }
}

/// A WebSocket client that keeps every text message it received.
pub struct Ws {
    pub stream: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub log: Vec<String>,
    /// The close code, once closed.
    pub closed: Option<u16>,
}

impl Ws {
    /// Sends a request, which must be valid by the schema.
    pub async fn send(&mut self, v: Value) {
        validate("ClientRequest", &v);
        self.send_text(v.to_string()).await;
    }

    pub async fn send_text(&mut self, t: String) {
        self.stream.send(Message::Text(t.into())).await.unwrap();
    }

    /// Sends; false when the socket is closed.
    pub async fn try_send_text(&mut self, t: String) -> bool {
        self.stream.send(Message::Text(t.into())).await.is_ok()
    }

    /// The next text message (JSON), or None on close or after `secs`.
    pub async fn next_within(&mut self, secs: f64) -> Option<Value> {
        loop {
            let m = tokio::time::timeout(Duration::from_secs_f64(secs), self.stream.next())
                .await
                .ok()??;
            match m {
                Ok(Message::Text(t)) => {
                    self.log.push(t.to_string());
                    let v: Value = serde_json::from_str(&t).expect("the server sends JSON");
                    validate("ServerMessage", &v);
                    return Some(v);
                }
                Ok(Message::Close(f)) => {
                    self.closed = Some(f.map_or(1005, |f| u16::from(f.code)));
                    return None;
                }
                Ok(_) => continue,
                Err(_) => {
                    self.closed.get_or_insert(1006);
                    return None;
                }
            }
        }
    }

    pub async fn next(&mut self) -> Value {
        self.next_within(20.0)
            .await
            .unwrap_or_else(|| panic!("no message (closed: {:?})", self.closed))
    }

    /// Messages until one of type `kind`.
    pub async fn until(&mut self, kind: &str) -> Value {
        loop {
            let v = self.next().await;
            if v["type"] == kind {
                return v;
            }
        }
    }

    /// Messages until an update carrying `accepted` (the answer to this
    /// socket's submission): that update.
    pub async fn accepted(&mut self) -> Value {
        loop {
            let v = self.next().await;
            if v["type"] == "update" && v.get("accepted").is_some() {
                return v;
            }
            if v["type"] == "accepted" {
                return v;
            }
        }
    }

    /// Messages until an update at move `n` or later.
    pub async fn update_at(&mut self, n: u64) -> Value {
        loop {
            let v = self.until("update").await;
            if v["move"].as_u64().unwrap() >= n {
                return v;
            }
        }
    }

    /// Reads until the socket closes: the close code.
    pub async fn closed_within(&mut self, secs: f64) -> Option<u16> {
        let end = tokio::time::Instant::now() + Duration::from_secs_f64(secs);
        while self.closed.is_none() && tokio::time::Instant::now() < end {
            let _ = self.next_within(secs).await;
        }
        self.closed
    }
}

/// A new account `name` (password `"<name> secret"`): its token.
pub async fn sign_up(server: &Running, name: &str) -> String {
    let (s, v) = server
        .request(
            "POST",
            "/api/v1/accounts",
            Some(json!({"name": name, "password": format!("{name} secret")})),
        )
        .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["name"], name);
    let token = v["token"].as_str().unwrap().to_string();
    assert!(token.starts_with("acct_") && token.len() == 69, "{token}");
    token
}

/// Ties the seat `seat_token` holds in `id` to the account: (status,
/// answer).
pub async fn bind(server: &Running, account: &str, id: &str, seat_token: &str) -> (u16, Value) {
    server
        .request_as(
            "POST",
            "/api/v1/account/seats",
            Some(account),
            Some(json!({"match": id, "token": seat_token})),
        )
        .await
}

/// A 2-seat all-human match with both seats taken: its id and seat 0's
/// credential.
pub async fn two_seat_match(server: &Running) -> (String, String) {
    let id = server
        .create(json!({"players": 2, "seats": ["human", "human"]}))
        .await;
    let t0 = server.join(&id, 0).await;
    server.join(&id, 1).await;
    (id, t0)
}

/// A human: plays a seeded random legal action whenever its update says it
/// is to act, until the game is over. Returns its socket (with its log).
pub async fn play_human(mut ws: Ws, seed: u64) -> Ws {
    let mut rng = metropolys_core::rng::SplitMix64::new(seed);
    loop {
        let v = ws.next_within(60.0).await.expect("updates keep coming");
        if std::env::var("DEBUG_GAMES").is_ok() {
            eprintln!("{seed}: {}", &v.to_string()[..v.to_string().len().min(300)]);
        }
        if v["type"] != "update" {
            continue;
        }
        if v["status"] == "finished" {
            return ws;
        }
        let legal = v["legal"].as_array().unwrap();
        if !legal.is_empty() {
            let pick = legal[rng.below(legal.len() as u64) as usize].clone();
            ws.send(json!({"move": v["move"], "action": pick})).await;
        }
    }
}
