//! The server's options, and how `metropolys serve`'s arguments set them.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

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
    /// Matches waiting that one client address (an IPv6 /56) may have
    /// created or joined at once: open ones, and started ones in which
    /// nobody moved for --open-seconds (counted in the database)
    #[arg(long, default_value_t = 5)]
    pub open_per_address: usize,
    /// Seconds after which an open match that nobody sits at (no seat's
    /// socket open) is cancelled, and a started one in which nobody moved
    /// counts toward --open-per-address
    #[arg(long, default_value_t = 900)]
    pub open_seconds: u64,
    /// Days a finished match stays listed in the lobby (its link, record
    /// and final view stay as long as the database keeps it)
    #[arg(long, default_value_t = 14)]
    pub keep_days: u64,
    /// The longest time a bot may think per decision, in seconds (bot specs
    /// asking for more are refused; ismcts bots get it as their budget)
    #[arg(long, default_value_t = 5.0)]
    pub bot_seconds: f64,
    /// The most threads one bot may use
    #[arg(long, default_value_t = 1)]
    pub bot_threads: usize,
    /// The most memory one bot decision's search tree may take, in MiB
    /// (ismcts bots get it as `tree_edges`)
    #[arg(long, default_value_t = 128)]
    pub bot_tree_mib: u64,
    /// Bot decisions computed at once, all matches together (0: one per
    /// CPU)
    #[arg(long, default_value_t = 0)]
    pub bot_pool: usize,
    /// Seconds after which a socket that sent nothing (not even a pong) is
    /// closed
    #[arg(long, default_value_t = 120)]
    pub idle_seconds: u64,
    /// Seconds an HTTP connection may take to send a request's headers, or
    /// stay idle between requests, and a socket to take a message the
    /// server writes
    #[arg(long, default_value_t = 10)]
    pub io_seconds: u64,
    /// TCP connections (HTTP and WebSocket) open at once, in all (keep it
    /// below the file-descriptor limit, `ulimit -n`)
    #[arg(long, default_value_t = 4096)]
    pub max_connections: usize,
    /// TCP connections open at once from one client address (an IPv6 /56)
    #[arg(long, default_value_t = 128)]
    pub connections_per_address: usize,
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
    /// Spectators' sockets one match accepts at most (a seat's holder's
    /// sockets are counted apart, at most 8 per seat: spectators never
    /// keep a player out)
    #[arg(long, default_value_t = 64)]
    pub max_sockets: usize,
    /// An origin (scheme://host, and :port when not the default) whose pages may use this server
    /// besides its own, e.g. the public address of a reverse proxy; its
    /// host is also accepted in the Host header (repeatable)
    #[arg(long = "origin", value_name = "URL")]
    pub origins: Vec<String>,
    /// Seconds every other player of a playing match must have been away
    /// (no socket open) before a seated player may cancel it (0: at once)
    #[arg(long, default_value_t = 120)]
    pub abandon_seconds: u64,
    /// The address of a reverse proxy in front of this server (repeatable):
    /// its requests are attributed to the client in the last entry of
    /// their X-Forwarded-For header, and the per-address limits apply to
    /// that client; its own connections count only toward
    /// --max-connections
    #[arg(long = "trusted-proxy", value_name = "IP")]
    pub trusted_proxies: Vec<IpAddr>,
    /// The notice relay: an http:// URL the server posts a JSON notice to
    /// when a correspondence match (a turn timer of an hour or more)
    /// waits for a player who is away and whose account gave a contact;
    /// the relay sends the e-mail, push or chat message (none: no
    /// notices)
    #[arg(long, value_name = "URL", value_parser = crate::accounts::notices::notify_url)]
    pub notify_url: Option<String>,
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
    /// Matches waiting (open, or started and idle) per client address.
    pub open_per_address: usize,
    /// An open match nobody sits at is cancelled after this; a started
    /// one nobody moved in for this long counts as waiting.
    pub open_timeout: Duration,
    /// Finished matches stay listed this long.
    pub keep: Duration,
    /// A bot's longest decision, in seconds.
    pub bot_seconds: f64,
    /// The most threads one bot may use.
    pub bot_threads: usize,
    /// The most memory of one bot decision's search tree, in MiB.
    pub bot_tree_mib: u64,
    /// Bot decisions computed at once.
    pub bot_pool: usize,
    /// Idle sockets close after this.
    pub idle_timeout: Duration,
    /// Request headers, idle keep-alive connections and socket writes time
    /// out after this.
    pub io_timeout: Duration,
    /// TCP connections at once.
    pub max_connections: usize,
    /// TCP connections at once per address.
    pub connections_per_address: usize,
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
    /// Spectators' sockets per match (a seat's holder's are counted
    /// apart, at most 8 per seat).
    pub max_sockets: usize,
    /// Origins allowed besides the server's own.
    pub origins: Vec<String>,
    /// How long every other player of a playing match must have been away
    /// before a seated player may cancel it.
    pub abandon_timeout: Duration,
    /// Reverse proxies whose `X-Forwarded-For` names the client.
    pub trusted_proxies: Vec<IpAddr>,
    /// Frames queued for one socket at most; a socket further behind is
    /// dropped (no close frame: it would not be read).
    pub socket_queue: usize,
    /// How often finished matches nobody watches leave memory, open ones
    /// nobody sits at and playing ones nobody moves in are checked for
    /// expiry, and the store deletes what it no longer keeps.
    pub sweep_interval: Duration,
    /// Chat messages per second per credential (0.5: 5 in 10 seconds;
    /// twice that per client address, four times per match).
    pub chat_rate: f64,
    /// Chat messages a credential may send at once (5; twice that per
    /// client address, four times per match).
    pub chat_burst: f64,
    /// The notice relay's URL (none: no notices).
    pub notify_url: Option<String>,
}

impl Default for Options {
    fn default() -> Options {
        Options::from(&Args {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            database: PathBuf::from("metropolys.db"),
            max_matches: 200,
            open_per_address: 5,
            open_seconds: 900,
            keep_days: 14,
            bot_seconds: 5.0,
            bot_threads: 1,
            bot_tree_mib: 128,
            bot_pool: 0,
            idle_seconds: 120,
            io_seconds: 10,
            max_connections: 4096,
            connections_per_address: 128,
            rate: 10.0,
            burst: 40.0,
            http_rate: 50.0,
            max_message_bytes: 4096,
            max_sockets: 64,
            origins: Vec::new(),
            abandon_seconds: 120,
            trusted_proxies: Vec::new(),
            notify_url: None,
        })
    }
}

impl From<&Args> for Options {
    fn from(a: &Args) -> Options {
        Options {
            addr: a.addr,
            database: a.database.clone(),
            max_matches: a.max_matches,
            open_per_address: a.open_per_address.max(1),
            open_timeout: Duration::from_secs(a.open_seconds.max(1)),
            keep: Duration::from_secs(a.keep_days.saturating_mul(86_400)),
            bot_seconds: a.bot_seconds,
            bot_threads: a.bot_threads.max(1),
            bot_tree_mib: a.bot_tree_mib.max(1),
            bot_pool: if a.bot_pool == 0 {
                std::thread::available_parallelism().map_or(2, |n| n.get())
            } else {
                a.bot_pool
            },
            idle_timeout: Duration::from_secs(a.idle_seconds.max(1)),
            io_timeout: Duration::from_secs(a.io_seconds.max(1)),
            max_connections: a.max_connections.max(1),
            connections_per_address: a.connections_per_address.max(1),
            rate: a.rate,
            burst: a.burst,
            http_rate: a.http_rate,
            max_message_bytes: a.max_message_bytes.max(256),
            max_body_bytes: 16 * 1024,
            max_sockets: a.max_sockets.max(1),
            origins: a.origins.clone(),
            abandon_timeout: Duration::from_secs(a.abandon_seconds),
            trusted_proxies: a.trusted_proxies.clone(),
            socket_queue: 32,
            sweep_interval: Duration::from_secs(10),
            chat_rate: 0.5,
            chat_burst: 5.0,
            notify_url: a.notify_url.clone(),
        }
    }
}
