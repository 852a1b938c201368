/**
 * Globs are matched without backtracking (issue 11, item 16): repeated `**\/` took over 100 s
 * as a regular expression, and `[z-a]` was an internal error.
 */
import { describe, expect, it } from 'vitest';
import { QueryError } from './errors.js';
import { globToRegExp } from './glob.js';

describe('glob semantics', () => {
  it.each([
    ['src/**/*.ts', 'src/a.ts', true],
    ['src/**/*.ts', 'src/x/y/a.ts', true],
    ['src/**/*.ts', 'srcx/a.ts', false],
    ['src/**', 'src/x/y', true],
    ['**/test/**', 'a/test/b/c.py', true],
    ['**/test/**', 'a/tests/b.py', false],
    ['*.py', 'a.py', true],
    ['*.py', 'deep/down/a.py', true],
    ['*.py', 'deep/down/a.pyc', false],
    ['src/*.ts', 'src/x/a.ts', false],
    ['{src,lib}/*.ts', 'lib/a.ts', true],
    ['{src,lib}/*.ts', 'bin/a.ts', false],
    ['**/*.{ts,tsx}', 'a/b.tsx', true],
    ['a{b,{c,d}}e.ts', 'x/ade.ts', true],
    ['test_?.py', 'tests/test_a.py', true],
    ['test_?.py', 'test_ab.py', false],
    ['[a-c].ts', 'b.ts', true],
    ['[!a-c].ts', 'b.ts', false],
    ['[!a-c].ts', 'd.ts', true],
    ['src/a+b.ts', 'src/a+b.ts', true],
    ['src/a.b', 'src/axb', false],
    ['./src/*.ts', 'src/a.ts', true],
    ['src\\*.ts', 'src/a.ts', true],
    ['a,b}.ts', 'a,b}.ts', true],
    ['[unclosed', 'x/[unclosed', true],
  ])('%s vs %s → %s', (glob, path, expected) => expect(globToRegExp(glob).test(path)).toBe(expected));
});

describe('bounded time on hostile globs', () => {
  it('repeated **/ against a long non-matching path answers at once', () => {
    const glob = `${'a/**/'.repeat(40)}b`;
    const path = `${'a/'.repeat(200)}c`;
    const started = performance.now();
    expect(globToRegExp(glob).test(path)).toBe(false);
    expect(globToRegExp(`${'**/'.repeat(60)}z`).test(`${'y/'.repeat(300)}x`)).toBe(false);
    expect(globToRegExp(`${'*a'.repeat(50)}b`).test('a'.repeat(500))).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
    expect(globToRegExp(glob).test(`${'a/'.repeat(200)}b`)).toBe(true);
  });

  it('an invalid class range is an invalid-glob error, not an exception from RegExp', () => {
    try {
      globToRegExp('src/[z-a].ts');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(QueryError);
      expect((error as QueryError).code).toBe('invalid-glob');
      expect((error as QueryError).message).toMatch(/z-a/);
    }
  });
});
