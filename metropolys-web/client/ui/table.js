// Built from client/src/table.ts by scripts/build-web (esbuild). Do not edit.
var __defProp = Object.defineProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __publicField = (obj, key, value) => {
  __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
  return value;
};
import { BoardView } from "./board.js";
import { t as tr } from "./i18n.js";
import { Log } from "./log.js";
import { ReviewPanel } from "./review.js";
import { Picker } from "./picker.js";
import { saveInvite, seatOf } from "./store.js";
import { Seats } from "./words.js";
import { ApiError, api } from "./api.js";
import { Tabs } from "./controls.js";
import { opened, reduce, resync } from "./state.js";
import { byId } from "./dom.js";
import { Connection } from "./connection.js";
import { Chat } from "./chat.js";
import { Ending } from "./ending.js";
import { Playing } from "./play.js";
import { SeatViews } from "./seat.js";
class OnlineTable {
  constructor(E, { onLobby }) {
    /** The engine. */
    __publicField(this, "E");
    /** The engine's constants. */
    __publicField(this, "C");
    /** Goes back to the lobby. */
    __publicField(this, "onLobby");
    /** The open match, if any. */
    __publicField(this, "t");
    __publicField(this, "board");
    __publicField(this, "picker");
    __publicField(this, "log");
    __publicField(this, "review");
    /** The page's own title (the turn's notice replaces it while the page is hidden). */
    __publicField(this, "title");
    /** The side panel's tabs. */
    __publicField(this, "tabs");
    this.E = E;
    this.C = E.constants();
    this.onLobby = onLobby;
    this.t = null;
    this.board = new BoardView(byId("board"), byId("board-wrap"), { onChoose: (n) => this.openPicker(n) });
    this.picker = new Picker(byId("picker"), {
      onPick: (id) => this.act(id),
      onClose: () => this.board.choose(null)
    });
    this.log = new Log(byId("log"));
    this.review = new ReviewPanel(E, byId("review"), { board: this.board, log: this.log });
    this.title = document.title;
    this.tabs = new Tabs(document, (id) => {
      if (id === "tab-chat" && this.t) {
        this.t.unread = 0;
        byId("unread").hidden = true;
      }
    });
    this.wire();
  }
  /** Shows match `id` (with this browser's seat, if it holds one). */
  async open(id) {
    this.close();
    const held = seatOf(id);
    const t = {
      id,
      token: held ? held.token : null,
      state: opened(held ? held.seat : null),
      get seat() {
        return this.state.seat;
      },
      get last() {
        return this.state.last;
      },
      get rematch() {
        return this.state.rematch;
      },
      transport: null,
      game: null,
      legal: /* @__PURE__ */ new Map(),
      pass: null,
      drawn: false,
      deadline: null,
      unread: 0,
      wasMine: false,
      summary: null
    };
    this.t = t;
    this.log.clear();
    byId("chat-log").replaceChildren();
    byId("end").hidden = true;
    byId("hint-text").textContent = "";
    byId("turn").textContent = tr("ui-connecting");
    byId("table-note").textContent = "";
    byId("conn-note").textContent = "";
    byId("invite-note").textContent = "";
    byId("link-out").hidden = true;
    byId("seat-link-out").hidden = true;
    byId("seat-link-box").open = false;
    byId("seat-qr").close();
    byId("seat-qr-code").replaceChildren();
    byId("invite-box").hidden = true;
    this.selectTab("tab-log");
    try {
      t.summary = (await api("GET", `/matches/${id}`)).match;
    } catch (e) {
      if (this.t !== t)
        return;
      const status = e instanceof ApiError ? e.status : void 0;
      byId("turn").textContent = status === 404 ? tr("ui-no-such-match") : tr("ui-cannot-open", { error: e instanceof Error ? e.message : String(e) });
      document.body.dataset.status = "missing";
      return;
    }
    if (this.t !== t)
      return;
    this.connect();
    t.tick = setInterval(() => this.tick(), 250);
  }
  /** Closes the open match, if any: its socket, its timer, its game. */
  close() {
    const t = this.t;
    if (!t)
      return;
    this.review.withdraw();
    t.transport?.stop();
    clearInterval(t.tick);
    t.game?.free();
    this.picker.close(false);
    this.t = null;
    document.title = this.title;
  }
  /** Sends `v` on the open match's socket, if it is open. */
  send(v) {
    this.t?.transport?.send(v);
  }
  /** A server message: the store's next state, and its change drawn. */
  message(m) {
    const t = this.t;
    if (!t)
      return;
    let change;
    [t.state, change] = reduce(t.state, m);
    switch (change.kind) {
      case "welcome":
        saveInvite(t.id, change.invite);
        document.body.dataset.seat = t.seat === null ? "" : String(t.seat);
        if (t.last)
          this.inviteBox();
        break;
      case "update":
        this.update(change);
        break;
      case "presence":
        this.players();
        this.joinBar();
        this.inviteBox();
        break;
      case "hint":
        this.showHint(change.hint);
        break;
      case "chat":
        this.chat(change.fresh);
        break;
      case "rematch":
        this.endPanel();
        break;
      case "error":
        this.error(change.error);
        break;
      default:
        break;
    }
  }
  /** An error the server sent: the chat's (just after a message was sent) or the move's. */
  error(m) {
    const t = this.t;
    if (!t)
      return;
    if (t.chatSent && performance.now() - t.chatSent < 3e3) {
      byId("chat-note").textContent = m.message;
      t.chatSent = 0;
      return;
    }
    byId("hint-text").textContent = m.message;
    if (m.code === "stale_move" && t.transport?.send({ op: "sync" })) {
      t.state = resync(t.state);
    }
  }
  /** The seats' names as the server gives them (a person's name, else a bot's spec). */
  seatWords() {
    const t = this.t;
    const seats = t?.last?.seats ?? t?.summary?.seats ?? [];
    const names = seats.map((s) => s.name ?? null);
    return new Seats(this.E, t?.game ? t.game.players : seats.length, names, t?.seat ?? null);
  }
  /** Shows the side panel's tab `id`. */
  selectTab(id) {
    this.tabs.select(id);
  }
  /** The table's buttons and forms (the tabs are the constructor's). */
  wire() {
    this.wirePlay();
    this.wireChat();
    this.wireSeat();
  }
}
const PARTS = { Connection, SeatViews, Playing, Ending, Chat };
for (const [part, methods] of Object.entries(PARTS)) {
  for (const [name, method] of Object.entries(methods)) {
    if (name in OnlineTable.prototype)
      throw new Error(`OnlineTable.${name} is named twice (${part})`);
    Reflect.set(OnlineTable.prototype, name, method);
  }
}
export {
  OnlineTable,
  PARTS
};
