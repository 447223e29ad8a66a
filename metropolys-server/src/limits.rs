//! Rate limits: a token bucket per key (a seat credential, a spectator's
//! socket, a client address), in a table of bounded size.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

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
