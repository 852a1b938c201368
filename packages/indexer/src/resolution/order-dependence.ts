/**
 * Answers that must not depend on which question came first. Resolution memoises what it finds, and
 * some lookups meet themselves on the way (an export followed through `import *` cycles; a class whose
 * heritage clause needs its own bases): the inner meeting answers as if the lookup found nothing. What is
 * found below such a meeting depends on where the chain was entered, so keeping it for every later asker
 * would make a site's answer depend on which site asked first.
 *
 * Guarded lookups therefore run in frames (`GuardedMemo`): a frame that meets a frame below it (one that
 * was entered before it and is still being computed) is tainted, and so is every frame between; a tainted
 * answer is kept only until the outermost lookup returns (so one chain still computes each answer once,
 * as the memo is for), an untainted one for good. Every answer a lookup gives from outside any frame is
 * then the one any order of questions gives.
 *
 * A few limits stay cuts that are only counted (`noteCut`: a depth limit on a chain, a re-entry placeholder):
 * the global pass asks in the same order every time, so a cold build is reproducible either way, but a
 * re-index that resolves only some files again (pipeline/resolution-reuse.ts) asks in another order, and
 * reuses nothing when the pass that wrote the kept rows, or its own, met a cut.
 */
let cuts = 0;

/** A lookup was cut short in a way whose answer may depend on the path that reached it. */
export function noteCut(): void {
  cuts++;
}

/** noteCut, for a lookup that answers nothing when cut (`return cut();`, `cut() ?? fallback`). */
export function cut(): undefined {
  cuts++;
  return undefined;
}

/** How many cuts were met since the process started (a pass compares the count before and after). */
export function cutsSoFar(): number {
  return cuts;
}

interface Frame {
  readonly depth: number;
  /** The lowest frame a lookup inside this one met while it was still being computed. */
  lowest: number;
}

/** Guarded lookups being computed, outermost first (one stack for every memo: a chain can cross them). */
const frames: Frame[] = [];
/** Bumped whenever the outermost lookup returns: tainted answers of an older chain are not read. */
let chain = 0;
/** A lookup of the current chain met one being computed: what is found from here on may depend on where the chain began. */
let chainMet = false;

/**
 * Whether an answer found now may be kept for every later asker by a memo that is not guarded itself:
 * outside any guarded lookup, or inside a chain that has not met itself (yet). Otherwise the answer is
 * used and not kept (found again when asked again), so no memo keeps what depends on the path.
 */
export function mayKeep(): boolean {
  return frames.length === 0 || !chainMet;
}

/** Whether a guarded lookup is being computed (a chain is under way). */
export function insideGuardedLookup(): boolean {
  return frames.length > 0;
}

/**
 * A memo of one kind of guarded lookup, by a string key. `get` answers from a finished lookup, or says
 * the lookup is being computed now (`inProgress`: the caller answers as for a cycle); `compute` runs the
 * lookup in a frame and keeps its answer as the frames allow: for good when nothing inside it met a frame
 * below it (the outermost lookup of a chain always: it depends on its key alone), else for this chain.
 */
export class GuardedMemo<V> {
  private readonly settled = new Map<string, V>();
  private readonly tainted = new Map<string, { chain: number; value: V }>();
  private readonly running = new Map<string, Frame>();

  get(key: string): { value: V } | { inProgress: true } | undefined {
    const frame = this.running.get(key);
    if (frame) {
      meet(frame.depth);
      return { inProgress: true };
    }
    if (this.settled.has(key)) return { value: this.settled.get(key)! };
    const held = this.tainted.get(key);
    if (!held || held.chain !== chain) return undefined;
    // Found under frames that may have returned since: whatever reads it is of this chain only.
    meet(0);
    return { value: held.value };
  }

  compute(key: string, run: () => V): V {
    const frame: Frame = { depth: frames.length, lowest: Infinity };
    frames.push(frame);
    this.running.set(key, frame);
    let value: V;
    try {
      value = run();
    } finally {
      this.running.delete(key);
      frames.pop();
      const outer = frames[frames.length - 1];
      if (outer) outer.lowest = Math.min(outer.lowest, frame.lowest);
      else {
        chain++;
        chainMet = false;
      }
    }
    if (frame.lowest < frame.depth) this.tainted.set(key, { chain, value });
    else this.settled.set(key, value);
    return value;
  }
}

/** A lookup met the frame at `depth`, still being computed: the frames above it are tainted, and the chain has met itself. */
function meet(depth: number): void {
  const top = frames[frames.length - 1];
  if (top) top.lowest = Math.min(top.lowest, depth);
  chainMet = true;
}
