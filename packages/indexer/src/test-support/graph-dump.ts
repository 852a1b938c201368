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

/** FTS5 shadow tables of `nodes_fts`: their rows name nodes by rowid, dumped by node id instead. */
const FTS_SHADOW = /^nodes_fts_/;
/** Tables whose `id` is a surrogate key: the next free number when the row was stored. */
const SURROGATE_ID = new Set(['edges', 'unresolved_refs']);
/** Bookkeeping of the file, not of the graph: AUTOINCREMENT's high-water marks and planner statistics. */
const PHYSICAL = new Set(['sqlite_sequence', 'sqlite_stat1', 'sqlite_stat4']);

/**
 * The graph's content, for tests that claim an in-place update equals a cold build: the schema, every
 * row of every table (edges and unresolved refs without their surrogate ids), and the FTS index as
 * what it holds per node: its per-node sizes, totals and every indexed token, by node id, plus FTS5's
 * own integrity check against the nodes table. Not the file's layout: row ids, FTS segment layout,
 * AUTOINCREMENT counters and planner statistics (sqlite_stat1: which tables and indexes it covers only).
 */
export function dumpGraphContent(dbPath: string): string {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const out: string[] = [];
    const schema = db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all();
    out.push(`# sqlite_master\n${schema.map((row) => JSON.stringify(row)).join('\n')}`);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
    for (const table of tables) {
      if (FTS_SHADOW.test(table) || PHYSICAL.has(table)) continue;
      const columns = (db.prepare(`PRAGMA table_info("${table}")`).all() as Array<{ name: string }>)
        .map((c) => c.name)
        .filter((c) => !(SURROGATE_ID.has(table) && c === 'id'))
        .map((c) => `"${c}"`);
      if (columns.length === 0) continue;
      const rows = db.prepare(`SELECT ${columns.join(', ')} FROM "${table}" ORDER BY ${columns.join(', ')}`).raw().all() as unknown[][];
      out.push(`# ${table} (${rows.length} rows)\n${rows.map((row) => JSON.stringify(row.map(canonical))).join('\n')}`);
    }
    if (tables.includes('sqlite_stat1')) {
      const covered = db.prepare('SELECT DISTINCT tbl, idx FROM sqlite_stat1 ORDER BY tbl, idx').raw().all();
      out.push(`# sqlite_stat1 covers\n${covered.map((row) => JSON.stringify(row)).join('\n')}`);
    }
    if (tables.includes('nodes_fts')) {
      checkFtsAgainstNodes(dbPath);
      out.push(ftsContent(db));
    }
    return `${out.join('\n')}\n`;
  } finally {
    db.close();
  }
}

/**
 * FTS5's integrity check against its content table (PRAGMA integrity_check does not compare the two):
 * throws when the index disagrees with the nodes table (a stale token, a missing row). It is an
 * INSERT that writes nothing, so it needs a writable connection; it runs in a transaction rolled back.
 */
function checkFtsAgainstNodes(dbPath: string): void {
  const db = new Database(dbPath, { fileMustExist: true });
  try {
    db.exec('BEGIN');
    db.prepare("INSERT INTO nodes_fts(nodes_fts, rank) VALUES ('integrity-check', 1)").run();
  } finally {
    if (db.inTransaction) db.exec('ROLLBACK');
    db.close();
  }
}

function ftsContent(db: Database.Database): string {
  const out: string[] = [];
  const config = db.prepare('SELECT k, v FROM nodes_fts_config ORDER BY k').raw().all();
  out.push(`# nodes_fts config\n${config.map((row) => JSON.stringify(row)).join('\n')}`);
  // Row 1 of the data table is the averages record: row count and token totals per column (bm25 reads them).
  const averages = db.prepare('SELECT block FROM nodes_fts_data WHERE id = 1').pluck().get();
  out.push(`# nodes_fts totals ${JSON.stringify(canonical(averages))}`);
  const sizes = db.prepare('SELECT n.id, d.sz FROM nodes_fts_docsize d JOIN nodes n ON n.rowid = d.id ORDER BY n.id').raw().all() as unknown[][];
  out.push(`# nodes_fts sizes (${sizes.length} rows)\n${sizes.map((row) => JSON.stringify(row.map(canonical))).join('\n')}`);
  db.exec('CREATE VIRTUAL TABLE IF NOT EXISTS temp.nodes_fts_terms USING fts5vocab(main, nodes_fts, instance)');
  const terms = db.prepare('SELECT n.id, v.col, v.offset, v.term FROM temp.nodes_fts_terms v JOIN nodes n ON n.rowid = v.doc ORDER BY n.id, v.col, v.offset, v.term').raw().all() as unknown[][];
  out.push(`# nodes_fts tokens (${terms.length})\n${terms.map((row) => JSON.stringify(row)).join('\n')}`);
  return out.join('\n');
}
