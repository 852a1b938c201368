/** Go: what arbor knows of the language (see ../descriptor.ts). */
import { LANGUAGE_TEST_CONVENTIONS } from '@arbor/vocabulary';
import { lazyModules, type LanguageDescriptor } from '../descriptor.js';

export const go: LanguageDescriptor = {
  name: 'go',
  family: 'go',
  extensions: ['.go'],
  grammar: { package: 'tree-sitter-go', file: 'tree-sitter-go.wasm' },
  // An import path names a package, a folder; the files of a package share their declarations.
  moduleNaming: { style: 'dotted', separator: '/', extensions: ['.go'], namesMayBeFolders: true, folderSharesDeclarations: true },
  tests: LANGUAGE_TEST_CONVENTIONS.go,
  modules: lazyModules(
    async () => ({ extractor: (await import('./extractor.js')).goExtractor }),
    async () => ({
      importResolver: (await import('./module-resolution.js')).createGoImportResolver,
      binding: (await import('./name-binding.js')).goNameBinding,
    }),
  ),
};
