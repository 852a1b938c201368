/**
 * A PRAGMA-level description of a SQLite database's schema, in the shape of
 * `../shared/spec/v4-reference.json` (`schema`), so two databases — or a database and the
 * reference — can be compared structurally rather than by DDL text.
 */
import type { Database } from 'better-sqlite3';

/** Objects the CLI creates only sometimes (after ANALYZE); never part of the comparison. */
export const OPTIONAL_OBJECTS = new Set(['sqlite_stat1', 'sqlite_stat4']);

export interface ColumnInfo { name: string; type: string; notnull: number; dflt_value: string | null; pk: number; hidden: number }
export interface ForeignKeyInfo { id: number; seq: number; table: string; from: string; to: string; on_update: string; on_delete: string; match: string }
export interface TableInfo { kind: string; withoutRowid: boolean; strict: boolean; autoincrement: boolean; columns: ColumnInfo[]; foreignKeys: ForeignKeyInfo[] }
export interface IndexColumnInfo { seqno: number; name: string | null; expr: string | null; desc: number; coll: string }
export interface IndexInfo { table: string; unique: number; origin: string; partial: number; where: string | null; columns: IndexColumnInfo[] }
export interface TriggerInfo { table: string; sql: string }
export interface FtsInfo { module: string; columns: string[]; options: Record<string, string>; config: Array<{ k: string; v: unknown }> }

export interface SchemaDescription {
  objects: Array<{ type: string; name: string; table: string }>;
  tables: Record<string, TableInfo>;
  indexes: Record<string, IndexInfo>;
  triggers: Record<string, TriggerInfo>;
  fts: Record<string, FtsInfo>;
  schemaVersions: Array<{ version: number; description: string | null }>;
  pragmas: { user_version: number; page_size: number; encoding: string; journal_mode: string; auto_vacuum: number; application_id: number };
}

interface MasterRow { type: string; name: string; tbl_name: string; sql: string | null }

/** Whitespace collapsed and dropped around punctuation: equal SQL modulo formatting. */
export function normaliseSql(sql: string): string {
  return sql.replace(/\s+/g, ' ').replace(/\s*([(),;])\s*/g, '$1').trim();
}

export function describeSchema(db: Database): SchemaDescription {
  const master = (db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master').all() as MasterRow[])
    .filter((row) => !OPTIONAL_OBJECTS.has(row.name));
  const tableKinds = new Map(
    (db.prepare("SELECT name, type, wr, strict FROM pragma_table_list WHERE schema = 'main'").all() as Array<{ name: string; type: string; wr: number; strict: number }>)
      .map((row) => [row.name, row]),
  );

  const description: SchemaDescription = {
    objects: master.map((row) => ({ type: row.type, name: row.name, table: row.tbl_name }))
      .sort((a, b) => `${a.type}/${a.name}`.localeCompare(`${b.type}/${b.name}`)),
    tables: {},
    indexes: {},
    triggers: {},
    fts: {},
    schemaVersions: [],
    pragmas: {
      user_version: db.pragma('user_version', { simple: true }) as number,
      page_size: db.pragma('page_size', { simple: true }) as number,
      encoding: db.pragma('encoding', { simple: true }) as string,
      journal_mode: db.pragma('journal_mode', { simple: true }) as string,
      auto_vacuum: db.pragma('auto_vacuum', { simple: true }) as number,
      application_id: db.pragma('application_id', { simple: true }) as number,
    },
  };

  for (const row of master) {
    if (row.type === 'table') {
      const kind = tableKinds.get(row.name);
      description.tables[row.name] = {
        kind: kind?.type ?? 'unknown',
        withoutRowid: kind?.wr === 1,
        strict: kind?.strict === 1,
        autoincrement: /\bAUTOINCREMENT\b/i.test(row.sql ?? ''),
        columns: db.prepare('SELECT name, type, "notnull", dflt_value, pk, hidden FROM pragma_table_xinfo(?)').all(row.name) as ColumnInfo[],
        foreignKeys: db.prepare('SELECT id, seq, "table", "from", "to", on_update, on_delete, "match" FROM pragma_foreign_key_list(?)').all(row.name) as ForeignKeyInfo[],
      };
      // Includes indexes with no sqlite_master row (the PK of a WITHOUT ROWID table).
      for (const index of db.prepare('SELECT name FROM pragma_index_list(?)').all(row.name) as Array<{ name: string }>) {
        const indexRow = master.find((entry) => entry.type === 'index' && entry.name === index.name);
        description.indexes[index.name] = describeIndex(db, indexRow ?? { type: 'index', name: index.name, tbl_name: row.name, sql: null });
      }
      const fts = /^CREATE VIRTUAL TABLE\s+\S+\s+USING\s+(\w+)\s*\(([\s\S]*)\)\s*$/i.exec(row.sql ?? '');
      if (fts) description.fts[row.name] = describeFts(db, row.name, fts[1].toLowerCase(), fts[2]);
    } else if (row.type === 'trigger') {
      description.triggers[row.name] = { table: row.tbl_name, sql: normaliseSql(row.sql ?? '') };
    }
  }
  if (description.tables.schema_versions) {
    description.schemaVersions = db.prepare('SELECT version, description FROM schema_versions ORDER BY version').all() as SchemaDescription['schemaVersions'];
  }
  return description;
}

function describeIndex(db: Database, row: MasterRow): IndexInfo {
  const listed = (db.prepare('SELECT name, "unique", origin, partial FROM pragma_index_list(?)').all(row.tbl_name) as Array<{ name: string; unique: number; origin: string; partial: number }>)
    .find((entry) => entry.name === row.name);
  const keyColumns = (db.prepare('SELECT seqno, cid, name, "desc", coll, key FROM pragma_index_xinfo(?)').all(row.name) as Array<{ seqno: number; cid: number; name: string | null; desc: number; coll: string; key: number }>)
    .filter((column) => column.key === 1);
  // PRAGMA reports an expression column as cid -2 without its text: take it from the DDL.
  const ddlTerms = row.sql ? splitTopLevel(/\(([\s\S]*)\)\s*(WHERE[\s\S]*)?$/i.exec(row.sql)?.[1] ?? '') : [];
  const where = row.sql ? /\)\s*WHERE\s+([\s\S]*)$/i.exec(row.sql)?.[1]?.trim() ?? null : null;
  return {
    table: row.tbl_name,
    unique: listed?.unique ?? 0,
    origin: listed?.origin ?? '?',
    partial: listed?.partial ?? 0,
    where,
    columns: keyColumns.map((column) => ({
      seqno: column.seqno,
      name: column.name,
      expr: column.cid === -2 ? (ddlTerms[column.seqno] ?? '?').replace(/\s+(ASC|DESC)$/i, '').trim() : null,
      desc: column.desc,
      coll: column.coll,
    })),
  };
}

function describeFts(db: Database, name: string, module: string, body: string): FtsInfo {
  const columns: string[] = [];
  const options: Record<string, string> = {};
  for (const term of splitTopLevel(body)) {
    const option = /^(\w+)\s*=\s*(.+)$/.exec(term);
    if (option) options[option[1].toLowerCase()] = option[2].trim().replace(/^'(.*)'$/, '$1');
    else columns.push(term.trim());
  }
  let config: FtsInfo['config'] = [];
  try {
    config = db.prepare(`SELECT k, v FROM "${name}_config" ORDER BY k`).all() as FtsInfo['config'];
  } catch { /* not an FTS5 table */ }
  return { module, columns, options, config };
}

/** Splits on commas that are not inside parentheses or quotes. */
function splitTopLevel(text: string): string[] {
  const terms: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = '';
  for (const char of text) {
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === '(') {
      depth++;
    } else if (char === ')') {
      depth--;
    } else if (char === ',' && depth === 0) {
      terms.push(current.trim());
      current = '';
      continue;
    }
    current += char;
  }
  if (current.trim()) terms.push(current.trim());
  return terms;
}
