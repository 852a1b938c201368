/**
 * A canonical text of a whole graph database, for tests that claim two graphs are the same:
 * the schema (sqlite_master) and every row of every table, FTS shadow tables and
 * sqlite_stat1 included, rows in a fixed order, blobs in hex. Two graphs with equal dumps
 * answer every query alike.
 */
import Database from 'better-sqlite3';

export function dumpGraph(dbPath: string): string {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const out: string[] = [];
    const schema = db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all();
    out.push(`# sqlite_master\n${schema.map((row) => JSON.stringify(row)).join('\n')}`);
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all() as string[];
    for (const table of tables) {
      const columns = (db.prepare(`PRAGMA table_info("${table}")`).all() as Array<{ name: string }>).map((c) => `"${c.name}"`);
      // A virtual table's own rows are its shadow tables' rows, dumped under their names.
      if (columns.length === 0) continue;
      const rows = db.prepare(`SELECT ${columns.join(', ')} FROM "${table}" ORDER BY ${columns.join(', ')}`).raw().all() as unknown[][];
      out.push(`# ${table} (${rows.length} rows)\n${rows.map((row) => JSON.stringify(row.map(canonical))).join('\n')}`);
    }
    return `${out.join('\n')}\n`;
  } finally {
    db.close();
  }
}

function canonical(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return `x'${value.toString('hex')}'`;
  if (typeof value === 'bigint') return value.toString();
  return value;
}
