// Reads the judged edges of a codegraph database (schema v4 or later), read-only: call-like edges by default,
// or the type hierarchy's (`HERITAGE_EDGE_KINDS`).
import Database from 'better-sqlite3';

export const JUDGED_EDGE_KINDS = ['calls', 'instantiates'];
export const HERITAGE_EDGE_KINDS = ['extends', 'implements'];

function resolvedByOf(metadata) {
  if (!metadata) return '(none)';
  try {
    const value = JSON.parse(metadata)?.resolvedBy;
    return typeof value === 'string' && value ? value : '(none)';
  } catch {
    return '(bad metadata)';
  }
}

/**
 * @returns {{ schemaVersion: number|null, writer: string|null, files: {path:string, language:string}[],
 *   edges: object[], functions: object[], duplicateEdges: number, danglingEdges: number }}
 */
export function readGraph(dbPath, { kinds = JUDGED_EDGE_KINDS } = {}) {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    let schemaVersion = null;
    try { schemaVersion = db.prepare('SELECT MAX(version) AS v FROM schema_versions').get().v; } catch { /* not required */ }
    let writer = null;
    try {
      const meta = Object.fromEntries(db.prepare('SELECT key, value FROM project_metadata').all().map((r) => [r.key, r.value]));
      // arbor stamps written_by/arbor_version (beside codegraph 1.x's own stamps, which it also writes).
      if (meta.written_by) writer = [meta.written_by, meta[`${meta.written_by}_version`]].filter(Boolean).join(' ');
      else if (meta.indexed_with_version) writer = `codegraph ${meta.indexed_with_version}`;
    } catch { /* optional table */ }

    const files = db.prepare('SELECT path, language FROM files').all();
    const placeholders = kinds.map(() => '?').join(',');
    const rows = db.prepare(`
      SELECT e.kind, e.line, e.col, e.metadata,
             s.id AS sourceId, s.kind AS sourceKind, s.name AS sourceName, s.file_path AS sourceFile,
             s.start_line AS sourceStart, s.end_line AS sourceEnd,
             t.id AS targetId, t.kind AS targetKind, t.name AS targetName, t.qualified_name AS targetQualifiedName,
             t.file_path AS targetFile, t.start_line AS targetStart, t.end_line AS targetEnd
      FROM edges e JOIN nodes s ON s.id = e.source JOIN nodes t ON t.id = e.target
      WHERE e.kind IN (${placeholders})`).all(...kinds);
    const total = db.prepare(`SELECT COUNT(*) AS n FROM edges WHERE kind IN (${placeholders})`).get(...kinds).n;

    // C/C++ functions and methods, prototypes and definitions alike: the judged report tells a prototype's
    // definition from another function by them (judged-report.mjs, `sameFunction`).
    // A hand-made or minimal graph may lack these columns: then it names no C/C++ functions (and no
    // parameter counts without `signature`), and the report only compares edge targets by line.
    const columns = new Set(db.prepare('PRAGMA table_info(nodes)').all().map((column) => column.name));
    const needed = ['kind', 'name', 'qualified_name', 'file_path', 'start_line', 'end_line', 'language'];
    const functions = needed.every((column) => columns.has(column))
      ? db.prepare(`
        SELECT kind, name, qualified_name AS qualifiedName, file_path AS file, start_line AS start, end_line AS end,
          ${columns.has('signature') ? 'signature' : 'NULL AS signature'}
        FROM nodes WHERE kind IN ('function', 'method') AND language IN ('c', 'cpp')`).all()
      : [];

    // The codegraph CLI writes some edges twice; judge each distinct edge once and report the surplus.
    const seen = new Set();
    const edges = [];
    for (const r of rows) {
      const key = `${r.sourceId}\0${r.targetId}\0${r.kind}\0${r.line}\0${r.col}`;
      if (seen.has(key)) continue;
      seen.add(key);
      edges.push({ ...r, resolvedBy: resolvedByOf(r.metadata) });
    }
    return {
      schemaVersion, writer, files, edges, functions,
      duplicateEdges: rows.length - edges.length,
      danglingEdges: total - rows.length,
    };
  } finally {
    db.close();
  }
}
