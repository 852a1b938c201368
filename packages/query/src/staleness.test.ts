import { mkdirSync, rmSync, utimesSync, writeFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openProject } from './project.js';
import { checkDrift, checkFile } from './staleness.js';
import { sampleGraph } from './test-support/sample-graph.js';
import { makeProject } from './test-support/v4-database.js';

const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

function fresh() {
  // Index "built" a minute after the files were written, as a real run would be.
  const made = makeProject(sampleGraph({ indexedAt: Date.now() + 60_000 }));
  temps.push(made.root);
  return made.root;
}

describe('staleness', () => {
  it('a freshly indexed project is fresh without hashing anything', () => {
    const root = fresh();
    const p = openProject({ path: root });
    const drift = checkDrift(root, p.store.files());
    expect(drift).toMatchObject({ fresh: 5, modified: [], removed: [], added: [], hashed: 0 });
    p.close();
  });

  it('a touched file (new mtime, same bytes) is hashed and still fresh', () => {
    const root = fresh();
    const p = openProject({ path: root });
    const file = p.store.file('src/a.ts')!;
    utimesSync(join(root, 'src/a.ts'), new Date(), new Date(Date.now() + 5000));
    expect(checkFile(root, file)).toEqual({ path: 'src/a.ts', state: 'fresh', hashed: true });
    p.close();
  });

  it('detects modified (same size too), removed and new files', () => {
    const root = fresh();
    const p = openProject({ path: root });
    const files = p.store.files();
    // Same length, different bytes, mtime changed.
    writeFileSync(join(root, 'src/c.ts'), readSameLength(files.find((f) => f.path === 'src/c.ts')!.size));
    unlinkSync(join(root, 'src/b.test.ts'));
    // New files appear after the index was built: give them a later mtime than indexed_at.
    const later = new Date(Date.now() + 120_000);
    writeFileSync(join(root, 'src/d.ts'), 'export const d = 1;\n');
    utimesSync(join(root, 'src/d.ts'), later, later);
    // Not new: ignored by .gitignore, unknown extension, inside node_modules, or older than the index.
    writeFileSync(join(root, '.gitignore'), 'generated/\n');
    mkdirSync(join(root, 'generated'));
    writeFileSync(join(root, 'generated/g.ts'), 'x');
    utimesSync(join(root, 'generated/g.ts'), later, later);
    writeFileSync(join(root, 'notes.md'), 'x');
    utimesSync(join(root, 'notes.md'), later, later);
    mkdirSync(join(root, 'node_modules/pkg'), { recursive: true });
    writeFileSync(join(root, 'node_modules/pkg/i.ts'), 'x');
    utimesSync(join(root, 'node_modules/pkg/i.ts'), later, later);
    writeFileSync(join(root, 'src/skipped-by-indexer.ts'), 'x');
    const past = new Date(Date.now() - 3_600_000);
    utimesSync(join(root, 'src/skipped-by-indexer.ts'), past, past);

    const drift = checkDrift(root, files);
    expect(drift.modified).toEqual(['src/c.ts']);
    expect(drift.removed).toEqual(['src/b.test.ts']);
    expect(drift.added).toEqual(['src/d.ts']);
    expect(drift.fresh).toBe(3);
    p.close();
  });
});

function readSameLength(size: number): string {
  return 'y'.repeat(size);
}
