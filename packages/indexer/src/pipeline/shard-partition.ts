/**
 * Which files a shard of a CI matrix extracts (`arbor index --shard K/N`): a partition of the
 * discovered files that every shard job computes alike from the same checkout, without talking to
 * the others. It depends only on the set of (path, size) pairs, never on the order discovery lists
 * them in nor on thread counts, so N jobs on N machines agree on it.
 *
 * How: the files largest first (ties by path), each given to the shard with the fewest bytes so far
 * (ties: fewer files, then the lower shard). That greedy rule keeps every two shards' bytes within
 * the size of the largest file of each other (each file goes to the lightest shard, so the gap can
 * only grow to the file just placed), and the largest file is at most the run's size limit.
 */

import type { ShardSpec } from '@arbor/vocabulary';

/** One shard's share of `files`, in the order given. */
export function shardOf<F extends { path: string; size?: number }>(files: readonly F[], spec: ShardSpec): F[] {
  const assignment = assignShards(files, spec.count);
  return files.filter((_, i) => assignment[i] === spec.index - 1);
}

/** The 0-based shard of each file (same positions as `files`). */
export function assignShards(files: ReadonlyArray<{ path: string; size?: number }>, count: number): number[] {
  const order = files.map((_, i) => i);
  const sizeOf = (i: number) => files[i].size ?? 0;
  order.sort((a, b) => sizeOf(b) - sizeOf(a) || compare(files[a].path, files[b].path));
  const bytes = new Array<number>(count).fill(0);
  const taken = new Array<number>(count).fill(0);
  const assignment = new Array<number>(files.length);
  for (const i of order) {
    let lightest = 0;
    for (let s = 1; s < count; s++) {
      if (bytes[s] < bytes[lightest] || (bytes[s] === bytes[lightest] && taken[s] < taken[lightest])) lightest = s;
    }
    assignment[i] = lightest;
    bytes[lightest] += sizeOf(i);
    taken[lightest]++;
  }
  return assignment;
}

/** Code-unit order, as every path comparison in the pipeline (not locale order, which varies by machine). */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
