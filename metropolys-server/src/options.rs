//! The server's options, and how `metropolys serve`'s arguments set them.

use std::net::SocketAddr;
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
