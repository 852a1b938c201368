/**
 * Where a C or C++ `#include` lands, for the shared resolver.
 *
 *  - `#include "x.h"` is looked for beside the including file first, then in the include folders;
 *    `#include <x.h>` (the specifier keeps its brackets) only in the include folders, as a compiler does.
 *  - The include folders are the `-I`, `-iquote` and `-isystem` folders of `compile_commands.json`
 *    (at the root or in a `build`/`out` folder) that lie inside the workspace, in the order written
 *    (relative ones from the entry's `directory`, or from the database's folder when that directory
 *    is not inside the workspace: a database generated in another checkout).
 *    Without one, the conventions: every folder named `include`, then the root and `src/`. A header
 *    that two conventional folders both hold is not guessed between (no edge).
 *  - A header that is not indexed (a system header, a generated one) lands nowhere: the include is
 *    external. Includes bind no names (see c-syntax.ts), so this decides `imports` edges only.
 */
import { leavesBase } from '@arbor/vocabulary';
import { posix } from 'node:path';
import type { ImportResolver, WorkspaceView } from '../../model/language-support.js';

const COMPILE_COMMANDS = ['compile_commands.json', 'build/compile_commands.json', 'out/compile_commands.json', 'cmake-build-debug/compile_commands.json', 'cmake-build-release/compile_commands.json'];

const dirOf = (file: string): string => {
  const dir = posix.dirname(file);
  return dir === '.' ? '' : dir;
};

/** `dir` + `rest`, normalised, or null when it leaves the workspace. */
function joinInside(dir: string, rest: string): string | null {
  const joined = posix.normalize(dir === '' ? rest : `${dir}/${rest}`);
  return joined.startsWith('../') || joined === '..' || posix.isAbsolute(joined) ? null : joined;
}

interface CompileEntry {
  directory?: string;
  command?: string;
  arguments?: string[];
}

/** The include folders a compilation database names, relative to the root, in order (deduplicated). */
export function includeFoldersOf(text: string, root: string, databaseDir: string): string[] | null {
  let entries: unknown;
  try {
    entries = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(entries)) return null;
  const folders: string[] = [];
  const seen = new Set<string>();
  const rootAbs = posix.normalize(root.replace(/\\/g, '/'));
  for (const raw of entries as CompileEntry[]) {
    if (!raw || typeof raw !== 'object') continue;
    const args = Array.isArray(raw.arguments) ? raw.arguments : typeof raw.command === 'string' ? raw.command.split(/\s+/) : [];
    // A database written on another machine (or checkout) names a `directory` outside this root: its
    // relative flags are then read from the database's own folder, where the build ran.
    const written = typeof raw.directory === 'string' ? posix.normalize(raw.directory.replace(/\\/g, '/')) : null;
    const inside = written !== null && posix.isAbsolute(written) && !leavesBase(posix.relative(rootAbs, written));
    const base = inside ? written : posix.join(rootAbs, databaseDir);
    for (let i = 0; i < args.length; i++) {
      const arg = args[i];
      const flag = ['-I', '-iquote', '-isystem'].find((f) => arg === f || (f === '-I' && arg.startsWith('-I')));
      if (!flag) continue;
      const value = arg === flag ? args[++i] : arg.slice(2);
      if (!value) continue;
      const absolute = posix.isAbsolute(value) ? value : posix.join(base, value);
      const relative = posix.relative(rootAbs, posix.normalize(absolute));
      if (leavesBase(relative)) continue;
      const folder = relative === '.' ? '' : relative;
      if (!seen.has(folder)) {
        seen.add(folder);
        folders.push(folder);
      }
    }
  }
  return folders.length > 0 ? folders : null;
}

export function createCIncludeResolver(workspace: WorkspaceView): ImportResolver {
  let stated: string[] | null | undefined;
  const statedFolders = (): string[] | null => {
    if (stated === undefined) {
      stated = null;
      for (const candidate of COMPILE_COMMANDS) {
        const text = workspace.readText(candidate);
        if (text === undefined) continue;
        stated = includeFoldersOf(text, workspace.root, dirOf(candidate));
        if (stated) break;
      }
    }
    return stated;
  };
  let conventional: string[] | undefined;
  const conventionalFolders = (): string[] => {
    if (!conventional) {
      const folders = new Set<string>();
      for (const file of workspace.files) {
        const parts = file.split('/');
        const at = parts.lastIndexOf('include', parts.length - 2);
        if (at >= 0) folders.add(parts.slice(0, at + 1).join('/'));
      }
      conventional = [...folders, '', 'src'];
    }
    return conventional;
  };
  const found = (dir: string, specifier: string): string | null => {
    const path = joinInside(dir, specifier);
    return path !== null && workspace.files.has(path) ? path : null;
  };

  const resolveInclude = (fromFile: string, specifier: string): string | null => {
    const system = specifier.startsWith('<') && specifier.endsWith('>');
    const path = system ? specifier.slice(1, -1) : specifier;
    if (!system) {
      const beside = found(dirOf(fromFile), path);
      if (beside) return beside;
    }
    const folders = statedFolders();
    if (folders) {
      for (const folder of folders) {
        const hit = found(folder, path);
        if (hit) return hit;
      }
      return null;
    }
    const hits = new Set<string>();
    for (const folder of conventionalFolders()) {
      const hit = found(folder, path);
      if (hit) hits.add(hit);
    }
    return hits.size === 1 ? [...hits][0] : null;
  };

  return {
    specifiers: { resolveModule: resolveInclude },
    // The standard library is no implicit global of the workspace: a repository that defines its own
    // `strlcpy` is what the linker uses, so no name is held back here.
    isBuiltin: () => false,
  };
}
