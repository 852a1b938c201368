/**
 * Mapping of raw SQLite rows to the query model. Tolerant: odd values never throw, except a
 * missing identity (a NULL or non-text id, name, kind or path, which the schema forbids): that
 * row is not a graph row, and the database is reported as corrupt.
 */
import { QueryError } from '../errors.js';
import type { StoredEdge, StoredFile, NodeDetails, NodeRef } from '../model.js';

function text(value: unknown, table: string, column: string, rowId?: unknown): string {
  if (typeof value === 'string') return value;
  const which = typeof rowId === 'string' ? ` (${JSON.stringify(rowId).slice(0, 80)})` : '';
  throw new QueryError('corrupt', `the index database is corrupt: a ${table} row has no ${column}${which}; rebuild it with \`arbor index\``);
}

export interface RawNode {
  id: string;
  kind: string;
  name: string;
  qualified_name: string;
  file_path: string;
  language: string;
  start_line: number;
  end_line: number;
  start_column: number | null;
  end_column: number | null;
  signature: string | null;
  docstring: string | null;
  visibility: string | null;
  is_exported: number | null;
  is_async: number | null;
  is_static: number | null;
  is_abstract: number | null;
  decorators: string | null;
  type_parameters: string | null;
}

export interface RawEdge {
  source: string;
  target: string;
  kind: string;
  line: number | null;
  col: number | null;
  /** metadata.resolvedBy and metadata.confidence, extracted in SQL. */
  resolved_by: unknown;
  confidence: unknown;
  provenance: string | null;
}

export interface RawFile {
  path: string;
  content_hash: string;
  language: string;
  size: number;
  modified_at: number;
  indexed_at: number | null;
  node_count: number | null;
  errors: string | null;
}

export function mapNode(raw: RawNode): NodeDetails {
  return {
    ...mapRef(raw),
    startColumn: toInt(raw.start_column, 0),
    endColumn: toInt(raw.end_column, 0),
    signature: raw.signature ?? null,
    docstring: raw.docstring ?? null,
    visibility: raw.visibility ?? null,
    isExported: Boolean(raw.is_exported),
    isAsync: Boolean(raw.is_async),
    isStatic: Boolean(raw.is_static),
    isAbstract: Boolean(raw.is_abstract),
    decorators: parseStringArray(raw.decorators),
    typeParameters: parseStringArray(raw.type_parameters),
  };
}

/** A NodeRef straight from a row (only the ref columns need be selected). */
export function mapRef(raw: Pick<RawNode, 'id' | 'kind' | 'name' | 'qualified_name' | 'file_path' | 'language' | 'start_line' | 'end_line'>): NodeRef {
  const id = text(raw.id, 'nodes', 'id');
  const name = text(raw.name, 'nodes', 'name', id);
  return {
    id,
    kind: text(raw.kind, 'nodes', 'kind', id),
    name,
    qualifiedName: typeof raw.qualified_name === 'string' ? raw.qualified_name : name,
    filePath: text(raw.file_path, 'nodes', 'file_path', id),
    language: typeof raw.language === 'string' ? raw.language : 'unknown',
    startLine: toInt(raw.start_line, 1),
    endLine: toInt(raw.end_line, toInt(raw.start_line, 1)),
  };
}

/** The compact form every list in a result uses. */
export function toRef(node: NodeRef): NodeRef {
  return {
    id: node.id,
    kind: node.kind,
    name: node.name,
    qualifiedName: node.qualifiedName,
    filePath: node.filePath,
    language: node.language,
    startLine: node.startLine,
    endLine: node.endLine,
  };
}

export function mapEdge(raw: RawEdge): StoredEdge {
  const resolvedBy = typeof raw.resolved_by === 'string' ? raw.resolved_by : null;
  const confidence = typeof raw.confidence === 'number' && Number.isFinite(raw.confidence) ? raw.confidence : null;
  return {
    source: text(raw.source, 'edges', 'source'),
    target: text(raw.target, 'edges', 'target'),
    kind: text(raw.kind, 'edges', 'kind'),
    line: raw.line === null || raw.line === undefined ? null : toInt(raw.line, 0),
    column: raw.col === null || raw.col === undefined ? null : toInt(raw.col, 0),
    resolvedBy,
    confidence,
    provenance: raw.provenance ?? null,
  };
}

export function mapFile(raw: RawFile): StoredFile {
  return {
    path: text(raw.path, 'files', 'path'),
    language: typeof raw.language === 'string' ? raw.language : 'unknown',
    contentHash: String(raw.content_hash ?? ''),
    size: Number(raw.size),
    modifiedAt: Number(raw.modified_at),
    indexedAt: raw.indexed_at === null || raw.indexed_at === undefined ? null : Number(raw.indexed_at),
    nodeCount: raw.node_count === null || raw.node_count === undefined ? null : Number(raw.node_count),
    errorCount: parseArray(raw.errors).length,
  };
}

function toInt(value: unknown, fallback: number): number {
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : fallback;
}

function parseArray(text: string | null): unknown[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : [];
  } catch {
    return [];
  }
}

function parseStringArray(text: string | null): string[] {
  return parseArray(text).filter((v): v is string => typeof v === 'string');
}
