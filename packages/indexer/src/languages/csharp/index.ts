/** C#: what arbor knows of the language (see ../descriptor.ts). */
import { lazyModules, type LanguageDescriptor } from '../descriptor.js';

export const csharp: LanguageDescriptor = {
  name: 'csharp',
  family: 'csharp',
  extensions: ['.cs'],
  grammar: { package: 'tree-sitter-c-sharp', file: 'tree-sitter-c_sharp.wasm' },
  modules: lazyModules(
    async () => ({ extractor: (await import('./extractor.js')).csharpExtractor }),
    async () => ({
      importResolver: (await import('./module-resolution.js')).createCSharpImportResolver,
      binding: (await import('./name-binding.js')).csharpNameBinding,
    }),
  ),
};
