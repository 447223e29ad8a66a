// Built from client/src/dom.ts by scripts/build-web (esbuild). Do not edit.
function byId(id) {
  const found = document.getElementById(id);
  if (found === null)
    throw new Error(`the page has no element #${id}`);
  return found;
}
export {
  byId
};
