// Built from client/src/seat.ts by scripts/build-web (esbuild). Do not edit.
import { t as tr, texts } from "./i18n.js";
import { renderCards, renderPlayers, renderSupply } from "./panel.js";
import { inviteOf, saveSeat } from "./store.js";
import { winnersText } from "./words.js";
import { api, joinSeat } from "./api.js";
import { CORRESPONDENCE_SECONDS } from "./protocol.js";
import { askName, showLink } from "./dialogs.js";
import { byId } from "./dom.js";
const messageOf = (e) => e instanceof Error ? e.message : String(e);
const SeatViews = {
  inviteLink() {
    const t = this.t;
    if (!t)
      return null;
    const invite = inviteOf(t.id);
    if (t.summary?.private && !invite)
      return null;
    const base = `${location.origin}${location.pathname}`;
    return invite ? `${base}#/match/${t.id}/invite/${invite}` : `${base}#/match/${t.id}`;
  },
  seatLink() {
    const t = this.t;
    if (!t?.token || t.seat === null)
      return null;
    return `${location.origin}${location.pathname}#/match/${t.id}/seat/${t.seat}/${t.token}`;
  },
  inviteBox() {
    const t = this.t;
    const m = t?.last;
    if (!t || !m)
      return;
    const link = this.inviteLink();
    const waiting = (m.status === "open" || m.status === "playing") && (m.seats ?? []).some((s) => s.kind === "human" && !s.taken && !s.reserved);
    byId("invite-box").hidden = !(waiting && t.seat !== null && link);
    byId("invite-link").value = link ?? "";
    byId("copy-invite-tab").hidden = !link || m.status === "finished" || m.status === "cancelled";
  },
  turnLine() {
    const t = this.t;
    const m = t?.last;
    const game = t?.game;
    if (!t || !m || !game)
      return;
    const seats = this.seatWords();
    const box = byId("turn").parentElement;
    const mine = m.status === "playing" && game.toAct === t.seat && t.seat !== null;
    box?.classList.toggle("mine", mine);
    let text = "";
    if (m.status === "open") {
      const free = m.seats.filter((s) => s.kind === "human" && !s.taken).length;
      text = tr("ui-waiting-players", { count: free });
    } else if (m.status === "finished") {
      text = tr("ui-game-over", { winners: winnersText(seats, m.winners ?? game.winners) });
    } else if (m.status === "cancelled") {
      text = tr("ui-cancelled");
    } else if (mine) {
      text = tr("ui-your-turn", { pass: t.pass !== null ? "yes" : "no" });
    } else if (game.toAct !== null) {
      text = tr("ui-to-act", { who: seats.who(game.toAct) });
    }
    byId("turn").textContent = text;
    const where = [tr("ui-call", { call: game.callNumber }), tr("ui-move", { move: m.move })];
    if (t.seat === null)
      where.push(tr("ui-watching"));
    byId("headline").textContent = `${texts().variant(game.variant)}, ${tr("ui-players-count", { count: game.players })} \xB7 ${where.join(" \xB7 ")}`;
  },
  tick() {
    const t = this.t;
    if (!t?.last)
      return;
    const el = byId("timer");
    if (t.last.status !== "playing" || !t.summary?.turn_seconds || !t.game) {
      el.textContent = "";
      return;
    }
    const toAct = t.game.toAct;
    if (t.deadline === null || toAct === null) {
      const human = toAct !== null && t.last.seats?.[toAct]?.kind === "human";
      el.textContent = human ? tr("ui-timer-waits") : "";
      return;
    }
    const left = Math.max(0, Math.round((t.deadline - performance.now()) / 1e3));
    const mine = toAct === t.seat;
    const who = this.seatWords().who(toAct);
    if (left >= CORRESPONDENCE_SECONDS) {
      const days = Math.floor(left / 86400);
      const hours = Math.floor(left % 86400 / 3600);
      el.textContent = mine ? tr("ui-days-left-me", { days, hours }) : tr("ui-days-left", { days, hours, who });
      return;
    }
    el.textContent = mine ? tr("ui-seconds-left-me", { left }) : tr("ui-seconds-left", { left, who });
  },
  players() {
    const t = this.t;
    if (!t?.game || !t.last)
      return;
    const status = (t.last.seats ?? []).map((s) => ({
      connected: s.connected,
      taken: s.taken,
      bot: s.kind === "bot" ? s.bot : null
    }));
    renderPlayers(this.E, byId("players-table"), t.game, this.seatWords(), status);
  },
  cards() {
    const t = this.t;
    if (!t?.game || !t.last)
      return;
    const E = this.E;
    const seat = t.seat;
    const showMine = byId("show-mine");
    byId("mine").hidden = seat === null || t.last.status === "finished";
    const show = (ns) => {
      t.marked = ns;
      this.board.mark(showMine.checked ? ns : []);
    };
    const marked = renderCards(E, byId("cards"), t.game, seat, show);
    renderSupply(E, byId("supply"), t.game, seat);
    this.board.mark(showMine.checked ? marked : []);
    t.marked = marked;
  },
  joinBar() {
    const t = this.t;
    const bar = byId("join-bar");
    bar.replaceChildren();
    if (!t?.last || t.seat !== null || t.last.status === "finished" || t.last.status === "cancelled")
      return;
    const seats = this.seatWords();
    t.last.seats.forEach((s, i) => {
      if (s.kind !== "human" || s.taken || s.reserved)
        return;
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
    if (!t)
      return;
    const seats = this.seatWords();
    const joined = await askName(tr("ui-take-seat", { color: seats.color(seat) }), (name) => joinSeat(t.id, seat, name));
    if (joined && this.t === t)
      await this.open(t.id);
  },
  wireSeat() {
    const tableNote = byId("table-note");
    byId("copy-invite").addEventListener("click", () => {
      const link = this.t && this.inviteLink();
      if (link)
        showLink(link, tr("ui-invite-link"), byId("invite-link"), byId("invite-note"));
    });
    byId("copy-invite-tab").addEventListener("click", () => {
      const link = this.t && this.inviteLink();
      if (link)
        showLink(link, tr("ui-invite-link"), byId("link-out"), tableNote);
    });
    byId("copy-seat").addEventListener("click", () => {
      const link = this.seatLink();
      if (!link) {
        tableNote.textContent = tr("ui-no-seat");
        return;
      }
      showLink(link, tr("ui-seat-link"), byId("seat-link-out"), tableNote);
    });
    byId("show-seat-qr").addEventListener("click", async () => {
      const link = this.seatLink();
      if (!link) {
        tableNote.textContent = tr("ui-no-seat");
        return;
      }
      const { qrSvg } = await import("./qr.js");
      if (this.seatLink() !== link)
        return;
      byId("seat-qr-code").replaceChildren(qrSvg(link, tr("ui-seat-qr")));
      byId("seat-qr").showModal();
    });
    byId("leave").addEventListener("click", async () => {
      const t = this.t;
      if (!t?.token || !confirm(tr("ui-confirm-leave")))
        return;
      try {
        await api("POST", `/matches/${t.id}/leave`, void 0, t.token);
        saveSeat(t.id, null, null);
        this.onLobby();
      } catch (e) {
        tableNote.textContent = messageOf(e);
      }
    });
    byId("cancel-match").addEventListener("click", async () => {
      const t = this.t;
      if (!t?.token) {
        tableNote.textContent = tr("ui-only-players-cancel");
        return;
      }
      if (!confirm(tr("ui-confirm-cancel")))
        return;
      try {
        await api("POST", `/matches/${t.id}/cancel`, void 0, t.token);
        tableNote.textContent = tr("ui-match-cancelled");
      } catch (e) {
        tableNote.textContent = messageOf(e);
      }
    });
  }
};
export {
  SeatViews
};
