/** PHP: what arbor knows of the language (see ../descriptor.ts). */
import { LANGUAGE_TEST_CONVENTIONS } from '@arbor/vocabulary';
import { lazyModules, type LanguageDescriptor } from '../descriptor.js';

export const php: LanguageDescriptor = {
  name: 'php',
  family: 'php',
  extensions: ['.php'],
  grammar: { package: 'tree-sitter-wasms', file: 'out/tree-sitter-php.wasm' },
  tests: LANGUAGE_TEST_CONVENTIONS.php,
  modules: lazyModules(
    async () => ({ extractor: (await import('./extractor.js')).phpExtractor }),
    async () => ({
      importResolver: (await import('./module-resolution.js')).createPhpImportResolver,
      binding: (await import('./name-binding.js')).phpNameBinding,
    }),
  ),
};
