/** Swift: what arbor knows of the language (see ../descriptor.ts). */
import { LANGUAGE_TEST_CONVENTIONS } from '@arbor/vocabulary';
import { lazyModules, type LanguageDescriptor } from '../descriptor.js';

export const swift: LanguageDescriptor = {
  name: 'swift',
  family: 'swift',
  extensions: ['.swift'],
  grammar: { package: 'tree-sitter-wasms', file: 'out/tree-sitter-swift.wasm' },
  tests: LANGUAGE_TEST_CONVENTIONS.swift,
  modules: lazyModules(
    async () => ({ extractor: (await import('./extractor.js')).swiftExtractor }),
    async () => ({
      importResolver: (await import('./module-resolution.js')).createSwiftImportResolver,
      binding: (await import('./name-binding.js')).swiftNameBinding,
    }),
  ),
};
