/** Python: what arbor knows of the language (see ../descriptor.ts). */
import { LANGUAGE_TEST_CONVENTIONS } from '@arbor/vocabulary';
import { lazyModules, type LanguageDescriptor } from '../descriptor.js';

export const python: LanguageDescriptor = {
  name: 'python',
  family: 'python',
  extensions: ['.py', '.pyi'],
  grammar: { package: 'tree-sitter-wasms', file: 'out/tree-sitter-python.wasm' },
  // `app.util`, `from app import util`, `from .util import x`; a package is its `__init__.py`.
  moduleNaming: {
    style: 'dotted', extensions: ['.py', '.pyi'], folderFiles: ['__init__'], leadingDotsRelative: true, importedNamesMayBeModules: true,
  },
  tests: LANGUAGE_TEST_CONVENTIONS.python,
  modules: lazyModules(
    async () => ({ extractor: (await import('./extractor.js')).pythonExtractor }),
    async () => ({
      importResolver: (await import('./module-resolution.js')).createPythonImportResolver,
      binding: (await import('./name-binding.js')).pythonNameBinding,
    }),
  ),
};
