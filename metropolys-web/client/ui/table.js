// The table of a match on the server: the page renders the view the
// server sent (its seat's, or the public view for a spectator, R-21) and
// derives everything else from the engine in the page — legality, what
// an action is, the board picture, what the cards score, the score
// categories. The server stays the authority: a move goes to the server,
// and only its next update changes the page. Once the match is over, the
// bots' review of it comes from the server (never before: it shows every
// card).

import { BoardView, piecesOf } from "./board.js";
import { t as tr, texts } from "./i18n.js";
import { renderCards, renderHowTo, renderLegend, renderPlayers, renderRevealed, renderRules, renderSheet, renderSupply } from "./panel.js";
import { Log } from "./log.js";
import { ReviewPanel } from "./review.js";
import { Picker } from "./picker.js";
import { inviteOf, myName, saveInvite, saveName, saveSeat, saveSound, seatOf, soundOn } from "./store.js";
import { Seats, bidHere, place, winnersText } from "./words.js";
import { api, fetchRecord, fetchReview, joinSeat } from "./api.js";
import { CLOSE } from "./close.js";
import { Tabs, bindKeys, bindZoom, followPicker } from "./controls.js";
import { inPlay, legalMoves } from "./moves.js";
import { CORRESPONDENCE_SECONDS } from "./protocol.js";
import { opened, reduce, resync, seatLost, since } from "./state.js";
import { Transport } from "./transport.js";

const $ = (id) => document.getElementById(id);

// The socket (reconnection, close reasons) is transport.js's and what
// the table knows of its match state.js's, both built from TypeScript
// (client/src/, checked against the protocol's generated types) and tested in
// Node (client/tests/); this class renders their changes.

/**
 * Asks the player's name in the page's dialog before a seat is taken,
 * prefilled with the last one used, then runs `take(name)` (which joins).
 * A name the server refuses (`bad_message`: an invisible character,
 * another seat's name, a colour's) is said in the dialog, which stays open
 * for another; the name is remembered once a seat is taken with it.
 * Resolves with what `take` returned, or null when the player cancels.
 * (An error with `said` is shown as it is.)
 */
export function askName(title, take) {
  const dialog = $("name-dialog");
  const form = $("name-form");
  const input = $("name-input");
  const error = $("name-error");
  const ok = $("name-ok");
  $("name-title").textContent = title;
  input.value = myName();
  error.textContent = "";
  return new Promise((resolve) => {
    const finish = (v) => {
      form.removeEventListener("submit", submit);
      $("name-cancel").removeEventListener("click", cancel);
      dialog.removeEventListener("cancel", cancel);
      if (dialog.open) dialog.close();
      resolve(v);
    };
    const submit = async (ev) => {
      ev.preventDefault();
      const name = input.value.trim();
      ok.disabled = true;
      error.textContent = "";
      try {
        const v = await take(name);
        saveName(name);
        finish(v);
      } catch (e) {
        error.textContent = e.said ?? (e.code === "bad_message" ? tr("ui-name-refused", { error: e.message }) : tr("ui-cannot-join", { error: e.message }));
        input.focus();
      } finally {
        ok.disabled = false;
      }
    };
    const cancel = (ev) => {
      ev?.preventDefault();
      finish(null);
    };
    form.addEventListener("submit", submit);
    $("name-cancel").addEventListener("click", cancel);
    dialog.addEventListener("cancel", cancel);
    dialog.showModal();
    input.focus();
    input.select();
  });
}

/** A short beep (the turn notification's optional sound). */
function beep() {
  try {
    const ctx = new AudioContext();
    const o = ctx.createOscillator();
    const gain = ctx.createGain();
    o.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.25);
    o.connect(gain).connect(ctx.destination);
    o.start();
    o.stop(ctx.currentTime + 0.25);
    o.onended = () => ctx.close();
  } catch {
    // No audio: the title still says it.
  }
}

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

  // ----- opening and closing ------------------------------------------

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

  connect() {
    const t = this.t;
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
      dial: (url) => new WebSocket(url),
    });
    t.transport.start();
  }

  /**
   * The table's socket closed (`c`: its code, reason and meaning, and
   * whether it had opened): the player is told why, a seat the server
   * says is no longer this browser's is forgotten, and the transport
   * connects again, as a spectator then, unless the match is gone.
   */
  async closed(c) {
    const t = this.t;
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
      $("conn-note").textContent = text;
    }
    // What the server said as it closed stays said while it cannot be reached again.
    if (c.code !== CLOSE.ABNORMAL) t.said = meaning.lost ? tr("ui-reconnecting") : text;
    $("turn").textContent = c.code === CLOSE.ABNORMAL && t.said ? t.said : meaning.lost ? tr("ui-reconnecting") : text;
    if (c.code === CLOSE.ABNORMAL && !c.opened) {
      // A refused upgrade reads as a dropped connection: the REST API
      // says whether the match is still there.
      try {
        await api("GET", `/matches/${t.id}`);
      } catch (e) {
        if (this.t !== t) return false;
        if (e.status === 404) {
          $("turn").textContent = tr("ui-no-such-match");
          document.body.dataset.status = "missing";
          return false;
        }
      }
    }
    return this.t === t;
  }

  send(v) {
    this.t?.transport?.send(v);
  }

  // ----- messages -------------------------------------------------------

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

  /**
   * The turn has come to this seat: a zoomed board (a phone's) pans to
   * the latest bid and the neighborhoods where this seat may outbid it.
   */
  showTurn(view) {
    const latest = view.bids?.length ? view.bids[view.bids.length - 1].neighborhood : null;
    if (latest === null) return;
    this.board.show([latest, ...this.t.legal.keys()]);
  }

  /** The invite link of this match (null when this browser does not know a private match's invite). */
  inviteLink() {
    const t = this.t;
    const invite = inviteOf(t.id);
    if (t.summary?.private && !invite) return null;
    const base = `${location.origin}${location.pathname}`;
    return invite ? `${base}#/match/${t.id}/invite/${invite}` : `${base}#/match/${t.id}`;
  }

  /** The invite box: beside the board while a seat waits for a person, for the seated players. */
  inviteBox() {
    const t = this.t;
    const m = t?.last;
    if (!m) return;
    const link = this.inviteLink();
    const waiting = (m.status === "open" || m.status === "playing")
      && (m.seats ?? []).some((s) => s.kind === "human" && !s.taken && !s.reserved);
    $("invite-box").hidden = !(waiting && t.seat !== null && link);
    $("invite-link").value = link ?? "";
    $("copy-invite-tab").hidden = !link || m.status === "finished" || m.status === "cancelled";
  }

  turnLine() {
    const t = this.t;
    const m = t.last;
    const game = t.game;
    const seats = this.seatWords();
    const box = $("turn").parentElement;
    const mine = m.status === "playing" && game.toAct === t.seat && t.seat !== null;
    box.classList.toggle("mine", mine);
    let text;
    if (m.status === "open") {
      const free = m.seats.filter((s) => s.kind === "human" && !s.taken).length;
      text = tr("ui-waiting-players", { count: free });
    } else if (m.status === "finished") {
      text = tr("ui-game-over", { winners: winnersText(seats, m.winners ?? game.winners) });
    } else if (m.status === "cancelled") {
      text = tr("ui-cancelled");
    } else if (mine) {
      text = tr("ui-your-turn", { pass: t.pass !== null ? "yes" : "no" });
    } else {
      text = tr("ui-to-act", { who: seats.who(game.toAct) });
    }
    $("turn").textContent = text;
    const where = [tr("ui-call", { call: game.callNumber }), tr("ui-move", { move: m.move })];
    if (t.seat === null) where.push(tr("ui-watching"));
    $("headline").textContent = `${texts().variant(game.variant)}, ${tr("ui-players-count", { count: game.players })} · ${where.join(" · ")}`;
  }

  tick() {
    const t = this.t;
    if (!t?.last) return;
    const el = $("timer");
    if (t.last.status !== "playing" || !t.summary?.turn_seconds) {
      el.textContent = "";
      return;
    }
    if (t.deadline === null) {
      // A person to act and no deadline: the server holds the timer while
      // no player has the match open (bots have no timer).
      const human = t.last.seats?.[t.game.toAct]?.kind === "human";
      el.textContent = human ? tr("ui-timer-waits") : "";
      return;
    }
    const left = Math.max(0, Math.round((t.deadline - performance.now()) / 1000));
    const mine = t.game.toAct === t.seat;
    const who = this.seatWords().who(t.game.toAct);
    if (left >= CORRESPONDENCE_SECONDS) {
      // Correspondence: days and hours.
      const days = Math.floor(left / 86400);
      const hours = Math.floor((left % 86400) / 3600);
      el.textContent = mine ? tr("ui-days-left-me", { days, hours }) : tr("ui-days-left", { days, hours, who });
      return;
    }
    el.textContent = mine ? tr("ui-seconds-left-me", { left }) : tr("ui-seconds-left", { left, who });
  }

  players() {
    const t = this.t;
    if (!t?.game) return;
    const status = (t.last.seats ?? []).map((s) => ({
      connected: s.connected,
      taken: s.taken,
      bot: s.kind === "bot" ? s.bot : null,
    }));
    renderPlayers(this.E, $("players-table"), t.game, this.seatWords(), status);
  }

  cards() {
    const t = this.t;
    const E = this.E;
    const seat = t.seat;
    $("mine").hidden = seat === null || t.last.status === "finished";
    const show = (ns) => {
      t.marked = ns;
      this.board.mark($("show-mine").checked ? ns : []);
    };
    const marked = renderCards(E, $("cards"), t.game, seat, show);
    renderSupply(E, $("supply"), t.game, seat);
    this.board.mark($("show-mine").checked ? marked : []);
    t.marked = marked;
  }

  joinBar() {
    const t = this.t;
    const bar = $("join-bar");
    bar.replaceChildren();
    if (!t.last || t.seat !== null || t.last.status === "finished" || t.last.status === "cancelled") return;
    const seats = this.seatWords();
    t.last.seats.forEach((s, i) => {
      if (s.kind !== "human" || s.taken || s.reserved) return;
      const b = document.createElement("button");
      b.type = "button";
      b.className = "join";
      b.setAttribute("data-seat", String(i));
      b.append(seats.chip(i, tr("ui-take-seat", { color: seats.color(i) })));
      b.addEventListener("click", () => this.join(i));
      bar.append(b);
    });
  }

  async join(seat) {
    const t = this.t;
    const seats = this.seatWords();
    const joined = await askName(tr("ui-take-seat", { color: seats.color(seat) }), (name) => joinSeat(t.id, seat, name));
    if (joined && this.t === t) await this.open(t.id);
  }

  // ----- the end ----------------------------------------------------------

  endPanel() {
    const t = this.t;
    const m = t.last;
    if (!m) return;
    const over = m.status === "finished";
    $("end").hidden = !(over || m.status === "cancelled");
    if (over) this.offerReview();
    else this.review.withdraw();
    if ($("end").hidden) {
      this.board.showGroups([]);
      return;
    }
    const E = this.E;
    const seats = this.seatWords();
    const scores = m.scores ?? [];
    const winners = m.winners ?? [];
    $("end-title").textContent = over ? winnersText(seats, winners) : tr("ui-cancelled");
    const sheet = $("score-sheet");
    sheet.replaceChildren();
    if (over) {
      renderSheet(E, sheet, {
        scores, winners, seats, onSeat: (p) => this.groups(p),
        variant: t.game.variant, metropolys: t.game.usesMetropolysCards,
      });
      renderRevealed(E, sheet, t.game, seats);
      if (!t.groupsShown) {
        this.groups(winners[0]);
        sheet.querySelector(`button[data-seat="${winners[0]}"]`)?.setAttribute("aria-pressed", "true");
      }
    }
    $("record-link").href = `api/v1/matches/${t.id}/record`;
    $("record-link").setAttribute("download", `metropolys-${t.id}.json`);
    $("replay-link").href = `#/replay/${t.id}`;
    $("replay-link").hidden = !over;
    const rematch = $("rematch");
    rematch.hidden = !over || (t.token === null && !t.rematch);
    rematch.textContent = tr(t.rematch ? (t.token ? "ui-join-rematch" : "ui-watch-rematch") : "ui-rematch");
    $("rematch-note").textContent = t.rematch ? tr("ui-rematch-waiting") : "";
  }

  /**
   * The review of the finished match, from the server, offered once the
   * server says the match is finished (never while it is played: the
   * server would refuse, and the review shows every card).
   */
  offerReview() {
    const t = this.t;
    let text = null;
    this.review.offer({
      key: t.id,
      record: async () => (text ??= await fetchRecord(t.id)),
      seats: this.seatWords(),
      variant: t.game.variant,
      request: (preset, onProgress, signal) => fetchReview(t.id, preset, signal),
      show: (step, pieces) => {
        if (this.t !== t || !t.game) return;
        if (pieces) {
          this.board.place(pieces);
          this.board.showGroups([]);
          this.board.mark([]);
        } else {
          this.board.place(piecesOf(this.E, t.last.view, -1));
          this.board.mark($("show-mine").checked ? t.marked ?? [] : []);
          const winners = t.last.winners ?? [];
          if (winners.length) this.groups(winners[0]);
        }
      },
    });
  }

  /** Draws on the board what seat `p` scored (its groups and districts). */
  groups(p) {
    const t = this.t;
    const s = (t.last.scores ?? []).find((x) => x.player === p);
    if (!s) return;
    t.groupsShown = true;
    const groups = [...s.area_groups, ...s.metropolys_groups];
    this.board.showGroups([{ seat: p, color: this.C.PLAYER_COLORS[p], ink: this.C.PLAYER_INKS[p], groups }]);
    $("table-note").textContent = "";
  }

  async rematch() {
    const t = this.t;
    if (!t.token) {
      if (t.rematch) location.hash = `#/match/${t.rematch}`;
      return;
    }
    try {
      const v = await api("POST", `/matches/${t.id}/rematch`, undefined, t.token);
      saveSeat(v.match, v.seat, v.token);
      saveInvite(v.match, v.invite);
      location.hash = `#/match/${v.match}`;
    } catch (e) {
      $("rematch-note").textContent = tr("ui-no-rematch", { error: e.message });
    }
  }

  // ----- playing ----------------------------------------------------------

  openPicker(n) {
    const t = this.t;
    const choices = t.legal.get(n);
    if (!choices) return;
    const E = this.E;
    const sizes = t.game.variant === "expert" ? this.C.BUILDING_SIZES : null;
    this.board.reveal(n);
    this.board.choose(n);
    this.picker.open(
      n,
      this.board.neighborhood(n),
      tr("ui-bid-on", { place: place(E, n) }),
      choices.map((c) => ({
        id: c.id,
        building: c.building,
        size: sizes ? sizes[c.building] : null,
        label: texts().action(t.game.variant, c.id),
      })),
    );
  }

  act(id) {
    const t = this.t;
    if (!t?.game?.isLegal(id) || t.last.status !== "playing" || t.game.toAct !== t.seat) return;
    this.send({ move: t.last.move, action: id });
    t.legal = new Map();
    t.pass = null;
    this.board.setLegal(t.legal, () => "");
    $("pass").disabled = true;
    $("hint").disabled = true;
  }

  showHint(m) {
    const t = this.t;
    if (m.move !== t.last.move) return;
    const a = this.E.actionFromId(m.action);
    $("hint-text").textContent = tr("ui-hint-is", { action: texts().action(t.game.variant, m.action) });
    $("hint-text").setAttribute("data-action", String(m.action));
    this.board.hint(a === "pass" ? null : a.bid.neighborhood);
  }

  notify(mine, before) {
    const t = this.t;
    const wasMine = t.wasMine;
    t.wasMine = mine;
    if (!mine || wasMine || !before) return;
    if (document.hidden) document.title = tr("ui-your-turn-title", { title: this.title });
    if (soundOn()) beep();
  }

  // ----- chat -------------------------------------------------------------

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
  }

  // ----- controls ---------------------------------------------------------

  /** A phone's board opens zoomed, on the districts in play (two of five are out of play with two players). */
  fitBoard() {
    this.board.zoom(window.innerWidth <= 820 ? this.board.zoomFor(46) : 1);
    this.board.showInPlay(inPlay(this.E.board().neighborhoods, this.t.game.outOfPlay));
  }

  selectTab(id) {
    this.tabs.select(id);
  }

  /** Shows link `text` (named `what`) in the box `out`, selected, and copies it when the browser lets the page; `note` says which. */
  showLink(text, what, out, note) {
    out.hidden = false;
    out.value = text;
    out.select();
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(
        () => (note.textContent = tr("ui-copied", { what })),
        () => (note.textContent = tr("ui-copy-from-box", { what })),
      );
    } else {
      note.textContent = tr("ui-copy-from-box", { what });
    }
  }

  wire() {
    $("pass").addEventListener("click", () => this.t?.pass !== null && this.act(this.t.pass));
    $("hint").addEventListener("click", () => this.send({ op: "hint" }));
    $("rematch").addEventListener("click", () => this.rematch());
    bindZoom(document, this.board);
    $("show-mine").addEventListener("change", () => this.board.mark($("show-mine").checked ? this.t?.marked ?? [] : []));
    this.tabs = new Tabs(document, (id) => {
      if (id === "tab-chat" && this.t) {
        this.t.unread = 0;
        $("unread").hidden = true;
      }
    });
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
    $("copy-invite").addEventListener("click", () => {
      const link = this.t && this.inviteLink();
      if (link) this.showLink(link, tr("ui-invite-link"), $("invite-link"), $("invite-note"));
    });
    $("copy-invite-tab").addEventListener("click", () => {
      const link = this.t && this.inviteLink();
      if (link) this.showLink(link, tr("ui-invite-link"), $("link-out"), $("table-note"));
    });
    $("copy-seat").addEventListener("click", () => {
      const t = this.t;
      if (!t?.token) {
        $("table-note").textContent = tr("ui-no-seat");
        return;
      }
      this.showLink(`${location.origin}${location.pathname}#/match/${t.id}/seat/${t.seat}/${t.token}`, tr("ui-seat-link"), $("seat-link-out"), $("table-note"));
    });
    $("sound").checked = soundOn();
    $("sound").addEventListener("change", () => saveSound($("sound").checked));
    $("leave").addEventListener("click", async () => {
      const t = this.t;
      if (!t?.token || !confirm(tr("ui-confirm-leave"))) return;
      try {
        await api("POST", `/matches/${t.id}/leave`, undefined, t.token);
        saveSeat(t.id, null, null);
        this.onLobby();
      } catch (e) {
        $("table-note").textContent = e.message;
      }
    });
    $("cancel-match").addEventListener("click", async () => {
      const t = this.t;
      if (!t?.token) {
        $("table-note").textContent = tr("ui-only-players-cancel");
        return;
      }
      if (!confirm(tr("ui-confirm-cancel"))) return;
      try {
        await api("POST", `/matches/${t.id}/cancel`, undefined, t.token);
        $("table-note").textContent = tr("ui-match-cancelled");
      } catch (e) {
        $("table-note").textContent = e.message;
      }
    });
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) document.title = this.title;
    });
    followPicker(window, $("board-wrap"), this.picker);
    bindKeys(document, {
      state: () => ({
        playing: !!this.t && document.body.dataset.page === "game" && !this.picker.isOpen,
        canPass: this.t?.pass != null,
        canHint: !$("hint").disabled,
        canUndo: false,
      }),
      pass: () => this.act(this.t.pass),
      hint: () => this.send({ op: "hint" }),
    });
  }
}
