// The table's small dialogs: the name asked before a seat is taken, a
// link shown and copied, the turn's beep.

import { t as tr } from "./i18n.js";
import { myName, saveName } from "./store.js";
import { byId } from "./dom.js";

/** What the name dialog says of a refused join: the error's own `said`, else the server's refusal in words. */
function refusal(e: unknown): string {
  const f = typeof e === "object" && e !== null ? (e as { said?: unknown; code?: unknown; message?: unknown }) : {};
  if (f.said !== undefined && f.said !== null) return String(f.said);
  const error = String(f.message ?? e);
  return f.code === "bad_message" ? tr("ui-name-refused", { error }) : tr("ui-cannot-join", { error });
}

/**
 * Asks the player's name in the page's dialog before a seat is taken,
 * prefilled with the last one used, then runs `take(name)` (which joins).
 * A name the server refuses (`bad_message`: an invisible character,
 * another seat's name, a colour's) is said in the dialog, which stays open
 * for another; the name is remembered once a seat is taken with it.
 * Resolves with what `take` returned, or null when the player cancels.
 * (An error with `said` is shown as it is.)
 */
export function askName<T>(title: string, take: (name: string) => Promise<T>): Promise<T | null> {
  const dialog = byId<HTMLDialogElement>("name-dialog");
  const form = byId<HTMLFormElement>("name-form");
  const input = byId<HTMLInputElement>("name-input");
  const error = byId("name-error");
  const ok = byId<HTMLButtonElement>("name-ok");
  const cancelButton = byId("name-cancel");
  byId("name-title").textContent = title;
  input.value = myName();
  error.textContent = "";
  return new Promise((resolve) => {
    const finish = (v: T | null) => {
      form.removeEventListener("submit", submit);
      cancelButton.removeEventListener("click", cancel);
      dialog.removeEventListener("cancel", cancel);
      if (dialog.open) dialog.close();
      resolve(v);
    };
    const submit = async (ev: Event) => {
      ev.preventDefault();
      const name = input.value.trim();
      ok.disabled = true;
      error.textContent = "";
      try {
        const v = await take(name);
        saveName(name);
        finish(v);
      } catch (e) {
        error.textContent = refusal(e);
        input.focus();
      } finally {
        ok.disabled = false;
      }
    };
    const cancel = (ev?: Event) => {
      ev?.preventDefault();
      finish(null);
    };
    form.addEventListener("submit", submit);
    cancelButton.addEventListener("click", cancel);
    dialog.addEventListener("cancel", cancel);
    dialog.showModal();
    input.focus();
    input.select();
  });
}

/** A short beep (the turn notification's optional sound). */
export function beep(): void {
  try {
    const ctx = new AudioContext();
    const o = ctx.createOscillator();
    const gain = ctx.createGain();
    o.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.25);
    o.connect(gain).connect(ctx.destination);
    o.start();
    o.stop(ctx.currentTime + 0.25);
    o.onended = () => ctx.close();
  } catch {
    // No audio: the title still says it.
  }
}

/** Shows link `text` (named `what`) in the box `out`, selected, and copies it when the browser lets the page; `note` says which. */
export function showLink(text: string, what: string, out: HTMLInputElement, note: HTMLElement): void {
  out.hidden = false;
  out.value = text;
  out.select();
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(
      () => (note.textContent = tr("ui-copied", { what })),
      () => (note.textContent = tr("ui-copy-from-box", { what })),
    );
  } else {
    note.textContent = tr("ui-copy-from-box", { what });
  }
}
