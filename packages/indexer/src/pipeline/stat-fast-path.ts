/**
 * A re-index need not read and hash a file whose stat says it did not change: the resolution record
 * (resolution-reuse.ts) keeps each file's stamp (discovery/file-stamp.ts: device, inode, size, modification
 * and change times in nanoseconds) beside the content it was resolved from, and a file whose stamp is the
 * recorded one is taken to have that content (its extraction then comes from the cache by that content,
 * checked as any entry is).
 *
 * git's "racy" rule: a file that changed shortly before the run that recorded it could change again within
 * the same timestamp tick, after it was read, and keep its stamp. So a stamp is recorded only for a file whose
 * last change is older than the run's start by RACY_MARGIN_MS; any later write gives it a time after that start,
 * so another stamp. The margin covers file systems whose times are coarse (FAT: 2 s) and the kernel's clock
 * for file times running a tick behind the one the process reads.
 */
import type { ResolutionRecord } from './resolution-reuse.js';

export const RACY_MARGIN_MS = 5000;

/** What discovery saw of one file's stat. */
export interface SeenStamp {
  stamp: string;
  /** The later of its modification and change times, whole milliseconds. */
  changedAtMs: number;
}

/** The stamp a run that started at `runStartedAt` (ms) records for a file: none when the file changed too recently to believe it. */
export function stampToRecord(seen: SeenStamp | undefined, runStartedAt: number): string | undefined {
  return seen !== undefined && seen.changedAtMs < runStartedAt - RACY_MARGIN_MS ? seen.stamp : undefined;
}

/**
 * The content (sha256), size and modification time the record names for a file whose stamp now is the
 * recorded one, of the same language, whose extraction had not failed; undefined otherwise (the file is read).
 */
export function unchangedByStamp(
  record: ResolutionRecord | undefined,
  path: string,
  language: string,
  seen: SeenStamp | undefined,
): { contentHash: string; size: number; modifiedAt: number } | undefined {
  if (!record || !seen || !Object.hasOwn(record.files, path)) return undefined;
  const was = record.files[path];
  if (was.stamp === undefined || was.stamp !== seen.stamp || was.language !== language || was.failed) return undefined;
  return { contentHash: was.content, size: was.size, modifiedAt: was.modifiedAt };
}
