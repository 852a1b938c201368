/** Paths as the graph stores them: relative to the project root, forward slashes. */
import { existsSync } from 'node:fs';
import { leavesBase } from '@arbor/vocabulary';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * Forward slashes, no leading `./`, no trailing `/`. A backslash is a separator only where the
 * platform says so: on POSIX it is an ordinary character of a file name (`a\b.ts`).
 */
export function normalizeGraphPath(path: string): string {
  let p = sep === '\\' ? path.replace(/\\/g, '/') : path;
  while (p.startsWith('./')) p = p.slice(2);
  p = p.replace(/\/{2,}/g, '/');
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  return p === '.' ? '' : p;
}

export { leavesBase } from '@arbor/vocabulary';

/**
 * A path argument as a project path. It is taken relative to the current folder when that
 * lands inside the project (the usual case: the shell's cwd is in the project), otherwise
 * relative to the project root. Returns undefined for a path outside the project.
 */
export function toProjectPath(root: string, cwd: string, arg: string): string | undefined {
  const inside = (abs: string) => {
    const rel = relative(root, abs);
    return !leavesBase(rel) ? normalizeGraphPath(rel.split(sep).join('/')) : undefined;
  };
  if (isAbsolute(arg)) return inside(arg);
  const fromCwd = resolve(cwd, arg);
  const cwdInside = inside(cwd) !== undefined;
  if (cwdInside || existsSync(fromCwd)) {
    const rel = inside(fromCwd);
    if (rel !== undefined) return rel;
  }
  return inside(resolve(root, arg));
}

/** Lower-cased extension including the dot (`.ts`), or '' for none. */
export function extensionOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

export function isUnder(path: string, dir: string): boolean {
  return dir === '' || path === dir || path.startsWith(`${dir}/`);
}
