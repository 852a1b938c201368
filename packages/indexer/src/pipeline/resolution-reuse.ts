/**
 * Whether a re-index must resolve every file again, or may keep the rows of most files as the graph
 * holds them and resolve only the files that changed.
 *
 * Resolution stays global in its result: the graph a re-index writes is the one a global pass over
 * every file gives. A file's rows are a function of its own extraction and of what resolving it reads
 * of the others; what any resolution can read of another file is that file's interface
 * (resolution/resolution-interface.ts), plus the configuration files the language modules read. So
 * when every changed file keeps its interface, no file's set, no configuration text and no file's
 * language changed, the rows of every unchanged file are what the global pass would give them again,
 * and only the changed files are resolved (against every file's declarations, as always).
 *
 * Two more conditions make "what the global pass gives" independent of which files are asked first:
 * the pass that wrote the kept rows met no cut lookup (resolution/order-dependence.ts: a cycle guard, a
 * depth limit), nor does the partial one; and no import-resolver hook threw in either (the report's
 * hook failures name the first message in the pass's order). Anything else, and every file is resolved.
 *
 * The record of the last pass (what each file gave: its counts in the statistics, its rows per table,
 * the content it was resolved from) is kept beside the graph (storage/resolution-record.ts), believed
 * only for the graph file it describes, and only for this build of arbor.
 */
import { sha256Hex } from '@arbor/vocabulary';
import { extractionFailure, type FileExtraction } from '../model/extraction.js';
import type { FileResolution, IndexedFile, ResolutionStats } from '../resolution/graph-builder.js';
import { resolutionInterface } from '../resolution/resolution-interface.js';
import { onlyLinesMoved } from './interface-shift.js';

/** What the record holds of one file. */
export interface RecordedFile {
  /** The content (sha256) it was resolved from, its size and modification time (its `files` row). */
  content: string;
  size: number;
  modifiedAt: number;
  language: string;
  /** Its extraction failed (not a syntax error: the grammar or the extractor); such an extraction is not cached. */
  failed: boolean;
  /** Its stamp when discovered, if it had not changed shortly before the run (stat-fast-path.ts): what lets the next run skip reading it. */
  stamp?: string;
  resolution: FileResolution;
}

export interface ResolutionRecord {
  /** By path, in the graph's file order. */
  files: Record<string, RecordedFile>;
  /** Each configuration file resolution read, by path: the sha256 of its text, null when there was none. */
  configReads: Record<string, string | null>;
  /** Lookups cut short and hooks that failed in the pass that wrote the rows (any: nothing is reused). */
  cuts: number;
  hookFailures: number;
}

/** The files to resolve and those whose rows are kept, or why every file is resolved. */
export type ReusePlan = { resolve: Set<string>; kept: Set<string> } | { whyNot: string };

/** The digest of a configuration text as the record keeps it. */
export function configDigest(text: string | undefined): string | null {
  return text === undefined ? null : sha256Hex(Buffer.from(text, 'utf8'));
}

/** `value` as a record, when it has a record's shape (it comes from a file). */
export function asResolutionRecord(value: unknown): ResolutionRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Partial<ResolutionRecord>;
  if (typeof record.files !== 'object' || record.files === null || typeof record.configReads !== 'object' || record.configReads === null) return undefined;
  if (typeof record.cuts !== 'number' || typeof record.hookFailures !== 'number') return undefined;
  for (const file of Object.values(record.files)) {
    const r = (file as Partial<RecordedFile>)?.resolution;
    if (typeof file?.content !== 'string' || typeof file.size !== 'number' || typeof file.modifiedAt !== 'number' || typeof file.language !== 'string') return undefined;
    if (typeof file.failed !== 'boolean' || (file.stamp !== undefined && typeof file.stamp !== 'string')) return undefined;
    if (typeof r !== 'object' || r === null || typeof r.unresolved !== 'number' || typeof r.likelyInternal !== 'number') return undefined;
    if (!counts(r.resolvedBy) || !counts(r.unresolvedByReason) || !counts(r.edges) || !counts(r.nodes)) return undefined;
    if (r.linksInto !== undefined && !(Array.isArray(r.linksInto) && r.linksInto.every((p) => typeof p === 'string'))) return undefined;
  }
  for (const digest of Object.values(record.configReads)) if (digest !== null && typeof digest !== 'string') return undefined;
  return record as ResolutionRecord;
}

function counts(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.values(value).every((n) => Number.isSafeInteger(n) && (n as number) >= 0);
}

/**
 * The plan for this run's files (`indexed`, sorted by path). `fromCache`: the files whose extraction this
 * run read from the cache (an extraction is a function of the content only there: one that failed is
 * not cached, and is extracted again). `previous`: the extraction each changed file had when the record
 * was written (from the cache), where it could be read. `configNow`: a configuration file's digest as it is now.
 */
export function planReuse(
  record: ResolutionRecord,
  indexed: readonly IndexedFile[],
  fromCache: ReadonlySet<string>,
  previous: ReadonlyMap<string, FileExtraction>,
  configNow: (path: string) => string | null,
): ReusePlan {
  if (record.cuts > 0) return { whyNot: 'the last pass cut lookups short (a cycle or a depth limit)' };
  if (record.hookFailures > 0) return { whyNot: 'an import-resolver hook failed in the last pass' };
  const recorded = Object.keys(record.files);
  if (recorded.length !== indexed.length) return { whyNot: 'files were added or removed' };
  for (const [path, digest] of Object.entries(record.configReads)) {
    if (configNow(path) !== digest) return { whyNot: `a configuration file changed (${path})` };
  }
  const resolve = new Set<string>();
  const kept = new Set<string>();
  // Changed files whose declarations only moved lines (interface-shift.ts): the files whose rows name them are resolved too.
  const moved = new Set<string>();
  for (const { extraction, contentHash, size, modifiedAt } of indexed) {
    const was = Object.hasOwn(record.files, extraction.path) ? record.files[extraction.path] : undefined;
    if (!was || was.language !== extraction.language) return { whyNot: 'files were added, removed or renamed' };
    // The same content, read from the cache as the last pass had it (not a failed extraction then or now).
    const same = was.content === contentHash && fromCache.has(extraction.path) && !was.failed;
    if (same && was.size === size && was.modifiedAt === modifiedAt) {
      kept.add(extraction.path);
      continue;
    }
    // Touched, or changed: resolved again; a changed file only while the others cannot see the change.
    if (!same) {
      // A failed extraction is not cached: what the cache holds for that content is not what the last pass read.
      if (was.failed) return { whyNot: `the extraction of ${extraction.path} had failed` };
      const before = previous.get(extraction.path);
      if (!before) return { whyNot: `the previous extraction of ${extraction.path} is not in the cache` };
      const [then, now] = [resolutionInterface(before), resolutionInterface(extraction)];
      if (then !== now) {
        if (!onlyLinesMoved(then, now)) return { whyNot: `what other files can see of ${extraction.path} changed` };
        moved.add(extraction.path);
      }
    }
    resolve.add(extraction.path);
  }
  if (moved.size > 0) {
    for (const path of kept) {
      const { linksInto } = record.files[path].resolution;
      if (linksInto === undefined) return { whyNot: `the record does not say which files ${path} links into` };
      if (linksInto.some((target) => moved.has(target))) {
        kept.delete(path);
        resolve.add(path);
      }
    }
  }
  return { resolve, kept };
}

/**
 * Whether the record was resolved from this very file (its content, size, time and language; an extraction that
 * had not failed): planReuse keeps its rows unless it resolves every file.
 */
export function unchangedSinceRecord(
  record: ResolutionRecord | undefined,
  file: { path: string; language: string; contentHash: string; size: number; modifiedAt: number },
): boolean {
  if (!record || !Object.hasOwn(record.files, file.path)) return false;
  const was = record.files[file.path];
  return was.content === file.contentHash && was.size === file.size && was.modifiedAt === file.modifiedAt && was.language === file.language && !was.failed;
}

/** The kept files' rows, as the graph holds them: their edges by kind, their unresolved refs and nodes. */
export function keptRows(record: ResolutionRecord, kept: ReadonlySet<string>): { edges: Record<string, number>; unresolved: number; nodes: number } {
  const edges: Record<string, number> = {};
  let unresolved = 0;
  let nodes = 0;
  for (const path of kept) {
    const { resolution } = record.files[path];
    for (const [kind, count] of Object.entries(resolution.edges)) edges[kind] = (edges[kind] ?? 0) + count;
    unresolved += resolution.unresolved;
    for (const count of Object.values(resolution.nodes)) nodes += count;
  }
  return { edges, unresolved, nodes };
}

/** Every file's nodes by kind (keys sorted, as the report gives them), and their total. */
export function nodesOf(record: ResolutionRecord): { total: number; byKind: Record<string, number> } {
  const byKind: Record<string, number> = {};
  let total = 0;
  for (const { resolution } of Object.values(record.files)) {
    for (const [kind, count] of Object.entries(resolution.nodes)) {
      byKind[kind] = (byKind[kind] ?? 0) + count;
      total += count;
    }
  }
  return { total, byKind: Object.fromEntries(Object.entries(byKind).sort(([a], [b]) => a.localeCompare(b))) };
}

/**
 * This run's record: each file's resolution from this pass (`resolvedNow`) or, for a kept file, from the
 * previous record; in the graph's file order, which is also the order the global pass counts in. `stamps`:
 * the stamps to record, by path (stat-fast-path.ts).
 */
export function nextRecord(
  indexed: readonly IndexedFile[],
  resolvedNow: ReadonlyMap<string, FileResolution>,
  previous: ResolutionRecord | undefined,
  configReads: Record<string, string | null>,
  stats: ResolutionStats,
  cuts: number,
  stamps: ReadonlyMap<string, string> = new Map(),
): ResolutionRecord {
  const files: Record<string, RecordedFile> = {};
  for (const { extraction, contentHash, size, modifiedAt } of indexed) {
    const resolution = resolvedNow.get(extraction.path) ?? previous!.files[extraction.path].resolution;
    const stamp = stamps.get(extraction.path);
    files[extraction.path] = {
      content: contentHash, size, modifiedAt, language: extraction.language, failed: extractionFailure(extraction) !== undefined,
      ...(stamp === undefined ? {} : { stamp }), resolution,
    };
  }
  return { files, configReads, cuts, hookFailures: stats.hookFailures.length };
}

/**
 * The statistics the global pass would count: each file's counts added in the graph's file order (the
 * order the pass meets them in, so even the keys' order is the pass's).
 */
export function statsOf(record: ResolutionRecord, hookFailures: ResolutionStats['hookFailures']): ResolutionStats {
  const stats: ResolutionStats = { resolvedBy: {}, unresolvedByReason: {}, unresolvedCount: 0, unresolvedLikelyInternalCount: 0, hookFailures };
  const add = <K extends string>(into: Partial<Record<K, number>>, from: Partial<Record<K, number>>) => {
    for (const [key, count] of Object.entries(from) as Array<[K, number]>) into[key] = (into[key] ?? 0) + count;
  };
  for (const { resolution } of Object.values(record.files)) {
    add(stats.resolvedBy, resolution.resolvedBy);
    add(stats.unresolvedByReason, resolution.unresolvedByReason);
    stats.unresolvedCount += resolution.unresolved;
    stats.unresolvedLikelyInternalCount += resolution.likelyInternal;
  }
  return stats;
}
