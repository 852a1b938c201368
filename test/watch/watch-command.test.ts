/** `arbor watch` through the built binary: indexes a stale tree at start, follows an edit, stops on SIGINT. */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'arbor.mjs');
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

const search = (root: string, name: string) => {
  const r = spawnSync(process.execPath, [BIN, 'search', name, '-p', root, '--json'], { encoding: 'utf8' });
  return r.status === 0 && JSON.parse(r.stdout).results.some((h: { node: { name: string } }) => h.node.name === name);
};

async function until(check: () => boolean, ms = 30_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
}

it('arbor watch builds a missing graph, re-indexes after an edit and exits cleanly on SIGINT', async () => {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'arbor-watch-cli-')));
  temps.push(root);
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src/a.ts'), 'export function initial() {}\n');
  const env = { ...process.env };
  delete env.ARBOR_NO_WATCH;
  const child = spawn(process.execPath, [BIN, 'watch', root, '--debounce', '200'], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  try {
    expect(await until(() => stderr.includes('watching'))).toBe(true);
    expect(await until(() => existsSync(join(root, '.codegraph', 'codegraph.db')) && search(root, 'initial'))).toBe(true);
    writeFileSync(join(root, 'src/b.ts'), 'export function later() {}\n');
    expect(await until(() => search(root, 'later'))).toBe(true);
    expect(stderr).toMatch(/1 file changed: re-indexing/);
  } finally {
    child.kill('SIGINT');
  }
  const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
  expect(code).toBe(0);
});
