/** Base class of every error of the engine. */
export class MetropolysError extends Error {
  constructor(message: string, rule?: string | null, rules?: readonly string[]);
  /** The rulings joined by "/" for display ("R-7/R-9"), or null. */
  readonly rule: string | null;
  /** The rulings enforced, one string each (["R-7", "R-9"]). */
  readonly rules: readonly string[];
}
/** An illegal action (R-7 ... R-17), or one that does not exist. */
export class IllegalActionError extends MetropolysError {}
/** A configuration that describes no legal setup, or is not valid JSON. */
export class InvalidConfigError extends MetropolysError {}
/** A position no legal game reaches, or that is not valid JSON; an undo with nothing to undo. */
export class InvalidStateError extends MetropolysError {}
/** A record that is malformed, does not replay or does not match. */
export class RecordError extends MetropolysError {}
/** A text that names no action (`parseAction`). */
export class ActionParseError extends MetropolysError {}
/**
 * An error of the class named `name` (one above, or TypeError, RangeError,
 * Error) with `message` and, for the engine's classes, `rule` and `rules`.
 */
export function errorOf(
  name: string,
  message: string,
  rule?: string | null,
  rules?: readonly string[],
): Error;
