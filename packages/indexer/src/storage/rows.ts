/**
 * The rows the storage layer writes, one interface per v4 table, in camelCase.
 * Lines are 1-based and columns 0-based, as in the codegraph format.
 */
import type { ExtractionError, Span } from '../model/extraction.js';
import type { EdgeKind, Language, NodeKind } from '../model/graph-vocabulary.js';

/** A row of `nodes`. Ids come from `fileNodeId` / `declarationNodeId`. */
export interface NodeRow extends Span {
  id: string;
  kind: NodeKind;
  name: string;
  qualifiedName: string;
  filePath: string;
  language: Language;
  docstring?: string;
  signature?: string;
  visibility?: string;
  isExported?: boolean;
  isAsync?: boolean;
  isStatic?: boolean;
  isAbstract?: boolean;
  decorators?: string[];
  typeParameters?: string[];
}

export type EdgeProvenance = 'tree-sitter' | 'heuristic';

/** A row of `edges`. `line`/`col` locate the site (calls, imports); `contains` edges carry none. */
export interface EdgeRow {
  source: string;
  target: string;
  kind: EdgeKind;
  /** Stored as a JSON object; the CLI records at least `confidence` and `resolvedBy`. */
  metadata?: Record<string, unknown>;
  line?: number;
  col?: number;
  provenance?: EdgeProvenance | null;
}

/** One entry of `files.errors` (a JSON array): the extraction's own error records, as they are. */
export type FileErrorEntry = ExtractionError;

/** A row of `files`. */
export interface FileRow {
  path: string;
  /** Hex sha256 of the file's bytes. */
  contentHash: string;
  language: Language;
  /** Bytes. */
  size: number;
  /** File mtime in ms (what `fs.Stats.mtimeMs` gives). */
  modifiedAt: number;
  indexedAt: number;
  /** Nodes with this `filePath`, the file node included. The writer stores the true count. */
  nodeCount: number;
  errors: FileErrorEntry[];
}

/** A row of `unresolved_refs`: a site the resolver declined to link. */
export interface UnresolvedRow {
  fromNodeId: string;
  referenceName: string;
  referenceKind: EdgeKind;
  line: number;
  col: number;
  /** Node ids that were considered (e.g. the ambiguous candidates). */
  candidates?: string[];
  filePath: string;
  language: Language;
}

export interface GraphToWrite {
  nodes: Iterable<NodeRow>;
  edges: Iterable<EdgeRow>;
  files: Iterable<FileRow>;
  unresolved: Iterable<UnresolvedRow>;
  /** Extra `project_metadata` rows; they override the writer's own stamps on key clashes. */
  metadata: Record<string, string>;
}
