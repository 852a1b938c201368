/**
 * Ruby files for the shared resolver. `require_relative 'x'` (written `./x` by the extractor) lands on
 * `x.rb` beside the requiring file; `require 'a/b'` on `a/b.rb` in a load-path folder: the `lib/` of the
 * project root, of the requiring file's gem (the nearest folder above it with a `lib/`), or of any gem of
 * the workspace when exactly one has that file. Gems and the standard library are not indexed: their
 * requires land on no file. Constants need no import (they are global): `declarations.open` in the name
 * binding rules finds them.
 */
import { leavesBase } from '@arbor/vocabulary';
import { posix } from 'node:path';
import type { ImportResolver, ImportResolverFactory, WorkspaceView } from '../../model/language-support.js';

/** Kernel methods called bare everywhere: never another file's top-level `def` of that name. */
const KERNEL = new Set([
  'puts', 'print', 'p', 'pp', 'require', 'require_relative', 'load', 'raise', 'fail', 'lambda', 'proc', 'loop', 'format',
  'sprintf', 'printf', 'rand', 'srand', 'sleep', 'catch', 'throw', 'exit', 'abort', 'at_exit', 'block_given?', 'binding',
  'caller', 'eval', 'gets', 'open', 'system', 'warn', 'freeze', 'frozen?', 'Integer', 'Float', 'String', 'Array', 'Hash',
  'attr_reader', 'attr_writer', 'attr_accessor', 'include', 'extend', 'prepend', 'private', 'protected', 'public',
  'module_function', 'define_method', 'instance_variable_get', 'instance_variable_set', 'send', 'public_send',
  'respond_to?', 'is_a?', 'kind_of?', 'nil?', 'tap', 'then', 'dup', 'clone', 'to_s', 'inspect', 'hash', 'class',
]);

/** Files under some `lib/`, by the path after it (`shop/order.rb`): built once per file set. */
const libIndexes = new WeakMap<ReadonlySet<string>, Map<string, string[]>>();

function libIndex(files: ReadonlySet<string>): Map<string, string[]> {
  let index = libIndexes.get(files);
  if (!index) {
    index = new Map();
    for (const file of files) {
      const at = file.startsWith('lib/') ? 0 : file.lastIndexOf('/lib/') + 1;
      if (at === 0 && !file.startsWith('lib/')) continue;
      const key = file.slice(at + 4);
      const list = index.get(key) ?? [];
      list.push(file);
      index.set(key, list);
    }
    libIndexes.set(files, index);
  }
  return index;
}

export function resolveRubyRequire(files: ReadonlySet<string>, fromFile: string, specifier: string): string | null {
  const withExtension = specifier.endsWith('.rb') ? specifier : `${specifier}.rb`;
  if (specifier.startsWith('.')) {
    const file = posix.normalize(posix.join(posix.dirname(fromFile), withExtension));
    return !leavesBase(file) && files.has(file) ? file : null;
  }
  if (specifier.startsWith('/')) return null;
  // The requiring file's own gem: the nearest folder above it with the file under its lib/.
  for (let folder = posix.dirname(fromFile); ; folder = posix.dirname(folder)) {
    const file = posix.normalize(folder === '.' ? `lib/${withExtension}` : `${folder}/lib/${withExtension}`);
    if (files.has(file)) return file;
    if (folder === '.') break;
  }
  // Another gem of the workspace, when only one has it.
  const found = libIndex(files).get(posix.normalize(withExtension));
  return found?.length === 1 ? found[0] : null;
}

export const createRubyImportResolver: ImportResolverFactory = (workspace: WorkspaceView): ImportResolver => ({
  specifiers: { resolveModule: (fromFile, specifier) => resolveRubyRequire(workspace.files, fromFile, specifier) },
  isBuiltin: (name) => KERNEL.has(name),
});
