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

export class LoadContext {
  /** The row being loaded and how to name it: the name is only built when the row is rejected. */
  private row: unknown;
  private describe: (row: unknown) => string = () => 'row';

  constructor(readonly db: Database, readonly target: string) {}

  startTable<T>(describe: (row: T) => string): void {
    this.describe = describe as (row: unknown) => string;
  }

  current(row: unknown): void {
    this.row = row;
  }

  invalid(problem: string): GraphWriteError {
    let name: string;
    try {
      name = this.describe(this.row);
    } catch {
      name = 'row';
    }
    return new GraphWriteError('INVALID_INPUT', `cannot store ${name}: ${problem}`, this.target);
  }
}

const describeNode = (node: NodeRow) => `node ${String(node?.id)}`;
const describeEdge = (edge: EdgeRow) => `edge ${String(edge?.source)} -${String(edge?.kind)}-> ${String(edge?.target)}`;
const describeFile = (file: FileRow) => `file ${String(file?.path)}`;
const describeUnresolved = (ref: UnresolvedRow) => `unresolved ref ${String(ref?.referenceName)} from ${String(ref?.fromNodeId)}`;

/** Fields each row must carry, checked before the row is buffered. */
const NODE_STRINGS: ReadonlyArray<keyof NodeRow & string> = ['id', 'kind', 'name', 'qualifiedName', 'filePath', 'language'];
const NODE_NUMBERS: ReadonlyArray<keyof NodeRow & string> = ['startLine', 'endLine', 'startColumn', 'endColumn'];
const EDGE_STRINGS: ReadonlyArray<keyof EdgeRow & string> = ['kind'];
const FILE_STRINGS: ReadonlyArray<keyof FileRow & string> = ['path', 'contentHash', 'language'];
const FILE_NUMBERS: ReadonlyArray<keyof FileRow & string> = ['size', 'modifiedAt', 'indexedAt'];
const UNRESOLVED_STRINGS: ReadonlyArray<keyof UnresolvedRow & string> = ['referenceName', 'referenceKind', 'filePath', 'language'];
const UNRESOLVED_NUMBERS: ReadonlyArray<keyof UnresolvedRow & string> = ['line', 'col'];

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

/**
 * Nodes are stored in id order. `nodes.id` is the primary key, so SQLite keeps an index on it
 * while rows go in; ids are hashes, so in any other order each insert lands on a random page of
 * that index (on 266k nodes: 2.8 s, against 1.0 s in id order). Readers never rely on rowid order.
 */
export function loadNodes(ctx: LoadContext, rows: Iterable<NodeRow>, now: number): LoadedNodes {
  const insert = new BatchInsert(ctx.db, 'nodes', NODE_COLUMNS);
  const indexById = new Map<string, number>();
  const countByFile = new Map<string, number>();
  const accepted: NodeRow[] = [];
  let duplicates = 0;
  ctx.startTable(describeNode);
  eachRow(ctx, rows, 'nodes', (node) => {
    ctx.current(node);
    requireStrings(ctx, node, NODE_STRINGS);
    requireNumbers(ctx, node, NODE_NUMBERS);
    if (indexById.has(node.id)) {
      duplicates++;
      return;
    }
    indexById.set(node.id, indexById.size);
    countByFile.set(node.filePath, (countByFile.get(node.filePath) ?? 0) + 1);
    accepted.push(node);
  });
  accepted.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (const node of accepted) {
    ctx.current(node);
    insert.values.push(
      node.id, node.kind, node.name, node.qualifiedName, node.filePath, node.language,
      node.startLine, node.endLine, node.startColumn, node.endColumn,
      optionalText(ctx, node.docstring), optionalText(ctx, node.signature), optionalText(ctx, node.visibility),
      flag(node.isExported), flag(node.isAsync), flag(node.isStatic), flag(node.isAbstract),
      jsonArrayOrNull(ctx, node.decorators), jsonArrayOrNull(ctx, node.typeParameters), now,
    );
    insert.endRow();
  }
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
  const seen = new EdgeIdentitySet(Array.isArray(rows) ? rows.length : 0);
  // Callers share one metadata object among many edges (graph-builder.ts): serialise each object once.
  const texts = new Map<object, string>();
  const metadataText = (metadata: object) => {
    let text = texts.get(metadata);
    if (text === undefined) {
      text = JSON.stringify(metadata);
      texts.set(metadata, text);
    }
    return text;
  };
  const byKind: Record<string, number> = {};
  let written = 0;
  let duplicates = 0;
  let dangling = 0;
  ctx.startTable(describeEdge);
  eachRow(ctx, rows, 'edges', (edge) => {
    ctx.current(edge);
    requireStrings(ctx, edge, EDGE_STRINGS);
    const source = nodeIndex.get(edge.source);
    const target = nodeIndex.get(edge.target);
    if (source === undefined || target === undefined) {
      dangling++;
      return;
    }
    const line = optionalNumber(ctx, edge.line);
    const col = optionalNumber(ctx, edge.col);
    if (!seen.add(source, target, edge.kind, line, col)) {
      duplicates++;
      return;
    }
    insert.values.push(
      edge.source, edge.target, edge.kind, edge.metadata ? metadataText(edge.metadata) : null,
      line, col, optionalText(ctx, edge.provenance),
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
  ctx.startTable(describeFile);
  eachRow(ctx, rows, 'files', (file) => {
    ctx.current(file);
    requireStrings(ctx, file, FILE_STRINGS);
    requireNumbers(ctx, file, FILE_NUMBERS);
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
  ctx.startTable(describeUnresolved);
  eachRow(ctx, rows, 'unresolved', (ref) => {
    ctx.current(ref);
    requireStrings(ctx, ref, UNRESOLVED_STRINGS);
    requireNumbers(ctx, ref, UNRESOLVED_NUMBERS);
    if (!nodeIndex.has(ref.fromNodeId)) {
      dangling++;
      return;
    }
    insert.values.push(
      ref.fromNodeId, ref.referenceName, ref.referenceKind, ref.line, ref.col,
      candidateList(ctx, ref.candidates), ref.filePath, ref.language,
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

function requireStrings<T>(ctx: LoadContext, row: T, keys: ReadonlyArray<keyof T & string>): void {
  if (row === null || typeof row !== 'object') throw ctx.invalid('not an object');
  for (const key of keys) {
    if (typeof row[key] !== 'string') throw ctx.invalid(`${key} must be a string`);
  }
}

function requireNumbers<T>(ctx: LoadContext, row: T, keys: ReadonlyArray<keyof T & string>): void {
  for (const key of keys) {
    if (!Number.isFinite(row[key])) throw ctx.invalid(`${key} must be a finite number`);
  }
}

function optionalNumber(ctx: LoadContext, value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (!Number.isFinite(value)) throw ctx.invalid('line/col must be finite numbers');
  return value as number;
}

function optionalText(ctx: LoadContext, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw ctx.invalid(`expected a string, got ${typeof value}`);
  return value;
}

/**
 * At most this many candidate ids per unresolved site. A name declared N times and called from
 * N files would otherwise store N² ids (16,000 one-line files gave a 2.84 GB graph); a reader
 * shows a handful of candidates anyway. The first ones are kept (the resolver's order).
 */
export const MAX_STORED_CANDIDATES = 20;

function candidateList(ctx: LoadContext, value: unknown): string | null {
  if (Array.isArray(value) && value.length > MAX_STORED_CANDIDATES) return JSON.stringify(value.slice(0, MAX_STORED_CANDIDATES));
  return jsonArrayOrNull(ctx, value);
}

function jsonArrayOrNull(ctx: LoadContext, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw ctx.invalid('expected an array');
  return JSON.stringify(value);
}

function flag(value: unknown): SqlValue {
  return value ? 1 : 0;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
