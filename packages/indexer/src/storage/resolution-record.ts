/**
 * What the last write's resolution gave per file, kept beside the graph in `<graph>.resolution`, so that
 * the next re-index can keep the rows of files whose resolution cannot have changed instead of resolving
 * every file again (pipeline/resolution-reuse.ts says when, and what the record holds).
 *
 * Believed exactly as the group digests are (group-digests.ts): only for the graph file it was taken of,
 * as that write left it (graphIdentity), and only when written by this very build of arbor — the code's
 * own digest, not just its version number, since a resolver changed without a version bump would keep
 * edges the new code no longer gives. A missing, damaged, foreign or linked file is simply not used.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBytesInsideRoot } from '@arbor/vocabulary';
import { writeFileAtomically } from '../support/local-gitignore.js';
import { removeAbandonedTempFiles } from './abandoned-temp-files.js';
import { arborVersion } from './project-metadata.js';

/** Bumped when what the record holds changes. */
const FORMAT = 1;
/** Far above the record of any tree arbor indexes (about 200 bytes per file). */
const MAX_BYTES = 256 * 1024 * 1024;

export function resolutionRecordPath(graph: string): string {
  return `${graph}.resolution`;
}

let codeDigest: string | undefined;
/**
 * The digest of the code that resolves: every script in the folder this module was loaded from (the
 * indexer's bundle, or its sources), with arbor's version.
 */
export function resolutionCodeDigest(): string {
  if (codeDigest === undefined) {
    const hash = crypto.createHash('sha256').update(arborVersion());
    try {
      const folder = path.dirname(fileURLToPath(import.meta.url));
      for (const name of fs.readdirSync(folder).filter((n) => /\.(c|m)?[jt]s$/.test(n)).sort()) {
        hash.update(`\0${name}\0`).update(fs.readFileSync(path.join(folder, name)));
      }
    } catch {
      // Unreadable code cannot vouch for a record: one of this process's own, believed by no other.
      hash.update(crypto.randomBytes(16));
    }
    codeDigest = hash.digest('base64');
  }
  return codeDigest;
}

/** The record kept for the graph as it is now (its `identity`), or undefined when there is none to believe. */
export function readResolutionRecord(graph: string, identity: string | undefined): unknown {
  if (identity === undefined) return undefined;
  try {
    const read = readBytesInsideRoot(path.dirname(graph), path.basename(resolutionRecordPath(graph)), { maxBytes: MAX_BYTES, followSymlinks: false });
    if (!read.ok) return undefined;
    const parsed = JSON.parse(read.bytes.toString('utf8')) as { format?: unknown; code?: unknown; graph?: unknown; record?: unknown };
    if (parsed.format !== FORMAT || parsed.code !== resolutionCodeDigest() || parsed.graph !== identity) return undefined;
    return parsed.record;
  } catch {
    return undefined;
  }
}

/**
 * Keeps `record` for the graph file of `identity` (taken when no other writer could change the file), or
 * removes the old one when there is no record or no identity. Best effort: when the file cannot be
 * written, the next re-index resolves every file.
 */
export function keepResolutionRecord(graph: string, identity: string | undefined, record: unknown): void {
  if (identity === undefined || record === undefined) {
    removeResolutionRecord(graph);
    return;
  }
  const file = resolutionRecordPath(graph);
  try {
    removeAbandonedTempFiles(path.dirname(file), path.basename(file));
    writeFileAtomically(file, JSON.stringify({ format: FORMAT, code: resolutionCodeDigest(), graph: identity, record }));
  } catch {
    removeResolutionRecord(graph);
  }
}

export function removeResolutionRecord(graph: string): void {
  try {
    // Never through a link (the folder comes from the checkout).
    fs.lstatSync(resolutionRecordPath(graph));
    fs.rmSync(resolutionRecordPath(graph), { force: true });
  } catch { /* none there, or an unbelieved file */ }
}
