/** C#: what arbor knows of the language (see ../descriptor.ts). */
import { LANGUAGE_TEST_CONVENTIONS } from '@arbor/vocabulary';
import { lazyModules, type LanguageDescriptor } from '../descriptor.js';

export const csharp: LanguageDescriptor = {
  name: 'csharp',
  family: 'csharp',
  extensions: ['.cs'],
  grammar: { package: 'tree-sitter-c-sharp', file: 'tree-sitter-c_sharp.wasm' },
  tests: LANGUAGE_TEST_CONVENTIONS.csharp,
  modules: lazyModules(
    async () => ({ extractor: (await import('./extractor.js')).csharpExtractor }),
    async () => ({
      importResolver: (await import('./module-resolution.js')).createCSharpImportResolver,
      binding: (await import('./name-binding.js')).csharpNameBinding,
    }),
  ),
};
