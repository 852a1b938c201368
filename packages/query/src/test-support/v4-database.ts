/**
 * Test helper: small codegraph databases written directly with SQL, for cases a real writer
 * does not produce on demand (ambiguous names, unresolved refs, later schemas, damage).
 * The DDL follows the v4 facts in docs/codegraph-v4.md.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';

export const V4_DDL = `
CREATE TABLE schema_versions (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL, description TEXT);
CREATE TABLE nodes (
  id TEXT PRIMARY KEY, kind TEXT NOT NULL, name TEXT NOT NULL, qualified_name TEXT NOT NULL, file_path TEXT NOT NULL,
  language TEXT NOT NULL, start_line INTEGER NOT NULL, end_line INTEGER NOT NULL, start_column INTEGER NOT NULL,
  end_column INTEGER NOT NULL, docstring TEXT, signature TEXT, visibility TEXT, is_exported INTEGER DEFAULT 0,
  is_async INTEGER DEFAULT 0, is_static INTEGER DEFAULT 0, is_abstract INTEGER DEFAULT 0, decorators TEXT,
  type_parameters TEXT, updated_at INTEGER NOT NULL);
CREATE TABLE edges (
  id INTEGER PRIMARY KEY AUTOINCREMENT, source TEXT NOT NULL, target TEXT NOT NULL, kind TEXT NOT NULL, metadata TEXT,
  line INTEGER, col INTEGER, provenance TEXT DEFAULT NULL,
  FOREIGN KEY (source) REFERENCES nodes(id) ON DELETE CASCADE, FOREIGN KEY (target) REFERENCES nodes(id) ON DELETE CASCADE);
CREATE TABLE files (
  path TEXT PRIMARY KEY, content_hash TEXT NOT NULL, language TEXT NOT NULL, size INTEGER NOT NULL,
  modified_at INTEGER NOT NULL, indexed_at INTEGER NOT NULL, node_count INTEGER DEFAULT 0, errors TEXT);
CREATE TABLE unresolved_refs (
  id INTEGER PRIMARY KEY AUTOINCREMENT, from_node_id TEXT NOT NULL, reference_name TEXT NOT NULL,
  reference_kind TEXT NOT NULL, line INTEGER NOT NULL, col INTEGER NOT NULL, candidates TEXT,
  file_path TEXT NOT NULL DEFAULT '', language TEXT NOT NULL DEFAULT 'unknown',
  FOREIGN KEY (from_node_id) REFERENCES nodes(id) ON DELETE CASCADE);
CREATE TABLE project_metadata (key TEXT PRIMARY KEY, value TEXT NOT NULL, updated_at INTEGER NOT NULL);
CREATE INDEX idx_nodes_kind ON nodes(kind);
CREATE INDEX idx_nodes_name ON nodes(name);
CREATE INDEX idx_nodes_qualified_name ON nodes(qualified_name);
CREATE INDEX idx_nodes_file_path ON nodes(file_path);
CREATE INDEX idx_nodes_language ON nodes(language);
CREATE INDEX idx_nodes_file_line ON nodes(file_path, start_line);
CREATE INDEX idx_nodes_lower_name ON nodes(lower(name));
CREATE INDEX idx_edges_kind ON edges(kind);
CREATE INDEX idx_edges_source_kind ON edges(source, kind);
CREATE INDEX idx_edges_target_kind ON edges(target, kind);
CREATE INDEX idx_edges_provenance ON edges(provenance);
CREATE INDEX idx_files_language ON files(language);
CREATE INDEX idx_files_modified_at ON files(modified_at);
CREATE INDEX idx_unresolved_from_node ON unresolved_refs(from_node_id);
CREATE INDEX idx_unresolved_name ON unresolved_refs(reference_name);
CREATE INDEX idx_unresolved_file_path ON unresolved_refs(file_path);
CREATE INDEX idx_unresolved_from_name ON unresolved_refs(from_node_id, reference_name);
CREATE VIRTUAL TABLE nodes_fts USING fts5(id, name, qualified_name, docstring, signature, content='nodes', content_rowid='rowid');
CREATE TRIGGER nodes_ai AFTER INSERT ON nodes BEGIN
  INSERT INTO nodes_fts(rowid, id, name, qualified_name, docstring, signature)
  VALUES (NEW.rowid, NEW.id, NEW.name, NEW.qualified_name, NEW.docstring, NEW.signature);
END;
CREATE TRIGGER nodes_ad AFTER DELETE ON nodes BEGIN
  INSERT INTO nodes_fts(nodes_fts, rowid, id, name, qualified_name, docstring, signature)
  VALUES ('delete', OLD.rowid, OLD.id, OLD.name, OLD.qualified_name, OLD.docstring, OLD.signature);
END;
CREATE TRIGGER nodes_au AFTER UPDATE ON nodes BEGIN
  INSERT INTO nodes_fts(nodes_fts, rowid, id, name, qualified_name, docstring, signature)
  VALUES ('delete', OLD.rowid, OLD.id, OLD.name, OLD.qualified_name, OLD.docstring, OLD.signature);
  INSERT INTO nodes_fts(rowid, id, name, qualified_name, docstring, signature)
  VALUES (NEW.rowid, NEW.id, NEW.name, NEW.qualified_name, NEW.docstring, NEW.signature);
END;
`;

/** Later-schema additions as codegraph 1.6.1 (v11) makes them; the reader must ignore them. */
export const V11_EXTRA_DDL = `
ALTER TABLE nodes ADD COLUMN return_type TEXT;
ALTER TABLE files ADD COLUMN generated INTEGER DEFAULT 0;
ALTER TABLE unresolved_refs ADD COLUMN status TEXT;
ALTER TABLE unresolved_refs ADD COLUMN name_tail TEXT;
CREATE TABLE name_segment_vocab (segment TEXT PRIMARY KEY, count INTEGER NOT NULL);
CREATE TABLE synthesis_inputs (id INTEGER PRIMARY KEY, payload TEXT);
CREATE UNIQUE INDEX idx_edges_identity ON edges(source, target, kind, line, col);
`;

export interface TestNode {
  kind: string;
  name: string;
  file: string;
  line: number;
  endLine?: number;
  qualifiedName?: string;
  language?: string;
  signature?: string;
  docstring?: string;
  /** Explicit id; by default the codegraph hash scheme (or `file:<path>`). */
  id?: string;
  /** Id of the containing node (a `contains` edge is added). */
  parent?: string;
}

export interface TestEdge {
  source: string;
  target: string;
  kind: string;
  line?: number | null;
  col?: number | null;
  resolvedBy?: string;
  confidence?: number;
  provenance?: string | null;
}

export interface TestFile {
  path: string;
  content: string;
  language?: string;
}

export interface TestGraph {
  files: TestFile[];
  nodes: TestNode[];
  edges?: TestEdge[];
  unresolved?: Array<{ from: string; name: string; kind?: string; line: number; col?: number; candidates?: string[]; file?: string }>;
  metadata?: Record<string, string>;
  /** schema_versions rows; default [1, 4]. */
  versions?: number[];
  /** Apply the v11-like extras. */
  v11?: boolean;
  /** Leave out the FTS table and its triggers. */
  withoutFts?: boolean;
  journalMode?: 'wal' | 'delete';
  /** Write the files to disk (default true). */
  writeFiles?: boolean;
  /** indexed_at for every file (default: now). */
  indexedAt?: number;
}

export function nodeId(kind: string, file: string, name: string, line: number): string {
  if (kind === 'file') return `file:${file}`;
  return `${kind}:${createHash('sha256').update(`${file}:${kind}:${name}:${line}`).digest('hex').slice(0, 32)}`;
}

export function idOf(node: TestNode): string {
  return node.id ?? nodeId(node.kind, node.file, node.name, node.line);
}

/** Creates a temp project: its files on disk and `.codegraph/codegraph.db` describing them. */
export function makeProject(graph: TestGraph, root = mkdtempSync(join(tmpdir(), 'arbor-query-test-'))): { root: string; dbPath: string } {
  const writeFiles = graph.writeFiles ?? true;
  for (const file of graph.files) {
    const abs = join(root, file.path);
    mkdirSync(dirname(abs), { recursive: true });
    if (writeFiles) writeFileSync(abs, file.content);
  }
  const dbPath = join(root, '.codegraph', 'codegraph.db');
  mkdirSync(dirname(dbPath), { recursive: true });
  writeDatabase(dbPath, graph, root);
  return { root, dbPath };
}

export function writeDatabase(dbPath: string, graph: TestGraph, root?: string): void {
  const db = new Database(dbPath);
  try {
    db.pragma(`journal_mode = ${graph.journalMode ?? 'wal'}`);
    // Dangling edges are a case readers must survive; the writer here must be able to make them.
    db.pragma('foreign_keys = OFF');
    db.pragma('synchronous = OFF');
    db.exec('BEGIN');
    let ddl = V4_DDL;
    if (graph.withoutFts) ddl = ddl.slice(0, ddl.indexOf('CREATE VIRTUAL TABLE'));
    db.exec(ddl);
    if (graph.v11) db.exec(V11_EXTRA_DDL);
    const now = Date.now();
    const indexedAt = graph.indexedAt ?? now;
    const versions = graph.versions ?? [1, 4];
    const insertVersion = db.prepare('INSERT INTO schema_versions VALUES (?, ?, ?)');
    for (const v of versions) insertVersion.run(v, now, `v${v}`);

    const insertNode = db.prepare(
      `INSERT INTO nodes (id, kind, name, qualified_name, file_path, language, start_line, end_line, start_column, end_column,
        docstring, signature, is_exported, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?, 1, ?)`,
    );
    const insertEdge = db.prepare((graph.v11 ? 'INSERT OR IGNORE' : 'INSERT') + ' INTO edges (source, target, kind, metadata, line, col, provenance) VALUES (?, ?, ?, ?, ?, ?, ?)');
    const languageOf = (path: string) => graph.files.find((f) => f.path === path)?.language ?? languageFromPath(path);
    const counts = new Map<string, number>();
    for (const file of graph.files) {
      const lines = file.content.split('\n').length;
      insertNode.run(`file:${file.path}`, 'file', file.path.slice(file.path.lastIndexOf('/') + 1), file.path, file.path, languageOf(file.path), 1, lines, null, null, now);
      counts.set(file.path, 1);
    }
    for (const node of graph.nodes) {
      const id = idOf(node);
      insertNode.run(id, node.kind, node.name, node.qualifiedName ?? node.name, node.file, node.language ?? languageOf(node.file),
        node.line, node.endLine ?? node.line, node.docstring ?? null, node.signature ?? null, now);
      counts.set(node.file, (counts.get(node.file) ?? 0) + 1);
      insertEdge.run(node.parent ?? `file:${node.file}`, id, 'contains', null, null, null, null);
    }
    for (const edge of graph.edges ?? []) {
      const metadata = edge.resolvedBy || edge.confidence !== undefined
        ? JSON.stringify({ confidence: edge.confidence ?? 0.9, resolvedBy: edge.resolvedBy })
        : null;
      insertEdge.run(edge.source, edge.target, edge.kind, metadata, edge.line ?? null, edge.col ?? null, edge.provenance ?? null);
    }
    const insertFile = db.prepare('INSERT INTO files (path, content_hash, language, size, modified_at, indexed_at, node_count, errors) VALUES (?, ?, ?, ?, ?, ?, ?, NULL)');
    for (const file of graph.files) {
      const bytes = Buffer.from(file.content);
      let mtime = now;
      if (root) {
        try {
          mtime = statSync(join(root, file.path)).mtimeMs;
        } catch {
          mtime = now;
        }
      }
      insertFile.run(file.path, createHash('sha256').update(bytes).digest('hex'), languageOf(file.path), bytes.length, mtime, indexedAt, counts.get(file.path) ?? 1);
    }
    const insertRef = db.prepare(
      'INSERT INTO unresolved_refs (from_node_id, reference_name, reference_kind, line, col, candidates, file_path, language) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (const ref of graph.unresolved ?? []) {
      insertRef.run(ref.from, ref.name, ref.kind ?? 'calls', ref.line, ref.col ?? 0, ref.candidates ? JSON.stringify(ref.candidates) : null, ref.file ?? '', 'typescript');
    }
    const insertMeta = db.prepare('INSERT INTO project_metadata VALUES (?, ?, ?)');
    for (const [key, value] of Object.entries(graph.metadata ?? {})) insertMeta.run(key, value, now);
    db.exec('COMMIT');
    // Leave a clean, self-contained file: checkpoint the WAL into the database.
    if ((graph.journalMode ?? 'wal') === 'wal') db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
}

function languageFromPath(path: string): string {
  if (path.endsWith('.py')) return 'python';
  if (path.endsWith('.go')) return 'go';
  if (path.endsWith('.rs')) return 'rust';
  if (path.endsWith('.java')) return 'java';
  if (path.endsWith('.js')) return 'javascript';
  return 'typescript';
}
