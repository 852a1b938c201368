/**
 * The key that signs cache entries, so that only entries arbor wrote for this user (or for a CI
 * that shares `ARBOR_CACHE_SECRET`) are believed. A checkout is untrusted input: entries it
 * carries (committed under `.codegraph/cache/`, unpacked from an archive) are well-formed lies
 * as far as any check of their content goes, and would put declarations and edges into the graph
 * that the source does not have. Signed by a secret kept outside every root, they are misses.
 *
 * Where the secret comes from: `ARBOR_CACHE_SECRET` when set (CI jobs on fresh machines that keep
 * a `--cache-dir` between them set it from their secrets store), else a random key created once
 * in the user's cache folder (`$XDG_CACHE_HOME/arbor/cache-secret`, or `~/.cache/arbor/…`), mode
 * 0600. When neither can be had the run uses a key of its own: every entry is a miss next time,
 * never a wrong graph.
 *
 * A secret file, or the folder it would be created in, that resolves inside the root being indexed
 * is the checkout's, not the user's (`XDG_CACHE_HOME` inside the checkout is common in CI
 * recipes): it is neither read nor created, and that root's runs sign with a key of their own
 * (each thread's, made once per process: nothing signed with it is ever believed by another run).
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, mkdirSync, openSync, readSync, realpathSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SECRET_BYTES = 32;
let memo: Buffer | undefined;

/** Keys of the roots whose secret file would be inside them. */
const perRoot = new Map<string, Buffer>();

/** The key that signs the entries of the tree at `root` (or of no tree in particular). */
export function cacheSecret(root?: string): Buffer {
  const fromEnv = fromEnvironment();
  if (fromEnv) return fromEnv;
  if (root !== undefined && secretInsideRoot(root) !== undefined) {
    let key = perRoot.get(root);
    if (!key) perRoot.set(root, (key = randomBytes(SECRET_BYTES)));
    return key;
  }
  memo ??= readOrCreateSecret(secretFilePath()) ?? randomBytes(SECRET_BYTES);
  return memo;
}

/**
 * Why the secret file is not used for the tree at `root` (it or its folder resolves inside the
 * root), or undefined when it may be. Without a file (`ARBOR_CACHE_SECRET`), undefined.
 */
export function secretInsideRoot(root: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.ARBOR_CACHE_SECRET !== undefined && env.ARBOR_CACHE_SECRET !== '') return undefined;
  const file = secretFilePath(env);
  // Asked for every entry a thread encodes: the answer is kept per root and secret path.
  const memoKey = `${root}\0${file}`;
  if (!insideMemo.has(memoKey)) insideMemo.set(memoKey, findSecretInsideRoot(root, file));
  return insideMemo.get(memoKey);
}

const insideMemo = new Map<string, string | undefined>();

function findSecretInsideRoot(root: string, file: string): string | undefined {
  const realRoot = realOrUndefined(root);
  if (realRoot === undefined) return undefined;
  const realFile = realLocation(file);
  const inside = realFile === realRoot || realFile.startsWith(realRoot.endsWith(path.sep) ? realRoot : realRoot + path.sep);
  return inside ? `the cache secret ${file} is inside the indexed tree; this run signs its entries with a key of its own (none will be reused)` : undefined;
}

/** Where `file` really is: its nearest existing ancestor resolved (links followed), the rest appended. */
function realLocation(file: string): string {
  const rest: string[] = [];
  let at = path.resolve(file);
  for (;;) {
    const real = realOrUndefined(at);
    if (real !== undefined) return path.join(real, ...rest.reverse());
    const parent = path.dirname(at);
    if (parent === at) return path.resolve(file);
    rest.push(path.basename(at));
    at = parent;
  }
}

function realOrUndefined(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}

function fromEnvironment(): Buffer | undefined {
  const value = process.env.ARBOR_CACHE_SECRET;
  return value !== undefined && value !== '' ? Buffer.from(value, 'utf8') : undefined;
}

export function secretFilePath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) ? env.XDG_CACHE_HOME : path.join(os.homedir(), '.cache');
  return path.join(base, 'arbor', 'cache-secret');
}

/** The key in `file`, created (0600, exclusively) when absent; undefined when it cannot be had or is not private. */
export function readOrCreateSecret(file: string): Buffer | undefined {
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  } catch {
    return undefined;
  }
  // Created once, exclusively: two first runs at once agree on the winner's key.
  try {
    const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW, 0o600);
    try {
      const key = randomBytes(SECRET_BYTES);
      writeSync(fd, key.toString('hex'));
      return key;
    } finally {
      closeSync(fd);
    }
  } catch {
    // Already there (or not creatable): read it.
  }
  try {
    const fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    try {
      const stat = fstatSync(fd);
      // Another user's file, or one others may read, signs nothing of ours.
      if (!stat.isFile() || (process.getuid && stat.uid !== process.getuid()) || (stat.mode & 0o077) !== 0) return undefined;
      const bytes = Buffer.alloc(SECRET_BYTES * 2);
      const n = readSync(fd, bytes, 0, bytes.length, 0);
      const key = Buffer.from(bytes.subarray(0, n).toString('utf8'), 'hex');
      return key.length === SECRET_BYTES ? key : undefined;
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}
