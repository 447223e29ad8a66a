// The table's chat: the messages shown once each, the unread count, the
// form (players only; spectators read).

import { t as tr } from "./i18n.js";

const $ = (id) => document.getElementById(id);

/** Methods of `OnlineTable` (table.js), which takes them in. */
export const Chat = {
  chat(messages) {
    const t = this.t;
    const seats = this.seatWords();
    const list = $("chat-log");
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
    if ($("panel-chat").hidden) {
      t.unread += added;
      $("unread").textContent = String(t.unread);
      $("unread").hidden = t.unread === 0;
    }
  },

  /** The chat's form. */
  wireChat() {
    $("chat-form").addEventListener("submit", (ev) => {
      ev.preventDefault();
      const input = $("chat-text");
      const text = input.value.trim();
      if (!text || !this.t) return;
      if (this.t.seat === null) {
        $("chat-note").textContent = tr("ui-only-players-chat");
        return;
      }
      this.t.chatSent = performance.now();
      $("chat-note").textContent = "";
      this.send({ op: "chat", text });
      input.value = "";
    });
  },
};
