//! The match's chat: who may write (a seat's current holder, in an open,
//! playing or finished match), its bound, and what every socket is sent.
//! The text arrives checked (`protocol::chat_text`); it is stored and sent
//! as given.

use super::{
    refuse, Authority, Change, ChatLog, ClientId, Effects, Outgoing, Proposal, CHAT_MAX, CHAT_SENT,
};
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
    /// (`spectator`, `forbidden` otherwise), while the chat has room
    /// (`chat_full`), in a match that was not cancelled.
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
        if self.chat.count >= CHAT_MAX {
            return Err(refuse(
                ErrorCode::ChatFull,
                format!("this match's chat holds its {CHAT_MAX} messages"),
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
