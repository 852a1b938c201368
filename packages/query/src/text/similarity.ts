/**
 * How alike two identifiers are, for "did you mean": edit distance on the lower-cased names,
 * and shared camelCase/snake_case segments (so `findApp` suggests `find_best_app`).
 */
import { identifierSegments } from './identifiers.js';

/** Levenshtein distance with adjacent transpositions (optimal string alignment), stopping past `max`. */
export function editDistance(a: string, b: string, max = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2] + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length];
}

/**
 * A similarity in [0, 1] of `candidate` to what was typed, or 0 when it is not worth suggesting:
 * close in spelling (edit distance within a third of the length, at least 1), or sharing at least
 * half of the typed segments.
 */
export function similarity(typed: string, candidate: string): number {
  const a = typed.toLowerCase();
  const b = candidate.toLowerCase();
  if (a === b) return 1;
  const allowed = Math.max(1, Math.floor(a.length / 3));
  const distance = editDistance(a, b, allowed);
  const spelling = distance <= allowed ? 1 - distance / (Math.max(a.length, b.length) + 1) : 0;
  const typedSegments = identifierSegments(typed);
  const candidateSegments = new Set(identifierSegments(candidate));
  const shared = typedSegments.filter((s) => candidateSegments.has(s) || [...candidateSegments].some((c) => c.length > 3 && editDistance(s, c, 1) <= 1)).length;
  const segments = typedSegments.length > 0 && shared * 2 >= typedSegments.length
    ? (0.8 * shared) / Math.max(typedSegments.length, candidateSegments.size)
    : 0;
  return Math.max(spelling, segments);
}
