/** Dart: what arbor knows of the language (see ../descriptor.ts). */
import { LANGUAGE_TEST_CONVENTIONS } from '@arbor/vocabulary';
import { lazyModules, type LanguageDescriptor } from '../descriptor.js';

export const dart: LanguageDescriptor = {
  name: 'dart',
  family: 'dart',
  extensions: ['.dart'],
  grammar: { package: 'tree-sitter-wasms', file: 'out/tree-sitter-dart.wasm' },
  tests: LANGUAGE_TEST_CONVENTIONS.dart,
  modules: lazyModules(
    async () => ({ extractor: (await import('./extractor.js')).dartExtractor }),
    async () => ({
      importResolver: (await import('./module-resolution.js')).createDartImportResolver,
      binding: (await import('./name-binding.js')).dartNameBinding,
    }),
  ),
};
