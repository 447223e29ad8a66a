// The Metropolys web client of the game server: the lobby, the table
// (ui/table.js) and the replay of finished games. JavaScript modules
// built from TypeScript (client/src/), no bundling; the rules, ids, texts
// and pictures come from the engine in the page (the WebAssembly
// package, engine/), the game from the server, which stays the authority
// and sends each page only what its seat may see.
//
// Addresses (the part after #):
//   /                            the lobby
//   /match/ID                    a match: its table, with this browser's seat if it holds one
//   /match/ID/invite/SECRET      a private match's invite link
//   /match/ID/seat/N/CREDENTIAL  a seat link: this device plays seat N (the link is then forgotten)
//   /replay/ID                   a finished match, decision by decision, and the bots' review of it

import { AccountPanel, accountGames } from "./ui/account.js";
import { byId } from "./ui/dom.js";
import { languageMenu, setUpLanguage, t, texts } from "./ui/i18n.js";
import { type Engine, loadEngine } from "./ui/engine.js";
import { CORRESPONDENCE_SECONDS, type CreateMatch, type Info, type MatchAnswer, type MatchList, type Summary } from "./ui/protocol.js";
import { type HeldSeat, mySeats, saveInvite, saveSeat } from "./ui/store.js";
import { api, joinSeat } from "./ui/api.js";
import { OnlineTable } from "./ui/table.js";
import { ReplayPage } from "./ui/replaypage.js";
import { askName } from "./ui/dialogs.js";
import { botChoices, deckToggle, el, seatInputs } from "./ui/setup.js";
import { Seats } from "./ui/words.js";

/** This browser's seats, by match id. */
type Held = Record<string, HeldSeat>;

/** The message of `e`. */
function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The form's control named `name` (an input or a select). */
function field<T extends HTMLInputElement | HTMLSelectElement>(form: HTMLFormElement, name: string): T {
  return form.elements.namedItem(name) as T;
}

// The page runs once the engine is loaded (the pages' scripts are built
// for ES2020, which has no top-level await).
async function main(): Promise<void> {
  // The server's description is asked for while the engine compiles (a
  // phone's round trip costs as much as the compiling).
  const asked = api<Info>("GET", "").catch((): Partial<Info> => ({ bots: [] }));
  const E = await loadEngine();
  setUpLanguage(E);
  languageMenu(byId<HTMLSelectElement>("language"));
  // Without it the lobby says it cannot list matches.
  const info = await asked;
  const table = new OnlineTable(E, { onLobby: () => (location.hash = "#/") });
  const account = new AccountPanel(byId("account"), byId("leaderboard"), () => refreshMatches());
  let lobbyTimer: ReturnType<typeof setInterval> | undefined;
  const replay = new ReplayPage(E);

  function page(name: string): void {
    document.body.dataset.page = name;
    byId("loading").hidden = true;
    byId("lobby").hidden = name !== "lobby";
    byId("game").hidden = name !== "game";
    byId("replay").hidden = name !== "replay";
    if (name !== "game") table.close();
    if (name !== "replay") replay.close();
    clearInterval(lobbyTimer);
    lobbyTimer = undefined;
  }

  // ----- the lobby -------------------------------------------------------

  function seats(): void {
    const bots = botChoices(info.bots ?? []);
    seatInputs(E, byId("seats"), Number(byId<HTMLSelectElement>("players").value), bots, t("ui-a-person"),
      (i) => (i < 2 ? "human" : bots.includes("casual") ? "casual" : bots[0] ?? "human"));
  }

  function seatLine(E: Engine, m: Summary): HTMLTableCellElement {
    const seats = new Seats(E, m.players, m.seats.map((s) => s.name ?? null), null);
    const td = el("td");
    m.seats.forEach((s, i) => {
      const what = s.kind === "bot" ? t("ui-bot", { name: s.bot ?? "" }) : s.name ?? t(s.taken ? "ui-a-person" : "ui-free");
      td.append(seats.chip(i, what));
    });
    return td;
  }

  /** A match's turn timer in words: seconds, or days (hours) a move by correspondence. */
  function timerWords(seconds: number): string {
    if (seconds < CORRESPONDENCE_SECONDS) return t("ui-match-timer", { seconds });
    if (seconds < 86400) return t("ui-match-hours", { hours: Math.round(seconds / 3600) });
    return t("ui-timer-days", { days: Math.round((seconds / 86400) * 10) / 10 });
  }

  function matchRow(m: Summary, mine: Held): HTMLTableRowElement {
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

  /**
   * Every match this browser holds a seat of, private or public, playing or
   * finished (the public ones from `lists`, the others asked for by id; a
   * match the server no longer knows is left out).
   */
  async function myGames(mine: Held, lists: Summary[][]): Promise<Summary[]> {
    const known = new Map(lists.flat().map((m) => [m.id, m]));
    const ids = Object.keys(mine).slice(-30);
    const found = await Promise.all(ids.map((id) =>
      known.get(id) ?? api<MatchAnswer>("GET", `/matches/${id}`).then((v) => v.match, () => null)));
    const order: Record<string, number> = { playing: 0, open: 1, finished: 2, cancelled: 3 };
    return found.filter((m): m is Summary => Boolean(m)).sort((a, b) => (order[a.status] ?? 4) - (order[b.status] ?? 4));
  }

  async function refreshMatches(): Promise<void> {
    let v: MatchList;
    try {
      v = await api<MatchList>("GET", "/matches");
    } catch (e) {
      byId("matches").textContent = t("ui-cannot-list", { error: errorText(e) });
      return;
    }
    // The account's games from other devices join this browser's.
    await accountGames();
    account.refreshRatings();
    const mine = mySeats();
    const held = await myGames(mine, [v.matches, v.finished]);
    byId("my-games-box").hidden = held.length === 0;
    for (const [box, list, empty] of [
      [byId("my-games"), held, ""],
      [byId("matches"), v.matches, t("ui-no-match")],
      [byId("finished"), v.finished, t("ui-no-finished")],
    ] as const) {
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
  async function join(id: string, seat: number): Promise<void> {
    const joined = await askName(t("ui-take-seat", { color: texts().color(seat) }), (name) => joinSeat(id, seat, name));
    if (joined) location.hash = `#/match/${id}`;
  }

  function showLobby(): void {
    page("lobby");
    byId("headline").textContent = "";
    seats();
    account.render();
    void refreshMatches();
    lobbyTimer = setInterval(refreshMatches, 4000);
  }

  byId("players").addEventListener("change", seats);
  const deck = deckToggle(E, byId<HTMLInputElement>("metropolys-cards"), byId("deck"));
  byId("create").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const f = ev.target as HTMLFormElement;
    const n = Number(field(f, "players").value);
    const body: CreateMatch = { players: n, variant: field(f, "variant").value as CreateMatch["variant"], seats: [] };
    for (let i = 0; i < n; i++) body.seats.push(field(f, `seat${i}`).value);
    if (field(f, "turn").value) body.turn_seconds = Number(field(f, "turn").value);
    if (field<HTMLInputElement>(f, "private").checked) body.private = true;
    byId("create-error").textContent = "";
    try {
      if (field<HTMLInputElement>(f, "metropolys").checked) body.metropolys_deck = deck();
    } catch (e) {
      byId("create-error").textContent = errorText(e);
      return;
    }
    // The name first: the match is created once the player has one to take its seat with.
    // (A name refused leaves the match created: the next name joins it.)
    let v: MatchAnswer | null = null;
    const joined = await askName(t("ui-create"), async (name) => {
      if (!v) {
        try {
          v = await api<MatchAnswer>("POST", "/matches", body);
        } catch (e) {
          // Shown as it is in the name dialog: the match was not created.
          if (e instanceof Error) Object.assign(e, { said: e.message });
          throw e;
        }
        saveInvite(v.match.id, v.invite);
      }
      const free = v.match.seats.findIndex((s) => s.kind === "human");
      return joinSeat(v.match.id, free, name);
    });
    if (joined && v) location.hash = `#/match/${(v as MatchAnswer).match.id}`;
  });

  // ----- routing -------------------------------------------------------------

  function route(): void {
    const h = location.hash.split("?")[0] ?? "";
    let m = /^#\/match\/([0-9a-f]{1,64})\/seat\/([0-3])\/([0-9a-f]{64})$/.exec(h);
    if (m) {
      // A seat link: this device plays the seat; the address forgets the credential.
      saveSeat(m[1]!, Number(m[2]), m[3]!);
      history.replaceState(null, "", `#/match/${m[1]}`);
      return route();
    }
    m = /^#\/match\/([0-9a-f]{1,64})\/invite\/([0-9a-f]{32})$/.exec(h);
    if (m) {
      saveInvite(m[1]!, m[2]);
      history.replaceState(null, "", `#/match/${m[1]}`);
      return route();
    }
    m = /^#\/match\/([0-9a-f]{1,64})$/.exec(h);
    if (m) {
      page("game");
      table.open(m[1]!);
      return;
    }
    m = /^#\/replay\/([0-9a-f]{1,64})$/.exec(h);
    if (m) {
      page("replay");
      void replay.open(m[1]!);
      return;
    }
    showLobby();
  }

  window.addEventListener("hashchange", route);
  route();
}

void main();
