/** Rust: what arbor knows of the language (see ../descriptor.ts). */
import { LANGUAGE_TEST_CONVENTIONS } from '@arbor/vocabulary';
import { lazyModules, type LanguageDescriptor } from '../descriptor.js';

export const rust: LanguageDescriptor = {
  name: 'rust',
  family: 'rust',
  extensions: ['.rs'],
  grammar: { package: 'tree-sitter-rust', file: 'tree-sitter-rust.wasm' },
  tests: LANGUAGE_TEST_CONVENTIONS.rust,
  modules: lazyModules(
    async () => ({ extractor: (await import('./extractor.js')).rustExtractor }),
    async () => ({
      importResolver: (await import('./module-resolution.js')).createRustImportResolver,
      binding: (await import('./name-binding.js')).rustNameBinding,
    }),
  ),
};
