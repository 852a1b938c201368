/**
 * Which codegraph schema a database holds, and which of the columns this reader uses it has.
 *
 * The reader needs only the core of v4 (nodes, edges, files, schema_versions). Later schemas
 * (codegraph 1.x writes v11) add columns and tables: they are tolerated and ignored. Optional
 * v4 objects (FTS table, project_metadata, unresolved_refs, some columns) degrade features
 * when missing instead of failing.
 */
import type Database from 'better-sqlite3';
import { QueryError } from '../errors.js';

/** The newest codegraph schema version this reader knows to be compatible (codegraph 1.6.x). */
export const NEWEST_KNOWN_SCHEMA = 11;

/** Columns without which a table cannot be read at all. */
const REQUIRED_COLUMNS: Record<string, string[]> = {
  nodes: ['id', 'kind', 'name', 'qualified_name', 'file_path', 'language', 'start_line', 'end_line'],
  edges: ['source', 'target', 'kind'],
  files: ['path', 'content_hash', 'language', 'size', 'modified_at'],
};

/** The v4 tables; anything else in a database is reported as an extra. */
const V4_TABLES = new Set([
  'schema_versions', 'nodes', 'edges', 'files', 'unresolved_refs', 'project_metadata', 'nodes_fts',
  'nodes_fts_data', 'nodes_fts_idx', 'nodes_fts_docsize', 'nodes_fts_config', 'sqlite_sequence',
  'sqlite_stat1', 'sqlite_stat4',
]);

export interface SchemaInfo {
  /** MAX(schema_versions.version). */
  version: number;
  /** Columns present per table (only for the tables this reader uses). */
  columns: ReadonlyMap<string, ReadonlySet<string>>;
  hasFts: boolean;
  hasProjectMetadata: boolean;
  hasUnresolvedRefs: boolean;
  /** Tables a later schema added (informational). */
  extraTables: string[];
}

export function inspectSchema(db: Database.Database): SchemaInfo {
  const objects = db
    .prepare(`SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view')`)
    .all() as Array<{ name: string; type: string }>;
  const tables = new Set(objects.map((o) => o.name));

  if (!tables.has('schema_versions')) {
    const what = tables.size === 0 ? 'an empty SQLite database' : 'a SQLite database without a schema_versions table';
    throw new QueryError('not-codegraph', `not a codegraph database: ${what}`);
  }
  const versionRow = db.prepare('SELECT MAX(version) AS version FROM schema_versions').get() as
    | { version: number | null }
    | undefined;
  const version = versionRow?.version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new QueryError('not-codegraph', 'not a codegraph database: schema_versions holds no version');
  }
  if (version > NEWEST_KNOWN_SCHEMA) {
    throw new QueryError(
      'future-schema',
      `the index uses codegraph schema v${version}, newer than the versions this arbor reads (v1–v${NEWEST_KNOWN_SCHEMA}); upgrade arbor or rebuild the index with \`arbor index\``,
    );
  }

  const columns = new Map<string, Set<string>>();
  const read = ['nodes', 'edges', 'files', 'unresolved_refs', 'project_metadata'].filter((table) => tables.has(table));
  for (const table of read) columns.set(table, new Set());
  // One statement for every table's columns: each statement prepared costs a query process its parse and plan.
  const rows = db
    .prepare(`SELECT t.value AS tbl, c.name AS name FROM json_each(?) AS t, pragma_table_info(t.value) AS c`)
    .all(JSON.stringify(read)) as Array<{ tbl: string; name: string }>;
  for (const row of rows) columns.get(row.tbl)!.add(row.name);
  for (const [table, required] of Object.entries(REQUIRED_COLUMNS)) {
    const present = columns.get(table);
    if (!present) {
      throw new QueryError('not-codegraph', `not a codegraph database: table ${table} is missing (schema v${version})`);
    }
    const missing = required.filter((c) => !present.has(c));
    if (missing.length > 0) {
      throw new QueryError(
        'not-codegraph',
        `not a readable codegraph database: ${table} lacks ${missing.join(', ')} (schema v${version})`,
      );
    }
  }

  const unresolvedColumns = columns.get('unresolved_refs');
  return {
    version,
    columns,
    hasFts: tables.has('nodes_fts'),
    hasProjectMetadata: (columns.get('project_metadata')?.has('key') ?? false) && (columns.get('project_metadata')?.has('value') ?? false),
    hasUnresolvedRefs:
      unresolvedColumns !== undefined &&
      ['from_node_id', 'reference_name', 'reference_kind', 'line'].every((c) => unresolvedColumns.has(c)),
    extraTables: [...tables].filter((t) => !V4_TABLES.has(t) && !t.startsWith('sqlite_')).sort(),
  };
}

/** `column` when the table has it, otherwise a NULL (or the given default) under the same name. */
export function columnOr(schema: SchemaInfo, table: string, column: string, fallback = 'NULL', alias?: string): string {
  const has = schema.columns.get(table)?.has(column) ?? false;
  const prefix = alias ? `${alias}.` : '';
  return has ? `${prefix}${column}` : `${fallback} AS ${column}`;
}
