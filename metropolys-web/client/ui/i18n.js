// The page's language and its words. Every word comes from the engine's
// catalogues (metropolys-text, through the WebAssembly package): the
// game's words (`texts()`: seats, places, actions, scoring rules, the
// narration) and the pages' own (`t(id)`, the catalogues' `ui-*`
// messages; static markup names its message in `data-t`). The language is
// the one chosen in the menu (remembered), else the browser's first that
// the catalogues hold; `?lang=cs` in the address chooses it for one visit
// (and `?lang=en-XA`, the pseudo-locale, checks layouts).

const KEY = "metropolys.lang";
let E = null;
let current = null;

/** The language this page speaks (a tag: `en`, `cs`, `pl`, `fr`, `en-XA`). */
function choose(engine) {
  const asked = new URLSearchParams(location.search).get("lang");
  let saved = null;
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
export function setUpLanguage(engine) {
  E = engine;
  current = choose(engine);
  document.documentElement.lang = current.lang === "en-XA" ? "en" : current.lang;
  translate(document);
  return current;
}

/** The catalogue of the page's language (a `Texts` of the engine). */
export function texts() {
  return current;
}

/** The page's own message `id` with `args`; the id itself (and a console error) if it is missing. */
export function t(id, args) {
  try {
    return current.message(id, args);
  } catch (e) {
    console.error(`metropolys: ${e.message}`);
    return id;
  }
}

/**
 * Translates the markup under `root`: `data-t` (the text, with the JSON
 * arguments of `data-t-args` when it has some), `data-t-label`
 * (aria-label), `data-t-title` (title), `data-t-placeholder`.
 */
export function translate(root) {
  for (const el of root.querySelectorAll("[data-t]")) el.textContent = t(el.dataset.t, el.dataset.tArgs ? JSON.parse(el.dataset.tArgs) : undefined);
  for (const el of root.querySelectorAll("[data-t-label]")) el.setAttribute("aria-label", t(el.dataset.tLabel));
  for (const el of root.querySelectorAll("[data-t-title]")) el.title = t(el.dataset.tTitle);
  for (const el of root.querySelectorAll("[data-t-placeholder]")) el.placeholder = t(el.dataset.tPlaceholder);
}

/** Fills `select` with the catalogues' languages; choosing one remembers it and reloads the page. */
export function languageMenu(select) {
  select.replaceChildren();
  for (const { tag, name } of E.languages()) {
    const o = document.createElement("option");
    o.value = tag;
    o.textContent = name;
    select.append(o);
  }
  select.value = current.lang;
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

function localStorageWorks() {
  try {
    localStorage.setItem(`${KEY}.probe`, "1");
    localStorage.removeItem(`${KEY}.probe`);
    return true;
  } catch {
    return false;
  }
}
