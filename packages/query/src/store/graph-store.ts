/**
 * Read-only access to one codegraph database. Opens the file read-only (better-sqlite3
 * `readonly`, `fileMustExist`, plus `query_only`), never migrates, repairs or writes.
 * All reads go through prepared statements cached per SQL text.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import Database from 'better-sqlite3';
import { QueryError, toQueryError } from '../errors.js';
import type { StoredEdge, StoredFile, NodeDetails, NodeRef } from '../model.js';
import { mapEdge, mapFile, mapNode, mapRef, type RawEdge, type RawFile, type RawNode } from './rows.js';
import { betterSqliteAddon } from './native-binding.js';
import { columnOr, inspectSchema, type SchemaInfo } from './schema.js';
import { compareText } from '../text/compare.js';
import { referenceTail } from '../text/reference-tail.js';

export interface OpenStoreOptions {
  /** How long to wait for a writer's lock before reporting `locked` (ms). */
  busyTimeoutMs?: number;
}

const SQLITE_HEADER = 'SQLite format 3\u0000';
/** Ties broken by place in the source, so a list never depends on the order rows were stored in. */
const SOURCE_COLUMNS = 'n.file_path, n.start_line, n.start_column, n.id';
const SOURCE_ORDER = `ORDER BY ${SOURCE_COLUMNS}`;

export interface UnresolvedRef {
  fromNodeId: string;
  name: string;
  kind: string;
  line: number;
  column: number;
  filePath: string | null;
  candidates: string[];
}

export class GraphStore {
  readonly dbPath: string;
  readonly schema: SchemaInfo;
  private readonly db: Database.Database;
  private readonly statements = new Map<string, Database.Statement>();
  /** Whether arbor_tail is registered on this connection (unresolvedByTail). */
  private tailRegistered = false;
  private readonly nodeColumns: string;
  private readonly refColumns = 'n.id, n.kind, n.name, n.qualified_name, n.file_path, n.language, n.start_line, n.end_line';
  private readonly edgeColumns: string;
  private readonly fileColumns: string;

  private constructor(dbPath: string, db: Database.Database, schema: SchemaInfo) {
    this.dbPath = dbPath;
    this.db = db;
    this.schema = schema;
    const n = (c: string, fallback = 'NULL') => columnOr(schema, 'nodes', c, fallback, 'n');
    this.nodeColumns = [
      'n.id', 'n.kind', 'n.name', 'n.qualified_name', 'n.file_path', 'n.language', 'n.start_line', 'n.end_line',
      n('start_column', '0'), n('end_column', '0'), n('signature'), n('docstring'), n('visibility'),
      n('is_exported', '0'), n('is_async', '0'), n('is_static', '0'), n('is_abstract', '0'),
      n('decorators'), n('type_parameters'),
    ].join(', ');
    const e = (c: string) => columnOr(schema, 'edges', c, 'NULL', 'e');
    // resolvedBy and confidence are read by SQLite's JSON functions (in C); invalid JSON gives NULLs.
    const json = (path: string) =>
      schema.columns.get('edges')?.has('metadata')
        ? `CASE WHEN json_valid(e.metadata) THEN json_extract(e.metadata, '${path}') END`
        : 'NULL';
    this.edgeColumns = [
      'e.source', 'e.target', 'e.kind', e('line'), e('col'), `${json('$.resolvedBy')} AS resolved_by`,
      `${json('$.confidence')} AS confidence`, e('provenance'),
    ].join(', ');
    const f = (c: string) => columnOr(schema, 'files', c, 'NULL', 'f');
    this.fileColumns = [
      'f.path', 'f.content_hash', 'f.language', 'f.size', 'f.modified_at', f('indexed_at'), f('node_count'), f('errors'),
    ].join(', ');
  }

  /** Opens `dbPath` read-only and checks it is a codegraph database this reader understands. */
  static open(dbPath: string, options: OpenStoreOptions = {}): GraphStore {
    const header = checkSqliteHeader(dbPath);
    let db: Database.Database | undefined;
    try {
      const nativeBinding = betterSqliteAddon();
      db = new Database(dbPath, { readonly: true, fileMustExist: true, timeout: options.busyTimeoutMs ?? 2000, ...(nativeBinding ? { nativeBinding } : {}) });
      // Pages are read through a memory map instead of a read() and a copy each: a query process starts with
      // an empty page cache and reads a few hundred pages scattered over the file (python/mypy `callers`:
      // 21-24 → 17-19 ms of CPU for the query itself). Read-only, so nothing is ever written through the map.
      db.exec(`PRAGMA query_only = ON; PRAGMA mmap_size = ${MMAP_BYTES}`);
      const schema = inspectSchema(db);
      return new GraphStore(dbPath, db, schema);
    } catch (error) {
      db?.close();
      if (isWalHeader(header) && cannotOpenReadOnlyWal(error)) return GraphStore.openCopy(dbPath);
      throw toQueryError(error, dbPath) ?? error;
    }
  }

  /**
   * A WAL-mode graph (what codegraph and arbor write) cannot be opened read-only where its
   * `-shm` cannot be created: a shared checkout, a read-only mount, another user's CI cache.
   * Such a file cannot be written by anyone here either, so a private in-memory copy, marked
   * as a rollback-journal file, answers exactly as the file would.
   */
  private static openCopy(dbPath: string): GraphStore {
    let db: Database.Database | undefined;
    try {
      const bytes = readWholeFile(dbPath);
      // File format bytes 18-19: 2 means WAL, which an in-memory database refuses; 1 is the rollback journal.
      bytes[18] = 1;
      bytes[19] = 1;
      const nativeBinding = betterSqliteAddon();
      db = new Database(bytes, { readonly: true, ...(nativeBinding ? { nativeBinding } : {}) });
      db.pragma('query_only = ON');
      return new GraphStore(dbPath, db, inspectSchema(db));
    } catch (error) {
      db?.close();
      throw toQueryError(error, dbPath) ?? error;
    }
  }

  close(): void {
    this.statements.clear();
    if (this.db.open) this.db.close();
  }

  private statement(sql: string): Database.Statement {
    let stmt = this.statements.get(sql);
    if (!stmt) {
      stmt = this.db.prepare(sql);
      this.statements.set(sql, stmt);
    }
    return stmt;
  }

  private nodesWhere(where: string, ...params: unknown[]): NodeDetails[] {
    const rows = this.statement(`SELECT ${this.nodeColumns} FROM nodes n WHERE ${where}`).all(...params) as RawNode[];
    return rows.map(mapNode);
  }

  // ---- nodes ----------------------------------------------------------------------------

  node(id: string): NodeDetails | undefined {
    return this.nodesWhere('n.id = ?', id)[0];
  }

  /** Nodes by id; ids without a node are absent from the map. */
  nodes(ids: Iterable<string>): Map<string, NodeDetails> {
    const list = [...new Set(ids)];
    const found = new Map<string, NodeDetails>();
    for (let i = 0; i < list.length; i += 5000) {
      const chunk = list.slice(i, i + 5000);
      for (const node of this.nodesWhere('n.id IN (SELECT value FROM json_each(?))', JSON.stringify(chunk))) {
        found.set(node.id, node);
      }
    }
    return found;
  }

  /** Like nodes(), reading only what a NodeRef holds: for walks over many nodes. */
  refs(ids: Iterable<string>): Map<string, NodeRef> {
    const list = [...new Set(ids)];
    const found = new Map<string, NodeRef>();
    const stmt = this.statement(`SELECT ${this.refColumns} FROM nodes n WHERE n.id IN (SELECT value FROM json_each(?))`);
    for (let i = 0; i < list.length; i += 5000) {
      for (const raw of stmt.all(JSON.stringify(list.slice(i, i + 5000))) as RawNode[]) found.set(raw.id, mapRef(raw));
    }
    return found;
  }

  // Lists come in source order (file, then position), whatever order the rows were stored in: a
  // writer may store nodes in any order (arbor's is by id), and a LIMIT must keep the same ones.
  nodesByName(name: string): NodeDetails[] {
    return this.nodesWhere(`n.name = ? ${SOURCE_ORDER}`, name);
  }

  /** Case-insensitive (ASCII) name match; uses the v3+ index on lower(name). */
  nodesByNameIgnoringCase(name: string): NodeDetails[] {
    return this.nodesWhere(`lower(n.name) = lower(?) ${SOURCE_ORDER}`, name);
  }

  nodesByQualifiedName(qualifiedName: string): NodeDetails[] {
    return this.nodesWhere(`n.qualified_name = ? ${SOURCE_ORDER}`, qualifiedName);
  }

  /** Every node of one kind (`import`: each import statement with its specifier as name), in source order. */
  nodesOfKind(kind: string): NodeDetails[] {
    return this.nodesWhere(`n.kind = ? ${SOURCE_ORDER}`, kind);
  }

  nodesInFile(path: string): NodeDetails[] {
    return this.nodesWhere(`n.file_path = ? ${SOURCE_ORDER}`, path);
  }

  nodesEnclosingLine(path: string, line: number): NodeDetails[] {
    return this.nodesWhere(`n.file_path = ? AND n.start_line <= ? AND n.end_line >= ? ${SOURCE_ORDER}`, path, line, line);
  }

  /**
   * Nodes whose name matches any of the LIKE patterns (case-insensitive for ASCII, `\` escapes),
   * at most `limit` of them.
   */
  nodesWithNameLike(patterns: string[], limit: number, excludeKinds: string[] = []): NodeDetails[] {
    if (patterns.length === 0) return [];
    const likes = patterns.map(() => `n.name LIKE ? ESCAPE '\\'`).join(' OR ');
    const exclude = excludeKinds.length > 0 ? `n.kind NOT IN (SELECT value FROM json_each(?)) AND ` : '';
    const params: unknown[] = excludeKinds.length > 0 ? [JSON.stringify(excludeKinds), ...patterns] : [...patterns];
    return this.nodesWhere(`${exclude}(${likes}) ${SOURCE_ORDER} LIMIT ?`, ...params, limit);
  }

  /**
   * The distinct names matching any LIKE pattern. Reads the name index only (no row of the table),
   * so it stays cheap on a graph of 100,000 nodes where fetching every matching row does not.
   */
  namesLike(patterns: string[]): string[] {
    if (patterns.length === 0) return [];
    const likes = patterns.map(() => `name LIKE ? ESCAPE '\\'`).join(' OR ');
    return this.statement(`SELECT DISTINCT name FROM nodes WHERE ${likes}`).pluck().all(...patterns) as string[];
  }

  /** Nodes with any of these exact names (kinds not excluded), in source order. */
  nodesNamed(names: string[], excludeKinds: string[] = []): NodeDetails[] {
    const exclude = excludeKinds.length > 0 ? ` AND n.kind NOT IN (SELECT value FROM json_each(?))` : '';
    const out: NodeDetails[] = [];
    for (let i = 0; i < names.length; i += 5000) {
      const chunk = JSON.stringify(names.slice(i, i + 5000));
      const params: unknown[] = excludeKinds.length > 0 ? [chunk, JSON.stringify(excludeKinds)] : [chunk];
      out.push(...this.nodesWhere(`n.name IN (SELECT value FROM json_each(?))${exclude} ${SOURCE_ORDER}`, ...params));
    }
    return out;
  }

  /** How many nodes (of kinds not excluded) have a name matching a LIKE pattern, counting at most `cap`. */
  countNodesWithNameLike(pattern: string, cap: number, excludeKinds: string[] = []): number {
    const exclude = excludeKinds.length > 0 ? `kind NOT IN (SELECT value FROM json_each(?)) AND ` : '';
    const params: unknown[] = excludeKinds.length > 0 ? [JSON.stringify(excludeKinds), pattern, cap] : [pattern, cap];
    const row = this.statement(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM nodes WHERE ${exclude}name LIKE ? ESCAPE '\\' LIMIT ?)`).get(...params) as { n: number };
    return row.n;
  }

  /**
   * Full-text search over nodes_fts (id, name, qualified_name, docstring, signature).
   * Returns undefined when the database has no usable FTS table (the caller falls back).
   */
  fullText(matchExpression: string, limit: number): Array<{ node: NodeDetails; rank: number }> | undefined {
    if (!this.schema.hasFts) return undefined;
    try {
      const rows = this.statement(
        `SELECT ${this.nodeColumns}, bm25(nodes_fts) AS rank FROM nodes_fts JOIN nodes n ON n.rowid = nodes_fts.rowid
         WHERE nodes_fts MATCH ? ORDER BY rank, ${SOURCE_COLUMNS} LIMIT ?`,
      ).all(matchExpression, limit) as Array<RawNode & { rank: number }>;
      return rows.map((row) => ({ node: mapNode(row), rank: row.rank }));
    } catch (error) {
      // A broken or differently-built FTS table is not fatal: the LIKE path still answers.
      const mapped = toQueryError(error, this.dbPath);
      if (mapped && (mapped.code === 'locked' || mapped.code === 'corrupt')) throw mapped;
      return undefined;
    }
  }

  // ---- edges ----------------------------------------------------------------------------

  /** Edges arriving at any of `targets`, restricted to `kinds` (all kinds when empty). */
  edgesTo(targets: Iterable<string>, kinds: readonly string[] = []): StoredEdge[] {
    return this.edgesBy('target', targets, kinds);
  }

  /** Edges leaving any of `sources`, restricted to `kinds` (all kinds when empty). */
  edgesFrom(sources: Iterable<string>, kinds: readonly string[] = []): StoredEdge[] {
    return this.edgesBy('source', sources, kinds);
  }

  private edgesBy(end: 'source' | 'target', ids: Iterable<string>, kinds: readonly string[]): StoredEdge[] {
    const list = [...new Set(ids)];
    const out: StoredEdge[] = [];
    const kindFilter = kinds.length > 0 ? ' AND e.kind IN (SELECT value FROM json_each(?))' : '';
    const sql = `SELECT ${this.edgeColumns} FROM edges e WHERE e.${end} IN (SELECT value FROM json_each(?))${kindFilter}`;
    for (let i = 0; i < list.length; i += 5000) {
      const params: unknown[] = [JSON.stringify(list.slice(i, i + 5000))];
      if (kinds.length > 0) params.push(JSON.stringify(kinds));
      for (const raw of this.statement(sql).all(...params) as RawEdge[]) out.push(mapEdge(raw));
    }
    return out;
  }

  /**
   * Whether any edge of `kinds` links one of `ids` (as target for 'in', source for 'out') to an
   * existing node outside `excluded`. One indexed probe instead of reading the whole layer.
   */
  hasEdgeBeyond(ids: Iterable<string>, direction: 'in' | 'out', kinds: readonly string[], excluded: Iterable<string>): boolean {
    const [near, far] = direction === 'in' ? ['target', 'source'] : ['source', 'target'];
    const kindFilter = kinds.length > 0 ? ' AND e.kind IN (SELECT value FROM json_each(?))' : '';
    const sql =
      `SELECT 1 FROM edges e JOIN nodes n ON n.id = e.${far} WHERE e.${near} IN (SELECT value FROM json_each(?))${kindFilter}` +
      ` AND e.${far} NOT IN (SELECT value FROM json_each(?)) LIMIT 1`;
    const params: unknown[] = [JSON.stringify([...new Set(ids)])];
    if (kinds.length > 0) params.push(JSON.stringify(kinds));
    params.push(JSON.stringify([...new Set(excluded)]));
    return this.statement(sql).get(...params) !== undefined;
  }

  /**
   * Edges of `kinds` whose two ends lie in different files, counted per (source file, target
   * file): the file-level dependency graph, in one grouped scan instead of a walk per file.
   */
  fileDependencies(kinds: readonly string[]): Array<{ from: string; to: string; edges: number }> {
    const sql =
      'SELECT s.file_path AS source_file, t.file_path AS target_file, COUNT(*) AS n FROM edges e' +
      ' JOIN nodes s ON s.id = e.source JOIN nodes t ON t.id = e.target' +
      ' WHERE e.kind IN (SELECT value FROM json_each(?)) AND s.file_path <> t.file_path GROUP BY s.file_path, t.file_path';
    const rows = this.statement(sql).all(JSON.stringify(kinds)) as Array<{ source_file: string; target_file: string; n: number }>;
    return rows.map((r) => ({ from: String(r.source_file), to: String(r.target_file), edges: Number(r.n) }));
  }

  // ---- files ----------------------------------------------------------------------------

  files(): StoredFile[] {
    return (this.statement(`SELECT ${this.fileColumns} FROM files f ORDER BY f.path`).all() as RawFile[]).map(mapFile);
  }

  file(path: string): StoredFile | undefined {
    const raw = this.statement(`SELECT ${this.fileColumns} FROM files f WHERE f.path = ?`).get(path) as RawFile | undefined;
    return raw ? mapFile(raw) : undefined;
  }

  // ---- statistics -----------------------------------------------------------------------

  countBy(table: 'nodes' | 'edges', column: 'kind' | 'language'): Record<string, number> {
    const rows = this.statement(`SELECT ${column} AS key, COUNT(*) AS count FROM ${table} GROUP BY ${column}`).all() as Array<{
      key: string;
      count: number;
    }>;
    return Object.fromEntries(rows.sort((a, b) => compareText(String(a.key), String(b.key))).map((r) => [r.key, r.count]));
  }

  filesByLanguage(): Record<string, number> {
    const rows = this.statement('SELECT language AS key, COUNT(*) AS count FROM files GROUP BY language').all() as Array<{
      key: string;
      count: number;
    }>;
    return Object.fromEntries(rows.sort((a, b) => compareText(String(a.key), String(b.key))).map((r) => [r.key, r.count]));
  }

  count(table: 'nodes' | 'edges' | 'files' | 'unresolved_refs'): number {
    if (table === 'unresolved_refs' && !this.schema.hasUnresolvedRefs) return 0;
    return (this.statement(`SELECT COUNT(*) AS c FROM ${table}`).get() as { c: number }).c;
  }

  /** project_metadata as a plain object (empty when the table is missing). */
  metadata(): Record<string, string> {
    if (!this.schema.hasProjectMetadata) return {};
    const rows = this.statement('SELECT key, value FROM project_metadata ORDER BY key').all() as Array<{ key: string; value: string }>;
    return Object.fromEntries(rows.map((r) => [r.key, String(r.value)]));
  }

  /** Reference sites the writer declined to link, made from the given nodes. */
  unresolvedFrom(nodeIds: Iterable<string>): UnresolvedRef[] {
    if (!this.schema.hasUnresolvedRefs) return [];
    const cols = this.schema.columns.get('unresolved_refs')!;
    const pick = (c: string) => (cols.has(c) ? c : `NULL AS ${c}`);
    const rows = this.statement(
      `SELECT from_node_id, reference_name, reference_kind, line, ${pick('col')}, ${pick('file_path')}, ${pick('candidates')}
       FROM unresolved_refs WHERE from_node_id IN (SELECT value FROM json_each(?)) ORDER BY line, col`,
    ).all(JSON.stringify([...new Set(nodeIds)])) as Array<Omit<UnresolvedRow, 'language'>>;
    return rows.map((r) => ({
      fromNodeId: r.from_node_id,
      name: r.reference_name,
      kind: r.reference_kind,
      line: Number(r.line),
      column: Number(r.col ?? 0),
      filePath: r.file_path || null,
      candidates: parseIdList(r.candidates),
    }));
  }

  /**
   * Unresolved sites of `kinds` whose reference's last name segment (referenceTail) is one of `names`
   * (rows as stored; missing columns NULL). The tail is computed inside SQLite, by a function registered
   * once on this connection: no second connection is opened for it (that cost a query process an open
   * and a schema read, and could not open a graph this store reads through an in-memory copy).
   */
  unresolvedByTail(names: readonly string[], kinds: readonly string[]): UnresolvedRow[] {
    if (!this.schema.hasUnresolvedRefs || names.length === 0) return [];
    if (!this.tailRegistered) {
      this.db.function('arbor_tail', { deterministic: true }, (text: unknown) => referenceTail(String(text ?? '')));
      this.tailRegistered = true;
    }
    const cols = this.schema.columns.get('unresolved_refs')!;
    const pick = (c: string) => (cols.has(c) ? c : `NULL AS ${c}`);
    const select = `SELECT from_node_id, reference_name, reference_kind, line, ${pick('col')}, ${pick('file_path')}, ${pick('language')}, ${pick('candidates')}
         FROM unresolved_refs
         WHERE reference_kind IN (SELECT value FROM json_each(?))
           AND arbor_tail(reference_name) IN (SELECT value FROM json_each(?))`;
    // A reference whose tail is a name contains it: a substring test (SQLite's instr) over the reference-name
    // index alone rules out almost every row before a table row is read or the JavaScript tail function runs
    // (a scan of the whole table was most of `arbor callers`' time). Many names (impact of a large file) skip
    // that step: an OR chain has a depth limit, and a long one saves nothing. The SQL text depends only on
    // the number of names, so these statements are prepared once per connection like the others.
    if (names.length <= MAX_PREFILTER_NAMES) {
      const contains = names.map(() => 'instr(reference_name, ?) > 0').join(' OR ');
      // pluck() sets the mode of this statement, whose SQL text no other reader shares.
      const rowids = this.statement(`SELECT rowid AS r FROM unresolved_refs WHERE ${contains}`).pluck().all(...names);
      // Most symbols have no such site: the second statement is then not even prepared.
      if (rowids.length === 0) return [];
      const rows = this.statement(`${select} AND rowid IN (SELECT value FROM json_each(?))`)
        .all(JSON.stringify(kinds), JSON.stringify(names), JSON.stringify(rowids));
      return rows as UnresolvedRow[];
    }
    return this.statement(select).all(JSON.stringify(kinds), JSON.stringify(names)) as UnresolvedRow[];
  }
}

/**
 * How much of a graph SQLite maps into memory (a limit, not an allocation: only the pages a query touches
 * are ever read). 1 GiB covers the graph of a very large repository; past it, SQLite reads the rest as before.
 * None on Windows, where a file mapped by a reader cannot be replaced or truncated by another process
 * (`arbor index` renaming its new graph over the old one while a query runs).
 */
const MMAP_BYTES = process.platform === 'win32' ? 0 : 1024 * 1024 * 1024;

/** Up to this many names are prefiltered in SQL by substring (see unresolvedByTail). */
const MAX_PREFILTER_NAMES = 64;

/** One stored unresolved site, as unresolvedByTail returns it. */
export interface UnresolvedRow {
  from_node_id: string;
  reference_name: string;
  reference_kind: string;
  line: number;
  col: number | null;
  file_path: string | null;
  language: string | null;
  candidates: string | null;
}

function parseIdList(text: string | null): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** A read-only WAL copy is worth making only for these: the file is there but its -shm cannot be. */
function cannotOpenReadOnlyWal(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN'));
}

function isWalHeader(header: Buffer): boolean {
  return header.length >= 20 && header[18] === 2 && header[19] === 2;
}

/** A copy larger than this is not made; the read-only error stands. */
const MAX_IN_MEMORY_COPY = 1024 * 1024 * 1024;

function readWholeFile(dbPath: string): Buffer {
  const fd = openSync(dbPath, READ_FLAGS);
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > MAX_IN_MEMORY_COPY) {
      throw new QueryError('unreadable', `the index database cannot be opened read-only here and is too large to copy into memory (${dbPath})`);
    }
    const bytes = Buffer.alloc(stat.size);
    let offset = 0;
    while (offset < bytes.length) {
      const read = readSync(fd, bytes, offset, bytes.length - offset, offset);
      if (read === 0) break;
      offset += read;
    }
    return bytes.subarray(0, offset);
  } finally {
    closeSync(fd);
  }
}

// The database path is in the checkout: a FIFO swapped in must not block the open.
const READ_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** SQLite would say "file is not a database" on first read; say it before opening, plainly. Returns the first 100 bytes. */
function checkSqliteHeader(dbPath: string): Buffer {
  let fd: number | undefined;
  try {
    fd = openSync(dbPath, READ_FLAGS);
    if (!fstatSync(fd).isFile()) throw new QueryError('unreadable', `cannot read ${dbPath}: not a regular file`);
    const header = Buffer.alloc(100);
    const read = readSync(fd, header, 0, 100, 0);
    if (read === 0) throw new QueryError('not-codegraph', `not a codegraph database: ${dbPath} is empty`);
    if (read < 16 || header.subarray(0, 16).toString('latin1') !== SQLITE_HEADER) {
      throw new QueryError('not-codegraph', `not a codegraph database: ${dbPath} is not a SQLite file`);
    }
    return header.subarray(0, read);
  } catch (error) {
    if (error instanceof QueryError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new QueryError('no-index', `no index at ${dbPath}; run \`arbor index\` to build one`);
    throw new QueryError('unreadable', `cannot read ${dbPath}: ${code ?? String(error)}`);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
