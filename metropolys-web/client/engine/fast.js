// The fast path of learners and UIs that loop, without allocating:
//
// * `game.legalIds(out)`: the module writes the legal ids into a buffer of
//   its own memory, and they are copied from there into the caller's
//   Uint16Array through one view of that memory, made once (again only
//   when the memory grows); anything but a Uint16Array is a TypeError, and
//   the module's own `legalIds` (which wasm-bindgen hands a copy of the
//   array) answers an array too short, so that error is its own.
// * `game.step(id)` and `rng.below(n)` take numbers, passed to the module
//   as they are: anything else is a TypeError here (never coerced), and the
//   module checks the value; they call forms of the module's methods that
//   return a plain number (a Result comes back to JavaScript as a new
//   array), and the methods themselves only for their errors. `step`
//   returns the seat to act next, or null once the game is over (the
//   module's -1).
function kind(v) {
  if (v === null) return "null";
  if (v === undefined) return "undefined";
  if (ArrayBuffer.isView(v)) return `a ${v.constructor?.name ?? "view"}`;
  if (Array.isArray(v)) return "an array";
  return typeof v === "object" ? "an object" : `a ${typeof v}`;
}

/**
 * `C.prototype[key]` replaced by one that takes numbers only and calls the
 * module's `raw` form (no Result, so no array per call): on its refusal
 * value the module's own method is called, for its error; its value `none`
 * (if any) is returned as null.
 */
function numberOnly(C, key, raw, refused, what, none = undefined) {
  const f = C.prototype[key];
  const fast = C.prototype[raw];
  Object.defineProperty(C.prototype, key, {
    value: function (x) {
      if (typeof x !== "number") throw new TypeError(`${what} must be a number, not ${kind(x)}`);
      const r = fast.call(this, x);
      if (r === refused) return f.call(this, x);
      return r === none ? null : r;
    },
    writable: true,
    configurable: true,
  });
}

/** Installs the fast path on the classes of `module` (the glue). */
export function installFastPath(module) {
  const { Game, SplitMix64, __scratchIds } = module;
  const moduleLegalIds = Game.prototype.legalIds;
  const toScratch = Game.prototype.__legalIdsToScratch;
  let view = null;
  const scratch = () => {
    if (view === null || view.byteLength === 0) {
      const [memory, offset, length] = __scratchIds();
      view = new Uint16Array(memory.buffer, offset, length);
    }
    return view;
  };
  Object.defineProperty(Game.prototype, "legalIds", {
    value: function legalIds(out) {
      // A genuine Uint16Array (a Proxy is no view of a buffer).
      if (!(ArrayBuffer.isView(out) && out instanceof Uint16Array)) {
        throw new TypeError(`legalIds writes into a Uint16Array, not ${kind(out)}`);
      }
      const n = toScratch.call(this);
      if (out.length < n) return moduleLegalIds.call(this, out);
      const ids = scratch();
      if (n > 48 && out.length >= ids.length) {
        // One copy of the whole buffer (no allocation) beats a long loop.
        out.set(ids);
      } else {
        for (let i = 0; i < n; i++) out[i] = ids[i];
      }
      return n;
    },
    writable: true,
    configurable: true,
  });
  numberOnly(Game, "step", "__step", -2, "step(id): the action id", -1);
  numberOnly(SplitMix64, "below", "__below", -1, "below(n): n");
}
