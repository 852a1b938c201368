/**
 * The files a deleted file breaks. Once a file is gone and the tree re-indexed, the graph has no node
 * for it and no edge to follow back; what remains are the import statements that named it, each still
 * holding the specifier it wrote (an import node named `./math`, `app.util`, `com.acme.Util`). Each
 * language's ModuleNaming (data in its descriptor) says which specifiers could name a path; this
 * module applies it and names no language.
 *
 * In languages whose folder is a package (`folderSharesDeclarations`), the other files of the folder
 * used the deleted file's declarations without importing it: they are broken too. Where specifiers are
 * paths, a re-export leaves no import node: the files are read for a quoted path that names it. In any
 * language, an import that now lands nowhere and ends in the deleted name (an alias) counts as well.
 */
import { posix } from 'node:path';
import { readTextInsideRoot, type ModuleNaming } from '@arbor/vocabulary';
import type { NodeDetails } from '../model.js';
import type { GraphStore } from '../store/graph-store.js';

/** What a reader knows of a path's language from its name (the indexer's language descriptors). */
export interface PathLanguage {
  language: string;
  family: string;
  moduleNaming?: ModuleNaming;
}
export type LanguageOfPath = (path: string) => PathLanguage | undefined;

export interface DeletedFile {
  path: string;
  /** Indexed files with an import whose specifier names the deleted path. */
  importers: string[];
  /** Indexed files of its folder that shared its declarations (one package). */
  packageFiles: string[];
  /** False when its language declares no module naming: only imports landing nowhere that end in its name were matched. */
  namingKnown: boolean;
}

/** The importers of each deleted path; `imports` are the graph's import nodes (read once by the caller). */
export function findDeletedFileImporters(
  store: Pick<GraphStore, 'files' | 'nodesInFile' | 'edgesFrom'>, imports: readonly NodeDetails[], deleted: readonly string[], languageOf: LanguageOfPath,
  options: { root?: string } = {},
): DeletedFile[] {
  const indexed = store.files().map((f) => f.path);
  const landsNowhere = importsLandingNowhere(store);
  const quoted = options.root !== undefined ? quotedPathsReader(options.root) : undefined;
  return deleted.map((path) => {
    const own = languageOf(path);
    if (!own) return { path, importers: [], packageFiles: [], namingKnown: false };
    const naming = own.moduleNaming;
    const importers = new Set<string>();
    // Any language: an import that now lands on no file and ends in the deleted file's name (an alias
    // such as `@/lib/math`, a `require 'lib/math'`) is taken as naming it; a test too many costs little.
    for (const node of imports) {
      if (node.filePath === path || importers.has(node.filePath) || languageOf(node.filePath)?.family !== own.family) continue;
      if (endsWithName(node.name, path, naming) && landsNowhere(node)) importers.add(node.filePath);
    }
    if (!naming) return { path, importers: [...importers].sort(), packageFiles: [], namingKnown: false };
    const folder = posix.dirname(path);
    const sameFamily = (file: string) => languageOf(file)?.family === own.family;
    const packageFiles = naming.folderSharesDeclarations
      ? indexed.filter((file) => file !== path && posix.dirname(file) === folder && sameFamily(file))
      : [];
    // A package still holding files is still imported through them (their edges); its path names
    // the deleted file's folder only once the folder has none left.
    const folderGone = packageFiles.length === 0;
    for (const node of imports) {
      if (node.filePath === path || importers.has(node.filePath)) continue;
      const importer = languageOf(node.filePath);
      if (!importer?.moduleNaming || importer.family !== own.family) continue;
      if (specifierNames(importer.moduleNaming, node, path, naming, folderGone)) importers.add(node.filePath);
    }
    // A re-export (`export * from './math'`), `jest.mock('./math')`: a path written in quotes that no import
    // node holds. Where specifiers are paths, the files of the family are read for one naming the deleted file.
    if (quoted && naming.style === 'path') {
      for (const file of indexed) {
        if (file === path || importers.has(file) || !sameFamily(file)) continue;
        if (quoted(file).some((written) => pathSpecifierNames(naming, written, posix.dirname(file), path))) importers.add(file);
      }
    }
    return { path, importers: [...importers].sort(), packageFiles, namingKnown: true };
  });
}

/**
 * Whether an import lands on no indexed file: no `imports` edge leaves its file on its lines (the
 * writer puts the statement's line on the edge). Asked only of imports that end in a deleted name.
 */
function importsLandingNowhere(store: Pick<GraphStore, 'nodesInFile' | 'edgesFrom'>): (node: NodeDetails) => boolean {
  const linesByFile = new Map<string, Set<number>>();
  return (node) => {
    let lines = linesByFile.get(node.filePath);
    if (!lines) {
      const sources = store.nodesInFile(node.filePath).map((n) => n.id);
      lines = new Set(store.edgesFrom(sources, ['imports']).map((e) => e.line).filter((l): l is number => l !== null));
      linesByFile.set(node.filePath, lines);
    }
    for (let line = node.startLine; line <= node.endLine; line++) if (lines.has(line)) return false;
    return true;
  };
}

/**
 * The relative paths (`./x`, `../y/z.js`) a file writes in quotes, read once per file through safe-read. A
 * bare `.` or `..` is left out: code writes those as folder names far more often than as modules.
 */
function quotedPathsReader(root: string): (file: string) => string[] {
  const cache = new Map<string, string[]>();
  return (file) => {
    let found = cache.get(file);
    if (!found) {
      const read = readTextInsideRoot(root, file);
      found = read.ok ? [...read.text.matchAll(/(['"`])(\.{1,2}\/[^'"`\n\\]+)\1/g)].map((m) => m[2]) : [];
      cache.set(file, found);
    }
    return found;
  };
}

/** Whether a specifier's last segment is the deleted file's name (its folder's, for a folder file such as `index`). */
function endsWithName(specifier: string, deleted: string, naming: ModuleNaming | undefined): boolean {
  const base = posix.basename(deleted);
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? base.slice(dot) : '';
  let name = dot > 0 ? base.slice(0, dot) : base;
  if ((naming?.folderFiles ?? []).includes(name)) name = posix.basename(posix.dirname(deleted));
  if (name === '' || name === '.') return false;
  let written = specifier.trim().replace(/^["'<]|[>"']$/g, '');
  if (extension !== '' && written.endsWith(extension)) written = written.slice(0, -extension.length);
  for (const other of naming?.extensions ?? []) if (written.endsWith(other)) written = written.slice(0, -other.length);
  const segments = written.split(/[/\\.:]+/).filter((s) => s !== '');
  return segments.length > 0 && segments[segments.length - 1] === name;
}

/** Whether the import `node` (its name is the specifier written) could name `deleted`. */
export function specifierNames(naming: ModuleNaming, node: Pick<NodeDetails, 'name' | 'filePath' | 'signature'>, deleted: string, deletedNaming: ModuleNaming, folderGone: boolean): boolean {
  const specifier = node.name.trim();
  if (specifier === '') return false;
  const from = posix.dirname(node.filePath);
  if (naming.style === 'path') return pathSpecifierNames(naming, specifier, from, deleted);
  return dottedSpecifierNames(naming, specifier, node.signature ?? '', from, deleted, deletedNaming, folderGone);
}

function pathSpecifierNames(naming: ModuleNaming, specifier: string, from: string, deleted: string): boolean {
  const relative = specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../');
  if (naming.relativeOnly && !relative) return false;
  const target = posix.normalize(posix.join(from, specifier)).replace(/\/$/, '');
  if (target === '..' || target.startsWith('../')) return false;
  if (deleted === target) return true;
  const extensions = naming.extensions;
  if (extensions.some((e) => deleted === target + e)) return true;
  const folder = target === '.' ? '' : `${target}/`;
  if ((naming.folderFiles ?? []).some((name) => extensions.some((e) => deleted === `${folder}${name}${e}`))) return true;
  // `./a.js` written for `a.ts`: the same stem under another of the language's extensions.
  if (naming.writtenExtensionMayDiffer) {
    const written = stemOf(target, extensions);
    const stem = stemOf(deleted, extensions);
    return written !== undefined && written === stem;
  }
  return false;
}

function dottedSpecifierNames(
  naming: ModuleNaming, specifier: string, signature: string, from: string, deleted: string, deletedNaming: ModuleNaming, folderGone: boolean,
): boolean {
  const sep = naming.separator ?? '.';
  let anchored = false;
  let module: string;
  if (naming.leadingDotsRelative && specifier.startsWith(sep)) {
    // `.util` is beside the importing file, `..util` one folder up.
    const dots = specifier.length - specifier.replace(new RegExp(`^(${escapeRegExp(sep)})+`), '').length;
    let base = from;
    for (let i = 1; i < dots; i++) base = posix.dirname(base);
    const rest = specifier.slice(dots).split(sep).filter((s) => s !== '').join('/');
    module = posix.normalize(posix.join(base, rest));
    if (module === '..' || module.startsWith('../')) return false;
    anchored = true;
  } else {
    module = specifier.split(sep).filter((s) => s !== '').join('/');
  }
  if (module === '' || module === '.') module = '';
  const candidates = new Set<string>(module === '' ? [] : [module]);
  if (naming.importedNamesMayBeModules) {
    // `from app import util, cart as c`: each imported name may be a module of the package.
    const after = signature.slice(signature.indexOf(specifier) + specifier.length);
    for (const name of after.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) candidates.add(module === '' ? name : `${module}/${name}`);
  }
  if (naming.namesMayContinuePastFile) {
    const segments = module.split('/');
    for (let n = segments.length - 1; n >= 2; n--) candidates.add(segments.slice(0, n).join('/'));
  }
  const stem = stemOf(deleted, deletedNaming.extensions) ?? stemOf(deleted, naming.extensions);
  if (stem === undefined) return false;
  const base = posix.basename(stem);
  const forms = [stem];
  // A package's folder file (`pkg/__init__.py`) is the module `pkg`.
  if ((deletedNaming.folderFiles ?? []).includes(base)) forms.push(posix.dirname(stem));
  const names = (candidate: string, form: string) =>
    form !== '.' && (candidate === form || (!anchored && form.endsWith(`/${candidate}`)));
  if ([...candidates].some((c) => forms.some((f) => names(c, f)))) return true;
  if (naming.namesMayBeFolders && folderGone && module !== '') {
    const folder = posix.dirname(deleted);
    if (folder === '.') return false;
    // The folder under a source root (`src/main/java/com/acme` for `com.acme`), or the tail of an
    // import path that starts with the module's own path (`example.com/m/store` for `store`).
    return module === folder || (!anchored && (folder.endsWith(`/${module}`) || module.endsWith(`/${folder}`)));
  }
  return false;
}

/** The path without the longest of `extensions` it ends with, or undefined when it ends with none. */
function stemOf(path: string, extensions: readonly string[]): string | undefined {
  const found = [...extensions].sort((a, b) => b.length - a.length).find((e) => path.endsWith(e) && path.length > e.length);
  return found ? path.slice(0, -found.length) : undefined;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
