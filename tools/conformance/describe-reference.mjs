#!/usr/bin/env node
// Generates arbor's own description of the codegraph v4 schema from the real CLI: copies of the repo's
// fixtures are indexed by codegraph 0.8.0 and 0.9.9 (dev dependencies), each database is described at
// PRAGMA level, the descriptions must all agree, and the agreed one is written as deterministic JSON
// (sorted keys, no timestamps, no paths) to test/conformance/v4-reference.json.
//
//   node tools/conformance/describe-reference.mjs [--out <file>|-] [--check] [--keep]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { OPTIONAL_OBJECTS, compareText, describeSchema } from './describe-schema.mjs';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEFAULT_OUT = path.join(REPO_ROOT, 'test', 'conformance', 'v4-reference.json');

/** Several languages, so every writer path of the CLI (TS/TSX, JS/JSX, Python) fills its tables. */
export const FIXTURES = ['typescript', 'javascript', 'python', 'query-demo'];

/** The releases that write schema v4, as installed under their npm aliases. */
export const RELEASES = {
  '0.8.0': { folder: 'codegraph-080', entry: 'dist/bin/codegraph.js', init: (dir) => ['init', '-i', dir] },
  // 0.9.9's `init` indexes by default; its shim runs a bundled Node, never a download (CODEGRAPH_NO_DOWNLOAD).
  '0.9.9': { folder: 'codegraph-099', entry: 'npm-shim.js', init: (dir) => ['init', dir] },
};

const CLI_ENV = { CI: '1', NO_COLOR: '1', FORCE_COLOR: '0', CODEGRAPH_NO_DOWNLOAD: '1', CODEGRAPH_TELEMETRY: '0', DO_NOT_TRACK: '1' };

/** Why `release` cannot run here, or null when it can. */
export function releaseMissing(release) {
  const entry = path.join(REPO_ROOT, 'node_modules', RELEASES[release].folder, RELEASES[release].entry);
  return fs.existsSync(entry) ? null : `codegraph ${release} is not installed (node_modules/${RELEASES[release].folder} missing): run npm install`;
}

/** `name@version` of the installed package, so the reference records what produced it. */
export function installedPackage(release) {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'node_modules', RELEASES[release].folder, 'package.json'), 'utf8'));
  if (manifest.version !== release) {
    throw new Error(`node_modules/${RELEASES[release].folder} holds ${manifest.name}@${manifest.version}, expected ${release}`);
  }
  return `${manifest.name}@${manifest.version}`;
}

/** Copies `fixture` to `<workDir>/<release>/<fixture>` and indexes the copy; returns the database path. */
export function indexFixture(release, fixture, workDir) {
  const copy = path.join(workDir, release, fixture);
  // A local .codegraph/ (gitignored) would make the CLI update an old graph instead of writing a fresh one.
  fs.cpSync(path.join(REPO_ROOT, 'fixtures', fixture), copy, {
    recursive: true,
    filter: (source) => !/[\\/](\.codegraph|node_modules)$/.test(source),
  });
  const entry = path.join(REPO_ROOT, 'node_modules', RELEASES[release].folder, RELEASES[release].entry);
  const result = spawnSync(process.execPath, [entry, ...RELEASES[release].init(copy)], {
    cwd: copy,
    input: '', // never wait on a prompt
    encoding: 'utf8',
    timeout: 180_000,
    env: { ...process.env, ...CLI_ENV },
  });
  const dbPath = path.join(copy, '.codegraph', 'codegraph.db');
  if (result.error || result.status !== 0 || !fs.existsSync(dbPath)) {
    const why = result.error?.message ?? `exit ${result.status}: ${(result.stderr || result.stdout).trim().slice(-2000)}`;
    throw new Error(`codegraph ${release} init of fixtures/${fixture} failed (${why})`);
  }
  return dbPath;
}

/** The schema description of one database, plus which of its ordinary tables hold no rows. */
export function describeDatabase(dbPath) {
  const db = new Database(dbPath, { readonly: true, fileMustExist: true });
  try {
    const description = describeSchema(db);
    const rowCount = (table) => db.prepare(`SELECT COUNT(*) AS n FROM "${table.replace(/"/g, '""')}"`).get().n;
    const counts = Object.fromEntries(Object.entries(description.tables)
      .filter(([, table]) => table.kind === 'table')
      .map(([name]) => [name, rowCount(name)]));
    return { description, counts };
  } finally {
    db.close();
  }
}

/**
 * Where two JSON values differ, as `path: left ≠ right` lines (empty when equal). Arrays of
 * objects are compared by position: order is part of the schema (column order, index key order).
 */
export function differences(left, right, at = '') {
  if (Object.is(left, right)) return [];
  const isObject = (value) => value !== null && typeof value === 'object';
  if (!isObject(left) || !isObject(right) || Array.isArray(left) !== Array.isArray(right)) {
    return [`${at || '(root)'}: ${JSON.stringify(left)} ≠ ${JSON.stringify(right)}`];
  }
  const keys = Array.isArray(left)
    ? [...Array(Math.max(left.length, right.length)).keys()]
    : [...new Set([...Object.keys(left), ...Object.keys(right)])].sort(compareText);
  return keys.flatMap((key) => {
    const next = Array.isArray(left) ? `${at}[${key}]` : at ? `${at}.${key}` : String(key);
    if (!(key in left)) return [`${next}: (absent) ≠ ${JSON.stringify(right[key])}`];
    if (!(key in right)) return [`${next}: ${JSON.stringify(left[key])} ≠ (absent)`];
    return differences(left[key], right[key], next);
  });
}

/**
 * Indexes every fixture with every release and builds the reference from the descriptions.
 * `disagreements` lists every database whose description differs from the first one; the
 * reference is only meaningful when it is empty.
 */
export function buildReference({ workDir, fixtures = FIXTURES, releases = Object.keys(RELEASES), log = () => {} } = {}) {
  const described = [];
  for (const release of releases) {
    const missing = releaseMissing(release);
    if (missing) throw new Error(missing);
    for (const fixture of fixtures) {
      const started = Date.now();
      const { description, counts } = describeDatabase(indexFixture(release, fixture, workDir));
      for (const table of ['files', 'nodes', 'edges']) {
        if (!counts[table]) throw new Error(`codegraph ${release} wrote no ${table} rows for fixtures/${fixture}: it indexed nothing`);
      }
      log(`codegraph ${release} ${fixture}: ${counts.files} files, ${counts.nodes} nodes, ${counts.edges} edges (${Date.now() - started} ms)`);
      described.push({ release, fixture, description, counts });
    }
  }

  const [first, ...rest] = described;
  const disagreements = rest.flatMap((other) => differences(first.description, other.description).map((difference) =>
    `codegraph ${first.release} on fixtures/${first.fixture} vs codegraph ${other.release} on fixtures/${other.fixture}: ${difference}`));

  const schema = first.description;
  const reference = {
    description:
      'codegraph (@colbymchenry/codegraph) schema v4 as written by releases 0.8.0 and 0.9.9, described at the PRAGMA level ' +
      '(tables, columns, indexes, triggers, views, virtual tables, schema_versions rows, pragmas) from the databases they ' +
      'wrote over copies of the listed fixtures. Every database agreed. Generated by tools/conformance/describe-reference.mjs; ' +
      'do not edit by hand.',
    fixtures: [...fixtures],
    optionalObjects: [...OPTIONAL_OBJECTS].sort(compareText),
    releases: Object.fromEntries(releases.map((release) => {
      const own = described.filter((entry) => entry.release === release);
      const tables = Object.keys(own[0].counts).sort(compareText);
      return [release, {
        package: installedPackage(release),
        databases: own.length,
        // Tables the release creates but never fills on these inputs (documented CLI behaviour, not a gap).
        emptyTables: tables.filter((table) => own.every((entry) => entry.counts[table] === 0)),
      }];
    })),
    schemaVersion: Math.max(...schema.schemaVersions.map((row) => row.version)),
    schema,
  };
  return { reference, disagreements };
}

/** JSON with object keys sorted at every depth (array order is kept), two-space indent, final newline. */
export function stableStringify(value) {
  const sortKeys = (item) => {
    if (Array.isArray(item)) return item.map(sortKeys);
    if (item === null || typeof item !== 'object') return item;
    return Object.fromEntries(Object.keys(item).sort(compareText).map((key) => [key, sortKeys(item[key])]));
  };
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

function parseArgs(argv) {
  const options = { out: DEFAULT_OUT, check: false, keep: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--out') options.out = argv[++i] === '-' ? '-' : path.resolve(argv[i] ?? '');
    else if (arg === '--check') options.check = true;
    else if (arg === '--keep') options.keep = true;
    else if (arg === '--help' || arg === '-h') options.help = true;
    else throw new Error(`unknown argument ${arg}`);
  }
  if (options.out === undefined || options.out === path.resolve('')) throw new Error('--out needs a file (or - for stdout)');
  return options;
}

function main(argv) {
  let options;
  try {
    options = parseArgs(argv);
  } catch (error) {
    process.stderr.write(`${error.message}\nusage: node tools/conformance/describe-reference.mjs [--out <file>|-] [--check] [--keep]\n`);
    return 2;
  }
  if (options.help) {
    process.stdout.write('usage: node tools/conformance/describe-reference.mjs [--out <file>|-] [--check] [--keep]\n');
    return 0;
  }
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-v4-reference-'));
  try {
    const { reference, disagreements } = buildReference({ workDir, log: (line) => process.stderr.write(`${line}\n`) });
    if (disagreements.length > 0) {
      process.stderr.write(`The codegraph databases disagree; no reference written (${disagreements.length} differences):\n`);
      for (const line of disagreements) process.stderr.write(`  ${line}\n`);
      return 1;
    }
    const text = stableStringify(reference);
    if (options.check) {
      const current = fs.existsSync(options.out) ? fs.readFileSync(options.out, 'utf8') : null;
      if (current === text) {
        process.stderr.write(`${path.relative(process.cwd(), options.out)} is up to date\n`);
        return 0;
      }
      const stale = current === null ? ['(file missing)'] : differences(JSON.parse(current), reference);
      process.stderr.write(`${path.relative(process.cwd(), options.out)} is stale:\n${stale.map((line) => `  ${line}\n`).join('') || '  (formatting only)\n'}`);
      return 1;
    }
    if (options.out === '-') {
      process.stdout.write(text);
    } else {
      fs.writeFileSync(options.out, text);
      process.stderr.write(`wrote ${path.relative(process.cwd(), options.out)}\n`);
    }
    return 0;
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    return 1;
  } finally {
    if (options.keep) process.stderr.write(`kept the indexed copies in ${workDir}\n`);
    else fs.rmSync(workDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
