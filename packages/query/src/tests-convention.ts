/**
 * Which files are tests, by each language's conventions. A file is a test when its name
 * follows its language's test naming, or when it is a source file inside a test folder
 * (`test/`, `tests/`, `__tests__/`, `spec/`, Maven/Gradle `src/test/`). Fixture and mock
 * folders inside test folders hold data, not tests. The conventions are data in @arbor/vocabulary
 * (each language's under its name, which its indexer descriptor carries too); this reads them.
 */
import { LANGUAGE_TEST_CONVENTIONS, LANGUAGES, TEST_FOLDER_RULES, type TestConvention } from '@arbor/vocabulary';
import { extensionOf } from './paths.js';

export type { TestConvention } from '@arbor/vocabulary';

/** File-name conventions, every language's (each language's extensions are its own, so their order does not matter across languages). */
export const TEST_FILE_CONVENTIONS: readonly TestConvention[] = LANGUAGES.flatMap((language) => LANGUAGE_TEST_CONVENTIONS[language].names);

/** Extensions whose files inside a test folder are tests whatever their name. */
const TESTS_IN_TEST_FOLDER: ReadonlySet<string> = new Set(LANGUAGES.flatMap((language) => LANGUAGE_TEST_CONVENTIONS[language].inTestFolder));

/** The convention that makes `path` a test file, or undefined. */
export function testConvention(path: string): string | undefined {
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (TEST_FOLDER_RULES.supportFiles.has(base)) return undefined;
  for (const convention of TEST_FILE_CONVENTIONS) {
    if (convention.pattern.test(path)) return convention.name;
  }
  const extension = extensionOf(path);
  if (TESTS_IN_TEST_FOLDER.has(extension) && TEST_FOLDER_RULES.testFolder.test(path) && !TEST_FOLDER_RULES.notTestsFolder.test(path)) {
    return 'source file in a test folder';
  }
  return undefined;
}

/**
 * The tests compiled with `path` (see compiledWithFolder), among `folderFiles` (the indexed files of
 * its folder): the naming conventions whose tests build with every file of their folder.
 */
export function testsCompiledWith(path: string, folderFiles: readonly string[]): Array<{ path: string; convention: string }> {
  const extension = extensionOf(path);
  const found: Array<{ path: string; convention: string }> = [];
  for (const convention of TEST_FILE_CONVENTIONS) {
    if (!convention.compiledWithFolder?.extensions.includes(extension)) continue;
    for (const file of folderFiles) {
      if (file !== path && convention.pattern.test(file)) found.push({ path: file, convention: `${convention.name}, compiled with its folder` });
    }
  }
  return found;
}

export function isTestFile(path: string): boolean {
  return testConvention(path) !== undefined;
}
