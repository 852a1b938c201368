/**
 * Which files are tests, as data: each language's test naming (its descriptor in the indexer's
 * `languages/<language>/index.ts` refers to its entry here), and the test-folder rules every
 * language shares. The query package reads both to tell tests from code in any stored graph.
 */
import type { Language } from './graph.js';

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

export interface LanguageTestConventions {
  /** File-name conventions: a file whose path matches one is a test, in whatever folder. */
  names: readonly TestConvention[];
  /**
   * Extensions whose files inside a test folder are tests whatever their name. None where the test
   * runner collects files by name alone (pytest: test_*.py / *_test.py; go test: *_test.go): there a
   * module in a test folder not named so is a helper the tests import (an app under tests/test_apps/).
   */
  inTestFolder: readonly string[];
}

// A name shared by several languages' conventions (JS/TS, the JVM languages, C/C++) is one
// convention split by extension, so that each language owns its part.
const JS_TS = 'JS/TS *.test.* / *.spec.*';
const JVM = 'Java/Kotlin/Scala *Test / *Tests / *IT / *Spec / *Suite';
const C_FAMILY = 'C/C++ test_* / *_test / *_unittest';
const JVM_SUFFIX = '(Test|Tests|IT|TestCase|Spec|Suite)';
const C_FAMILY_NAME = '((^|\\/)test_[^/]*|_test|_unittest)';

/** Each language's test conventions, under its language name. */
export const LANGUAGE_TEST_CONVENTIONS: Readonly<Record<Language, LanguageTestConventions>> = {
  typescript: { names: [{ name: JS_TS, pattern: /\.(test|spec)\.[cm]?ts$/ }], inTestFolder: ['.ts', '.mts', '.cts'] },
  tsx: { names: [{ name: JS_TS, pattern: /\.(test|spec)\.[cm]?tsx$/ }], inTestFolder: ['.tsx'] },
  javascript: { names: [{ name: JS_TS, pattern: /\.(test|spec)\.[cm]?js$/ }], inTestFolder: ['.js', '.mjs', '.cjs'] },
  jsx: { names: [{ name: JS_TS, pattern: /\.(test|spec)\.[cm]?jsx$/ }], inTestFolder: ['.jsx'] },
  python: {
    names: [
      { name: 'Python test_*.py', pattern: /(^|\/)test_[^/]*\.pyi?$/ },
      { name: 'Python *_test.py', pattern: /_test\.pyi?$/ },
    ],
    inTestFolder: [],
  },
  go: { names: [{ name: 'Go *_test.go', pattern: /_test\.go$/, compiledWithFolder: { extensions: ['.go'] } }], inTestFolder: [] },
  java: { names: [{ name: JVM, pattern: new RegExp(`${JVM_SUFFIX}\\.java$`) }], inTestFolder: ['.java'] },
  c: { names: [{ name: C_FAMILY, pattern: new RegExp(`${C_FAMILY_NAME}\\.c$`) }], inTestFolder: ['.c', '.h'] },
  cpp: { names: [{ name: C_FAMILY, pattern: new RegExp(`${C_FAMILY_NAME}\\.(cc|cpp|cxx|c\\+\\+)$`) }], inTestFolder: ['.cc', '.cpp', '.cxx', '.hpp'] },
  csharp: {
    names: [
      { name: 'C# *Test.cs / *Tests.cs', pattern: /Tests?\.cs$/ },
      // A .NET test project is a folder named `<Name>.Tests` (`.Test`, `.UnitTests`, `.IntegrationTests`, …) holding its .csproj.
      { name: 'C# test project (*.Tests/)', pattern: /(^|\/)[^/]+\.[A-Za-z]*Tests?\/(.*\/)?[^/]+\.cs$/ },
    ],
    inTestFolder: ['.cs'],
  },
  php: { names: [{ name: 'PHP *Test.php', pattern: /Test\.php$/ }], inTestFolder: ['.php'] },
  rust: { names: [{ name: 'Rust *_test.rs', pattern: /_test\.rs$/ }], inTestFolder: ['.rs'] },
  ruby: { names: [{ name: 'Ruby *_spec.rb / *_test.rb', pattern: /_(spec|test)\.rb$/ }], inTestFolder: ['.rb'] },
  zig: { names: [{ name: 'Zig *_test.zig', pattern: /_test\.zig$/ }], inTestFolder: ['.zig'] },
  kotlin: { names: [{ name: JVM, pattern: new RegExp(`${JVM_SUFFIX}\\.(kt|kts)$`) }], inTestFolder: ['.kt', '.kts'] },
  swift: { names: [{ name: 'Swift *Tests.swift', pattern: /Tests?\.swift$/ }], inTestFolder: ['.swift'] },
  dart: { names: [{ name: 'Dart *_test.dart', pattern: /_test\.dart$/ }], inTestFolder: ['.dart'] },
  scala: { names: [{ name: JVM, pattern: new RegExp(`${JVM_SUFFIX}\\.scala$`) }], inTestFolder: ['.scala'] },
};

/** The test-folder rules, the same in every language. */
export const TEST_FOLDER_RULES = {
  /** Folders whose source files are tests (`test/`, `tests/`, `__tests__/`, `spec/`, Maven/Gradle `src/test/`). */
  testFolder: /(^|\/)(tests?|__tests__|specs?|src\/test|Tests)\//,
  /** Fixture and mock folders inside test folders hold data, not tests. */
  notTestsFolder: /(^|\/)(fixtures?|__fixtures__|testdata|test-data|__mocks__|mocks?|__snapshots__)\//,
  /** Files that configure a test run rather than hold tests. */
  supportFiles: new Set(['__init__.py', 'conftest.py', 'setup.py', 'mod.rs']) as ReadonlySet<string>,
} as const;
