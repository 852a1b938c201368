/**
 * Loads the caller's rows into the v4 tables of a database under construction, dropping what
 * would make a bad graph (duplicate ids, duplicate edges, edges to missing nodes) and counting
 * each drop. Rows are checked in JS before they are buffered, so a bad row is reported by name
 * even though rows reach SQLite in multi-row batches.
 */
import type { Database } from 'better-sqlite3';
import { BatchInsert, type SqlValue } from './batch-insert.js';
import { EdgeIdentitySet } from './edge-identity-set.js';
import { GraphWriteError } from './graph-write-error.js';
import type { EdgeRow, FileRow, NodeRow, UnresolvedRow } from './rows.js';

type Describe = () => string;

export class LoadContext {
  constructor(readonly db: Database, readonly target: string) {}

  /** `what` names the row; it is only built when a row is actually rejected. */
  invalid(what: Describe, problem: string, cause?: unknown): GraphWriteError {
    return new GraphWriteError('INVALID_INPUT', `cannot store ${what()}: ${problem}`, this.target, cause === undefined ? undefined : { cause });
  }
}

const NODE_COLUMNS = [
  'id', 'kind', 'name', 'qualified_name', 'file_path', 'language', 'start_line', 'end_line', 'start_column',
  'end_column', 'docstring', 'signature', 'visibility', 'is_exported', 'is_async', 'is_static', 'is_abstract',
  'decorators', 'type_parameters', 'updated_at',
] as const;

export interface LoadedNodes {
  /** Node id → ordinal, for endpoint checks and compact edge keys. */
  indexById: Map<string, number>;
  countByFile: Map<string, number>;
  duplicates: number;
}

export function loadNodes(ctx: LoadContext, rows: Iterable<NodeRow>, now: number): LoadedNodes {
  const insert = new BatchInsert(ctx.db, 'nodes', NODE_COLUMNS);
  const indexById = new Map<string, number>();
  const countByFile = new Map<string, number>();
  let duplicates = 0;
  eachRow(ctx, rows, 'nodes', (node) => {
    const what = () => `node ${describe(node?.id)}`;
    requireStrings(ctx, what, node, ['id', 'kind', 'name', 'qualifiedName', 'filePath', 'language']);
    requireNumbers(ctx, what, node, ['startLine', 'endLine', 'startColumn', 'endColumn']);
    if (indexById.has(node.id)) {
      duplicates++;
      return;
    }
    insert.values.push(
      node.id, node.kind, node.name, node.qualifiedName, node.filePath, node.language,
      node.startLine, node.endLine, node.startColumn, node.endColumn,
      optionalText(ctx, what, node.docstring), optionalText(ctx, what, node.signature), optionalText(ctx, what, node.visibility),
      flag(node.isExported), flag(node.isAsync), flag(node.isStatic), flag(node.isAbstract),
      jsonArrayOrNull(ctx, what, node.decorators), jsonArrayOrNull(ctx, what, node.typeParameters), now,
    );
    insert.endRow();
    indexById.set(node.id, indexById.size);
    countByFile.set(node.filePath, (countByFile.get(node.filePath) ?? 0) + 1);
  });
  insert.finish();
  return { indexById, countByFile, duplicates };
}

export interface LoadedEdges {
  written: number;
  byKind: Record<string, number>;
  duplicates: number;
  dangling: number;
}

export function loadEdges(ctx: LoadContext, rows: Iterable<EdgeRow>, nodeIndex: Map<string, number>): LoadedEdges {
  const insert = new BatchInsert(ctx.db, 'edges', ['source', 'target', 'kind', 'metadata', 'line', 'col', 'provenance']);
  const seen = new EdgeIdentitySet();
  const byKind: Record<string, number> = {};
  let written = 0;
  let duplicates = 0;
  let dangling = 0;
  eachRow(ctx, rows, 'edges', (edge) => {
    const what = () => `edge ${describe(edge?.source)} -${describe(edge?.kind)}-> ${describe(edge?.target)}`;
    requireStrings(ctx, what, edge, ['kind']);
    const source = nodeIndex.get(edge.source);
    const target = nodeIndex.get(edge.target);
    if (source === undefined || target === undefined) {
      dangling++;
      return;
    }
    const line = optionalNumber(ctx, what, edge.line);
    const col = optionalNumber(ctx, what, edge.col);
    if (!seen.add(source, target, edge.kind, line, col)) {
      duplicates++;
      return;
    }
    insert.values.push(
      edge.source, edge.target, edge.kind, edge.metadata ? JSON.stringify(edge.metadata) : null,
      line, col, optionalText(ctx, what, edge.provenance),
    );
    insert.endRow();
    written++;
    byKind[edge.kind] = (byKind[edge.kind] ?? 0) + 1;
  });
  insert.finish();
  return { written, byKind, duplicates, dangling };
}

export interface LoadedFiles {
  written: number;
  duplicates: number;
  /** Files whose given nodeCount differed from the nodes written for that path. */
  corrected: number;
}

export function loadFiles(ctx: LoadContext, rows: Iterable<FileRow>, countByFile: Map<string, number>): LoadedFiles {
  const insert = new BatchInsert(ctx.db, 'files', [
    'path', 'content_hash', 'language', 'size', 'modified_at', 'indexed_at', 'node_count', 'errors',
  ]);
  const seen = new Set<string>();
  let duplicates = 0;
  let corrected = 0;
  eachRow(ctx, rows, 'files', (file) => {
    const what = () => `file ${describe(file?.path)}`;
    requireStrings(ctx, what, file, ['path', 'contentHash', 'language']);
    requireNumbers(ctx, what, file, ['size', 'modifiedAt', 'indexedAt']);
    if (seen.has(file.path)) {
      duplicates++;
      return;
    }
    // The CLI's `status` and `files` trust node_count: store the count that is really there.
    const nodeCount = countByFile.get(file.path) ?? 0;
    if (nodeCount !== file.nodeCount) corrected++;
    insert.values.push(
      file.path, file.contentHash, file.language, file.size, file.modifiedAt, file.indexedAt, nodeCount,
      Array.isArray(file.errors) && file.errors.length > 0 ? JSON.stringify(file.errors) : null,
    );
    insert.endRow();
    seen.add(file.path);
  });
  insert.finish();
  return { written: seen.size, duplicates, corrected };
}

export interface LoadedUnresolved {
  written: number;
  dangling: number;
}

export function loadUnresolved(ctx: LoadContext, rows: Iterable<UnresolvedRow>, nodeIndex: Map<string, number>): LoadedUnresolved {
  const insert = new BatchInsert(ctx.db, 'unresolved_refs', [
    'from_node_id', 'reference_name', 'reference_kind', 'line', 'col', 'candidates', 'file_path', 'language',
  ]);
  let written = 0;
  let dangling = 0;
  eachRow(ctx, rows, 'unresolved', (ref) => {
    const what = () => `unresolved ref ${describe(ref?.referenceName)} from ${describe(ref?.fromNodeId)}`;
    requireStrings(ctx, what, ref, ['referenceName', 'referenceKind', 'filePath', 'language']);
    requireNumbers(ctx, what, ref, ['line', 'col']);
    if (!nodeIndex.has(ref.fromNodeId)) {
      dangling++;
      return;
    }
    insert.values.push(
      ref.fromNodeId, ref.referenceName, ref.referenceKind, ref.line, ref.col,
      jsonArrayOrNull(ctx, what, ref.candidates), ref.filePath, ref.language,
    );
    insert.endRow();
    written++;
  });
  insert.finish();
  return { written, dangling };
}

/** Iterates a caller's rows, reporting a throwing iterable as bad input rather than a database failure. */
function eachRow<T>(ctx: LoadContext, rows: Iterable<T>, table: string, handle: (row: T) => void): void {
  let iterator: Iterator<T>;
  try {
    iterator = rows[Symbol.iterator]();
  } catch (cause) {
    throw new GraphWriteError('INVALID_INPUT', `${table} rows are not iterable: ${messageOf(cause)}`, ctx.target, { cause });
  }
  let closed = false;
  try {
    for (;;) {
      let step: IteratorResult<T>;
      try {
        step = iterator.next();
      } catch (cause) {
        closed = true; // an iterator that threw is already done
        throw new GraphWriteError('INVALID_INPUT', `reading ${table} rows failed: ${messageOf(cause)}`, ctx.target, { cause });
      }
      if (step.done) {
        closed = true;
        return;
      }
      handle(step.value);
    }
  } finally {
    if (!closed) {
      try {
        iterator.return?.();
      } catch { /* the error that got us here matters more */ }
    }
  }
}

function requireStrings<T>(ctx: LoadContext, what: Describe, row: T, keys: ReadonlyArray<keyof T & string>): void {
  if (row === null || typeof row !== 'object') throw ctx.invalid(what, 'not an object');
  for (const key of keys) {
    if (typeof row[key] !== 'string') throw ctx.invalid(what, `${key} must be a string`);
  }
}

function requireNumbers<T>(ctx: LoadContext, what: Describe, row: T, keys: ReadonlyArray<keyof T & string>): void {
  for (const key of keys) {
    if (!Number.isFinite(row[key])) throw ctx.invalid(what, `${key} must be a finite number`);
  }
}

function optionalNumber(ctx: LoadContext, what: Describe, value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (!Number.isFinite(value)) throw ctx.invalid(what, 'line/col must be finite numbers');
  return value as number;
}

function optionalText(ctx: LoadContext, what: Describe, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw ctx.invalid(what, `expected a string, got ${typeof value}`);
  return value;
}

function jsonArrayOrNull(ctx: LoadContext, what: Describe, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw ctx.invalid(what, 'expected an array');
  return JSON.stringify(value);
}

function flag(value: unknown): SqlValue {
  return value ? 1 : 0;
}

function describe(value: unknown): string {
  return typeof value === 'string' ? value : String(value);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
