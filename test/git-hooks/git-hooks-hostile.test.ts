/**
 * `arbor hooks` on hostile repositories (docs/threat-model.md, "Second adversarial review"): an install that must
 * refuse changes nothing (finding 11); a hook of 300 MB is not read whole, and a core.hooksPath
 * outside the repository is named as such (finding 12).
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, ftruncateSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { gitHooksStatus, installGitHooks, MARKER, uninstallGitHooks } from '../../packages/cli/src/git-hooks/hooks.js';
import { BIN, git, GIT_ENV, removeTemps, tempDir } from './git-test-repo.js';

afterAll(removeTemps);

const BUILT_HOOKS = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'dist', 'git-hooks', 'hooks.js');

function repo(): string {
  const root = tempDir('arbor-hooks-hostile-');
  git(root, 'init', '-q', '-b', 'main');
  return root;
}

/** Every file of a folder with its bytes and mode: what "nothing changed" is checked against. */
function snapshot(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).sort().map((name) => {
    const path = join(dir, name);
    return [name, `${statSync(path).mode.toString(8)} ${readFileSync(path, 'utf8')}`];
  }));
}

/** A sparse file of `size` bytes that starts with `head`: big on paper, instant to make. */
function sparseFile(path: string, head: string, size: number): void {
  const fd = openSync(path, 'w', 0o755);
  try {
    writeSync(fd, head);
    ftruncateSync(fd, size);
  } finally {
    closeSync(fd);
  }
}

describe('finding 11: hooks install is all or nothing', () => {
  it('one hook that must be refused: every hook is left as it was, and the message says so (post-checkout was changed before)', () => {
    const root = repo();
    const hooks = join(root, '.git', 'hooks');
    writeFileSync(join(hooks, 'post-checkout'), '#!/bin/sh\necho theirs-checkout\n', { mode: 0o755 });
    writeFileSync(join(hooks, 'post-commit'), '#!/bin/sh\necho theirs-commit\n', { mode: 0o755 });
    writeFileSync(join(hooks, 'post-commit.pre-arbor'), '#!/bin/sh\necho saved-before\n', { mode: 0o755 });
    const before = snapshot(hooks);

    expect(() => installGitHooks(root, 'true')).toThrow(/post-commit and post-commit\.pre-arbor both exist .*; no hook was changed/);
    expect(snapshot(hooks)).toEqual(before);

    const cli = spawnSync(process.execPath, [BIN, 'hooks', 'install', '-p', root], { encoding: 'utf8' });
    expect(cli.status).toBe(1);
    expect(cli.stderr).toMatch(/^arbor hooks: post-commit and post-commit\.pre-arbor both exist .*no hook was changed/);
    expect(snapshot(hooks)).toEqual(before);

    // Once the conflict is gone, the same install goes through.
    rmSync(join(hooks, 'post-commit.pre-arbor'));
    const report = installGitHooks(root, 'true');
    expect(report.hooks.map((h) => h.state)).toEqual(['chained', 'installed', 'chained', 'installed']);
  });
});

describe('finding 12: hooks of any size, and hooks outside the repository', () => {
  it('a 300 MB hook is recognised from its first bytes: status, install and uninstall stay small (667 MB before)', () => {
    const root = repo();
    const hooks = join(root, '.git', 'hooks');
    const big = 300 * 1024 * 1024;
    // One without arbor's marker, one with it (but far larger than any hook arbor writes).
    sparseFile(join(hooks, 'post-merge'), '#!/bin/sh\necho theirs\n', big);
    sparseFile(join(hooks, 'post-rewrite'), `#!/bin/sh\n${MARKER}\n`, big);
    const script = `
      const { gitHooksStatus, installGitHooks, uninstallGitHooks } = await import(${JSON.stringify(pathToFileURL(BUILT_HOOKS).href)});
      const root = ${JSON.stringify(root)};
      const status = gitHooksStatus(root);
      const installed = installGitHooks(root, 'true');
      const removed = uninstallGitHooks(root);
      const states = (r) => r.hooks.map((h) => [h.name, h.state, h.note ?? null]);
      console.log(JSON.stringify({ status: states(status), installed: states(installed), removed: states(removed), maxRssKiB: process.resourceUsage().maxRSS }));
    `;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: GIT_ENV });
    expect(run.status, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as { status: Array<[string, string, string | null]>; installed: Array<[string, string, string | null]>; removed: Array<[string, string, string | null]>; maxRssKiB: number };
    expect(out.maxRssKiB).toBeLessThan(150 * 1024);
    expect(out.status.map(([name, state]) => [name, state])).toEqual([
      ['post-checkout', 'absent'], ['post-merge', 'foreign'], ['post-commit', 'absent'], ['post-rewrite', 'foreign'],
    ]);
    expect(out.status[3][2]).toMatch(/carries arbor's marker but is 314572800 bytes, larger than any hook arbor writes/);
    expect(out.installed.map(([, state]) => state)).toEqual(['installed', 'chained', 'installed', 'chained']);
    // Uninstalling brings both back, untouched.
    expect(out.removed.map(([, state]) => state)).toEqual(['absent', 'foreign', 'absent', 'foreign']);
    expect(statSync(join(hooks, 'post-merge')).size).toBe(big);
    expect(statSync(join(hooks, 'post-rewrite')).size).toBe(big);
    expect(existsSync(join(hooks, 'post-merge.pre-arbor'))).toBe(false);

    const human = spawnSync(process.execPath, [BIN, 'hooks', 'status', '-p', root], { encoding: 'utf8' });
    expect(human.status, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/post-rewrite\s+another tool's hook \(not arbor's\) \(carries arbor's marker but is 314572800 bytes/);
  });

  it('core.hooksPath outside the repository is said; inside (a folder of the tree, or .git/hooks) it is not', () => {
    const root = repo();
    expect(gitHooksStatus(root).hooksDirOutsideRepository).toBe(false);
    git(root, 'config', 'core.hooksPath', '.githooks');
    expect(gitHooksStatus(root).hooksDirOutsideRepository).toBe(false);

    const shared = tempDir('arbor-shared-hooks-');
    git(root, 'config', 'core.hooksPath', shared);
    const report = installGitHooks(root, 'true');
    expect(report.hooksDir).toBe(shared);
    expect(report.hooksDirOutsideRepository).toBe(true);
    const human = spawnSync(process.execPath, [BIN, 'hooks', 'status', '-p', root], { encoding: 'utf8' });
    expect(human.stdout).toContain(`hooks folder: ${shared}\n  outside this repository (core.hooksPath): hooks there run for every repository that uses this folder`);
    const json = JSON.parse(spawnSync(process.execPath, [BIN, 'hooks', 'status', '-p', root, '--json'], { encoding: 'utf8' }).stdout) as { hooksDirOutsideRepository: boolean };
    expect(json.hooksDirOutsideRepository).toBe(true);
    uninstallGitHooks(root);
    expect(readdirSync(shared)).toEqual([]);

    // A hooks folder git has not made yet, next to the repository: outside too.
    git(root, 'config', 'core.hooksPath', join(root, '..', `${root.split('/').pop()}-not-yet`));
    expect(gitHooksStatus(root).hooksDirOutsideRepository).toBe(true);
  });
});
