/** Ruby: what arbor knows of the language (see ../descriptor.ts). */
import { lazyModules, type LanguageDescriptor } from '../descriptor.js';

export const ruby: LanguageDescriptor = {
  name: 'ruby',
  family: 'ruby',
  extensions: ['.rb'],
  grammar: { package: 'tree-sitter-wasms', file: 'out/tree-sitter-ruby.wasm' },
  modules: lazyModules(
    async () => ({ extractor: (await import('./extractor.js')).rubyExtractor }),
    async () => ({
      importResolver: (await import('./module-resolution.js')).createRubyImportResolver,
      binding: (await import('./name-binding.js')).rubyNameBinding,
    }),
  ),
};
