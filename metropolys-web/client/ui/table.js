// The table of a match on the server: the page renders the view the
// server sent (its seat's, or the public view for a spectator, R-21) and
// derives everything else from the engine in the page — legality, what
// an action is, the board picture, what the cards score, the score
// categories. The server stays the authority: a move goes to the server,
// and only its next update changes the page. Once the match is over, the
// bots' review of it comes from the server (never before: it shows every
// card).

import { BoardView, piecesOf } from "./board.js";
import { t as tr } from "./i18n.js";
import { renderHowTo, renderLegend, renderRules } from "./panel.js";
import { Log } from "./log.js";
import { ReviewPanel } from "./review.js";
import { Picker } from "./picker.js";
import { saveInvite, seatOf } from "./store.js";
import { Seats, bidHere } from "./words.js";
import { api } from "./api.js";
import { Tabs } from "./controls.js";
import { legalMoves } from "./moves.js";
import { opened, reduce, resync } from "./state.js";
import { Connection } from "./connection.js";
import { Chat } from "./chat.js";
import { Ending } from "./ending.js";
import { Playing } from "./play.js";
import { SeatViews } from "./seat.js";

const $ = (id) => document.getElementById(id);

// The socket (reconnection, close reasons) is transport.js's and what
// the table knows of its match state.js's, both built from TypeScript
// (client/src/, checked against the protocol's generated types) and tested
// in Node (client/tests/); this class renders their changes, with the
// methods of connection.js, seat.js, play.js, ending.js and chat.js.

export class OnlineTable {
  constructor(E, { onLobby }) {
    this.E = E;
    this.C = E.constants();
    this.onLobby = onLobby;
    this.t = null;
    this.board = new BoardView($("board"), $("board-wrap"), { onChoose: (n) => this.openPicker(n) });
    this.picker = new Picker($("picker"), {
      onPick: (id) => this.act(id),
      onClose: () => this.board.choose(null),
    });
    this.log = new Log($("log"));
    this.review = new ReviewPanel(E, $("review"), { board: this.board, log: this.log });
    this.title = document.title;
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
      legal: new Map(),
      drawn: false,
      deadline: null,
      unread: 0,
      wasMine: false,
      summary: null,
    };
    this.t = t;
    this.log.clear();
    $("chat-log").replaceChildren();
    $("end").hidden = true;
    $("hint-text").textContent = "";
    $("turn").textContent = tr("ui-connecting");
    $("table-note").textContent = "";
    $("conn-note").textContent = "";
    $("invite-note").textContent = "";
    $("link-out").hidden = true;
    $("seat-link-out").hidden = true;
    $("seat-link-box").open = false;
    $("invite-box").hidden = true;
    this.selectTab("tab-log");
    try {
      t.summary = (await api("GET", `/matches/${id}`)).match;
    } catch (e) {
      if (this.t !== t) return;
      $("turn").textContent = e.status === 404 ? tr("ui-no-such-match") : tr("ui-cannot-open", { error: e.message });
      document.body.dataset.status = "missing";
      return;
    }
    if (this.t !== t) return;
    this.connect();
    t.tick = setInterval(() => this.tick(), 250);
  }

  close() {
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

  send(v) {
    this.t?.transport?.send(v);
  }

  /** A server message: the store's next state, and its change drawn. */
  message(m) {
    const t = this.t;
    let change;
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

  error(m) {
    const t = this.t;
    if (t.chatSent && performance.now() - t.chatSent < 3000) {
      $("chat-note").textContent = m.message;
      t.chatSent = 0;
      return;
    }
    $("hint-text").textContent = m.message;
    if (m.code === "stale_move" && this.t.transport.send({ op: "sync" })) {
      // The answer tells the whole game: the log starts again with it.
      this.t.state = resync(this.t.state);
    }
  }

  /** The seats' names as the server gives them (a person's name, else a bot's spec). */
  seatWords() {
    const t = this.t;
    const seats = t.last?.seats ?? t.summary?.seats ?? [];
    const names = seats.map((s) => s.name ?? null);
    return new Seats(this.E, t.game ? t.game.players : seats.length, names, t.seat);
  }

  /** An update (the store's change: the update, the events to tell, whether the log starts again). */
  update({ update: m, events, retell, before }) {
    const E = this.E;
    const t = this.t;
    const first = before === null;
    t.game?.free();
    t.game = E.Game.fromJSON(m.view);
    const game = t.game;
    // How many updates this page drew (for tests waiting on one).
    document.body.dataset.updates = String(Number(document.body.dataset.updates ?? 0) + 1);
    document.body.dataset.move = String(m.move);
    document.body.dataset.status = m.status;
    document.body.dataset.toAct = game.toAct ?? "";
    if (!t.drawn) {
      this.board.draw(game.boardSvg());
      t.drawn = true;
      renderHowTo($("howto"), game.variant);
      renderLegend(E, $("legend"), game.variant, game.usesMetropolysCards);
      renderRules(E, $("rules"), game.variant, game.usesMetropolysCards);
      this.fitBoard();
    }
    const seats = this.seatWords();
    if (retell && !first) this.log.clear();
    this.log.start(E, game.variant, seats);
    this.picker.close(false);
    this.board.hint(null);
    $("hint-text").textContent = "";
    const built = [...m.events].reverse().find((e) => e.type === "constructed");
    this.board.place(piecesOf(E, m.view, built ? built.neighborhood : -1), !first);
    // Legality from the engine in the page; the server's list must agree.
    const mine = m.status === "playing" && t.seat !== null && game.toAct === t.seat;
    const ids = mine ? [...game.legalActionIds()] : [];
    document.body.dataset.legalAgrees = String(ids.length === m.legal.length && ids.every((id, i) => id === m.legal[i]));
    ({ dests: t.legal, pass: t.pass } = legalMoves(ids, E.actionFromId));
    this.board.offer(t.legal, bidHere(E, t.legal));
    $("pass").disabled = t.pass === null;
    $("hint").disabled = !mine;
    t.deadline = typeof m.deadline_ms === "number" ? performance.now() + m.deadline_ms : null;
    if (m.timed_out) this.log.note(tr("ui-timed-out", { who: seats.who(m.timed_out.seat) }));
    this.log.add(E, seats, events, !retell);
    this.turnLine();
    this.players();
    this.cards();
    this.joinBar();
    this.endPanel();
    if (mine && (!t.wasMine || first)) this.showTurn(m.view);
    this.notify(mine, before);
    const over = m.status === "finished" || m.status === "cancelled";
    // A spectator gets no move controls at all: the board, the log, the
    // chat to read, and a note that they are watching.
    const watching = t.seat === null;
    $("actions").hidden = over || watching;
    $("watch-note").hidden = !watching || over;
    $("chat-form").hidden = watching;
    $("chat-watching").hidden = !watching;
    $("show-mine-box").hidden = watching;
    // A finished match's seats stay theirs (the record, the rematch); nothing to leave or cancel.
    $("leave").hidden = over || watching;
    $("cancel-match").hidden = over || watching;
    // A seat opened by an account's token has no seat link: the token is
    // the whole account's, never to be put in a link.
    $("seat-link-box").hidden = watching || !!t.token?.startsWith("acct_");
    this.inviteBox();
  }

  selectTab(id) {
    this.tabs.select(id);
  }

  wire() {
    this.tabs = new Tabs(document, (id) => {
      if (id === "tab-chat" && this.t) {
        this.t.unread = 0;
        $("unread").hidden = true;
      }
    });
    this.wirePlay();
    this.wireChat();
    this.wireSeat();
  }
}

/** The rest of the table, by what it shows: each part's methods, none named twice. */
export const PARTS = { Connection, SeatViews, Playing, Ending, Chat };
for (const [part, methods] of Object.entries(PARTS)) {
  for (const [name, method] of Object.entries(methods)) {
    if (name in OnlineTable.prototype) throw new Error(`OnlineTable.${name} is named twice (${part})`);
    OnlineTable.prototype[name] = method;
  }
}
