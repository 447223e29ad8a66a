// The Metropolys web client of the game server: the lobby, the table
// (ui/table.js) and the replay of finished games. Plain JavaScript
// modules, no build step; the rules, ids, texts and pictures come from the
// engine in the page (the WebAssembly package, engine/), the game from the
// server, which stays the authority and sends each page only what its
// seat may see.
//
// Addresses (the part after #):
//   /                            the lobby
//   /match/ID                    a match: its table, with this browser's seat if it holds one
//   /match/ID/invite/SECRET      a private match's invite link
//   /match/ID/seat/N/CREDENTIAL  a seat link: this device plays seat N (the link is then forgotten)
//   /replay/ID                   a finished match, decision by decision, and the bots' review of it

import { AccountPanel, accountGames } from "./ui/account.js";
import { BoardView } from "./ui/board.js";
import { languageMenu, setUpLanguage, t, texts } from "./ui/i18n.js";
import { loadEngine } from "./ui/engine.js";
import { renderSheet } from "./ui/panel.js";
import { ReviewPanel } from "./ui/review.js";
import { CORRESPONDENCE_SECONDS } from "./ui/protocol.js";
import { replayData } from "./ui/replaydata.js";
import { mySeats, saveInvite, saveSeat } from "./ui/store.js";
import { api, fetchReview, joinSeat } from "./ui/api.js";
import { OnlineTable, askName } from "./ui/table.js";
import { botChoices, deckToggle, el, seatInputs } from "./ui/setup.js";
import { Seats } from "./ui/words.js";

const $ = (id) => document.getElementById(id);
const E = await loadEngine();
setUpLanguage(E);
languageMenu($("language"));
const C = E.constants();
let info = { bots: [] };
try {
  info = await api("GET", "");
} catch {
  // The lobby says it cannot list matches.
}
const table = new OnlineTable(E, { onLobby: () => (location.hash = "#/") });
const account = new AccountPanel($("account"), $("leaderboard"), () => refreshMatches());
let lobbyTimer = null;
let replay = null;
/** The review of the match replayed (its board is the replay's). */
let replayReview = null;
// The replay's own controls move the review's cursor too.
new MutationObserver(() => replayReview?.follow(Number(document.body.dataset.step)))
  .observe(document.body, { attributes: true, attributeFilter: ["data-step"] });

function page(name) {
  document.body.dataset.page = name;
  $("loading").hidden = true;
  $("lobby").hidden = name !== "lobby";
  $("game").hidden = name !== "game";
  $("replay").hidden = name !== "replay";
  if (name !== "game") table.close();
  if (name !== "replay" && replay) {
    replay.destroy();
    replay = null;
  }
  if (name !== "replay") {
    replayReview?.withdraw();
    replayReview = null;
  }
  clearInterval(lobbyTimer);
  lobbyTimer = null;
}

// ----- the lobby -------------------------------------------------------

function seats() {
  const bots = botChoices(info.bots ?? []);
  seatInputs(E, $("seats"), Number($("players").value), bots, t("ui-a-person"),
    (i) => (i < 2 ? "human" : bots.includes("casual") ? "casual" : bots[0] ?? "human"));
}

function seatLine(E, m) {
  const seats = new Seats(E, m.players, m.seats.map((s) => s.name ?? null), null);
  const td = el("td");
  m.seats.forEach((s, i) => {
    const what = s.kind === "bot" ? t("ui-bot", { name: s.bot }) : s.name ?? t(s.taken ? "ui-a-person" : "ui-free");
    td.append(seats.chip(i, what));
  });
  return td;
}

/** A match's turn timer in words: seconds, or days (hours) a move by correspondence. */
function timerWords(seconds) {
  if (seconds < CORRESPONDENCE_SECONDS) return t("ui-match-timer", { seconds });
  if (seconds < 86400) return t("ui-match-hours", { hours: Math.round(seconds / 3600) });
  return t("ui-timer-days", { days: Math.round((seconds / 86400) * 10) / 10 });
}

function matchRow(m, mine) {
  const tr = el("tr");
  tr.setAttribute("data-match", m.id);
  let what = t("ui-match-what", { players: m.players, variant: texts().variant(m.variant) });
  if (m.metropolys_cards) what += ` ${t("ui-match-cards")}`;
  if (m.turn_seconds) what += `, ${timerWords(m.turn_seconds)}`;
  tr.append(el("td", what));
  tr.append(seatLine(E, m));
  tr.append(el("td", m.status === "playing" ? t("ui-playing-move", { move: m.move }) : t(`ui-status-${m.status}`)));
  const td = el("td", null, "act");
  if (mine[m.id] && m.status !== "finished") {
    const b = el("button", t("ui-return-to-seat"));
    b.type = "button";
    b.addEventListener("click", () => (location.hash = `#/match/${m.id}`));
    td.append(b);
  } else if (m.status === "open" || m.status === "playing") {
    const seats = new Seats(E, m.players, [], null);
    m.seats.forEach((s, i) => {
      if (s.kind !== "human" || s.taken || s.reserved) return;
      const b = el("button", null, "join");
      b.type = "button";
      b.setAttribute("data-seat", String(i));
      b.append(seats.chip(i, t("ui-join-as", { color: seats.color(i) })));
      b.addEventListener("click", () => join(m.id, i));
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

/**
 * Every match this browser holds a seat of, private or public, playing or
 * finished (the public ones from `lists`, the others asked for by id; a
 * match the server no longer knows is left out).
 */
async function myGames(mine, lists) {
  const known = new Map(lists.flat().map((m) => [m.id, m]));
  const ids = Object.keys(mine).slice(-30);
  const found = await Promise.all(ids.map((id) =>
    known.get(id) ?? api("GET", `/matches/${id}`).then((v) => v.match, () => null)));
  const order = { playing: 0, open: 1, finished: 2, cancelled: 3 };
  return found.filter(Boolean).sort((a, b) => (order[a.status] ?? 4) - (order[b.status] ?? 4));
}

async function refreshMatches() {
  let v;
  try {
    v = await api("GET", "/matches");
  } catch (e) {
    $("matches").textContent = t("ui-cannot-list", { error: e.message });
    return;
  }
  // The account's games from other devices join this browser's.
  await accountGames();
  account.refreshRatings();
  const mine = mySeats();
  const held = await myGames(mine, [v.matches, v.finished]);
  $("my-games-box").hidden = held.length === 0;
  for (const [box, list, empty] of [
    [$("my-games"), held, ""],
    [$("matches"), v.matches, t("ui-no-match")],
    [$("finished"), v.finished, t("ui-no-finished")],
  ]) {
    box.replaceChildren();
    if (!list.length) {
      if (empty) box.append(el("p", empty, "note"));
      continue;
    }
    const rows = el("table", null, "matches");
    for (const m of list) rows.append(matchRow(m, mine));
    box.append(rows);
  }
}

/** Takes seat `seat` of match `id`, as the name the player gives (asked first). */
async function join(id, seat) {
  const joined = await askName(t("ui-take-seat", { color: texts().color(seat) }), (name) => joinSeat(id, seat, name));
  if (joined) location.hash = `#/match/${id}`;
}

function showLobby() {
  page("lobby");
  $("headline").textContent = "";
  seats();
  account.render();
  refreshMatches();
  lobbyTimer = setInterval(refreshMatches, 4000);
}

$("players").addEventListener("change", seats);
const deck = deckToggle(E, $("metropolys-cards"), $("deck"));
$("create").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  const f = ev.target;
  const n = Number(f.players.value);
  const body = { players: n, variant: f.variant.value, seats: [] };
  for (let i = 0; i < n; i++) body.seats.push(f[`seat${i}`].value);
  if (f.turn.value) body.turn_seconds = Number(f.turn.value);
  if (f.private.checked) body.private = true;
  $("create-error").textContent = "";
  try {
    if (f.metropolys.checked) body.metropolys_deck = deck();
  } catch (e) {
    $("create-error").textContent = e.message;
    return;
  }
  // The name first: the match is created once the player has one to take its seat with.
  // (A name refused leaves the match created: the next name joins it.)
  let v = null;
  const joined = await askName(t("ui-create"), async (name) => {
    if (!v) {
      try {
        v = await api("POST", "/matches", body);
      } catch (e) {
        e.said = e.message;
        throw e;
      }
      saveInvite(v.match.id, v.invite);
    }
    const free = v.match.seats.findIndex((s) => s.kind === "human");
    return joinSeat(v.match.id, free, name);
  });
  if (joined) location.hash = `#/match/${v.match.id}`;
});

// ----- the replay --------------------------------------------------------

async function showReplay(id) {
  page("replay");
  $("headline").textContent = "";
  $("replay-title").textContent = t("ui-replay");
  let text;
  try {
    const r = await fetch(`api/v1/matches/${id}/record`);
    text = await r.text();
    if (!r.ok) throw new Error(JSON.parse(text)?.error?.message ?? `HTTP ${r.status}`);
  } catch (e) {
    $("where").textContent = t("ui-no-replay", { error: e.message });
    return;
  }
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
  replay = MetropolysReplay.mount(D, {
    layer: host.querySelector("#pieces"), first: $("first"), prevcall: $("prevcall"), prev: $("prev"),
    next: $("next"), nextcall: $("nextcall"), last: $("last"), where: $("where"),
    log: $("replay-log"), score: $("score"), sheet: $("sheet"), root: document.body,
  });
  const step = Number(new URLSearchParams(location.hash.split("?")[1] ?? "").get("step") ?? 0);
  replay.show(Number.isInteger(step) ? step : 0);
  // The bots' review, from the server: a finished match's only.
  replayReview?.withdraw();
  replayReview = null;
  if (D.over && !D.error) {
    const shown = replay;
    replayReview = new ReviewPanel(E, $("replay-review"), { board: view });
    replayReview.offer({
      key: id,
      record: () => text,
      seats,
      variant,
      request: (preset, onProgress, signal) => fetchReview(id, preset, signal),
      show: (k) => {
        if (replay === shown) replay.show(k ?? D.steps.length - 1);
      },
    });
  }
}

// ----- routing -------------------------------------------------------------

function route() {
  const h = location.hash.split("?")[0];
  let m = /^#\/match\/([0-9a-f]{1,64})\/seat\/([0-3])\/([0-9a-f]{64})$/.exec(h);
  if (m) {
    // A seat link: this device plays the seat; the address forgets the credential.
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
    showReplay(m[1]);
    return;
  }
  showLobby();
}

window.addEventListener("hashchange", route);
route();
