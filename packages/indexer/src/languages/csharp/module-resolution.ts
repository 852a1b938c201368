/**
 * C# modules for the shared resolver. A namespace is every `.cs` file that declares it, wherever its
 * folder is (a namespace is not tied to a folder, and spans projects): the namespace name is the
 * package key (`packageOf`), a file without a namespace is in the global namespace. Files of one
 * namespace see each other's types without a `using`; so do files of a namespace inside it
 * (`A.B.C` sees `A.B`, `A` and the global namespace: `enclosingPackages`).
 *
 *  - `using A.B;` names namespace `A.B` (`importedPackage`): its types are visible.
 *  - `using static A.B.C;` and `using X = A.B.C;` name type `C` of namespace `A.B`: the file that
 *    declares it (`resolveModule`).
 *  - A name no indexed namespace has is looked up from the file's namespace outwards, as a `using`
 *    written inside `namespace Acme { using Results; }` is: `Acme.Results` (`relativeNames`).
 *  - A type written with its full namespace (`new PetaPoco.Database()`, `Acme.Data.Table`) is found through
 *    that namespace, its parts walked one by one (`qualifiedPackage`, `subpackage`).
 *  - `global using A.B;` in any file of a project (the folder of a `.csproj`, and what it holds
 *    below), or `<Using Include="A.B" />` in the `.csproj`, is a `using` of every file of that project
 *    (`implicitImports`).
 *  - The framework and packages are not indexed: their namespaces land on no file (external).
 *  - A file declaring several namespaces is in none (its types are found in the file itself only):
 *    no single key says which namespace each type is in; framework namespaces (`System.*`, polyfills of
 *    framework attributes) beside one namespace of its own leave it in that one.
 */
import { readdirSync } from 'node:fs';
import { join, posix } from 'node:path';
import type { ImportResolver, ImportResolverFactory, WorkspaceView } from '../../model/language-support.js';
import { dottedPrefixes } from '../../support/dotted-prefixes.js';

const CS_FILE = /\.cs$/i;
/** Declarations a `using static` or an alias names as a type, at any depth. */
const TYPE_KINDS: ReadonlySet<string> = new Set(['class', 'struct', 'interface', 'enum']);
const PROJECT_USING = /<Using\s+Include\s*=\s*"([\w.]+)"\s*\/>/g;

/** The global namespace's key: no namespace name can be it. */
export const GLOBAL_NAMESPACE = ':global';

/** `System`, `System.Runtime.CompilerServices`: the framework's namespaces, where a workspace only writes polyfills. */
const FRAMEWORK_NAMESPACE = /^System(\.|$)/;

/**
 * The namespace of a file that declares these (the global one when none), or null when it declares several. A
 * polyfill of a framework type beside the file's own code (`namespace System.Runtime.CompilerServices { class
 * CallerArgumentExpressionAttribute }` above `namespace Acme.Internal { static class Guard }`) does not count:
 * the framework's namespaces are not the workspace's.
 */
export function namespaceOf(declared: readonly string[]): string | null {
  const names = new Set(declared);
  if (names.size === 0) return GLOBAL_NAMESPACE;
  const own = [...names].filter((name) => !FRAMEWORK_NAMESPACE.test(name));
  if (names.size > 1 && own.length === 1) return own[0];
  return names.size === 1 ? [...names][0] : null;
}

export class CSharpLayout {
  private readonly namespaceOfFile = new Map<string, string | null>();
  private readonly filesOfNamespace = new Map<string, string[]>();
  private readonly typesOfFile = new Map<string, Set<string>>();
  private readonly projectOfFolder = new Map<string, string>();
  private readonly usingsOfProject = new Map<string, string[]>();

  private readonly root: string;
  private readonly readText: (path: string) => string | undefined;

  constructor(workspace: Pick<WorkspaceView, 'root' | 'files' | 'extraction' | 'readText'>) {
    this.root = workspace.root;
    this.readText = (path) => workspace.readText(path);
    for (const file of [...workspace.files].filter((f) => CS_FILE.test(f)).sort()) {
      const extraction = workspace.extraction(file);
      const module = extraction?.module;
      const key = namespaceOf((module?.packages ?? []).map((namespace) => namespace.name));
      this.namespaceOfFile.set(file, key);
      if (key !== null) {
        const list = this.filesOfNamespace.get(key);
        if (list) list.push(file);
        else this.filesOfNamespace.set(key, [file]);
      }
      const types = (extraction?.declarations ?? []).filter((declaration) => TYPE_KINDS.has(declaration.kind));
      this.typesOfFile.set(file, new Set(types.map((declaration) => declaration.name)));
      const globals = module?.projectImports ?? [];
      if (globals.length > 0) this.projectUsings(this.projectOf(file)).push(...globals);
    }
  }

  private projectUsings(project: string): string[] {
    let list = this.usingsOfProject.get(project);
    if (!list) {
      list = [];
      this.usingsOfProject.set(project, list);
    }
    return list;
  }

  /** The folder of the nearest `.csproj` at or above the file's folder ('' for none: the workspace is one project). */
  projectOf(file: string): string {
    const folder = posix.dirname(file);
    const known = this.projectOfFolder.get(folder);
    if (known !== undefined) return known;
    let project = '';
    let entries: string[] = [];
    try {
      entries = readdirSync(join(this.root, folder === '.' ? '' : folder));
    } catch {
      entries = [];
    }
    const csproj = entries.find((entry) => /\.csproj$/i.test(entry));
    if (csproj) {
      project = folder === '.' ? '' : folder;
      this.readProjectFile(project, csproj);
    } else if (folder !== '.' && folder !== '') {
      project = this.projectOf(`${posix.dirname(folder)}/_`);
    }
    this.projectOfFolder.set(folder, project);
    return project;
  }

  private readProjectFile(project: string, name: string): void {
    // Read as every workspace file is (inside the root only); an unreadable project file adds no usings.
    const text = this.readText(project === '' ? name : `${project}/${name}`) ?? '';
    for (const match of text.matchAll(PROJECT_USING)) this.projectUsings(project).push(match[1]);
  }

  namespaceOf(file: string): string | null {
    return CS_FILE.test(file) ? this.namespaceOfFile.get(file) ?? null : null;
  }

  hasNamespace(name: string): boolean {
    return this.filesOfNamespace.has(name);
  }

  /**
   * Answers kept per namespace (the layout does not change once built): resolution asks these for every name it
   * looks up through a file's `using`s, and every file of a namespace gets the same answer (on a 900-file library
   * the rebuilt name lists were a fifth of resolution's CPU).
   */
  private readonly enclosingOfNamespace = new Map<string, string[]>();
  private readonly usedOfNamespace = new Map<string | null, Map<string, string | null>>();

  /** `A.B.C` → the indexed namespaces `A.B`, `A`, then the global one. */
  enclosingNamespaces(file: string): string[] {
    const own = this.namespaceOf(file);
    if (own === null || own === GLOBAL_NAMESPACE) return [];
    let known = this.enclosingOfNamespace.get(own);
    if (known === undefined) this.enclosingOfNamespace.set(own, (known = this.namespacesAround(own)));
    return known;
  }

  private namespacesAround(own: string): string[] {
    const parts = own.split('.');
    const out: string[] = [];
    for (let length = parts.length - 1; length >= 1; length--) {
      const name = parts.slice(0, length).join('.');
      if (this.filesOfNamespace.has(name)) out.push(name);
    }
    if (this.filesOfNamespace.has(GLOBAL_NAMESPACE)) out.push(GLOBAL_NAMESPACE);
    return out;
  }

  globalUsings(file: string): string[] {
    return this.usingsOfProject.get(this.projectOf(file)) ?? [];
  }

  /**
   * What a name a `using` writes may mean from this file: the name itself, then the name inside the file's namespace
   * and each namespace around it (`Results` in `Acme.Rules` is `Acme.Rules.Results`, then `Acme.Results`). A `using`
   * inside a namespace is looked up from there; one outside every namespace can only mean the name itself, which is
   * asked first, so the outward names serve only where the name alone is no indexed namespace or type.
   */
  relativeNames(file: string, name: string): string[] {
    const own = this.namespaceOf(file);
    if (own === null || own === GLOBAL_NAMESPACE) return [name];
    const parts = own.split('.');
    const out = [name];
    for (let length = parts.length; length >= 1; length--) out.push(`${parts.slice(0, length).join('.')}.${name}`);
    return out;
  }

  /** Whether `name` is an indexed namespace or leads to one (`Acme` of `Acme.Data`). */
  private leadsToNamespace(name: string): boolean {
    if (this.filesOfNamespace.has(name)) return true;
    this.namespacePrefixes ??= dottedPrefixes(this.filesOfNamespace.keys());
    return this.namespacePrefixes.has(name);
  }

  private namespacePrefixes?: Set<string>;

  /**
   * `PetaPoco` of `new PetaPoco.Database(…)`: the namespace named from the global one, or null. Not from the file's
   * namespace outwards: this step comes after the others, and the members a class inherits are looked up later still
   * (`Storage.HasFeature()` in Hangfire.Dashboard reads the inherited property Storage, not namespace Hangfire.Storage).
   */
  qualifiedNamespace(name: string): string | null {
    // `System.Collections.IEnumerable`: the framework's, also where the workspace polyfills a `System.*` attribute.
    return !FRAMEWORK_NAMESPACE.test(name) && this.leadsToNamespace(name) ? name : null;
  }

  /** `Data` written after namespace `Acme`: namespace `Acme.Data`, or null. */
  subNamespace(key: string, name: string): string | null {
    const below = key === GLOBAL_NAMESPACE ? name : `${key}.${name}`;
    return this.leadsToNamespace(below) ? below : null;
  }

  /** The indexed namespace a `using` of this file names (see `relativeNames`), or null. */
  usedNamespace(file: string, specifier: string): string | null {
    const own = this.namespaceOf(file);
    let answers = this.usedOfNamespace.get(own);
    if (answers === undefined) this.usedOfNamespace.set(own, (answers = new Map()));
    let found = answers.get(specifier);
    if (found === undefined) {
      found = this.relativeNames(file, specifier).find((name) => this.filesOfNamespace.has(name)) ?? null;
      answers.set(specifier, found);
    }
    return found;
  }

  /** The file declaring the type a `using static` or alias of this file names (see `relativeNames`), or null. */
  usedTypeFile(file: string, specifier: string): string | null {
    for (const name of this.relativeNames(file, specifier)) {
      const found = this.typeFile(name);
      if (found !== null) return found;
    }
    return null;
  }

  /** The file declaring type `A.B.C` (`C.cs` first, as files are usually named): null when no indexed namespace `A.B` declares it. */
  typeFile(qualified: string): string | null {
    const parts = qualified.split('.');
    const type = parts[parts.length - 1];
    const namespace = parts.length === 1 ? GLOBAL_NAMESPACE : parts.slice(0, -1).join('.');
    const files = (this.filesOfNamespace.get(namespace) ?? []).filter((file) => this.typesOfFile.get(file)?.has(type));
    return files.find((file) => posix.basename(file).replace(CS_FILE, '') === type) ?? files[0] ?? null;
  }
}

export const createCSharpImportResolver: ImportResolverFactory = (workspace: WorkspaceView): ImportResolver => {
  let layout: CSharpLayout | undefined;
  const get = () => (layout ??= new CSharpLayout(workspace));
  return {
    specifiers: { resolveModule: (fromFile, specifier) => get().usedTypeFile(fromFile, specifier) },
    packages: {
      packageOf: (file) => get().namespaceOf(file),
      enclosingPackages: (file) => get().enclosingNamespaces(file),
      implicitImports: (file) => get().globalUsings(file),
      importedPackage: (fromFile, specifier) => get().usedNamespace(fromFile, specifier),
      // `new PetaPoco.Database(…)`: a type named with its namespace, written without a `using`.
      qualifiedPackage: (name) => get().qualifiedNamespace(name),
      subpackage: (key, name) => get().subNamespace(key, name),
    },
    // A bare call is a method, a local function or a statically imported member: nothing is global.
    isBuiltin: () => false,
  };
};
