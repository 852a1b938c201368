/** Swift: what arbor knows of the language (see ../descriptor.ts). */
import { lazyModules, type LanguageDescriptor } from '../descriptor.js';

export const swift: LanguageDescriptor = {
  name: 'swift',
  family: 'swift',
  extensions: ['.swift'],
  grammar: { package: 'tree-sitter-wasms', file: 'out/tree-sitter-swift.wasm' },
  modules: lazyModules(
    async () => ({ extractor: (await import('./extractor.js')).swiftExtractor }),
    async () => ({
      importResolver: (await import('./module-resolution.js')).createSwiftImportResolver,
      binding: (await import('./name-binding.js')).swiftNameBinding,
    }),
  ),
};
