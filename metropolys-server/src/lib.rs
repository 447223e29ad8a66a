//! # metropolys-server
//!
//! An authoritative game server for *Metropolys*: the state lives here, and
//! each client receives only what its seat may see (R-21).
//!
//! * A REST lobby (`/api/v1/…`): create a match (players, variant,
//!   Metropolys deck, optional seed, each seat `human` or a bot spec of the
//!   bots crate), list matches, join a free seat (a credential: 256 random
//!   bits from the operating system, stored only as a SHA-256 hash), leave,
//!   download the record of a finished game and the bots' review of it
//!   (computed on the bots' pool, a few at once, and kept).
//! * A WebSocket per client (`/api/v1/matches/{id}/ws`): after every change
//!   each client is pushed one message, its own view, the legal action ids
//!   when its seat is to act, and the events since its last update; a seat
//!   plays with `{"move": n, "action": id}`. Spectators get the public view.
//! * A typed protocol ([`protocol`]): one enum of every server message,
//!   strict request types, and the JSON Schema generated from them.
//! * Each match's authority is synchronous ([`authority`]): requests in,
//!   effects out; an async shell commits, sends and schedules.
//! * Bots at the table decide from their seat's view, off the async runtime,
//!   within the server's time and memory budget.
//! * SQLite (WAL, `synchronous = FULL`), group commit: every action is
//!   committed before any client hears of it, the actions of all matches
//!   pending at once in one transaction; unfinished matches are restored on
//!   start by replaying their actions, finished ones answer from the store.
//! * No client locks others out: connection, socket, match and request
//!   limits per address and in all, timeouts on every read and write,
//!   `Host` and `Origin` checked.
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

mod accounts;
mod answers;
pub mod authority;
mod clock;
mod conn;
mod credential;
mod fair;
mod forwarded;
mod guard;
mod http;
mod limits;
mod options;
pub mod protocol;
mod reviews;
mod room;
mod seats;
mod services;
mod shared;
pub mod store;
mod sweep;
mod urls;
pub mod web;
mod ws;

pub use options::{options_table, Args, Options};
pub use protocol::{ErrorCode, ProtoError, PROTOCOL_VERSION};

use limits::{Connections, RateLimiter};
use room::Room;
use services::{Services, FINISHED_LISTED};
use shared::Shared;
use std::collections::{HashMap, VecDeque};
use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, RwLock};
use store::Store;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// Account creations and sign-ins per second from one address, after a
/// burst of [`SIGN_IN_BURST`] (each costs a memory-hard password hash).
const SIGN_IN_RATE: f64 = 0.2;
/// See [`SIGN_IN_RATE`].
const SIGN_IN_BURST: f64 = 10.0;

/// Why the server could not start or stopped.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ServerError {
    /// An option is out of range: the [`Options`] field (`bot_seconds`),
    /// and why. [`ServerError::flag`] names `metropolys serve`'s flag for
    /// it.
    #[error("option {option}: {reason}")]
    BadOption {
        /// The field of [`Options`].
        option: &'static str,
        /// What is wrong with its value.
        reason: String,
    },
    /// A task of the server's runtime failed.
    #[error("the server's runtime: {0}")]
    Runtime(String),
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

impl ServerError {
    /// The `metropolys serve` flag of a bad option (`--bot-seconds` for
    /// `bot_seconds`); `None` for the other errors.
    pub fn flag(&self) -> Option<String> {
        let ServerError::BadOption { option, .. } = self else {
            return None;
        };
        options::flag_of(option)
    }
}

fn bad_option(option: &'static str, reason: impl Into<String>) -> ServerError {
    ServerError::BadOption {
        option,
        reason: reason.into(),
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
            return Err(bad_option(
                "bot_seconds",
                format!(
                    "must be above 0 and at most {}, not {}",
                    metropolys_bots::MAX_SECONDS,
                    options.bot_seconds
                ),
            ));
        }
        for (option, value, least) in [
            ("rate", options.rate, 0.0),
            ("http_rate", options.http_rate, 0.0),
        ] {
            if value.is_nan() || value <= least {
                return Err(bad_option(option, format!("must be above 0, not {value}")));
            }
        }
        if options.burst.is_nan() || options.burst < 1.0 {
            return Err(bad_option(
                "burst",
                format!("must be at least 1, not {}", options.burst),
            ));
        }
        if let Some(url) = &options.notify_url {
            accounts::notices::notify_url(url).map_err(|r| bad_option("notify_url", r))?;
        }
        let guard = guard::Guard::new(&options.origins).map_err(|r| bad_option("origins", r))?;
        let path = options.database.clone();
        let store_err = |source| ServerError::Store {
            path: path.clone(),
            source,
        };
        let blocking = |e: tokio::task::JoinError| ServerError::Runtime(e.to_string());
        let store = {
            let path = path.clone();
            tokio::task::spawn_blocking(move || Store::open(&path))
                .await
                .map_err(blocking)?
                .map_err(store_err)?
        };
        let store = Arc::new(store);
        let accounts = {
            let path = path.clone();
            Arc::new(
                tokio::task::spawn_blocking(move || accounts::Accounts::open(&path))
                    .await
                    .map_err(blocking)?
                    .map_err(store_err)?,
            )
        };
        let since = clock::now_secs() - options.keep.as_secs() as i64;
        let (stored, finished, creators, addresses) = {
            let store = store.clone();
            tokio::task::spawn_blocking(move || {
                Ok::<_, rusqlite::Error>((
                    store.unfinished()?,
                    store.finished(since, FINISHED_LISTED)?,
                    store.creators()?,
                    store.holder_addresses()?,
                ))
            })
            .await
            .map_err(blocking)?
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
        // A restored match's bots keep their turn at the bot pool as its
        // creator's (`crate::fair`).
        for (id, creator) in &creators {
            if let Some(room) = rooms.get(id) {
                room.set_bot_key(creator);
            }
        }
        // And each seat's holder keeps the address it took the seat from
        // (one seat each in a started match).
        for (id, seat, address) in addresses {
            if let Some(room) = rooms.get(&id) {
                room.set_address(seat, &address).await;
            }
        }
        let recent: VecDeque<_> = finished
            .iter()
            .filter_map(|f| authority::summary_of_row(&f.row, f.moves, &f.names).map(Arc::new))
            .collect();
        let listener = TcpListener::bind(options.addr).await?;
        let notices =
            accounts::notices::Notifier::start(options.notify_url.clone(), accounts.clone());
        let shared = Arc::new(Shared {
            limiter: RateLimiter::new(options.rate, options.burst, 100_000),
            chat: limits::ChatLimits::new(options.chat_rate, options.chat_burst),
            proxies: forwarded::Proxies::new(&options.trusted_proxies),
            http_limiter: RateLimiter::new(options.http_rate, options.http_rate * 5.0, 100_000),
            sign_ins: RateLimiter::new(SIGN_IN_RATE, SIGN_IN_BURST, 100_000),
            connections: Connections::new(options.max_connections, options.connections_per_address),
            guard,
            services: Arc::new(Services {
                store,
                bot_pool: fair::FairGate::new(Arc::new(Semaphore::new(options.bot_pool.max(1)))),
                options,
                pause_after_commit: std::env::var("METROPOLYS_SERVER_PAUSE_AFTER_COMMIT")
                    .ok()
                    .and_then(|v| v.parse().ok()),
                stopping: std::sync::atomic::AtomicBool::new(false),
                recent: Mutex::new(recent),
                notices,
                accounts,
            }),
            rooms: RwLock::new(rooms),
            next_client: AtomicU64::new(1),
            create_lock: tokio::sync::Mutex::new(()),
            reviews: Arc::new(reviews::Reviews::new(reviews::IN_FLIGHT)),
        });
        // Matches a crash left unrated (between their last move's commit
        // and their rating) are rated now.
        tokio::spawn(http::rate_unrated(shared.clone()));
        Ok(Server { listener, shared })
    }

    /// The address the server listens on.
    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .unwrap_or(self.shared.options.addr)
    }

    /// How long the store's transactions take (each with its number of
    /// operations): the load benchmark measures the server beside them.
    pub fn commit_times(&self) -> store::CommitTimes {
        self.shared.store.commit_times()
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
        let sweeper = tokio::spawn(sweep::run(shared.clone()));
        let stopping = shared.clone();
        let result = conn::serve(self.listener, shared.clone(), async move {
            shutdown.await;
            // Nothing is committed any more; every socket is told and
            // closed, so that the connections end.
            stopping
                .stopping
                .store(true, std::sync::atomic::Ordering::SeqCst);
            stopping.reviews.stop();
            for room in stopping.all_rooms() {
                room.close_all(&stopping.services).await;
            }
        })
        .await;
        sweeper.abort();
        Ok(result?)
    }
}

/// The crates whose log would hold what the server keeps secret: the
/// WebSocket library traces every frame with its payload (a seat's cards,
/// an invite, chat). They are never logged, whatever the filter says; the
/// server traces each message's type and size itself.
const SILENCED: [&str; 2] = ["tungstenite", "tokio_tungstenite"];

/// Installs the server's log as the process's global subscriber: `filter`
/// in `tracing`'s syntax (`METROPOLYS_LOG`; `warn` when absent or
/// invalid), written to `writer`. At any level it holds no message's
/// content, no query string and no credential: requests are logged by
/// method and path, messages by type and size, and the WebSocket
/// library's own frame tracing is off. Returns false when a global
/// subscriber was already installed (nothing changes then).
pub fn init_log<W>(filter: Option<&str>, writer: W) -> bool
where
    W: for<'w> tracing_subscriber::fmt::MakeWriter<'w> + Send + Sync + 'static,
{
    let mut filter = filter
        .and_then(|f| tracing_subscriber::EnvFilter::try_new(f).ok())
        .unwrap_or_else(|| tracing_subscriber::EnvFilter::new("warn"));
    // Added last, so that each replaces any directive of the filter for
    // the same crate.
    for target in SILENCED {
        if let Ok(d) = format!("{target}=off").parse() {
            filter = filter.add_directive(d);
        }
    }
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer)
        .try_init()
        .is_ok()
}

/// `metropolys serve`: opens the database, restores unfinished matches,
/// prints the address to open (and, listening on every interface, those
/// other machines can open) and serves until interrupted (Ctrl-C).
/// Builds its own multi-threaded runtime.
pub fn run(args: Args) -> Result<(), ServerError> {
    init_log(
        std::env::var("METROPOLYS_LOG").ok().as_deref(),
        std::io::stderr,
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let server = Server::bind(Options::from(&args)).await?;
        let addr = server.local_addr();
        let restored = server.matches();
        // One write: whoever reads the first line and closes the pipe (a
        // test, `| head -1`) gets the whole banner or nothing, and a write
        // that fails does not stop the server.
        let mut banner = format!(
            "metropolys server: open {} (database {}, {restored} unfinished match{} restored; Ctrl-C stops)\n",
            urls::local_url(addr),
            args.database.display(),
            if restored == 1 { "" } else { "es" }
        );
        for line in urls::more_lines(addr, &urls::interface_addresses()) {
            banner.push_str(&line);
            banner.push('\n');
        }
        use std::io::Write as _;
        let mut out = std::io::stdout().lock();
        let _ = out.write_all(banner.as_bytes());
        let _ = out.flush();
        drop(out);
        server
            .run_until(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
    })
}
