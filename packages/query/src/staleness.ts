/**
 * Is the index still true of the files on disk? An indexed file is `fresh` when its size and
 * mtime are those recorded; when either differs its content is hashed (sha256, as the index
 * stores it) and only a different hash makes it `modified`. A missing file is `removed`.
 * New files are found by walking the project (respecting .gitignore).
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { FileState, IndexedFile } from './model.js';
import { extensionOf, isUnder } from './paths.js';
import { compareText } from './text/compare.js';

export interface FileCheck {
  path: string;
  state: FileState;
  /** Whether the content had to be hashed to decide. */
  hashed: boolean;
}

export function sha256Hex(content: Buffer | string): string {
  return createHash('sha256').update(content).digest('hex');
}

export function checkFile(root: string, file: IndexedFile): FileCheck {
  let stat;
  try {
    stat = statSync(join(root, file.path));
  } catch {
    return { path: file.path, state: 'removed', hashed: false };
  }
  if (!stat.isFile()) return { path: file.path, state: 'removed', hashed: false };
  // The CLI records the mtime in ms, sometimes with a fraction: compare whole milliseconds.
  if (stat.size === file.size && Math.floor(stat.mtimeMs) === Math.floor(file.modifiedAt)) {
    return { path: file.path, state: 'fresh', hashed: false };
  }
  let content: Buffer;
  try {
    content = readFileSync(join(root, file.path));
  } catch {
    return { path: file.path, state: 'removed', hashed: false };
  }
  const same = sha256Hex(content) === file.contentHash.toLowerCase();
  return { path: file.path, state: same ? 'fresh' : 'modified', hashed: true };
}

export interface Drift {
  checked: number;
  fresh: number;
  modified: string[];
  removed: string[];
  added: string[];
  /** Files whose size or mtime changed and whose content therefore had to be hashed. */
  hashed: number;
}

/**
 * Compares the indexed files (optionally only those under `under`) with the disk, and looks
 * for new files there.
 */
export function checkDrift(root: string, files: IndexedFile[], options: { under?: (path: string) => boolean; dir?: string } = {}): Drift {
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
export function findNewFiles(root: string, files: IndexedFile[], options: { dir?: string } = {}): string[] {
  const indexed = new Set(files.map((f) => f.path));
  const extensions = new Set(files.map((f) => extensionOf(f.path)).filter((e) => e !== ''));
  if (extensions.size === 0) return [];
  const indexTimes = files.map((f) => f.indexedAt).filter((t): t is number => t !== null && Number.isFinite(t));
  const builtAt = indexTimes.length > 0 ? Math.min(...indexTimes) : undefined;

  const found: string[] = [];
  let walked = 0;
  const visit = (dir: string, rules: Array<{ base: string; ig: Ignore }>) => {
    let entries;
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    const gitignore = entries.find((e) => e.name === '.gitignore' && e.isFile());
    if (gitignore) {
      try {
        rules = [...rules, { base: dir, ig: ignore().add(readFileSync(join(root, dir, '.gitignore'), 'utf8')) }];
      } catch {
        // An unreadable .gitignore ignores nothing.
      }
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
            if (statSync(join(root, path)).mtimeMs <= builtAt) continue;
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
  if (start === '' || isDirectory(join(root, start))) visit(start, rootRules);
  return found.filter((p) => isUnder(p, start)).sort(compareText);
}

/** .gitignore rules of the folders above `dir` (when a walk starts below the root). */
function ancestorRules(root: string, dir: string): Array<{ base: string; ig: Ignore }> {
  const rules: Array<{ base: string; ig: Ignore }> = [];
  const parts = dir.split('/');
  for (let i = 0; i < parts.length; i++) {
    const base = parts.slice(0, i).join('/');
    try {
      rules.push({ base, ig: ignore().add(readFileSync(join(root, base, '.gitignore'), 'utf8')) });
    } catch {
      // no .gitignore there
    }
  }
  return rules;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
