/**
 * Cross-built Scala sources: a project compiled for several Scala versions keeps version-specific files in
 * folders named for the versions they are compiled for (sbt `scala-2.12`, `scala-2.13+`, `scala-2.13-`,
 * `scala-3`; mill `src-2`, `src-3`, `src-2.13+`), often declaring the same name in each. Like other build
 * variants (`FileExtraction.buildVariant`), a name declared by a shared file and by a version folder means the
 * shared file's. Which Scala version the default build compiles is written in the build definition
 * (build-definition.ts): a version folder that version compiles is the default build's, so of twins in
 * `scala-2/` and `scala-3/` a call means the default version's; a file of a version folder never calls into a
 * folder no version compiles together with it. With no default version stated, every version folder is a
 * variant and twins declared only in version folders stay ambiguous (no edge).
 */

import type { ScalaBuildTool } from './build-definition.js';

/** `scala-2.13+`, `src-3`, `src-jvm-2` (a platform before the version): the version spec of the folder, or undefined. */
const VERSION_FOLDER = /^(?:scala|src)(?:-[a-z]+)*-(\d+(?:\.\d+)?)([+-]?)$/;

/** The folder of `path` that makes it a variant of the build (`scala-3`), or undefined: the default build's. */
export function scalaBuildVariant(path: string): string | undefined {
  for (const folder of path.split('/').slice(0, -1)) {
    const match = VERSION_FOLDER.exec(folder);
    if (match) return folder;
  }
  return undefined;
}

/** Major and minor of a version (`2.13.14` → [2, 13]; `3` → [3, undefined]). */
function parse(version: string): [number, number | undefined] | undefined {
  const match = /^(\d+)(?:\.(\d+))?/.exec(version);
  return match ? [Number(match[1]), match[2] === undefined ? undefined : Number(match[2])] : undefined;
}

/**
 * Whether a version folder (`scala-2.13+`) is compiled by Scala `version` (`2.13.14`); undefined when the folder's
 * name does not say. Folders of a version or major version (`scala-2.13`, `src-3`) are sbt's and Mill's own.
 * Mill defines ranges: `src-2.13+` is 2.13 and every later version, Scala 3 included; `src-2.13-` up to 2.13. In
 * sbt a range is each build's own setting, and builds disagree where it ends (quicklens' `scala-2.13+` is 2.13
 * only and its `scala-2.13-` 2.11 and 2.12; elsewhere `scala-2.13+` holds Scala 3 too): only what every reading
 * agrees on is known — `scala-2.13+` is compiled by 2.13 and later 2.x, not by 2.12; `scala-2.13-` by 2.12, not
 * by 2.14 or 3.
 */
export function folderCompiledBy(folder: string, version: string, tool: ScalaBuildTool = 'mill'): boolean | undefined {
  const spec = VERSION_FOLDER.exec(folder);
  const have = parse(version);
  if (!spec || !have) return false;
  const [major, minor] = parse(spec[1])!;
  // Compare as far as the folder is precise: `scala-2` is every 2.x, `scala-2.13+` 2.13 and every later version.
  const order = have[0] !== major ? have[0] - major : minor === undefined ? 0 : (have[1] ?? 0) - minor;
  if (spec[2] === '' || tool === 'mill') return spec[2] === '+' ? order >= 0 : spec[2] === '-' ? order <= 0 : order === 0;
  if (spec[2] === '+') return order < 0 ? false : have[0] === major ? true : undefined;
  return order > 0 ? false : order < 0 ? true : undefined;
}

/** Scala versions a build may compile for: two folders some version of these compiles both of are compiled together. */
const KNOWN_VERSIONS = ['2.10', '2.11', '2.12', '2.13', '3.0', '3.1', '3.2', '3.3', '3.4', '3.5', '3.6', '3.7', '3.8', '3.9'];

/** Whether one build may compile files of both folders (a shared folder, undefined, is in every build; so is a folder of unknown meaning). */
export function compiledTogether(a: string | undefined, b: string | undefined, tool: ScalaBuildTool): boolean {
  if (a === undefined || b === undefined || a === b) return true;
  return KNOWN_VERSIONS.some((version) => folderCompiledBy(a, version, tool) !== false && folderCompiledBy(b, version, tool) !== false);
}
