/**
 * Cross-built Scala sources: a project compiled for several Scala versions keeps version-specific files in
 * folders named for the versions they are compiled for (sbt `scala-2.12`, `scala-2.13+`, `scala-3`; mill
 * `src-2`, `src-3`, `src-2.13+`), often declaring the same name in each. Like other build variants
 * (`FileExtraction.buildVariant`), a name declared by a shared file and by a version folder means the shared
 * file's. Which Scala version is the project's default is written in its build definition, which arbor does not
 * read: every version folder is a variant, so twins declared only in version folders stay ambiguous (no edge).
 */

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
