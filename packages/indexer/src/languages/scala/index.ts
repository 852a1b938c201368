/** Scala: what arbor knows of the language (see ../descriptor.ts). */
import { lazyModules, type LanguageDescriptor } from '../descriptor.js';

export const scala: LanguageDescriptor = {
  name: 'scala',
  // Java, Kotlin and Scala call each other by name.
  family: 'jvm',
  extensions: ['.scala', '.sc'],
  grammar: { package: 'tree-sitter-scala', file: 'tree-sitter-scala.wasm' },
  modules: lazyModules(
    async () => ({ extractor: (await import('./extractor.js')).scalaExtractor }),
    async () => ({
      importResolver: (await import('./module-resolution.js')).createScalaImportResolver,
      binding: (await import('./name-binding.js')).scalaNameBinding,
    }),
  ),
};
