import { describe, expect, it } from 'vitest';
import { isTestFile, testsCompiledWith } from './tests-convention.js';

describe('test file conventions', () => {
  it.each([
    'src/a.test.ts', 'src/a.spec.tsx', 'web/b.test.mjs', 'lib/__tests__/x.js', 'tests/test_api.py', 'pkg/test_util.py',
    'pkg/util_test.py', 'server/handler_test.go', 'src/parser_test.rs', 'crate/tests/integration.rs',
    'src/test/java/com/acme/FooTest.java', 'app/src/test/kotlin/BarTests.kt', 'core/FooSpec.scala', 'Api.Tests/ClientTests.cs',
    'spec/models/user_spec.rb', 'test/user_test.rb', 'tests/Unit/UserTest.php', 'Tests/AppTests/AppTests.swift',
    'tests/test_vec.c', 'src/vec_unittest.cc', 'test/widget_test.dart', 'src/alloc_test.zig', 'test/helpers.ts',
    // Java: *Test.java and *Tests.java anywhere, any source file under Maven/Gradle src/test/.
    'core/src/main/java/com/acme/ParserTest.java', 'lib/com/acme/ParserTests.java', 'src/test/java/com/acme/TestSupport.java',
    'module/src/test/java/com/acme/util/Builders.java',
  ])('%s is a test', (path) => expect(isTestFile(path)).toBe(true));

  it.each([
    'src/a.ts', 'src/testing.ts', 'src/contest.py', 'tests/conftest.py', 'tests/__init__.py', 'test/fixtures/sample.ts',
    'src/Testament.java', 'src/main/java/com/acme/Contest.java', 'src/main/java/com/acme/TestSupport.java', 'docs/tests.md', 'src/latest.go', 'README.md', 'tests/data.json',
    // pytest and go test collect by name only: an app or helper the tests import is no test.
    'tests/test_apps/cliapp/app.py', 'tests/helpers.py', 'internal/testutil/tests/server.go',
  ])('%s is not a test', (path) => expect(isTestFile(path)).toBe(false));

  it('Go tests are compiled with every file of their folder; Java tests in the same package are not', () => {
    const folder = ['store/cursor.go', 'store/store.go', 'store/store_test.go', 'store/export_test.go'];
    expect(testsCompiledWith('store/cursor.go', folder).map((t) => t.path)).toEqual(['store/store_test.go', 'store/export_test.go']);
    // A test file is not compiled "with" itself.
    expect(testsCompiledWith('store/store_test.go', folder).map((t) => t.path)).toEqual(['store/export_test.go']);
    const java = ['src/com/acme/Util.java', 'src/com/acme/UtilTest.java'];
    expect(testsCompiledWith('src/com/acme/Util.java', java)).toEqual([]);
  });
});
