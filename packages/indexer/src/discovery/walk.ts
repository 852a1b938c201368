/**
 * The walk behind `discoverFiles`: one folder at a time, entries in name order, yielding each indexable
 * file and each entry skipped for a reason a user should hear about.
 *
 * Symlinks: one that leaves the root is never followed; one that stays inside the root is not followed
 * either, because its target is walked at its own (real) path — so every file is indexed once, under the
 * path that does not go through a link. A link to one of its own ancestors is reported as a loop.
 */
import type { Dirent } from 'node:fs';
import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import pLimit from 'p-limit';
import { languageForPath } from '../languages/registry.js';
import { errorCode, formatBytes, looksBinary } from './file-checks.js';
import { IgnoreRules } from './ignore-rules.js';
import { isLikelySecret } from './secrets.js';
import {
  ALWAYS_EXCLUDED_DIRS,
  DEFAULT_EXCLUDED_DIRS,
  DEFAULT_MAX_FILE_SIZE,
  type DiscoveryCounts,
  type DiscoveryEvent,
  type DiscoveryOptions,
} from './types.js';

/** Files checked at once (stat + an 8 KB read each): enough to hide latency, few enough file handles. */
const FILE_CONCURRENCY = 16;

interface WalkContext {
  realRoot: string;
  respectGitignore: boolean;
  excludedDirs: ReadonlySet<string>;
  maxFileSize: number;
  counts: DiscoveryCounts;
  /** Bounds the file-system calls in flight (folder reads and file checks). */
  limit: ReturnType<typeof pLimit>;
}

interface Folder {
  absolute: string;
  /** Relative to the root with a trailing slash, or '' for the root. */
  relative: string;
  /** Real path of this folder (links are never followed, so it is the real root joined with `relative`). */
  real: string;
  rules: IgnoreRules;
  /** `dev:ino` of the enclosing folders: a guard against cycles that do not go through a symlink (bind mounts). */
  ancestors: ReadonlySet<string>;
}

interface ScannedFolder {
  events: DiscoveryEvent[];
  subfolders: Folder[];
}

export function emptyCounts(): DiscoveryCounts {
  return { seen: 0, ignored: 0, unsupported: 0, internalSymlinks: 0 };
}

/**
 * Walks `root` and yields files and skipped entries, folder by folder, in name order. `counts` is
 * updated as the walk goes and is complete once the generator is done.
 */
export async function* walkFiles(
  root: string,
  options: DiscoveryOptions = {},
  counts: DiscoveryCounts = emptyCounts(),
): AsyncGenerator<DiscoveryEvent> {
  const absoluteRoot = resolve(root);
  const rootStat = await stat(absoluteRoot);
  if (!rootStat.isDirectory()) throw new Error(`Not a directory: ${absoluteRoot}`);

  const respectGitignore = options.respectGitignore ?? true;
  const context: WalkContext = {
    realRoot: await realpath(absoluteRoot),
    respectGitignore,
    excludedDirs: new Set([...(options.excludeDirs ?? DEFAULT_EXCLUDED_DIRS), ...ALWAYS_EXCLUDED_DIRS]),
    maxFileSize: options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE,
    counts,
    limit: pLimit(FILE_CONCURRENCY),
  };
  const infoExclude = respectGitignore ? await readInfoExclude(absoluteRoot) : undefined;
  const rules = IgnoreRules.create(infoExclude, options.exclude);
  yield* walkFolder(context, scanFolder(context, { absolute: absoluteRoot, relative: '', real: context.realRoot, rules, ancestors: new Set() }));
}

/**
 * Depth-first in name order. Every subfolder's scan starts as soon as its parent has been read, so the
 * file system works ahead of the consumer; the events still come out in a fixed order.
 */
async function* walkFolder(context: WalkContext, scan: Promise<ScannedFolder>): AsyncGenerator<DiscoveryEvent> {
  const { events, subfolders } = await scan;
  const scans = subfolders.map((subfolder) => scanFolder(context, subfolder));
  // Scans run ahead: keep a rejection from being reported as unhandled before its turn comes.
  for (const pending of scans) pending.catch(() => undefined);
  yield* events;
  for (const pending of scans) yield* walkFolder(context, pending);
}

async function scanFolder(context: WalkContext, folder: Folder): Promise<ScannedFolder> {
  const events: DiscoveryEvent[] = [];
  const subfolders: Folder[] = [];
  const folderLabel = folder.relative || './';
  let identity: string;
  let entries: Dirent[];
  try {
    [identity, entries] = await context.limit(async () => {
      const folderStat = await stat(folder.absolute);
      return [`${folderStat.dev}:${folderStat.ino}`, await readdir(folder.absolute, { withFileTypes: true })] as const;
    });
  } catch (error) {
    events.push({ type: 'skipped', entry: { path: folderLabel, reason: 'unreadable', detail: errorCode(error) } });
    return { events, subfolders };
  }
  if (folder.ancestors.has(identity)) {
    events.push({ type: 'skipped', entry: { path: folderLabel, reason: 'symlink-loop', detail: 'folder already walked' } });
    return { events, subfolders };
  }
  const ancestors = new Set(folder.ancestors).add(identity);
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

  let rules = folder.rules;
  if (context.respectGitignore && entries.some((e) => e.name === '.gitignore' && e.isFile())) {
    try {
      rules = rules.withGitignore(folder.relative, await readFile(join(folder.absolute, '.gitignore'), 'utf8'));
    } catch (error) {
      events.push({ type: 'skipped', entry: { path: `${folder.relative}.gitignore`, reason: 'unreadable', detail: errorCode(error) } });
    }
  }

  const fileChecks: Array<Promise<DiscoveryEvent | undefined>> = [];
  for (const entry of entries) {
    const absolute = join(folder.absolute, entry.name);
    const relative = folder.relative + entry.name;
    if (entry.isDirectory()) {
      if (context.excludedDirs.has(entry.name) || rules.ignores(`${relative}/`)) {
        context.counts.ignored += 1;
        continue;
      }
      subfolders.push({ absolute, relative: `${relative}/`, real: join(folder.real, entry.name), rules, ancestors });
    } else if (entry.isFile()) {
      context.counts.seen += 1;
      if (rules.ignores(relative)) {
        context.counts.ignored += 1;
        continue;
      }
      fileChecks.push(context.limit(() => checkFile(context, absolute, relative, entry.name)));
    } else if (entry.isSymbolicLink()) {
      // git stores a symlink as a file: a `dir/` pattern never matches it, a plain name does.
      if (context.excludedDirs.has(entry.name) || rules.ignores(relative)) {
        context.counts.ignored += 1;
        continue;
      }
      fileChecks.push(context.limit(() => checkSymlink(context, folder, absolute, relative, entry.name)));
    }
    // FIFOs, sockets and devices are not source files, and opening a FIFO would block.
  }

  for (const event of await Promise.all(fileChecks)) if (event) events.push(event);
  return { events, subfolders };
}

async function checkFile(context: WalkContext, absolutePath: string, path: string, name: string): Promise<DiscoveryEvent | undefined> {
  if (isLikelySecret(name)) return { type: 'skipped', entry: { path, reason: 'secret' } };
  const language = languageForPath(name);
  if (!language) {
    context.counts.unsupported += 1;
    return undefined;
  }
  try {
    const fileStat = await stat(absolutePath);
    if (fileStat.size > context.maxFileSize) {
      return { type: 'skipped', entry: { path, reason: 'too-large', detail: formatBytes(fileStat.size) } };
    }
    if (await looksBinary(absolutePath)) return { type: 'skipped', entry: { path, reason: 'binary' } };
    return {
      type: 'file',
      file: { path, absolutePath, language, size: fileStat.size, mtimeMs: Math.floor(fileStat.mtimeMs) },
    };
  } catch (error) {
    return { type: 'skipped', entry: { path, reason: 'unreadable', detail: errorCode(error) } };
  }
}

async function checkSymlink(
  context: WalkContext,
  folder: Folder,
  absolutePath: string,
  path: string,
  name: string,
): Promise<DiscoveryEvent | undefined> {
  let target: string;
  let isFolder: boolean;
  try {
    target = await realpath(absolutePath);
    isFolder = (await stat(target)).isDirectory();
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ELOOP') return { type: 'skipped', entry: { path, reason: 'symlink-loop', detail: code } };
    if (code === 'ENOENT') return reportIfIndexable(context, path, name, 'unreadable', 'broken symlink');
    return { type: 'skipped', entry: { path, reason: 'unreadable', detail: code } };
  }
  if (!isFolder) context.counts.seen += 1;

  if (!isInside(context.realRoot, target)) {
    if (isFolder) return { type: 'skipped', entry: { path: `${path}/`, reason: 'symlink-outside-root' } };
    return reportIfIndexable(context, path, name, 'symlink-outside-root');
  }
  if (isFolder && isInside(target, folder.real)) {
    return { type: 'skipped', entry: { path: `${path}/`, reason: 'symlink-loop', detail: 'points to an enclosing folder' } };
  }
  context.counts.internalSymlinks += 1;
  return undefined;
}

/** A skipped symlinked file is reported only when it would otherwise have been indexed. */
function reportIfIndexable(
  context: WalkContext,
  path: string,
  name: string,
  reason: 'unreadable' | 'symlink-outside-root',
  detail?: string,
): DiscoveryEvent | undefined {
  if (isLikelySecret(name)) return { type: 'skipped', entry: { path, reason: 'secret' } };
  if (!languageForPath(name)) {
    context.counts.unsupported += 1;
    return undefined;
  }
  return { type: 'skipped', entry: detail ? { path, reason, detail } : { path, reason } };
}

function isInside(parent: string, child: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);
}

/** `.git/info/exclude`, also when `.git` is a file pointing elsewhere (worktrees, submodules). */
async function readInfoExclude(root: string): Promise<string | undefined> {
  let gitDir = join(root, '.git');
  try {
    if ((await stat(gitDir)).isFile()) {
      const pointer = /^gitdir:\s*(.+)$/m.exec(await readFile(gitDir, 'utf8'));
      if (!pointer) return undefined;
      gitDir = resolve(root, pointer[1].trim());
      // A linked worktree keeps info/ in the main repository's git folder, named by `commondir`.
      const common = await readFile(join(gitDir, 'commondir'), 'utf8').catch(() => undefined);
      if (common) gitDir = resolve(gitDir, common.trim());
    }
    return await readFile(join(gitDir, 'info', 'exclude'), 'utf8');
  } catch {
    return undefined;
  }
}
