// The first index of a tree (no .codegraph/ yet) writes the same graph as every later one: arbor's
// own output folder is not part of the tree it reports on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dumpGraph } from '../test-support/graph-dump.js';
import { indexRepository } from './index-repository.js';

const base = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-first-index-'));
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

describe('the first index of a tree', () => {
  it('is the graph a second index writes', async () => {
    const root = path.join(base, 'repo');
    fs.mkdirSync(path.join(root, 'src'), { recursive: true });
    fs.writeFileSync(path.join(root, 'src/a.ts'), 'export function a(): number {\n  return 1;\n}\n');
    fs.writeFileSync(path.join(root, 'src/b.py'), 'def b():\n    return 2\n');
    fs.utimesSync(path.join(root, 'src/a.ts'), 1_600_000_000, 1_600_000_000);
    fs.utimesSync(path.join(root, 'src/b.py'), 1_600_000_000, 1_600_000_000);
    const run = () => indexRepository(root, { threads: 1, now: 1_700_000_000_000, onNotice: () => {}, cache: false });
    expect(fs.existsSync(path.join(root, '.codegraph'))).toBe(false);
    await run();
    const first = dumpGraph(path.join(root, '.codegraph', 'codegraph.db'));
    await run();
    expect(dumpGraph(path.join(root, '.codegraph', 'codegraph.db'))).toBe(first);
  });
});
