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

mod credential;
mod http;
mod limits;
mod options;
pub mod protocol;
mod room;
mod services;
mod shared;
mod store;
mod web;

pub use options::{Args, Options};
pub use protocol::{ErrorCode, ProtoError, PROTOCOL_VERSION};

use limits::RateLimiter;
use room::Room;
use services::Services;
use shared::Shared;
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
            limiter: RateLimiter::new(options.rate, options.burst, 100_000),
            http_limiter: RateLimiter::new(options.http_rate, options.http_rate * 5.0, 100_000),
            services: Arc::new(Services {
                store,
                bot_pool: Arc::new(Semaphore::new(options.bot_pool.max(1))),
                options,
                pause_after_commit: std::env::var("METROPOLYS_SERVER_PAUSE_AFTER_COMMIT")
                    .ok()
                    .and_then(|v| v.parse().ok()),
                stopping: std::sync::atomic::AtomicBool::new(false),
            }),
            rooms: RwLock::new(rooms),
            next_client: AtomicU64::new(1),
            create_lock: tokio::sync::Mutex::new(()),
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
            room.resume(&shared.services).await;
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
