/**
 * The shapes the query layer hands out. Everything here is plain JSON data: the CLI prints
 * these objects as they are with `--json`, so renaming a field is a breaking change
 * (documented in ../README.md).
 */

/** A declaration (or file) in the graph, as every command reports it. */
export interface NodeRef {
  id: string;
  kind: string;
  name: string;
  qualifiedName: string;
  filePath: string;
  language: string;
  /** 1-based, inclusive. */
  startLine: number;
  endLine: number;
}

/** Everything the database knows about one node. */
export interface NodeDetails extends NodeRef {
  startColumn: number;
  endColumn: number;
  signature: string | null;
  docstring: string | null;
  visibility: string | null;
  isExported: boolean;
  isAsync: boolean;
  isStatic: boolean;
  isAbstract: boolean;
  decorators: string[];
  typeParameters: string[];
}

/** One row of `edges`, as read (the indexer writes its own `EdgeRow`). */
export interface StoredEdge {
  source: string;
  target: string;
  kind: string;
  line: number | null;
  column: number | null;
  resolvedBy: string | null;
  confidence: number | null;
  provenance: string | null;
}

/**
 * Where a relationship happens and how the writer decided it. `filePath` is the file of the
 * edge's source node (the caller), `line`/`column` the site (null for edges without one).
 * `nameBased` is true when a name-matching resolver produced the edge (it may be wrong),
 * false when scope or an import proved it, null when the strategy is not recorded or unknown.
 */
export interface Site {
  kind: string;
  filePath: string;
  line: number | null;
  column: number | null;
  resolvedBy: string | null;
  confidence: number | null;
  nameBased: boolean | null;
}

/** One row of `files`, as read. */
export interface StoredFile {
  path: string;
  language: string;
  contentHash: string;
  size: number;
  modifiedAt: number;
  indexedAt: number | null;
  nodeCount: number | null;
  errorCount: number;
}

/**
 * The state of an indexed file on disk compared with the index. `unreadable`: there, but not a
 * regular file arbor will read (a FIFO, a device, a folder, over the size cap, no permission);
 * `outside-root`: its path, or a symlink on the way, leads out of the project. Neither is read.
 */
export type FileState = 'fresh' | 'modified' | 'removed' | 'unreadable' | 'outside-root';
