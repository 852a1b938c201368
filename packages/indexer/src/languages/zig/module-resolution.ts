/**
 * Zig imports, for the shared resolver: `@import("x.zig")` is the file at that path relative to the
 * importing file (a file is a struct: its `pub` declarations are its members). A bare name is a
 * module the build declares: `b.addModule("name", .{ .root_source_file = b.path("src/x.zig") })` (the path may
 * stand in a `const` of the build: `const root_source_file = b.path(…);`) or
 * `b.createModule(...)` bound by `.addImport("name", module)` in the root `build.zig`, where its
 * text says so plainly; `std`, `builtin`, `root` and dependencies are external.
 */
import { posix } from 'node:path';
import type { ImportResolver, WorkspaceView } from '../../model/language-support.js';

/** A path written in place: `b.path("x")`, `std.Build.LazyPath.relative("x")` (older builds) or `.{ .path = "x" }`. */
const PATH_VALUE = String.raw`(?:b\.path\(\s*"([^"]+)"\s*\)|(?:std\.Build\.)?LazyPath\.relative\(\s*"([^"]+)"\s*\)|\.\{\s*\.path\s*=\s*"([^"]+)"\s*\})`;
/** A module's root file inside one `addModule(…)`/`createModule(…)` argument text: a path, or a variable holding one. */
const ROOT_SOURCE = new RegExp(String.raw`root_source_file\s*=\s*(?:${PATH_VALUE}|([A-Za-z_]\w*)\s*[,}\n])`);
/** `const root_source_file = b.path("src/main.zig");`: a variable holding a path, named as a root by several modules. */
const PATH_VARIABLE = new RegExp(String.raw`(?:const|var)\s+([A-Za-z_]\w*)\s*(?::\s*[\w.]+\s*)?=\s*${PATH_VALUE}\s*;`, 'g');
/** `const lib = b.addModule("lib", …)` / `= b.createModule(…)`: a variable holding a module. */
const MODULE_VARIABLE = /(?:const|var)\s+([A-Za-z_]\w*)\s*=\s*b\.(addModule|createModule)\(/g;
/** `b.addModule("name", …)` wherever it stands (the module is importable by that name). */
const ADD_MODULE = /\baddModule\(\s*"([^"]+)"\s*,/g;
/** Where a module variable is given an import name: `.addImport("name", lib)`, `.{ .name = "name", .module = lib }`. */
const IMPORT_NAMES = [/\.addImport\(\s*"([^"]+)"\s*,\s*([A-Za-z_]\w*)\s*\)/g, /\.name\s*=\s*"([^"]+)"\s*,\s*\.module\s*=\s*([A-Za-z_]\w*)\s*[,}]/g];

/** The text of a call's parentheses from `open` (the index of its `(`), balanced; the rest of the text if unbalanced. */
function argumentText(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open, i + 1);
  }
  return text.slice(open);
}

/**
 * `name` → root source file, from the plain forms in a build.zig text: `b.addModule("name", .{ .root_source_file
 * = b.path("src/x.zig") })`, and a module variable (`const lib = b.addModule(…)` or `b.createModule(…)`) given an
 * import name by `.addImport("name", lib)` or `.{ .name = "name", .module = lib }`. A name given two different
 * roots is left out: which one a file sees depends on the module it belongs to.
 */
export function buildModules(text: string): Map<string, string> {
  const roots = new Map<string, string | null>();
  const give = (name: string, root: string | undefined): void => {
    if (root === undefined) return;
    const normal = posix.normalize(root);
    const known = roots.get(name);
    roots.set(name, known === undefined || known === normal ? normal : null);
  };
  // A variable assigned two different paths (in two functions, say) names neither.
  const paths = new Map<string, string | undefined>();
  for (const match of text.matchAll(PATH_VARIABLE)) {
    const path = match[2] ?? match[3] ?? match[4];
    paths.set(match[1], paths.has(match[1]) && paths.get(match[1]) !== path ? undefined : path);
  }
  // A helper's parameter or a capture of the same name may hold another path: then the name proves nothing.
  for (const name of paths.keys()) {
    if (new RegExp(String.raw`(?:[(,]\s*(?:comptime\s+)?${name}\s*:|\|\s*\*?${name}\s*[|,])`).test(text)) paths.set(name, undefined);
  }
  const rootIn = (argumentsText: string): string | undefined => {
    const found = ROOT_SOURCE.exec(argumentsText);
    if (!found) return undefined;
    return found[1] ?? found[2] ?? found[3] ?? (found[4] !== undefined ? paths.get(found[4]) : undefined);
  };
  for (const match of text.matchAll(ADD_MODULE)) give(match[1], rootIn(argumentText(text, match.index + match[0].indexOf('('))));
  const variables = new Map<string, string | undefined>();
  for (const match of text.matchAll(MODULE_VARIABLE)) {
    const root = rootIn(argumentText(text, match.index + match[0].length - 1));
    variables.set(match[1], variables.has(match[1]) && variables.get(match[1]) !== root ? undefined : root);
  }
  for (const pattern of IMPORT_NAMES) {
    for (const match of text.matchAll(pattern)) if (variables.has(match[2])) give(match[1], variables.get(match[2]));
  }
  const modules = new Map<string, string>();
  for (const [name, root] of roots) if (root !== null) modules.set(name, root);
  return modules;
}

export function createZigImportResolver(workspace: WorkspaceView): ImportResolver {
  let modules: Map<string, string> | undefined;
  const named = (name: string): string | null => {
    modules ??= buildModules(workspace.readText('build.zig') ?? '');
    const file = modules.get(name);
    return file !== undefined && workspace.files.has(file) ? file : null;
  };
  return {
    specifiers: {
      resolveModule(fromFile, specifier) {
        if (!specifier.endsWith('.zig')) return named(specifier);
        const joined = posix.normalize(posix.join(posix.dirname(fromFile), specifier));
        if (joined.startsWith('../') || joined === '..' || posix.isAbsolute(joined)) return null;
        return workspace.files.has(joined) ? joined : null;
      },
    },
    // A container's own `const x = @import("a.zig").x;` binds in it; a `const` may hold a type
    // (`const Map = HashMap(u8);`), which a type position then names.
    bindings: { classBodyImports: true, constantsHoldTypes: true },
    // Builtins are `@name` calls, which are never sites.
    isBuiltin: () => false,
  };
}
