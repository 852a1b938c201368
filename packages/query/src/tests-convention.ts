/**
 * Which files are tests, by each language's conventions. A file is a test when its name
 * follows its language's test naming, or when it is a source file inside a test folder
 * (`test/`, `tests/`, `__tests__/`, `spec/`, Maven/Gradle `src/test/`). Fixture and mock
 * folders inside test folders hold data, not tests.
 */
import { extensionOf } from './paths.js';

export interface TestConvention {
  name: string;
  pattern: RegExp;
  /**
   * A test of this convention is compiled with every file of its folder, so a change to any of them
   * affects it even when no edge links them (Go: `go test` builds a package's `_test.go` files with
   * the package). Not Java or Kotlin: a test in the same package is compiled apart from it.
   */
  compiledWithFolder?: { extensions: readonly string[] };
}

/** File-name conventions, per language family. */
export const TEST_FILE_CONVENTIONS: readonly TestConvention[] = [
  { name: 'JS/TS *.test.* / *.spec.*', pattern: /\.(test|spec)\.[cm]?[jt]sx?$/ },
  { name: 'Python test_*.py', pattern: /(^|\/)test_[^/]*\.pyi?$/ },
  { name: 'Python *_test.py', pattern: /_test\.pyi?$/ },
  { name: 'Go *_test.go', pattern: /_test\.go$/, compiledWithFolder: { extensions: ['.go'] } },
  { name: 'Rust *_test.rs', pattern: /_test\.rs$/ },
  { name: 'Java/Kotlin/Scala *Test / *Tests / *IT / *Spec / *Suite', pattern: /(Test|Tests|IT|TestCase|Spec|Suite)\.(java|kt|kts|scala)$/ },
  { name: 'C# *Test.cs / *Tests.cs', pattern: /Tests?\.cs$/ },
  // A .NET test project is a folder named `<Name>.Tests` (`.Test`, `.UnitTests`, `.IntegrationTests`, …) holding its .csproj.
  { name: 'C# test project (*.Tests/)', pattern: /(^|\/)[^/]+\.[A-Za-z]*Tests?\/(.*\/)?[^/]+\.cs$/ },
  { name: 'Ruby *_spec.rb / *_test.rb', pattern: /_(spec|test)\.rb$/ },
  { name: 'PHP *Test.php', pattern: /Test\.php$/ },
  { name: 'Swift *Tests.swift', pattern: /Tests?\.swift$/ },
  { name: 'C/C++ test_* / *_test / *_unittest', pattern: /((^|\/)test_[^/]*|_test|_unittest)\.(c|cc|cpp|cxx|c\+\+)$/ },
  { name: 'Dart *_test.dart', pattern: /_test\.dart$/ },
  { name: 'Zig *_test.zig', pattern: /_test\.zig$/ },
];

const TEST_DIR = /(^|\/)(tests?|__tests__|specs?|src\/test|Tests)\//;
const NOT_TESTS_DIR = /(^|\/)(fixtures?|__fixtures__|testdata|test-data|__mocks__|mocks?|__snapshots__)\//;
/**
 * Languages whose test runner collects files by name alone (pytest: test_*.py / *_test.py; go
 * test: *_test.go): a module in a test folder not named so is a helper the tests import (an app
 * under tests/test_apps/), not a test.
 */
const NAMED_TESTS_ONLY = new Set(['.py', '.pyi', '.go']);
/** Files that configure a test run rather than hold tests. */
const SUPPORT_FILES = new Set(['__init__.py', 'conftest.py', 'setup.py', 'mod.rs']);

const SOURCE_EXTENSIONS = new Set([
  '.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.py', '.go', '.rs', '.java', '.kt', '.kts', '.scala',
  '.cs', '.rb', '.php', '.swift', '.c', '.h', '.cc', '.cpp', '.cxx', '.hpp', '.dart', '.zig',
]);

/** The convention that makes `path` a test file, or undefined. */
export function testConvention(path: string): string | undefined {
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (SUPPORT_FILES.has(base)) return undefined;
  for (const convention of TEST_FILE_CONVENTIONS) {
    if (convention.pattern.test(path)) return convention.name;
  }
  const extension = extensionOf(path);
  if (TEST_DIR.test(path) && !NOT_TESTS_DIR.test(path) && SOURCE_EXTENSIONS.has(extension) && !NAMED_TESTS_ONLY.has(extension)) {
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
