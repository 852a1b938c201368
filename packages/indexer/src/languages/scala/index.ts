/** Scala: what arbor knows of the language (see ../descriptor.ts). */
import { LANGUAGE_TEST_CONVENTIONS } from '@arbor/vocabulary';
import { lazyModules, type LanguageDescriptor } from '../descriptor.js';

export const scala: LanguageDescriptor = {
  name: 'scala',
  // Java, Kotlin and Scala call each other by name.
  family: 'jvm',
  extensions: ['.scala', '.sc'],
  grammar: { package: 'tree-sitter-scala', file: 'tree-sitter-scala.wasm' },
  // `import a.b.C`, `import static a.b.C.f`, `import a.b.*`; a package's files share their declarations.
  moduleNaming: { style: 'dotted', extensions: ['.scala', '.sc'], namesMayContinuePastFile: true, namesMayBeFolders: true, folderSharesDeclarations: true },
  tests: LANGUAGE_TEST_CONVENTIONS.scala,
  modules: lazyModules(
    async () => ({ extractor: (await import('./extractor.js')).scalaExtractor }),
    async () => ({
      importResolver: (await import('./module-resolution.js')).createScalaImportResolver,
      binding: (await import('./name-binding.js')).scalaNameBinding,
    }),
  ),
};
