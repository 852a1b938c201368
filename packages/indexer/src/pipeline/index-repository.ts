/**
 * `arbor index`: discover → extract (worker pool) → resolve (global) → write (atomic), each phase
 * a function below. Every run resolves the whole graph: resolution is global (see the format spec
 * for why). What extraction gave for a file's content is cached (extraction-cache/), so an unchanged
 * file is not parsed again. A cold run writes a new file (for a big run on its own thread, overlapping
 * resolution); a cached re-index updates the existing graph in place when it can
 * (storage/graph-update-in-place.ts), writing only the rows that differ.
 */
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { CONFIGURATION_METADATA_KEY, DEFAULT_READ_CAP, readTextInsideRoot, sha256Hex } from '@arbor/vocabulary';
import { dirname, join, resolve } from 'node:path';
import { discoverFiles } from '../discovery/discover-files.js';
import { looksBinaryBytes } from '../discovery/file-checks.js';
import { DEFAULT_MAX_FILE_SIZE } from '../discovery/types.js';
import { resolutionLanguagesFor, isSupportedLanguage } from '../languages/index.js';
import { extractionFailure, LOSSES_UNCHECKED, type FileExtraction } from '../model/extraction.js';
import type { WorkspaceView } from '../model/language-support.js';
import { streamGraph, type FileResolution, type IndexedFile, type ResolutionStats } from '../resolution/graph-builder.js';
import { cutsSoFar } from '../resolution/order-dependence.js';
import {
  asResolutionRecord, configDigest, keptRows, nextRecord, nodesOf, planReuse, statsOf, type ResolutionRecord,
} from './resolution-reuse.js';
import { startGraphWrite, type GraphWriteSession } from '../storage/graph-write-session.js';
import { InPlaceGraphUpdate, InPlaceMismatchError, openInPlaceUpdate, type InPlaceChanges } from '../storage/graph-update-in-place.js';
import { inspectExistingDatabase, NEWEST_KNOWN_CODEGRAPH_SCHEMA } from '../storage/existing-database.js';
import { ExtractionPool, poolSize, type JobOutcome, type PoolRun } from '../workers/extraction-pool.js';
import { readSourceFile } from '../workers/read-source.js';
import { deferCallSites } from '../extraction/deferred-sites.js';
import { defaultCacheDir, ExtractionCache, moveCallSites, withCallSites, type CacheEntryRef } from '../extraction-cache/extraction-cache.js';
import { secretInsideRoot } from '../extraction-cache/cache-secret.js';
import type { PackWriter } from '../extraction-cache/cache-pack.js';
import { prepareDatabaseLocation } from '../storage/database-location.js';
import type { ExtractJob } from '../workers/messages.js';
import { ARBOR_VERSION, EXTRACTION_VERSION } from '../version.js';
import { phaseClock } from './phase-clock.js';
import { stampToRecord, unchangedByStamp, type SeenStamp } from './stat-fast-path.js';
import { StringPool } from './string-pool.js';
import { IndexError, type IndexOptions, type IndexReport, type Progress } from './index-report.js';

export const DATABASE_RELATIVE_PATH = '.codegraph/codegraph.db';
/**
 * From this many files, or this many bytes of source, on, the graph is built on a thread of its own
 * while resolution runs. Below both, the thread's start-up and the copying cost about what the
 * overlap saves (measured: vuejs/core and gson, 264–527 files and 1.9–4.2 MiB, no faster). Above,
 * the database's rows outweigh resolution and the overlap pays: 20,000 generated files 45.2 → 36.2 s;
 * python/mypy (1,449 files, 10.8 MiB; 61k nodes, 200k rows) resolve and write 2.61–2.73 → 2.24–2.48 s.
 * Bytes say more than files: rows come from declarations and references, so from code.
 */
export const WRITE_THREAD_MIN_FILES = 2000;
export const WRITE_THREAD_MIN_BYTES = 8 * 1024 * 1024;

/**
 * Whether a run of these jobs builds its graph on a thread of its own (given a second core). Bytes
 * count only for a run that parses its files: when the cache answers, the thread's start-up no
 * longer hides behind extraction (python/mypy with one file changed: 3.95 → 3.89 s for 72 MiB more).
 */
export function writesOnThread(jobs: ReadonlyArray<Pick<ExtractJob, 'size'>>, cacheMayAnswer: boolean): boolean {
  if (jobs.length >= WRITE_THREAD_MIN_FILES) return true;
  if (cacheMayAnswer) return false;
  let bytes = 0;
  for (const job of jobs) bytes += job.size ?? 0;
  return bytes >= WRITE_THREAD_MIN_BYTES;
}
/** The report names skipped files (secrets, binaries, oversized, unreadable) up to this many. */
const MAX_LISTED_SKIPS = 200;

export async function indexRepository(rootArg: string, options: IndexOptions = {}): Promise<IndexReport> {
  // Extraction threads start first: a worker's start-up (its thread, modules, grammar) then
  // overlaps discovery. Unless the cache may answer for most files: then the main thread alone
  // looks them up, and workers are added for the files it has no entry for.
  const cacheDir = cacheDirFor(join(resolve(rootArg), DATABASE_RELATIVE_PATH), options);
  const coldStart = cacheDir === undefined || !ExtractionCache.mayHoldEntries(cacheDir);
  const pool = new ExtractionPool(coldStart ? poolSize(options.threads, Infinity) : 1);
  try {
    return await indexWith(pool, rootArg, options, !coldStart);
  } catch (error) {
    // Never seen: the updated graph would not have equalled the new rows (rolled back). A new file then.
    if (!(error instanceof InPlaceMismatchError)) throw error;
    (options.onNotice ?? ((m: string) => process.stderr.write(`arbor index: ${m}\n`)))(`the graph could not be updated in place (${error.message}); writing a new one`);
    return indexRepository(rootArg, { ...options, inPlace: false });
  } finally {
    await pool.close();
  }
}

/** What every phase of a run reads: where it runs and how it reports. */
export interface Run {
  root: string;
  rootArg: string;
  database: string;
  options: IndexOptions;
  progress: (progress: Progress) => void;
  notice: (message: string) => void;
  clock: ReturnType<typeof phaseClock>;
  /** When the run started (ms since the epoch): a file changed after it may change again unseen (stat-fast-path.ts). */
  startedAt: number;
}

/** A run over the tree at `rootArg` (checked to be a folder). */
export function startRun(rootArg: string, options: IndexOptions): Run {
  const root = checkRoot(rootArg);
  return {
    root,
    rootArg,
    database: join(root, DATABASE_RELATIVE_PATH),
    options,
    progress: options.onProgress ?? (() => {}),
    notice: options.onNotice ?? ((message: string) => process.stderr.write(`arbor index: ${message}\n`)),
    clock: phaseClock(),
    startedAt: Date.now(),
  };
}

/** Files left out of the graph: counted by reason, and the first MAX_LISTED_SKIPS named. */
interface Skips {
  counts: Record<string, number>;
  listed: Array<{ path: string; reason: string }>;
}

/** `cacheMayAnswer`: the cache folder held entries when the run started (else nothing is looked up). */
async function indexWith(pool: ExtractionPool, rootArg: string, options: IndexOptions, cacheMayAnswer: boolean): Promise<IndexReport> {
  const started = Date.now();
  const run = startRun(rootArg, options);
  // Before any work: what is at the database path may not be ours to replace.
  checkExistingDatabase(run.database, options.force ?? false, run.notice);
  // The graph is stored as resolution produces it (storage/graph-write-session.ts).
  let writer: GraphWriteSession | undefined;
  try {
    const discovered = await discoverSources(run);
    run.clock.lap('discover');
    const writeOptions = options.now === undefined ? {} : { now: options.now };
    // A cached re-index updates the graph in place when it can (storage/graph-update-in-place.ts).
    const update = cacheMayAnswer && options.inPlace !== false
      ? openInPlaceUpdate(run.database, { ...writeOptions, beforeCommit: options.beforeGraphCommit })
      : undefined;
    let graphWrite: GraphWriteSession;
    let mode: NonNullable<IndexReport['graphWrite']> = { mode: 'new-file' };
    if (update instanceof InPlaceGraphUpdate) graphWrite = update;
    else {
      if (update) mode = { mode: 'new-file', reason: update.refused };
      // On a thread of its own for a big run, started now so that its start-up overlaps extraction.
      const writeOnThread = options.writeOnThread ?? (writesOnThread(discovered.jobs, cacheMayAnswer) && availableParallelism() > 1);
      // A re-index that builds a new file because the graph could not be updated keeps digests of its rows, so the
      // next update need not read them back. Not a first build nor a --no-in-place run: they would pay their time
      // and memory (the rows' texts: 8% of python/mypy's re-index) for an update that may never come. A first build
      // the cache answers for (a shard merge: its graph is uploaded, and digests are believed only for the very file
      // they were taken of) is a first build too: about 15% of python/mypy's merge CPU.
      const keepGroupDigests = cacheMayAnswer && options.inPlace !== false && !update?.noGraph;
      graphWrite = startGraphWrite(run.database, { ...writeOptions, keepGroupDigests }, writeOnThread);
    }
    writer = graphWrite;

    // The record of the last pass, when the graph being updated has one to believe (resolution-reuse.ts).
    const record = graphWrite instanceof InPlaceGraphUpdate ? asResolutionRecord(graphWrite.previousRecord?.record) : undefined;
    const extracted = await extractSources(run, pool, discovered, cacheMayAnswer, record);
    const resolved = await resolveReferences(run, extracted, graphWrite, record, stampsToRecord(run, discovered));
    run.clock.lap('resolve');
    const report = reportOf(run, discovered, extracted, resolved);
    report.resolutionReuse = resolved.reuse;
    if (report.cache.used) report.cache.notRead = extracted.notRead;
    // The extractions go now, so the rest of the write's peak memory is the writer's alone.
    extracted.indexed.length = 0;
    extracted.hits.length = 0;

    const changes = await storeGraph(run, graphWrite, report);
    report.graphWrite = changes ? { mode: 'in-place', changes } : mode;
    run.clock.lap('write');
    // Only after the graph is in place: entries of files gone or changed since go.
    if (extracted.cache) {
      report.cache.pruned = extracted.cache.prune(extracted.liveEntries, extracted.runPack);
      run.clock.lap('prune');
    }
    report.timings = run.clock.times;
    report.durationMs = Date.now() - started;
    return report;
  } finally {
    // A run that fails on the way leaves the previous graph (a no-op after the graph is in place).
    await writer?.abandon();
  }
}

export interface Discovered {
  seen: number;
  /** One per file of a supported language, in discovery's order. */
  jobs: ExtractJob[];
  /** Each job's modification time, for files whose extraction comes back without one. */
  mtimes: Map<string, number>;
  /** What each job's stat said (stat-fast-path.ts), for the files discovery saw directly (not through a link). */
  stamps: Map<string, SeenStamp>;
  skips: Skips;
}

/** Discover: the files under the root, and the extraction job of each in a language arbor indexes. */
export async function discoverSources(run: Run): Promise<Discovered> {
  const { root, options } = run;
  const maxBytes = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  run.progress({ phase: 'discover', done: 0, total: 0 });
  const discovery = await discoverFiles(root, {
    respectGitignore: options.gitignore ?? true,
    exclude: options.exclude ?? [],
    maxFileSize: maxBytes,
    // Checked when the job reads the file, so no file is opened twice.
    sniffBinary: false,
  });

  // A root that cannot be listed would give an empty graph in place of a good one.
  const rootUnreadable = discovery.skipped.find((s) => s.path === './' && s.reason === 'unreadable');
  if (rootUnreadable) {
    throw new IndexError(`cannot list the root folder ${run.rootArg}: ${rootUnreadable.detail ?? 'unreadable'}; the previous graph is kept`);
  }

  const skips: Skips = { counts: {}, listed: [] };
  for (const s of discovery.skipped) skip(skips, s.reason);
  if (discovery.ignored > 0) skips.counts.ignored = discovery.ignored;
  if (discovery.unsupported > 0) skips.counts['no-language'] = discovery.unsupported;
  skips.listed = discovery.skipped.slice(0, MAX_LISTED_SKIPS).map((s) => ({ path: s.path, reason: s.reason as string }));

  const jobs: ExtractJob[] = [];
  const mtimes = new Map<string, number>();
  const stamps = new Map<string, SeenStamp>();
  const chosen = options.languages === undefined ? undefined : new Set<string>(options.languages);
  for (const file of discovery.files) {
    if (!isSupportedLanguage(file.language)) {
      skip(skips, 'language-not-supported-yet');
      continue;
    }
    if (chosen && !chosen.has(file.language)) {
      skip(skips, 'language-not-chosen');
      continue;
    }
    mtimes.set(file.path, file.mtimeMs);
    if (file.stamp !== undefined && file.changedAtMs !== undefined) stamps.set(file.path, { stamp: file.stamp, changedAtMs: file.changedAtMs });
    jobs.push({ id: jobs.length, path: file.path, absolutePath: file.absolutePath, language: file.language, root, maxBytes, size: file.size });
  }
  return { seen: discovery.seen, jobs, mtimes, stamps, skips };
}

function skip(skips: Skips, reason: string): void {
  skips.counts[reason] = (skips.counts[reason] ?? 0) + 1;
}

export interface Extracted {
  /** Every indexed file, sorted by path. */
  indexed: IndexedFile[];
  /** The files whose extraction came from the cache (also in `indexed`). */
  hits: IndexedFile[];
  poolRun: PoolRun;
  /** Some file was parsed in this run (not every one came from the cache). */
  extractedHere: boolean;
  cache: ExtractionCache | undefined;
  /** The entries the cache keeps after this run (prune): one per indexed file, named as it is looked up and stored. */
  liveEntries: Set<string>;
  /** The pack this run's new entries went into. */
  runPack: ReturnType<PackWriter['finish']> | undefined;
  /** For files whose content changed since the resolution record: the extraction they had then, where the cache still has it. */
  previous: Map<string, FileExtraction>;
  /** Files not read: their stamp was the one the record names (stat-fast-path.ts). */
  notRead: number;
}

/**
 * Extract: each file's extraction, from the cache or parsed. A file whose cache entry is there is not
 * parsed; an entry that fails its checks is parsed in a second round. Workers extract the files
 * without one while the main thread reads the entries.
 */
export async function extractSources(run: Run, pool: ExtractionPool, discovered: Discovered, cacheMayAnswer: boolean, record?: ResolutionRecord): Promise<Extracted> {
  const { root, options, progress } = run;
  const { jobs, mtimes, skips } = discovered;
  const maxBytes = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  const cache = openCache(run.root, run.database, options, run.notice);
  const lookupNeeded = cache !== undefined && jobs.length > 0 && cacheMayAnswer;
  const indexed: IndexedFile[] = [];
  // Every extraction is held until the end of resolution, a file's call sites only for its own: held as bytes (deferred-sites.ts).
  const withCache = (list: ExtractJob[]) => list.map((job) => ({ ...job, detachCallSites: true, ...(cache ? { encodeForCache: true } : {}) }));
  const pack = cache?.writer();
  const liveEntries = new Set<string>();
  // Every extraction is held until the write: one copy of each repeated text of those that come from a thread (string-pool.ts).
  const texts = new StringPool();

  let done = 0;
  progress({ phase: 'extract', done, total: jobs.length });
  const onOutcome = (job: ExtractJob, outcome: JobOutcome) => {
    done++;
    if (outcome.type === 'unreadable') {
      const reason = outcome.reason ?? 'unreadable';
      skip(skips, reason);
      if (skips.listed.length < MAX_LISTED_SKIPS) skips.listed.push({ path: job.path, reason: outcome.message ? `${reason}: ${outcome.message}` : reason });
    }
    else {
      if (outcome.cacheEntry) pack?.add(outcome.cacheEntry.name, outcome.cacheEntry.bytes);
      if (cache) liveEntries.add(outcome.cacheEntry?.name ?? cache.entry(job.path, job.language, outcome.contentHash).name);
      const extraction = texts.intern(outcome.extraction);
      if (outcome.callSites) deferCallSites(extraction, outcome.callSites, true);
      indexed.push({
        extraction,
        contentHash: outcome.contentHash,
        size: outcome.size,
        modifiedAt: Math.floor(outcome.mtimeMs ?? mtimes.get(job.path)!),
      });
    }
    progress({ phase: 'extract', done, total: jobs.length, path: job.path });
  };
  const hits: IndexedFile[] = [];
  const previous = new Map<string, FileExtraction>();
  let extractedHere = false;
  let poolRun: PoolRun = { grammarsLoaded: [], threads: 0, compiledByWorkers: [] };
  let notRead = 0;
  try {
    const hashed = lookupNeeded ? hashSources(cache, root, jobs, maxBytes, (job) => unchangedByStamp(record, job.path, job.language, discovered.stamps.get(job.path))) : [];
    notRead = hashed.filter((h) => h.notRead).length;
    const firstRound = lookupNeeded ? hashed.filter((h) => !h.entryPresent).map((h) => h.job) : jobs;
    // A pool started small for a cache that turned out not to answer grows here (a no-op otherwise).
    pool.growTo(poolSize(options.threads, firstRound));
    const firstPool = pool.extract(withCache(firstRound), onOutcome);
    const secondRound: ExtractJob[] = [];
    for (const h of hashed) {
      if (!h.entryPresent) continue;
      // Without its call sites: only the file's own resolution reads them (resolution-interface.ts), and they are parsed
      // when it is resolved (`withCallSites`), never for a file whose rows are kept.
      const cached = cache!.read(h.entry!, h.size!, false);
      if (cached === undefined || cached.size !== h.size) {
        secondRound.push(h.job);
        continue;
      }
      // JSON.parse already shares the short texts of what it reads: pooling a hit's would only cost the merge time.
      hits.push({ extraction: cached.extraction, contentHash: h.contentHash!, size: h.size!, modifiedAt: h.modifiedAt! });
      liveEntries.add(h.entry!.name);
    }
    // What a changed file was when the record was written: whether the other files can see the change.
    for (const h of hashed) {
      const was = record && Object.hasOwn(record.files, h.job.path) ? record.files[h.job.path] : undefined;
      if (!was || h.contentHash === undefined || was.language !== h.job.language || (was.content === h.contentHash && h.entryPresent)) continue;
      // Only its interface is compared, which holds no call site.
      const before = cache!.read(cache!.entry(h.job.path, h.job.language, was.content), was.size, false);
      if (before !== undefined && before.size === was.size) previous.set(h.job.path, before.extraction);
    }
    cache?.close();
    indexed.push(...hits);
    done += hits.length;
    run.clock.lap('cacheLookup');
    await firstPool;
    await pool.extract(withCache(secondRound), onOutcome);
    extractedHere = firstRound.length + secondRound.length > 0;
  } catch (error) {
    pack?.abandon();
    cache?.close();
    throw error;
  } finally {
    // Now, not after the write: an idle worker's memory would add to the write's peak.
    poolRun = await pool.close();
  }
  const runPack = pack?.finish();
  run.clock.lap('extract');
  indexed.sort((a, b) => (a.extraction.path < b.extraction.path ? -1 : a.extraction.path > b.extraction.path ? 1 : 0));
  return { indexed, hits, poolRun, extractedHere, cache, liveEntries, runPack, previous, notRead };
}

interface Resolved {
  nodes: { total: number; byKind: Record<string, number> };
  stats: ResolutionStats;
  reuse: NonNullable<IndexReport['resolutionReuse']>;
}

/**
 * Resolve: every reference site against the whole workspace, the rows handed to the write as they come.
 * A re-index whose record allows it (resolution-reuse.ts) resolves only the changed files and keeps the
 * other files' rows; its rows are held back until the pass is known to have met no cut lookup and no
 * failing hook, else every file is resolved as always. Either way a record of this pass goes beside the graph.
 */
async function resolveReferences(
  run: Run,
  extracted: Extracted,
  graphWrite: GraphWriteSession,
  record: ResolutionRecord | undefined,
  stamps: ReadonlyMap<string, string>,
): Promise<Resolved> {
  const { indexed } = extracted;
  run.progress({ phase: 'resolve', done: 0, total: indexed.length });
  const extractions = new Map(indexed.map((f) => [f.extraction.path, f.extraction]));
  let whyNot: string | undefined;
  if (record && graphWrite instanceof InPlaceGraphUpdate) {
    const fromCache = new Set(extracted.hits.map((hit) => hit.extraction.path));
    const plan = planReuse(record, indexed, fromCache, extracted.previous, (path) => configDigest(readConfigText(run.root, path)));
    if ('whyNot' in plan) whyNot = plan.whyNot;
    else {
      for (const path of plan.resolve) withCallSites(extractions.get(path)!);
      const partial = await resolvePass(run, indexed, extractions, { only: plan.resolve }, record.configReads);
      if (partial.cuts === 0 && partial.stats.hookFailures.length === 0) {
        const next = nextRecord(indexed, partial.perFile, record, partial.configReads, partial.stats, 0, stamps);
        graphWrite.keep(plan.kept, keptRows(record, plan.kept));
        partial.rows.replay(graphWrite);
        graphWrite.keepRecord(next);
        return { nodes: nodesOf(next), stats: statsOf(next, partial.stats.hookFailures), reuse: { resolved: plan.resolve.size, kept: plan.kept.size } };
      }
      whyNot = partial.cuts > 0 ? 'resolving the changed files cut lookups short' : 'an import-resolver hook failed';
    }
  } else if (graphWrite instanceof InPlaceGraphUpdate) whyNot = 'no resolution record of this graph';
  // Files read without their call sites get them as they are resolved: parsed then, gone once used (releaseResolved),
  // they are never all alive at once (python/mypy, every file from the cache: less garbage collection).
  const full = await resolvePass(run, indexed, extractions, { beforeResolving: withCallSites, replaced: moveCallSites }, {}, graphWrite);
  graphWrite.keepRecord(nextRecord(indexed, full.perFile, undefined, full.configReads, full.stats, full.cuts, stamps));
  return { nodes: full.nodes, stats: full.stats, reuse: { resolved: indexed.length, kept: 0, ...(whyNot ? { whyNot } : {}) } };
}

/**
 * One resolution pass, its rows to `sink` or, without one, held (`rows`) for the caller to hand over.
 * `configReads`: the configuration files already read for the kept rows (the record's), joined by this pass's.
 */
async function resolvePass(
  run: Run,
  indexed: IndexedFile[],
  extractions: ReadonlyMap<string, FileExtraction>,
  scope: {
    only?: ReadonlySet<string>;
    beforeResolving?: (file: FileExtraction) => void;
    replaced?: (original: FileExtraction, copy: FileExtraction) => void;
  },
  configReads: Record<string, string | null>,
  sink?: GraphWriteSession,
) {
  const reads = { ...configReads };
  const workspace = workspaceView(run.root, extractions, (path, text) => { reads[path] = configDigest(text); });
  const languages = await resolutionLanguagesFor(workspace, indexed.map((f) => f.extraction.language));
  const rows = new HeldRows();
  const to = sink ?? rows;
  let nodes = { total: 0, byKind: {} as Record<string, number> };
  const perFile = new Map<string, FileResolution>();
  const cutsBefore = cutsSoFar();
  // The full pass is the last to read these extractions (they go as it reads them); one over the changed files
  // alone may be followed by a full one.
  const stats = streamGraph(indexed, languages, {
    declared(nodeRows, fileRows) {
      nodes = { total: nodeRows.length, byKind: countBy(nodeRows, (n) => n.kind) };
      to.declared(nodeRows, fileRows);
    },
    resolved(edges, unresolved) {
      to.resolved(edges, unresolved);
    },
  }, run.options.now, { ...scope, perFile, releaseResolved: scope.only === undefined });
  return { nodes, stats, perFile, rows, cuts: cutsSoFar() - cutsBefore, configReads: reads };
}

/** Rows held back until the pass that gave them is known to stand. */
class HeldRows {
  private declaredRows?: Parameters<GraphWriteSession['declared']>;
  private readonly resolvedRows: Array<Parameters<GraphWriteSession['resolved']>> = [];

  declared(...rows: Parameters<GraphWriteSession['declared']>): void {
    this.declaredRows = rows;
  }

  resolved(...rows: Parameters<GraphWriteSession['resolved']>): void {
    this.resolvedRows.push(rows);
  }

  replay(to: Pick<GraphWriteSession, 'declared' | 'resolved'>): void {
    if (this.declaredRows) to.declared(...this.declaredRows);
    for (const rows of this.resolvedRows) to.resolved(...rows);
  }
}

/** The stamps this run records, by path: those of files that had not changed shortly before it started (stat-fast-path.ts). */
function stampsToRecord(run: Run, discovered: Discovered): Map<string, string> {
  const stamps = new Map<string, string>();
  for (const [path, seen] of discovered.stamps) {
    const stamp = stampToRecord(seen, run.startedAt);
    if (stamp !== undefined) stamps.set(path, stamp);
  }
  return stamps;
}

/** A configuration file's text as the language modules read it (workspaceView), undefined when refused or absent. */
function readConfigText(root: string, relativePath: string): string | undefined {
  const read = readTextInsideRoot(root, relativePath, { maxBytes: DEFAULT_READ_CAP });
  return read.ok ? read.text : undefined;
}

/** What the files' syntax errors cost them, as each file's extraction recorded it. */
function parseLossesOf(extractions: FileExtraction[]): IndexReport['parseLosses'] {
  const files = extractions.flatMap((e) => (e.declarationsLost ? [{ path: e.path, declarations: e.declarationsLost }] : []));
  return {
    declarations: files.reduce((sum, f) => sum + f.declarations, 0),
    files,
    unchecked: extractions.filter((e) => e.errors.some((error) => error.code === LOSSES_UNCHECKED)).map((e) => e.path),
  };
}

/** The run's report, before the write (which adds the edges) and the cache's prune. */
function reportOf(run: Run, discovered: Discovered, extracted: Extracted, resolved: Resolved): IndexReport {
  const { indexed, hits, poolRun, cache } = extracted;
  const { stats } = resolved;
  // The grammars the graph's files were parsed with, whether parsed now or taken from the cache:
  // the report (stored in the graph) is the same either way.
  const grammarsUsed = new Set(poolRun.grammarsLoaded);
  for (const hit of hits) grammarsUsed.add(hit.extraction.language);
  const notExtracted = indexed.flatMap(({ extraction }) => {
    const failure = extractionFailure(extraction);
    return failure ? [{ path: extraction.path, message: failure.message }] : [];
  });
  const filesWithErrors = indexed
    .filter(({ extraction }) => !extractionFailure(extraction) && extraction.errors.some((e) => e.severity === 'error'))
    .map((f) => f.extraction.path);

  return {
    root: run.root,
    database: run.database,
    files: { seen: discovered.seen, indexed: indexed.length, skipped: discovered.skips.counts, skippedFiles: discovered.skips.listed },
    nodes: resolved.nodes,
    edges: { total: 0, byKind: {} },
    grammarsLoaded: [...grammarsUsed].sort(),
    // Threads that extracted something: a run whose files all came from the cache reports none.
    threads: extracted.extractedHere ? poolRun.threads : 0,
    cache: cache
      ? { used: true, dir: cache.dir, fromCache: hits.length, extracted: indexed.length - hits.length, pruned: 0, ...secretNote(run.root) }
      : { used: false, fromCache: 0, extracted: indexed.length, pruned: 0 },
    filesWithParseErrors: filesWithErrors,
    parseLosses: parseLossesOf(indexed.map(({ extraction }) => extraction)),
    filesNotExtracted: notExtracted.slice(0, MAX_LISTED_SKIPS),
    filesNotExtractedCount: notExtracted.length,
    resolution: { resolvedBy: stats.resolvedBy, unresolvedByReason: stats.unresolvedByReason },
    hookFailures: stats.hookFailures,
    unresolved_count: stats.unresolvedCount,
    unresolved_likely_internal_count: stats.unresolvedLikelyInternalCount,
    durationMs: 0,
    arborVersion: ARBOR_VERSION,
  };
}

/** Write: the graph's metadata (the report's lasting part), then the database moved into place. */
async function storeGraph(run: Run, graphWrite: GraphWriteSession, report: IndexReport): Promise<InPlaceChanges | undefined> {
  run.progress({ phase: 'write', done: 0, total: report.nodes.total });
  const written = await graphWrite.finish({
    arbor_extraction_version: String(EXTRACTION_VERSION),
    ...(run.options.configuration ? { [CONFIGURATION_METADATA_KEY]: JSON.stringify(run.options.configuration) } : {}),
    arbor_index_report: JSON.stringify({
      files: { seen: report.files.seen, indexed: report.files.indexed, skipped: report.files.skipped },
      grammarsLoaded: report.grammarsLoaded,
      unresolved_count: report.unresolved_count,
      unresolved_likely_internal_count: report.unresolved_likely_internal_count,
      resolution: report.resolution,
    }),
  });
  report.edges = { total: written.edges, byKind: sortKeys(written.edgesByKind) };
  return 'changes' in written ? (written as { changes: InPlaceChanges }).changes : undefined;
}

/**
 * The cache for this run: `--cache-dir`, or `.codegraph/cache/` beside the graph (whose folder
 * and .gitignore are prepared first, so the cache is never there unignored). None with
 * `--no-cache`, or when the folder cannot be used (then this run is cold, and says why).
 */
function openCache(root: string, database: string, options: IndexOptions, notice: (message: string) => void): ExtractionCache | undefined {
  const dir = cacheDirFor(database, options);
  if (dir === undefined) return undefined;
  const own = options.cacheDir === undefined;
  if (own) prepareDatabaseLocation(dirname(database), database, true);
  const opened = ExtractionCache.open(dir, own, root);
  if (opened instanceof ExtractionCache) {
    // A secret the checkout supplies signs nothing that is believed: said once per run.
    const refused = secretInsideRoot(root);
    if (refused) notice(refused);
    return opened;
  }
  notice(`extraction cache not used: ${opened.unusable}`);
  return undefined;
}

/** The report's word on a cache secret the checkout would have supplied (cache-secret.ts). */
function secretNote(root: string): { secretRefused?: string } {
  const refused = secretInsideRoot(root);
  return refused ? { secretRefused: refused } : {};
}

/** The cache folder of a run: `--cache-dir`, else beside the graph; none with `--no-cache`. */
export function cacheDirFor(database: string, options: IndexOptions): string | undefined {
  if (options.cache === false) return undefined;
  return options.cacheDir !== undefined ? resolve(options.cacheDir) : defaultCacheDir(database);
}

interface HashedSource {
  job: ExtractJob;
  /** Not read: its stamp said it is what the record names (stat-fast-path.ts). */
  notRead?: boolean;
  /** Absent when the file could not be read here (a worker then reports it as every run does). */
  contentHash?: string;
  size?: number;
  modifiedAt?: number;
  /** This content's cache entry (absent when the file could not be read here). */
  entry?: CacheEntryRef;
  /** A pack lists that entry (not yet checked). */
  entryPresent: boolean;
}

/**
 * Reads and hashes every file on the main thread and notes which have a cache entry; a file whose stamp is
 * the recorded one (`unchanged`) is not read: its content is the recorded one.
 */
function hashSources(
  cache: ExtractionCache,
  root: string,
  jobs: ExtractJob[],
  maxBytes: number,
  unchanged: (job: ExtractJob) => { contentHash: string; size: number; modifiedAt: number } | undefined,
): HashedSource[] {
  return jobs.map((job) => {
    const known = unchanged(job);
    if (known) {
      const entry = cache.entry(job.path, job.language, known.contentHash);
      return { job, ...known, entry, entryPresent: cache.has(entry), notRead: true };
    }
    const read = readSourceFile(root, job.path, maxBytes);
    // A file the job will refuse (binary) is left to the job, which reports it as every run does.
    if (!read.ok || looksBinaryBytes(read.bytes)) return { job, entryPresent: false };
    const contentHash = sha256Hex(read.bytes);
    const entry = cache.entry(job.path, job.language, contentHash);
    return { job, contentHash, size: read.bytes.length, modifiedAt: Math.floor(read.mtimeMs), entry, entryPresent: cache.has(entry) };
  });
}

function checkExistingDatabase(database: string, force: boolean, notice: (message: string) => void): void {
  const existing = inspectExistingDatabase(database);
  if (existing.kind === 'migrated') {
    notice(`replacing a codegraph schema v${existing.version} graph (migrated forward by codegraph 1.x) with a schema v4 graph; codegraph 1.x migrates it again when it opens it`);
    return;
  }
  if (existing.kind !== 'foreign' && existing.kind !== 'future') return;
  const what = existing.kind === 'foreign'
    ? `is not a codegraph graph (${existing.detail})`
    : `holds a codegraph schema v${existing.version} graph, newer than any codegraph release arbor knows (v1–v${NEWEST_KNOWN_CODEGRAPH_SCHEMA})`;
  if (force) {
    notice(`${database} ${what}; replacing it (--force)`);
    return;
  }
  throw new IndexError(`${database} ${what}; refusing to replace it. Move it away, or pass --force to replace it`);
}

function checkRoot(rootArg: string): string {
  const root = resolve(rootArg);
  let stats;
  try {
    stats = statSync(root);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new IndexError(code === 'ENOENT' ? `root folder does not exist: ${rootArg}` : `cannot read root folder ${rootArg}: ${code ?? error}`);
  }
  if (!stats.isDirectory()) throw new IndexError(`root is not a folder: ${rootArg}`);
  return root;
}

/**
 * What language modules may read: every indexed file's extraction, and config files (tsconfig.json and its `extends` chain,
 * package.json, setup.cfg, pyproject.toml). They come from the untrusted checkout, so every
 * read follows the safe-read rules: inside the real root (a symlink out of it is not read),
 * a regular file (a FIFO cannot block the run, a device cannot fill memory), at most 1 MiB.
 * Anything refused reads as absent.
 */
function workspaceView(root: string, extractions: ReadonlyMap<string, FileExtraction>, onRead: (path: string, text: string | undefined) => void): WorkspaceView {
  const cache = new Map<string, string | undefined>();
  return {
    root,
    files: new Set(extractions.keys()),
    extraction: (relativePath) => extractions.get(relativePath),
    readText(relativePath) {
      if (cache.has(relativePath)) return cache.get(relativePath);
      const text = readConfigText(root, relativePath);
      cache.set(relativePath, text);
      // What resolution read decides whether a later re-index may keep rows (resolution-reuse.ts).
      onRead(relativePath, text);
      return text;
    },
  };
}

function countBy<T>(items: Iterable<T>, key: (item: T) => string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const item of items) out[key(item)] = (out[key(item)] ?? 0) + 1;
  return sortKeys(out);
}

function sortKeys(counts: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}
