/**
 * Which language a file is, from its name alone.
 *
 * Extensions are matched case-insensitively (`Foo.JAVA` is Java) — except that `.C`/`.H` stay C, not
 * C++: guessing a language from letter case is too unreliable to be worth a wrong parse.
 * `.d.ts` needs no rule: it ends in `.ts` and is TypeScript.
 */
import type { Language } from '../model/graph-vocabulary.js';

export const LANGUAGE_EXTENSIONS: Readonly<Record<Language, readonly string[]>> = {
  typescript: ['.ts', '.mts', '.cts'],
  tsx: ['.tsx'],
  javascript: ['.js', '.mjs', '.cjs'],
  jsx: ['.jsx'],
  python: ['.py', '.pyi'],
  go: ['.go'],
  java: ['.java'],
  c: ['.c', '.h'],
  cpp: ['.cpp', '.cc', '.cxx', '.hpp', '.hh', '.hxx'],
  csharp: ['.cs'],
  php: ['.php'],
  rust: ['.rs'],
  ruby: ['.rb'],
  zig: ['.zig'],
  kotlin: ['.kt', '.kts'],
  swift: ['.swift'],
  dart: ['.dart'],
  scala: ['.scala', '.sc'],
};

const byExtension: ReadonlyMap<string, Language> = new Map(
  (Object.entries(LANGUAGE_EXTENSIONS) as Array<[Language, readonly string[]]>).flatMap(([language, extensions]) =>
    extensions.map((extension) => [extension, language] as const),
  ),
);

/** The language of a file path (relative or absolute, either slash), or undefined when none applies. */
export function languageForPath(path: string): Language | undefined {
  const base = path.slice(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
  const dot = base.lastIndexOf('.');
  // A leading dot is a hidden file's name (`.ts` alone is not a TypeScript file), not an extension.
  if (dot <= 0) return undefined;
  return byExtension.get(base.slice(dot).toLowerCase());
}
