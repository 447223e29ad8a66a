// Built from client/src/state.ts by scripts/build-web (esbuild). Do not edit.
function opened(seat) {
  return { seat, last: null, rematch: null, chatSeen: -1, replaying: false };
}
function since(s) {
  return s.last ? s.last.move : null;
}
function resync(s) {
  return { ...s, replaying: true };
}
function seatLost(s) {
  return { ...s, seat: null };
}
function reduce(s, m) {
  switch (m.type) {
    case "welcome":
      return welcome(s, m);
    case "update":
      return update(s, m);
    case "presence":
      return presence(s, m);
    case "chat":
      return chat(s, m.messages);
    case "rematch":
      return [{ ...s, rematch: m.match }, { kind: "rematch" }];
    case "hint":
      return [s, { kind: "hint", hint: m }];
    case "error":
      return [s, { kind: "error", error: m }];
    default:
      return [s, { kind: "none" }];
  }
}
function welcome(s, m) {
  return [{ ...s, seat: m.seat }, { kind: "welcome", invite: m.invite ?? null }];
}
function update(s, m) {
  const before = s.last;
  if (before && m.move < before.move)
    return [s, { kind: "none" }];
  const retell = before === null || s.replaying;
  const next = { ...s, last: m, rematch: m.rematch ?? s.rematch, replaying: false };
  return [next, { kind: "update", update: m, events: m.events, retell, before }];
}
function presence(s, m) {
  if (!s.last)
    return [s, { kind: "none" }];
  return [{ ...s, last: { ...s.last, seats: m.seats } }, { kind: "presence" }];
}
function chat(s, messages) {
  const fresh = [];
  let seen = s.chatSeen;
  for (const c of [...messages].sort((a, b) => a.n - b.n)) {
    if (c.n <= seen)
      continue;
    seen = c.n;
    fresh.push(c);
  }
  return [{ ...s, chatSeen: seen }, { kind: "chat", fresh }];
}
export {
  opened,
  reduce,
  resync,
  seatLost,
  since
};
