// Built from client/src/dialogs.ts by scripts/build-web (esbuild). Do not edit.
import { t as tr } from "./i18n.js";
import { myName, saveName } from "./store.js";
import { byId } from "./dom.js";
function refusal(e) {
  const f = typeof e === "object" && e !== null ? e : {};
  if (f.said !== void 0 && f.said !== null)
    return String(f.said);
  const error = String(f.message ?? e);
  return f.code === "bad_message" ? tr("ui-name-refused", { error }) : tr("ui-cannot-join", { error });
}
function askName(title, take) {
  const dialog = byId("name-dialog");
  const form = byId("name-form");
  const input = byId("name-input");
  const error = byId("name-error");
  const ok = byId("name-ok");
  const cancelButton = byId("name-cancel");
  byId("name-title").textContent = title;
  input.value = myName();
  error.textContent = "";
  return new Promise((resolve) => {
    const finish = (v) => {
      form.removeEventListener("submit", submit);
      cancelButton.removeEventListener("click", cancel);
      dialog.removeEventListener("cancel", cancel);
      if (dialog.open)
        dialog.close();
      resolve(v);
    };
    const submit = async (ev) => {
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
    const cancel = (ev) => {
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
function beep() {
  try {
    const ctx = new AudioContext();
    const o = ctx.createOscillator();
    const gain = ctx.createGain();
    o.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(1e-3, ctx.currentTime + 0.25);
    o.connect(gain).connect(ctx.destination);
    o.start();
    o.stop(ctx.currentTime + 0.25);
    o.onended = () => ctx.close();
  } catch {
  }
}
function showLink(text, what, out, note) {
  out.hidden = false;
  out.value = text;
  out.select();
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(text).then(
      () => note.textContent = tr("ui-copied", { what }),
      () => note.textContent = tr("ui-copy-from-box", { what })
    );
  } else {
    note.textContent = tr("ui-copy-from-box", { what });
  }
}
export {
  askName,
  beep,
  showLink
};
