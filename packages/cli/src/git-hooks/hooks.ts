/**
 * Git hooks that refresh the graph where nothing watches the tree: after a checkout, merge, commit
 * or rewrite (rebase, amend), run a command (default: `arbor index` in the background).
 *
 * - The hooks folder is the one git uses: `git rev-parse --git-path hooks` honours `core.hooksPath`
 *   and linked worktrees (whose hooks live in the shared repository).
 * - A hook that is not ours is never overwritten: it is renamed `<hook>.pre-arbor` and our hook runs
 *   it first, with the same arguments and standard input, and exits with its status.
 * - Installing is all or nothing: every hook is checked before any is written, and a failed write
 *   puts back what the run changed.
 * - A hook is recognised by its first bytes only (arbor's marker is its second line), so a hook of
 *   any size costs the same few KiB to look at.
 * - Uninstalling removes only what was added: our hook goes, a renamed hook comes back unchanged.
 * Nothing installs hooks by itself; `arbor hooks install` does, when asked.
 */
import type * as ChildProcess from 'node:child_process';
import { chmodSync, closeSync, existsSync, lstatSync, mkdirSync, openSync, readSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { leavesBase } from '@arbor/query';
import { lazyBuiltin } from '@arbor/vocabulary';

// Loaded when git runs, not by every command that imports this module (lazy-builtin.ts).
const childProcess = lazyBuiltin<typeof ChildProcess>('node:child_process');

export const HOOK_NAMES = ['post-checkout', 'post-merge', 'post-commit', 'post-rewrite'] as const;
export type HookName = (typeof HOOK_NAMES)[number];

/** First line after the shebang of every hook arbor writes: how it recognises its own. */
export const MARKER = '# arbor-hook: refreshes the code graph (remove with `arbor hooks uninstall`)';
const CHAINED_SUFFIX = '.pre-arbor';

export type HookState = 'installed' | 'chained' | 'absent' | 'foreign';

/** Bytes of a hook read to recognise it: arbor's marker is on its second line. */
const HEAD_BYTES = 4096;
/** arbor's hooks are under 1 KiB: a file this large with the marker is not one arbor wrote. */
const LARGEST_OWN_HOOK = 64 * 1024;

export interface HookStatus {
  name: HookName;
  path: string;
  /** installed: ours; chained: ours, running a previous hook first; foreign: someone else's, not ours; absent. */
  state: HookState;
  /** Why a hook that looks like arbor's is taken as foreign (its size). */
  note?: string;
}

export interface HooksReport {
  hooksDir: string;
  /** core.hooksPath leads out of the repository (its working tree and git folder): the hooks there may serve others. */
  hooksDirOutsideRepository: boolean;
  hooks: HookStatus[];
}

/** The folder git runs hooks from for the repository holding `root`. */
export function hooksDirectory(root: string): string {
  let out: string;
  try {
    out = childProcess().execFileSync('git', ['rev-parse', '--git-path', 'hooks'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    throw new Error(`not a git repository (or git is not installed): ${root}${stderr ? `: ${stderr.split('\n')[0]}` : ''}`);
  }
  return isAbsolute(out) ? out : resolve(root, out);
}

/**
 * The default command: index `root` in the background so the git command returns at once. In the
 * worktree the hooks were installed from it always runs, building the graph on the first run if there
 * is none (installing hooks asks for a maintained graph); the hooks are shared by every worktree of
 * the repository, and in another one it runs only where a graph exists already (that one did not ask).
 */
export function defaultHookCommand(root: string, arborCommand = defaultArborCommand()): string {
  const top = worktreeTop(root);
  const rel = top ? relative(top, resolve(root)) || '.' : '.';
  const target = shellQuote(rel);
  // Hooks run at the top of the worktree that fired them: its real path tells the installing one.
  const installedIn = shellQuote(top ? realPathOf(top) : realPathOf(root));
  const hasGraph = `[ -f ${shellQuote(join(rel, '.codegraph', 'codegraph.db'))} ]`;
  return `{ ${hasGraph} || [ "$(pwd -P)" = ${installedIn} ]; } && (${arborCommand} index -q ${target} >/dev/null 2>&1 &)`;
}

export function installGitHooks(root: string, command: string = defaultHookCommand(root)): HooksReport {
  if (command.includes('\n')) throw new Error('the hook command must be one line');
  const hooksDir = hooksDirectory(root);
  // Every hook is checked first: a refusal leaves all of them as they were.
  const plan = HOOK_NAMES.map((name) => ({ name, path: join(hooksDir, name), state: stateOf(join(hooksDir, name)).state }));
  const blocked = plan.filter((h) => h.state === 'foreign' && existsSync(h.path + CHAINED_SUFFIX)).map((h) => h.name);
  if (blocked.length > 0) {
    throw new Error(`${blocked.map((n) => `${n} and ${n}${CHAINED_SUFFIX}`).join(', ')} both exist (a hook arbor did not write, ` +
      `beside one it saved earlier); no hook was changed`);
  }
  const undo: Array<() => void> = [];
  try {
    // A hooks folder made here (core.hooksPath naming one not made yet) goes again if the install fails.
    const made = mkdirSync(hooksDir, { recursive: true });
    if (made !== undefined) undo.push(() => rmSync(made, { recursive: true, force: true }));
    for (const { name, path, state } of plan) {
      let chained = state === 'chained';
      if (state === 'foreign') {
        const saved = path + CHAINED_SUFFIX;
        renameSync(path, saved);
        undo.push(() => renameSync(saved, path));
        chained = true;
      } else if (state !== 'absent') {
        const before = readHead(path, LARGEST_OWN_HOOK);
        undo.push(() => writeFileSync(path, before, { mode: 0o755 }));
      } else {
        undo.push(() => rmSync(path, { force: true }));
      }
      writeFileSync(path, hookScript(name, command, chained), { mode: 0o755 });
      chmodSync(path, 0o755);
    }
  } catch (error) {
    for (const step of undo.reverse()) {
      try {
        step();
      } catch {
        // Put back what can be; the first error is the one to report.
      }
    }
    throw new Error(`could not write the hooks in ${hooksDir} (${error instanceof Error ? error.message : String(error)}); the hooks were put back as they were`);
  }
  return gitHooksStatus(root);
}

export function uninstallGitHooks(root: string): HooksReport {
  const hooksDir = hooksDirectory(root);
  for (const name of HOOK_NAMES) {
    const path = join(hooksDir, name);
    const { state } = stateOf(path);
    if (state !== 'installed' && state !== 'chained') continue;
    rmSync(path);
    const saved = path + CHAINED_SUFFIX;
    if (existsSync(saved)) renameSync(saved, path);
  }
  return gitHooksStatus(root);
}

export function gitHooksStatus(root: string): HooksReport {
  const hooksDir = hooksDirectory(root);
  return {
    hooksDir,
    hooksDirOutsideRepository: isOutsideRepository(root, hooksDir),
    hooks: HOOK_NAMES.map((name) => ({ name, path: join(hooksDir, name), ...stateOf(join(hooksDir, name)) })),
  };
}

function stateOf(path: string): { state: HookState; note?: string } {
  let head: string;
  let size: number;
  try {
    const stat = lstatSync(path);
    if (!stat.isFile()) return { state: 'foreign' };
    size = stat.size;
    head = readHead(path, HEAD_BYTES);
  } catch {
    return { state: 'absent' };
  }
  if (!head.split('\n', 3).includes(MARKER)) return { state: 'foreign' };
  if (size > LARGEST_OWN_HOOK) {
    return { state: 'foreign', note: `carries arbor's marker but is ${size} bytes, larger than any hook arbor writes: taken as another tool's` };
  }
  return { state: existsSync(path + CHAINED_SUFFIX) ? 'chained' : 'installed' };
}

/** The first `bytes` of a regular file (checked by the caller), never more. */
function readHead(path: string, bytes: number): string {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const read = readSync(fd, buffer, 0, bytes, 0);
    return buffer.subarray(0, read).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

/** Whether the hooks folder is neither in the working tree nor in the repository's git folder. */
function isOutsideRepository(root: string, hooksDir: string): boolean {
  const dir = realPathOf(hooksDir);
  const homes = [worktreeTop(root), gitCommonDir(root)].filter((p): p is string => p !== undefined).map(realPathOf);
  return !homes.some((home) => !leavesBase(relative(home, dir)));
}

/** The real path of `path`, or of its nearest existing ancestor with the rest appended (a hooks folder not made yet). */
function realPathOf(path: string): string {
  const absolute = resolve(path);
  try {
    return realpathSync.native(absolute);
  } catch {
    const parent = dirname(absolute);
    return parent === absolute ? absolute : join(realPathOf(parent), basename(absolute));
  }
}

function gitCommonDir(root: string): string | undefined {
  try {
    const out = childProcess().execFileSync('git', ['rev-parse', '--git-common-dir'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return isAbsolute(out) ? out : resolve(root, out);
  } catch {
    return undefined;
  }
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
    return childProcess().execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return undefined;
  }
}

export function shellQuote(text: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}
