/**
 * Writes a whole graph as a fresh codegraph v4 database and swaps it in atomically.
 *
 * The new file is built beside the target (`codegraph.db.tmp-<pid>-<random>`, graph-build.ts),
 * here in one go from whole tables, or on a thread while the caller still resolves
 * (graph-write-thread.ts); both finish through `publishGraph`. Until the final rename nothing touches the live database, so a crash or a throwing input leaves the
 * previous graph intact (at worst a stray temp file, removed by a later write: abandoned-temp-files.ts).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { GraphWriteError } from './graph-write-error.js';
import { arborVersion } from './project-metadata.js';
import { DatabaseInUseError, removeSideFiles, replaceDatabaseFile } from './replace-database.js';
import { checkDatabasePath, prepareDatabaseLocation } from './database-location.js';
import { removeAbandonedTempFiles, TEMP_INFIX } from './abandoned-temp-files.js';
import { asWriteError, GraphBuild, type BuildSettings } from './graph-build.js';
import { RowPacker, type PackingCounts } from './row-packing.js';
import type { GraphToWrite } from './rows.js';

export interface WriteGraphOptions {
  /** Timestamp (ms) for `updated_at`, `applied_at` and metadata rows. Default: now. */
  now?: number;
  /** Sampled ANALYZE so readers' query planner has statistics (0.9.9 ships `sqlite_stat1` too). Default true. */
  analyze?: boolean;
  /** Write `.gitignore` (`*`, `!.gitignore`) beside the database when it has none. Default true. */
  gitignore?: boolean;
  /** When the old database is open in another process: replace anyway (default) or fail. */
  ifInUse?: 'replace' | 'fail';
  /** Value of the `arbor_version` stamp. Default: the indexer package's version. */
  arborVersion?: string;
  /**
   * Keep each group's digest beside the new graph (group-digests.ts), so that the next in-place
   * update need not read its rows back: for a run that used the cache. Default false.
   */
  keepGroupDigests?: boolean;
}

/** What a write stored and dropped, counted per table. */
export interface BuildStats extends PackingCounts {
  metadataKeys: number;
}

export interface WriteGraphStats extends BuildStats, PublishOutcome {
  durationMs: number;
}

export function writeGraph(dbPath: string, graph: GraphToWrite, options: WriteGraphOptions = {}): WriteGraphStats {
  const started = performance.now();
  const { target, tempPath } = prepareGraphWrite(dbPath, options);
  let build: GraphBuild | undefined;
  let stats: BuildStats;
  try {
    const packer = new RowPacker(target);
    build = new GraphBuild(tempPath, target, buildSettings(options));
    build.declare(packer.nodes(graph.nodes), packer.files(graph.files));
    build.addResolved(packer.edges(graph.edges), packer.unresolved(graph.unresolved));
    stats = { ...packer.totals(), ...build.finish(graph.metadata ?? {}) };
    build = undefined;
  } catch (error) {
    build?.abandon();
    discardTemp(tempPath);
    throw asWriteError(error, target);
  }
  return { ...stats, ...publishGraph(tempPath, target, options), durationMs: Math.round(performance.now() - started) };
}

/** Where a write builds its graph: the database folder is prepared and earlier writers' leftovers are gone. */
export function prepareGraphWrite(dbPath: string, options: WriteGraphOptions): { target: string; tempPath: string } {
  const target = path.resolve(dbPath);
  const dir = path.dirname(target);
  prepareDatabaseLocation(dir, target, options.gitignore ?? true);
  removeAbandonedTempFiles(dir, path.basename(target));
  removeAbandonedTempFiles(dir, '.gitignore');
  return { target, tempPath: `${target}${TEMP_INFIX}${process.pid}-${randomBytes(6).toString('hex')}` };
}

export function buildSettings(options: WriteGraphOptions): BuildSettings {
  return {
    now: options.now ?? Date.now(),
    analyze: options.analyze ?? true,
    arborVersion: options.arborVersion ?? arborVersion(),
    keepGroupDigests: options.keepGroupDigests ?? false,
  };
}

/** Moves a finished, fsynced temp database over the target (the temp file is gone either way). */
export function publishGraph(tempPath: string, target: string, options: WriteGraphOptions): PublishOutcome {
  let outcome;
  try {
    // Checked again: the path may have become a link while the graph was built.
    checkDatabasePath(target);
    outcome = replaceDatabaseFile(tempPath, target, { ifInUse: options.ifInUse });
  } catch (error) {
    discardTemp(tempPath);
    if (error instanceof GraphWriteError) throw error;
    if (error instanceof DatabaseInUseError) {
      throw new GraphWriteError('DATABASE_IN_USE', error.message, target, { cause: error });
    }
    throw new GraphWriteError('REPLACE_FAILED', `cannot move the new graph into place at ${target}: ${messageOf(error)}`, target, { cause: error });
  }
  return { ...outcome, bytes: fs.statSync(target).size };
}

export interface PublishOutcome {
  replacedExisting: boolean;
  /** The old database was open elsewhere when it was replaced. */
  previousInUse: boolean;
  bytes: number;
}

export function discardTemp(tempPath: string): void {
  try {
    fs.rmSync(tempPath, { force: true });
    removeSideFiles(tempPath);
  } catch { /* left for the next writer's cleanup */ }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
