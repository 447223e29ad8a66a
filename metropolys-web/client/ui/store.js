// What a browser keeps between visits (localStorage): each match's seat
// credential and invite, the player's name, the sound setting. A seat's
// credential is the seat (docs/server.md): the page keeps it only here.

function read(key, fallback) {
  try {
    const v = JSON.parse(localStorage.getItem(key) ?? "null");
    return v ?? fallback;
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Private windows may refuse: the page still works for this visit.
  }
}

/** `{seat, token}` of match `id`, or null. */
export function seatOf(id) {
  const s = read("metropolys-seats", {})[id];
  return s && typeof s.token === "string" ? s : null;
}

/** Every match this browser holds a seat of. */
export function mySeats() {
  return read("metropolys-seats", {});
}

/** Keeps (or, with no token, forgets) this browser's seat of match `id`. */
export function saveSeat(id, seat, token) {
  const all = read("metropolys-seats", {});
  if (token) all[id] = { seat, token };
  else delete all[id];
  write("metropolys-seats", all);
}

/** The invite secret of private match `id`, or null. */
export function inviteOf(id) {
  const v = read("metropolys-invites", {})[id];
  return typeof v === "string" ? v : null;
}

export function saveInvite(id, invite) {
  if (!invite) return;
  const all = read("metropolys-invites", {});
  all[id] = invite;
  write("metropolys-invites", all);
}

/** The player's name ("" when none). */
export function myName() {
  const v = read("metropolys-name", "");
  return typeof v === "string" ? v : "";
}

export function saveName(name) {
  write("metropolys-name", name);
}

export function soundOn() {
  return read("metropolys-sound", false) === true;
}

export function saveSound(on) {
  write("metropolys-sound", !!on);
}

/**
 * The signed-in account, `{name, token}`, or null. Its token opens every
 * seat tied to it (docs/server.md, "Accounts and ratings"): the page keeps
 * it only here.
 */
export function accountOf() {
  const v = read("metropolys-account", null);
  return v && typeof v.token === "string" && typeof v.name === "string" ? v : null;
}

/** Keeps the signed-in account (or, with null, forgets it). */
export function saveAccount(account) {
  if (account) write("metropolys-account", { name: account.name, token: account.token });
  else {
    try {
      localStorage.removeItem("metropolys-account");
    } catch {
      // Nothing kept.
    }
  }
}
