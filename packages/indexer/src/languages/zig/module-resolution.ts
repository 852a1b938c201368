/**
 * Zig imports, for the shared resolver: `@import("x.zig")` is the file at that path relative to the
 * importing file (a file is a struct: its `pub` declarations are its members). A bare name is a
 * module the build declares: `b.addModule("name", .{ .root_source_file = b.path("src/x.zig") })` or
 * `b.createModule(...)` bound by `.addImport("name", module)` in the root `build.zig`, where its
 * text says so plainly; `std`, `builtin`, `root` and dependencies are external.
 */
import { posix } from 'node:path';
import type { ImportResolver, WorkspaceView } from '../../model/language-support.js';

/** `name` → root source file, from the plain forms of `addModule` in a build.zig text. */
export function buildModules(text: string): Map<string, string> {
  const modules = new Map<string, string>();
  const pattern = /addModule\(\s*"([^"]+)"\s*,\s*\.\{[^}]*?root_source_file\s*=\s*(?:b\.path\(\s*"([^"]+)"\s*\)|\.\{\s*\.path\s*=\s*"([^"]+)"\s*\})/g;
  for (const match of text.matchAll(pattern)) modules.set(match[1], posix.normalize(match[2] ?? match[3]));
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
