import { describe, expect, it } from 'vitest';
import { globToRegExp } from '../glob.js';
import { identifierSegments, matchesSegments, taskTerms } from './identifiers.js';

describe('identifier segments', () => {
  it('splits camelCase, PascalCase, snake_case, kebab-case, acronyms and digits', () => {
    expect(identifierSegments('getUserName')).toEqual(['get', 'user', 'name']);
    expect(identifierSegments('GetUserName')).toEqual(['get', 'user', 'name']);
    expect(identifierSegments('get_user_name')).toEqual(['get', 'user', 'name']);
    expect(identifierSegments('get-user-name')).toEqual(['get', 'user', 'name']);
    expect(identifierSegments('parseHTTPRequest')).toEqual(['parse', 'http', 'request']);
    expect(identifierSegments('base64Decode')).toEqual(['base', '64', 'decode']);
    expect(identifierSegments('__init__')).toEqual(['init']);
  });

  it('matches a query at segment boundaries only', () => {
    expect(matchesSegments('getUserName', 'user')).toBe(true);
    expect(matchesSegments('getUserName', 'userNa')).toBe(true);
    expect(matchesSegments('getUserName', 'ser')).toBe(false);
    expect(matchesSegments('load_user_record', 'userRecord')).toBe(true);
    expect(matchesSegments('load_user_record', 'recordUser')).toBe(false);
  });

  it('task terms drop stop words and split identifiers', () => {
    expect(taskTerms('Fix the bug where getUserName returns an empty name for the user')).toEqual([
      'bug', 'user', 'name', 'returns', 'empty',
    ]);
  });
});

describe('globs', () => {
  it.each([
    ['src/**/*.ts', 'src/a.ts', true],
    ['src/**/*.ts', 'src/x/y/a.ts', true],
    ['src/**/*.ts', 'lib/a.ts', false],
    ['*.py', 'deep/down/a.py', true],
    ['src/*.ts', 'src/x/a.ts', false],
    ['**/*.{ts,tsx}', 'a/b.tsx', true],
    ['test_?.py', 'tests/test_a.py', true],
    ['[ab].ts', 'a.ts', true],
    ['[!ab].ts', 'a.ts', false],
    ['src/a+b.ts', 'src/a+b.ts', true],
  ])('%s vs %s → %s', (glob, path, expected) => expect(globToRegExp(glob).test(path)).toBe(expected));
});
