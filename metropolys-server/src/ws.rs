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
use crate::protocol::{parse_client, ClientRequest, CloseReason, ErrorCode, ProtoError};
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

/// One client's socket: its place (within the match's and the seat's
/// sockets), its subscription to the room, then a writer task that drains
/// its queue and a reader that hands its requests to the room, until
/// either ends; then the goodbye.
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
    let (mut sink, stream) = socket.split();
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
    let (tx, rx) = mpsc::channel::<Frame>(sh.options.socket_queue);
    let kill = Arc::new(Notify::new());
    let handle = ClientHandle {
        tx: tx.clone(),
        kill: kill.clone(),
    };
    if let Err(e) = room.connect(&sh.services, id, seat, since, handle).await {
        let _ = tokio::time::timeout(io, sink.send(Message::Text(e.to_ws().into()))).await;
        return;
    }
    // The close the reader asks for, kept apart from the queue: a flood
    // fills the queue with refusals, and the close must not be lost then.
    let closing = Arc::new(Closing::default());
    let writer = tokio::spawn(write_frames(
        sink,
        rx,
        closing.clone(),
        sh.options.idle_timeout,
        io,
        id,
    ));
    let socket = Socket {
        sh,
        room,
        id,
        key,
        address,
        tx,
        closing,
    };
    let (ending, stream, writer) = socket.read_requests(stream, writer, &kill).await;
    socket.goodbye(ending, stream, writer).await;
}

/// The writer: every frame queued, each write bounded by the I/O timeout
/// (a client that does not read is dropped, not waited for), a ping every
/// third of the idle time, and a close frame to end: the one queued, or
/// the one asked for (`closing`) once the queue has ended.
async fn write_frames(
    mut sink: futures_util::stream::SplitSink<WebSocket, Message>,
    mut rx: mpsc::Receiver<Frame>,
    closing: Arc<Closing>,
    idle: Duration,
    io: Duration,
    id: u64,
) {
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
            Some(Frame::Close(why)) => (close_frame(why), true),
            None => (close_frame(closing.reason()), true),
        };
        match tokio::time::timeout(io, sink.send(msg)).await {
            Ok(Ok(())) if !last => {}
            _ => break,
        }
    }
}

/// How a socket's reading ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ending {
    /// The writer ended (a close sent, or a write failed).
    WriterDone,
    /// The room gave up on the socket (too slow, or its seat given up):
    /// it ends at once.
    Killed,
    /// The client closed, or its stream broke.
    PeerClosed,
    /// This end asked for a close (idle, flood, a seat lost).
    Closing,
}

/// What one message read from the socket is.
enum Incoming {
    /// A request's text.
    Text(axum::extract::ws::Utf8Bytes),
    /// Nothing to hand on (a ping, a pong, a binary message answered).
    Nothing,
    /// The reading ends.
    End(Ending),
}

/// A connected socket's reader side.
struct Socket {
    sh: Arc<Shared>,
    room: Arc<Room>,
    id: u64,
    /// The rate limiter's key: the credential's, or the connection's.
    key: Arc<str>,
    /// The client's address key (the chat's rate per address).
    address: Arc<str>,
    tx: mpsc::Sender<Frame>,
    closing: Arc<Closing>,
}

type Stream = futures_util::stream::SplitStream<WebSocket>;

impl Socket {
    fn reply(&self, e: ProtoError) {
        let _ = self.tx.try_send(Frame::Text("error", e.to_ws().into()));
    }

    fn close(&self, why: CloseReason) {
        self.closing.close(&self.tx, why);
    }

    /// Reads and carries out the client's requests one at a time until
    /// the reading ends: how, and the stream and writer for the goodbye.
    async fn read_requests(
        &self,
        mut stream: Stream,
        mut writer: tokio::task::JoinHandle<()>,
        kill: &Notify,
    ) -> (Ending, Stream, tokio::task::JoinHandle<()>) {
        let idle = self.sh.options.idle_timeout;
        let ending = loop {
            let next = tokio::select! {
                _ = &mut writer => break Ending::WriterDone,
                _ = kill.notified() => break Ending::Killed,
                m = tokio::time::timeout(idle, stream.next()) => m,
            };
            let text = match self.incoming(next) {
                Incoming::Text(t) => t,
                Incoming::Nothing => continue,
                Incoming::End(e) => break e,
            };
            if let Some(e) = self.request(text).await {
                break e;
            }
        };
        (ending, stream, writer)
    }

    /// What a read gave: a request's text, nothing, or the end (asking
    /// for the close it calls for).
    fn incoming(
        &self,
        next: Result<Option<Result<Message, axum::Error>>, tokio::time::error::Elapsed>,
    ) -> Incoming {
        match next {
            Err(_) => {
                self.close(CloseReason::Idle);
                Incoming::End(Ending::Closing)
            }
            Ok(None) | Ok(Some(Ok(Message::Close(_)))) => Incoming::End(Ending::PeerClosed),
            Ok(Some(Err(e))) => {
                // A message over the size limit, or a broken frame.
                let text = e.to_string();
                if text.contains("too long")
                    || text.contains("Space limit")
                    || text.contains("size")
                {
                    self.close(CloseReason::TooBig);
                } else {
                    self.close(CloseReason::ProtocolError);
                }
                Incoming::End(Ending::PeerClosed)
            }
            Ok(Some(Ok(Message::Ping(_) | Message::Pong(_)))) => Incoming::Nothing,
            Ok(Some(Ok(Message::Binary(_)))) => {
                self.reply(ProtoError::new(
                    ErrorCode::BadMessage,
                    "messages are JSON text, not binary",
                ));
                Incoming::Nothing
            }
            Ok(Some(Ok(Message::Text(t)))) => Incoming::Text(t),
        }
    }

    /// One request: within the rates, parsed, carried out by the room (a
    /// move or a chat message whole, whatever becomes of this task), its
    /// refusal answered. `Some` when the socket is to end.
    async fn request(&self, msg: axum::extract::ws::Utf8Bytes) -> Option<Ending> {
        match self.sh.limiter.check(&self.key) {
            Verdict::Allow => {}
            Verdict::Deny => {
                self.reply(ProtoError::new(
                    ErrorCode::RateLimited,
                    "too many messages; slow down",
                ));
                return None;
            }
            Verdict::Flood => {
                self.close(CloseReason::Flood);
                return Some(Ending::Closing);
            }
        }
        let parsed = parse_client(msg.as_str());
        // The op and size only, never the content (chat, say).
        tracing::trace!(
            client = self.id,
            kind = parsed.as_ref().map_or("invalid", ClientRequest::kind),
            bytes = msg.len(),
            "message received"
        );
        let r = match parsed {
            Ok(req) => {
                let changes = matches!(req, ClientRequest::Act { .. } | ClientRequest::Chat { .. });
                let (sh, room, key, address, id) = (
                    self.sh.clone(),
                    self.room.clone(),
                    self.key.clone(),
                    self.address.clone(),
                    self.id,
                );
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
        let e = r.err()?;
        let forbidden = e.code == ErrorCode::Forbidden;
        self.reply(e);
        if forbidden {
            // The seat's credential changed hands: this socket is done.
            self.close(CloseReason::SeatLost);
            return Some(Ending::Closing);
        }
        None
    }

    /// The goodbye: the room forgets the socket; a socket the room gave up
    /// on ends at once; otherwise the writer sends its close frame, and
    /// the closing handshake waits (briefly) for the client's, so that the
    /// connection does not end with a reset that could lose the close.
    async fn goodbye(
        self,
        ending: Ending,
        mut stream: Stream,
        mut writer: tokio::task::JoinHandle<()>,
    ) {
        let Socket {
            sh,
            room,
            id,
            key,
            tx,
            ..
        } = self;
        room.disconnect(&sh.services, id).await;
        drop(tx);
        if key.starts_with("conn:") {
            sh.limiter.forget(&key);
        }
        if ending == Ending::Killed {
            writer.abort();
            return;
        }
        if ending != Ending::PeerClosed {
            let _ = tokio::time::timeout(Duration::from_secs(2), async {
                while let Some(Ok(m)) = stream.next().await {
                    if matches!(m, Message::Close(_)) {
                        break;
                    }
                }
            })
            .await;
        }
        let io = sh.options.io_timeout;
        if ending != Ending::WriterDone && tokio::time::timeout(io, &mut writer).await.is_err() {
            writer.abort();
        }
    }
}

/// The close a socket's reader asked for (the first one counts). It is
/// queued after the frames already queued; when the queue is full (a
/// flood fills it with refusals) the writer sends it once the queue is
/// drained and closed, instead of the 1001 `closed` that ends a socket
/// nobody asked to close.
#[derive(Default)]
struct Closing(std::sync::Mutex<Option<CloseReason>>);

impl Closing {
    /// Asks for the close: queued when the queue has room, kept for the
    /// end of the queue otherwise.
    fn close(&self, tx: &mpsc::Sender<Frame>, why: CloseReason) {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get_or_insert(why);
        let _ = tx.try_send(Frame::Close(why));
    }

    /// The close to send once the queue has ended: the one asked for, or
    /// 1001 `closed`.
    fn reason(&self) -> CloseReason {
        self.0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .unwrap_or(CloseReason::Closed)
    }
}

/// The close frame of a close.
fn close_frame(why: CloseReason) -> Message {
    Message::Close(Some(CloseFrame {
        code: why.code(),
        reason: why.reason().into(),
    }))
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
        sink.send(close_frame(CloseReason::TryAgainLater)).await
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
        closing.close(&tx, CloseReason::Flood);
        closing.close(&tx, CloseReason::Idle);
        drop(tx);
        let mut frames = 0;
        while let Ok(f) = rx.try_recv() {
            assert!(matches!(f, Frame::Text(..)), "{f:?}");
            frames += 1;
        }
        assert_eq!(frames, 2);
        assert_eq!(
            closing.reason(),
            CloseReason::Flood,
            "the first close asked for"
        );
        // With room in the queue, the close is queued after what is there.
        let (tx, mut rx) = mpsc::channel::<Frame>(2);
        let closing = Closing::default();
        assert_eq!(closing.reason(), CloseReason::Closed, "nobody asked");
        closing.close(&tx, CloseReason::Flood);
        assert!(matches!(
            rx.try_recv(),
            Ok(Frame::Close(CloseReason::Flood))
        ));
    }
}
