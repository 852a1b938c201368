/**
 * How an edge was resolved (`edges.metadata.resolvedBy`) and why a site was not. The table lives
 * in @arbor/vocabulary, where the query package reads the same one; this module keeps the
 * indexer's import paths.
 */
export { RESOLVED_BY, CONFIDENCE, type ResolvedBy, type UnresolvedReason } from '@arbor/vocabulary';
