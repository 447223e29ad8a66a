// Built from client/src/pages/app.ts by scripts/build-web (esbuild). Do not edit.
import { AccountPanel, accountGames } from "./ui/account.js";
import { byId } from "./ui/dom.js";
import { languageMenu, setUpLanguage, t, texts } from "./ui/i18n.js";
import { loadEngine } from "./ui/engine.js";
import { CORRESPONDENCE_SECONDS } from "./ui/protocol.js";
import { mySeats, saveInvite, saveSeat } from "./ui/store.js";
import { api, joinSeat } from "./ui/api.js";
import { OnlineTable } from "./ui/table.js";
import { ReplayPage } from "./ui/replaypage.js";
import { askName } from "./ui/dialogs.js";
import { botChoices, deckToggle, el, seatInputs } from "./ui/setup.js";
import { Seats } from "./ui/words.js";
function errorText(e) {
  return e instanceof Error ? e.message : String(e);
}
function field(form, name) {
  return form.elements.namedItem(name);
}
async function main() {
  const asked = api("GET", "").catch(() => ({ bots: [] }));
  const E = await loadEngine();
  setUpLanguage(E);
  languageMenu(byId("language"));
  const info = await asked;
  const table = new OnlineTable(E, { onLobby: () => location.hash = "#/" });
  const account = new AccountPanel(byId("account"), byId("leaderboard"), () => refreshMatches());
  let lobbyTimer;
  const replay = new ReplayPage(E);
  function page(name) {
    document.body.dataset.page = name;
    byId("loading").hidden = true;
    byId("lobby").hidden = name !== "lobby";
    byId("game").hidden = name !== "game";
    byId("replay").hidden = name !== "replay";
    if (name !== "game")
      table.close();
    if (name !== "replay")
      replay.close();
    clearInterval(lobbyTimer);
    lobbyTimer = void 0;
  }
  function seats() {
    const bots = botChoices(info.bots ?? []);
    seatInputs(
      E,
      byId("seats"),
      Number(byId("players").value),
      bots,
      t("ui-a-person"),
      (i) => i < 2 ? "human" : bots.includes("casual") ? "casual" : bots[0] ?? "human"
    );
  }
  function seatLine(E2, m) {
    const seats2 = new Seats(E2, m.players, m.seats.map((s) => s.name ?? null), null);
    const td = el("td");
    m.seats.forEach((s, i) => {
      const what = s.kind === "bot" ? t("ui-bot", { name: s.bot ?? "" }) : s.name ?? t(s.taken ? "ui-a-person" : "ui-free");
      td.append(seats2.chip(i, what));
    });
    return td;
  }
  function timerWords(seconds) {
    if (seconds < CORRESPONDENCE_SECONDS)
      return t("ui-match-timer", { seconds });
    if (seconds < 86400)
      return t("ui-match-hours", { hours: Math.round(seconds / 3600) });
    return t("ui-timer-days", { days: Math.round(seconds / 86400 * 10) / 10 });
  }
  function matchRow(m, mine) {
    const tr = el("tr");
    tr.setAttribute("data-match", m.id);
    let what = t("ui-match-what", { players: m.players, variant: texts().variant(m.variant) });
    if (m.metropolys_cards)
      what += ` ${t("ui-match-cards")}`;
    if (m.turn_seconds)
      what += `, ${timerWords(m.turn_seconds)}`;
    tr.append(el("td", what));
    tr.append(seatLine(E, m));
    tr.append(el("td", m.status === "playing" ? t("ui-playing-move", { move: m.move }) : t(`ui-status-${m.status}`)));
    const td = el("td", null, "act");
    if (mine[m.id] && m.status !== "finished") {
      const b = el("button", t("ui-return-to-seat"));
      b.type = "button";
      b.addEventListener("click", () => location.hash = `#/match/${m.id}`);
      td.append(b);
    } else if (m.status === "open" || m.status === "playing") {
      const seats2 = new Seats(E, m.players, [], null);
      m.seats.forEach((s, i) => {
        if (s.kind !== "human" || s.taken || s.reserved)
          return;
        const b = el("button", null, "join");
        b.type = "button";
        b.setAttribute("data-seat", String(i));
        b.append(seats2.chip(i, t("ui-join-as", { color: seats2.color(i) })));
        b.addEventListener("click", () => void join(m.id, i));
        td.append(b);
      });
    }
    if (m.status === "finished") {
      const r = el("a", t("ui-replay"), "button secondary");
      r.href = `#/replay/${m.id}`;
      td.append(r);
    }
    const w = el("a", t(m.status === "finished" ? "ui-final-position" : "ui-watch"), "button secondary");
    w.href = `#/match/${m.id}`;
    td.append(w);
    tr.append(td);
    return tr;
  }
  async function myGames(mine, lists) {
    const known = new Map(lists.flat().map((m) => [m.id, m]));
    const ids = Object.keys(mine).slice(-30);
    const found = await Promise.all(ids.map((id) => known.get(id) ?? api("GET", `/matches/${id}`).then((v) => v.match, () => null)));
    const order = { playing: 0, open: 1, finished: 2, cancelled: 3 };
    return found.filter((m) => Boolean(m)).sort((a, b) => (order[a.status] ?? 4) - (order[b.status] ?? 4));
  }
  async function refreshMatches() {
    let v;
    try {
      v = await api("GET", "/matches");
    } catch (e) {
      byId("matches").textContent = t("ui-cannot-list", { error: errorText(e) });
      return;
    }
    await accountGames();
    account.refreshRatings();
    const mine = mySeats();
    const held = await myGames(mine, [v.matches, v.finished]);
    byId("my-games-box").hidden = held.length === 0;
    for (const [box, list, empty] of [
      [byId("my-games"), held, ""],
      [byId("matches"), v.matches, t("ui-no-match")],
      [byId("finished"), v.finished, t("ui-no-finished")]
    ]) {
      box.replaceChildren();
      if (!list.length) {
        if (empty)
          box.append(el("p", empty, "note"));
        continue;
      }
      const rows = el("table", null, "matches");
      for (const m of list)
        rows.append(matchRow(m, mine));
      box.append(rows);
    }
  }
  async function join(id, seat) {
    const joined = await askName(t("ui-take-seat", { color: texts().color(seat) }), (name) => joinSeat(id, seat, name));
    if (joined)
      location.hash = `#/match/${id}`;
  }
  function showLobby() {
    page("lobby");
    byId("headline").textContent = "";
    seats();
    account.render();
    void refreshMatches();
    lobbyTimer = setInterval(refreshMatches, 4e3);
  }
  byId("players").addEventListener("change", seats);
  const deck = deckToggle(E, byId("metropolys-cards"), byId("deck"));
  byId("create").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const f = ev.target;
    const n = Number(field(f, "players").value);
    const body = { players: n, variant: field(f, "variant").value, seats: [] };
    for (let i = 0; i < n; i++)
      body.seats.push(field(f, `seat${i}`).value);
    if (field(f, "turn").value)
      body.turn_seconds = Number(field(f, "turn").value);
    if (field(f, "private").checked)
      body.private = true;
    byId("create-error").textContent = "";
    try {
      if (field(f, "metropolys").checked)
        body.metropolys_deck = deck();
    } catch (e) {
      byId("create-error").textContent = errorText(e);
      return;
    }
    let v = null;
    const joined = await askName(t("ui-create"), async (name) => {
      if (!v) {
        try {
          v = await api("POST", "/matches", body);
        } catch (e) {
          if (e instanceof Error)
            Object.assign(e, { said: e.message });
          throw e;
        }
        saveInvite(v.match.id, v.invite);
      }
      const free = v.match.seats.findIndex((s) => s.kind === "human");
      return joinSeat(v.match.id, free, name);
    });
    if (joined && v)
      location.hash = `#/match/${v.match.id}`;
  });
  function route() {
    const h = location.hash.split("?")[0] ?? "";
    let m = /^#\/match\/([0-9a-f]{1,64})\/seat\/([0-3])\/([0-9a-f]{64})$/.exec(h);
    if (m) {
      saveSeat(m[1], Number(m[2]), m[3]);
      history.replaceState(null, "", `#/match/${m[1]}`);
      return route();
    }
    m = /^#\/match\/([0-9a-f]{1,64})\/invite\/([0-9a-f]{32})$/.exec(h);
    if (m) {
      saveInvite(m[1], m[2]);
      history.replaceState(null, "", `#/match/${m[1]}`);
      return route();
    }
    m = /^#\/match\/([0-9a-f]{1,64})$/.exec(h);
    if (m) {
      page("game");
      table.open(m[1]);
      return;
    }
    m = /^#\/replay\/([0-9a-f]{1,64})$/.exec(h);
    if (m) {
      page("replay");
      void replay.open(m[1]);
      return;
    }
    showLobby();
  }
  window.addEventListener("hashchange", route);
  route();
}
void main();
