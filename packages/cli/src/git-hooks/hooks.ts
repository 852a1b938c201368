/**
 * Git hooks that refresh the graph where nothing watches the tree: after a checkout, merge, commit
 * or rewrite (rebase, amend), run a command (default: `arbor index` in the background).
 *
 * - The hooks folder is the one git uses: `git rev-parse --git-path hooks` honours `core.hooksPath`
 *   and linked worktrees (whose hooks live in the shared repository).
 * - A hook that is not ours is never overwritten: it is renamed `<hook>.pre-arbor` and our hook runs
 *   it first, with the same arguments and standard input, and exits with its status.
 * - Uninstalling removes only what was added: our hook goes, a renamed hook comes back unchanged.
 * Nothing installs hooks by itself; `arbor hooks install` does, when asked.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';

export const HOOK_NAMES = ['post-checkout', 'post-merge', 'post-commit', 'post-rewrite'] as const;
export type HookName = (typeof HOOK_NAMES)[number];

/** First line after the shebang of every hook arbor writes: how it recognises its own. */
export const MARKER = '# arbor-hook: refreshes the code graph (remove with `arbor hooks uninstall`)';
const CHAINED_SUFFIX = '.pre-arbor';

export type HookState = 'installed' | 'chained' | 'absent' | 'foreign';

export interface HookStatus {
  name: HookName;
  path: string;
  /** installed: ours; chained: ours, running a previous hook first; foreign: someone else's, not ours; absent. */
  state: HookState;
}

export interface HooksReport {
  hooksDir: string;
  hooks: HookStatus[];
}

/** The folder git runs hooks from for the repository holding `root`. */
export function hooksDirectory(root: string): string {
  let out: string;
  try {
    out = execFileSync('git', ['rev-parse', '--git-path', 'hooks'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    throw new Error(`not a git repository (or git is not installed): ${root}${stderr ? `: ${stderr.split('\n')[0]}` : ''}`);
  }
  return isAbsolute(out) ? out : resolve(root, out);
}

/**
 * The default command: index `root` in the background so the git command returns at once, and only
 * where a graph exists already (hooks are shared by every worktree of a repository; one without a
 * graph did not ask for one).
 */
export function defaultHookCommand(root: string, arborCommand = defaultArborCommand()): string {
  const top = worktreeTop(root);
  const rel = top ? relative(top, resolve(root)) || '.' : '.';
  const target = shellQuote(rel);
  return `[ -f ${shellQuote(join(rel, '.codegraph', 'codegraph.db'))} ] && (${arborCommand} index -q ${target} >/dev/null 2>&1 &)`;
}

export function installGitHooks(root: string, command: string = defaultHookCommand(root)): HooksReport {
  if (command.includes('\n')) throw new Error('the hook command must be one line');
  const hooksDir = hooksDirectory(root);
  mkdirSync(hooksDir, { recursive: true });
  for (const name of HOOK_NAMES) {
    const path = join(hooksDir, name);
    const state = stateOf(path);
    let chained = state === 'chained';
    if (state === 'foreign') {
      const saved = path + CHAINED_SUFFIX;
      if (existsSync(saved)) throw new Error(`${name}: both a hook and ${name}${CHAINED_SUFFIX} exist; leaving both untouched`);
      renameSync(path, saved);
      chained = true;
    }
    writeFileSync(path, hookScript(name, command, chained), { mode: 0o755 });
    chmodSync(path, 0o755);
  }
  return gitHooksStatus(root);
}

export function uninstallGitHooks(root: string): HooksReport {
  const hooksDir = hooksDirectory(root);
  for (const name of HOOK_NAMES) {
    const path = join(hooksDir, name);
    const state = stateOf(path);
    if (state !== 'installed' && state !== 'chained') continue;
    rmSync(path);
    const saved = path + CHAINED_SUFFIX;
    if (existsSync(saved)) renameSync(saved, path);
  }
  return gitHooksStatus(root);
}

export function gitHooksStatus(root: string): HooksReport {
  const hooksDir = hooksDirectory(root);
  return { hooksDir, hooks: HOOK_NAMES.map((name) => ({ name, path: join(hooksDir, name), state: stateOf(join(hooksDir, name)) })) };
}

function stateOf(path: string): HookState {
  let text: string;
  try {
    if (!lstatSync(path).isFile()) return 'foreign';
    text = readFileSync(path, 'utf8');
  } catch {
    return 'absent';
  }
  if (!text.split('\n', 3).includes(MARKER)) return 'foreign';
  return existsSync(path + CHAINED_SUFFIX) ? 'chained' : 'installed';
}

function hookScript(name: HookName, command: string, chained: boolean): string {
  const lines = ['#!/bin/sh', MARKER];
  if (chained) {
    lines.push(
      '# The hook that was here before, kept unchanged beside this one: it runs first, with the same',
      '# arguments and input, and its exit status is this hook\'s.',
      `"$(dirname "$0")/${name}${CHAINED_SUFFIX}" "$@"`,
      'status=$?',
    );
  } else {
    lines.push('status=0');
  }
  // A rebase in progress rewrites many commits: post-rewrite at its end is enough.
  if (name === 'post-checkout' || name === 'post-commit') {
    lines.push('if [ -d "$(git rev-parse --git-path rebase-merge)" ] || [ -d "$(git rev-parse --git-path rebase-apply)" ]; then exit $status; fi');
  }
  lines.push(`( ${command} ) </dev/null || true`, 'exit $status', '');
  return lines.join('\n');
}

function defaultArborCommand(): string {
  // The arbor that installs the hooks is the one they run: `arbor` may not be on PATH (npx).
  const script = process.argv[1];
  if (script && existsSync(script)) return `${shellQuote(process.execPath)} ${shellQuote(resolve(script))}`;
  return 'arbor';
}

function worktreeTop(root: string): string | undefined {
  try {
    return execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

export function shellQuote(text: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
