// The page's language and its words. Every word comes from the engine's
// catalogues (metropolys-text, through the WebAssembly package): the
// game's words (`texts()`: seats, places, actions, scoring rules, the
// narration) and the pages' own (`t(id)`, the catalogues' `ui-*`
// messages; static markup names its message in `data-t`). The language is
// the one chosen in the menu (remembered), else the browser's first that
// the catalogues hold; `?lang=cs` in the address chooses it for one visit
// (and `?lang=en-XA`, the pseudo-locale, checks layouts).

import type { Texts } from "../engine/metropolys_wasm.js";
import type { Engine } from "./engine.js";

/** A message's variables: the catalogues' arguments are strings and numbers. */
export type MessageArgs = Record<string, string | number>;

const KEY = "metropolys.lang";
let E: Engine | null = null;
let current: Texts | null = null;

/** The language this page speaks (a tag: `en`, `cs`, `pl`, `fr`, `en-XA`). */
function choose(engine: Engine): Texts {
  const asked = new URLSearchParams(location.search).get("lang");
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(KEY);
  } catch {
    // Storage refused (private mode): the browser's language decides.
  }
  for (const tag of [asked, saved]) {
    if (!tag) continue;
    try {
      return new engine.Texts(tag);
    } catch {
      // A tag the catalogues do not hold: the next source decides.
    }
  }
  const preferred = navigator.languages?.length ? [...navigator.languages] : [navigator.language ?? "en"];
  return new engine.Texts(engine.negotiateLanguage(preferred));
}

/** Sets up the page's language with the engine `engine`; returns its catalogue. */
export function setUpLanguage(engine: Engine): Texts {
  E = engine;
  const chosen = choose(engine);
  current = chosen;
  document.documentElement.lang = chosen.lang === "en-XA" ? "en" : chosen.lang;
  translate(document);
  return chosen;
}

/**
 * The catalogue of the page's language (a `Texts` of the engine); throws
 * before `setUpLanguage`.
 */
export function texts(): Texts {
  if (current === null) throw new Error("the page's language is not set up yet (setUpLanguage)");
  return current;
}

/** The page's own message `id` with `args`; the id itself (and a console error) if it is missing. */
export function t(id: string, args?: MessageArgs): string {
  try {
    return texts().message(id, args);
  } catch (e) {
    console.error(`metropolys: ${e instanceof Error ? e.message : String(e)}`);
    return id;
  }
}

/** Whether `v` (parsed JSON of the markup) is a message's variables. */
function isArgs(v: unknown): v is MessageArgs {
  return typeof v === "object" && v !== null && !Array.isArray(v)
    && Object.values(v).every((x) => typeof x === "string" || typeof x === "number");
}

/** The variables of `data-t-args` (JSON), when it has some that are variables. */
function argsOf(json: string | undefined): MessageArgs | undefined {
  if (!json) return undefined;
  const parsed: unknown = JSON.parse(json);
  return isArgs(parsed) ? parsed : undefined;
}

/**
 * Translates the markup under `root`: `data-t` (the text, with the JSON
 * arguments of `data-t-args` when it has some), `data-t-label`
 * (aria-label), `data-t-title` (title), `data-t-placeholder`.
 */
export function translate(root: ParentNode): void {
  // Each selector names the attribute read: the `?? ""` never applies.
  for (const el of root.querySelectorAll<HTMLElement>("[data-t]")) el.textContent = t(el.dataset.t ?? "", argsOf(el.dataset.tArgs));
  for (const el of root.querySelectorAll<HTMLElement>("[data-t-label]")) el.setAttribute("aria-label", t(el.dataset.tLabel ?? ""));
  for (const el of root.querySelectorAll<HTMLElement>("[data-t-title]")) el.title = t(el.dataset.tTitle ?? "");
  for (const el of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("[data-t-placeholder]")) el.placeholder = t(el.dataset.tPlaceholder ?? "");
}

/** Fills `select` with the catalogues' languages; choosing one remembers it and reloads the page. */
export function languageMenu(select: HTMLSelectElement): void {
  if (E === null) throw new Error("the page's language is not set up yet (setUpLanguage)");
  select.replaceChildren();
  for (const { tag, name } of E.languages()) {
    const o = document.createElement("option");
    o.value = tag;
    o.textContent = name;
    select.append(o);
  }
  select.value = texts().lang;
  select.addEventListener("change", () => {
    try {
      localStorage.setItem(KEY, select.value);
    } catch {
      // Not remembered; the address carries it for this visit.
    }
    const url = new URL(location.href);
    const stored = localStorageWorks();
    if (!stored) url.searchParams.set("lang", select.value);
    else url.searchParams.delete("lang");
    if (url.href === location.href) location.reload();
    else location.replace(url.href);
  });
}

/** Whether the page may write to localStorage (not in every private mode). */
function localStorageWorks(): boolean {
  try {
    localStorage.setItem(`${KEY}.probe`, "1");
    localStorage.removeItem(`${KEY}.probe`);
    return true;
  } catch {
    return false;
  }
}
