/**
 * When this thread's parser runtime can no longer be trusted. tree-sitter runs as WebAssembly in
 * one linear memory per thread: a trap (`WebAssembly.RuntimeError`: "memory access out of bounds",
 * "table index is out of bounds", …) stops a call half-way, leaving that memory in whatever state
 * it was in, and every later parse on the thread may trap too or quietly read garbage. A JavaScript
 * stack overflow can strike inside a call into the runtime just the same (the runtime's own stack
 * pointer is then never restored), so it makes the runtime suspect as well.
 *
 * The runtime of a thread cannot be re-created in place (web-tree-sitter keeps one per module
 * instance), so a suspect thread is retired: a worker is replaced, and the main thread stops
 * parsing and leaves its files to workers (workers/extraction-pool.ts).
 */

const STACK_OVERFLOW = 'Maximum call stack size exceeded';

export type RuntimeDamage = 'trap' | 'stack-overflow';

/** How an error bears on the runtime, if it does. */
export function runtimeDamageOf(error: unknown): RuntimeDamage | undefined {
  if (error instanceof WebAssembly.RuntimeError) return 'trap';
  if (error instanceof RangeError && error.message.includes(STACK_OVERFLOW)) return 'stack-overflow';
  return undefined;
}

/** The worse of two damages (a trap outweighs a stack overflow). */
export function worseDamage(a: RuntimeDamage | undefined, b: RuntimeDamage | undefined): RuntimeDamage | undefined {
  return a === 'trap' || b === 'trap' ? 'trap' : a ?? b;
}

/** Damage seen since the current file's extraction began (extractors catch their own errors: they note it here). */
let pending: RuntimeDamage | undefined;

/** Notes an error caught during extraction; returns what it means for the runtime. */
export function noteRuntimeError(error: unknown): RuntimeDamage | undefined {
  const damage = runtimeDamageOf(error);
  pending = worseDamage(pending, damage);
  return damage;
}

/** Notes a damage already classified (a caller passing on what its own attempts saw). */
export function noteRuntimeDamage(damage: RuntimeDamage | undefined): void {
  pending = worseDamage(pending, damage);
}

/** The damage noted since the last call, cleared. */
export function takeRuntimeDamage(): RuntimeDamage | undefined {
  const damage = pending;
  pending = undefined;
  return damage;
}

let retired = false;

/** Marks this thread's runtime as not to be used again (after a trap or a stack overflow in it). */
export function retireThisThreadsRuntime(): void {
  retired = true;
}

/** Whether this thread's runtime was retired: nothing more is parsed on it. */
export function thisThreadsRuntimeRetired(): boolean {
  return retired;
}
