// Built from client/src/connection.ts by scripts/build-web (esbuild). Do not edit.
import { t as tr } from "./i18n.js";
import { saveSeat } from "./store.js";
import { ApiError, api } from "./api.js";
import { CLOSE } from "../ui/close.js";
import { seatLost, since } from "./state.js";
import { Transport } from "./transport.js";
import { byId } from "./dom.js";
const Connection = {
  connect() {
    const t = this.t;
    if (!t)
      return;
    t.transport = new Transport({
      base: location.href,
      match: t.id,
      token: () => t.token,
      // A reconnection asks for what it missed only: the log and the chat
      // already hold the rest.
      since: () => since(t.state),
      message: (m) => {
        if (this.t === t)
          this.message(m);
      },
      closed: (c) => this.t === t ? this.closed(c) : false,
      // A browser's WebSocket is the transport's Socket (its handlers take the browser's events).
      dial: (url) => new WebSocket(url)
    });
    t.transport.start();
  },
  async closed(c) {
    const t = this.t;
    if (!t)
      return false;
    const meaning = c.meaning;
    const text = tr(meaning.words, meaning.args);
    if (c.opened)
      t.said = null;
    if (meaning.lost && t.token) {
      saveSeat(t.id, null, null);
      t.token = null;
      t.state = seatLost(t.state);
      document.body.dataset.seat = "";
      byId("conn-note").textContent = text;
    }
    if (c.code !== CLOSE.ABNORMAL)
      t.said = meaning.lost ? tr("ui-reconnecting") : text;
    byId("turn").textContent = c.code === CLOSE.ABNORMAL && t.said ? t.said : meaning.lost ? tr("ui-reconnecting") : text;
    if (c.code === CLOSE.ABNORMAL && !c.opened) {
      try {
        await api("GET", `/matches/${t.id}`);
      } catch (e) {
        if (this.t !== t)
          return false;
        if (e instanceof ApiError && e.status === 404) {
          byId("turn").textContent = tr("ui-no-such-match");
          document.body.dataset.status = "missing";
          return false;
        }
      }
    }
    return this.t === t;
  }
};
export {
  Connection
};
