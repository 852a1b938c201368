// The two indexers and query CLIs under comparison, and how to read what they wrote.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Database from 'better-sqlite3';

export const ARBOR_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
// The package's bin (the CommonJS launcher: packages/cli/src/launch.ts says why).
export const ARBOR_BIN = path.join(ARBOR_ROOT, 'packages', 'cli', 'bin', 'arbor.cjs');
export const CODEGRAPH_SHIM = path.join(ARBOR_ROOT, 'node_modules', 'codegraph-099', 'npm-shim.js');
// Never let the codegraph shim fall back to downloading a bundle from the network.
export const CODEGRAPH_ENV = { CODEGRAPH_NO_DOWNLOAD: '1', NO_COLOR: '1' };

export const INDEXERS = {
  arbor: {
    available: () => fs.existsSync(ARBOR_BIN) || `arbor is not built (${path.relative(ARBOR_ROOT, ARBOR_BIN)} missing: run npm run build)`,
    command: (root) => ({ command: process.execPath, args: [ARBOR_BIN, 'index', root, '--json'], env: { NO_COLOR: '1' } }),
  },
  codegraph: {
    available: () => fs.existsSync(CODEGRAPH_SHIM) || 'codegraph 0.9.9 is not installed (npm install)',
    // `init` creates .codegraph/ and builds the full index; `index` refuses an uninitialised folder.
    command: (root) => ({ command: process.execPath, args: [CODEGRAPH_SHIM, 'init', root], env: CODEGRAPH_ENV }),
  },
};

/**
 * `@optave/codegraph` 3.11 (a native Rust engine), installed by the user into a folder of their own:
 * `mkdir <dir> && cd <dir> && npm install @optave/codegraph@3.11.2`. Found through `--optave <dir>`
 * or the environment variable ARBOR_BENCH_OPTAVE; the bench never installs it. It writes
 * `.codegraph/graph.db` in its own schema, so the graph columns stay empty for it.
 */
export function optaveIndexerAt(installDir) {
  const cli = installDir && path.join(installDir, 'node_modules', '@optave', 'codegraph', 'dist', 'cli.js');
  return {
    available: () => (cli && fs.existsSync(cli)) ||
      'optave not found: npm install @optave/codegraph@3.11.2 in a folder, then pass --optave <folder> (or set ARBOR_BENCH_OPTAVE)',
    command: (root) => ({ command: process.execPath, args: [cli, 'build', root, '--no-incremental'], env: { NO_COLOR: '1' } }),
  };
}

/**
 * Where a checkout's packages find each other: each of `packages/<from>` → `@arbor/<to>` pairs must
 * land inside the checkout itself. A worktree whose node_modules is a link to another checkout's
 * runs that checkout's indexer behind its own CLI, and a comparison against it compares a build
 * with itself. Returns a message naming the first pair that leaves the checkout, or undefined.
 */
export function checkoutLinksOutside(checkout, pairs) {
  const home = fs.realpathSync(checkout);
  for (const [from, to] of pairs) {
    let resolved;
    try {
      resolved = fs.realpathSync(createRequire(path.join(checkout, 'packages', from, 'package.json')).resolve(`@arbor/${to}`));
    } catch (error) {
      return `${checkout}: packages/${from} cannot load @arbor/${to} (${error.message.split('\n')[0]}): run npm install in that checkout`;
    }
    if (!resolved.startsWith(home + path.sep)) {
      return `${checkout}: packages/${from} loads @arbor/${to} from ${resolved}, outside the checkout ` +
        '(its node_modules belongs to another checkout): run npm install in that checkout';
    }
  }
  return undefined;
}

/** An arbor build in another checkout (a baseline to compare against), used like `arbor` above. */
export function arborIndexerAt(checkout) {
  // A checkout from before the CommonJS launcher has only the ES module one.
  const launchers = ['arbor.cjs', 'arbor.mjs'].map((name) => path.join(checkout, 'packages', 'cli', 'bin', name));
  const bin = launchers.find((file) => fs.existsSync(file)) ?? launchers[0];
  return {
    available: () => {
      if (!fs.existsSync(bin)) return `no built arbor at ${bin} (npm install in that checkout)`;
      return checkoutLinksOutside(checkout, [['cli', 'indexer'], ['indexer', 'vocabulary'], ['cli', 'query']]) ?? true;
    },
    command: (root) => ({ command: process.execPath, args: [bin, 'index', root, '--json'], env: { NO_COLOR: '1' } }),
  };
}

export const dbPathOf = (root) => path.join(root, '.codegraph', 'codegraph.db');

/** Sizes of a graph, so two timings can be read against the work each tool did. */
export function graphStats(root) {
  const file = dbPathOf(root);
  if (!fs.existsSync(file)) return null;
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const count = (sql) => db.prepare(sql).get().n;
    return {
      files: count('SELECT COUNT(*) AS n FROM files'),
      nodes: count('SELECT COUNT(*) AS n FROM nodes'),
      edges: count('SELECT COUNT(*) AS n FROM edges'),
      calls: count("SELECT COUNT(*) AS n FROM edges WHERE kind = 'calls'"),
      dbBytes: fs.statSync(file).size,
    };
  } finally {
    db.close();
  }
}

const SKIP_ON_COPY = new Set(['.codegraph']);

/** A private copy of a checkout without any existing graph, so neither tool reads the other's database. */
export function freshCopy(repo, destination) {
  fs.cpSync(repo, destination, {
    recursive: true,
    filter: (src) => !SKIP_ON_COPY.has(path.basename(src)),
    verbatimSymlinks: true,
  });
  return destination;
}

export function folderSize(root) {
  let files = 0; let bytes = 0;
  for (const e of fs.readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const full = path.join(e.parentPath ?? e.path, e.name);
    if (full.split(path.sep).includes('.codegraph')) continue;
    files++; bytes += fs.statSync(full).size;
  }
  return { files, bytes };
}
