import { describe, expect, it } from 'vitest';
import { parseShardSpec } from '@arbor/vocabulary';
import { assignShards, shardOf } from './shard-partition.js';
import { seededRandom } from '../test-support/seeded-random.js';


function shuffled<T>(items: readonly T[], next: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Files of mixed sizes: many small, some empty, a few up to the 1 MiB default limit. */
function files(count: number, next: () => number): Array<{ path: string; size: number }> {
  return Array.from({ length: count }, (_, i) => {
    const roll = next();
    const size = roll < 0.05 ? 0 : roll < 0.95 ? Math.floor(next() * 20_000) : Math.floor(next() * 1024 * 1024);
    return { path: `pkg${i % 13}/file-${i}.ts`, size };
  });
}

describe('the shard partition', () => {
  it('puts every file in exactly one shard, keeps shards within the largest file of each other, and ignores input order', () => {
    for (let seed = 1; seed <= 60; seed++) {
      const next = seededRandom(seed);
      const all = files(1 + Math.floor(next() * 600), next);
      const count = 1 + Math.floor(next() * 12);
      const byPath = new Map<string, number>();
      const bytes: number[] = [];
      for (let k = 1; k <= count; k++) {
        const share = shardOf(all, { index: k, count });
        bytes.push(share.reduce((sum, f) => sum + f.size, 0));
        for (const f of share) {
          expect(byPath.has(f.path), `seed ${seed}: ${f.path} in two shards`).toBe(false);
          byPath.set(f.path, k);
        }
      }
      expect(byPath.size, `seed ${seed}`).toBe(all.length);
      const largest = Math.max(...all.map((f) => f.size));
      expect(Math.max(...bytes) - Math.min(...bytes), `seed ${seed}`).toBeLessThanOrEqual(largest);

      // The same set listed in another order: every file in the same shard.
      const reordered = shuffled(all, next);
      const again = assignShards(reordered, count);
      reordered.forEach((f, i) => expect(again[i] + 1, `seed ${seed}: ${f.path}`).toBe(byPath.get(f.path)));
    }
  });

  it('shares empty files out by count, not all to one shard', () => {
    const empty = Array.from({ length: 40 }, (_, i) => ({ path: `e${i}.py`, size: 0 }));
    expect([1, 2, 3, 4].map((k) => shardOf(empty, { index: k, count: 4 }).length)).toEqual([10, 10, 10, 10]);
  });

  it('reads K/N and names the flag when it is not one', () => {
    expect(parseShardSpec('2/4')).toEqual({ index: 2, count: 4 });
    expect(parseShardSpec(' 1 / 1 ')).toEqual({ index: 1, count: 1 });
    expect(parseShardSpec('2')).toEqual({ problem: expect.stringMatching(/^--shard: expected K\/N/) });
    expect(parseShardSpec('-1/4')).toEqual({ problem: expect.stringMatching(/^--shard: expected K\/N/) });
    expect(parseShardSpec('2/4/8')).toEqual({ problem: expect.stringMatching(/^--shard: expected K\/N/) });
    expect(parseShardSpec('0/4')).toEqual({ problem: expect.stringMatching(/^--shard 0\/4: K must be/) });
    expect(parseShardSpec('5/4')).toEqual({ problem: expect.stringMatching(/^--shard 5\/4: K must be/) });
    expect(parseShardSpec('1/0')).toEqual({ problem: expect.stringMatching(/^--shard 1\/0: N must be/) });
    expect(parseShardSpec('1/33')).toEqual({ problem: expect.stringMatching(/N must be a whole number from 1 to 32/) });
  });
});
