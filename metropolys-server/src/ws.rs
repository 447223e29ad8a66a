//! One client's WebSocket: its upgrade (credential, `since`, `Origin`
//! already checked by crate::guard), a writer that drains the socket's
//! bounded queue under a write timeout, and a reader that hands requests
//! to the room one at a time, each carried out whole
//! (`crate::shared::whole`: a move or a chat message is committed and
//! applied, or not at all, whatever becomes of the socket). A socket the
//! room gives up on (too slow, its seat given up) ends at once, and
//! counts toward the match's and the server's limits until its connection
//! has really closed.

use crate::answers::error;
use crate::credential::credential_key;
use crate::limits::{address_key, ClientSlot, ConnectionSlot, Verdict};
use crate::protocol::{parse_client, ClientRequest, ErrorCode, ProtoError};
use crate::room::{ClientHandle, Frame, NoPlace, Room, SocketSlot};
use crate::shared::{whole, Shared};
use axum::body::Bytes;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Extension, Path, RawQuery, State};
use axum::response::Response;
use futures_util::{SinkExt, StreamExt};
use metropolys_core::Seat;
use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, Notify};

/// The read buffer of a socket: client messages are small (at most
/// `--max-message-bytes`), and an idle socket should cost kilobytes.
const READ_BUFFER: usize = 2048;

/// Everything a socket holds on to while it lives.
struct Holds {
    _socket: SocketSlot,
    _connection: Option<Arc<ConnectionSlot>>,
    /// A client behind a trusted proxy: its place among its address's
    /// connections.
    _client: Option<ClientSlot>,
}

/// `GET /api/v1/matches/{id}/ws[?token=…][&since=n]`: a seat's socket (with
/// its credential) or a spectator's (without).
pub(crate) async fn upgrade(
    State(sh): State<Arc<Shared>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
    connection: Option<Extension<Arc<ConnectionSlot>>>,
    client_slot: Option<Extension<ClientSlot>>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let upgrade = match upgrade {
        Ok(u) => u,
        Err(e) => {
            return error(ProtoError::new(
                ErrorCode::UpgradeRequired,
                format!("this is a WebSocket: connect with a WebSocket client ({e})"),
            ))
        }
    };
    let r = async {
        let room = sh.room_or_load(&id).await?;
        let mut token = None;
        let mut since = None;
        for pair in query.as_deref().unwrap_or("").split('&') {
            match pair.split_once('=') {
                Some(("token", t)) => token = Some(t.to_string()),
                Some(("since", s)) => {
                    since = Some(s.parse::<u64>().map_err(|_| {
                        ProtoError::new(ErrorCode::BadMessage, "since must be a move number")
                    })?)
                }
                _ => {}
            }
        }
        let seat = match &token {
            None => None,
            Some(t) => {
                let hash = sh.holder_hash(&id, t).await?;
                Some(room.seat_of(&hash).await.ok_or_else(|| {
                    ProtoError::new(ErrorCode::Forbidden, "not a credential of this match")
                })?)
            }
        };
        Ok::<_, ProtoError>((room, seat, token.map(|t| credential_key(&t)), since))
    }
    .await;
    let (room, seat, key, since) = match r {
        Ok(x) => x,
        Err(e) => return error(e),
    };
    let max = sh.options.max_message_bytes;
    let holds = (
        connection.map(|Extension(c)| c),
        client_slot.map(|Extension(c)| c),
    );
    // The client's address (behind a trusted proxy, the client's), for
    // the chat's rate per address.
    let address = address_key(addr.ip());
    upgrade
        .max_message_size(max)
        .max_frame_size(max)
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(0)
        .max_write_buffer_size(256 * 1024)
        .on_upgrade(move |socket| client(sh, room, seat, (key, address), since, socket, holds))
}

/// One client's socket.
async fn client(
    sh: Arc<Shared>,
    room: Arc<Room>,
    seat: Option<(Seat, u64)>,
    (key, address): (Option<String>, String),
    since: Option<u64>,
    socket: WebSocket,
    (connection, client_slot): (Option<Arc<ConnectionSlot>>, Option<ClientSlot>),
) {
    let id = sh.next_client.fetch_add(1, Ordering::Relaxed);
    // Shared with each request's task (`whole`) without a copy.
    let key: Arc<str> = key.unwrap_or_else(|| format!("conn:{id}")).into();
    let address: Arc<str> = address.into();
    let (mut sink, mut stream) = socket.split();
    let io = sh.options.io_timeout;
    let slot = match room.socket_slot(seat, sh.options.max_sockets) {
        Ok(slot) => slot,
        Err(full) => {
            refuse_socket(&mut sink, full, io).await;
            return;
        }
    };
    let _holds = Holds {
        _socket: slot,
        _connection: connection,
        _client: client_slot,
    };
    let (tx, mut rx) = mpsc::channel::<Frame>(sh.options.socket_queue);
    let kill = Arc::new(Notify::new());
    let handle = ClientHandle {
        tx: tx.clone(),
        kill: kill.clone(),
    };
    if let Err(e) = room.connect(&sh.services, id, seat, since, handle).await {
        let _ = tokio::time::timeout(io, sink.send(Message::Text(e.to_ws().into()))).await;
        return;
    }
    let idle = sh.options.idle_timeout;
    // The close the reader asks for, kept apart from the queue: a flood
    // fills the queue with refusals, and the close must not be lost then.
    let closing = Arc::new(Closing::default());
    let last_word = closing.clone();
    // The writer: every frame queued, each write bounded by the I/O
    // timeout (a client that does not read is closed, not waited for).
    let mut writer = tokio::spawn(async move {
        let mut ping = tokio::time::interval(idle / 3);
        ping.tick().await;
        loop {
            let frame = tokio::select! {
                f = rx.recv() => f,
                _ = ping.tick() => {
                    match tokio::time::timeout(io, sink.send(Message::Ping(Bytes::new()))).await {
                        Ok(Ok(())) => continue,
                        _ => break,
                    }
                }
            };
            let (msg, last) = match frame {
                Some(Frame::Text(kind, t)) => {
                    // The type and size only: a message's content may be a
                    // seat's cards, an invite or chat.
                    tracing::trace!(client = id, kind, bytes = t.len(), "message sent");
                    (Message::Text(t), false)
                }
                Some(Frame::Close(code, reason)) => (
                    Message::Close(Some(CloseFrame {
                        code,
                        reason: reason.into(),
                    })),
                    true,
                ),
                None => {
                    let (code, reason) = last_word.code();
                    (
                        Message::Close(Some(CloseFrame {
                            code,
                            reason: reason.into(),
                        })),
                        true,
                    )
                }
            };
            match tokio::time::timeout(io, sink.send(msg)).await {
                Ok(Ok(())) if !last => {}
                _ => break,
            }
        }
    });
    let reply = |e: ProtoError| {
        let _ = tx.try_send(Frame::Text("error", e.to_ws().into()));
    };
    let close = |code: u16, reason: &'static str| closing.close(&tx, code, reason);
    let mut writer_done = false;
    let mut peer_closed = false;
    let mut killed = false;
    loop {
        let next = tokio::select! {
            _ = &mut writer => {
                writer_done = true;
                break;
            }
            _ = kill.notified() => {
                killed = true;
                break;
            }
            m = tokio::time::timeout(idle, stream.next()) => m,
        };
        let msg = match next {
            Err(_) => {
                close(1001, "idle");
                break;
            }
            Ok(None) | Ok(Some(Ok(Message::Close(_)))) => {
                peer_closed = true;
                break;
            }
            Ok(Some(Err(e))) => {
                // A message over the size limit, or a broken frame.
                let text = e.to_string();
                if text.contains("too long")
                    || text.contains("Space limit")
                    || text.contains("size")
                {
                    close(1009, "message too big");
                } else {
                    close(1002, "protocol error");
                }
                peer_closed = true;
                break;
            }
            Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => continue,
            Ok(Some(Ok(Message::Binary(_)))) => {
                reply(ProtoError::new(
                    ErrorCode::BadMessage,
                    "messages are JSON text, not binary",
                ));
                continue;
            }
            Ok(Some(Ok(Message::Text(t)))) => t,
        };
        match sh.limiter.check(&key) {
            Verdict::Allow => {}
            Verdict::Deny => {
                reply(ProtoError::new(
                    ErrorCode::RateLimited,
                    "too many messages; slow down",
                ));
                continue;
            }
            Verdict::Flood => {
                close(1008, "flood");
                break;
            }
        }
        let parsed = parse_client(msg.as_str());
        // The op and size only, never the content (chat, say).
        tracing::trace!(
            client = id,
            kind = parsed.as_ref().map_or("invalid", ClientRequest::kind),
            bytes = msg.len(),
            "message received"
        );
        let r = match parsed {
            Ok(req) => {
                let changes = matches!(req, ClientRequest::Act { .. } | ClientRequest::Chat { .. });
                let (sh, room, key, address) =
                    (sh.clone(), room.clone(), key.clone(), address.clone());
                let work = async move {
                    // The chat's rates, for a message the match would accept.
                    let admit_chat = || sh.chat.admit(&key, &address, &room.id);
                    room.request(&sh.services, id, req, admit_chat).await
                };
                // A move or a chat message changes the match: carried out
                // whole, whatever becomes of this task. The other requests
                // only answer this socket, at once.
                if changes {
                    whole(work).await
                } else {
                    work.await
                }
            }
            Err(e) => Err(e),
        };
        if let Err(e) = r {
            let forbidden = e.code == ErrorCode::Forbidden;
            reply(e);
            if forbidden {
                // The seat's credential changed hands: this socket is done.
                close(1008, "credential no longer holds the seat");
                break;
            }
        }
    }
    room.disconnect(&sh.services, id).await;
    drop(tx);
    if key.starts_with("conn:") {
        sh.limiter.forget(&key);
    }
    if killed {
        writer.abort();
        return;
    }
    // The writer sends a Close frame as it ends; the closing handshake
    // waits (briefly) for the client's, so that the connection does not end
    // with a reset that could lose the Close frame.
    if !peer_closed {
        let _ = tokio::time::timeout(Duration::from_secs(2), async {
            while let Some(Ok(m)) = stream.next().await {
                if matches!(m, Message::Close(_)) {
                    break;
                }
            }
        })
        .await;
    }
    if !writer_done && tokio::time::timeout(io, &mut writer).await.is_err() {
        writer.abort();
    }
}

/// The close a socket's reader asked for (the first one counts). It is
/// queued after the frames already queued; when the queue is full (a
/// flood fills it with refusals) the writer sends it once the queue is
/// drained and closed, instead of the 1001 `closed` that ends a socket
/// nobody asked to close.
#[derive(Default)]
struct Closing(std::sync::Mutex<Option<(u16, &'static str)>>);

impl Closing {
    /// Asks for the close: queued when the queue has room, kept for the
    /// end of the queue otherwise.
    fn close(&self, tx: &mpsc::Sender<Frame>, code: u16, reason: &'static str) {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get_or_insert((code, reason));
        let _ = tx.try_send(Frame::Close(code, reason));
    }

    /// The close to send once the queue has ended: the one asked for, or
    /// 1001 `closed`.
    fn code(&self) -> (u16, &'static str) {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .unwrap_or((1001, "closed"))
    }
}

/// Tells a socket there is no place for it (`too_many_sockets`), then
/// closes it (1013), within the I/O timeout.
async fn refuse_socket(
    sink: &mut futures_util::stream::SplitSink<WebSocket, Message>,
    full: NoPlace,
    io: Duration,
) {
    let message = match full {
        NoPlace::Spectators(n) => {
            format!("this match has its maximum of {n} spectators; try again later")
        }
        NoPlace::Seat(n) => {
            format!("this seat has its maximum of {n} sockets open; close one first")
        }
    };
    let refuse = async {
        let e = ProtoError::new(ErrorCode::TooManySockets, message);
        sink.send(Message::Text(e.to_ws().into())).await?;
        sink.send(Message::Close(Some(CloseFrame {
            code: 1013,
            reason: "try again later".into(),
        })))
        .await
    };
    let _ = tokio::time::timeout(io, refuse).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A close asked for while the queue is full (a flood fills it with
    /// refusals) is the one the writer sends at the end, not 1001.
    #[test]
    fn a_close_survives_a_full_queue() {
        let (tx, mut rx) = mpsc::channel::<Frame>(2);
        let closing = Closing::default();
        for _ in 0..2 {
            tx.try_send(Frame::Text("error", "{}".into())).unwrap();
        }
        closing.close(&tx, 1008, "flood");
        closing.close(&tx, 1001, "idle");
        drop(tx);
        let mut frames = 0;
        while let Ok(f) = rx.try_recv() {
            assert!(matches!(f, Frame::Text(..)), "{f:?}");
            frames += 1;
        }
        assert_eq!(frames, 2);
        assert_eq!(closing.code(), (1008, "flood"), "the first close asked for");
        // With room in the queue, the close is queued after what is there.
        let (tx, mut rx) = mpsc::channel::<Frame>(2);
        let closing = Closing::default();
        assert_eq!(closing.code(), (1001, "closed"), "nobody asked");
        closing.close(&tx, 1008, "flood");
        assert!(matches!(rx.try_recv(), Ok(Frame::Close(1008, "flood"))));
    }
}
