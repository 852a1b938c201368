/**
 * The compiled WebAssembly of the parsers: tree-sitter's own runtime and each grammar, compiled once
 * per process and shared by every extraction thread.
 *
 * A `WebAssembly.Module` is structured-cloneable to worker threads, and a clone shares the compiled
 * code (and whatever V8 later re-optimises) instead of copying it. So the main thread compiles a
 * grammar the first time any thread needs it, and the pool posts the Module to each worker before
 * that worker's first file of the language (workers/extraction-pool.ts): a worker instantiates what
 * it is handed, and never reads, hashes or compiles the wasm again. A worker that was handed nothing
 * (a test starting one directly) compiles its own, as before.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Language } from '../model/graph-vocabulary.js';

/** What is compiled: a grammar by its language, or tree-sitter's runtime. */
export type CompiledName = Language | 'runtime';

const modules = new Map<CompiledName, Promise<WebAssembly.Module>>();
/** What this thread compiled itself (a worker that was handed everything it needed compiled nothing). */
const compiledHere = new Set<CompiledName>();

/**
 * This thread's compiled module for `name`: handed over by the main thread, or else compiled here
 * from `bytes` (read and verified by the caller) once. A failed compile is not kept, so the next
 * file of the language tries again (as a failed grammar load is not kept either).
 */
export function compiledModule(name: CompiledName, bytes: () => Promise<Uint8Array>): Promise<WebAssembly.Module> {
  let pending = modules.get(name);
  if (!pending) {
    pending = bytes().then((b) => {
      compiledHere.add(name);
      return WebAssembly.compile(b as Uint8Array<ArrayBuffer>);
    });
    modules.set(name, pending);
    const failed = pending;
    failed.catch(() => {
      if (modules.get(name) === failed) modules.delete(name);
    });
  }
  return pending;
}

/** Keeps a module compiled by another thread (a worker's side of the hand-over). */
export function adoptCompiledModule(name: CompiledName, module: WebAssembly.Module): void {
  if (!modules.has(name)) modules.set(name, Promise.resolve(module));
}

/** The modules this thread compiled itself, sorted. */
export function modulesCompiledHere(): CompiledName[] {
  return [...compiledHere].sort();
}

/** Whether this thread holds (or is compiling) a module for `name`. */
export function hasCompiledModule(name: CompiledName): boolean {
  return modules.has(name);
}

/** The bytes of tree-sitter's runtime wasm: the one web-tree-sitter itself would load. */
export function readRuntimeWasm(): Promise<Uint8Array> {
  // The package's `exports` names the wasm, so resolving it finds the copy beside the loaded runtime.
  return readFile(createRequire(import.meta.url).resolve('web-tree-sitter/tree-sitter.wasm'));
}
