// The table's view of the seats: the turn line, the timer, the players,
// this seat's cards, the seats to take, the invite and seat links, and
// leaving or cancelling the match.

import { t as tr, texts } from "./i18n.js";
import { renderCards, renderPlayers, renderSupply } from "./panel.js";
import { inviteOf, saveSeat } from "./store.js";
import { winnersText } from "./words.js";
import { api, joinSeat } from "./api.js";
import { CORRESPONDENCE_SECONDS } from "./protocol.js";
import { askName, showLink } from "./dialogs.js";

const $ = (id) => document.getElementById(id);

/** Methods of `OnlineTable` (table.js), which takes them in. */
export const SeatViews = {
  /** The invite link of this match (null when this browser does not know a private match's invite). */
  inviteLink() {
    const t = this.t;
    const invite = inviteOf(t.id);
    if (t.summary?.private && !invite) return null;
    const base = `${location.origin}${location.pathname}`;
    return invite ? `${base}#/match/${t.id}/invite/${invite}` : `${base}#/match/${t.id}`;
  },

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
  },

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
  },

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
  },

  players() {
    const t = this.t;
    if (!t?.game) return;
    const status = (t.last.seats ?? []).map((s) => ({
      connected: s.connected,
      taken: s.taken,
      bot: s.kind === "bot" ? s.bot : null,
    }));
    renderPlayers(this.E, $("players-table"), t.game, this.seatWords(), status);
  },

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
  },

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
  },

  async join(seat) {
    const t = this.t;
    const seats = this.seatWords();
    const joined = await askName(tr("ui-take-seat", { color: seats.color(seat) }), (name) => joinSeat(t.id, seat, name));
    if (joined && this.t === t) await this.open(t.id);
  },

  /** The seat's buttons: the invite and seat links, leaving and cancelling. */
  wireSeat() {
    $("copy-invite").addEventListener("click", () => {
      const link = this.t && this.inviteLink();
      if (link) showLink(link, tr("ui-invite-link"), $("invite-link"), $("invite-note"));
    });
    $("copy-invite-tab").addEventListener("click", () => {
      const link = this.t && this.inviteLink();
      if (link) showLink(link, tr("ui-invite-link"), $("link-out"), $("table-note"));
    });
    $("copy-seat").addEventListener("click", () => {
      const t = this.t;
      if (!t?.token) {
        $("table-note").textContent = tr("ui-no-seat");
        return;
      }
      showLink(`${location.origin}${location.pathname}#/match/${t.id}/seat/${t.seat}/${t.token}`, tr("ui-seat-link"), $("seat-link-out"), $("table-note"));
    });
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
  },
};
