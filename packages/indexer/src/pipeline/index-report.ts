import type { InPlaceChanges } from '../storage/graph-update-in-place.js';

/** The options and the report of one `arbor index` run. The report is `arbor index --json`'s output. */

export interface IndexOptions {
  /** Honour .gitignore files and .git/info/exclude (default true). */
  gitignore?: boolean;
  /** Extra gitignore-style patterns to leave out. */
  exclude?: string[];
  /** Files larger than this many bytes are skipped (default 1 MiB). */
  maxFileSize?: number;
  /**
   * Index only files of these languages (`typescript`, `tsx`, …; default: every language arbor
   * indexes). Files of the others are skipped as `language-not-chosen`, not as unsupported.
   */
  languages?: readonly string[];
  /**
   * Which configuration built the graph, stored as JSON in `project_metadata` under
   * `arbor_configuration` for `status` to show (default: none recorded).
   */
  configuration?: Record<string, unknown>;
  /** Extraction threads, the main thread counted as one (default: available cores). */
  threads?: number;
  /**
   * Build the database on a thread of its own while resolution runs (default: when the machine
   * has a second core and the run has at least WRITE_THREAD_MIN_FILES files, or parses at least
   * WRITE_THREAD_MIN_BYTES of source). The graph is the same either way.
   */
  writeOnThread?: boolean;
  onProgress?: (progress: Progress) => void;
  /**
   * Replace whatever is at the database path, even a file that is not a codegraph graph or one
   * of a newer schema than arbor knows (default: refuse those).
   */
  force?: boolean;
  /** One-line notices for the user (a migrated graph being replaced). Default: stderr. */
  onNotice?: (message: string) => void;
  /** Use the extraction cache (default true); false: parse every file, read and write no cache. */
  cache?: boolean;
  /** Where the extraction cache lives (default `<root>/.codegraph/cache`), e.g. a folder CI keeps between jobs. */
  cacheDir?: string;
  /**
   * A cached re-index updates the existing graph in place when arbor can (default true): the graph's
   * content is a cold build's, its file layout is not (docs/indexing.md). false: build a new file.
   */
  inPlace?: boolean;
  /** Tests only: called inside an in-place update's transaction, just before its commit. */
  beforeGraphCommit?: () => void;
  /** The timestamp written into the graph (`updated_at`, `indexed_at`, metadata); default now. For tests comparing graphs. */
  now?: number;
}

export interface Progress {
  phase: 'discover' | 'extract' | 'resolve' | 'write';
  done: number;
  total: number;
  path?: string;
}

export interface IndexReport {
  root: string;
  database: string;
  /**
   * `skipped` counts by reason: too-large, binary, secret, unreadable, symlink-outside-root,
   * symlink-loop, ignored (gitignore/--exclude/built-in folders; a folder counts once), no-language,
   * language-not-supported-yet, language-not-chosen (left out by `languages`). `skippedFiles` names the first 200 skipped files (not ignored ones).
   */
  files: { seen: number; indexed: number; skipped: Record<string, number>; skippedFiles: Array<{ path: string; reason: string }> };
  nodes: { total: number; byKind: Record<string, number> };
  edges: { total: number; byKind: Record<string, number> };
  grammarsLoaded: string[];
  /** Extraction threads used, the main thread counted as one (0 when every file came from the cache). */
  threads: number;
  /**
   * The extraction cache: `fromCache` files were not parsed (their extraction was read from the
   * cache), `extracted` were; `pruned` entry files of files gone or changed were removed.
   */
  cache: {
    used: boolean; dir?: string; fromCache: number; extracted: number; pruned: number;
    /** Files not read nor hashed: their stat was what the last index recorded (pipeline/stat-fast-path.ts). */
    notRead?: number;
    /** Set when the cache secret file is inside the tree: why this run signed with a key of its own. */
    secretRefused?: string;
  };
  /**
   * Wall and CPU milliseconds per phase, in order: discover, cacheLookup (read, hash, look up),
   * extract (the workers, for files the cache did not have), resolve, write, prune (the cache).
   */
  timings?: Record<string, { wallMs: number; cpuMs: number }>;
  /**
   * How the graph was written: `in-place` (the existing graph updated in one transaction; `changes`
   * counts the rows deleted and inserted per table) or `new-file` (built beside and renamed over it;
   * `reason` says why a cached run could not update in place).
   */
  graphWrite?: { mode: 'in-place'; changes: InPlaceChanges } | { mode: 'new-file'; reason?: string };
  /**
   * How many files were resolved and how many kept the rows the graph held (a re-index whose changed files
   * other files cannot see: pipeline/resolution-reuse.ts), and, for an in-place update that resolved every
   * file, why it did.
   */
  resolutionReuse?: { resolved: number; kept: number; whyNot?: string };
  /** Files whose parse had syntax errors (what they cost is `parseLosses`). */
  filesWithParseErrors: string[];
  /**
   * What the syntax errors cost (src/extraction/lost-declarations.ts): the declarations not indexed
   * because of them, in all and per file (files that lost none are not listed), and the files of
   * `filesWithParseErrors` for which that could not be checked. Every other file of
   * `filesWithParseErrors` lost nothing outside its broken text.
   */
  parseLosses: { declarations: number; files: Array<{ path: string; declarations: number }>; unchecked: string[] };
  /**
   * Files of which only the file node is in the graph: their grammar would not load, or the parse or
   * the extractor failed (the first 200, each with the reason). Not files with syntax errors.
   */
  filesNotExtracted: Array<{ path: string; message: string }>;
  /** How many files were not extracted, listed or not. */
  filesNotExtractedCount: number;
  resolution: {
    resolvedBy: Record<string, number>;
    unresolvedByReason: Record<string, number>;
  };
  /**
   * Import-resolver hooks that threw, per language and hook: how many calls failed and the first
   * message. Each failed call's lookup found nothing (its sites stay unresolved). Empty when none did.
   */
  hookFailures: Array<{ language: string; hook: string; count: number; firstMessage: string }>;
  /** Reference sites that became no edge. */
  unresolved_count: number;
  /**
   * Unresolved bare names that are not bound locally, not imported from an unindexed module and not
   * builtins: they look like workspace calls that could not be linked. The number to judge completeness by.
   */
  unresolved_likely_internal_count: number;
  durationMs: number;
  arborVersion: string;
}

/** A failure the user can act on (bad root, unwritable database): reported as one line, no stack. */
export class IndexError extends Error {
  override name = 'IndexError';
}
