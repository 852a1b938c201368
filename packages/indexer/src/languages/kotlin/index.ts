/** Kotlin: what arbor knows of the language (see ../descriptor.ts). */
import { LANGUAGE_TEST_CONVENTIONS } from '@arbor/vocabulary';
import { lazyModules, type LanguageDescriptor } from '../descriptor.js';

export const kotlin: LanguageDescriptor = {
  name: 'kotlin',
  // Java, Kotlin and Scala call each other by name.
  family: 'jvm',
  extensions: ['.kt', '.kts'],
  grammar: { package: '@tree-sitter-grammars/tree-sitter-kotlin', file: 'tree-sitter-kotlin.wasm' },
  // `import a.b.C`, `import static a.b.C.f`, `import a.b.*`; a package's files share their declarations.
  moduleNaming: { style: 'dotted', extensions: ['.kt', '.kts'], namesMayContinuePastFile: true, namesMayBeFolders: true, folderSharesDeclarations: true },
  tests: LANGUAGE_TEST_CONVENTIONS.kotlin,
  modules: lazyModules(
    async () => ({ extractor: (await import('./extractor.js')).kotlinExtractor }),
    async () => ({
      importResolver: (await import('./module-resolution.js')).createKotlinImportResolver,
      binding: (await import('./name-binding.js')).kotlinNameBinding,
    }),
  ),
};
