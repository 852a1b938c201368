/**
 * How much a word of a query tells, by how rare it is among the repository's declaration names
 * (inverse document frequency): in "static file" the rare "static" says more than "file", which
 * half the names carry. Shared by `search` and `context` so both weigh words the same way.
 */
import type { GraphStore } from '../store/graph-store.js';

/** Counting stops here: past it a word is common, and counting further only costs time. */
const COUNT_CAP = 5000;
/** Kinds that restate a name declared elsewhere: not counted. */
const NOT_DECLARATIONS = ['file', 'import', 'export', 'parameter'];

/** A LIKE pattern for names containing these segments in order (`%find%app%`). */
export function likeSegments(segments: string[]): string {
  return `%${segments.map((s) => s.replace(/[\\%_]/g, (c) => `\\${c}`)).join('%')}%`;
}

/** idf of each pattern: log(1 + declarations / (1 + names matching it)). */
export function termRarity(store: GraphStore, likes: string[]): number[] {
  const declarations = Math.max(1, store.count('nodes'));
  return likes.map((like) => Math.log(1 + declarations / (1 + store.countNodesWithNameLike(like, COUNT_CAP, NOT_DECLARATIONS))));
}

/**
 * Weights with mean 1 (so a query of equally rare words scores as before), kept within
 * [MIN_WEIGHT, MAX_WEIGHT]: a common word still counts, a rare one cannot decide alone.
 */
const MIN_WEIGHT = 0.4;
const MAX_WEIGHT = 1.6;
export function relativeWeights(rarity: number[]): number[] {
  const mean = rarity.reduce((a, b) => a + b, 0) / Math.max(1, rarity.length);
  if (!(mean > 0)) return rarity.map(() => 1);
  return rarity.map((r) => Math.min(MAX_WEIGHT, Math.max(MIN_WEIGHT, r / mean)));
}
