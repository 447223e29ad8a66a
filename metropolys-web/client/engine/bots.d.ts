// The declarations of the package's `metropolys/bots` entry: the rules and
// the bots, without the words, the pictures and the learned network's
// weights (the generated declarations of that module), the error classes,
// and `loadValueNetwork`.
export * from "./metropolys_bots.js";
export { default } from "./metropolys_bots.js";
export * from "./errors.js";

/**
 * Gives the module the learned value network, which the `expert` preset and
 * `{"leaf": "value"}` searches need: by default the file value.mtpnet
 * beside the module (fetched in browsers, read in Node); or `source`, a
 * URL, a `Response`, an `ArrayBuffer` or a `Uint8Array` of that file.
 * Without a source it does nothing once the network is there; a source
 * given is always read and checked. Rejects with a `RangeError` for any
 * other network, an `Error` when the file cannot be fetched.
 */
export function loadValueNetwork(source?: string | URL | Response | ArrayBuffer | ArrayBufferView): Promise<void>;
