// The table's connection: the transport started for the open match, and
// what the table does when its socket closes.

import { t as tr } from "./i18n.js";
import { saveSeat } from "./store.js";
import { ApiError, api } from "./api.js";
import { CLOSE } from "../ui/close.js";
import { seatLost, since } from "./state.js";
import { Transport } from "./transport.js";
import type { Closed, Socket } from "./transport.js";
import { byId } from "./dom.js";
import type { OnlineTable } from "./table.js";

/** The methods of `OnlineTable` (table.ts) this part gives it. */
export interface ConnectionMethods {
  /** Starts the open match's transport (its first socket). */
  connect(): void;
  /**
   * The table's socket closed (`c`: its code, reason and meaning, and
   * whether it had opened): the player is told why, a seat the server
   * says is no longer this browser's is forgotten, and the transport
   * connects again, as a spectator then, unless the match is gone.
   */
  closed(c: Closed): Promise<boolean>;
}

/** Methods of `OnlineTable` (table.ts), which takes them in. */
export const Connection: ConnectionMethods & ThisType<OnlineTable> = {
  connect() {
    const t = this.t;
    if (!t) return;
    t.transport = new Transport({
      base: location.href,
      match: t.id,
      token: () => t.token,
      // A reconnection asks for what it missed only: the log and the chat
      // already hold the rest.
      since: () => since(t.state),
      message: (m) => {
        if (this.t === t) this.message(m);
      },
      closed: (c) => (this.t === t ? this.closed(c) : false),
      // A browser's WebSocket is the transport's Socket (its handlers take the browser's events).
      dial: (url) => new WebSocket(url) as Socket,
    });
    t.transport.start();
  },

  async closed(c) {
    const t = this.t;
    if (!t) return false;
    const meaning = c.meaning;
    const text = tr(meaning.words, meaning.args);
    // A socket that opened reached the server: what it said before is old.
    if (c.opened) t.said = null;
    if (meaning.lost && t.token) {
      // The seat was given up (here or on another device): its credential no longer holds it.
      saveSeat(t.id, null, null);
      t.token = null;
      t.state = seatLost(t.state);
      document.body.dataset.seat = "";
      byId("conn-note").textContent = text;
    }
    // What the server said as it closed stays said while it cannot be reached again.
    if (c.code !== CLOSE.ABNORMAL) t.said = meaning.lost ? tr("ui-reconnecting") : text;
    byId("turn").textContent = c.code === CLOSE.ABNORMAL && t.said ? t.said : meaning.lost ? tr("ui-reconnecting") : text;
    if (c.code === CLOSE.ABNORMAL && !c.opened) {
      // A refused upgrade reads as a dropped connection: the REST API
      // says whether the match is still there.
      try {
        await api("GET", `/matches/${t.id}`);
      } catch (e) {
        if (this.t !== t) return false;
        if (e instanceof ApiError && e.status === 404) {
          byId("turn").textContent = tr("ui-no-such-match");
          document.body.dataset.status = "missing";
          return false;
        }
      }
    }
    return this.t === t;
  },
};
