// The errors of the engine, as JavaScript classes. The WebAssembly module
// throws them (through engine-error.js); they carry the rulings they
// enforce like Python's `metropolys.MetropolysError`: `error.rules` is an
// array of "R-9" strings (empty when the error is not about a rule), and
// `error.rule` the same joined by "/" ("R-7/R-9"), or null.

/** Base class of every error of the engine. */
export class MetropolysError extends Error {
  /**
   * @param {string} message
   * @param {string | null} [rule]
   * @param {string[]} [rules]
   */
  constructor(message, rule = null, rules = undefined) {
    super(message);
    /** The rulings joined by "/" for display ("R-7/R-9"), or null. */
    this.rule = rule ?? null;
    /** The rulings enforced, one string each (["R-7", "R-9"]). */
    this.rules = Object.freeze(rules ? [...rules] : rule ? [rule] : []);
  }
}

/**
 * An action that is illegal where it is taken (R-7 ... R-17), or an action
 * that does not exist (an unknown id, neighborhood or building).
 */
export class IllegalActionError extends MetropolysError {}

/**
 * A configuration that does not describe a legal setup (R-1 ... ),
 * or that is not valid configuration JSON.
 */
export class InvalidConfigError extends MetropolysError {}

/**
 * A state (from `Game.fromJSON`) that no legal game can reach, or that is
 * not valid state JSON; an undo with nothing to undo.
 */
export class InvalidStateError extends MetropolysError {}

/**
 * A game record that is malformed, does not replay (the first illegal
 * action is named) or does not give what it expects.
 */
export class RecordError extends MetropolysError {}

/**
 * A text that names no action (`parseAction`): not "bid B on N", "N B" or
 * "pass", or a neighborhood or building that does not exist.
 */
export class ActionParseError extends MetropolysError {}

for (const c of [
  MetropolysError,
  IllegalActionError,
  InvalidConfigError,
  InvalidStateError,
  RecordError,
  ActionParseError,
]) {
  Object.defineProperty(c.prototype, "name", {
    value: c.name,
    writable: true,
    configurable: true,
  });
}

const CLASSES = {
  MetropolysError,
  IllegalActionError,
  InvalidConfigError,
  InvalidStateError,
  RecordError,
  ActionParseError,
  TypeError,
  RangeError,
  Error,
};

/**
 * An error of the class named `name` (one above, or TypeError, RangeError,
 * Error) with `message` and, for the engine's classes, `rule` and `rules`:
 * what the module throws, and how the worker helper gives back an error
 * that crossed from a worker.
 * @param {string} name
 * @param {string} message
 * @param {string | null} [rule]
 * @param {readonly string[]} [rules]
 * @returns {Error}
 */
export function errorOf(name, message, rule = null, rules = undefined) {
  const C = Object.hasOwn(CLASSES, name) ? CLASSES[name] : Error;
  if (C === MetropolysError || C.prototype instanceof MetropolysError) {
    return new C(message, rule, rules);
  }
  return new C(message);
}
