/**
 * The vocabulary of the codegraph v4 format (see docs/codegraph-v4.md).
 * These strings are written to disk and read by other tools: never rename one.
 */
export const NODE_KINDS = [
  'file', 'module', 'class', 'struct', 'interface', 'trait', 'protocol', 'function', 'method',
  'property', 'field', 'variable', 'constant', 'enum', 'enum_member', 'type_alias', 'namespace',
  'parameter', 'import', 'export', 'route', 'component',
] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

export const EDGE_KINDS = [
  'contains', 'calls', 'imports', 'exports', 'extends', 'implements', 'references', 'type_of',
  'returns', 'instantiates', 'overrides', 'decorates',
] as const;
export type EdgeKind = (typeof EDGE_KINDS)[number];

/** Values of the `language` column. Lower case, as the codegraph CLI writes them. */
export const LANGUAGES = [
  'typescript', 'tsx', 'javascript', 'jsx', 'python', 'go', 'java', 'c', 'cpp', 'csharp', 'php',
  'rust', 'ruby', 'zig', 'kotlin', 'swift', 'dart', 'scala',
] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * Languages whose declarations can call each other by name. A bare call is only ever
 * linked to a declaration in the caller's own family. The indexer reads a language's family from its
 * descriptor (packages/indexer/src/languages/); this copy serves the query package, which does not load
 * the indexer, and a test checks the two agree.
 */
export function languageFamily(language: Language): string {
  switch (language) {
    case 'typescript': case 'tsx': case 'javascript': case 'jsx': return 'ecmascript';
    case 'c': case 'cpp': return 'c-family';
    case 'java': case 'kotlin': case 'scala': return 'jvm';
    default: return language;
  }
}
