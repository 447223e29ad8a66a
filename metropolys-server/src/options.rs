//! The server's options, and how `metropolys serve`'s arguments set them.

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::time::Duration;

/// `metropolys serve`: its options, each declared here once (its flag,
/// default and meaning): [`Options::default`] takes these defaults,
/// `--help` shows these texts, and docs/server.md's table of options is
/// generated from them ([`options_table`]).
#[derive(Debug, Clone, clap::Args)]
pub struct Args {
    /// Where to listen (port 0: any free port; the URL printed says which)
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// The SQLite file; created when missing (an older one is migrated);
    /// its unfinished matches are restored
    #[arg(long, value_name = "FILE", default_value = "metropolys.db")]
    pub database: PathBuf,
    /// Unfinished matches the server holds at most
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub max_matches: usize,
    /// Matches waiting that one client address (an IPv6 /56) may have
    /// created or joined at once: open ones (waiting for players), and
    /// started ones in which nobody moved for --open-seconds (not a
    /// correspondence match: a turn timer of an hour or more); counted in
    /// the database, so across restarts (too_many_open_matches)
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub open_per_address: usize,
    /// An open match that nobody sits at (no seat's socket open) for this
    /// long is cancelled; a started match in which nobody moved for this
    /// long counts toward --open-per-address
    #[arg(long, value_name = "S", default_value_t = 900)]
    pub open_seconds: u64,
    /// Days a finished match stays listed in the lobby (its link, record
    /// and final view stay as long as the database keeps it)
    #[arg(long, value_name = "D", default_value_t = 14)]
    pub keep_days: u64,
    /// The longest a bot may think per decision, in seconds (bot specs
    /// asking for more are refused; ismcts bots get it as their budget)
    #[arg(long, value_name = "S", default_value_t = 5.0)]
    pub bot_seconds: f64,
    /// The most threads one bot may use
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub bot_threads: usize,
    /// The most memory one bot decision's search tree may take, in MiB
    /// (ismcts bots get it as tree_edges)
    #[arg(long, value_name = "M", default_value_t = 128)]
    pub bot_tree_mib: u64,
    /// Bot decisions computed at once, all matches together (0: one per
    /// CPU)
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub bot_pool: usize,
    /// A socket that sends nothing (not even a pong) for this many seconds
    /// is closed
    #[arg(long, value_name = "S", default_value_t = 120)]
    pub idle_seconds: u64,
    /// An HTTP connection must send a request's headers (and may stay idle
    /// between requests) within this many seconds; a socket must take
    /// each message the server writes within this
    #[arg(long, value_name = "S", default_value_t = 10)]
    pub io_seconds: u64,
    /// TCP connections (HTTP and WebSocket) open at once; keep it below
    /// the file-descriptor limit (ulimit -n)
    #[arg(long, value_name = "N", default_value_t = 4096)]
    pub max_connections: usize,
    /// TCP connections open at once from one client address (an IPv6 /56)
    #[arg(long, value_name = "N", default_value_t = 128)]
    pub connections_per_address: usize,
    /// WebSocket messages (and leave, cancel, rematch requests) per second
    /// per credential, or per spectator socket; chat messages also count
    /// toward the chat's own rates
    #[arg(long, value_name = "R", default_value_t = 10.0)]
    pub rate: f64,
    /// Messages a credential may send at once before --rate applies
    #[arg(long, value_name = "B", default_value_t = 40.0)]
    pub burst: f64,
    /// HTTP requests per second per client address (bursts of 5 times it)
    #[arg(long, value_name = "R", default_value_t = 50.0)]
    pub http_rate: f64,
    /// The largest WebSocket message, in bytes
    #[arg(long, value_name = "N", default_value_t = 4096)]
    pub max_message_bytes: usize,
    /// Spectators' sockets per match; the seats' sockets are counted apart
    /// (each seat's holder may have 8 open at once on its match: devices,
    /// tabs), so spectators never keep a player out
    #[arg(long, value_name = "N", default_value_t = 64)]
    pub max_sockets: usize,
    /// An origin (scheme://host, and :port when not the default) whose
    /// pages may use this server besides its own, e.g. the public
    /// https://… address of a reverse proxy; its host is also accepted in
    /// the Host header (repeatable)
    #[arg(long = "origin", value_name = "URL")]
    pub origins: Vec<String>,
    /// A seated player may cancel a match once every other human seat is
    /// free or its holder has had no socket open for this many seconds (0:
    /// at once)
    #[arg(long, value_name = "S", default_value_t = 120)]
    pub abandon_seconds: u64,
    /// A reverse proxy in front of this server (repeatable): its requests
    /// are attributed to the client in the last entry of their
    /// X-Forwarded-For header, and the per-address limits
    /// (--open-per-address, --http-rate, --connections-per-address, the
    /// chat's rate per address) apply to that client; its own connections
    /// count only toward --max-connections. Without it the header is
    /// ignored
    #[arg(long = "trusted-proxy", value_name = "IP")]
    pub trusted_proxies: Vec<IpAddr>,
    /// The notice relay: an http:// URL the server posts a JSON Notice to
    /// when a correspondence match (a turn timer of an hour or more) waits
    /// for a player who is away and whose account gave a contact; the
    /// relay sends the e-mail, push or chat message. Without it no notices
    /// are sent
    #[arg(long, value_name = "URL", value_parser = crate::accounts::notices::notify_url)]
    pub notify_url: Option<String>,
}

/// `metropolys serve` alone, to read [`Args`]'s declarations.
#[derive(clap::Parser)]
#[command(name = "serve")]
struct Serve {
    #[command(flatten)]
    args: Args,
}

impl Default for Args {
    /// Every option at its default.
    fn default() -> Args {
        use clap::Parser as _;
        Serve::parse_from(["serve"]).args
    }
}

/// The flag [`Args`] declares for its field `field` (`--origin` for
/// `origins`).
pub(crate) fn flag_of(field: &str) -> Option<String> {
    use clap::CommandFactory as _;
    Serve::command()
        .get_arguments()
        .find(|a| a.get_id() == field)
        .and_then(|a| a.get_long())
        .map(|l| format!("--{l}"))
}

/// docs/server.md's table of `metropolys serve`'s options: each one's flag,
/// default and meaning, as [`Args`] declares them.
pub fn options_table() -> String {
    use clap::CommandFactory as _;
    let cmd = Serve::command();
    let mut t = String::from("| option | default | meaning |\n| --- | --- | --- |\n");
    for a in cmd.get_arguments() {
        let Some(long) = a.get_long() else { continue };
        if long == "help" {
            continue;
        }
        let value = a
            .get_value_names()
            .and_then(|v| v.first())
            .map_or(String::new(), |v| format!(" {v}"));
        let defaults: Vec<String> = a
            .get_default_values()
            .iter()
            .map(|d| format!("`{}`", d.to_string_lossy()))
            .collect();
        let default = if defaults.is_empty() {
            "none".to_string()
        } else {
            defaults.join(", ")
        };
        let help = a
            .get_long_help()
            .or(a.get_help())
            .map(|h| h.to_string())
            .unwrap_or_default();
        let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
        t.push_str(&format!("| `--{long}{value}` | {default} | {help} |\n"));
    }
    t
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
    /// Every option at its default (as [`Args`] declares it).
    fn default() -> Options {
        Options::from(&Args::default())
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
