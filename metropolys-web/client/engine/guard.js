// Receivers checked: wasm-bindgen's methods pass `this.__wbg_ptr` to the
// module without asking what `this` is, so a method called on an object of
// another class (`Game.prototype.clone.call(bot)`) would read one Rust
// value as another, and one called on a freed object says only "null
// pointer passed to rust". Every method and getter of the module's classes
// is wrapped here to check its receiver first: a `TypeError` for an object
// of another class, an `Error` naming the class for a freed one; `free()`
// of a freed object does nothing. (Objects whose prototype was replaced,
// or whose `__wbg_ptr` was written, are beyond what is checked.)

function describe(v) {
  if (v === null) return "null";
  if (typeof v !== "object" && typeof v !== "function") return `a ${typeof v}`;
  return `an instance of ${v?.constructor?.name ?? "Object"}`;
}

function wrap(C, key, f) {
  const name = `${C.name}.${String(key)}`;
  const fail = (self) => {
    if (!(self instanceof C)) {
      return new TypeError(`${name} needs a ${C.name} as \`this\`, not ${describe(self)}`);
    }
    return new Error(`this ${C.name} was freed (free()); it can no longer be used`);
  };
  if (key === "free") {
    return function free() {
      if (!(this instanceof C)) throw fail(this);
      if (this.__wbg_ptr !== 0) f.call(this);
    };
  }
  // Fixed arities keep the calls of the fast path (legalIds, step) cheap.
  switch (f.length) {
    case 0:
      return function () {
        if (!(this instanceof C) || this.__wbg_ptr === 0) throw fail(this);
        return f.call(this);
      };
    case 1:
      return function (a) {
        if (!(this instanceof C) || this.__wbg_ptr === 0) throw fail(this);
        return f.call(this, a);
      };
    case 2:
      return function (a, b) {
        if (!(this instanceof C) || this.__wbg_ptr === 0) throw fail(this);
        return f.call(this, a, b);
      };
    default:
      return function (...args) {
        if (!(this instanceof C) || this.__wbg_ptr === 0) throw fail(this);
        return f.apply(this, args);
      };
  }
}

/** Wraps the methods of every class that `module` exports. */
export function guardClasses(module) {
  for (const C of Object.values(module)) {
    if (typeof C !== "function" || typeof C.prototype?.free !== "function") continue;
    const proto = C.prototype;
    for (const key of [...Object.getOwnPropertyNames(proto), ...Object.getOwnPropertySymbols(proto)]) {
      if (key === "constructor" || key === "__destroy_into_raw") continue;
      const d = Object.getOwnPropertyDescriptor(proto, key);
      if (d.get) d.get = wrap(C, key, d.get);
      if (d.set) d.set = wrap(C, key, d.set);
      if (typeof d.value === "function") {
        d.value = key === Symbol.dispose ? proto.free : wrap(C, key, d.value);
      }
      Object.defineProperty(proto, key, d);
    }
  }
}
