import type { Language } from '../model/graph-vocabulary.js';

/**
 * Folder names never walked into, at any depth: dependencies, build output, caches, VCS data and
 * virtual environments. `target` is Rust's and Maven's output folder. Override with
 * `DiscoveryOptions.excludeDirs` (`.git` and `.codegraph` stay excluded whatever you pass).
 */
export const DEFAULT_EXCLUDED_DIRS: readonly string[] = [
  'node_modules', 'dist', 'build', 'coverage', 'target',
  '.git', '.hg', '.svn', '.codegraph',
  '__pycache__', '.venv', 'venv', '.tox', '.mypy_cache', '.pytest_cache',
  '.gradle', '.dart_tool', '.next', '.nuxt',
];

/** The root's folder arbor writes its graph (and cache) into. */
export const OUTPUT_DIR = '.codegraph';

/** Never walked, even when `excludeDirs` is overridden: version control data and our own output. */
export const ALWAYS_EXCLUDED_DIRS: readonly string[] = ['.git', '.codegraph'];

export const DEFAULT_MAX_FILE_SIZE = 1024 * 1024;

export interface DiscoveryOptions {
  /** Apply `.gitignore` files (nested ones relative to their folder) and `.git/info/exclude`. Default true. */
  respectGitignore?: boolean;
  /**
   * Extra patterns to leave out, in .gitignore syntax, relative to the root (`generated/`, `**\/*.gen.ts`,
   * `/scripts`). Applied whether or not `respectGitignore` is set; a `!pattern` here only re-includes what
   * an earlier `exclude` pattern left out, never what a .gitignore did.
   */
  exclude?: readonly string[];
  /** Folder names skipped at any depth. Default `DEFAULT_EXCLUDED_DIRS`. */
  excludeDirs?: readonly string[];
  /** Files larger than this many bytes are skipped as `too-large`. Default 1 MiB. */
  maxFileSize?: number;
  /**
   * Read each file's first bytes and skip it as `binary` when they hold a NUL byte. Default true.
   * The indexer turns it off: it reads every file whole anyway, and makes the same check then
   * (`looksBinaryBytes`), which saves a second open and read per file (1.6 s of 20,000 files).
   */
  sniffBinary?: boolean;
}

export interface DiscoveredFile {
  /** Relative to the root, forward slashes. */
  path: string;
  absolutePath: string;
  language: Language;
  /** Bytes. */
  size: number;
  /** Modification time, whole milliseconds (floored, as the codegraph `files.modified_at` column). */
  mtimeMs: number;
  /** What its stat says of its content (file-stamp.ts); absent for a file reached through a link. */
  stamp?: string;
  /** The later of its modification and change times, whole milliseconds. */
  changedAtMs?: number;
}

export type SkipReason =
  | 'too-large'
  | 'binary'
  | 'secret'
  | 'unreadable'
  | 'symlink-outside-root'
  | 'symlink-loop';

/** A file or folder the user might expect to be indexed but that was left out on purpose. */
export interface SkippedEntry {
  /** Relative to the root, forward slashes; folders end with `/`. */
  path: string;
  reason: SkipReason;
  /** The error code or a short explanation (`EACCES`, `broken symlink`, `2.3 MiB`). */
  detail?: string;
}

export interface DiscoveryCounts {
  /** Files met outside skipped folders: indexed, skipped, ignored and unsupported ones alike. */
  seen: number;
  /** Files and folders left out by .gitignore, info/exclude, `exclude` or `excludeDirs` (a folder counts once). */
  ignored: number;
  /** Files whose extension maps to no language. */
  unsupported: number;
  /** Symlinks to somewhere inside the root: not followed, because the target is walked at its real path. */
  internalSymlinks: number;
}

export interface DiscoveryResult extends DiscoveryCounts {
  /** Sorted by path (code-unit order). */
  files: DiscoveredFile[];
  /** Sorted by path (code-unit order). */
  skipped: SkippedEntry[];
}

export type DiscoveryEvent =
  | { type: 'file'; file: DiscoveredFile }
  | { type: 'skipped'; entry: SkippedEntry };
