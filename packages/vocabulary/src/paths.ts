import { isAbsolute, sep } from 'node:path';

/**
 * Whether a path as `path.relative` gives it leaves its base: `..` itself, `..` then a separator,
 * or another root. Only those: `..foo` and `...` are names of folders inside, and a prefix test for
 * `..` would throw their files out of the project.
 */
export function leavesBase(rel: string): boolean {
  return rel === '..' || rel.startsWith(`..${sep}`) || rel.startsWith('../') || isAbsolute(rel);
}

/**
 * The project configuration at a repository's root, read by `index`, `watch`, `mcp` and the git
 * hooks; `status` compares it with the one recorded in the graph.
 */
export const PROJECT_CONFIG_FILE = 'arbor.config.json';
/** The `project_metadata` key holding which configuration built the graph (JSON). */
export const CONFIGURATION_METADATA_KEY = 'arbor_configuration';
