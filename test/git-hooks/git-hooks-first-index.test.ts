/**
 * Hooks installed where there is no graph yet build one on their first run (whoever installs hooks
 * asked for a maintained graph); a linked worktree sharing the hooks without a graph of its own is
 * left alone; an install that fails part-way leaves no trace, not even the hooks folder it made.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installGitHooks } from '../../packages/cli/src/git-hooks/hooks.js';
import { BIN, git, removeTemps, tempDir } from './git-test-repo.js';

afterAll(removeTemps);

function repo(): string {
  const root = tempDir('arbor-hooks-first-');
  git(root, 'init', '-q', '-b', 'main');
  writeFileSync(join(root, '.gitignore'), '.codegraph/\n');
  writeFileSync(join(root, 'a.ts'), 'export function a() { return 1; }\n');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'first');
  return root;
}

/** Polls `arbor search <name>` in `root` until it finds the name or 30 s pass. */
async function eventuallyFinds(root: string, name: string): Promise<boolean> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const search = spawnSync(process.execPath, [BIN, 'search', name, '-p', root, '--json'], { encoding: 'utf8' });
    if (search.status === 0 && JSON.parse(search.stdout).results.length > 0) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

describe('hooks and the first graph', () => {
  it('installed with no index, the first commit builds the graph; a linked worktree without one gets none', async () => {
    const root = repo();
    const install = spawnSync(process.execPath, [BIN, 'hooks', 'install', '-p', root], { encoding: 'utf8' });
    expect(install.status, install.stderr).toBe(0);
    // Installing indexes nothing by itself: the hooks do, when git runs them.
    expect(existsSync(join(root, '.codegraph', 'codegraph.db'))).toBe(false);

    writeFileSync(join(root, 'b.ts'), 'export function builtByFirstHook() { return 2; }\n');
    git(root, 'add', 'b.ts');
    git(root, 'commit', '-q', '-m', 'second');
    expect(await eventuallyFinds(root, 'builtByFirstHook')).toBe(true);

    const linked = join(root, '..', `${root.split('/').pop()}-linked`);
    git(root, 'worktree', 'add', '-q', linked, '-b', 'side');
    writeFileSync(join(linked, 'c.ts'), 'export const c = 3;\n');
    git(linked, 'add', 'c.ts');
    git(linked, 'commit', '-q', '-m', 'in the linked worktree');
    // A later hook run in the main worktree has been seen through: the linked one's ran before it.
    writeFileSync(join(root, 'd.ts'), 'export function afterTheLinkedCommit() { return 4; }\n');
    git(root, 'add', 'd.ts');
    git(root, 'commit', '-q', '-m', 'third');
    expect(await eventuallyFinds(root, 'afterTheLinkedCommit')).toBe(true);
    expect(existsSync(join(linked, '.codegraph'))).toBe(false);
    git(root, 'worktree', 'remove', '--force', linked);
  });

  it('an install that fails part-way removes the hooks folder it made (core.hooksPath not made yet)', () => {
    const root = repo();
    // A folder whose path is just short enough to make, but too long for a file inside it: the first write fails.
    const segment = 'h'.repeat(200);
    const parts: string[] = [];
    while (root.length + 1 + [...parts, segment].join('/').length < 4080) parts.push(segment);
    parts.push('x'.repeat(Math.max(1, 4090 - root.length - 1 - parts.join('/').length - 1)));
    const hooksPath = parts.join('/');
    git(root, 'config', 'core.hooksPath', hooksPath);
    expect(() => installGitHooks(root, 'true')).toThrow(/could not write the hooks .*put back as they were/);
    expect(existsSync(join(root, segment))).toBe(false);
  });
});
