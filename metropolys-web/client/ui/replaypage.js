// The replay page of the web client: a finished match, decision by
// decision (the replay script's controls), its score sheet, and the bots'
// review of it from the server.

import { BoardView } from "./board.js";
import { t, texts } from "./i18n.js";
import { renderSheet } from "./panel.js";
import { ReviewPanel } from "./review.js";
import { replayData } from "./replaydata.js";
import { fetchReview } from "./api.js";
import { el } from "./setup.js";
import { Seats } from "./words.js";

const $ = (id) => document.getElementById(id);

/** The replay of a match on the server (`E`: the engine). */
export class ReplayPage {
  constructor(E) {
    this.E = E;
    /** The replay script's controls, while a replay is shown. */
    this.replay = null;
    /** The review of the match replayed (its board is the replay's). */
    this.review = null;
    // The replay's own controls move the review's cursor too.
    new MutationObserver(() => this.review?.follow(Number(document.body.dataset.step)))
      .observe(document.body, { attributes: true, attributeFilter: ["data-step"] });
  }

  /** Shows match `id`'s replay (at the step the address names, else the setup). */
  async open(id) {
    this.close();
    const opening = (this.opening = {});
    const E = this.E;
    const C = E.constants();
    $("headline").textContent = "";
    $("replay-title").textContent = t("ui-replay");
    let text;
    try {
      const r = await fetch(`api/v1/matches/${id}/record`);
      text = await r.text();
      if (!r.ok) throw new Error(JSON.parse(text)?.error?.message ?? `HTTP ${r.status}`);
    } catch (e) {
      if (this.opening === opening) $("where").textContent = t("ui-no-replay", { error: e.message });
      return;
    }
    // The page moved on while the record came.
    if (this.opening !== opening) return;
    // The engine reads the record (its seed may be beyond what a JavaScript number holds exactly).
    const end = E.Game.fromRecord(text);
    const host = $("replay-board");
    const view = new BoardView(host, host);
    view.draw(end.boardSvg());
    const variant = end.variant;
    const metropolys = end.usesMetropolysCards;
    const players = end.players;
    end.free();
    const record = JSON.parse(text);
    const names = (record.seats ?? []).map((s) => s.name ?? null);
    const seats = new Seats(E, players, names, null);
    const D = replayData(E, text, view.points, seats);
    $("replay-title").textContent = t("ui-replay-title", { players, variant: texts().variant(variant) });
    const key = $("replay-seats");
    key.replaceChildren(el("span", `${t("ui-seats")} `));
    for (let p = 0; p < players; p++) {
      const s = record.seats?.[p];
      key.append(seats.chip(p, s && s.kind !== "human" ? `${seats.name(p)} (${s.kind})` : seats.name(p)));
    }
    const sheet = $("sheet-text");
    sheet.replaceChildren();
    if (D.scores) {
      renderSheet(E, sheet, {
        scores: D.scores, winners: D.winners, seats, variant, metropolys,
        onSeat: (p) => {
          const s = D.scores.find((x) => x.player === p);
          view.showGroups([{ seat: p, color: C.PLAYER_COLORS[p], ink: C.PLAYER_INKS[p], groups: [...s.area_groups, ...s.metropolys_groups] }]);
        },
      });
    }
    this.replay = MetropolysReplay.mount(D, {
      layer: host.querySelector("#pieces"), first: $("first"), prevcall: $("prevcall"), prev: $("prev"),
      next: $("next"), nextcall: $("nextcall"), last: $("last"), where: $("where"),
      log: $("replay-log"), score: $("score"), sheet: $("sheet"), root: document.body,
    });
    const step = Number(new URLSearchParams(location.hash.split("?")[1] ?? "").get("step") ?? 0);
    this.replay.show(Number.isInteger(step) ? step : 0);
    // The bots' review, from the server: a finished match's only.
      if (D.over && !D.error) {
      const shown = this.replay;
      this.review = new ReviewPanel(E, $("replay-review"), { board: view });
      this.review.offer({
        key: id,
        record: () => text,
        seats,
        variant,
        request: (preset, onProgress, signal) => fetchReview(id, preset, signal),
        show: (k) => {
          if (this.replay === shown) shown.show(k ?? D.steps.length - 1);
        },
      });
    }
  }

  /** Takes the replay and its review off the page. */
  close() {
    this.opening = null;
    this.replay?.destroy();
    this.replay = null;
    this.review?.withdraw();
    this.review = null;
  }
}
