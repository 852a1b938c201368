/**
 * Dart libraries for the shared resolver.
 *
 *  - A library is a file; its `part` files belong to it (`part of 'lib.dart';` or the older
 *    `part of lib.name;`). The library and its parts are one set of files (`packageOf`, keyed by the
 *    library's path): each sees every top-level name of the others, private `_names` included,
 *    and a part file uses its library's imports (`importsSharedByPackage`).
 *  - `import 'b.dart'` and `import '../b.dart'` are relative to the importing file;
 *    `package:name/path.dart` is `lib/path.dart` of the package whose `pubspec.yaml` says `name:`
 *    (every pubspec of a workspace or monorepo is read, found beside a `lib/` folder of an indexed
 *    file or at the root); `dart:` libraries and packages not in the workspace are external.
 */
import { posix } from 'node:path';
import type { ImportResolver, ImportResolverFactory, WorkspaceView } from '../../model/language-support.js';

const DART_FILE = /\.dart$/i;
/** The `name:` at the top level of a pubspec (not indented). */
const PUBSPEC_NAME = /^name:\s*['"]?([\w$]+)['"]?\s*$/m;

export class DartLayout {
  private packageRoots?: Map<string, string>;
  private libraryNames?: Map<string, string[]>;
  private readonly libraryOfFile = new Map<string, string>();

  private readonly files: ReadonlySet<string>;

  constructor(private readonly workspace: Pick<WorkspaceView, 'files' | 'extraction' | 'readText'>) {
    this.files = workspace.files;
  }

  /** Package name → its folder ('' for the root), from every pubspec.yaml beside a `lib/` folder or at the root. */
  private roots(): Map<string, string> {
    if (this.packageRoots) return this.packageRoots;
    const roots = new Map<string, string>();
    const folders = new Set<string>(['']);
    for (const file of this.files) {
      if (!DART_FILE.test(file)) continue;
      // Every folder above a `lib/`, `test/`, `bin/`… may hold a pubspec: check each ancestor.
      const parts = file.split('/');
      for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
    }
    for (const folder of [...folders].sort()) {
      const text = this.workspace.readText(folder === '' ? 'pubspec.yaml' : `${folder}/pubspec.yaml`);
      const name = text === undefined ? undefined : PUBSPEC_NAME.exec(text)?.[1];
      // Two pubspecs with one name (a fixture copy): the first (shallowest) wins.
      if (name && !roots.has(name)) roots.set(name, folder);
    }
    this.packageRoots = roots;
    return roots;
  }

  /** The indexed file a URI in `fromFile` names, or null (a `dart:` library, an external package, a missing file). */
  resolve(fromFile: string, uri: string): string | null {
    if (uri.startsWith('dart:')) return null;
    if (uri.startsWith('package:')) {
      const rest = uri.slice('package:'.length);
      const slash = rest.indexOf('/');
      if (slash <= 0) return null;
      const root = this.roots().get(rest.slice(0, slash));
      if (root === undefined) return null;
      const path = posix.normalize(posix.join(root, 'lib', rest.slice(slash + 1)));
      return this.files.has(path) ? path : null;
    }
    if (/^[a-z][\w+.-]*:/i.test(uri)) return null; // another scheme (http:, file:)
    const path = posix.normalize(posix.join(posix.dirname(fromFile), uri));
    return !path.startsWith('../') && this.files.has(path) ? path : null;
  }

  /** The library a file belongs to: itself, or for a part file the library its `part of` names. */
  libraryOf(file: string): string | null {
    if (!DART_FILE.test(file)) return null;
    const known = this.libraryOfFile.get(file);
    if (known !== undefined) return known;
    let library = file;
    const partOf = this.workspace.extraction(file)?.module?.partOf;
    if (partOf && 'uri' in partOf) library = this.resolve(file, partOf.uri) ?? file;
    else if (partOf) {
      // `part of a.b;`: the one library that declares `library a.b;` and has this file as a part.
      const owners = (this.namedLibraries().get(partOf.library) ?? []).filter((candidate) => this.partsOf(candidate).includes(file));
      if (owners.length === 1) library = owners[0];
    }
    this.libraryOfFile.set(file, library);
    return library;
  }

  private namedLibraries(): Map<string, string[]> {
    if (this.libraryNames) return this.libraryNames;
    const names = new Map<string, string[]>();
    for (const file of this.files) {
      if (!DART_FILE.test(file)) continue;
      const name = this.workspace.extraction(file)?.module?.library;
      if (!name) continue;
      const list = names.get(name) ?? [];
      list.push(file);
      names.set(name, list);
    }
    this.libraryNames = names;
    return names;
  }

  private partsOf(library: string): string[] {
    const parts: string[] = [];
    for (const uri of this.workspace.extraction(library)?.module?.parts ?? []) {
      const path = this.resolve(library, uri);
      if (path) parts.push(path);
    }
    return parts;
  }
}

export const createDartImportResolver: ImportResolverFactory = (workspace: WorkspaceView): ImportResolver => {
  let layout: DartLayout | undefined;
  const get = () => (layout ??= new DartLayout(workspace));
  return {
    specifiers: { resolveModule: (fromFile, specifier) => get().resolve(fromFile, specifier) },
    packages: { packageOf: (file) => get().libraryOf(file), importsSharedByPackage: true },
    bindings: { wildcardImportsBindExports: true },
    // Every name a Dart file uses is declared or imported (`dart:core` is implicit and not indexed).
    isBuiltin: () => false,
  };
};
