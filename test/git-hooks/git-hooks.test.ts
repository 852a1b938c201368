/**
 * Git hooks and worktree detection on real temporary git repositories: a fresh one, one with a
 * hook of its own, one with `core.hooksPath`, and a linked `git worktree add`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  gitHooksStatus, HOOK_NAMES, installGitHooks, MARKER, uninstallGitHooks,
} from '../../packages/cli/src/git-hooks/hooks.js';
import { detectWorktree } from '../../packages/cli/src/git-hooks/worktree.js';
import { BIN, git, GIT_ENV, removeTemps, temps } from './git-test-repo.js';

afterAll(removeTemps);


function repo(): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'arbor-hooks-')));
  temps.push(root);
  git(root, 'init', '-q', '-b', 'main');
  writeFileSync(join(root, 'a.ts'), 'export function a() { return 1; }\n');
  git(root, 'add', 'a.ts');
  git(root, 'commit', '-q', '-m', 'first');
  return root;
}

function commit(root: string, file: string, content: string) {
  writeFileSync(join(root, file), content);
  git(root, 'add', file);
  git(root, 'commit', '-q', '-m', `change ${file}`);
}

function lines(path: string): string[] {
  return existsSync(path) ? readFileSync(path, 'utf8').trim().split('\n') : [];
}

describe('installGitHooks / uninstallGitHooks', () => {
  it('writes the four hooks, which run the command after commit, checkout and merge', () => {
    const root = repo();
    const log = join(root, '..', `${root.split('/').pop()}.log`);
    temps.push(log);
    const report = installGitHooks(root, `echo "$(basename "$0")" >> ${log}`);
    expect(report.hooksDir).toBe(join(root, '.git', 'hooks'));
    expect(report.hooks.map((h) => [h.name, h.state])).toEqual(HOOK_NAMES.map((n) => [n, 'installed']));
    for (const name of HOOK_NAMES) {
      const path = join(root, '.git', 'hooks', name);
      expect(statSync(path).mode & 0o111).not.toBe(0);
      expect(readFileSync(path, 'utf8').split('\n')[1]).toBe(MARKER);
    }
    commit(root, 'a.ts', 'export function a() { return 2; }\n');
    git(root, 'checkout', '-q', '-b', 'side');
    commit(root, 'b.ts', 'export const b = 1;\n');
    git(root, 'checkout', '-q', 'main');
    git(root, 'merge', '-q', '--no-edit', 'side');
    expect(lines(log)).toEqual(['post-commit', 'post-checkout', 'post-commit', 'post-checkout', 'post-merge']);

    const removed = uninstallGitHooks(root);
    expect(removed.hooks.every((h) => h.state === 'absent')).toBe(true);
    commit(root, 'a.ts', 'export function a() { return 3; }\n');
    expect(lines(log)).toHaveLength(5);
  });

  it('never overwrites a foreign hook: chains to it, keeps its exit status, and restores it unchanged', () => {
    const root = repo();
    const log = join(root, 'hook.log');
    writeFileSync(join(root, '.gitignore'), 'hook.log\n');
    const foreignPath = join(root, '.git', 'hooks', 'post-commit');
    const foreign = `#!/bin/sh\necho foreign $* >> ${log}\nexit 7\n`;
    writeFileSync(foreignPath, foreign, { mode: 0o755 });
    expect(gitHooksStatus(root).hooks.find((h) => h.name === 'post-commit')?.state).toBe('foreign');

    installGitHooks(root, `echo ours >> ${log}`);
    // Installing twice changes nothing: the saved hook is still the foreign one.
    const report = installGitHooks(root, `echo ours >> ${log}`);
    expect(report.hooks.find((h) => h.name === 'post-commit')?.state).toBe('chained');
    expect(report.hooks.find((h) => h.name === 'post-merge')?.state).toBe('installed');
    expect(readFileSync(`${foreignPath}.pre-arbor`, 'utf8')).toBe(foreign);

    commit(root, 'a.ts', 'export function a() { return 2; }\n');
    expect(lines(log)).toEqual(['foreign', 'ours']);
    const run = spawnSync(foreignPath, ['x'], { cwd: root, env: GIT_ENV });
    expect(run.status).toBe(7);
    expect(lines(log).slice(-2)).toEqual(['foreign x', 'ours']);

    uninstallGitHooks(root);
    expect(readFileSync(foreignPath, 'utf8')).toBe(foreign);
    expect(existsSync(`${foreignPath}.pre-arbor`)).toBe(false);
    expect(existsSync(join(root, '.git', 'hooks', 'post-merge'))).toBe(false);
    expect(gitHooksStatus(root).hooks.find((h) => h.name === 'post-commit')?.state).toBe('foreign');
  });

  it('respects core.hooksPath', () => {
    const root = repo();
    git(root, 'config', 'core.hooksPath', '.githooks');
    const log = join(root, '..', `${root.split('/').pop()}-hp.log`);
    temps.push(log);
    const report = installGitHooks(root, `echo ran >> ${log}`);
    expect(report.hooksDir).toBe(join(root, '.githooks'));
    expect(existsSync(join(root, '.githooks', 'post-commit'))).toBe(true);
    expect(existsSync(join(root, '.git', 'hooks', 'post-commit'))).toBe(false);
    commit(root, 'a.ts', 'export function a() { return 5; }\n');
    expect(lines(log)).toEqual(['ran']);
    uninstallGitHooks(root);
    expect(existsSync(join(root, '.githooks', 'post-commit'))).toBe(false);
  });

  it('refuses a folder that is not in a git repository', () => {
    const plain = realpathSync(mkdtempSync(join(tmpdir(), 'arbor-nogit-')));
    temps.push(plain);
    expect(() => installGitHooks(plain, 'true')).toThrow(/not a git repository/);
  });

  it('`arbor hooks install` with the default command re-indexes in the background after a commit', async () => {
    const root = repo();
    writeFileSync(join(root, '.gitignore'), '.codegraph/\n');
    const index = spawnSync(process.execPath, [BIN, 'index', '-q', root], { encoding: 'utf8' });
    expect(index.status, index.stderr).toBe(0);
    const install = spawnSync(process.execPath, [BIN, 'hooks', 'install', '-p', root], { encoding: 'utf8' });
    expect(install.status, install.stderr).toBe(0);
    expect(install.stdout).toMatch(/post-commit\s+arbor/);
    expect(install.stdout).toContain('worktree: main worktree');

    commit(root, 'c.ts', 'export function addedByCommit() { return 1; }\n');
    const deadline = Date.now() + 30_000;
    let found = false;
    while (!found && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      const search = spawnSync(process.execPath, [BIN, 'search', 'addedByCommit', '-p', root, '--json'], { encoding: 'utf8' });
      found = search.status === 0 && JSON.parse(search.stdout).results.length > 0;
    }
    expect(found).toBe(true);

    const status = spawnSync(process.execPath, [BIN, 'hooks', 'status', '-p', root, '--json'], { encoding: 'utf8' });
    const report = JSON.parse(status.stdout);
    expect(report.hooks.map((h: { state: string }) => h.state)).toEqual(['installed', 'installed', 'installed', 'installed']);
    expect(report.worktree.isLinkedWorktree).toBe(false);
  });
});

describe('detectWorktree', () => {
  it('tells a linked worktree from the main one, and finds the main repository', () => {
    const main = repo();
    const linked = join(main, '..', `${main.split('/').pop()}-wt`);
    temps.push(linked);
    git(main, 'worktree', 'add', '-q', linked, '-b', 'feature');
    mkdirSync(join(linked, 'sub'), { recursive: true });

    const m = detectWorktree(main);
    expect(m).toMatchObject({ isRepository: true, isLinkedWorktree: false, worktreeRoot: main, mainWorktree: main });

    for (const at of [linked, join(linked, 'sub')]) {
      const w = detectWorktree(at);
      expect(w.isRepository).toBe(true);
      expect(w.isLinkedWorktree).toBe(true);
      expect(w.worktreeRoot).toBe(realpathSync(linked));
      expect(w.mainWorktree).toBe(main);
      // The same answers git gives.
      expect(w.commonDir).toBe(realpathSync(resolve(linked, git(linked, 'rev-parse', '--git-common-dir'))));
      expect(w.gitDir).toBe(git(linked, 'rev-parse', '--absolute-git-dir'));
    }

    const plain = realpathSync(mkdtempSync(join(tmpdir(), 'arbor-nogit-')));
    temps.push(plain);
    expect(detectWorktree(plain).isRepository).toBe(false);

    // Hooks installed from a linked worktree go where git runs them: the shared repository.
    const report = installGitHooks(linked, 'true');
    expect(realpathSync(report.hooksDir)).toBe(join(main, '.git', 'hooks'));
    const cli = spawnSync(process.execPath, [BIN, 'hooks', 'status', '-p', linked], { encoding: 'utf8' });
    expect(cli.stdout).toContain(`worktree: linked worktree of ${main}`);
  });
});
