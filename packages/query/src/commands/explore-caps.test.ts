/**
 * explore on oversized source (issue 11, item 18), beside the per-item and total caps tested in
 * project-commands.test.ts: a file replaced since indexing by a huge one (600 MB, sparse) must
 * not fail the command or be read whole; the other items are still shown.
 */
import { rmSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openProject } from '../project.js';
import { makeProject } from '../test-support/v4-database.js';
import { explore, MAX_ITEM_SOURCE_BYTES, MAX_TOTAL_SOURCE_BYTES } from './explore.js';

const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

describe('explore with a file replaced by a huge one', () => {
  it('answers, marks that file unreadable, shows the rest, and stays within the caps', () => {
    const { root } = makeProject({
      files: [
        { path: 'src/big.ts', content: 'export function hugeOne() { return helperTwo(); }\n' },
        { path: 'src/small.ts', content: 'export function helperTwo() { return 2; }\n' },
      ],
      nodes: [
        { kind: 'function', name: 'hugeOne', file: 'src/big.ts', line: 1, endLine: 1 },
        { kind: 'function', name: 'helperTwo', file: 'src/small.ts', line: 1, endLine: 1 },
      ],
    });
    temps.push(root);
    // 600 MB of holes: costs no disk, but a reader that trusted it would allocate it all.
    truncateSync(join(root, 'src/big.ts'), 600 * 1024 * 1024);
    const p = openProject({ path: root, cwd: root });
    try {
      const before = process.memoryUsage().rss;
      const r = explore(p, 'hugeOne helperTwo', { matches: 2 });
      const grown = process.memoryUsage().rss - before;
      const byName = new Map(r.items.map((i) => [i.node.name, i]));
      expect(byName.get('hugeOne')?.source.text).toBeNull();
      expect(byName.get('hugeOne')?.fileState).toBe('unreadable');
      expect(byName.get('helperTwo')?.source.text).toBe('export function helperTwo() { return 2; }');
      expect(r.staleFiles).toContain('src/big.ts');
      // Nothing near the file's size was read.
      expect(grown).toBeLessThan(200 * 1024 * 1024);
      const total = r.items.reduce((sum, i) => sum + Buffer.byteLength(i.source.text ?? ''), 0);
      expect(total).toBeLessThanOrEqual(MAX_TOTAL_SOURCE_BYTES);
    } finally {
      p.close();
    }
  });

  it('a file grown past the item cap since indexing (still under the read cap) is cut and marked', () => {
    const { root } = makeProject({
      files: [{ path: 'src/grown.ts', content: 'export function grown() {}\n' }],
      nodes: [{ kind: 'function', name: 'grown', file: 'src/grown.ts', line: 1, endLine: 1 }],
    });
    temps.push(root);
    writeFileSync(join(root, 'src/grown.ts'), `export function grown() { return "${'y'.repeat(500_000)}"; }\n`);
    const p = openProject({ path: root, cwd: root });
    try {
      const [item] = explore(p, 'grown', { limit: 1 }).items;
      expect(item.fileState).toBe('modified');
      expect(Buffer.byteLength(item.source.text ?? '')).toBeLessThanOrEqual(MAX_ITEM_SOURCE_BYTES);
      expect(item.source.oversized).toBe(true);
    } finally {
      p.close();
    }
  });
});
