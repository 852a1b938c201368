/**
 * Whether a changed file's interface (resolution/resolution-interface.ts) moved only in its lines: the same
 * declarations, imports, exports and heritage sites, the same columns, and lines that keep their order (equal
 * lines stay equal, a line above another stays above it) — what a line inserted or removed above declarations
 * does. What resolving another file reads of a file's lines is how they compare with each other (a declaration
 * below the file's wildcard imports, inside a namespace clause, above a `mod` line), so no other file's
 * resolution can decide otherwise; only the ids of the file's declarations move (a node id holds its line), and
 * with them the rows of the files that name them (resolution-reuse.ts resolves those again).
 */

/** The keys that hold a line (model/extraction.ts: Span, import, export and reference positions). */
const LINE_KEYS: ReadonlySet<string> = new Set(['startLine', 'endLine', 'line']);

/** `before` and `after`: one file's interface texts, as resolutionInterface gives them. */
export function onlyLinesMoved(before: string, after: string): boolean {
  const lines: Array<[number, number]> = [];
  return sameButLines(JSON.parse(before), JSON.parse(after), lines) && orderKept(lines);
}

/** Equal but for the values of line keys, whose pairs go to `lines`. */
function sameButLines(a: unknown, b: unknown, lines: Array<[number, number]>): boolean {
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, i) => sameButLines(item, b[i], lines));
  }
  if (a === null || typeof a !== 'object') return a === b;
  if (b === null || typeof b !== 'object' || Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  for (let i = 0; i < keysA.length; i++) {
    const key = keysA[i];
    if (key !== keysB[i]) return false;
    const valueA = (a as Record<string, unknown>)[key];
    const valueB = (b as Record<string, unknown>)[key];
    if (LINE_KEYS.has(key) && typeof valueA === 'number' && typeof valueB === 'number') lines.push([valueA, valueB]);
    else if (!sameButLines(valueA, valueB, lines)) return false;
  }
  return true;
}

/** The new lines are a strictly increasing function of the old ones. */
function orderKept(lines: Array<[number, number]>): boolean {
  lines.sort((x, y) => x[0] - y[0] || x[1] - y[1]);
  for (let i = 1; i < lines.length; i++) {
    const [oldBefore, newBefore] = lines[i - 1];
    const [oldAfter, newAfter] = lines[i];
    if (oldBefore === oldAfter ? newBefore !== newAfter : newBefore >= newAfter) return false;
  }
  return true;
}
