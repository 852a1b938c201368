import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { declarationNodeId, fileNodeId } from './node-id.js';

describe('fileNodeId', () => {
  it('is file: + the project-relative path', () => {
    expect(fileNodeId('src/a.ts')).toBe('file:src/a.ts');
    expect(fileNodeId('pkg/deep/x.py')).toBe('file:pkg/deep/x.py');
  });
});

describe('declarationNodeId', () => {
  // Ids read from databases that codegraph 0.9.9 and 0.8.0 wrote (see OBSERVED.md).
  it.each([
    ['src/b.ts', 'function', 'helper', 2, 'function:432b552c49de2ee2b74032abc4d0b6ae'],
    ['src/a.ts', 'import', './b', 1, 'import:4d9b574206ef79b9285a3cd4aceb0647'],
    ['src/a.ts', 'method', 'bar', 5, 'method:9d7a7cfba70a59ac217e33044c96b387'],
    ['src/a.ts', 'class', 'Foo', 4, 'class:8f74859bab56756de5474790ced828b8'],
  ] as const)('matches the CLI for %s %s %s line %i', (path, kind, name, line, expected) => {
    expect(declarationNodeId(path, kind, name, line)).toBe(expected);
  });

  it('is <kind>: + 32 hex chars of sha256(path:kind:name:line)', () => {
    const id = declarationNodeId('lib/x.go', 'struct', 'Point', 10);
    const digest = createHash('sha256').update('lib/x.go:struct:Point:10').digest('hex');
    expect(id).toBe(`struct:${digest.slice(0, 32)}`);
    expect(id).toMatch(/^struct:[0-9a-f]{32}$/);
  });

  it('changes when any component changes', () => {
    const base = declarationNodeId('a.ts', 'function', 'f', 1);
    expect(new Set([
      base,
      declarationNodeId('b.ts', 'function', 'f', 1),
      declarationNodeId('a.ts', 'method', 'f', 1),
      declarationNodeId('a.ts', 'function', 'g', 1),
      declarationNodeId('a.ts', 'function', 'f', 2),
    ]).size).toBe(5);
    expect(declarationNodeId('a.ts', 'function', 'f', 1)).toBe(base);
  });

  it('refuses file nodes and non-positive or fractional lines', () => {
    expect(() => declarationNodeId('a.ts', 'file', 'a.ts', 1)).toThrow(TypeError);
    expect(() => declarationNodeId('a.ts', 'function', 'f', 0)).toThrow(RangeError);
    expect(() => declarationNodeId('a.ts', 'function', 'f', 1.5)).toThrow(RangeError);
  });
});
