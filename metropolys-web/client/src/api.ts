// The server's REST API (docs/server.md), typed by the protocol
// (protocol.ts, generated from the server's schema): one request function
// whose failures are an ApiError with the server's code, and the requests
// the pages make more than once (joining a seat, tying it to an account,
// a finished match's record and review).

import type { Bound, ErrorCode, HttpError, Joined, JoinSeat } from "./protocol.js";
import { accountOf, inviteOf, saveInvite, saveSeat } from "./store.js";

/** A refused request: the server's message, its error code, the HTTP status; no status when the server was not reached. */
export class ApiError extends Error {
  constructor(message: string, readonly code: ErrorCode | null, readonly status: number | undefined) {
    super(message);
    this.name = "ApiError";
  }
}

/** The server's error in `text`, if it is one. */
function errorOf(text: string): HttpError["error"] | null {
  try {
    const v = JSON.parse(text) as Partial<HttpError> | null;
    return v && typeof v === "object" && v.error && typeof v.error.message === "string" ? v.error : null;
  } catch {
    return null;
  }
}

/**
 * A request to the REST API (`path` under `api/v1`), with a JSON `body`
 * and a bearer `token` when given; resolves with the answer as JSON, or
 * rejects with an ApiError (the server's message and code).
 */
export async function api<T = unknown>(method: string, path: string, body?: unknown, token?: string | null): Promise<T> {
  const headers: Record<string, string> = {};
  const init: RequestInit = { method, headers };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    headers["Content-Type"] = "application/json";
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  let r: Response;
  try {
    r = await fetch(`api/v1${path}`, init);
  } catch (e) {
    throw new ApiError(e instanceof Error ? e.message : String(e), null, undefined);
  }
  const text = await r.text();
  if (!r.ok) {
    const error = errorOf(text);
    throw new ApiError(error?.message ?? `HTTP ${r.status}`, error?.code ?? null, r.status);
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiError(`HTTP ${r.status}: not JSON`, null, r.status);
  }
}

const sleep = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

/**
 * The server's review of finished match `id` by `preset` (`GET
 * /api/v1/matches/{id}/review`; asked again, up to five times, while the
 * server says it is busy and when to come back).
 */
export async function fetchReview(id: string, preset: string, signal?: AbortSignal): Promise<object> {
  for (let attempt = 0; ; attempt++) {
    const r = await fetch(`api/v1/matches/${encodeURIComponent(id)}/review?preset=${encodeURIComponent(preset)}`, { signal: signal ?? null });
    const text = await r.text();
    if (r.status === 429 && attempt < 5) {
      const seconds = Math.min(30, Math.max(1, Number(r.headers.get("Retry-After")) || 2));
      await sleep(seconds * 1000);
      if (signal?.aborted) throw signal.reason;
      continue;
    }
    let v: unknown = null;
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

/** The record of match `id` as JSON text (what the replay and the review read). */
export async function fetchRecord(id: string, signal?: AbortSignal): Promise<string> {
  const r = await fetch(`api/v1/matches/${encodeURIComponent(id)}/record`, { signal: signal ?? null });
  const text = await r.text();
  if (!r.ok) {
    const error = errorOf(text);
    throw new ApiError(error?.message ?? `HTTP ${r.status}`, error?.code ?? null, r.status);
  }
  return text;
}

/** Ties a seat this browser holds to the signed-in account (quietly: the seat works anyway). */
export async function tieSeat(id: string, token: string | null): Promise<void> {
  const a = accountOf();
  if (!a || !token || token.startsWith("acct_")) return;
  try {
    await api<Bound>("POST", "/account/seats", { match: id, token }, a.token);
  } catch {
    // A seat given up meanwhile, or already tied: nothing to do.
  }
}

/** A new seat credential: 256 random bits as 64 lowercase hexadecimal digits. */
export function newCredential(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Joins a seat of match `id` (the first free one when `seat` is null) as
 * `name` (none when empty), keeps it, and ties it to the signed-in
 * account. The seat's credential is drawn here: a join whose answer is
 * lost (the connection dropped) is sent again with it and gets the same
 * seat, so no seat is left held by a credential nobody has.
 */
export async function joinSeat(id: string, seat: number | null | undefined, name: string | null): Promise<Joined> {
  const body: JoinSeat = { token: newCredential() };
  if (seat !== null && seat !== undefined) body.seat = seat;
  if (name) body.name = name;
  const invite = inviteOf(id);
  if (invite) body.invite = invite;
  for (let attempt = 1; ; attempt++) {
    try {
      const v = await api<Joined>("POST", `/matches/${encodeURIComponent(id)}/join`, body);
      saveSeat(id, v.seat, v.token);
      saveInvite(id, v.invite);
      await tieSeat(id, v.token);
      return v;
    } catch (e) {
      // The server's refusals are final; a lost connection is tried again.
      if (!(e instanceof ApiError) || e.status !== undefined || attempt === 3) throw e;
      await sleep(500 * attempt);
    }
  }
}
