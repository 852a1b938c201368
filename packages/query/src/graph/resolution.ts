/**
 * How trustworthy an edge is, from `edges.metadata.resolvedBy` (and `provenance`).
 *
 * Name-based strategies link a site to a declaration only because the names agree; they can
 * be wrong, so results built on them are labelled. Values come from arbor's indexer and from
 * codegraph 0.9.x (see the v4 spec); an unknown value is reported as unknown (null), not
 * assumed safe.
 */
import type { EdgeRow, Site } from '../model.js';
import { compareText } from '../text/compare.js';

const NAME_BASED = new Set([
  // arbor
  'unique-name',
  // codegraph
  'exact-match', 'fuzzy', 'qualified-name', 'instance-method', 'framework',
]);

const SCOPE_PROVEN = new Set([
  // arbor
  'local-scope', 'same-file', 'import', 'qualified-member', 'this-member', 'module-import',
  // codegraph
  'file-path',
]);

export function isNameBased(edge: Pick<EdgeRow, 'resolvedBy' | 'provenance'>): boolean | null {
  if (edge.resolvedBy !== null && NAME_BASED.has(edge.resolvedBy)) return true;
  if (edge.provenance === 'heuristic') return true;
  if (edge.resolvedBy !== null && SCOPE_PROVEN.has(edge.resolvedBy)) return false;
  return null;
}

/** The site of `edge`, located in `sourceFile` (the file of the edge's source node). */
export function siteOf(edge: EdgeRow, sourceFile: string): Site {
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
