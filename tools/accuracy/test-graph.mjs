// For the accuracy tools' tests: the smallest codegraph-format database the tools read (the tables
// graph.mjs queries), with one file row and file node per source file. Callers add nodes and edges.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/** `<dir>/.codegraph/codegraph.db` holding `files` (path → source text) in `language`; open, for the caller to fill and close. */
export function createTestGraph(dir, files, language) {
  fs.mkdirSync(path.join(dir, '.codegraph'), { recursive: true });
  const db = new Database(path.join(dir, '.codegraph', 'codegraph.db'));
  db.exec(`CREATE TABLE schema_versions(version INTEGER PRIMARY KEY, applied_at INTEGER, description TEXT);
    INSERT INTO schema_versions VALUES (4, 0, 'test');
    CREATE TABLE files(path TEXT PRIMARY KEY, language TEXT);
    CREATE TABLE nodes(id TEXT PRIMARY KEY, kind TEXT, name TEXT, qualified_name TEXT, file_path TEXT, start_line INT, end_line INT);
    CREATE TABLE edges(id INTEGER PRIMARY KEY, source TEXT, target TEXT, kind TEXT, metadata TEXT, line INT, col INT);`);
  for (const [file, text] of Object.entries(files)) {
    db.prepare('INSERT INTO files VALUES (?, ?)').run(file, language);
    db.prepare('INSERT INTO nodes VALUES (?, ?, ?, ?, ?, 1, ?)').run(`file:${file}`, 'file', file, file, file, text.length);
  }
  return db;
}

/**
 * Why an oracle's tests cannot run here (`found` false: its toolchain is absent), or null. Where the
 * toolchains must be there, ARBOR_REQUIRE_ORACLES=1 (.ci/run installs them and sets it), a missing
 * one fails the run instead of quietly skipping the tests. Elsewhere, `CI=true` included (a fresh
 * clone on any CI service has no Go or jedi), the tests are skipped with a warning naming the tool.
 */
export function oracleMissing(oracle, found, install) {
  if (found) return null;
  const reason = `no ${install}`;
  if (process.env.ARBOR_REQUIRE_ORACLES === '1') throw new Error(`the ${oracle} oracle is required (ARBOR_REQUIRE_ORACLES=1): ${reason}`);
  console.warn(`skipping the ${oracle} oracle tests: ${reason}`);
  return reason;
}
