// What the WebAssembly module imports from JavaScript (its `raw_module`):
// not part of the package's API.
//
// * `engineError`: the errors it throws (errors.js).
// * `jsonOf(value)`: the JSON text of a plain JavaScript value (an object,
//   an array, a number, a BigInt …) in one call, for the module's loaders
//   (configurations, positions, records, actions, events), or `undefined`
//   for anything out of the ordinary, which the module then reads itself,
//   value by value, with its own words for what is wrong. Reading an object
//   value by value from WebAssembly costs several calls across the
//   boundary per value; this walk costs one. The text is the module's own
//   reading, written as serde_json writes it (keys sorted, nothing
//   between tokens), so that a loader's error names the same place: its
//   domain is the values the module reads the same way (safe integers,
//   strings without lone surrogates, keys without surrogates, finite
//   nesting and size), and everything else (a float, NaN, a number beyond
//   2^53 − 1, a BigInt out of the 64-bit range, undefined, a function, a
//   symbol, a getter or proxy that throws, too deep, too large) is handed
//   back as `undefined`.
export { errorOf as engineError } from "./errors.js";

/** The most values, the deepest nesting (the module's limits). */
const MAX_VALUES = 1 << 20;
const MAX_DEPTH = 128;
/** 16 MiB of UTF-8, counted as 3 bytes per UTF-16 unit (an upper bound). */
const MAX_UNITS = Math.floor((16 << 20) / 3);
const MIN_I64 = -(2n ** 63n);
const MAX_U64 = 2n ** 64n - 1n;
const SURROGATE = /[\uD800-\uDFFF]/;

/** Whether `s` has a surrogate that is not half of a pair. */
function loneSurrogate(s) {
  if (!SURROGATE.test(s)) return false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (!(d >= 0xdc00 && d <= 0xdfff)) return true;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return true;
    }
  }
  return false;
}

/** Thrown inside the walk: the value is for the module to read. */
const OUT = Symbol("out of the ordinary");

/**
 * The JSON of the short strings met most (keys, names), each checked once:
 * the quoted string, or OUT (a key with a surrogate, which the module
 * sorts otherwise; a string with a lone surrogate, which it reads as
 * U+FFFD). Bounded: 4,096 strings of at most 64 units each; others are
 * checked and quoted each time.
 */
const quotedKeys = new Map();
const quotedStrings = new Map();
const QUOTED_MAX = 4096;
const QUOTED_LENGTH = 64;

function quoted(cache, s, out) {
  if (s.length > QUOTED_LENGTH) {
    if (out(s)) throw OUT;
    return JSON.stringify(s);
  }
  let q = cache.get(s);
  if (q === undefined) {
    q = out(s) ? OUT : JSON.stringify(s);
    if (cache.size < QUOTED_MAX) cache.set(s, q);
  }
  if (q === OUT) throw OUT;
  return q;
}

const hasSurrogate = (s) => SURROGATE.test(s);
const quoteKey = (k) => quoted(quotedKeys, k, hasSurrogate);
const quoteString = (v) => quoted(quotedStrings, v, loneSurrogate);

/**
 * @param {unknown} value
 * @returns {string | undefined}
 */
export function jsonOf(value) {
  const budget = { values: MAX_VALUES, units: MAX_UNITS };
  try {
    return write(value, 0, budget);
  } catch {
    // OUT, or what a getter or a proxy threw: the module reads the value
    // again and says what is wrong with it.
    return undefined;
  }
}

function write(v, depth, b) {
  if (--b.values < 0) throw OUT;
  switch (typeof v) {
    case "boolean":
      return v ? "true" : "false";
    case "number":
      if (Number.isSafeInteger(v)) return "" + v;
      throw OUT;
    case "bigint":
      if (v >= MIN_I64 && v <= MAX_U64) return String(v);
      throw OUT;
    case "string":
      b.units -= v.length;
      if (b.units < 0) throw OUT;
      return quoteString(v);
    case "object":
      if (v === null) return "null";
      break;
    default:
      throw OUT;
  }
  if (depth >= MAX_DEPTH) throw OUT;
  if (Array.isArray(v)) {
    const n = v.length;
    if (!Number.isSafeInteger(n) || n < 0 || n > b.values) throw OUT;
    if (n === 0) return "[]";
    let s = "[" + write(v[0], depth + 1, b);
    for (let i = 1; i < n; i++) s += "," + write(v[i], depth + 1, b);
    return s + "]";
  }
  // Each property read once, in the order of the module's maps (sorted by
  // code unit: without surrogates, the order of the UTF-8 bytes).
  const keys = Object.keys(v);
  for (let i = 1; i < keys.length; i++) {
    if (keys[i] < keys[i - 1]) {
      keys.sort();
      break;
    }
  }
  let s = "{";
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const item = v[key];
    // As JSON.stringify: a property that is undefined or a function is not
    // there.
    if (item === undefined || typeof item === "function") continue;
    b.units -= key.length;
    if (b.units < 0) throw OUT;
    s += (s.length > 1 ? "," : "") + quoteKey(key) + ":" + write(item, depth + 1, b);
  }
  return s + "}";
}
