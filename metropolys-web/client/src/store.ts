// What a browser keeps between visits (localStorage): each match's seat
// credential and invite, the player's name, the sound setting, the
// signed-in account. A seat's credential is the seat (docs/server.md): the
// page keeps it only here. Whatever the storage holds is checked as it is
// read (another tab, an older version or a person may have written it), so
// a broken entry reads as nothing, never as a wrong seat.

/** A seat this browser holds: its number and its credential. */
export interface HeldSeat {
  seat: number;
  token: string;
}

/** A signed-in account: its name and its token. */
export interface Account {
  name: string;
  token: string;
}

const SEATS = "metropolys-seats";
const INVITES = "metropolys-invites";

function read(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null");
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private windows may refuse: the page still works for this visit.
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function isHeld(v: unknown): v is HeldSeat {
  return isRecord(v) && typeof v.token === "string" && v.token !== ""
    && typeof v.seat === "number" && Number.isInteger(v.seat) && v.seat >= 0 && v.seat <= 3;
}

/** Every match this browser holds a seat of, by match id (broken entries left out). */
export function mySeats(): Record<string, HeldSeat> {
  const all = read(SEATS);
  const out: Record<string, HeldSeat> = {};
  if (!isRecord(all)) return out;
  for (const [id, s] of Object.entries(all)) {
    if (isHeld(s)) out[id] = { seat: s.seat, token: s.token };
  }
  return out;
}

/** This browser's seat of match `id`, or null. */
export function seatOf(id: string): HeldSeat | null {
  return mySeats()[id] ?? null;
}

/** Keeps (or, with no token, forgets) this browser's seat of match `id`. */
export function saveSeat(id: string, seat: number | null, token: string | null): void {
  const all = mySeats();
  if (token && seat !== null) all[id] = { seat, token };
  else delete all[id];
  write(SEATS, all);
}

/** The invite secret of private match `id`, or null. */
export function inviteOf(id: string): string | null {
  const all = read(INVITES);
  const v = isRecord(all) ? all[id] : null;
  return typeof v === "string" ? v : null;
}

/** Keeps the invite of private match `id` (nothing for a public one). */
export function saveInvite(id: string, invite: string | null | undefined): void {
  if (!invite) return;
  const read_ = read(INVITES);
  const all = isRecord(read_) ? read_ : {};
  all[id] = invite;
  write(INVITES, all);
}

/** The player's name ("" when none). */
export function myName(): string {
  const v = read("metropolys-name");
  return typeof v === "string" ? v : "";
}

/** Keeps the player's name. */
export function saveName(name: string): void {
  write("metropolys-name", name);
}

/** Whether the page may beep when a turn comes. */
export function soundOn(): boolean {
  return read("metropolys-sound") === true;
}

/** Keeps the sound setting. */
export function saveSound(on: boolean): void {
  write("metropolys-sound", !!on);
}

/**
 * The signed-in account, or null. Its token opens every seat tied to it
 * (docs/server.md, "Accounts and ratings"): the page keeps it only here.
 */
export function accountOf(): Account | null {
  const v = read("metropolys-account");
  return isRecord(v) && typeof v.token === "string" && typeof v.name === "string" ? { name: v.name, token: v.token } : null;
}

/** Keeps the signed-in account (or, with null, forgets it). */
export function saveAccount(account: Account | null): void {
  if (account) {
    write("metropolys-account", { name: account.name, token: account.token });
    return;
  }
  try {
    localStorage.removeItem("metropolys-account");
  } catch {
    // Nothing kept.
  }
}
