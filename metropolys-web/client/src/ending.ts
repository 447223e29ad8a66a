// The table once the match is over: the winners, the score sheet and
// what each seat scored drawn on the board, the record and the replay,
// the bots' review, the rematch.

import { t as tr } from "./i18n.js";
import { piecesOf } from "./board.js";
import { renderRevealed, renderSheet } from "./panel.js";
import { saveInvite, saveSeat } from "./store.js";
import { winnersText } from "./words.js";
import { api, fetchRecord, fetchReview } from "./api.js";
import type { Joined } from "./protocol.js";
import { byId } from "./dom.js";
import type { OnlineTable } from "./table.js";

/** The methods of `OnlineTable` (table.ts) this part gives it. */
export interface EndingMethods {
  /** The end panel, once the match is finished or cancelled: the winners, the score sheet, the record, the replay, the rematch. */
  endPanel(): void;
  /**
   * The review of the finished match, from the server, offered once the
   * server says the match is finished (never while it is played: the
   * server would refuse, and the review shows every card).
   */
  offerReview(): void;
  /** Draws on the board what seat `p` scored (its groups and districts). */
  groups(p: number): void;
  /** Takes this seat in the rematch (creating it, the first time), or watches it when this browser held no seat. */
  rematch(): Promise<void>;
}

/** Methods of `OnlineTable` (table.ts), which takes them in. */
export const Ending: EndingMethods & ThisType<OnlineTable> = {
  endPanel() {
    const t = this.t;
    const m = t?.last;
    if (!t || !m) return;
    const over = m.status === "finished";
    const end = byId("end");
    end.hidden = !(over || m.status === "cancelled");
    if (over) this.offerReview();
    else this.review.withdraw();
    if (end.hidden) {
      this.board.showGroups([]);
      return;
    }
    const E = this.E;
    const seats = this.seatWords();
    const scores = m.scores ?? [];
    const winners = m.winners ?? [];
    byId("end-title").textContent = over ? winnersText(seats, winners) : tr("ui-cancelled");
    const sheet = byId("score-sheet");
    sheet.replaceChildren();
    if (over && t.game) {
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
    const record = byId<HTMLAnchorElement>("record-link");
    record.href = `api/v1/matches/${t.id}/record`;
    record.setAttribute("download", `metropolys-${t.id}.json`);
    const replay = byId<HTMLAnchorElement>("replay-link");
    replay.href = `#/replay/${t.id}`;
    replay.hidden = !over;
    const rematch = byId("rematch");
    rematch.hidden = !over || (t.token === null && !t.rematch);
    rematch.textContent = tr(t.rematch ? (t.token ? "ui-join-rematch" : "ui-watch-rematch") : "ui-rematch");
    byId("rematch-note").textContent = t.rematch ? tr("ui-rematch-waiting") : "";
  },

  offerReview() {
    const t = this.t;
    if (!t?.game) return;
    let text: string | null = null;
    this.review.offer({
      key: t.id,
      record: async () => (text ??= await fetchRecord(t.id)),
      seats: this.seatWords(),
      variant: t.game.variant,
      request: (preset, _onProgress, signal) => fetchReview(t.id, preset, signal),
      show: (_step, pieces) => {
        if (this.t !== t || !t.game || !t.last) return;
        if (pieces) {
          this.board.place(pieces);
          this.board.showGroups([]);
          this.board.mark([]);
        } else {
          this.board.place(piecesOf(this.E, t.last.view, -1));
          this.board.mark(byId<HTMLInputElement>("show-mine").checked ? t.marked ?? [] : []);
          const winners = t.last.winners ?? [];
          if (winners.length) this.groups(winners[0]);
        }
      },
    });
  },

  groups(p) {
    const t = this.t;
    const s = (t?.last?.scores ?? []).find((x) => x.player === p);
    if (!t || !s) return;
    t.groupsShown = true;
    const groups = [...s.area_groups, ...s.metropolys_groups];
    this.board.showGroups([{ seat: p, color: this.C.PLAYER_COLORS[p], ink: this.C.PLAYER_INKS[p], groups }]);
    byId("table-note").textContent = "";
  },

  async rematch() {
    const t = this.t;
    if (!t) return;
    if (!t.token) {
      if (t.rematch) location.hash = `#/match/${t.rematch}`;
      return;
    }
    try {
      const v = await api<Joined>("POST", `/matches/${t.id}/rematch`, undefined, t.token);
      saveSeat(v.match, v.seat, v.token);
      saveInvite(v.match, v.invite);
      location.hash = `#/match/${v.match}`;
    } catch (e) {
      byId("rematch-note").textContent = tr("ui-no-rematch", { error: e instanceof Error ? e.message : String(e) });
    }
  },
};
