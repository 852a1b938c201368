/**
 * The extraction threads: the main thread's own lane plus worker threads. A WASM parser runs on
 * the thread that calls it, so one thread per core is what turns a multi-core machine into
 * parsing throughput; the main thread is one of them (during extraction it has little else to do,
 * and a worker it need not start saves that worker's start-up and its WASM runtime's memory).
 *
 * Jobs are handed out as threads ask (files vary wildly in size, so static partitioning would
 * leave cores idle), largest first to the workers and smallest first to the main thread: the last
 * files of a run are small, so no thread is left with a big one while the others idle, and the
 * main thread's parser memory (it grows to the largest tree it has held, and stays) stays small.
 * Each worker has a few jobs queued beyond the one it works on, so it never waits a round trip to
 * the main thread, which may be busy with a file of its own.
 *
 * The pool is started before its jobs are known: the workers' start-up (thread, modules, later a
 * grammar) then overlaps the main thread's discovery and cache lookup.
 *
 * A file that leaves its thread's parser runtime damaged (a WebAssembly trap, a stack overflow:
 * parsing/runtime-crash.ts) retires that thread: a worker is stopped and replaced, the main thread
 * stops parsing for good (its runtime cannot be re-created) and leaves its share to workers. The
 * jobs the thread had queued go to other threads, and the file itself is run once more on a
 * worker: a fresh runtime's outcome is what the file gives, whatever state the other files had
 * left the first one in (the parser crashed on it, or what its nesting let be extracted).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CompiledName } from '../parsing/compiled-modules.js';
import { compiledGrammar } from '../parsing/grammar-loader.js';
import { thisThreadsRuntimeRetired } from '../parsing/runtime-crash.js';
import { withBaselineWasm } from '../parsing/wasm-tiering.js';
import { runExtractJob, type JobOutcome } from './extract-job.js';
import type { ExtractJob, WorkerReply, WorkerRequest } from './messages.js';
import { compiledWorkerScript } from './worker-script.js';

export type { JobOutcome } from './extract-job.js';

export interface PoolRun {
  grammarsLoaded: string[];
  /** The threads that extracted (the main thread's lane counts as one). */
  threads: number;
  /** Modules a worker compiled itself instead of being handed them (none, unless the hand-over failed). */
  compiledByWorkers: string[];
}

/** Jobs sent to a worker ahead of its answers: the one it works on and the next ones. */
const QUEUE_DEPTH = 3;

/**
 * A worker's young generation is capped small. What a worker allocates is mostly short-lived (the
 * nodes a language's rules ask for, one file's extraction until it is sent), so scavenges stay cheap, and V8's default lets the young generation grow
 * to tens of MiB that stay resident. Measured, side by side: the worker's heap went from 53 to 30 MiB
 * on vuejs/core, and the run's peak RSS from 194 to 182 MiB (gson: from 169–177 to 161–166 MiB),
 * with no slower run on vuejs/core, gson or mypy. The main thread's young generation can only be
 * set when the process starts.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 4 };

/** Below this many files per thread, another thread costs more than it saves. */
const MIN_JOBS_PER_THREAD = 8;
/**
 * Nor below this much source per thread. A worker pays for itself only when its share takes longer
 * than linking the grammars it needs into its runtime, even from the compiled modules it is handed
 * (parsing/compiled-modules.ts): 90–150 ms for tree-sitter's runtime and 115–135 ms for Kotlin's
 * grammar, measured on this two-core machine under load, against an extraction rate of about 1–2 MB
 * of source per second and thread. So a few small files are extracted on the main thread alone.
 */
const MIN_BYTES_PER_THREAD = 128 * 1024;

/** How many threads the work is worth: one per 8 files and per 128 KiB of source (a job of unknown size counts as enough). */
export function threadsForWork(jobs: readonly Pick<ExtractJob, 'size'>[]): number {
  let bytes = 0;
  for (const job of jobs) bytes += job.size ?? MIN_BYTES_PER_THREAD;
  return Math.max(1, Math.min(Math.ceil(jobs.length / MIN_JOBS_PER_THREAD), Math.ceil(bytes / MIN_BYTES_PER_THREAD)));
}

/**
 * How many extraction threads `threads` asks for on this machine (more than cores only adds memory:
 * each worker costs a WASM runtime) for `jobs`, or for work not known yet (`Infinity`).
 */
export function poolSize(threads: number | undefined, jobs: readonly Pick<ExtractJob, 'size'>[] | number): number {
  const wanted = Math.min(threads ?? availableParallelism(), availableParallelism());
  // No point starting more threads than there is work worth sharing out.
  const worth = typeof jobs === 'number' ? Math.ceil(jobs / MIN_JOBS_PER_THREAD) || 1 : threadsForWork(jobs);
  return Math.max(1, Math.min(wanted, worth));
}

/** Test seams: the worker script, and what the main thread's lane runs a job with. */
export interface PoolOptions {
  workerScript?: URL;
  runOnMainThread?: (job: ExtractJob) => Promise<JobOutcome>;
}

interface PoolWorker {
  worker: Worker;
  /** The thread's place in the pool: a worker that replaces a retired one takes its place. */
  slot: number;
  /** Jobs sent and not answered, in the order sent (a worker answers in that order). */
  inFlight: ExtractJob[];
  alive: boolean;
  /** Whether it was given a job (the report counts the threads that extracted). */
  used: boolean;
  grammars?: (reply: Extract<WorkerReply, { type: 'grammars' }>) => void;
  /** Compiled modules sent to it (or whose compile failed: the worker then meets the failure itself). */
  sent: Set<CompiledName>;
  /** Messages go out through this chain, so a compiled module is posted before the jobs that need it. */
  outbox: Promise<void>;
}

interface CurrentRun {
  /** Largest first. */
  jobs: ExtractJob[];
  /** The next job from the large end, and one past the next from the small end. */
  next: number;
  last: number;
  /** Jobs a dead worker had queued but not started: handed out again first. */
  retry: ExtractJob[];
  /** Files that damaged their thread's runtime, to run once more on a worker. */
  reruns: ExtractJob[];
  outstanding: number;
  onOutcome: (job: ExtractJob, outcome: JobOutcome) => void;
  finished: () => void;
}

export class ExtractionPool {
  private readonly workers: PoolWorker[] = [];
  /** Grammars the main thread's lane parsed with. */
  private readonly laneGrammars = new Set<string>();
  private run: CurrentRun | undefined;
  private laneRunning = false;
  private closing: Promise<PoolRun> | undefined;
  /** Grammars of the files that workers extracted (a retired worker cannot report its own). */
  private readonly workerGrammars = new Set<string>();
  private nextSlot = 0;
  private readonly workerScript: URL;
  private readonly runOnMainThread: (job: ExtractJob) => Promise<JobOutcome>;

  /** A pool of `threads` extraction threads: the main thread and `threads - 1` workers, started now. */
  constructor(threads: number, options: PoolOptions = {}) {
    this.workerScript = options.workerScript ?? compiledWorkerScript(import.meta.url, 'workers/extract-worker.js');
    this.runOnMainThread = options.runOnMainThread ?? runExtractJob;
    this.growTo(threads);
  }

  /** Adds workers up to `threads` in all (for a run that turned out larger than the pool was started for). */
  growTo(threads: number): void {
    while (this.liveWorkers().length + 1 < threads) this.addWorker(this.nextSlot++);
  }

  /** Runs every job, calling `onOutcome` as results arrive (in completion order). One run at a time. */
  extract(jobs: ExtractJob[], onOutcome: (job: ExtractJob, outcome: JobOutcome) => void): Promise<void> {
    if (this.closing) throw new Error('extraction pool is closed');
    if (this.run) throw new Error('extraction pool is already running');
    if (jobs.length === 0) return Promise.resolve();
    return new Promise<void>((finished) => {
      const bySize = [...jobs].sort((a, b) => (b.size ?? 0) - (a.size ?? 0) || a.id - b.id);
      this.run = {
        jobs: bySize, next: 0, last: bySize.length, retry: [], reruns: [], outstanding: jobs.length, onOutcome,
        finished: () => { this.run = undefined; finished(); },
      };
      // A main thread whose runtime was retired parses nothing: a worker takes its share.
      const laneRetired = thisThreadsRuntimeRetired();
      if (laneRetired && this.liveWorkers().length === 0) this.addWorker(this.nextSlot++);
      // A few files are done sooner by the main thread than by a worker that may still be starting.
      const helpers = laneRetired ? this.liveWorkers() : this.liveWorkers().slice(0, threadsForWork(jobs) - 1);
      for (const w of helpers) this.feed(w);
      // The main thread alone on a few files: optimising their parser's code would cost more than it saves.
      if (helpers.length === 0) void withBaselineWasm(() => this.lane());
      else void this.lane();
    });
  }

  /** Stops every worker; the grammars used are the run's report. Closing again gives the same report. */
  close(): Promise<PoolRun> {
    return (this.closing ??= this.stop());
  }

  private async stop(): Promise<PoolRun> {
    const grammars = new Set([...this.laneGrammars, ...this.workerGrammars]);
    const compiledByWorkers = new Set<string>();
    // A worker never given a job loaded no grammar: it is stopped without waiting for its start-up.
    await Promise.all(
      this.liveWorkers().filter((w) => w.used).map(
        (w) =>
          new Promise<void>((resolve) => {
            w.grammars = (reply) => {
              reply.loaded.forEach((g) => grammars.add(g));
              reply.compiledHere.forEach((name) => compiledByWorkers.add(name));
              resolve();
            };
            // A worker that dies instead of answering resolves through its exit.
            w.worker.once('exit', () => resolve());
            w.outbox = w.outbox.then(() => w.worker.postMessage({ type: 'report-grammars' } satisfies WorkerRequest));
          }),
      ),
    );
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
    return {
      grammarsLoaded: [...grammars].sort(),
      threads: 1 + new Set(this.workers.filter((w) => w.used).map((w) => w.slot)).size,
      compiledByWorkers: [...compiledByWorkers].sort(),
    };
  }

  /** The main thread's share: one job at a time, yielding between jobs so workers' answers are taken and they are fed. */
  private async lane(): Promise<void> {
    if (this.laneRunning) return;
    this.laneRunning = true;
    try {
      for (;;) {
        const run = this.run;
        if (thisThreadsRuntimeRetired()) return;
        const job = run && this.take(run, 'smallest');
        if (!job) return;
        const outcome = await this.runOnMainThread(job);
        if (outcome.runtimeDamage) {
          // Nothing more is parsed here: the workers take the rest (one is started if none is left).
          if (this.liveWorkers().length === 0) this.addWorker(this.nextSlot++);
          this.afterDamage(job, outcome);
          return;
        }
        noteGrammar(this.laneGrammars, outcome);
        this.settle(job, outcome);
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
    } finally {
      this.laneRunning = false;
    }
  }

  private liveWorkers(): PoolWorker[] {
    return this.workers.filter((w) => w.alive);
  }

  private addWorker(slot: number): PoolWorker {
    const w: PoolWorker = {
      worker: new Worker(this.workerScript, { resourceLimits: WORKER_LIMITS }), slot, inFlight: [], alive: true, used: false,
      sent: new Set(), outbox: Promise.resolve(),
    };
    this.workers.push(w);
    // Compiled while the worker starts; it instantiates this instead of compiling tree-sitter's own.
    this.sendCompiled(w, 'runtime');
    w.worker.on('message', (reply: WorkerReply) => {
      if (reply.type === 'grammars') {
        w.grammars?.(reply);
        return;
      }
      // A retired worker's later answers came from a runtime that cannot be trusted.
      if (!w.alive) return;
      const job = w.inFlight.shift();
      if (!job) return;
      if (reply.runtimeDamage) {
        this.retireWorker(w);
        this.afterDamage(job, reply);
        return;
      }
      noteGrammar(this.workerGrammars, reply);
      this.settle(job, reply);
      this.feed(w);
    });
    // A worker that dies (out of memory on a pathological file, say) fails only the file it was
    // working on; what it had queued goes to the other threads.
    w.worker.on('error', (error) => this.lose(w, `worker crashed: ${error.message}`));
    w.worker.on('exit', (code) => this.lose(w, `worker exited with code ${code}`));
    return w;
  }

  private lose(w: PoolWorker, message: string): void {
    if (!w.alive) return;
    w.alive = false;
    const [current, ...queued] = w.inFlight;
    w.inFlight = [];
    const run = this.run;
    if (!run) return;
    run.retry.push(...queued);
    if (current) this.settle(current, { type: 'unreadable', id: current.id, message });
    if (!this.run) return;
    // With the main thread retired, some worker must be left to take the rest.
    if (thisThreadsRuntimeRetired() && this.liveWorkers().length === 0) this.feed(this.addWorker(w.slot));
    void this.lane();
  }

  /** Stops a worker whose runtime a file damaged, hands its queued jobs on, and puts a fresh worker in its place. */
  private retireWorker(w: PoolWorker): void {
    w.alive = false;
    const queued = w.inFlight;
    w.inFlight = [];
    void w.worker.terminate();
    const run = this.run;
    if (!run) return;
    run.retry.unshift(...queued);
    this.feed(this.addWorker(w.slot));
  }

  /**
   * A file damaged its thread's runtime: the first time, it is run once more on a worker (a fresh
   * one when the thread was a worker); the second time, that outcome stands (the parser crashed on
   * it, or what its nesting let be extracted).
   */
  private afterDamage(job: ExtractJob, outcome: JobOutcome): void {
    const run = this.run;
    if (!run) return;
    if (job.rerun) {
      const { runtimeDamage: _, ...kept } = outcome;
      if (kept.type === 'done') noteGrammar(this.workerGrammars, kept);
      this.settle(job, kept);
    } else {
      run.reruns.push({ ...job, rerun: true });
    }
    for (const w of this.liveWorkers()) this.feed(w);
    if (this.run && !thisThreadsRuntimeRetired()) void this.lane();
  }

  private settle(job: ExtractJob, outcome: JobOutcome): void {
    const run = this.run;
    if (!run) return;
    run.onOutcome(job, outcome);
    run.outstanding--;
    if (run.outstanding === 0) run.finished();
  }

  private take(run: CurrentRun, end: 'largest' | 'smallest'): ExtractJob | undefined {
    // Re-runs go to workers only: a file that may crash a runtime is kept off the main thread's.
    const rerun = end === 'largest' ? run.reruns.shift() : undefined;
    if (rerun) return rerun;
    const retried = run.retry.shift();
    if (retried) return retried;
    if (run.next >= run.last) return undefined;
    return end === 'largest' ? run.jobs[run.next++] : run.jobs[--run.last];
  }

  /** Posts `request` to a worker after the compiled module it `needs`. */
  private post(w: PoolWorker, request: WorkerRequest, needs: CompiledName): void {
    this.sendCompiled(w, needs);
    w.outbox = w.outbox.then(() => w.worker.postMessage(request));
  }

  /** Sends a worker the compiled module `name` once (compiled by the main thread on its first need, once for every thread). */
  private sendCompiled(w: PoolWorker, name: CompiledName): void {
    if (w.sent.has(name)) return;
    w.sent.add(name);
    w.outbox = w.outbox.then(() =>
      compiledGrammar(name).then(
        (module) => w.worker.postMessage({ type: 'compiled', name, module } satisfies WorkerRequest),
        // Not compiled here: the worker loads it itself and reports the failure with the file.
        () => undefined,
      ),
    );
  }

  private feed(w: PoolWorker): void {
    const run = this.run;
    if (!run || !w.alive) return;
    while (w.inFlight.length < QUEUE_DEPTH) {
      const job = this.take(run, 'largest');
      if (!job) return;
      w.inFlight.push(job);
      w.used = true;
      this.post(w, { type: 'job', job }, job.language);
    }
  }
}


/** Records the grammar a successful extraction was parsed with. */
function noteGrammar(grammars: Set<string>, outcome: JobOutcome): void {
  if (outcome.type === 'done' && !outcome.extraction.errors.some((e) => e.code === 'parse-failed')) grammars.add(outcome.extraction.language);
}
