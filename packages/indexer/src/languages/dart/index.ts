/** Dart: what arbor knows of the language (see ../descriptor.ts). */
import { lazyModules, type LanguageDescriptor } from '../descriptor.js';

export const dart: LanguageDescriptor = {
  name: 'dart',
  family: 'dart',
  extensions: ['.dart'],
  grammar: { package: 'tree-sitter-wasms', file: 'out/tree-sitter-dart.wasm' },
  modules: lazyModules(
    async () => ({ extractor: (await import('./extractor.js')).dartExtractor }),
    async () => ({
      importResolver: (await import('./module-resolution.js')).createDartImportResolver,
      binding: (await import('./name-binding.js')).dartNameBinding,
    }),
  ),
};
