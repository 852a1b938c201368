/**
 * Permission errors, made deterministic: tests run as root, where chmod 000 blocks nothing, so here
 * the file system answers EACCES for every path under a folder named `locked`.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  const denied = (path: unknown) => String(path).split(sep).includes('locked') || String(path).endsWith('denied.ts');
  const eacces = (path: unknown) => Object.assign(new Error(`EACCES: permission denied, '${String(path)}'`), { code: 'EACCES' });
  return {
    ...actual,
    readdirSync: ((path: string, options?: unknown) => {
      if (denied(path)) throw eacces(path);
      return actual.readdirSync(path, options as never);
    }) as typeof actual.readdirSync,
    openSync: ((path: string, flags?: Parameters<typeof actual.openSync>[1]) => {
      if (denied(path)) throw eacces(path);
      return actual.openSync(path, flags ?? 'r');
    }) as typeof actual.openSync,
  };
});

const { discoverFiles } = await import('./discover-files.js');

const root = mkdtempSync(join(tmpdir(), 'arbor-discovery-eacces-'));
for (const path of ['src/a.ts', 'src/locked/b.ts', 'src/denied.ts', 'zz.ts']) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), 'export {}');
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('permission errors', () => {
  it('reports an unreadable folder and file and carries on', async () => {
    const result = await discoverFiles(root);
    expect(result.files.map((f) => f.path)).toEqual(['src/a.ts', 'zz.ts']);
    expect(result.skipped).toEqual([
      { path: 'src/denied.ts', reason: 'unreadable', detail: 'EACCES' },
      { path: 'src/locked/', reason: 'unreadable', detail: 'EACCES' },
    ]);
  });
});
