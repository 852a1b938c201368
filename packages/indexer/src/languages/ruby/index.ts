/** Ruby: what arbor knows of the language (see ../descriptor.ts). */
import { LANGUAGE_TEST_CONVENTIONS } from '@arbor/vocabulary';
import { lazyModules, type LanguageDescriptor } from '../descriptor.js';

export const ruby: LanguageDescriptor = {
  name: 'ruby',
  family: 'ruby',
  extensions: ['.rb'],
  grammar: { package: 'tree-sitter-wasms', file: 'out/tree-sitter-ruby.wasm' },
  tests: LANGUAGE_TEST_CONVENTIONS.ruby,
  modules: lazyModules(
    async () => ({ extractor: (await import('./extractor.js')).rubyExtractor }),
    async () => ({
      importResolver: (await import('./module-resolution.js')).createRubyImportResolver,
      binding: (await import('./name-binding.js')).rubyNameBinding,
    }),
  ),
};
