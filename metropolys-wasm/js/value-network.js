// The learned value network for the package's `metropolys/bots` entry,
// whose module is built without its weights (the `expert` preset and
// `{"leaf": "value"}` searches need them): `loadValueNetwork` reads the
// network's file, value.mtpnet, shipped beside the module, and gives it to
// the module (`installValueNetwork`, which takes the shipped network only,
// so that the bots decide as natively).

/**
 * The bytes of `source`: a `Uint8Array` (or another view, or an
 * `ArrayBuffer`), a `Response`, or a URL (a `URL` or a string) to fetch.
 */
async function bytesOf(source) {
  if (typeof source === "string" || source instanceof URL) {
    source = await fetch(source);
  }
  if (typeof Response !== "undefined" && source instanceof Response) {
    if (!source.ok) {
      throw new Error(`metropolys: the value network could not be fetched from ${source.url}: ${source.status} ${source.statusText}`);
    }
    return new Uint8Array(await source.arrayBuffer());
  }
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  if (ArrayBuffer.isView(source)) {
    return new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  }
  throw new TypeError(
    "the value network is a URL, a Response, an ArrayBuffer or a Uint8Array (the bytes of value.mtpnet), not " +
      (source === null ? "null" : typeof source),
  );
}

/**
 * `loadValueNetwork` for `module`, reading `fallback()` when no source is
 * given and the module has no network yet (the file beside the module:
 * fetched in browsers, read in Node); a source given is always read and
 * checked.
 */
export function valueNetworkLoader(module, fallback) {
  return async function loadValueNetwork(source) {
    if (source === undefined) {
      if (module.hasValueNetwork()) return;
      source = await fallback();
    }
    module.installValueNetwork(await bytesOf(source));
  };
}
