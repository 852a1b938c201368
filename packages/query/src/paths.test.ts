import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { leavesBase, toProjectPath } from './paths.js';

const root = mkdtempSync(join(tmpdir(), 'arbor-paths-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('leavesBase: only `..` and `../…` leave (finding 6 of the second hardening round)', () => {
  it.each([
    ['..', true], [`..${sep}x`, true], ['../x', true], [`..${sep}..${sep}x`, true], ['/abs', true],
    ['', false], ['..foo', false], [`..foo${sep}x.ts`, false], ['...', false], [`...${sep}x`, false], ['a/../b', false], ['.x', false],
  ])('%j → %s', (rel, expected) => expect(leavesBase(rel)).toBe(expected));
});

describe('toProjectPath', () => {
  it('a folder named ..foo is in the project, from the root and from inside it', () => {
    mkdirSync(join(root, '..foo'), { recursive: true });
    expect(toProjectPath(root, root, '..foo/lib.ts')).toBe('..foo/lib.ts');
    expect(toProjectPath(root, root, join(root, '..foo', 'lib.ts'))).toBe('..foo/lib.ts');
    expect(toProjectPath(root, join(root, '..foo'), 'lib.ts')).toBe('..foo/lib.ts');
    expect(toProjectPath(root, root, '...')).toBe('...');
  });

  it('a path out of the project is undefined', () => {
    expect(toProjectPath(root, root, '../elsewhere.ts')).toBeUndefined();
    expect(toProjectPath(root, root, join(root, '..', 'elsewhere.ts'))).toBeUndefined();
    expect(toProjectPath(root, join(root, '..foo'), '../../x.ts')).toBeUndefined();
  });
});
