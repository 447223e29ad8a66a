//! The client behind a trusted reverse proxy (`--trusted-proxy`): a
//! request whose peer is such a proxy is attributed to the address in the
//! last entry of its `X-Forwarded-For` (the one the proxy itself appended:
//! earlier entries are whatever the client sent, and are ignored), so that
//! the per-address limits apply to each real client. From any other peer
//! the header is ignored: a client cannot choose its own address.

use crate::protocol::{shorten, ErrorCode, ProtoError};
use axum::http::HeaderMap;
use std::net::{IpAddr, SocketAddr};

/// The trusted proxies' addresses (IPv4-mapped IPv6 addresses as IPv4).
#[derive(Debug, Clone, Default)]
pub(crate) struct Proxies(Vec<IpAddr>);

impl Proxies {
    /// From `--trusted-proxy` values.
    pub(crate) fn new(addresses: &[IpAddr]) -> Proxies {
        Proxies(addresses.iter().map(IpAddr::to_canonical).collect())
    }

    /// Whether `peer` is a trusted proxy.
    pub(crate) fn trusts(&self, peer: IpAddr) -> bool {
        self.0.contains(&peer.to_canonical())
    }

    /// The client a request from `peer` is attributed to: for a trusted
    /// proxy, the last `X-Forwarded-For` entry (or the proxy itself when
    /// there is none); else `peer`. A malformed header from a trusted proxy
    /// is `bad_message`.
    pub(crate) fn client(&self, peer: IpAddr, headers: &HeaderMap) -> Result<IpAddr, ProtoError> {
        if !self.trusts(peer) {
            return Ok(peer);
        }
        match headers.get_all("x-forwarded-for").iter().next_back() {
            None => Ok(peer),
            Some(v) => {
                let text = v.to_str().unwrap_or_default();
                last_entry(text).ok_or_else(|| {
                    ProtoError::new(
                        ErrorCode::BadMessage,
                        format!(
                            "malformed X-Forwarded-For from the trusted proxy: {:?} (its last entry must be an IP address)",
                            shorten(text)
                        ),
                    )
                })
            }
        }
    }
}

/// The address in the last entry of an `X-Forwarded-For` value: an IPv4
/// or IPv6 address, optionally with a port (`1.2.3.4:5`, `[::1]:5`, `[::1]`).
fn last_entry(value: &str) -> Option<IpAddr> {
    let entry = value.rsplit(',').next()?.trim();
    if let Ok(ip) = entry.parse::<IpAddr>() {
        return Some(ip.to_canonical());
    }
    if let Ok(sa) = entry.parse::<SocketAddr>() {
        return Some(sa.ip().to_canonical());
    }
    entry
        .strip_prefix('[')
        .and_then(|e| e.strip_suffix(']'))
        .and_then(|e| e.parse::<std::net::Ipv6Addr>().ok())
        .map(|ip| IpAddr::V6(ip).to_canonical())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(values: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append("x-forwarded-for", HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn the_last_entry_from_a_trusted_proxy_names_the_client() {
        let proxy: IpAddr = "127.0.0.1".parse().unwrap();
        let p = Proxies::new(&[proxy]);
        let ip = |s: &str| s.parse::<IpAddr>().unwrap();
        for (values, client) in [
            (vec!["203.0.113.7"], "203.0.113.7"),
            (vec!["1.2.3.4, 203.0.113.7"], "203.0.113.7"),
            (vec!["1.2.3.4", "10.0.0.1,203.0.113.7"], "203.0.113.7"),
            (vec!["2001:db8::1"], "2001:db8::1"),
            (vec!["[2001:db8::1]:443"], "2001:db8::1"),
            (vec!["[2001:db8::2]"], "2001:db8::2"),
            (vec!["203.0.113.7:5000"], "203.0.113.7"),
            (vec!["::ffff:203.0.113.7"], "203.0.113.7"),
        ] {
            assert_eq!(
                p.client(proxy, &headers(&values)),
                Ok(ip(client)),
                "{values:?}"
            );
        }
        // No header: the proxy itself; the IPv4-mapped form is the proxy too.
        assert_eq!(p.client(proxy, &headers(&[])), Ok(proxy));
        let mapped = ip("::ffff:127.0.0.1");
        assert_eq!(p.client(mapped, &headers(&["9.9.9.9"])), Ok(ip("9.9.9.9")));
        for bad in ["", "nope", "1.2.3.4, ", "1.2.3.4,unknown", "300.1.1.1"] {
            let e = p.client(proxy, &headers(&[bad])).unwrap_err();
            assert_eq!(e.code, ErrorCode::BadMessage, "{bad:?}");
        }
        // Anyone else's header is ignored.
        let other = ip("10.1.1.1");
        assert_eq!(p.client(other, &headers(&["9.9.9.9"])), Ok(other));
        assert_eq!(p.client(other, &headers(&["garbage"])), Ok(other));
    }
}
