/* The step-by-step replay of a Metropolys game, one script for the command
 * line's HTML replay (`metropolys replay --html`, which inlines it) and the
 * server's web client (which serves it): `MetropolysReplay.mount(D, el)`
 * shows step i of D.steps and wires the controls and keys; the pieces are
 * placed by core's MetropolysPieces (svg::PIECES_SCRIPT), loaded before.
 *
 * D (written by the command line in Rust, by the web client from the
 * engine in the page):
 *   points  [[x, y], ...] each neighborhood's centre in the board's units
 *   seats   the seats' names
 *   setup   the setup as text (shown at step 0)
 *   calls   [{call, title, lines: [text]}] the calls as told
 *   steps   [[call index or -1, lines shown, the step's own line (from 1),
 *             buildings, tokens, bids, highlight or -1, totals]]
 *   where   per step, where it stands in words ("call 3 · decision 12 of 61")
 *   score_title  the heading of the running score
 * (calls, steps, where and score_title: metropolys-text's Replay, the same
 * for both, in the reader's language).
 * el: the elements: layer (the board's layer of pieces), first, prevcall,
 *   prev, next, nextcall, last (buttons), where, log, score, sheet, and
 *   root (its data-step and data-call attributes say what is shown).
 * Returns {show(i), at(), destroy()}: destroy() removes the key handler.
 *
 * A classic script, not a module (the command line inlines it in its page,
 * the lobby loads it with <script src>): it has no import or export, and
 * its one global is MetropolysReplay. Its types are local to it. */

/** The replay script: `MetropolysReplay.mount(D, el)` (see above). */
// A `var`: the global the pages' other scripts read (window.MetropolysReplay).
var MetropolysReplay = (function () {
  /** The engine's replay (metropolys-text's Replay). */
  type Replay = import("./engine/metropolys_wasm.js").ReplayData;
  /** D: the replay's data (see above). */
  type Data = Pick<Replay, "seats" | "calls" | "steps" | "where" | "score_title"> & {
    points: Parameters<typeof MetropolysPieces.place>[1];
    setup?: string;
  };
  /** el: the page's elements the replay fills and listens to. */
  type Elements = {
    layer: Element;
    first: HTMLElement;
    prevcall: HTMLElement;
    prev: HTMLElement;
    next: HTMLElement;
    nextcall: HTMLElement;
    last: HTMLElement;
    where: HTMLElement;
    log: HTMLElement;
    score: HTMLElement;
    sheet: HTMLElement;
    root: Element;
  };

  function text(tag: string, s: string, cls?: string): HTMLElement {
    const e = document.createElement(tag);
    e.textContent = s;
    if (cls) e.className = cls;
    return e;
  }
  function mount(D: Data, el: Elements) {
    const S = D.steps, last = S.length - 1;
    let at = 0;
    function callOf(i: number): number { return S[i]![0]; }
    function show(i: number): void {
      at = Math.max(0, Math.min(last, i));
      const s = S[at]!;
      // Core's pieces script, loaded before this one (declared with the board's types).
      MetropolysPieces.place(el.layer, D.points, { buildings: s[3], tokens: s[4], bids: s[5], highlight: s[6] });
      const log = el.log;
      log.textContent = '';
      let where;
      if (s[0] < 0) {
        log.textContent = D.setup || '';
        where = D.where[at];
      } else {
        const c = D.calls[s[0]]!;
        log.appendChild(text('div', c.title));
        for (let k = 0; k < s[1]; k++) log.appendChild(text('div', c.lines[k]!, k + 1 === s[2] ? 'now' : ''));
        const now = log.querySelector<HTMLElement>('.now');
        if (now) log.scrollTop = Math.max(0, now.offsetTop - log.offsetTop - log.clientHeight / 2);
        where = D.where[at];
      }
      el.where.textContent = where ?? null;
      const score = el.score;
      score.textContent = '';
      el.sheet.hidden = at !== last;
      if (at !== last) {
        score.appendChild(text('div', D.score_title));
        const table = document.createElement('table'), head = document.createElement('tr'), row = document.createElement('tr');
        D.seats.forEach(function (name, p) {
          head.appendChild(text('th', name));
          row.appendChild(text('td', String(s[7][p])));
        });
        table.appendChild(head);
        table.appendChild(row);
        score.appendChild(table);
      }
      el.root.setAttribute('data-step', String(at));
      el.root.setAttribute('data-call', String(s[0] < 0 ? 0 : D.calls[s[0]]!.call));
    }
    function isEnd(i: number): boolean { return i === last || callOf(i + 1) !== callOf(i); }
    function nextCall(): void {
      let i = at + 1;
      while (i < last && !isEnd(i)) i++;
      show(i);
    }
    function prevCall(): void {
      let i = at - 1;
      while (i > 0 && !isEnd(i)) i--;
      show(i);
    }
    el.first.onclick = function () { show(0); };
    el.prevcall.onclick = prevCall;
    el.prev.onclick = function () { show(at - 1); };
    el.next.onclick = function () { show(at + 1); };
    el.nextcall.onclick = nextCall;
    el.last.onclick = function () { show(last); };
    function onKey(e: KeyboardEvent): void {
      const k = e.key;
      const t = e.target instanceof Element ? e.target.tagName : undefined;
      if (t === 'INPUT' || t === 'SELECT' || t === 'TEXTAREA') return;
      if (k === 'ArrowRight' && e.shiftKey || k === 'ArrowDown' || k === 'PageDown') nextCall();
      else if (k === 'ArrowLeft' && e.shiftKey || k === 'ArrowUp' || k === 'PageUp') prevCall();
      else if (k === 'ArrowRight') show(at + 1);
      else if (k === 'ArrowLeft') show(at - 1);
      else if (k === 'Home') show(0);
      else if (k === 'End') show(last);
      else return;
      e.preventDefault();
    }
    document.addEventListener('keydown', onKey);
    return {
      show: show,
      at: function (): number { return at; },
      destroy: function (): void { document.removeEventListener('keydown', onKey); }
    };
  }
  return { mount: mount };
})();
