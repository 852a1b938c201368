// A PRAGMA-level description of a SQLite database's schema, so two databases (or a database and the
// checked-in reference, test/conformance/v4-reference.json) compare structurally rather than by DDL text.
// Plain ESM so both `describe-reference.mjs` (run by node) and the vitest suites import this one copy.

/** Objects the codegraph CLI creates only sometimes (after ANALYZE); never part of the comparison. */
export const OPTIONAL_OBJECTS = new Set(['sqlite_stat1', 'sqlite_stat4']);

/**
 * @typedef {{ name: string, type: string, notnull: number, dflt_value: string | null, pk: number, hidden: number }} ColumnInfo
 * @typedef {{ id: number, seq: number, table: string, from: string, to: string, on_update: string, on_delete: string, match: string }} ForeignKeyInfo
 * @typedef {{ kind: string, withoutRowid: boolean, strict: boolean, autoincrement: boolean, columns: ColumnInfo[], foreignKeys: ForeignKeyInfo[] }} TableInfo
 * @typedef {{ seqno: number, name: string | null, expr: string | null, desc: number, coll: string }} IndexColumnInfo
 * @typedef {{ table: string, unique: number, origin: string, partial: number, where: string | null, columns: IndexColumnInfo[] }} IndexInfo
 * @typedef {{ table: string, sql: string }} TriggerInfo
 * @typedef {{ sql: string }} ViewInfo
 * @typedef {{ module: string, columns: string[], options: Record<string, string>, config: Array<{ k: string, v: unknown }> }} VirtualTableInfo
 * @typedef {{ version: number, description: string | null, applied_at_type: string }} SchemaVersionRow
 * @typedef {{ user_version: number, page_size: number, encoding: string, journal_mode: string, auto_vacuum: number, application_id: number }} Pragmas
 * @typedef {{
 *   objects: Array<{ type: string, name: string, table: string }>,
 *   tables: Record<string, TableInfo>,
 *   indexes: Record<string, IndexInfo>,
 *   triggers: Record<string, TriggerInfo>,
 *   views: Record<string, ViewInfo>,
 *   virtualTables: Record<string, VirtualTableInfo>,
 *   schemaVersions: SchemaVersionRow[],
 *   pragmas: Pragmas,
 * }} SchemaDescription
 */

/** Code-point order: the same on every machine, unlike localeCompare. */
export function compareText(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Whitespace collapsed and dropped around punctuation: equal SQL modulo formatting. */
export function normaliseSql(sql) {
  return sql.replace(/\s+/g, ' ').replace(/\s*([(),;])\s*/g, '$1').trim();
}

/**
 * @param {import('better-sqlite3').Database} db
 * @returns {SchemaDescription}
 */
export function describeSchema(db) {
  /** @type {Array<{ type: string, name: string, tbl_name: string, sql: string | null }>} */
  const master = db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master').all()
    .filter((row) => !OPTIONAL_OBJECTS.has(row.name));
  const tableKinds = new Map(
    db.prepare("SELECT name, type, wr, strict FROM pragma_table_list WHERE schema = 'main'").all().map((row) => [row.name, row]),
  );

  /** @type {SchemaDescription} */
  const description = {
    objects: master.map((row) => ({ type: row.type, name: row.name, table: row.tbl_name }))
      .sort((a, b) => compareText(`${a.type}/${a.name}`, `${b.type}/${b.name}`)),
    tables: {},
    indexes: {},
    triggers: {},
    views: {},
    virtualTables: {},
    schemaVersions: [],
    pragmas: {
      user_version: db.pragma('user_version', { simple: true }),
      page_size: db.pragma('page_size', { simple: true }),
      encoding: db.pragma('encoding', { simple: true }),
      journal_mode: db.pragma('journal_mode', { simple: true }),
      auto_vacuum: db.pragma('auto_vacuum', { simple: true }),
      application_id: db.pragma('application_id', { simple: true }),
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
        columns: db.prepare('SELECT name, type, "notnull", dflt_value, pk, hidden FROM pragma_table_xinfo(?)').all(row.name),
        foreignKeys: db.prepare('SELECT id, seq, "table", "from", "to", on_update, on_delete, "match" FROM pragma_foreign_key_list(?)').all(row.name),
      };
      // pragma_index_list also lists indexes with no sqlite_master row (the PK of a WITHOUT ROWID table).
      for (const index of db.prepare('SELECT name, "unique", origin, partial FROM pragma_index_list(?)').all(row.name)) {
        const indexRow = master.find((entry) => entry.type === 'index' && entry.name === index.name);
        description.indexes[index.name] = describeIndex(db, row.name, index, indexRow?.sql ?? null);
      }
      const virtual = /^CREATE\s+VIRTUAL\s+TABLE\s+\S+\s+USING\s+(\w+)\s*\(([\s\S]*)\)\s*$/i.exec(row.sql ?? '');
      if (virtual) description.virtualTables[row.name] = describeVirtualTable(db, row.name, virtual[1].toLowerCase(), virtual[2]);
    } else if (row.type === 'trigger') {
      description.triggers[row.name] = { table: row.tbl_name, sql: normaliseSql(row.sql ?? '') };
    } else if (row.type === 'view') {
      description.views[row.name] = { sql: normaliseSql(row.sql ?? '') };
    }
  }
  if (description.tables.schema_versions) {
    description.schemaVersions = db.prepare(
      'SELECT version, description, typeof(applied_at) AS applied_at_type FROM schema_versions ORDER BY version',
    ).all();
  }
  return description;
}

/**
 * @param {import('better-sqlite3').Database} db
 * @param {string} table
 * @param {{ name: string, unique: number, origin: string, partial: number }} listed
 * @param {string | null} sql
 * @returns {IndexInfo}
 */
function describeIndex(db, table, listed, sql) {
  const keyColumns = db.prepare('SELECT seqno, cid, name, "desc", coll, key FROM pragma_index_xinfo(?)').all(listed.name)
    .filter((column) => column.key === 1);
  const ddl = sql ? splitIndexDdl(sql) : { terms: [], where: null };
  return {
    table,
    unique: listed.unique,
    origin: listed.origin,
    partial: listed.partial,
    where: ddl.where,
    columns: keyColumns.map((column) => ({
      seqno: column.seqno,
      name: column.name,
      // PRAGMA reports an expression column as cid -2 without its text: take the text from the DDL.
      expr: column.cid === -2 ? (ddl.terms[column.seqno] ?? '?').replace(/\s+(ASC|DESC)$/i, '').trim() : null,
      desc: column.desc,
      coll: column.coll,
    })),
  };
}

/**
 * `CREATE [UNIQUE] INDEX name ON table (terms) [WHERE expr]` → the terms and the WHERE expression.
 * The column list is the first parenthesised group after ON, matched by depth so a WHERE clause
 * with its own parentheses stays out of it.
 * @param {string} sql
 */
export function splitIndexDdl(sql) {
  const on = /\bON\s+/i.exec(sql);
  const open = sql.indexOf('(', on ? on.index : 0);
  if (open < 0) return { terms: [], where: null };
  const close = matchingParen(sql, open);
  const rest = sql.slice(close + 1);
  return {
    terms: splitTopLevel(sql.slice(open + 1, close)),
    where: /^\s*WHERE\s+([\s\S]*?)\s*$/i.exec(rest)?.[1] ?? null,
  };
}

/**
 * @param {import('better-sqlite3').Database} db
 * @param {string} name
 * @param {string} module
 * @param {string} body
 * @returns {VirtualTableInfo}
 */
function describeVirtualTable(db, name, module, body) {
  /** @type {string[]} */
  const columns = [];
  /** @type {Record<string, string>} */
  const options = {};
  for (const term of splitTopLevel(body)) {
    const option = /^(\w+)\s*=\s*([\s\S]+)$/.exec(term);
    if (option) options[option[1].toLowerCase()] = option[2].trim().replace(/^'(.*)'$|^"(.*)"$/, '$1$2');
    else columns.push(term.trim());
  }
  let config = [];
  if (module === 'fts5') {
    try {
      config = db.prepare(`SELECT k, v FROM "${name.replace(/"/g, '""')}_config" ORDER BY k`).all();
    } catch { /* a contentless table, or one whose shadow tables are gone: no config to report */ }
  }
  return { module, columns, options, config };
}

/** Index of the `)` that closes the `(` at `open`, skipping quoted text; the last index if unbalanced. */
function matchingParen(text, open) {
  let depth = 0;
  let quote = null;
  for (let i = open; i < text.length; i++) {
    const char = text[i];
    if (quote) {
      if (char === quote) quote = null;
    } else if (char === "'" || char === '"') {
      quote = char;
    } else if (char === '(') {
      depth++;
    } else if (char === ')' && --depth === 0) {
      return i;
    }
  }
  return text.length - 1;
}

/** Splits on commas that are not inside parentheses or quotes. */
export function splitTopLevel(text) {
  /** @type {string[]} */
  const terms = [];
  let depth = 0;
  let quote = null;
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
