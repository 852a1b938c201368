/** Messages between the main thread and extraction workers. Plain data and compiled WebAssembly modules: they are structured-cloned. */
import type { EncodedEntry } from '../extraction-cache/extraction-cache.js';
import type { FileExtraction } from '../model/extraction.js';
import type { Language } from '../model/graph-vocabulary.js';
import type { CompiledName } from '../parsing/compiled-modules.js';
import type { RuntimeDamage } from '../parsing/runtime-crash.js';

export interface ExtractJob {
  id: number;
  path: string;
  absolutePath: string;
  language: Language;
  /** The project root the path is relative to: the read must stay inside it. */
  root: string;
  /** The file's size when discovered: which thread takes it (the size read is checked again). */
  size?: number;
  /** The size limit, checked again on the descriptor that is read. */
  maxBytes: number;
  /** Encode the result as a cache entry too (sent back with it; the main thread writes the run's pack). */
  encodeForCache?: boolean;
  /**
   * Send the file's reference sites other than its `extends` / `implements` ones as deflated JSON (`callSites`) rather
   * than in the extraction (extraction/deferred-sites.ts): the run holds them until the file is resolved.
   */
  detachCallSites?: boolean;
  /** Run again on a fresh thread because the first run damaged its thread's parser runtime: this outcome stands. */
  rerun?: boolean;
}

/** `runtimeDamage`: the job left its thread's parser runtime untrustworthy (parsing/runtime-crash.ts); the thread is retired. */
export type WorkerReply =
  | { type: 'done'; id: number; extraction: FileExtraction; contentHash: string; size: number; mtimeMs?: number; cacheEntry?: EncodedEntry; callSites?: Uint8Array; runtimeDamage?: RuntimeDamage }
  /** `reason` is a skip reason (`too-large`, `unreadable`, `symlink-outside-root`, `binary`); default `unreadable`. `message` may be empty. */
  | { type: 'unreadable'; id: number; message: string; reason?: string; runtimeDamage?: RuntimeDamage }
  /** `compiledHere`: the modules the worker compiled itself rather than being handed them. */
  | { type: 'grammars'; loaded: string[]; compiledHere: CompiledName[] };

/** `compiled`: a module the main thread compiled (a grammar, or tree-sitter's runtime), sent before the first job that needs it. */
export type WorkerRequest =
  | { type: 'job'; job: ExtractJob }
  | { type: 'compiled'; name: CompiledName; module: WebAssembly.Module }
  | { type: 'report-grammars' };
