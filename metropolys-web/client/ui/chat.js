// Built from client/src/chat.ts by scripts/build-web (esbuild). Do not edit.
import { t as tr } from "./i18n.js";
import { byId } from "./dom.js";
const Chat = {
  chat(messages) {
    const t = this.t;
    if (!t)
      return;
    const seats = this.seatWords();
    const list = byId("chat-log");
    let added = 0;
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
      const input = byId("chat-text");
      const text = input.value.trim();
      if (!text || !this.t)
        return;
      if (this.t.seat === null) {
        byId("chat-note").textContent = tr("ui-only-players-chat");
        return;
      }
      this.t.chatSent = performance.now();
      byId("chat-note").textContent = "";
      this.send({ op: "chat", text });
      input.value = "";
    });
  }
};
export {
  Chat
};
