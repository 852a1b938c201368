/**
 * TypeScript, TSX, JavaScript and JSX: four languages (four grammars) served by one extractor and
 * one module resolver (see ../descriptor.ts). They share their modules, so a run has one import
 * resolver for all four: one tsconfig, one view of the workspace's packages.
 */
import { LANGUAGE_TEST_CONVENTIONS, type ModuleNaming } from '@arbor/vocabulary';
import { lazyModules, type LanguageDescriptor, type LanguageModules } from '../descriptor.js';

/** `./cart`, `../lib/index.js` (standing for `index.ts` under ESM rules), a folder by its `index` file; a bare specifier is a package. */
const ECMASCRIPT_MODULE_NAMING: ModuleNaming = {
  style: 'path',
  relativeOnly: true,
  extensions: ['.ts', '.tsx', '.mts', '.cts', '.d.ts', '.js', '.jsx', '.mjs', '.cjs'],
  folderFiles: ['index'],
  writtenExtensionMayDiffer: true,
};

const ecmascriptModules: LanguageModules = lazyModules(
  async () => ({ extractor: (await import('./extractor.js')).ecmascriptExtractor }),
  async () => ({
    importResolver: (await import('./module-resolution.js')).createEcmascriptImportResolver,
    binding: (await import('./name-binding.js')).ecmascriptNameBinding,
  }),
);

export const typescript: LanguageDescriptor = {
  name: 'typescript',
  family: 'ecmascript',
  // `.d.ts` needs no rule of its own: it ends in `.ts`.
  extensions: ['.ts', '.mts', '.cts'],
  grammar: { package: 'tree-sitter-typescript', file: 'tree-sitter-typescript.wasm' },
  moduleNaming: ECMASCRIPT_MODULE_NAMING,
  tests: LANGUAGE_TEST_CONVENTIONS.typescript,
  modules: ecmascriptModules,
};

export const tsx: LanguageDescriptor = {
  name: 'tsx',
  family: 'ecmascript',
  extensions: ['.tsx'],
  grammar: { package: 'tree-sitter-typescript', file: 'tree-sitter-tsx.wasm' },
  moduleNaming: ECMASCRIPT_MODULE_NAMING,
  tests: LANGUAGE_TEST_CONVENTIONS.tsx,
  modules: ecmascriptModules,
};

export const javascript: LanguageDescriptor = {
  name: 'javascript',
  family: 'ecmascript',
  extensions: ['.js', '.mjs', '.cjs'],
  grammar: { package: 'tree-sitter-javascript', file: 'tree-sitter-javascript.wasm' },
  moduleNaming: ECMASCRIPT_MODULE_NAMING,
  tests: LANGUAGE_TEST_CONVENTIONS.javascript,
  modules: ecmascriptModules,
};

export const jsx: LanguageDescriptor = {
  name: 'jsx',
  family: 'ecmascript',
  extensions: ['.jsx'],
  grammar: { package: 'tree-sitter-javascript', file: 'tree-sitter-javascript.wasm' },
  moduleNaming: ECMASCRIPT_MODULE_NAMING,
  tests: LANGUAGE_TEST_CONVENTIONS.jsx,
  modules: ecmascriptModules,
};
