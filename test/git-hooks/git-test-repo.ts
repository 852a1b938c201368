/** What the git-hook tests share: the CLI, a git that reads no user or system config, and temp folders. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'arbor.mjs');

/** Folders a test file made; `removeTemps` (in its afterAll) deletes them. */
export const temps: string[] = [];
export function removeTemps(): void {
  temps.splice(0).forEach((t) => rmSync(t, { recursive: true, force: true }));
}

export const GIT_ENV = {
  ...process.env,
  GIT_AUTHOR_NAME: 'arbor test', GIT_AUTHOR_EMAIL: 'test@example.invalid',
  GIT_COMMITTER_NAME: 'arbor test', GIT_COMMITTER_EMAIL: 'test@example.invalid',
  GIT_CONFIG_GLOBAL: '/dev/null', GIT_CONFIG_NOSYSTEM: '1',
};

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/** A new temp folder (its real path), removed with the others. */
export function tempDir(prefix: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  temps.push(dir);
  return dir;
}
