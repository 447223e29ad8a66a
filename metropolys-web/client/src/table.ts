// The table of a match on the server: the page renders the view the
// server sent (its seat's, or the public view for a spectator, R-21) and
// derives everything else from the engine in the page — legality, what
// an action is, the board picture, what the cards score, the score
// categories. The server stays the authority: a move goes to the server,
// and only its next update changes the page. Once the match is over, the
// bots' review of it comes from the server (never before: it shows every
// card).

import type { Constants, Game } from "../engine/metropolys_wasm.js";
import type { Engine } from "./engine.js";
import { BoardView } from "./board.js";
import { t as tr } from "./i18n.js";
import { Log } from "./log.js";
import { ReviewPanel } from "./review.js";
import { Picker } from "./picker.js";
import { saveInvite, seatOf } from "./store.js";
import { Seats } from "./words.js";
import { ApiError, api } from "./api.js";
import { Tabs } from "./controls.js";
import type { Offer } from "./moves.js";
import { opened, reduce, resync } from "./state.js";
import type { Change, TableState } from "./state.js";
import type { Transport } from "./transport.js";
import type { ClientRequest, MatchAnswer, ProtoError, ServerMessage, Summary, Update } from "./protocol.js";
import { byId } from "./dom.js";
import { Connection } from "./connection.js";
import type { ConnectionMethods } from "./connection.js";
import { Chat } from "./chat.js";
import type { ChatMethods } from "./chat.js";
import { Ending } from "./ending.js";
import type { EndingMethods } from "./ending.js";
import { Playing } from "./play.js";
import type { PlayMethods } from "./play.js";
import { SeatViews } from "./seat.js";
import type { SeatMethods } from "./seat.js";

/** A change of the store that brings an update (state.ts's `Change`). */
export type UpdateChange = Extract<Change, { kind: "update" }>;

/** What the table holds of the match it shows (`open()` makes one per match; `close()` ends it). */
export interface OpenMatch {
  /** The match id. */
  readonly id: string;
  /** The seat's credential (or the account's token), while this browser holds a seat. */
  token: string | null;
  /** What the store knows of the match (state.ts). */
  state: TableState;
  /** This browser's seat, or null for a spectator (the state's). */
  readonly seat: number | null;
  /** The latest update (the state's). */
  readonly last: Update | null;
  /** The id of the match's rematch, once one was created (the state's). */
  readonly rematch: string | null;
  /** The connection, once the match is found. */
  transport: Transport | null;
  /** The engine's game of the latest update's view. */
  game: Game | null;
  /** This seat's legal bids by neighborhood (none when it is not to act). */
  legal: Map<number, Offer[]>;
  /** The pass's action id when this seat may pass, else null. */
  pass: number | null;
  /** Whether the board's picture is drawn. */
  drawn: boolean;
  /** When the turn's time runs out (`performance.now()` milliseconds), if there is a deadline. */
  deadline: number | null;
  /** Chat messages not seen (the chat's tab closed). */
  unread: number;
  /** Whether this seat was to act at the previous update. */
  wasMine: boolean;
  /** The match as `GET /matches/{id}` gave it when opened. */
  summary: Summary | null;
  /** The timer's interval. */
  tick?: ReturnType<typeof setInterval>;
  /** When this page last sent a chat message (`performance.now()`; 0: its answer came). */
  chatSent?: number;
  /** What the server said as its socket closed, while it cannot be reached again. */
  said?: string | null;
  /** The neighborhoods where the chosen card scores. */
  marked?: number[];
  /** Whether a seat's scoring groups were drawn on the board. */
  groupsShown?: boolean;
}

// The socket (reconnection, close reasons) is transport.js's and what
// the table knows of its match state.js's, both built from TypeScript
// (client/src/, checked against the protocol's generated types) and tested
// in Node (client/tests/); this class renders their changes, with the
// methods of connection.js, seat.js, play.js, ending.js and chat.js.

/** The online table: one match at a time (`open`), drawn as the server's messages come. */
export class OnlineTable {
  /** The engine. */
  readonly E: Engine;
  /** The engine's constants. */
  readonly C: Constants;
  /** Goes back to the lobby. */
  readonly onLobby: () => void;
  /** The open match, if any. */
  t: OpenMatch | null;
  readonly board: BoardView;
  readonly picker: Picker;
  readonly log: Log;
  readonly review: ReviewPanel;
  /** The page's own title (the turn's notice replaces it while the page is hidden). */
  readonly title: string;
  /** The side panel's tabs. */
  readonly tabs: Tabs;

  constructor(E: Engine, { onLobby }: { onLobby: () => void }) {
    this.E = E;
    this.C = E.constants();
    this.onLobby = onLobby;
    this.t = null;
    this.board = new BoardView(byId("board"), byId("board-wrap"), { onChoose: (n: number) => this.openPicker(n) });
    this.picker = new Picker(byId("picker"), {
      onPick: (id: number) => this.act(id),
      onClose: () => this.board.choose(null),
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
  async open(id: string): Promise<void> {
    this.close();
    const held = seatOf(id);
    const t: OpenMatch = {
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
      legal: new Map(),
      pass: null,
      drawn: false,
      deadline: null,
      unread: 0,
      wasMine: false,
      summary: null,
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
    byId<HTMLDetailsElement>("seat-link-box").open = false;
    byId<HTMLDialogElement>("seat-qr").close();
    byId("seat-qr-code").replaceChildren();
    byId("invite-box").hidden = true;
    this.selectTab("tab-log");
    try {
      t.summary = (await api<MatchAnswer>("GET", `/matches/${id}`)).match;
    } catch (e) {
      if (this.t !== t) return;
      const status = e instanceof ApiError ? e.status : undefined;
      byId("turn").textContent = status === 404 ? tr("ui-no-such-match") : tr("ui-cannot-open", { error: e instanceof Error ? e.message : String(e) });
      document.body.dataset.status = "missing";
      return;
    }
    if (this.t !== t) return;
    this.connect();
    t.tick = setInterval(() => this.tick(), 250);
  }

  /** Closes the open match, if any: its socket, its timer, its game. */
  close(): void {
    const t = this.t;
    if (!t) return;
    this.review.withdraw();
    t.transport?.stop();
    clearInterval(t.tick);
    t.game?.free();
    this.picker.close(false);
    this.t = null;
    document.title = this.title;
  }

  /** Sends `v` on the open match's socket, if it is open. */
  send(v: ClientRequest): void {
    this.t?.transport?.send(v);
  }

  /** A server message: the store's next state, and its change drawn. */
  message(m: ServerMessage): void {
    const t = this.t;
    if (!t) return;
    let change: Change;
    [t.state, change] = reduce(t.state, m);
    switch (change.kind) {
      case "welcome":
        saveInvite(t.id, change.invite);
        document.body.dataset.seat = t.seat === null ? "" : String(t.seat);
        if (t.last) this.inviteBox();
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
  error(m: ProtoError): void {
    const t = this.t;
    if (!t) return;
    if (t.chatSent && performance.now() - t.chatSent < 3000) {
      byId("chat-note").textContent = m.message;
      t.chatSent = 0;
      return;
    }
    byId("hint-text").textContent = m.message;
    if (m.code === "stale_move" && t.transport?.send({ op: "sync" })) {
      // The answer tells the whole game: the log starts again with it.
      t.state = resync(t.state);
    }
  }

  /** The seats' names as the server gives them (a person's name, else a bot's spec). */
  seatWords(): Seats {
    const t = this.t;
    const seats = t?.last?.seats ?? t?.summary?.seats ?? [];
    const names = seats.map((s) => s.name ?? null);
    return new Seats(this.E, t?.game ? t.game.players : seats.length, names, t?.seat ?? null);
  }

  /** Shows the side panel's tab `id`. */
  selectTab(id: string): void {
    this.tabs.select(id);
  }

  /** The table's buttons and forms (the tabs are the constructor's). */
  wire(): void {
    this.wirePlay();
    this.wireChat();
    this.wireSeat();
  }
}

/** The table's methods of its parts (merged into the class: tsc checks every `this.name()` against them). */
export interface OnlineTable extends ConnectionMethods, SeatMethods, PlayMethods, EndingMethods, ChatMethods {}

/** The rest of the table, by what it shows: each part's methods, none named twice. */
export const PARTS = { Connection, SeatViews, Playing, Ending, Chat };
for (const [part, methods] of Object.entries(PARTS)) {
  for (const [name, method] of Object.entries(methods)) {
    if (name in OnlineTable.prototype) throw new Error(`OnlineTable.${name} is named twice (${part})`);
    Reflect.set(OnlineTable.prototype, name, method);
  }
}
