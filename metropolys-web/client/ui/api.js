// Built from client/src/api.ts by scripts/build-web (esbuild). Do not edit.
import { accountOf, inviteOf, saveInvite, saveSeat } from "./store.js";
class ApiError extends Error {
  constructor(message, code, status) {
    super(message);
    this.code = code;
    this.status = status;
    this.name = "ApiError";
  }
}
function errorOf(text) {
  try {
    const v = JSON.parse(text);
    return v && typeof v === "object" && v.error && typeof v.error.message === "string" ? v.error : null;
  } catch {
    return null;
  }
}
async function api(method, path, body, token) {
  const headers = {};
  const init = { method, headers };
  if (body !== void 0) {
    init.body = JSON.stringify(body);
    headers["Content-Type"] = "application/json";
  }
  if (token)
    headers.Authorization = `Bearer ${token}`;
  let r;
  try {
    r = await fetch(`api/v1${path}`, init);
  } catch (e) {
    throw new ApiError(e instanceof Error ? e.message : String(e), null, void 0);
  }
  const text = await r.text();
  if (!r.ok) {
    const error = errorOf(text);
    throw new ApiError(error?.message ?? `HTTP ${r.status}`, error?.code ?? null, r.status);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(`HTTP ${r.status}: not JSON`, null, r.status);
  }
}
const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
async function fetchReview(id, preset, signal) {
  for (let attempt = 0; ; attempt++) {
    const r = await fetch(`api/v1/matches/${encodeURIComponent(id)}/review?preset=${encodeURIComponent(preset)}`, { signal: signal ?? null });
    const text = await r.text();
    if (r.status === 429 && attempt < 5) {
      const seconds = Math.min(30, Math.max(1, Number(r.headers.get("Retry-After")) || 2));
      await sleep(seconds * 1e3);
      if (signal?.aborted)
        throw signal.reason;
      continue;
    }
    let v = null;
    try {
      v = JSON.parse(text);
    } catch {
      v = null;
    }
    if (!r.ok || !v || typeof v !== "object") {
      const error = errorOf(text);
      throw new ApiError(error?.message ?? `HTTP ${r.status}`, error?.code ?? null, r.status);
    }
    return v;
  }
}
async function fetchRecord(id, signal) {
  const r = await fetch(`api/v1/matches/${encodeURIComponent(id)}/record`, { signal: signal ?? null });
  const text = await r.text();
  if (!r.ok) {
    const error = errorOf(text);
    throw new ApiError(error?.message ?? `HTTP ${r.status}`, error?.code ?? null, r.status);
  }
  return text;
}
async function tieSeat(id, token) {
  const a = accountOf();
  if (!a || !token || token.startsWith("acct_"))
    return;
  try {
    await api("POST", "/account/seats", { match: id, token }, a.token);
  } catch {
  }
}
function newCredential() {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join("");
}
async function joinSeat(id, seat, name) {
  const body = { token: newCredential() };
  if (seat !== null && seat !== void 0)
    body.seat = seat;
  if (name)
    body.name = name;
  const invite = inviteOf(id);
  if (invite)
    body.invite = invite;
  for (let attempt = 1; ; attempt++) {
    try {
      const v = await api("POST", `/matches/${encodeURIComponent(id)}/join`, body);
      saveSeat(id, v.seat, v.token);
      saveInvite(id, v.invite);
      await tieSeat(id, v.token);
      return v;
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== void 0 || attempt === 3)
        throw e;
      await sleep(500 * attempt);
    }
  }
}
export {
  ApiError,
  api,
  fetchRecord,
  fetchReview,
  joinSeat,
  newCredential,
  tieSeat
};
