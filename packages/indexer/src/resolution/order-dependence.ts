/**
 * Answers that may depend on which question came first. Resolution memoises what it finds, and a few
 * lookups are cut short on the way (a cycle guard: a class, export or type being computed that is reached
 * again; a depth limit on a chain; a placeholder a re-entry reads). An answer found through such a cut is
 * memoised like any other, so what a later site is told can depend on the order sites were asked in.
 *
 * The global pass always asks in the same order, so a cold build is reproducible either way. A re-index
 * that resolves only some files again (pipeline/resolution-reuse.ts) asks in another order: it may reuse
 * the other files' rows only when no cut was met, neither by the pass that wrote them nor by its own, so
 * that every memoised answer is the one any order gives. Every cut counts here.
 */
let cuts = 0;

/** A lookup was cut short (a cycle guard, a depth limit, a re-entry placeholder). */
export function noteCut(): void {
  cuts++;
}

/** How many cuts were met since the process started (a pass compares the count before and after). */
export function cutsSoFar(): number {
  return cuts;
}

/** noteCut, for a lookup that answers nothing when cut (`return cut();`, `cut() ?? fallback`). */
export function cut(): undefined {
  cuts++;
  return undefined;
}
