//! # metropolys-server
//!
//! An authoritative game server for *Metropolys*: the state lives here, and
//! each client receives only what its seat may see (R-21).
//!
//! * A REST lobby (`/api/v1/…`): create a match (players, variant,
//!   Metropolys deck, optional seed, each seat `human` or a bot spec of the
//!   bots crate), list matches, join a free seat (a credential: 256 random
//!   bits from the operating system, stored only as a SHA-256 hash), leave,
//!   download the record of a finished game.
//! * A WebSocket per client (`/api/v1/matches/{id}/ws`): after every change
//!   each client is pushed its own view, the legal action ids when its seat
//!   is to act, and the events since its last update; a seat plays with
//!   `{"move": n, "action": id}`. Spectators get the public view.
//! * Bots at the table decide from their seat's view, off the async runtime,
//!   within the server's time budget.
//! * SQLite (WAL, `synchronous = FULL`): every action is committed before
//!   any client hears of it; unfinished matches are restored on start by
//!   replaying their actions.
//! * A web client (plain HTML, CSS and JavaScript, embedded in the binary)
//!   at `/`.
//!
//! `docs/server.md` in the repository documents the protocol, every error
//! and every limit. `metropolys serve` (the command-line tool) runs
//! [`run`] with [`Args`].
//!
//! ```no_run
//! # async fn demo() -> Result<(), metropolys_server::ServerError> {
//! use metropolys_server::{Options, Server};
//! let options = Options {
//!     addr: "127.0.0.1:0".parse().unwrap(),
//!     database: std::env::temp_dir().join("demo.db"),
//!     ..Options::default()
//! };
//! let server = Server::bind(options).await?;
//! println!("open http://{}/", server.local_addr());
//! server.run_until(std::future::pending()).await
//! # }
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod http;
mod limits;
pub mod protocol;
mod room;
mod store;
mod web;

pub use protocol::{ErrorCode, ProtoError, PROTOCOL_VERSION};

use limits::RateLimiter;
use room::Room;
use std::collections::HashMap;
use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, RwLock};
use std::time::Duration;
use store::Store;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// `metropolys serve`: its options.
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// The address to listen on, HOST:PORT (port 0: any free port)
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// The SQLite database file (created when missing; unfinished matches
    /// in it are restored)
    #[arg(long, default_value = "metropolys.db")]
    pub database: PathBuf,
    /// Unfinished matches the server holds at most
    #[arg(long, default_value_t = 200)]
    pub max_matches: usize,
    /// The longest time a bot may think per decision, in seconds (bot specs
    /// asking for more are refused; ismcts bots get it as their budget)
    #[arg(long, default_value_t = 5.0)]
    pub bot_seconds: f64,
    /// The most threads one bot may use
    #[arg(long, default_value_t = 1)]
    pub bot_threads: usize,
    /// Bot decisions computed at once, all matches together (0: one per
    /// CPU)
    #[arg(long, default_value_t = 0)]
    pub bot_pool: usize,
    /// Seconds after which a socket that sent nothing (not even a pong) is
    /// closed
    #[arg(long, default_value_t = 120)]
    pub idle_seconds: u64,
    /// Messages per second a credential (or a spectator's socket) may send
    #[arg(long, default_value_t = 10.0)]
    pub rate: f64,
    /// Messages a credential may send at once before the rate applies
    #[arg(long, default_value_t = 40.0)]
    pub burst: f64,
    /// HTTP requests per second one address may make (bursts of 5x)
    #[arg(long, default_value_t = 50.0)]
    pub http_rate: f64,
    /// The largest WebSocket message accepted, in bytes
    #[arg(long, default_value_t = 4096)]
    pub max_message_bytes: usize,
    /// Sockets (seats and spectators) one match accepts at most
    #[arg(long, default_value_t = 64)]
    pub max_sockets: usize,
}

/// The server's settings (see [`Args`] for each one's meaning).
#[derive(Debug, Clone)]
pub struct Options {
    /// The address to listen on.
    pub addr: SocketAddr,
    /// The SQLite database file.
    pub database: PathBuf,
    /// Unfinished matches held at most.
    pub max_matches: usize,
    /// A bot's longest decision, in seconds.
    pub bot_seconds: f64,
    /// The most threads one bot may use.
    pub bot_threads: usize,
    /// Bot decisions computed at once.
    pub bot_pool: usize,
    /// Idle sockets close after this.
    pub idle_timeout: Duration,
    /// Messages per second per credential.
    pub rate: f64,
    /// Burst of messages per credential.
    pub burst: f64,
    /// HTTP requests per second per address.
    pub http_rate: f64,
    /// The largest WebSocket message, in bytes.
    pub max_message_bytes: usize,
    /// The largest HTTP request body, in bytes.
    pub max_body_bytes: usize,
    /// Sockets per match.
    pub max_sockets: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options::from(&Args {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database: PathBuf::from("metropolys.db"),
            max_matches: 200,
            bot_seconds: 5.0,
            bot_threads: 1,
            bot_pool: 0,
            idle_seconds: 120,
            rate: 10.0,
            burst: 40.0,
            http_rate: 50.0,
            max_message_bytes: 4096,
            max_sockets: 64,
        })
    }
}

impl From<&Args> for Options {
    fn from(a: &Args) -> Options {
        Options {
            addr: a.addr,
            database: a.database.clone(),
            max_matches: a.max_matches,
            bot_seconds: a.bot_seconds,
            bot_threads: a.bot_threads.max(1),
            bot_pool: if a.bot_pool == 0 {
                std::thread::available_parallelism().map_or(2, |n| n.get())
            } else {
                a.bot_pool
            },
            idle_timeout: Duration::from_secs(a.idle_seconds.max(1)),
            rate: a.rate,
            burst: a.burst,
            http_rate: a.http_rate,
            max_message_bytes: a.max_message_bytes.max(256),
            max_body_bytes: 16 * 1024,
            max_sockets: a.max_sockets.max(1),
        }
    }
}

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ServerError {
    /// The options are out of range.
    #[error("{0}")]
    Options(String),
    /// The database could not be opened or read.
    #[error("database {path}: {source}")]
    Store {
        /// The database file.
        path: PathBuf,
        /// What SQLite reported.
        source: rusqlite::Error,
    },
    /// The address could not be bound, or serving failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

/// What the handlers share.
pub(crate) struct Shared {
    pub(crate) store: Arc<Store>,
    pub(crate) options: Options,
    pub(crate) rooms: RwLock<HashMap<String, Arc<Room>>>,
    pub(crate) bot_pool: Arc<Semaphore>,
    /// Per credential (WebSocket messages, leave).
    pub(crate) limiter: RateLimiter,
    /// Per client address (HTTP requests).
    pub(crate) http_limiter: RateLimiter,
    pub(crate) next_client: AtomicU64,
    /// Test hook: stop forever after committing this move number.
    pub(crate) pause_after_commit: Option<u64>,
    /// Serializes match creation (the count of matches).
    pub(crate) create_lock: tokio::sync::Mutex<()>,
    /// Set when the server stops: nothing more is committed.
    pub(crate) stopping: std::sync::atomic::AtomicBool,
}

impl Shared {
    pub(crate) fn room(&self, id: &str) -> Option<Arc<Room>> {
        self.rooms
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(id)
            .cloned()
    }

    pub(crate) fn all_rooms(&self) -> Vec<Arc<Room>> {
        let mut v: Vec<Arc<Room>> = self
            .rooms
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .values()
            .cloned()
            .collect();
        v.sort_by(|a, b| (b.created, &b.id).cmp(&(a.created, &a.id)));
        v
    }
}

/// A bound server, its unfinished matches restored.
pub struct Server {
    listener: TcpListener,
    shared: Arc<Shared>,
}

impl Server {
    /// Opens the store, restores every unfinished match by replaying its
    /// actions, and binds the address.
    pub async fn bind(options: Options) -> Result<Server, ServerError> {
        if !(options.bot_seconds > 0.0 && options.bot_seconds <= metropolys_bots::MAX_SECONDS) {
            return Err(ServerError::Options(format!(
                "--bot-seconds must be above 0 and at most {}",
                metropolys_bots::MAX_SECONDS
            )));
        }
        if !(options.rate > 0.0 && options.burst >= 1.0 && options.http_rate > 0.0) {
            return Err(ServerError::Options(
                "--rate and --http-rate must be above 0, --burst at least 1".into(),
            ));
        }
        let path = options.database.clone();
        let store_err = |source| ServerError::Store {
            path: path.clone(),
            source,
        };
        let store = {
            let path = path.clone();
            tokio::task::spawn_blocking(move || Store::open(&path))
                .await
                .map_err(|e| ServerError::Options(e.to_string()))?
                .map_err(store_err)?
        };
        let store = Arc::new(store);
        let stored = {
            let store = store.clone();
            tokio::task::spawn_blocking(move || store.unfinished())
                .await
                .map_err(|e| ServerError::Options(e.to_string()))?
                .map_err(store_err)?
        };
        let mut rooms = HashMap::new();
        for m in &stored {
            match Room::restore(m) {
                Ok(room) => {
                    rooms.insert(room.id.clone(), Arc::new(room));
                }
                Err(e) => tracing::error!("match {} not restored: {e}", m.row.id),
            }
        }
        let listener = TcpListener::bind(options.addr).await?;
        let shared = Arc::new(Shared {
            store,
            bot_pool: Arc::new(Semaphore::new(options.bot_pool.max(1))),
            limiter: RateLimiter::new(options.rate, options.burst, 100_000),
            http_limiter: RateLimiter::new(options.http_rate, options.http_rate * 5.0, 100_000),
            options,
            rooms: RwLock::new(rooms),
            next_client: AtomicU64::new(1),
            pause_after_commit: std::env::var("METROPOLYS_SERVER_PAUSE_AFTER_COMMIT")
                .ok()
                .and_then(|v| v.parse().ok()),
            create_lock: tokio::sync::Mutex::new(()),
            stopping: std::sync::atomic::AtomicBool::new(false),
        });
        Ok(Server { listener, shared })
    }

    /// The address the server listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .unwrap_or(self.shared.options.addr)
    }

    /// How many matches were restored or created and are in memory.
    pub fn matches(&self) -> usize {
        self.shared
            .rooms
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .len()
    }

    /// Serves until `shutdown` completes.
    pub async fn run_until(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServerError> {
        let shared = self.shared.clone();
        for room in shared.all_rooms() {
            room.resume(&shared).await;
        }
        // Finished matches nobody watches leave memory (their records stay
        // in the store).
        let sweeper = {
            let shared = shared.clone();
            tokio::spawn(async move {
                let mut tick = tokio::time::interval(Duration::from_secs(10));
                loop {
                    tick.tick().await;
                    let mut done = Vec::new();
                    for room in shared.all_rooms() {
                        if room.is_done().await {
                            done.push(room.id.clone());
                        }
                    }
                    let mut rooms = shared.rooms.write().unwrap_or_else(|p| p.into_inner());
                    for id in done {
                        rooms.remove(&id);
                    }
                }
            })
        };
        let app = http::router(shared.clone());
        let stopping = shared.clone();
        let result = axum::serve(
            self.listener,
            app.into_make_service_with_connect_info::<SocketAddr>(),
        )
        .with_graceful_shutdown(async move {
            shutdown.await;
            // Nothing is committed any more; every socket is told and
            // closed, so that the connections end.
            stopping
                .stopping
                .store(true, std::sync::atomic::Ordering::SeqCst);
            for room in stopping.all_rooms() {
                room.close_all().await;
            }
        })
        .await;
        sweeper.abort();
        Ok(result?)
    }
}

/// `metropolys serve`: opens the database, restores unfinished matches,
/// prints the address to open and serves until interrupted (Ctrl-C).
/// Builds its own multi-threaded runtime.
pub fn run(args: Args) -> Result<(), ServerError> {
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("METROPOLYS_LOG")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .with_writer(std::io::stderr)
        .try_init();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let server = Server::bind(Options::from(&args)).await?;
        let addr = server.local_addr();
        let restored = server.matches();
        println!(
            "metropolys server: open http://{addr}/ (database {}, {restored} unfinished match{} restored; Ctrl-C stops)",
            args.database.display(),
            if restored == 1 { "" } else { "es" }
        );
        use std::io::Write as _;
        let _ = std::io::stdout().flush();
        server
            .run_until(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
    })
}
