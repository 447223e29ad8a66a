//! The connection loop: every accepted TCP connection gets `TCP_NODELAY`
//! (a reply is not held back waiting for an acknowledgement), keepalive
//! probes (a peer that vanished is noticed), a bounded send buffer, and a
//! place among `--max-connections` in all and `--connections-per-address`
//! per address (a connection over either is closed at once). hyper serves
//! it with a header read timeout, which also closes keep-alive connections
//! idle between requests; WebSocket upgrades keep the connection's place.

use crate::limits::ConnectionSlot;
use crate::shared::Shared;
use axum::body::Body;
use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tower::ServiceExt;

/// The kernel's send buffer per socket: a client that does not read holds
/// at most this much (the kernel doubles it for bookkeeping) beside the
/// socket's queue.
const SEND_BUFFER: usize = 64 * 1024;

/// Socket options of an accepted connection.
fn tune(tcp: &TcpStream) {
    let _ = tcp.set_nodelay(true);
    let s = socket2::SockRef::from(tcp);
    let ka = socket2::TcpKeepalive::new()
        .with_time(Duration::from_secs(60))
        .with_interval(Duration::from_secs(10));
    let _ = s.set_tcp_keepalive(&ka);
    let _ = s.set_send_buffer_size(SEND_BUFFER);
}

/// Accepts and serves connections until `shutdown` completes; then asks
/// every connection to finish its request and waits for them (at most the
/// I/O timeout).
pub(crate) async fn serve(
    listener: TcpListener,
    sh: Arc<Shared>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let router = crate::http::router(sh.clone());
    let (stop_tx, stop_rx) = watch::channel(false);
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let (tcp, addr) = tokio::select! {
            r = listener.accept() => match r {
                Ok(x) => x,
                Err(e) => {
                    // Out of file descriptors or a connection reset before
                    // it was accepted: wait a little and go on.
                    tracing::warn!("accept: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            _ = &mut shutdown => break,
        };
        let slot = if sh.proxies.trusts(addr.ip()) {
            // A trusted proxy carries many clients: its connections count
            // in all, each client behind it per address (crate::http).
            sh.connections.admit_proxy()
        } else {
            sh.connections.admit(addr.ip())
        };
        let Some(slot) = slot else {
            drop(tcp);
            continue;
        };
        tune(&tcp);
        let slot = Arc::new(slot);
        let router = router.clone();
        let io_timeout = sh.options.io_timeout;
        let mut stop = stop_rx.clone();
        tokio::spawn(async move {
            let held = slot.clone();
            let service = router.map_request(move |req: hyper::Request<Incoming>| {
                let mut req = req.map(Body::new);
                req.extensions_mut().insert(ConnectInfo(addr));
                req.extensions_mut().insert(held.clone());
                req
            });
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(io_timeout)
                .max_buf_size(64 * 1024)
                .serve_connection(TokioIo::new(tcp), TowerToHyperService::new(service))
                .with_upgrades();
            let mut conn = std::pin::pin!(conn);
            let r = tokio::select! {
                r = conn.as_mut() => r,
                _ = async { let _ = stop.wait_for(|s| *s).await; } => {
                    conn.as_mut().graceful_shutdown();
                    conn.await
                }
            };
            if let Err(e) = r {
                tracing::debug!("connection {addr}: {e}");
            }
            drop::<Arc<ConnectionSlot>>(slot);
        });
    }
    drop(listener);
    let _ = stop_tx.send(true);
    // Connections end as their requests do (sockets are closed by the
    // rooms); wait for them a little.
    let end = tokio::time::Instant::now() + sh.options.io_timeout;
    while sh.connections.open() > 0 && tokio::time::Instant::now() < end {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    Ok(())
}
