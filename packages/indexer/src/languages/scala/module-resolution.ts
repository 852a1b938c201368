/**
 * Scala modules for the shared resolver. A package is every `.scala` file whose leading package
 * clauses name it, wherever its folder is: the package name is the key (`packageOf`), a file without
 * a clause is in the empty package. Chained clauses (`package a.b` then `package c`) put the file in
 * `a.b.c` and make the members of `a.b` visible too (`enclosingPackages`); a single `package a.b.c`
 * does not.
 *
 *  - `import a.b.C` (and each selector of `import a.b.{C, D => E}`) names type or object `C` of package
 *    `a.b`: the file that declares it (`resolveModule`, `C.scala` first).
 *  - `import a.b._` / `import a.b.*` names package `a.b` (`importedPackage`); on an object it imports
 *    the object's members (syntax.ts).
 *  - The Scala and Java libraries are not indexed: their names land on no file (external).
 */
import { posix } from 'node:path';
import type { ImportResolver, ImportResolverFactory, WorkspaceView } from '../../model/language-support.js';

const SCALA_FILE = /\.(scala|sc)$/i;
const COMMENTS_AND_STRINGS = /\/\*[\s\S]*?\*\/|\/\/[^\n]*|"""[\s\S]*?"""|"(?:[^"\\\n]|\\.)*"/g;
const PACKAGE_CLAUSE = /^\s*package\s+(?!object\b)([\w$]+(?:\s*\.\s*[\w$]+)*)\s*(?:;|\n|\{|$)/;
const TYPE = /\b(?:class|object|trait|enum)\s+([\w$]+)/g;

/** The empty package's key: no package name can be it. */
export const EMPTY_PACKAGE = ':empty';

/** The chained package clauses a file starts with (`['a.b', 'c']`), empty for none. */
export function packageClauses(text: string): string[] {
  let rest = text.replace(COMMENTS_AND_STRINGS, (m) => m.replace(/[^\n]/g, ' '));
  const clauses: string[] = [];
  for (let match = PACKAGE_CLAUSE.exec(rest); match; match = PACKAGE_CLAUSE.exec(rest)) {
    clauses.push(match[1].replace(/\s+/g, ''));
    rest = rest.slice(match.index + match[0].length);
  }
  return clauses;
}

export class ScalaLayout {
  private readonly clausesOfFile = new Map<string, string[]>();
  private readonly filesOfPackage = new Map<string, string[]>();
  private readonly typesOfFile = new Map<string, Set<string>>();

  constructor(files: ReadonlySet<string>, readText: (path: string) => string | undefined) {
    for (const file of [...files].filter((f) => SCALA_FILE.test(f)).sort()) {
      const text = readText(file) ?? '';
      const clauses = packageClauses(text);
      this.clausesOfFile.set(file, clauses);
      const key = clauses.length > 0 ? clauses.join('.') : EMPTY_PACKAGE;
      const list = this.filesOfPackage.get(key);
      if (list) list.push(file);
      else this.filesOfPackage.set(key, [file]);
      this.typesOfFile.set(file, new Set([...text.replace(COMMENTS_AND_STRINGS, ' ').matchAll(TYPE)].map((m) => m[1])));
    }
  }

  packageOf(file: string): string | null {
    const clauses = this.clausesOfFile.get(file);
    if (!clauses) return null;
    return clauses.length > 0 ? clauses.join('.') : EMPTY_PACKAGE;
  }

  /** `package a.b; package c`: `a.b` (innermost first) — the packages whose members the clauses open. */
  enclosingPackages(file: string): string[] {
    const clauses = this.clausesOfFile.get(file) ?? [];
    const out: string[] = [];
    for (let length = clauses.length - 1; length >= 1; length--) {
      const name = clauses.slice(0, length).join('.');
      if (this.filesOfPackage.has(name)) out.push(name);
    }
    return out;
  }

  hasPackage(name: string): boolean {
    return this.filesOfPackage.has(name);
  }

  /** The file declaring type or object `a.b.C` (`C.scala` first), or null. */
  typeFile(qualified: string): string | null {
    const parts = qualified.split('.');
    const type = parts[parts.length - 1];
    const files = (this.filesOfPackage.get(parts.length === 1 ? EMPTY_PACKAGE : parts.slice(0, -1).join('.')) ?? [])
      .filter((file) => this.typesOfFile.get(file)?.has(type));
    return files.find((file) => posix.basename(file).replace(SCALA_FILE, '') === type) ?? files[0] ?? null;
  }
}

export const createScalaImportResolver: ImportResolverFactory = (workspace: WorkspaceView): ImportResolver => {
  let layout: ScalaLayout | undefined;
  const get = () => (layout ??= new ScalaLayout(workspace.files, (path) => workspace.readText(path)));
  return {
    resolveModule: (_fromFile, specifier) => get().typeFile(specifier),
    isBuiltin: () => false,
    packageOf: (file) => get().packageOf(file),
    enclosingPackages: (file) => get().enclosingPackages(file),
    importedPackage: (_fromFile, specifier) => (get().hasPackage(specifier) ? specifier : null),
  };
};
