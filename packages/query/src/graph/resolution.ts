/**
 * How trustworthy an edge is, from `edges.metadata.resolvedBy` (and `provenance`).
 *
 * Name-based strategies link a site to a declaration only because the names agree; they can
 * be wrong, so results built on them are labelled. Which values are name-based comes from
 * @arbor/vocabulary (arbor's own rules and the codegraph CLI's), the table the indexer writes
 * from; an unknown value is reported as unknown (null), not assumed safe.
 */
import { resolvedByIsNameBased } from '@arbor/vocabulary';
import type { StoredEdge, Site } from '../model.js';
import { compareText } from '../text/compare.js';

export function isNameBased(edge: Pick<StoredEdge, 'resolvedBy' | 'provenance'>): boolean | null {
  const known = edge.resolvedBy === null ? undefined : resolvedByIsNameBased(edge.resolvedBy);
  if (known === true) return true;
  // A heuristic provenance outranks a proven-sounding strategy name.
  if (edge.provenance === 'heuristic') return true;
  return known ?? null;
}

/** The site of `edge`, located in `sourceFile` (the file of the edge's source node). */
export function siteOf(edge: StoredEdge, sourceFile: string): Site {
  return {
    kind: edge.kind,
    filePath: sourceFile,
    line: edge.line,
    column: edge.column,
    resolvedBy: edge.resolvedBy,
    confidence: edge.confidence,
    nameBased: isNameBased(edge),
  };
}

/** Sites in a stable order: by file, line, column, kind. */
export function compareSites(a: Site, b: Site): number {
  return (
    compareText(a.filePath, b.filePath) ||
    (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0) ||
    compareText(a.kind, b.kind)
  );
}
