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
import { byId } from "./dom.js";
import type { OnlineTable } from "./table.js";

/** The methods of `OnlineTable` (table.ts) this part gives it. */
export interface SeatMethods {
  /** The invite link of this match (null when this browser does not know a private match's invite). */
  inviteLink(): string | null;
  /** This seat's link, which moves the seat to another device (null without a seat). */
  seatLink(): string | null;
  /** The invite box: beside the board while a seat waits for a person, for the seated players. */
  inviteBox(): void;
  /** The turn line (whose turn, or how the match stands) and the headline. */
  turnLine(): void;
  /** The turn's timer (four times a second). */
  tick(): void;
  /** The players' table. */
  players(): void;
  /** This seat's cards and supply, and where the chosen card scores marked on the board. */
  cards(): void;
  /** The seats a spectator may take. */
  joinBar(): void;
  /** Takes seat `seat` (the player's name asked first), then opens the match again as that seat. */
  join(seat: number): Promise<void>;
  /** The seat's buttons: the invite and seat links, leaving and cancelling. */
  wireSeat(): void;
}

/** Error `e`'s message. */
const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** Methods of `OnlineTable` (table.ts), which takes them in. */
export const SeatViews: SeatMethods & ThisType<OnlineTable> = {
  inviteLink() {
    const t = this.t;
    if (!t) return null;
    const invite = inviteOf(t.id);
    if (t.summary?.private && !invite) return null;
    const base = `${location.origin}${location.pathname}`;
    return invite ? `${base}#/match/${t.id}/invite/${invite}` : `${base}#/match/${t.id}`;
  },

  seatLink() {
    const t = this.t;
    if (!t?.token || t.seat === null) return null;
    return `${location.origin}${location.pathname}#/match/${t.id}/seat/${t.seat}/${t.token}`;
  },

  inviteBox() {
    const t = this.t;
    const m = t?.last;
    if (!t || !m) return;
    const link = this.inviteLink();
    const waiting = (m.status === "open" || m.status === "playing")
      && (m.seats ?? []).some((s) => s.kind === "human" && !s.taken && !s.reserved);
    byId("invite-box").hidden = !(waiting && t.seat !== null && link);
    byId<HTMLInputElement>("invite-link").value = link ?? "";
    byId("copy-invite-tab").hidden = !link || m.status === "finished" || m.status === "cancelled";
  },

  turnLine() {
    const t = this.t;
    const m = t?.last;
    const game = t?.game;
    if (!t || !m || !game) return;
    const seats = this.seatWords();
    const box = byId("turn").parentElement;
    const mine = m.status === "playing" && game.toAct === t.seat && t.seat !== null;
    box?.classList.toggle("mine", mine);
    // (No seat to act while the match is played cannot be: the line stays empty then.)
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
    if (t.seat === null) where.push(tr("ui-watching"));
    byId("headline").textContent = `${texts().variant(game.variant)}, ${tr("ui-players-count", { count: game.players })} · ${where.join(" · ")}`;
  },

  tick() {
    const t = this.t;
    if (!t?.last) return;
    const el = byId("timer");
    if (t.last.status !== "playing" || !t.summary?.turn_seconds || !t.game) {
      el.textContent = "";
      return;
    }
    const toAct = t.game.toAct;
    if (t.deadline === null || toAct === null) {
      // A person to act and no deadline: the server holds the timer while
      // no player has the match open (bots have no timer).
      const human = toAct !== null && t.last.seats?.[toAct]?.kind === "human";
      el.textContent = human ? tr("ui-timer-waits") : "";
      return;
    }
    const left = Math.max(0, Math.round((t.deadline - performance.now()) / 1000));
    const mine = toAct === t.seat;
    const who = this.seatWords().who(toAct);
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
    if (!t?.game || !t.last) return;
    const status = (t.last.seats ?? []).map((s) => ({
      connected: s.connected,
      taken: s.taken,
      bot: s.kind === "bot" ? s.bot : null,
    }));
    renderPlayers(this.E, byId("players-table"), t.game, this.seatWords(), status);
  },

  cards() {
    const t = this.t;
    if (!t?.game || !t.last) return;
    const E = this.E;
    const seat = t.seat;
    const showMine = byId<HTMLInputElement>("show-mine");
    byId("mine").hidden = seat === null || t.last.status === "finished";
    const show = (ns: number[]) => {
      t.marked = ns;
      this.board.mark(showMine.checked ? ns : []);
    };
    const marked: number[] = renderCards(E, byId("cards"), t.game, seat, show);
    renderSupply(E, byId("supply"), t.game, seat);
    this.board.mark(showMine.checked ? marked : []);
    t.marked = marked;
  },

  joinBar() {
    const t = this.t;
    const bar = byId("join-bar");
    bar.replaceChildren();
    if (!t?.last || t.seat !== null || t.last.status === "finished" || t.last.status === "cancelled") return;
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
    if (!t) return;
    const seats = this.seatWords();
    const joined = await askName(tr("ui-take-seat", { color: seats.color(seat) }), (name) => joinSeat(t.id, seat, name));
    if (joined && this.t === t) await this.open(t.id);
  },

  wireSeat() {
    const tableNote = byId("table-note");
    byId("copy-invite").addEventListener("click", () => {
      const link = this.t && this.inviteLink();
      if (link) showLink(link, tr("ui-invite-link"), byId<HTMLInputElement>("invite-link"), byId("invite-note"));
    });
    byId("copy-invite-tab").addEventListener("click", () => {
      const link = this.t && this.inviteLink();
      if (link) showLink(link, tr("ui-invite-link"), byId<HTMLInputElement>("link-out"), tableNote);
    });
    byId("copy-seat").addEventListener("click", () => {
      const link = this.seatLink();
      if (!link) {
        tableNote.textContent = tr("ui-no-seat");
        return;
      }
      showLink(link, tr("ui-seat-link"), byId<HTMLInputElement>("seat-link-out"), tableNote);
    });
    // The seat link as a QR code, for a phone's camera: its module is
    // loaded only here.
    byId("show-seat-qr").addEventListener("click", async () => {
      const link = this.seatLink();
      if (!link) {
        tableNote.textContent = tr("ui-no-seat");
        return;
      }
      const { qrSvg } = await import("./qr.js");
      if (this.seatLink() !== link) return; // the table moved on meanwhile
      byId("seat-qr-code").replaceChildren(qrSvg(link, tr("ui-seat-qr")));
      byId<HTMLDialogElement>("seat-qr").showModal();
    });
    byId("leave").addEventListener("click", async () => {
      const t = this.t;
      if (!t?.token || !confirm(tr("ui-confirm-leave"))) return;
      try {
        await api("POST", `/matches/${t.id}/leave`, undefined, t.token);
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
      if (!confirm(tr("ui-confirm-cancel"))) return;
      try {
        await api("POST", `/matches/${t.id}/cancel`, undefined, t.token);
        tableNote.textContent = tr("ui-match-cancelled");
      } catch (e) {
        tableNote.textContent = messageOf(e);
      }
    });
  },
};
