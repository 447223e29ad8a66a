//! The match's chat: who may write (a seat's current holder, once the
//! match has started: playing or finished), and what every socket is
//! sent. The text arrives checked (`protocol::chat_text`); it is stored
//! and sent as given. The chat never fills: the store keeps its last
//! [`CHAT_SENT`] messages (all that a socket is ever sent) and drops older
//! ones as new ones come, so that nobody can silence a match by filling
//! it. Its rates (per credential, per address, per match) are the
//! shell's, checked once a message would be accepted.

use super::{refuse, Authority, Change, ChatLog, ClientId, Effects, Outgoing, Proposal, CHAT_SENT};
use crate::protocol::{Chat, ChatEntry, ErrorCode, ProtoError, ServerMessage, Status};
use crate::store::{ChatRow, Op};

impl ChatLog {
    /// From the store: its last messages (oldest first) and its length.
    pub(super) fn restore(rows: &[ChatRow], count: u64) -> ChatLog {
        let skip = rows.len().saturating_sub(CHAT_SENT);
        ChatLog {
            recent: rows[skip..]
                .iter()
                .map(|r| ChatEntry {
                    n: r.n,
                    seat: r.seat,
                    name: r.name.clone(),
                    text: r.text.clone(),
                    at: r.at,
                })
                .collect(),
            count,
        }
    }
}

impl Authority {
    /// A chat message of client `client` (its text checked), written at
    /// `wall`: from a seat's socket whose credential still holds the seat
    /// (`spectator`, `forbidden` otherwise), in a match that has started
    /// (`not_started` while it is open: anyone may take a seat of an open
    /// public match, and leave it, so the chat opens once the seats are
    /// taken) and was not cancelled (`match_over`).
    pub fn propose_chat(
        &self,
        client: ClientId,
        text: String,
        wall: i64,
    ) -> Result<Proposal, ProtoError> {
        let seat = self.seat_of_socket(client)?;
        let slot = &self.seats[seat as usize];
        if self.status() == Status::Cancelled {
            return Err(refuse(ErrorCode::MatchOver, "the match was cancelled"));
        }
        if !self.started {
            return Err(refuse(
                ErrorCode::NotStarted,
                "the chat opens when the match starts (every human seat taken)",
            ));
        }
        let entry = ChatEntry {
            n: self.chat.count,
            seat,
            name: slot.name.clone(),
            text,
            at: wall,
        };
        Ok(Proposal {
            op: Op::Chat {
                match_id: self.id.clone(),
                message: ChatRow {
                    n: entry.n,
                    seat,
                    name: entry.name.clone(),
                    text: entry.text.clone(),
                    at: wall,
                },
            },
            change: Change::Chat(entry),
        })
    }

    /// A committed message: kept, and sent to every socket of the match.
    pub(super) fn chat_applied(&mut self, entry: ChatEntry, fx: &mut Effects) {
        self.chat.count = self.chat.count.max(entry.n + 1);
        if self.chat.recent.len() == CHAT_SENT {
            self.chat.recent.pop_front();
        }
        self.chat.recent.push_back(entry.clone());
        if !self.subscribers.is_empty() {
            fx.send.push(Outgoing {
                to: self.subscribers.iter().map(|c| c.id).collect(),
                msg: ServerMessage::Chat(Chat {
                    messages: vec![entry],
                }),
            });
        }
    }

    /// The chat's last messages for a client that connects (none: nothing).
    pub(super) fn chat_for(&self, client: ClientId, fx: &mut Effects) {
        if !self.chat.recent.is_empty() {
            fx.to(
                client,
                ServerMessage::Chat(Chat {
                    messages: self.chat.recent.iter().cloned().collect(),
                }),
            );
        }
    }
}
