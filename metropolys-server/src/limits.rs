//! Limits on clients: a token bucket per key (a seat credential, a
//! spectator's socket, a client address) in a table of bounded size, and
//! the count of open connections, in all and per address.

use crate::protocol::{ErrorCode, ProtoError};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::Instant;

/// The key of a client address for per-address limits: the address, or
/// for IPv6 its /56 network (what one household or customer is given: a
/// client holds every /64 of it, so a /64 key would let it count as 256
/// clients).
pub fn address_key(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let s = v6.segments();
                format!("{:x}:{:x}:{:x}:{:x}::/56", s[0], s[1], s[2], s[3] & 0xff00)
            }
        },
    }
}

/// Open TCP connections: at most `max` in all and `per_address` from one
/// address key.
pub struct Connections {
    max: usize,
    per_address: usize,
    open: Mutex<(usize, HashMap<String, usize>)>,
}

/// One open connection's place; dropping it frees the place.
pub struct ConnectionSlot {
    owner: Arc<Connections>,
    /// Counted toward `max` in all.
    total: bool,
    /// Counted toward `per_address` for this key.
    key: Option<String>,
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        let mut open = self.owner.open.lock().unwrap_or_else(|p| p.into_inner());
        if self.total {
            open.0 -= 1;
        }
        if let Some(key) = &self.key {
            if let Some(n) = open.1.get_mut(key) {
                *n -= 1;
                if *n == 0 {
                    open.1.remove(key);
                }
            }
        }
    }
}

impl Connections {
    /// At most `max` connections, `per_address` from one address.
    pub fn new(max: usize, per_address: usize) -> Arc<Connections> {
        Arc::new(Connections {
            max: max.max(1),
            per_address: per_address.max(1),
            open: Mutex::new((0, HashMap::new())),
        })
    }

    /// A place for a connection from `ip`, or `None` at either limit.
    pub fn admit(self: &Arc<Self>, ip: IpAddr) -> Option<ConnectionSlot> {
        self.take(true, Some(address_key(ip)))
    }

    /// A place for a connection of a trusted proxy: it counts toward `max`
    /// only (the proxy carries many clients' connections).
    pub fn admit_proxy(self: &Arc<Self>) -> Option<ConnectionSlot> {
        self.take(true, None)
    }

    /// A place for a client behind a trusted proxy, held while its request
    /// (or WebSocket) lasts: it counts toward `per_address` only (the
    /// proxy's connection counts toward `max`).
    pub fn admit_forwarded(self: &Arc<Self>, client: IpAddr) -> Option<ConnectionSlot> {
        self.take(false, Some(address_key(client)))
    }

    fn take(self: &Arc<Self>, total: bool, key: Option<String>) -> Option<ConnectionSlot> {
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        if total && open.0 >= self.max {
            return None;
        }
        if let Some(key) = &key {
            let mine = open.1.get(key).copied().unwrap_or(0);
            if mine >= self.per_address {
                return None;
            }
            open.1.insert(key.clone(), mine + 1);
        }
        if total {
            open.0 += 1;
        }
        Some(ConnectionSlot {
            owner: self.clone(),
            total,
            key,
        })
    }

    /// Connections open now.
    pub fn open(&self) -> usize {
        self.open.lock().unwrap_or_else(|p| p.into_inner()).0
    }
}

/// A client behind a trusted proxy: its place among
/// `--connections-per-address` ([`Connections::admit_forwarded`]), held
/// while its request lasts (and by its WebSocket while that lives).
#[derive(Clone)]
pub struct ClientSlot {
    _held: Arc<ConnectionSlot>,
}

impl ClientSlot {
    /// Holds `slot`.
    pub fn new(slot: ConnectionSlot) -> ClientSlot {
        ClientSlot {
            _held: Arc::new(slot),
        }
    }
}

/// The chat's rate per client address is this many times a credential's
/// (`--rate` aside: 5 messages in 10 seconds per credential, so 10 per
/// address): two players of one household, and a client that gives its
/// seat up and takes it again for a new credential gains nothing.
pub(crate) const CHAT_ADDRESS_SHARE: f64 = 2.0;

/// The chat's rate per match is this many times a credential's (20
/// messages in 10 seconds): four players chatting at their rate, so that
/// one address (at most twice a credential's rate) never takes more than
/// half of it.
pub(crate) const CHAT_MATCH_SHARE: f64 = 4.0;

/// The chat's rates: per credential, per client address (an IPv4 address,
/// an IPv6 /56) and per match. A message must be within all three; it is
/// checked only once it would be accepted (a refused one costs no one's
/// rate), per credential first, so that a client over its own rate does
/// not use its address's or its match's.
pub(crate) struct ChatLimits {
    rate: f64,
    burst: f64,
    per_credential: RateLimiter,
    per_address: RateLimiter,
    per_match: RateLimiter,
}

impl ChatLimits {
    /// A credential's rate and burst (`Options::chat_rate`, `chat_burst`);
    /// the others follow from them.
    pub(crate) fn new(rate: f64, burst: f64) -> ChatLimits {
        let scaled = |k: f64| RateLimiter::new(rate * k, burst * k, 100_000);
        ChatLimits {
            rate,
            burst,
            per_credential: RateLimiter::new(rate, burst, 100_000),
            per_address: scaled(CHAT_ADDRESS_SHARE),
            per_match: scaled(CHAT_MATCH_SHARE),
        }
    }

    /// `rate_limited` unless a chat message of `credential` (a credential
    /// key), from `address` (an address key), to match `match_id` is
    /// within every rate (the message is then counted toward each).
    pub(crate) fn admit(
        &self,
        credential: &str,
        address: &str,
        match_id: &str,
    ) -> Result<(), ProtoError> {
        let checks: [(&RateLimiter, &str, f64, &str); 3] = [
            (&self.per_credential, credential, 1.0, "per player"),
            (
                &self.per_address,
                address,
                CHAT_ADDRESS_SHARE,
                "per address",
            ),
            (&self.per_match, match_id, CHAT_MATCH_SHARE, "in a match"),
        ];
        for (limiter, key, share, scope) in checks {
            if limiter.check(key) != Verdict::Allow {
                let n = (self.burst * share).round();
                let secs = (self.burst / self.rate).round();
                return Err(ProtoError::new(
                    ErrorCode::RateLimited,
                    format!(
                        "at most {n} chat messages in {secs} seconds {scope}; this one was dropped"
                    ),
                ));
            }
        }
        Ok(())
    }
}

/// What a bucket says about one more message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Within the rate.
    Allow,
    /// Over the rate: drop the message with `rate_limited`.
    Deny,
    /// Far over the rate (a whole burst refused in a row): close the socket.
    Flood,
}

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    last: Instant,
    denied: u32,
}

/// Token buckets: `rate` per second, bursts of `burst`.
pub struct RateLimiter {
    rate: f64,
    burst: f64,
    max_keys: usize,
    buckets: Mutex<HashMap<String, Bucket>>,
}

impl RateLimiter {
    /// A limiter of `rate` messages per second with bursts of `burst`,
    /// keeping at most `max_keys` buckets (the full ones are forgotten
    /// first: a full bucket is the same as none).
    pub fn new(rate: f64, burst: f64, max_keys: usize) -> RateLimiter {
        RateLimiter {
            rate,
            burst: burst.max(1.0),
            max_keys: max_keys.max(16),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// One message for `key`.
    pub fn check(&self, key: &str) -> Verdict {
        let now = Instant::now();
        let mut map = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() >= self.max_keys && !map.contains_key(key) {
            let (rate, burst) = (self.rate, self.burst);
            map.retain(|_, b| b.tokens + now.duration_since(b.last).as_secs_f64() * rate < burst);
            if map.len() >= self.max_keys {
                // Every bucket is in use: refuse newcomers rather than grow.
                return Verdict::Deny;
            }
        }
        let b = map.entry(key.to_string()).or_insert(Bucket {
            tokens: self.burst,
            last: now,
            denied: 0,
        });
        b.tokens =
            (b.tokens + now.duration_since(b.last).as_secs_f64() * self.rate).min(self.burst);
        b.last = now;
        if b.tokens >= 1.0 {
            b.tokens -= 1.0;
            b.denied = 0;
            Verdict::Allow
        } else {
            b.denied += 1;
            if f64::from(b.denied) > self.burst {
                Verdict::Flood
            } else {
                Verdict::Deny
            }
        }
    }

    /// Forgets `key` (a closed socket's bucket).
    pub fn forget(&self, key: &str) {
        self.buckets
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_passes_then_a_flood_is_named() {
        let l = RateLimiter::new(0.001, 3.0, 100);
        assert_eq!(l.check("a"), Verdict::Allow);
        assert_eq!(l.check("a"), Verdict::Allow);
        assert_eq!(l.check("a"), Verdict::Allow);
        assert_eq!(l.check("a"), Verdict::Deny);
        assert_eq!(l.check("b"), Verdict::Allow, "keys are independent");
        assert_eq!(l.check("a"), Verdict::Deny);
        assert_eq!(l.check("a"), Verdict::Deny);
        assert_eq!(l.check("a"), Verdict::Flood);
    }

    #[test]
    fn connections_are_counted_in_all_and_per_address() {
        let c = Connections::new(3, 2);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let a1 = c.admit(a).unwrap();
        let _a2 = c.admit(a).unwrap();
        assert!(c.admit(a).is_none(), "two per address");
        let _b1 = c.admit(b).unwrap();
        assert!(c.admit(b).is_none(), "three in all");
        drop(a1);
        let b2 = c.admit(b).unwrap();
        assert_eq!(c.open(), 3);
        // A trusted proxy's connections count in all only; the clients
        // behind it per address only.
        let proxy = c.admit_proxy();
        assert!(proxy.is_none(), "three in all");
        drop(b2);
        let _proxy = c.admit_proxy().unwrap();
        let _f1 = c.admit_forwarded(b).unwrap();
        assert!(c.admit_forwarded(b).is_none(), "two per address");
        let _f2 = c.admit_forwarded("10.0.0.3".parse().unwrap()).unwrap();
        assert_eq!(c.open(), 3);
        // One IPv6 customer is one /56: every /64 of it is the same key,
        // the next /56 another.
        let key = |s: &str| address_key(s.parse().unwrap());
        assert_eq!(key("2001:db8:1:2::1"), key("2001:db8:1:2:ffff::9"));
        assert_eq!(key("2001:db8:1:200::1"), key("2001:db8:1:2ff:1::1"));
        assert_eq!(key("2001:db8:1:2ff::1"), "2001:db8:1:200::/56");
        assert_ne!(key("2001:db8:1:1ff::1"), key("2001:db8:1:200::1"));
        assert_eq!(key("::ffff:10.0.0.1"), "10.0.0.1");
        assert_eq!(key("10.0.0.1"), "10.0.0.1");
    }

    #[test]
    fn the_chat_is_limited_per_credential_address_and_match() {
        // 2 at once per credential, 4 per address, 8 per match.
        let c = ChatLimits::new(0.0001, 2.0);
        let rate_limited =
            |r: Result<(), ProtoError>| r.unwrap_err().code == ErrorCode::RateLimited;
        for _ in 0..2 {
            c.admit("a1", "ip1", "m").unwrap();
        }
        assert!(rate_limited(c.admit("a1", "ip1", "m")), "per credential");
        // A new credential from the same address: its address's rate.
        for _ in 0..2 {
            c.admit("a2", "ip1", "m").unwrap();
        }
        let e = c.admit("a3", "ip1", "m").unwrap_err();
        assert!(e.message.contains("per address"), "{}", e.message);
        // Other addresses: the match's rate.
        for credential in ["b1", "b2"] {
            for _ in 0..2 {
                c.admit(credential, "ip2", "m").unwrap();
            }
        }
        let e = c.admit("c1", "ip3", "m").unwrap_err();
        assert!(e.message.contains("in a match"), "{}", e.message);
        // Another match is another rate.
        c.admit("c1", "ip3", "m2").unwrap();
    }

    #[test]
    fn the_table_stays_bounded() {
        let l = RateLimiter::new(0.001, 1.0, 16);
        for i in 0..16 {
            assert_eq!(l.check(&i.to_string()), Verdict::Allow);
        }
        // Every bucket is empty and in use: a newcomer is refused.
        assert_eq!(l.check("new"), Verdict::Deny);
        assert!(l.buckets.lock().unwrap().len() <= 16);
    }
}
