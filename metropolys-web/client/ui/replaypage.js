// Built from client/src/replaypage.ts by scripts/build-web (esbuild). Do not edit.
var __defProp = Object.defineProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __publicField = (obj, key, value) => {
  __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
  return value;
};
import { BoardView } from "./board.js";
import { byId } from "./dom.js";
import { t, texts } from "./i18n.js";
import { renderSheet } from "./panel.js";
import { ReviewPanel } from "./review.js";
import { replayData } from "./replaydata.js";
import { fetchReview } from "./api.js";
import { el } from "./setup.js";
import { Seats } from "./words.js";
function errorText(e) {
  return e instanceof Error ? e.message : String(e);
}
class ReplayPage {
  constructor(E) {
    __publicField(this, "E");
    /** The replay script's controls, while a replay is shown. */
    __publicField(this, "replay", null);
    /** The review of the match replayed (its board is the replay's). */
    __publicField(this, "review", null);
    /** The opening under way (a new one each `open`; null once closed): a record that comes late is dropped. */
    __publicField(this, "opening", null);
    this.E = E;
    new MutationObserver(() => this.review?.follow(Number(document.body.dataset.step))).observe(document.body, { attributes: true, attributeFilter: ["data-step"] });
  }
  /** Shows match `id`'s replay (at the step the address names, else the setup). */
  async open(id) {
    this.close();
    const opening = this.opening = {};
    const E = this.E;
    const C = E.constants();
    byId("headline").textContent = "";
    byId("replay-title").textContent = t("ui-replay");
    let text;
    try {
      const r = await fetch(`api/v1/matches/${id}/record`);
      text = await r.text();
      if (!r.ok)
        throw new Error(errorOf(text) ?? `HTTP ${r.status}`);
    } catch (e) {
      if (this.opening === opening)
        byId("where").textContent = t("ui-no-replay", { error: errorText(e) });
      return;
    }
    if (this.opening !== opening)
      return;
    const end = E.Game.fromRecord(text);
    const host = byId("replay-board");
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
    byId("replay-title").textContent = t("ui-replay-title", { players, variant: texts().variant(variant) });
    const key = byId("replay-seats");
    key.replaceChildren(el("span", `${t("ui-seats")} `));
    for (let p = 0; p < players; p++) {
      const s = record.seats?.[p];
      key.append(seats.chip(p, s && s.kind !== "human" ? `${seats.name(p)} (${s.kind})` : seats.name(p)));
    }
    const sheet = byId("sheet-text");
    sheet.replaceChildren();
    const scores = D.scores;
    if (scores) {
      renderSheet(E, sheet, {
        scores,
        winners: D.winners ?? [],
        seats,
        variant,
        metropolys,
        onSeat: (p) => {
          const s = scores.find((x) => x.player === p);
          if (!s)
            return;
          view.showGroups([{ seat: p, color: C.PLAYER_COLORS[p], ink: C.PLAYER_INKS[p], groups: [...s.area_groups, ...s.metropolys_groups] }]);
        }
      });
    }
    this.replay = MetropolysReplay.mount(D, {
      layer: host.querySelector("#pieces"),
      first: byId("first"),
      prevcall: byId("prevcall"),
      prev: byId("prev"),
      next: byId("next"),
      nextcall: byId("nextcall"),
      last: byId("last"),
      where: byId("where"),
      log: byId("replay-log"),
      score: byId("score"),
      sheet: byId("sheet"),
      root: document.body
    });
    const step = Number(new URLSearchParams(location.hash.split("?")[1] ?? "").get("step") ?? 0);
    this.replay.show(Number.isInteger(step) ? step : 0);
    if (D.over && !D.error) {
      const shown = this.replay;
      this.review = new ReviewPanel(E, byId("replay-review"), { board: view });
      this.review.offer({
        key: id,
        record: () => text,
        seats,
        variant,
        request: (preset, _onProgress, signal) => fetchReview(id, preset, signal),
        show: (k) => {
          if (this.replay === shown)
            shown.show(k ?? D.steps.length - 1);
        }
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
function errorOf(body) {
  const v = JSON.parse(body);
  return v?.error?.message;
}
export {
  ReplayPage
};
