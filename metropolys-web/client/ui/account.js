// Built from client/src/account.ts by scripts/build-web (esbuild). Do not edit.
var __defProp = Object.defineProperty;
var __defNormalProp = (obj, key, value) => key in obj ? __defProp(obj, key, { enumerable: true, configurable: true, writable: true, value }) : obj[key] = value;
var __publicField = (obj, key, value) => {
  __defNormalProp(obj, typeof key !== "symbol" ? key + "" : key, value);
  return value;
};
import { t, texts } from "./i18n.js";
import { el } from "./setup.js";
import { accountOf, mySeats, myName, saveAccount, saveName, saveSeat } from "./store.js";
import { ApiError, api, tieSeat } from "./api.js";
function messageOf(e) {
  return e instanceof Error ? e.message : String(e);
}
async function accountGames() {
  const a = accountOf();
  if (!a)
    return [];
  let v;
  try {
    v = await api("GET", "/account", void 0, a.token);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401)
      saveAccount(null);
    return [];
  }
  const mine = mySeats();
  for (const g of v.games) {
    if (!mine[g.summary.id])
      saveSeat(g.summary.id, g.seat, a.token);
  }
  lastAccount = v;
  return v.games;
}
let lastAccount = null;
function ratingText(r) {
  return t("ui-rating-line", {
    players: r.players,
    variant: texts().variant(r.variant),
    score: r.score.toFixed(1),
    games: r.games
  });
}
class AccountPanel {
  constructor(box, board, changed) {
    /** The panel's box. */
    __publicField(this, "box");
    /** The leaderboard's box. */
    __publicField(this, "board");
    /** Told after signing in or out. */
    __publicField(this, "changed");
    /** The kind of game whose leaderboard is shown. */
    __publicField(this, "kind");
    /** The latest leaderboard render (only the latest draws). */
    __publicField(this, "seq", 0);
    this.box = box;
    this.board = board;
    this.changed = changed;
    this.kind = { variant: "expert", players: 4 };
  }
  /** Draws the panel: the form to sign up or in, or the signed-in account with its ratings; then the leaderboard. */
  render() {
    const a = accountOf();
    this.box.replaceChildren();
    if (!a) {
      this.box.append(el("p", t("ui-account-note"), "note"));
      const form = el("form");
      form.id = "account-form";
      const name = el("input");
      name.name = "name";
      name.id = "account-name";
      name.autocomplete = "username";
      name.maxLength = 24;
      name.required = true;
      name.value = myName();
      const password = el("input");
      password.name = "password";
      password.id = "account-password";
      password.type = "password";
      password.autocomplete = "current-password";
      password.minLength = 8;
      password.required = true;
      const l1 = el("label");
      l1.append(el("span", t("ui-account-name")), name);
      const l2 = el("label");
      l2.append(el("span", t("ui-password")), password);
      const signIn = el("button", t("ui-sign-in"));
      signIn.type = "submit";
      signIn.id = "sign-in";
      const signUp = el("button", t("ui-sign-up"), "secondary");
      signUp.type = "button";
      signUp.id = "sign-up";
      const error = el("p", null, "error");
      error.id = "account-error";
      error.setAttribute("role", "alert");
      const row = el("div", null, "row");
      row.append(l1, l2);
      form.append(row, signIn, signUp, error);
      const go = async (path) => {
        if (!form.reportValidity())
          return;
        error.textContent = "";
        try {
          const credentials = { name: name.value, password: password.value };
          const v = await api("POST", path, credentials);
          saveAccount(v);
          if (!myName())
            saveName(v.name);
          await Promise.all(Object.entries(mySeats()).map(([id, s]) => tieSeat(id, s.token)));
          this.render();
          this.changed();
        } catch (e) {
          error.textContent = t("ui-account-failed", { error: messageOf(e) });
        }
      };
      form.addEventListener("submit", (ev) => {
        ev.preventDefault();
        go("/sessions");
      });
      signUp.addEventListener("click", () => go("/accounts"));
      this.box.append(form);
    } else {
      const who = el("p", t("ui-signed-in-as", { name: a.name }));
      who.id = "signed-in";
      const out = el("button", t("ui-sign-out"), "secondary");
      out.type = "button";
      out.id = "sign-out";
      out.addEventListener("click", async () => {
        try {
          await api("DELETE", "/sessions", void 0, a.token);
        } catch {
        }
        for (const [id, s] of Object.entries(mySeats()))
          if (s.token === a.token)
            saveSeat(id, null, null);
        saveAccount(null);
        lastAccount = null;
        this.render();
        this.changed();
      });
      who.append(" ", out);
      const ratings = el("div");
      ratings.id = "my-ratings";
      this.box.append(who, el("h3", t("ui-ratings")), ratings, this.noticesForm(a));
      this.refreshRatings();
    }
    this.renderBoard();
  }
  /**
   * Where the account's notices go (a correspondence game waiting for it
   * while it is away): the contact the server's notice relay reads.
   */
  noticesForm(a) {
    const form = el("form");
    form.id = "notices-form";
    const contact = el("input");
    contact.id = "account-contact";
    contact.maxLength = 254;
    contact.autocomplete = "email";
    const label = el("label");
    label.append(el("span", t("ui-notices-contact")), contact);
    const save = el("button", t("ui-notices-save"), "secondary");
    save.type = "submit";
    save.id = "save-contact";
    const status = el("p", null, "note");
    status.id = "notices-status";
    status.setAttribute("aria-live", "polite");
    form.append(el("h3", t("ui-notices")), label, save, status);
    form.addEventListener("submit", async (ev) => {
      ev.preventDefault();
      const value = contact.value.trim();
      try {
        const body = { contact: value || null };
        const v = await api("PUT", "/account/notices", body, a.token);
        if (lastAccount)
          Object.assign(lastAccount, { contact: v.contact, notices: v.enabled });
        status.textContent = t(v.enabled ? v.contact ? "ui-notices-saved" : "ui-notices-none" : "ui-notices-off");
      } catch (e) {
        status.textContent = t("ui-notices-failed", { error: messageOf(e) });
      }
    });
    return form;
  }
  /** The ratings of the signed-in account, as the last `accountGames()` read them. */
  refreshRatings() {
    const input = this.box.querySelector("#account-contact");
    if (input && lastAccount && document.activeElement !== input && !input.value) {
      input.value = lastAccount.contact ?? "";
      const status = this.box.querySelector("#notices-status");
      if (!lastAccount.notices && status)
        status.textContent = t("ui-notices-off");
    }
    const box = this.box.querySelector("#my-ratings");
    if (!box)
      return;
    const ratings = lastAccount?.ratings ?? [];
    if (!ratings.length) {
      box.replaceChildren(el("p", t("ui-no-ratings"), "note"));
      return;
    }
    const list = el("ul");
    for (const r of ratings)
      list.append(el("li", ratingText(r)));
    box.replaceChildren(list);
  }
  /** Draws the leaderboard of the kind of game chosen, with its choice of variant and players. */
  async renderBoard() {
    const seq = this.seq = this.seq + 1;
    const box = this.board;
    const pick = el("div", null, "row");
    const variant = el("select");
    variant.id = "board-variant";
    for (const v2 of ["family", "expert"]) {
      const o = el("option", texts().variant(v2));
      o.value = v2;
      variant.append(o);
    }
    variant.value = this.kind.variant;
    const players = el("select");
    players.id = "board-players";
    for (const n of [2, 3, 4]) {
      const o = el("option", String(n));
      o.value = String(n);
      players.append(o);
    }
    players.value = String(this.kind.players);
    const onPick = () => {
      this.kind = { variant: variant.value === "family" ? "family" : "expert", players: Number(players.value) };
      this.renderBoard();
    };
    variant.addEventListener("change", onPick);
    players.addEventListener("change", onPick);
    const l1 = el("label");
    l1.append(el("span", t("ui-game")), variant);
    const l2 = el("label");
    l2.append(el("span", t("ui-players")), players);
    pick.append(l2, l1);
    let v;
    try {
      v = await api("GET", `/leaderboard?variant=${this.kind.variant}&players=${this.kind.players}`);
    } catch (e) {
      if (seq === this.seq)
        box.replaceChildren(pick, el("p", messageOf(e), "error"));
      return;
    }
    if (seq !== this.seq)
      return;
    const rows = el("table", null, "matches leaderboard");
    const head = el("tr");
    for (const k of ["ui-col-rank", "ui-col-player", "ui-col-rating", "ui-col-games"])
      head.append(el("th", t(k)));
    rows.append(head);
    const me = accountOf()?.name;
    for (const e of v.entries) {
      const tr = el("tr");
      if (!e.bot && e.name === me)
        tr.className = "me";
      tr.append(
        el("td", String(e.rank)),
        el("td", e.bot ? t("ui-bot", { name: e.name }) : e.name),
        el("td", `${e.score.toFixed(1)} (${e.rating.toFixed(1)} \xB1 ${e.uncertainty.toFixed(1)})`),
        el("td", String(e.games))
      );
      rows.append(tr);
    }
    box.replaceChildren(pick, v.entries.length ? rows : el("p", t("ui-no-leaderboard"), "note"));
    box.dataset.kind = `${v.variant}/${v.players}`;
  }
}
export {
  AccountPanel,
  accountGames
};
