/**
 * The vocabulary of the codegraph v4 format. It lives in @arbor/vocabulary so the indexer and
 * the query package cannot disagree on it; this module keeps the indexer's import paths. A language's
 * family is its descriptor's (src/languages/).
 */
export { NODE_KINDS, EDGE_KINDS, LANGUAGES, type NodeKind, type EdgeKind, type Language } from '@arbor/vocabulary';
