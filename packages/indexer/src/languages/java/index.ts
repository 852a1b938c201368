/** Java: what arbor knows of the language (see ../descriptor.ts). */
import { LANGUAGE_TEST_CONVENTIONS } from '@arbor/vocabulary';
import { lazyModules, type LanguageDescriptor } from '../descriptor.js';

export const java: LanguageDescriptor = {
  name: 'java',
  // Java, Kotlin and Scala call each other by name.
  family: 'jvm',
  extensions: ['.java'],
  grammar: { package: 'tree-sitter-wasms', file: 'out/tree-sitter-java.wasm' },
  // `import a.b.C`, `import static a.b.C.f`, `import a.b.*`; a package's files share their declarations.
  moduleNaming: { style: 'dotted', extensions: ['.java'], namesMayContinuePastFile: true, namesMayBeFolders: true, folderSharesDeclarations: true },
  tests: LANGUAGE_TEST_CONVENTIONS.java,
  modules: lazyModules(
    async () => ({ extractor: (await import('./extractor.js')).javaExtractor }),
    async () => ({
      importResolver: (await import('./module-resolution.js')).createJavaImportResolver,
      binding: (await import('./name-binding.js')).javaNameBinding,
    }),
  ),
};
