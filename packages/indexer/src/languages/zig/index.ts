/** Zig: what arbor knows of the language (see ../descriptor.ts). */
import { LANGUAGE_TEST_CONVENTIONS } from '@arbor/vocabulary';
import { lazyModules, type LanguageDescriptor } from '../descriptor.js';

export const zig: LanguageDescriptor = {
  name: 'zig',
  family: 'zig',
  extensions: ['.zig'],
  grammar: { package: 'tree-sitter-wasms', file: 'out/tree-sitter-zig.wasm' },
  tests: LANGUAGE_TEST_CONVENTIONS.zig,
  modules: lazyModules(
    async () => ({ extractor: (await import('./extractor.js')).zigExtractor }),
    async () => ({
      importResolver: (await import('./module-resolution.js')).createZigImportResolver,
      binding: (await import('./name-binding.js')).zigNameBinding,
    }),
  ),
};
