/** `--file`, `--kind` and `--language` narrowing shared by every command. */
import { globToRegExp, isGlob } from './glob.js';
import { isUnder, normalizeGraphPath } from './paths.js';
import type { Project } from './project.js';

export type PathPredicate = (path: string) => boolean;

/**
 * A `--file` argument as a predicate over project paths: a glob, a file or folder (relative to
 * the cwd or the root), or else any path ending with it (`b.ts` matches `src/b.ts`).
 */
export function pathFilter(project: Pick<Project, 'projectPath'>, arg: string | undefined): PathPredicate | undefined {
  if (arg === undefined || arg === '') return undefined;
  if (isGlob(arg)) {
    const re = globToRegExp(arg);
    return (path) => re.test(path);
  }
  const asProject = project.projectPath(arg);
  const suffix = normalizeGraphPath(arg);
  return (path) =>
    (asProject !== undefined && isUnder(path, asProject)) || path === suffix || path.endsWith(`/${suffix}`);
}

/** `--kind a,b` (or repeated) as a set; undefined when absent. */
export function kindSet(kinds: string | string[] | undefined): Set<string> | undefined {
  if (kinds === undefined) return undefined;
  const list = (Array.isArray(kinds) ? kinds : [kinds])
    .flatMap((k) => String(k).split(','))
    .map((k) => k.trim().toLowerCase())
    .filter((k) => k !== '');
  return list.length > 0 ? new Set(list) : undefined;
}
