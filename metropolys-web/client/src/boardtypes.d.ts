// The shapes the board on the page is given (board.ts): the neighborhoods'
// centres, one position's pieces, a review's ghost, the groups that
// scored; and core's pieces script (pieces.js), which places the pieces,
// as the page loads it: a global, before the modules. Types only: nothing
// of it is loaded at run time.

/** A neighborhood's centre on the picture: [x, y]. */
export type Point = [number, number];

/**
 * One position's pieces as MetropolysPieces places them: `buildings` and
 * `bids` (the latest last) as [neighborhood, seat, number], `tokens` as
 * [neighborhood, token index], `highlight` a neighborhood or -1.
 */
export interface Pieces {
  buildings: ReadonlyArray<readonly [number, number, number]>;
  tokens: ReadonlyArray<readonly [number, number]>;
  bids: ReadonlyArray<readonly [number, number, number]>;
  highlight: number;
}

/** The bid a review's bot would have made: where, which building, by which seat. */
export interface GhostBid {
  neighborhood: number;
  building: number;
  seat: number;
}

/** One seat's groups that scored (`showGroups`): neighborhoods by group, in the seat's colour and ink. */
export interface ScoredGroups {
  seat: number;
  color: string;
  ink?: string | null;
  groups: ReadonlyArray<readonly number[]>;
}

declare global {
  /** Core's pieces script (svg::PIECES_SCRIPT, pieces.js), loaded by the page before its modules. */
  var MetropolysPieces: {
    /** Empties `layer` and places `pieces` on `points`. */
    place(layer: Element, points: readonly Point[], pieces: Pieces): void;
    /** One piece `ref` (a definition's id) on neighborhood `n`, of class `cls`. */
    put(layer: Element, points: readonly Point[], ref: string, n: number, cls: string, data?: Record<string, string>): SVGUseElement;
  };
}
