// A cold build writes the same graph whatever the number of extraction threads, both where the
// work is too small to share (the main thread extracts alone, whatever was asked) and where it is
// shared out between the main thread and workers.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dumpGraph } from '../test-support/graph-dump.js';
import { indexRepository } from './index-repository.js';

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-thread-count-'));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

/** A tree of `count` TypeScript and Python files calling each other, each padded to about `bytes`. */
function tree(name: string, count: number, bytes: number): string {
  const root = path.join(base, name);
  for (let i = 0; i < count; i++) {
    const python = i % 3 === 0;
    const padding = ' '.repeat(Math.max(0, bytes - 200));
    const file = path.join(root, 'src', python ? `m${i}.py` : `m${i}.ts`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(
      file,
      python
        ? `from m${(i + 3) % count} import f${(i + 3) % count}\n\ndef f${i}():\n    return 1\n#${padding}\n`
        : `import { f${(i + 1) % count} } from './m${(i + 1) % count}';\nexport function f${i}(): number {\n  return f${(i + 1) % count}();\n}\n//${padding}\n`,
    );
    fs.utimesSync(file, 1_600_000_000, 1_600_000_000);
  }
  return root;
}

async function coldGraph(root: string, threads: number): Promise<{ graph: string; threads: number }> {
  fs.rmSync(path.join(root, '.codegraph'), { recursive: true, force: true });
  const report = await indexRepository(root, { threads, now: 1_700_000_000_000, onNotice: () => {}, cache: false });
  return { graph: dumpGraph(path.join(root, '.codegraph', 'codegraph.db')), threads: report.threads };
}

describe('a cold build across thread counts', () => {
  it('is the same graph when the work is too small for a worker (main thread alone)', async () => {
    const root = tree('small', 12, 400);
    const one = await coldGraph(root, 1);
    const two = await coldGraph(root, 2);
    expect(two.threads).toBe(1);
    expect(two.graph).toBe(one.graph);
  });

  it('is the same graph when the work is shared out', async () => {
    const root = tree('large', 48, 12 * 1024);
    const one = await coldGraph(root, 1);
    const three = await coldGraph(root, 3);
    expect(one.threads).toBe(1);
    expect(three.threads).toBe(Math.min(3, os.availableParallelism()));
    expect(three.graph).toBe(one.graph);
  });
});
