import { isAbsolute, sep } from 'node:path';

/**
 * Whether a path as `path.relative` gives it leaves its base: `..` itself, `..` then a separator,
 * or another root. Only those: `..foo` and `...` are names of folders inside, and a prefix test for
 * `..` would throw their files out of the project.
 */
export function leavesBase(rel: string): boolean {
  return rel === '..' || rel.startsWith(`..${sep}`) || rel.startsWith('../') || isAbsolute(rel);
}
