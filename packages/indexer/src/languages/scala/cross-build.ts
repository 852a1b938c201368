/**
 * Cross-built Scala sources: a project compiled for several Scala versions keeps version-specific files in
 * folders named for the versions they are compiled for (sbt `scala-2.12`, `scala-2.13+`, `scala-2.13-`,
 * `scala-3`; mill `src-2`, `src-3`, `src-2.13+`), often declaring the same name in each. Like other build
 * variants (`FileExtraction.buildVariant`), a name declared by a shared file and by a version folder means the
 * shared file's. Which Scala version the default build compiles is written in the build definition
 * (build-definition.ts): a version folder that version compiles is the default build's, so of twins in
 * `scala-2/` and `scala-3/` a call means the default version's; a file of a version folder never calls into a
 * folder no version compiles together with it. A build that states no one default (modules of different
 * versions, an sbt and a Mill build that disagree) still compiles a shared file once per version, each build
 * calling its own twin: every twin is a true target, and the graph, naming one, names the newest version's
 * (`newestVersion`) — the same as a stated default of that version would. Platform folders (Scala.js, Scala
 * Native beside the JVM) are variants the same way: the JVM's are the default build's.
 */

import type { DefaultScalaVersion, ScalaBuildTool } from './build-definition.js';

/**
 * `scala-2.13+`, `src-3`, `src-jvm-2` (a platform before the version), `src-3-jvm` (Mill's `PlatformScalaModule`
 * adds the platform after each source folder's name), `scala-2.x` (a build's own name for every 2.x): the version
 * spec of the folder, or undefined.
 */
const VERSION_FOLDER = /^(?:scala|src)(?:-[a-z]+)*-(\d+(?:\.\d+|\.x)?)([+-]?)(?:-(?:js|jvm|native))*$/;
/** sbt-crossproject's platform folders (`js/src/…`, `.native/src/…`, `js-native/src/…`): the platforms they are for. */
const CROSS_PROJECT_FOLDER = /^\.?((?:js|jvm|native)(?:-(?:js|jvm|native))*)$/;
/** Mill's platform folders (`src-js`, `src-jvm-2`, `src-2.12-jvm`). */
const MILL_PLATFORM_FOLDER = /^src-(?:\d+(?:\.\d+)?[+-]?-)?((?:js|jvm|native)(?:-(?:js|jvm|native))*)(?:-\d.*)?$/;

/**
 * The folders of `path` that make it a variant of the build, joined by `/` (`scala-3`, `js`, `js/scala-2`), or
 * undefined: the default build's. A platform folder is one sbt-crossproject writes (`js/src/main/scala`: before a
 * `src` folder) or Mill's (`src-js`); a Scala.js or Scala Native build is one a project opts into, the JVM the default.
 */
export function scalaBuildVariant(path: string): string | undefined {
  const folders = path.split('/').slice(0, -1);
  const found = folders.filter((folder, i) => VERSION_FOLDER.test(folder) || MILL_PLATFORM_FOLDER.test(folder)
    || (CROSS_PROJECT_FOLDER.test(folder) && folders[i + 1] === 'src'));
  return found.length > 0 ? found.join('/') : undefined;
}

/** The platforms a variant is compiled for, or undefined: every platform. */
function platformsOf(variant: string): Set<string> | undefined {
  let out: Set<string> | undefined;
  for (const folder of variant.split('/')) {
    const match = CROSS_PROJECT_FOLDER.exec(folder) ?? MILL_PLATFORM_FOLDER.exec(folder);
    if (!match) continue;
    const these = new Set(match[1].split('-'));
    out = out ? new Set([...out].filter((platform) => these.has(platform))) : these;
  }
  return out;
}

function versionFolderOf(variant: string): string | undefined {
  return variant.split('/').find((folder) => VERSION_FOLDER.test(folder));
}

/** Whether the default build (the JVM, the build's default Scala version) compiles a variant's files. */
export function compiledByDefault(variant: string, stated: DefaultScalaVersion | undefined): boolean {
  const platforms = platformsOf(variant);
  if (platforms && !platforms.has('jvm')) return false;
  const folder = versionFolderOf(variant);
  return folder === undefined || (stated !== undefined && folderCompiledBy(folder, stated.version, stated.tool) === true);
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

/** Whether one build may compile files of both variants (a shared file, undefined, is in every build; so is a folder of unknown meaning). */
export function compiledTogether(a: string | undefined, b: string | undefined, tool: ScalaBuildTool): boolean {
  if (a === undefined || b === undefined || a === b) return true;
  const platformsA = platformsOf(a);
  const platformsB = platformsOf(b);
  if (platformsA && platformsB && ![...platformsA].some((platform) => platformsB.has(platform))) return false;
  const versionA = versionFolderOf(a);
  const versionB = versionFolderOf(b);
  if (versionA === undefined || versionB === undefined) return true;
  return KNOWN_VERSIONS.some((version) => folderCompiledBy(versionA, version, tool) !== false && folderCompiledBy(versionB, version, tool) !== false);
}

/**
 * The newest Scala version the version folders of `variants` name (`3` of `src-2`, `src-3`, `src-2.13+`; `2.13` of
 * `scala-2.12`, `scala-2.13`), or undefined when none names one: the build whose twins a shared file's calls name
 * when the build definition states no default.
 */
export function newestVersion(variants: Iterable<string>): string | undefined {
  let newest: [number, number] | undefined;
  for (const variant of variants) {
    const spec = VERSION_FOLDER.exec(versionFolderOf(variant) ?? '');
    const version = spec ? parse(spec[1]) : undefined;
    if (!version) continue;
    const [major, minor] = [version[0], version[1] ?? -1];
    if (!newest || major > newest[0] || (major === newest[0] && minor > newest[1])) newest = [major, minor];
  }
  return newest === undefined ? undefined : newest[1] < 0 ? String(newest[0]) : `${newest[0]}.${newest[1]}`;
}
