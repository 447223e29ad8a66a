// The table's chat: the messages shown once each, the unread count, the
// form (players only; spectators read).

import { t as tr } from "./i18n.js";
import type { ChatEntry } from "./protocol.js";
import { byId } from "./dom.js";
import type { OnlineTable } from "./table.js";

/** The methods of `OnlineTable` (table.ts) this part gives it. */
export interface ChatMethods {
  /** Shows chat `messages` (each once: the store passes only new ones) and counts them unread while the chat is hidden. */
  chat(messages: ChatEntry[]): void;
  /** The chat's form. */
  wireChat(): void;
}

/** Methods of `OnlineTable` (table.ts), which takes them in. */
export const Chat: ChatMethods & ThisType<OnlineTable> = {
  chat(messages) {
    const t = this.t;
    if (!t) return;
    const seats = this.seatWords();
    const list = byId("chat-log");
    let added = 0;
    // The store passes each message once: a reconnection sends the recent ones again.
    for (const c of messages) {
      added += 1;
      const li = document.createElement("li");
      li.setAttribute("data-n", String(c.n));
      const who = document.createElement("span");
      who.className = "who";
      who.textContent = c.name ? c.name : seats.color(c.seat);
      who.title = seats.color(c.seat);
      li.append(who, document.createTextNode(c.text));
      list.append(li);
    }
    list.scrollTop = list.scrollHeight;
    if (byId("panel-chat").hidden) {
      t.unread += added;
      byId("unread").textContent = String(t.unread);
      byId("unread").hidden = t.unread === 0;
    }
  },

  wireChat() {
    byId("chat-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      const input = byId<HTMLInputElement>("chat-text");
      const text = input.value.trim();
      if (!text || !this.t) return;
      if (this.t.seat === null) {
        byId("chat-note").textContent = tr("ui-only-players-chat");
        return;
      }
      this.t.chatSent = performance.now();
      byId("chat-note").textContent = "";
      this.send({ op: "chat", text });
      input.value = "";
    });
  },
};
