/** Every part of what an extraction depends on names another entry; the key follows the pinned constants. */
import { describe, expect, it } from 'vitest';
import { grammarEntry, grammarRuntimeVersion } from '../parsing/grammar-loader.js';
import { EXTRACTION_VERSION } from '../version.js';
import { CACHE_FORMAT, cacheKeyOf, entryNameOf, type CacheKey } from './cache-key.js';

describe('cache keys', () => {
  const key = cacheKeyOf('src/a.ts', 'typescript', 'ab'.repeat(32));

  it('carry the running extractor version, the pinned grammar hash and runtime', () => {
    expect(key).toEqual({
      format: CACHE_FORMAT,
      extractionVersion: EXTRACTION_VERSION,
      grammar: grammarEntry('typescript').sha256,
      runtime: grammarRuntimeVersion(),
      language: 'typescript',
      path: 'src/a.ts',
      contentHash: 'ab'.repeat(32),
    });
    expect(cacheKeyOf('src/a.tsx', 'tsx', 'ab'.repeat(32)).grammar).toBe(grammarEntry('tsx').sha256);
  });

  it('name a different entry when any one part changes', () => {
    const changes: Array<Partial<CacheKey>> = [
      { format: key.format + 1 },
      { extractionVersion: key.extractionVersion + 1 },
      { grammar: 'cd'.repeat(32) },
      { runtime: '0.0.0' },
      { language: 'tsx' },
      { path: 'src/b.ts' },
      { contentHash: 'cd'.repeat(32) },
    ];
    const names = new Set([entryNameOf(key), ...changes.map((change) => entryNameOf({ ...key, ...change }))]);
    expect(names.size).toBe(changes.length + 1);
    for (const name of names) expect(name).toMatch(/^[0-9a-f]{64}$/);
    expect(entryNameOf({ ...key })).toBe(entryNameOf(key));
  });
});
