/**
 * Cross-built Scala sources: a project compiled for several Scala versions keeps version-specific files in
 * folders named for the versions they are compiled for (sbt `scala-2.12`, `scala-2.13+`, `scala-3`; mill
 * `src-2`, `src-3`, `src-2.13+`), often declaring the same name in each. Like other build variants
 * (`FileExtraction.buildVariant`), a name declared by a file of the default build and by a variant means the
 * default build's. The default build here is Scala 2.13, the default `scalaVersion` of most cross-built
 * projects: a folder whose versions include 2.13 (`scala-2`, `src-2.13+`, `scala-2.13-`) is of the default
 * build; one for other versions only (`scala-3`, `src-3`, `scala-2.12`, `scala-2.12-`) is a variant.
 */

/** `scala-2.13+`, `src-3`, `src-jvm-2` (a platform before the version): the version spec of the folder, or undefined. */
const VERSION_FOLDER = /^(?:scala|src)(?:-[a-z]+)*-(\d+(?:\.\d+)?)([+-]?)$/;

const DEFAULT = { major: 2, minor: 13 };

function includesDefault(version: string, range: string): boolean {
  const [major, minor] = version.split('.').map(Number);
  if (minor === undefined) return range === '' ? major === DEFAULT.major : range === '+' ? major <= DEFAULT.major : major >= DEFAULT.major;
  const compared = major !== DEFAULT.major ? major - DEFAULT.major : minor - DEFAULT.minor;
  return range === '+' ? compared <= 0 : range === '-' ? compared >= 0 : compared === 0;
}

/** The folder of `path` that makes it a variant of the build (`scala-3`), or undefined: the default build's. */
export function scalaBuildVariant(path: string): string | undefined {
  for (const folder of path.split('/').slice(0, -1)) {
    const match = VERSION_FOLDER.exec(folder);
    if (match && !includesDefault(match[1], match[2])) return folder;
  }
  return undefined;
}
