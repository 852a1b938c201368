/**
 * PHP modules for the shared resolver. A namespace is a set of files (`packageOf`: the namespace its
 * file declares, keyed `php:A\B`; files without one are the global namespace `php:\`): code sees its
 * namespace's other declarations without an import, and names written fully qualified
 * (`qualifiedPackage`, see names.ts) reach any namespace. An unqualified function call falls back to
 * the global namespace (`fallbackPackage`).
 *
 *  - `use A\B\C;` lands on the file that declares `A\B\C`: the PSR-4 (or PSR-0) path the
 *    `autoload`/`autoload-dev` sections of a `composer.json` map its prefix to (the root's and any
 *    nested package's), else the one indexed file whose namespace and declarations say it declares
 *    it (a class map, a file of several classes: its extraction's namespaces and top-level declarations).
 *    Two such files: none (which one loads is not known).
 *  - `require`/`include` of a literal path (`__DIR__ . '/x.php'`) lands on that file: relative to the
 *    including file's folder, else to the project root (include_path is not known).
 *  - Vendor code and PHP's own classes and functions are not indexed: their names land on no file.
 */
import { leavesBase } from '@arbor/vocabulary';
import { posix } from 'node:path';
import type { FileExtraction, ModuleFacts } from '../../model/extraction.js';
import type { ImportResolver, ImportResolverFactory, WorkspaceView } from '../../model/language-support.js';
import { GLOBAL_NAMESPACE, namespaceKey } from './names.js';

const PHP_FILE = /\.php$/i;
/** Declarations a `use` may name: a namespace's classes, interfaces, traits, enums, functions and constants. */
const NAMESPACE_MEMBER_KINDS: ReadonlySet<string> = new Set(['class', 'interface', 'trait', 'enum', 'function', 'constant']);

interface Autoload {
  prefix: string;
  dirs: string[];
  psr0: boolean;
}

/** The namespace a file declares first (by name: a global `namespace { … }` block is none), or '' (the global namespace). */
export function firstNamespace(facts: ModuleFacts | undefined): string {
  return facts?.packages?.find((namespace) => namespace.name !== '')?.name ?? '';
}

/**
 * The fully qualified names a file declares in its namespaces (lower case: PHP names are
 * case-insensitive): each top-level declaration in the namespace whose clause is the last before it.
 */
export function declaredNames(extraction: Pick<FileExtraction, 'declarations' | 'module'>): string[] {
  const namespaces = extraction.module?.packages ?? [];
  const out: string[] = [];
  for (const declaration of extraction.declarations) {
    if (declaration.parent !== null || !NAMESPACE_MEMBER_KINDS.has(declaration.kind)) continue;
    let namespace = '';
    for (const clause of namespaces) if (clause.line <= declaration.startLine) namespace = clause.name;
    out.push((namespace ? `${namespace}\\${declaration.name}` : declaration.name).toLowerCase());
  }
  return out;
}

/** The `autoload` and `autoload-dev` PSR-4 / PSR-0 prefixes of a composer.json, with folders relative to `base`. */
export function composerAutoload(text: string, base: string): Autoload[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [];
  }
  const out: Autoload[] = [];
  for (const section of ['autoload', 'autoload-dev']) {
    const autoload = (json as Record<string, unknown> | null)?.[section] as Record<string, unknown> | undefined;
    for (const [standard, psr0] of [['psr-4', false], ['psr-0', true]] as const) {
      const map = autoload?.[standard];
      if (!map || typeof map !== 'object') continue;
      for (const [prefix, dirs] of Object.entries(map as Record<string, unknown>)) {
        const list = (Array.isArray(dirs) ? dirs : [dirs]).filter((d): d is string => typeof d === 'string');
        out.push({ prefix: prefix.replace(/^\\/, ''), dirs: list.map((d) => posix.normalize(posix.join(base, d))), psr0 });
      }
    }
  }
  return out;
}

export class PhpLayout {
  private readonly namespaces = new Map<string, string>();
  private autoload?: Autoload[];
  private declared?: Map<string, string[]>;

  private readonly files: ReadonlySet<string>;

  constructor(private readonly workspace: Pick<WorkspaceView, 'files' | 'extraction' | 'readText'>) {
    this.files = workspace.files;
  }

  namespaceOf(file: string): string | null {
    if (!PHP_FILE.test(file)) return null;
    let namespace = this.namespaces.get(file);
    if (namespace === undefined) {
      namespace = firstNamespace(this.workspace.extraction(file)?.module);
      this.namespaces.set(file, namespace);
    }
    return namespace;
  }

  /** Every composer.json at the root or in a folder above an indexed PHP file, longest prefix first. */
  private autoloads(): Autoload[] {
    if (this.autoload) return this.autoload;
    const folders = new Set<string>(['.']);
    for (const file of this.files) {
      if (!PHP_FILE.test(file)) continue;
      for (let folder = posix.dirname(file); folder !== '.' && !folders.has(folder); folder = posix.dirname(folder)) folders.add(folder);
    }
    const out: Autoload[] = [];
    for (const folder of folders) {
      const text = this.workspace.readText(folder === '.' ? 'composer.json' : `${folder}/composer.json`);
      if (text !== undefined) out.push(...composerAutoload(text, folder));
    }
    this.autoload = out.sort((a, b) => b.prefix.length - a.prefix.length);
    return this.autoload;
  }

  /** The file the autoloaders map a fully qualified name to, if indexed. */
  private autoloaded(fqn: string): string | null {
    for (const { prefix, dirs, psr0 } of this.autoloads()) {
      if (prefix !== '' && !fqn.startsWith(prefix)) continue;
      const rest = psr0 ? fqn.replace(/_(?=[^\\]*$)/g, '/') : fqn.slice(prefix.length);
      for (const dir of dirs) {
        const file = posix.normalize(posix.join(dir, `${rest.replace(/\\/g, '/')}.php`));
        if (this.files.has(file)) return file;
      }
    }
    return null;
  }

  /** Fully qualified name (lower case) → the files that declare it. */
  private declarations(): Map<string, string[]> {
    if (this.declared) return this.declared;
    const out = new Map<string, string[]>();
    for (const file of this.files) {
      if (!PHP_FILE.test(file)) continue;
      const extraction = this.workspace.extraction(file);
      if (!extraction) continue;
      for (const fqn of declaredNames(extraction)) {
        const list = out.get(fqn) ?? [];
        if (!list.includes(file)) list.push(file);
        out.set(fqn, list);
      }
    }
    this.declared = out;
    return out;
  }

  /** The file a fully qualified name is declared in, or null (not indexed, or declared in several files). */
  fileOf(fqn: string): string | null {
    const name = fqn.replace(/^\\/, '');
    const autoloaded = this.autoloaded(name);
    if (autoloaded) return autoloaded;
    const files = this.declarations().get(name.toLowerCase());
    return files?.length === 1 ? files[0] : null;
  }

  /** A literal include path: relative to the including file's folder, else to the root. */
  includedFile(fromFile: string, path: string): string | null {
    if (path.startsWith('/')) return null;
    for (const base of [posix.dirname(fromFile), '.']) {
      const file = posix.normalize(posix.join(base, path));
      if (!leavesBase(file) && this.files.has(file)) return file;
    }
    return null;
  }
}

export const createPhpImportResolver: ImportResolverFactory = (workspace: WorkspaceView): ImportResolver => {
  let layout: PhpLayout | undefined;
  const get = () => (layout ??= new PhpLayout(workspace));
  return {
    specifiers: {
      // A path has a `/` or a `.`; a namespaced name has neither.
      resolveModule: (fromFile, specifier) => (/[/.]/.test(specifier) ? get().includedFile(fromFile, specifier) : get().fileOf(specifier)),
    },
    packages: {
      packageOf: (file) => {
        const namespace = get().namespaceOf(file);
        return namespace === null ? null : namespaceKey(namespace);
      },
      qualifiedPackage: (name) => (name === GLOBAL_NAMESPACE ? namespaceKey('') : name.startsWith('\\') ? namespaceKey(name.slice(1)) : null),
      fallbackPackage: () => namespaceKey(''),
    },
    // PHP's own functions are not indexed: an unknown name stays unresolved either way.
    isBuiltin: () => false,
  };
};
