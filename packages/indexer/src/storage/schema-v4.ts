/**
 * The codegraph schema v4 DDL, text for text as the codegraph CLI 0.8.0/0.9.9 stores it in
 * `sqlite_master` (verified by test/conformance/schema-v4.test.ts against the real CLI).
 * Keeping the text identical, comments included, makes our files indistinguishable from the
 * CLI's at the schema level.
 */
import type { Database } from 'better-sqlite3';

export const V4_SCHEMA_VERSION = 4;

/** Rows of `schema_versions` in a fresh v4 database. Readers take MAX(version). */
export const V4_SCHEMA_VERSION_ROWS: ReadonlyArray<{ version: number; description: string }> = [
  { version: 1, description: 'Initial schema' },
  { version: 4, description: 'Initial schema includes all migrations' },
];

const SCHEMA_VERSIONS = `CREATE TABLE schema_versions (
    version INTEGER PRIMARY KEY,
    applied_at INTEGER NOT NULL,
    description TEXT
)`;

const NODES = `CREATE TABLE nodes (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    name TEXT NOT NULL,
    qualified_name TEXT NOT NULL,
    file_path TEXT NOT NULL,
    language TEXT NOT NULL,
    start_line INTEGER NOT NULL,
    end_line INTEGER NOT NULL,
    start_column INTEGER NOT NULL,
    end_column INTEGER NOT NULL,
    docstring TEXT,
    signature TEXT,
    visibility TEXT,
    is_exported INTEGER DEFAULT 0,
    is_async INTEGER DEFAULT 0,
    is_static INTEGER DEFAULT 0,
    is_abstract INTEGER DEFAULT 0,
    decorators TEXT, -- JSON array
    type_parameters TEXT, -- JSON array
    updated_at INTEGER NOT NULL
)`;

const EDGES = `CREATE TABLE edges (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    source TEXT NOT NULL,
    target TEXT NOT NULL,
    kind TEXT NOT NULL,
    metadata TEXT, -- JSON object
    line INTEGER,
    col INTEGER,
    provenance TEXT DEFAULT NULL,
    FOREIGN KEY (source) REFERENCES nodes(id) ON DELETE CASCADE,
    FOREIGN KEY (target) REFERENCES nodes(id) ON DELETE CASCADE
)`;

const FILES = `CREATE TABLE files (
    path TEXT PRIMARY KEY,
    content_hash TEXT NOT NULL,
    language TEXT NOT NULL,
    size INTEGER NOT NULL,
    modified_at INTEGER NOT NULL,
    indexed_at INTEGER NOT NULL,
    node_count INTEGER DEFAULT 0,
    errors TEXT -- JSON array
)`;

const UNRESOLVED_REFS = `CREATE TABLE unresolved_refs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    from_node_id TEXT NOT NULL,
    reference_name TEXT NOT NULL,
    reference_kind TEXT NOT NULL,
    line INTEGER NOT NULL,
    col INTEGER NOT NULL,
    candidates TEXT, -- JSON array
    file_path TEXT NOT NULL DEFAULT '',
    language TEXT NOT NULL DEFAULT 'unknown',
    FOREIGN KEY (from_node_id) REFERENCES nodes(id) ON DELETE CASCADE
)`;

const PROJECT_METADATA = `CREATE TABLE project_metadata (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    updated_at INTEGER NOT NULL
)`;

/** The plain tables, in the CLI's creation order. Their implicit (PRIMARY KEY) indexes come with them. */
export const V4_TABLES_DDL: readonly string[] = [
  SCHEMA_VERSIONS, NODES, EDGES, FILES, UNRESOLVED_REFS, PROJECT_METADATA,
];

/** External-content FTS5 index over the searchable node columns. */
export const V4_FTS_DDL = `CREATE VIRTUAL TABLE nodes_fts USING fts5(
    id,
    name,
    qualified_name,
    docstring,
    signature,
    content='nodes',
    content_rowid='rowid'
)`;

/** Keep `nodes_fts` in sync with `nodes` for every later writer (the CLI's sync, codegraph 1.x). */
export const V4_FTS_TRIGGERS_DDL: readonly string[] = [
  `CREATE TRIGGER nodes_ai AFTER INSERT ON nodes BEGIN
    INSERT INTO nodes_fts(rowid, id, name, qualified_name, docstring, signature)
    VALUES (NEW.rowid, NEW.id, NEW.name, NEW.qualified_name, NEW.docstring, NEW.signature);
END`,
  `CREATE TRIGGER nodes_ad AFTER DELETE ON nodes BEGIN
    INSERT INTO nodes_fts(nodes_fts, rowid, id, name, qualified_name, docstring, signature)
    VALUES ('delete', OLD.rowid, OLD.id, OLD.name, OLD.qualified_name, OLD.docstring, OLD.signature);
END`,
  `CREATE TRIGGER nodes_au AFTER UPDATE ON nodes BEGIN
    INSERT INTO nodes_fts(nodes_fts, rowid, id, name, qualified_name, docstring, signature)
    VALUES ('delete', OLD.rowid, OLD.id, OLD.name, OLD.qualified_name, OLD.docstring, OLD.signature);
    INSERT INTO nodes_fts(rowid, id, name, qualified_name, docstring, signature)
    VALUES (NEW.rowid, NEW.id, NEW.name, NEW.qualified_name, NEW.docstring, NEW.signature);
END`,
];

/** Secondary indexes (everything but the implicit primary-key ones), in the CLI's order. */
export const V4_INDEXES_DDL: readonly string[] = [
  'CREATE INDEX idx_nodes_kind ON nodes(kind)',
  'CREATE INDEX idx_nodes_name ON nodes(name)',
  'CREATE INDEX idx_nodes_qualified_name ON nodes(qualified_name)',
  'CREATE INDEX idx_nodes_file_path ON nodes(file_path)',
  'CREATE INDEX idx_nodes_language ON nodes(language)',
  'CREATE INDEX idx_nodes_file_line ON nodes(file_path, start_line)',
  'CREATE INDEX idx_nodes_lower_name ON nodes(lower(name))',
  'CREATE INDEX idx_edges_kind ON edges(kind)',
  'CREATE INDEX idx_edges_source_kind ON edges(source, kind)',
  'CREATE INDEX idx_edges_target_kind ON edges(target, kind)',
  'CREATE INDEX idx_files_language ON files(language)',
  'CREATE INDEX idx_files_modified_at ON files(modified_at)',
  'CREATE INDEX idx_unresolved_from_node ON unresolved_refs(from_node_id)',
  'CREATE INDEX idx_unresolved_name ON unresolved_refs(reference_name)',
  'CREATE INDEX idx_unresolved_file_path ON unresolved_refs(file_path)',
  'CREATE INDEX idx_unresolved_from_name ON unresolved_refs(from_node_id, reference_name)',
  'CREATE INDEX idx_edges_provenance ON edges(provenance)',
];

/** The complete v4 schema, every object, in one list. */
export const V4_SCHEMA_DDL: readonly string[] = [
  ...V4_TABLES_DDL, V4_FTS_DDL, ...V4_FTS_TRIGGERS_DDL, ...V4_INDEXES_DDL,
];

/**
 * `schema_versions` rows as the CLI stamps them: version 1 at a whole second (the CLI's
 * initial script uses SQL seconds), version 4 at the exact millisecond.
 */
export function v4SchemaVersionValues(nowMs: number): Array<[version: number, appliedAt: number, description: string]> {
  return V4_SCHEMA_VERSION_ROWS.map(({ version, description }) => [
    version,
    version === 1 ? Math.floor(nowMs / 1000) * 1000 : nowMs,
    description,
  ]);
}

/** Creates the full, empty v4 schema with its version rows (for fixtures and small writers). */
export function createV4Schema(db: Database, nowMs: number = Date.now()): void {
  db.transaction(() => {
    for (const statement of V4_SCHEMA_DDL) db.exec(statement);
    const insertVersion = db.prepare('INSERT INTO schema_versions (version, applied_at, description) VALUES (?, ?, ?)');
    for (const row of v4SchemaVersionValues(nowMs)) insertVersion.run(...row);
  })();
}
