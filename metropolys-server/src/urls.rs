//! What `metropolys serve` prints about where it can be reached: first a
//! URL that works from this machine, then, when it listens on every
//! interface, one URL per network address others can open (loopback and
//! link-local addresses left out), or, when it listens on loopback only,
//! that nobody else can reach it and how to let them.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

/// `http://HOST:PORT/`, an IPv6 address in brackets.
pub(crate) fn url(ip: IpAddr, port: u16) -> String {
    format!("http://{}/", SocketAddr::new(ip, port))
}

/// The URL that works from this machine for a server bound to `bound`:
/// loopback for an unspecified address (`0.0.0.0`, `::`), else the address
/// itself.
pub(crate) fn local_url(bound: SocketAddr) -> String {
    let ip = match bound.ip() {
        IpAddr::V4(v4) if v4.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(v6) if v6.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    url(ip, bound.port())
}

/// Whether other machines may reach `ip`: not loopback, not link-local
/// (which needs an interface name to be opened), not unspecified.
fn reachable(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => !(v4.is_loopback() || v4.is_link_local() || v4.is_unspecified()),
        IpAddr::V6(v6) => {
            !(v6.is_loopback() || v6.is_unicast_link_local() || v6.is_unspecified())
                && v6.to_ipv4_mapped().is_none()
        }
    }
}

/// The lines printed after the first, for a server bound to `bound` on a
/// machine whose interfaces have the addresses `interfaces`. Bound to
/// `0.0.0.0`, only IPv4 addresses answer; bound to `::`, both (where the
/// system accepts IPv4 on it, as Linux does by default).
pub(crate) fn more_lines(bound: SocketAddr, interfaces: &[IpAddr]) -> Vec<String> {
    let port = bound.port();
    let ip = bound.ip();
    if ip.is_loopback() {
        return vec![format!(
            "  only this machine can reach it; to let others on your network in, listen on every interface: --addr 0.0.0.0:{port}"
        )];
    }
    if !ip.is_unspecified() {
        return Vec::new();
    }
    let mut seen = Vec::new();
    let mut lines = Vec::new();
    for &a in interfaces {
        if !reachable(a) || (ip.is_ipv4() && a.is_ipv6()) || seen.contains(&a) {
            continue;
        }
        seen.push(a);
        lines.push(format!("  from other machines: {}", url(a, port)));
    }
    if lines.is_empty() {
        lines.push("  from other machines: no network address found on this machine".into());
    } else {
        lines.push(format!(
            "  (if they cannot connect, allow TCP port {port} in this machine's firewall)"
        ));
    }
    lines
}

/// The addresses of this machine's interfaces (none if they cannot be
/// read).
pub(crate) fn interface_addresses() -> Vec<IpAddr> {
    if_addrs::get_if_addrs()
        .map(|v| v.into_iter().map(|i| i.ip()).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ips(list: &[&str]) -> Vec<IpAddr> {
        list.iter().map(|s| s.parse().unwrap()).collect()
    }

    #[test]
    fn urls_others_can_open() {
        let machine = ips(&[
            "127.0.0.1",
            "192.168.1.20",
            "169.254.3.4",
            "10.0.0.5",
            "::1",
            "fe80::1",
            "2001:db8::7",
            "192.168.1.20",
        ]);
        let any4: SocketAddr = "0.0.0.0:8080".parse().unwrap();
        assert_eq!(local_url(any4), "http://127.0.0.1:8080/");
        assert_eq!(
            more_lines(any4, &machine),
            vec![
                "  from other machines: http://192.168.1.20:8080/",
                "  from other machines: http://10.0.0.5:8080/",
                "  (if they cannot connect, allow TCP port 8080 in this machine's firewall)",
            ]
        );
        let any6: SocketAddr = "[::]:9000".parse().unwrap();
        assert_eq!(local_url(any6), "http://[::1]:9000/");
        let lines = more_lines(any6, &machine);
        assert!(lines.contains(&"  from other machines: http://[2001:db8::7]:9000/".into()));
        assert!(lines.contains(&"  from other machines: http://10.0.0.5:9000/".into()));
        assert!(!lines
            .iter()
            .any(|l| l.contains("fe80") || l.contains("169.254")));
        let lo: SocketAddr = "127.0.0.1:8080".parse().unwrap();
        assert_eq!(local_url(lo), "http://127.0.0.1:8080/");
        assert_eq!(more_lines(lo, &machine).len(), 1);
        assert!(more_lines(lo, &machine)[0].contains("--addr 0.0.0.0:8080"));
        let one: SocketAddr = "192.168.1.20:80".parse().unwrap();
        assert_eq!(local_url(one), "http://192.168.1.20:80/");
        assert!(more_lines(one, &machine).is_empty());
        assert_eq!(
            more_lines(any4, &ips(&["127.0.0.1"])),
            vec!["  from other machines: no network address found on this machine"]
        );
    }
}
