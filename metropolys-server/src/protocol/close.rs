//! Why the server closes a WebSocket: each close's code and reason, in one
//! place. The server sends these; the web client reads them from
//! `metropolys-web/client/ui/close.js`, which [`close_module`] writes (a test keeps the file
//! equal to it), and docs/server.md's table of close codes is generated
//! from them.

/// A close the server sends: its code (RFC 6455) and the reason text of
/// its close frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CloseReason {
    /// 1000 `left`: the seat was given up (its credential holds it no more).
    Left,
    /// 1001 `idle`: nothing received (not even a pong) for the idle time.
    Idle,
    /// 1001 `closed`: the server ended the socket, nobody having asked for
    /// another close.
    Closed,
    /// 1001 `server stopping`: the server is stopping (it comes back: a
    /// client connects again later).
    ServerStopping,
    /// 1002 `protocol error`: a broken frame.
    ProtocolError,
    /// 1008 `flood`: a whole burst over the message rate in a row.
    Flood,
    /// 1008 `credential no longer holds the seat`: the seat changed hands
    /// (a submission or chat from this socket was refused as `forbidden`).
    SeatLost,
    /// 1009 `message too big`: a message over the server's size limit.
    TooBig,
    /// 1013 `try again later`: the match has its most spectators' sockets,
    /// or the seat its most sockets (after a `too_many_sockets` error).
    TryAgainLater,
}

impl CloseReason {
    /// Every close the server sends.
    pub const ALL: [CloseReason; 9] = [
        CloseReason::Left,
        CloseReason::Idle,
        CloseReason::Closed,
        CloseReason::ServerStopping,
        CloseReason::ProtocolError,
        CloseReason::Flood,
        CloseReason::SeatLost,
        CloseReason::TooBig,
        CloseReason::TryAgainLater,
    ];

    /// The close code.
    pub fn code(self) -> u16 {
        match self {
            CloseReason::Left => 1000,
            CloseReason::Idle | CloseReason::Closed | CloseReason::ServerStopping => 1001,
            CloseReason::ProtocolError => 1002,
            CloseReason::Flood | CloseReason::SeatLost => 1008,
            CloseReason::TooBig => 1009,
            CloseReason::TryAgainLater => 1013,
        }
    }

    /// The reason text of the close frame.
    pub fn reason(self) -> &'static str {
        match self {
            CloseReason::Left => "left",
            CloseReason::Idle => "idle",
            CloseReason::Closed => "closed",
            CloseReason::ServerStopping => "server stopping",
            CloseReason::ProtocolError => "protocol error",
            CloseReason::Flood => "flood",
            CloseReason::SeatLost => "credential no longer holds the seat",
            CloseReason::TooBig => "message too big",
            CloseReason::TryAgainLater => "try again later",
        }
    }

    /// Its name in `metropolys-web/client/ui/close.js`'s `REASON` (`SEAT_LOST`).
    pub fn js_name(self) -> &'static str {
        match self {
            CloseReason::Left => "LEFT",
            CloseReason::Idle => "IDLE",
            CloseReason::Closed => "CLOSED",
            CloseReason::ServerStopping => "SERVER_STOPPING",
            CloseReason::ProtocolError => "PROTOCOL_ERROR",
            CloseReason::Flood => "FLOOD",
            CloseReason::SeatLost => "SEAT_LOST",
            CloseReason::TooBig => "TOO_BIG",
            CloseReason::TryAgainLater => "TRY_AGAIN_LATER",
        }
    }

    /// What it means to the client, one sentence.
    pub fn meaning(self) -> &'static str {
        match self {
            CloseReason::Left => "The seat was given up (here or on another device): its credential holds it no more.",
            CloseReason::Idle => "Nothing was received (not even a pong) for `--idle-seconds`.",
            CloseReason::Closed => "The server ended the socket (no other close was asked for).",
            CloseReason::ServerStopping => "The server is stopping; connect again in a moment.",
            CloseReason::ProtocolError => "A broken frame.",
            CloseReason::Flood => "A whole burst over the message rate in a row.",
            CloseReason::SeatLost => "The seat changed hands: a submission or chat from this socket was refused (`forbidden`).",
            CloseReason::TooBig => "A message over `--max-message-bytes`.",
            CloseReason::TryAgainLater => "The match has `--max-sockets` spectators' sockets, or the seat 8 sockets (after a `too_many_sockets` error).",
        }
    }
}

/// The standard names of the close codes the server sends (and 1006, which
/// a browser reports for a connection that ended without a close frame).
const CODES: [(&str, u16); 7] = [
    ("NORMAL", 1000),
    ("GOING_AWAY", 1001),
    ("PROTOCOL_ERROR", 1002),
    ("ABNORMAL", 1006),
    ("POLICY", 1008),
    ("TOO_BIG", 1009),
    ("TRY_AGAIN_LATER", 1013),
];

/// `metropolys-web/client/ui/close.js`: the close codes and reasons for the web client.
pub fn close_module() -> String {
    let mut js = String::from(
        "// Generated from metropolys-server's protocol::CloseReason (a test keeps\n\
         // this file equal to protocol::close_module(); METROPOLYS_BLESS=1 cargo\n\
         // test -p metropolys-server --test protocol rewrites it). Do not edit.\n\
         \n\
         /**\n \
         * The WebSocket close codes the server sends, by their standard names,\n \
         * and 1006 (ABNORMAL), which a browser reports for a connection that\n \
         * ended without a close frame (dropped, or an upgrade the server refused).\n \
         */\n\
         export const CLOSE = Object.freeze({\n",
    );
    for (name, code) in CODES {
        js.push_str(&format!("  {name}: {code},\n"));
    }
    js.push_str("});\n\n/** The reason of each close the server sends (docs/server.md, \"The WebSocket\"). */\nexport const REASON = Object.freeze({\n");
    for r in CloseReason::ALL {
        js.push_str(&format!(
            "  /** {} {} */\n  {}: {:?},\n",
            r.code(),
            r.meaning(),
            r.js_name(),
            r.reason()
        ));
    }
    js.push_str("});\n");
    js
}

/// docs/server.md's table of close codes.
pub(crate) fn close_table() -> String {
    let mut t = String::from("| code | reason | meaning |\n| --- | --- | --- |\n");
    for r in CloseReason::ALL {
        t.push_str(&format!(
            "| {} | `{}` | {} |\n",
            r.code(),
            r.reason(),
            r.meaning()
        ));
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_close_has_a_named_code_and_its_own_reason() {
        let mut reasons = std::collections::HashSet::new();
        for r in CloseReason::ALL {
            assert!(CODES.iter().any(|(_, c)| *c == r.code()), "{r:?}");
            assert!(reasons.insert(r.reason()), "{r:?}");
            assert!(
                r.reason().len() <= 123,
                "a close reason fits a control frame"
            );
        }
    }
}
