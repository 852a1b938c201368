/**
 * C and C++ (see ../descriptor.ts): one folder, two grammars, two extractors and two sets of binding
 * rules, one include resolver. Their declarations call each other by name (one family).
 */
import { LANGUAGE_TEST_CONVENTIONS } from '@arbor/vocabulary';
import { lazyModules, type LanguageDescriptor } from '../descriptor.js';

export const c: LanguageDescriptor = {
  name: 'c',
  family: 'c-family',
  // `.C`/`.H` are C too (extensions match case-insensitively): letter case is too unreliable to choose C++.
  extensions: ['.c', '.h'],
  grammar: { package: 'tree-sitter-c', file: 'tree-sitter-c.wasm' },
  tests: LANGUAGE_TEST_CONVENTIONS.c,
  modules: lazyModules(
    async () => {
      const { cExtractor, cHeaderLanguage } = await import('./extractor.js');
      // A `.h` file whose text is C++ is extracted as C++.
      return { extractor: cExtractor, sourceLanguage: cHeaderLanguage };
    },
    async () => ({
      importResolver: (await import('./module-resolution.js')).createCIncludeResolver,
      binding: (await import('./name-binding.js')).cNameBinding,
    }),
  ),
};

export const cpp: LanguageDescriptor = {
  name: 'cpp',
  family: 'c-family',
  extensions: ['.cpp', '.cc', '.cxx', '.hpp', '.hh', '.hxx'],
  grammar: { package: 'tree-sitter-cpp', file: 'tree-sitter-cpp.wasm' },
  tests: LANGUAGE_TEST_CONVENTIONS.cpp,
  modules: lazyModules(
    async () => ({ extractor: (await import('./extractor.js')).cppExtractor }),
    async () => ({
      importResolver: (await import('./module-resolution.js')).createCIncludeResolver,
      binding: (await import('./name-binding.js')).cppNameBinding,
    }),
  ),
};
