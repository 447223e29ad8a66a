// The table once the match is over: the winners, the score sheet and
// what each seat scored drawn on the board, the record and the replay,
// the bots' review, the rematch.

import { t as tr } from "./i18n.js";
import { piecesOf } from "./board.js";
import { renderRevealed, renderSheet } from "./panel.js";
import { saveInvite, saveSeat } from "./store.js";
import { winnersText } from "./words.js";
import { api, fetchRecord, fetchReview } from "./api.js";

const $ = (id) => document.getElementById(id);

/** Methods of `OnlineTable` (table.js), which takes them in. */
export const Ending = {
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
  },

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
  },

  /** Draws on the board what seat `p` scored (its groups and districts). */
  groups(p) {
    const t = this.t;
    const s = (t.last.scores ?? []).find((x) => x.player === p);
    if (!s) return;
    t.groupsShown = true;
    const groups = [...s.area_groups, ...s.metropolys_groups];
    this.board.showGroups([{ seat: p, color: this.C.PLAYER_COLORS[p], ink: this.C.PLAYER_INKS[p], groups }]);
    $("table-note").textContent = "";
  },

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
  },
};
