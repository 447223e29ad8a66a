// Built from client/src/moves.ts by scripts/build-web (esbuild). Do not edit.
function legalMoves(ids, decode) {
  const dests = /* @__PURE__ */ new Map();
  let pass = null;
  for (const id of ids) {
    const a = decode(id);
    if (a === "pass") {
      pass = id;
      continue;
    }
    const n = a.bid.neighborhood;
    const offers = dests.get(n) ?? [];
    offers.push({ id, building: a.bid.building });
    dests.set(n, offers);
  }
  return { dests, pass };
}
function inPlay(neighborhoods, outOfPlay) {
  const out = new Set(outOfPlay ?? []);
  return neighborhoods.filter((h) => !out.has(h.district)).map((h) => h.id);
}
export {
  inPlay,
  legalMoves
};
