//! What a request must show: a `Host` that no DNS-rebinding page can send,
//! an `Origin` (when a browser sends one) of this server or of `--origin`
//! (checked before any handler), and for a POST whose body is read a JSON
//! content type, which a cross-site form cannot send without asking first
//! (checked by those handlers).

use crate::protocol::{ErrorCode, ProtoError};
use axum::http::{header, HeaderMap};
use std::net::IpAddr;

/// The host part of a `Host` header or of an origin's authority
/// (`host[:port]`, `[v6][:port]`), lowercased.
fn hostname(authority: &str) -> String {
    let a = authority.trim().to_ascii_lowercase();
    if let Some(rest) = a.strip_prefix('[') {
        return rest.split(']').next().unwrap_or_default().to_string();
    }
    match a.rsplit_once(':') {
        Some((h, port)) if port.bytes().all(|b| b.is_ascii_digit()) => h.to_string(),
        _ => a,
    }
}

/// The authority (`host[:port]`) of an origin `scheme://authority`,
/// lowercased; `None` for anything else (`null`, a path).
fn origin_authority(origin: &str) -> Option<String> {
    let (scheme, rest) = origin.trim().split_once("://")?;
    if !matches!(scheme, "http" | "https") {
        return None;
    }
    let rest = rest.trim_end_matches('/');
    if rest.is_empty() || rest.contains('/') {
        return None;
    }
    Some(rest.to_ascii_lowercase())
}

/// The allowed origins and hosts of a server.
#[derive(Debug, Clone, Default)]
pub struct Guard {
    /// `scheme://authority`, lowercased, without a trailing slash.
    origins: Vec<String>,
    /// The hosts of those origins.
    hosts: Vec<String>,
}

impl Guard {
    /// From the allowed origins (`Options::origins`); a malformed one is an
    /// error, which says why.
    pub fn new(origins: &[String]) -> Result<Guard, String> {
        let mut g = Guard::default();
        for o in origins {
            let a = origin_authority(o)
                .ok_or_else(|| format!("{o:?} is not an origin: expected scheme://host[:port]"))?;
            let scheme = o.trim().split_once("://").map_or("http", |x| x.0);
            g.origins.push(format!("{scheme}://{a}"));
            g.hosts.push(hostname(&a));
        }
        Ok(g)
    }

    fn host_allowed(&self, host: &str) -> bool {
        let h = hostname(host);
        h.parse::<IpAddr>().is_ok()
            || h == "localhost"
            || h.ends_with(".localhost")
            || self.hosts.contains(&h)
    }

    /// Checks a request's `Host` and `Origin`.
    pub fn check(&self, headers: &HeaderMap) -> Result<(), ProtoError> {
        let host = headers
            .get(header::HOST)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        if !self.host_allowed(host) {
            return Err(ProtoError::new(
                ErrorCode::UnknownHost,
                "this server does not answer for that host name (start it with --origin for a public name)",
            ));
        }
        if let Some(origin) = headers.get(header::ORIGIN) {
            let o = origin.to_str().unwrap_or_default();
            let ok = match origin_authority(o) {
                Some(a) => {
                    a == host.trim().to_ascii_lowercase()
                        || self.origins.iter().any(|x| {
                            x == o.trim().trim_end_matches('/').to_ascii_lowercase().as_str()
                        })
                }
                None => false,
            };
            if !ok {
                return Err(ProtoError::new(
                    ErrorCode::ForbiddenOrigin,
                    "requests from pages of another site are refused",
                ));
            }
        }
        Ok(())
    }
}

/// A POST whose body is read (create, join) carries
/// `Content-Type: application/json`: a cross-site form cannot send it
/// without the browser asking first (which this server never allows).
pub fn require_json(headers: &HeaderMap) -> Result<(), ProtoError> {
    let json = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"));
    if json {
        Ok(())
    } else {
        Err(ProtoError::new(
            ErrorCode::UnsupportedMediaType,
            "this request's body is JSON: send Content-Type: application/json",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(header::HeaderName, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(k.clone(), HeaderValue::from_str(v).unwrap());
        }
        h
    }

    #[test]
    fn hosts_origins_and_content_types() {
        let g = Guard::new(&["https://play.example.org".to_string()]).unwrap();
        for host in [
            "127.0.0.1:8080",
            "[::1]:80",
            "localhost:1",
            "192.168.1.20",
            "play.example.org",
        ] {
            assert!(g.check(&headers(&[(header::HOST, host)])).is_ok(), "{host}");
        }
        let e = g
            .check(&headers(&[(header::HOST, "evil.example:8080")]))
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::UnknownHost);
        let same = headers(&[
            (header::HOST, "127.0.0.1:8080"),
            (header::ORIGIN, "http://127.0.0.1:8080"),
            (header::CONTENT_TYPE, "application/json; charset=utf-8"),
        ]);
        assert!(g.check(&same).is_ok());
        let proxied = headers(&[
            (header::HOST, "127.0.0.1:8080"),
            (header::ORIGIN, "https://play.example.org"),
            (header::CONTENT_TYPE, "application/json"),
        ]);
        assert!(g.check(&proxied).is_ok());
        for origin in ["http://evil.example", "null", "http://127.0.0.1:9999"] {
            let h = headers(&[
                (header::HOST, "127.0.0.1:8080"),
                (header::ORIGIN, origin),
                (header::CONTENT_TYPE, "application/json"),
            ]);
            assert_eq!(g.check(&h).unwrap_err().code, ErrorCode::ForbiddenOrigin);
        }
        let form = headers(&[
            (header::HOST, "127.0.0.1"),
            (header::CONTENT_TYPE, "text/plain"),
        ]);
        assert_eq!(
            require_json(&form).unwrap_err().code,
            ErrorCode::UnsupportedMediaType
        );
        assert!(require_json(&same).is_ok());
        assert!(Guard::new(&["example.org".to_string()]).is_err());
    }
}
