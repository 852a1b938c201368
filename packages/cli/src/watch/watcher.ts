/**
 * Keeps a root's graph fresh: file events (chokidar) → a quiet period → one re-index.
 *
 * - Folders discovery never walks (`node_modules`, `.git`, `.codegraph`, …) are not watched, so
 *   the graph's own writes never retrigger a re-index.
 * - Whether anything that matters changed is decided by discovery itself: after the quiet period
 *   the tree is walked with the indexer's `discoverFiles` (the same .gitignore, exclude, size and
 *   language rules as `arbor index`) and compared with the graph's files (path, size, mtime). A
 *   change only to ignored files costs a walk, never a re-index.
 * - Events during a re-index mark the tree dirty; one more re-index follows when it ends, so a
 *   burst of thousands of events (a branch switch) costs one or two re-indexes, and a file deleted
 *   while being indexed is caught by the next one.
 * - A failing re-index is reported and leaves the last good graph (the writer is atomic); the next
 *   change tries again.
 * Each re-index is an `indexRepository` run, through the extraction cache (unchanged files are not parsed).
 */
import { relative, sep } from 'node:path';
import { watch, type FSWatcher } from 'chokidar';
import { ALWAYS_EXCLUDED_DIRS, DEFAULT_EXCLUDED_DIRS, discoverFiles, isSupportedLanguage } from '@arbor/indexer';
import { leavesBase, openProject } from '@arbor/query';

export type ReindexResult = { ok: true } | { ok: false; message: string };

export type WatchEvent =
  | { type: 'ready' }
  | { type: 'reindexing'; changed: number }
  | { type: 'reindexed'; durationMs: number }
  | { type: 'failed'; message: string }
  | { type: 'unchanged' }
  | { type: 'error'; message: string };

export interface WatchOptions {
  /** Re-indexes the root (`indexRepository`, or the MCP server's serialised runner). */
  reindex: () => Promise<ReindexResult>;
  /** Quiet period after the last event before checking the tree (default 1000 ms). */
  debounceMs?: number;
  /** The same discovery options the re-index uses. */
  gitignore?: boolean;
  exclude?: string[];
  maxFileSize?: number;
  /** Only these languages are indexed (default: all): changes to files of others never re-index. */
  languages?: readonly string[];
  onEvent?: (event: WatchEvent) => void;
}

export interface WatchStats {
  /** File events received (after the folder filter). */
  events: number;
  /** Re-indexes started. */
  reindexes: number;
  failures: number;
  /** Quiet periods after which discovery found nothing the graph does not already say. */
  unchanged: number;
}

export interface RepositoryWatcher {
  readonly stats: WatchStats;
  /** True while a change is waiting for its quiet period or a re-index runs. */
  busy(): boolean;
  /** Check the tree now (after the quiet period), as if a file had changed: brings a stale graph up to date. */
  refresh(): void;
  close(): Promise<void>;
}

export async function watchRepository(root: string, options: WatchOptions): Promise<RepositoryWatcher> {
  const debounceMs = options.debounceMs ?? 1000;
  const emit = options.onEvent ?? (() => {});
  const skipDirs = new Set([...DEFAULT_EXCLUDED_DIRS, ...ALWAYS_EXCLUDED_DIRS]);
  const stats: WatchStats = { events: 0, reindexes: 0, failures: 0, unchanged: 0 };
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let dirty = false;
  let closed = false;

  const ignored = (path: string, entry?: { isDirectory(): boolean }) => {
    const rel = relative(root, path);
    if (rel === '' || leavesBase(rel)) return false;
    const parts = rel.split(sep);
    // An excluded name is a folder discovery never enters; a file of that name is still a file.
    for (let i = 0; i < parts.length - 1; i++) if (skipDirs.has(parts[i])) return true;
    const last = parts[parts.length - 1];
    return skipDirs.has(last) && (entry === undefined || entry.isDirectory());
  };

  const arm = () => {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (!running) cycle();
    }, debounceMs);
  };

  const cycle = () => {
    dirty = false;
    running = (async () => {
      const changed = await changedFiles();
      if (changed === 0) {
        stats.unchanged++;
        emit({ type: 'unchanged' });
        return;
      }
      stats.reindexes++;
      emit({ type: 'reindexing', changed });
      const started = Date.now();
      let result: ReindexResult;
      try {
        result = await options.reindex();
      } catch (error) {
        result = { ok: false, message: error instanceof Error ? error.message : String(error) };
      }
      if (result.ok) emit({ type: 'reindexed', durationMs: Date.now() - started });
      else {
        stats.failures++;
        emit({ type: 'failed', message: result.message });
      }
    })().finally(() => {
      running = undefined;
      if (dirty) arm();
    });
  };

  /** How many files differ between discovery and the graph (any positive number means re-index). */
  const changedFiles = async (): Promise<number> => {
    let indexed: Map<string, { size: number; modifiedAt: number }>;
    try {
      const project = openProject({ path: root, cwd: root });
      try {
        indexed = new Map(project.store.files().map((f) => [f.path, { size: f.size, modifiedAt: f.modifiedAt }]));
      } finally {
        project.close();
      }
    } catch {
      return 1; // no graph, or one that cannot be read: building one is the fix
    }
    let discovered;
    try {
      discovered = await discoverFiles(root, {
        respectGitignore: options.gitignore ?? true,
        exclude: options.exclude ?? [],
        maxFileSize: options.maxFileSize,
      });
    } catch {
      return 1; // the root vanished or cannot be listed: let the indexer say why
    }
    let changed = 0;
    const seen = new Set<string>();
    for (const file of discovered.files) {
      if (!isSupportedLanguage(file.language)) continue;
      if (options.languages && !options.languages.includes(file.language)) continue;
      seen.add(file.path);
      const known = indexed.get(file.path);
      if (!known || known.size !== file.size || Math.floor(known.modifiedAt) !== file.mtimeMs) changed++;
    }
    for (const path of indexed.keys()) if (!seen.has(path)) changed++;
    return changed;
  };

  const watcher: FSWatcher = watch(root, {
    ignored,
    ignoreInitial: true,
    followSymlinks: false,
    persistent: true,
  });
  watcher.on('all', () => {
    stats.events++;
    dirty = true;
    if (!running) arm();
  });
  watcher.on('error', (error) => emit({ type: 'error', message: error instanceof Error ? error.message : String(error) }));
  await new Promise<void>((resolveReady) => watcher.once('ready', () => resolveReady()));
  emit({ type: 'ready' });

  return {
    stats,
    busy: () => timer !== undefined || running !== undefined,
    refresh() {
      dirty = true;
      if (!running) arm();
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await watcher.close();
      await running;
    },
  };
}
