/**
 * Is the index still true of the files on disk? An indexed file is `fresh` when its size and
 * mtime are those recorded; a different size makes it `modified`; a new mtime at the same size
 * has its content hashed (sha256, as the index stores it) and only a different hash makes it
 * `modified`. A missing file is `removed`. Files are opened only through the safe-read rules
 * (inside the real root, regular file, no FIFO wait), so a graph naming `../../etc/passwd` or a
 * symlink out of the tree is `outside-root`, never hashed. New files are found by walking the
 * project (respecting .gitignore).
 */
import type * as Crypto from 'node:crypto';
import { closeSync, lstatSync, readdirSync, realpathSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { GitignoreRules, lazyBuiltin, openInsideRoot, readDescriptor, readTextInsideRoot, type SafeReadRefusal } from '@arbor/vocabulary';
import type { FileState, StoredFile } from './model.js';
import { extensionOf, isUnder, leavesBase } from './paths.js';
import { compareText } from './text/compare.js';

// Loaded when a file is hashed, not by every command that imports this module (lazy-builtin.ts).
const crypto = lazyBuiltin<typeof Crypto>('node:crypto');

export interface FileCheck {
  path: string;
  state: FileState;
  /** Whether the content had to be hashed to decide. */
  hashed: boolean;
}

/** A .gitignore is read whole: one larger than this is not one git users write. */
const GITIGNORE_CAP = 1024 * 1024;

/** How a refused read shows as the state of an indexed file. */
export function stateOfRefusal(reason: SafeReadRefusal): FileState {
  if (reason === 'removed' || reason === 'outside-root') return reason;
  return 'unreadable';
}

export function checkFile(root: string, file: StoredFile): FileCheck {
  // Hashing streams, so no size cap is needed for memory: a different size never gets that far.
  const opened = openInsideRoot(root, file.path, { maxBytes: Number.MAX_SAFE_INTEGER });
  if (!opened.ok) return { path: file.path, state: stateOfRefusal(opened.reason), hashed: false };
  try {
    const { stat } = opened;
    if (stat.size !== file.size) return { path: file.path, state: 'modified', hashed: false };
    // The CLI records the mtime in ms, sometimes with a fraction: compare whole milliseconds.
    if (Math.floor(stat.mtimeMs) === Math.floor(file.modifiedAt)) return { path: file.path, state: 'fresh', hashed: false };
    const hash = crypto().createHash('sha256');
    // Past the recorded size the file grew after fstat: it is not the indexed content.
    if (readDescriptor(opened.fd, file.size, (chunk) => hash.update(chunk)) === 'too-large') {
      return { path: file.path, state: 'modified', hashed: true };
    }
    const same = hash.digest('hex') === file.contentHash.toLowerCase();
    return { path: file.path, state: same ? 'fresh' : 'modified', hashed: true };
  } catch {
    return { path: file.path, state: 'unreadable', hashed: false };
  } finally {
    closeSync(opened.fd);
  }
}

export interface Drift {
  checked: number;
  fresh: number;
  modified: string[];
  /** Gone, or no longer readable under the safe-read rules (unreadable, outside the root). */
  removed: string[];
  added: string[];
  /** Files whose mtime changed at the same size and whose content therefore had to be hashed. */
  hashed: number;
}

/**
 * Compares the indexed files (optionally only those under `under`) with the disk, and looks
 * for new files there.
 */
export function checkDrift(root: string, files: StoredFile[], options: { under?: (path: string) => boolean; dir?: string } = {}): Drift {
  const drift: Drift = { checked: 0, fresh: 0, modified: [], removed: [], added: [], hashed: 0 };
  for (const file of files) {
    if (options.under && !options.under(file.path)) continue;
    const check = checkFile(root, file);
    drift.checked++;
    if (check.hashed) drift.hashed++;
    if (check.state === 'fresh') drift.fresh++;
    else if (check.state === 'modified') drift.modified.push(file.path);
    else drift.removed.push(file.path);
  }
  drift.added = findNewFiles(root, files, { dir: options.dir }).filter((p) => !options.under || options.under(p));
  return drift;
}

/** Folders never worth walking: version control, the index itself, installed packages. */
const SKIPPED_DIRS = new Set(['.git', '.hg', '.svn', '.codegraph', 'node_modules']);
/** A walk of a huge tree stops here rather than hang a status call. */
const MAX_WALKED_ENTRIES = 200_000;

/**
 * Files on disk that the index does not hold but would: same extension as some indexed file,
 * not ignored by .gitignore, and modified after the index was built (an older unindexed file
 * was left out on purpose by the indexer, it is not new).
 */
export function findNewFiles(root: string, files: StoredFile[], options: { dir?: string } = {}): string[] {
  const indexed = new Set(files.map((f) => f.path));
  const extensions = new Set(files.map((f) => extensionOf(f.path)).filter((e) => e !== ''));
  if (extensions.size === 0) return [];
  const indexTimes = files.map((f) => f.indexedAt).filter((t): t is number => t !== null && Number.isFinite(t));
  const builtAt = indexTimes.length > 0 ? Math.min(...indexTimes) : undefined;

  const found: string[] = [];
  let walked = 0;
  const visit = (dir: string, rules: Array<{ base: string; ig: GitignoreRules }>) => {
    let entries;
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    if (entries.some((e) => e.name === '.gitignore')) {
      const ig = readGitignore(root, dir);
      if (ig) rules = [...rules, { base: dir, ig }];
    }
    const ignored = (path: string, isDir: boolean) =>
      rules.some(({ base, ig }) => {
        const rel = base === '' ? path : path.slice(base.length + 1);
        return ig.ignores(isDir ? `${rel}/` : rel);
      });
    for (const entry of entries.sort((a, b) => compareText(a.name, b.name))) {
      if (++walked > MAX_WALKED_ENTRIES) return;
      const path = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (SKIPPED_DIRS.has(entry.name) || ignored(path, true)) continue;
        visit(path, rules);
      } else if (entry.isFile()) {
        if (indexed.has(path) || !extensions.has(extensionOf(path)) || ignored(path, false)) continue;
        if (builtAt !== undefined) {
          try {
            // The entry is a regular file (readdir types do not follow symlinks): lstat reads no content.
            if (lstatSync(join(root, path)).mtimeMs <= builtAt) continue;
          } catch {
            continue;
          }
        }
        found.push(path);
      }
    }
  };
  const start = options.dir ?? '';
  const rootRules = start === '' ? [] : ancestorRules(root, start);
  if (start === '' || isFolderInsideRoot(root, start)) visit(start, rootRules);
  return found.filter((p) => isUnder(p, start)).sort(compareText);
}

/** .gitignore rules of the folders above `dir` (when a walk starts below the root). */
function ancestorRules(root: string, dir: string): Array<{ base: string; ig: GitignoreRules }> {
  const rules: Array<{ base: string; ig: GitignoreRules }> = [];
  const parts = dir.split('/');
  for (let i = 0; i < parts.length; i++) {
    const base = parts.slice(0, i).join('/');
    const ig = readGitignore(root, base);
    if (ig) rules.push({ base, ig });
  }
  return rules;
}

/**
 * The rules of `dir`/.gitignore, or undefined when there is none arbor will read: missing, a
 * symlink (git does not follow one either), a FIFO or device, or over the cap. Any of those
 * ignores nothing.
 */
function readGitignore(root: string, dir: string): GitignoreRules | undefined {
  const read = readTextInsideRoot(root, dir === '' ? '.gitignore' : `${dir}/.gitignore`, { maxBytes: GITIGNORE_CAP, followSymlinks: false });
  // Matched in bounded time whatever the patterns (gitignore.ts in @arbor/vocabulary).
  return read.ok ? new GitignoreRules().add(read.text) : undefined;
}

/** Whether `dir` is a folder whose real path is inside the real root: a walk never leaves the project. */
function isFolderInsideRoot(root: string, dir: string): boolean {
  try {
    const realRoot = realpathSync.native(resolve(root));
    const real = realpathSync.native(resolve(realRoot, dir));
    const rel = relative(realRoot, real);
    if (leavesBase(rel) || resolve(realRoot, rel) !== real) return false;
    return lstatSync(real).isDirectory();
  } catch {
    return false;
  }
}
