// Built from client/src/i18n.ts by scripts/build-web (esbuild). Do not edit.
const KEY = "metropolys.lang";
let E = null;
let current = null;
function choose(engine) {
  const asked = new URLSearchParams(location.search).get("lang");
  let saved = null;
  try {
    saved = localStorage.getItem(KEY);
  } catch {
  }
  for (const tag of [asked, saved]) {
    if (!tag)
      continue;
    try {
      return new engine.Texts(tag);
    } catch {
    }
  }
  const preferred = navigator.languages?.length ? [...navigator.languages] : [navigator.language ?? "en"];
  return new engine.Texts(engine.negotiateLanguage(preferred));
}
function setUpLanguage(engine) {
  E = engine;
  const chosen = choose(engine);
  current = chosen;
  document.documentElement.lang = chosen.lang === "en-XA" ? "en" : chosen.lang;
  translate(document);
  return chosen;
}
function texts() {
  if (current === null)
    throw new Error("the page's language is not set up yet (setUpLanguage)");
  return current;
}
function t(id, args) {
  try {
    return texts().message(id, args);
  } catch (e) {
    console.error(`metropolys: ${e instanceof Error ? e.message : String(e)}`);
    return id;
  }
}
function isArgs(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === "string" || typeof x === "number");
}
function argsOf(json) {
  if (!json)
    return void 0;
  const parsed = JSON.parse(json);
  return isArgs(parsed) ? parsed : void 0;
}
function translate(root) {
  for (const el of root.querySelectorAll("[data-t]"))
    el.textContent = t(el.dataset.t ?? "", argsOf(el.dataset.tArgs));
  for (const el of root.querySelectorAll("[data-t-label]"))
    el.setAttribute("aria-label", t(el.dataset.tLabel ?? ""));
  for (const el of root.querySelectorAll("[data-t-title]"))
    el.title = t(el.dataset.tTitle ?? "");
  for (const el of root.querySelectorAll("[data-t-placeholder]"))
    el.placeholder = t(el.dataset.tPlaceholder ?? "");
}
function languageMenu(select) {
  if (E === null)
    throw new Error("the page's language is not set up yet (setUpLanguage)");
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
    }
    const url = new URL(location.href);
    const stored = localStorageWorks();
    if (!stored)
      url.searchParams.set("lang", select.value);
    else
      url.searchParams.delete("lang");
    if (url.href === location.href)
      location.reload();
    else
      location.replace(url.href);
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
export {
  languageMenu,
  setUpLanguage,
  t,
  texts,
  translate
};
