/** `status`: what the index holds, who wrote it, and whether it still matches the disk. */
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { CONFIGURATION_METADATA_KEY, GitignoreRules, PROJECT_CONFIG_FILE, readBytesInsideRoot, sha256Hex } from '@arbor/vocabulary';
import { openProject, type ProjectOptions } from '../project.js';
import { checkDrift } from '../staleness.js';
import { locateIndex } from '../store/locate.js';

export interface StatusOptions extends ProjectOptions {
  /** At most this many paths per staleness list (0: all). Default 20. */
  limit?: number;
}

export interface NoIndexStatus {
  indexed: false;
  root: string;
  databasePath: string;
  message: string;
}

export interface Writer {
  /** `arbor`, `codegraph`, ... or null when the database does not say. */
  tool: string | null;
  version: string | null;
  /** Where this came from: a project_metadata stamp, or nothing recorded. */
  source: 'project_metadata' | 'unrecorded';
}

export interface IndexStatus {
  indexed: true;
  root: string;
  databasePath: string;
  databaseBytes: number;
  schemaVersion: number;
  /** Tables beyond v4 (a later codegraph schema), ignored by arbor. */
  extraTables: string[];
  writer: Writer;
  /** When the index was built (latest files.indexed_at), ISO 8601. */
  indexedAt: string | null;
  counts: { files: number; nodes: number; edges: number; unresolvedRefs: number; filesWithErrors: number };
  /** Indexed files per language. */
  languages: Record<string, number>;
  nodesByKind: Record<string, number>;
  edgesByKind: Record<string, number>;
  staleness: {
    /** True when any indexed file changed or disappeared, or a new file appeared. */
    stale: boolean;
    fresh: number;
    modified: number;
    removed: number;
    added: number;
    /** Files whose size or mtime changed, so their content was hashed. */
    hashed: number;
    files: { modified: string[]; removed: string[]; added: string[] };
    truncated: boolean;
  };
  /** Which configuration built the graph (arbor records it), or null when none was recorded. */
  configuration: GraphConfiguration | null;
  metadata: Record<string, string>;
}

/**
 * The configuration an index run used, as arbor records it: the project's configuration file (or
 * none), the keys flags set, the effective settings, and whether the file on disk still matches.
 */
export interface GraphConfiguration {
  file: string | null;
  sha256: string | null;
  fromFlags: string[];
  settings: Record<string, unknown>;
  /** `same`: the file on disk is the one recorded (or there is none, as then); otherwise what changed since. */
  onDisk: 'same' | 'changed' | 'added' | 'removed' | 'unreadable';
}

export type StatusResult = NoIndexStatus | IndexStatus;

/** Never fails for a missing index: that is an answer (`indexed: false`). */
export function status(options: StatusOptions = {}): StatusResult {
  const location = locateIndex(resolve(options.cwd ?? process.cwd(), options.path ?? '.'));
  if (!location.exists) {
    return {
      indexed: false,
      root: location.root,
      databasePath: location.dbPath,
      message: `no index for ${location.root}; run \`arbor index\` to build one`,
    };
  }
  const project = openProject(options);
  try {
    const { store } = project;
    const files = store.files();
    const metadata = store.metadata();
    const configuration = configurationOf(project.root, metadata);
    const drift = checkDrift(project.root, files);
    // A new file the recorded excludes leave out would not be indexed either: it is not news.
    drift.added = drift.added.filter(notExcludedBy(configuration));
    const limit = options.limit ?? 20;
    const cap = (list: string[]) => (limit > 0 ? list.slice(0, limit) : list);
    const indexTimes = files.map((f) => f.indexedAt).filter((t): t is number => t !== null && Number.isFinite(t));
    return {
      indexed: true,
      root: project.root,
      databasePath: project.dbPath,
      databaseBytes: statSync(project.dbPath).size,
      schemaVersion: store.schema.version,
      extraTables: store.schema.extraTables,
      writer: writerOf(metadata),
      indexedAt: indexTimes.length > 0 ? new Date(Math.max(...indexTimes)).toISOString() : null,
      counts: {
        files: files.length,
        nodes: store.count('nodes'),
        edges: store.count('edges'),
        unresolvedRefs: store.count('unresolved_refs'),
        filesWithErrors: files.filter((f) => f.errorCount > 0).length,
      },
      languages: store.filesByLanguage(),
      nodesByKind: store.countBy('nodes', 'kind'),
      edgesByKind: store.countBy('edges', 'kind'),
      staleness: {
        stale: drift.modified.length + drift.removed.length + drift.added.length > 0,
        fresh: drift.fresh,
        modified: drift.modified.length,
        removed: drift.removed.length,
        added: drift.added.length,
        hashed: drift.hashed,
        files: { modified: cap(drift.modified), removed: cap(drift.removed), added: cap(drift.added) },
        truncated: limit > 0 && Math.max(drift.modified.length, drift.removed.length, drift.added.length) > limit,
      },
      configuration,
      metadata,
    };
  } finally {
    project.close();
  }
}

/**
 * Who wrote the graph, from project_metadata. arbor stamps `written_by` and `arbor_version`
 * (plus codegraph's compatibility stamps, which therefore do not prove codegraph wrote it);
 * codegraph 1.x stamps only `indexed_with_version`; 0.8/0.9 stamp nothing.
 */
export function writerOf(metadata: Record<string, string>): Writer {
  const tool = metadata.written_by ?? metadata.writer ?? metadata.indexer ?? metadata.generator;
  if (tool) {
    const version = metadata[`${tool}_version`] ?? metadata.writer_version ?? metadata.version ?? null;
    return { tool, version, source: 'project_metadata' };
  }
  if (metadata.indexed_with_version) {
    return { tool: 'codegraph', version: metadata.indexed_with_version, source: 'project_metadata' };
  }
  return { tool: null, version: null, source: 'unrecorded' };
}

/** The recorded configuration and how the project's configuration file compares with it now. */
export function configurationOf(root: string, metadata: Record<string, string>): GraphConfiguration | null {
  const raw = metadata[CONFIGURATION_METADATA_KEY];
  if (raw === undefined) return null;
  let recorded: Partial<GraphConfiguration>;
  try {
    recorded = JSON.parse(raw) as Partial<GraphConfiguration>;
  } catch {
    return null;
  }
  const file = typeof recorded.file === 'string' ? recorded.file : null;
  const sha256 = typeof recorded.sha256 === 'string' ? recorded.sha256 : null;
  const read = readBytesInsideRoot(root, PROJECT_CONFIG_FILE, { maxBytes: 64 * 1024 });
  let onDisk: GraphConfiguration['onDisk'];
  if (!read.ok) onDisk = read.reason === 'removed' ? (file ? 'removed' : 'same') : 'unreadable';
  else if (!file) onDisk = 'added';
  else onDisk = sha256Hex(read.bytes) === sha256 ? 'same' : 'changed';
  return {
    file,
    sha256,
    fromFlags: Array.isArray(recorded.fromFlags) ? recorded.fromFlags.filter((f): f is string => typeof f === 'string') : [],
    settings: recorded.settings !== null && typeof recorded.settings === 'object' ? recorded.settings : {},
    onDisk,
  };
}

/** Whether a path escapes the exclude patterns the recorded configuration indexed with. */
function notExcludedBy(configuration: GraphConfiguration | null): (path: string) => boolean {
  const exclude = configuration?.settings.exclude;
  if (!Array.isArray(exclude) || exclude.length === 0) return () => true;
  const rules = new GitignoreRules().add(exclude.filter((p): p is string => typeof p === 'string'));
  return (path) => {
    // A pattern may name a folder: every folder on the way is tested as git would.
    const parts = path.split('/');
    for (let i = 1; i < parts.length; i++) if (rules.ignores(`${parts.slice(0, i).join('/')}/`)) return false;
    return !rules.ignores(path);
  };
}
