// Built from client/src/replaydata.ts by scripts/build-web (esbuild). Do not edit.
function replayData(E, recordText, points, seats) {
  return { ...E.replayData(recordText, seats.narration()), points };
}
export {
  replayData
};
