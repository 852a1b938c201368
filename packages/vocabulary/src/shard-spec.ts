/**
 * `--shard K/N`: which share of a tree's files one job of a CI matrix extracts. Read by the CLI
 * (its option) and the indexer (which partitions the files: pipeline/shard-partition.ts).
 */

/** Shard `index` (1-based) of `count`, as `--shard K/N` gives it. */
export interface ShardSpec {
  index: number;
  count: number;
}

/**
 * The most shards a run may be split into. A merging run reads the indexes of at most
 * MAX_PACKS_READ (32) packs (the indexer's extraction-cache.ts), one per shard: more shards
 * would leave packs unread.
 */
export const MAX_SHARDS = 32;

/** Why `spec` is no shard (a message naming the flag), or undefined when it is one. */
export function shardSpecProblem(spec: ShardSpec): string | undefined {
  const { index, count } = spec;
  if (!Number.isInteger(count) || count < 1 || count > MAX_SHARDS) return `--shard ${index}/${count}: N must be a whole number from 1 to ${MAX_SHARDS}`;
  if (!Number.isInteger(index) || index < 1 || index > count) return `--shard ${index}/${count}: K must be a whole number from 1 to N (${count})`;
  return undefined;
}

/** `K/N` → a shard, or a message naming the flag. */
export function parseShardSpec(text: string): ShardSpec | { problem: string } {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!match) return { problem: `--shard: expected K/N (this job's shard K of N, e.g. 2/4), not "${text}"` };
  const spec = { index: Number(match[1]), count: Number(match[2]) };
  const problem = shardSpecProblem(spec);
  return problem ? { problem } : spec;
}

