// Built from client/src/store.ts by scripts/build-web (esbuild). Do not edit.
const SEATS = "metropolys-seats";
const INVITES = "metropolys-invites";
function read(key) {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null");
  } catch {
    return null;
  }
}
function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
  }
}
function isRecord(v) {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
function isHeld(v) {
  return isRecord(v) && typeof v.token === "string" && v.token !== "" && typeof v.seat === "number" && Number.isInteger(v.seat) && v.seat >= 0 && v.seat <= 3;
}
function mySeats() {
  const all = read(SEATS);
  const out = {};
  if (!isRecord(all))
    return out;
  for (const [id, s] of Object.entries(all)) {
    if (isHeld(s))
      out[id] = { seat: s.seat, token: s.token };
  }
  return out;
}
function seatOf(id) {
  return mySeats()[id] ?? null;
}
function saveSeat(id, seat, token) {
  const all = mySeats();
  if (token && seat !== null)
    all[id] = { seat, token };
  else
    delete all[id];
  write(SEATS, all);
}
function inviteOf(id) {
  const all = read(INVITES);
  const v = isRecord(all) ? all[id] : null;
  return typeof v === "string" ? v : null;
}
function saveInvite(id, invite) {
  if (!invite)
    return;
  const read_ = read(INVITES);
  const all = isRecord(read_) ? read_ : {};
  all[id] = invite;
  write(INVITES, all);
}
function myName() {
  const v = read("metropolys-name");
  return typeof v === "string" ? v : "";
}
function saveName(name) {
  write("metropolys-name", name);
}
function soundOn() {
  return read("metropolys-sound") === true;
}
function saveSound(on) {
  write("metropolys-sound", !!on);
}
function accountOf() {
  const v = read("metropolys-account");
  return isRecord(v) && typeof v.token === "string" && typeof v.name === "string" ? { name: v.name, token: v.token } : null;
}
function saveAccount(account) {
  if (account) {
    write("metropolys-account", { name: account.name, token: account.token });
    return;
  }
  try {
    localStorage.removeItem("metropolys-account");
  } catch {
  }
}
export {
  accountOf,
  inviteOf,
  myName,
  mySeats,
  saveAccount,
  saveInvite,
  saveName,
  saveSeat,
  saveSound,
  seatOf,
  soundOn
};
