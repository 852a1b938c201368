/**
 * The walk behind `discoverFiles`: one folder at a time, entries in name order, yielding each indexable
 * file and each entry skipped for a reason a user should hear about.
 *
 * Symlinks: one that leaves the root is never followed; one that stays inside the root is not followed
 * either, because its target is walked at its own (real) path — so every file is indexed once, under the
 * path that does not go through a link. A link to one of its own ancestors is reported as a loop.
 */
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { languageForPath } from '../languages/index.js';
import { errorCode, formatBytes, looksBinary } from './file-checks.js';
import { IgnoreRules } from './ignore-rules.js';
import { isLikelySecret } from './secrets.js';
import { fileStamp, lastChangeMs } from './file-stamp.js';
import {
  ALWAYS_EXCLUDED_DIRS,
  OUTPUT_DIR,
  DEFAULT_EXCLUDED_DIRS,
  DEFAULT_MAX_FILE_SIZE,
  type DiscoveryCounts,
  type DiscoveryEvent,
  type DiscoveryOptions,
} from './types.js';

interface WalkContext {
  realRoot: string;
  respectGitignore: boolean;
  excludedDirs: ReadonlySet<string>;
  maxFileSize: number;
  sniffBinary: boolean;
  counts: DiscoveryCounts;
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
  const rootStat = statSync(absoluteRoot);
  if (!rootStat.isDirectory()) throw new Error(`Not a directory: ${absoluteRoot}`);

  const respectGitignore = options.respectGitignore ?? true;
  const context: WalkContext = {
    realRoot: realpathSync(absoluteRoot),
    respectGitignore,
    excludedDirs: new Set([...(options.excludeDirs ?? DEFAULT_EXCLUDED_DIRS), ...ALWAYS_EXCLUDED_DIRS]),
    maxFileSize: options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE,
    sniffBinary: options.sniffBinary ?? true,
    counts,
  };
  const infoExclude = respectGitignore ? readInfoExclude(absoluteRoot) : undefined;
  const rules = IgnoreRules.create(infoExclude, options.exclude);
  yield* walkFolder(context, { absolute: absoluteRoot, relative: '', real: context.realRoot, rules, ancestors: new Set() });
}

/**
 * Depth-first in name order. Each folder is scanned with synchronous calls — on this kind of machine
 * three times faster than the same calls through libuv's thread pool — and the event loop gets a turn
 * between folders, so a long walk never blocks it for more than one folder.
 */
async function* walkFolder(context: WalkContext, folder: Folder): AsyncGenerator<DiscoveryEvent> {
  const { events, subfolders } = scanFolder(context, folder);
  yield* events;
  for (const subfolder of subfolders) {
    await nextTurn();
    yield* walkFolder(context, subfolder);
  }
}

function scanFolder(context: WalkContext, folder: Folder): ScannedFolder {
  const events: DiscoveryEvent[] = [];
  const subfolders: Folder[] = [];
  const folderLabel = folder.relative || './';
  let identity: string;
  let entries: Dirent[];
  try {
    const folderStat = statSync(folder.absolute);
    identity = `${folderStat.dev}:${folderStat.ino}`;
    entries = readdirSync(folder.absolute, { withFileTypes: true });
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
      rules = rules.withGitignore(folder.relative, readFileSync(join(folder.absolute, '.gitignore'), 'utf8'));
    } catch (error) {
      events.push({ type: 'skipped', entry: { path: `${folder.relative}.gitignore`, reason: 'unreadable', detail: errorCode(error) } });
    }
  }

  for (const entry of entries) {
    const absolute = join(folder.absolute, entry.name);
    const relative = folder.relative + entry.name;
    if (entry.isDirectory()) {
      // Our own output folder is not part of the tree: counting it would make the first index of a
      // tree (before the folder exists) report differently from every later one.
      if (folder.relative === '' && entry.name === OUTPUT_DIR) continue;
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
      const event = checkFile(context, absolute, relative, entry.name);
      if (event) events.push(event);
    } else if (entry.isSymbolicLink()) {
      // git stores a symlink as a file: a `dir/` pattern never matches it, a plain name does.
      if (context.excludedDirs.has(entry.name) || rules.ignores(relative)) {
        context.counts.ignored += 1;
        continue;
      }
      const event = checkSymlink(context, folder, absolute, relative, entry.name);
      if (event) events.push(event);
    }
    // FIFOs, sockets and devices are not source files, and opening a FIFO would block.
  }
  return { events, subfolders };
}

function checkFile(context: WalkContext, absolutePath: string, path: string, name: string): DiscoveryEvent | undefined {
  if (isLikelySecret(name)) return { type: 'skipped', entry: { path, reason: 'secret' } };
  const language = languageForPath(name);
  if (!language) {
    context.counts.unsupported += 1;
    return undefined;
  }
  try {
    // lstat: the entry was listed as a file; if it became anything else since, it is not read.
    // In nanoseconds: the file's stamp (file-stamp.ts) lets a re-index skip reading a file that did not change.
    const fileStat = lstatSync(absolutePath, { bigint: true });
    if (!fileStat.isFile()) return { type: 'skipped', entry: { path, reason: 'unreadable', detail: 'no longer a regular file' } };
    if (Number(fileStat.size) > context.maxFileSize) {
      return { type: 'skipped', entry: { path, reason: 'too-large', detail: formatBytes(Number(fileStat.size)) } };
    }
    if (context.sniffBinary && looksBinary(absolutePath)) return { type: 'skipped', entry: { path, reason: 'binary' } };
    return {
      type: 'file',
      file: {
        path, absolutePath, language, size: Number(fileStat.size), mtimeMs: Number(fileStat.mtimeMs),
        stamp: fileStamp(fileStat), changedAtMs: lastChangeMs(fileStat),
      },
    };
  } catch (error) {
    return { type: 'skipped', entry: { path, reason: 'unreadable', detail: errorCode(error) } };
  }
}

function checkSymlink(
  context: WalkContext,
  folder: Folder,
  absolutePath: string,
  path: string,
  name: string,
): DiscoveryEvent | undefined {
  let target: string;
  let isFolder: boolean;
  try {
    target = realpathSync(absolutePath);
    isFolder = statSync(target).isDirectory();
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
function readInfoExclude(root: string): string | undefined {
  try {
    let gitDir = join(root, '.git');
    if (statSync(gitDir).isFile()) {
      const pointer = /^gitdir:\s*(.+)$/m.exec(readFileSync(gitDir, 'utf8'));
      if (!pointer) return undefined;
      gitDir = resolve(root, pointer[1].trim());
      // A linked worktree keeps info/ in the main repository's git folder, named by `commondir`.
      const commonDir = join(gitDir, 'commondir');
      if (statSync(commonDir, { throwIfNoEntry: false })?.isFile()) gitDir = resolve(gitDir, readFileSync(commonDir, 'utf8').trim());
    }
    return readFileSync(join(gitDir, 'info', 'exclude'), 'utf8');
  } catch {
    return undefined;
  }
}
