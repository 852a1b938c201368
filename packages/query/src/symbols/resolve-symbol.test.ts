import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QueryError } from '../errors.js';
import { openProject, type Project } from '../project.js';
import { id, sampleGraph } from '../test-support/sample-graph.js';
import { makeProject } from '../test-support/v4-database.js';
import { findSymbol, resolveSymbol, similarDeclarations } from './resolve-symbol.js';

let project: Project;
let root: string;
beforeAll(() => {
  root = makeProject(sampleGraph()).root;
  project = openProject({ path: root, cwd: root });
});
afterAll(() => {
  project.close();
  rmSync(root, { recursive: true, force: true });
});

describe('resolveSymbol', () => {
  it('accepts a node id', () => {
    expect(resolveSymbol(project, id.helper).id).toBe(id.helper);
    expect(resolveSymbol(project, 'file:src/a.ts').kind).toBe('file');
  });

  it('accepts a unique name, ignoring import nodes that restate it', () => {
    const match = findSymbol(project, 'helper');
    expect(match.status).toBe('found');
    expect(match.status === 'found' && match.node.id).toBe(id.helper);
  });

  it('accepts Class::method and Class.method', () => {
    expect(resolveSymbol(project, 'Greeter::greet').id).toBe(id.greet);
    expect(resolveSymbol(project, 'Greeter.greet').id).toBe(id.greet);
  });

  it('accepts path:line: the innermost declaration, one starting on the line first', () => {
    expect(resolveSymbol(project, 'src/b.ts:7').id).toBe(id.greet);
    expect(resolveSymbol(project, 'src/b.ts:6').id).toBe(id.greeter);
    expect(resolveSymbol(project, 'src/b.ts:3').id).toBe(id.helper);
    // A line outside every declaration is the file itself.
    expect(resolveSymbol(project, 'src/b.test.ts:2').id).toBe('file:src/b.test.ts');
  });

  it('accepts a path relative to the current folder', () => {
    const fromSrc = openProject({ path: root, cwd: join(root, 'src') });
    try {
      expect(resolveSymbol(fromSrc, 'b.ts:2').id).toBe(id.helper);
      expect(resolveSymbol(fromSrc, 'c.ts').id).toBe('file:src/c.ts');
    } finally {
      fromSrc.close();
    }
  });

  it('never picks among several declarations: it lists them', () => {
    const match = findSymbol(project, 'validate');
    expect(match.status).toBe('ambiguous');
    if (match.status !== 'ambiguous') return;
    expect(match.candidates.map((c) => c.id).sort()).toEqual([id.validate, id.validateC].sort());
    try {
      resolveSymbol(project, 'validate');
      throw new Error('should have failed');
    } catch (error) {
      expect(error).toBeInstanceOf(QueryError);
      expect((error as QueryError).code).toBe('ambiguous-symbol');
      expect((error as QueryError).candidates).toHaveLength(2);
    }
  });

  it('narrows with --file and --kind', () => {
    expect(resolveSymbol(project, 'validate', { file: 'src/c.ts' }).id).toBe(id.validateC);
    expect(resolveSymbol(project, 'validate', { file: 'c.ts' }).id).toBe(id.validateC);
    expect(resolveSymbol(project, 'validate', { kind: 'method' }).id).toBe(id.validate);
    expect(resolveSymbol(project, 'validate', { file: 'src/**/b.ts' }).id).toBe(id.validate);
  });

  it('falls back to a case-insensitive name', () => {
    expect(resolveSymbol(project, 'HELPER').id).toBe(id.helper);
  });

  it('reports an unknown symbol with suggestions', () => {
    const match = findSymbol(project, 'helpe');
    expect(match.status).toBe('not-found');
    expect(match.status === 'not-found' && match.suggestions.map((s) => s.name)).toContain('helper');
    expect(() => resolveSymbol(project, 'nothing_like_it')).toThrow(/no symbol "nothing_like_it"/);
  });

  it('suggests by edit distance (a typo the name does not contain) and by shared segments', () => {
    const typo = findSymbol(project, 'hleper');
    expect(typo.status === 'not-found' && typo.suggestions.map((s) => s.name)).toEqual(['helper']);
    const segments = findSymbol(project, 'parseArguments');
    expect(segments.status === 'not-found' && segments.suggestions.map((s) => s.name)).toContain('parse_args');
  });

  it('ranks suggestions by closeness, then non-test files first, then source order, one per name and file, at most max', () => {
    const node = (name: string, file: string, line: number) => ({ kind: 'function', name, qualifiedName: name, file, line });
    const made = makeProject({
      files: ['src/a.ts', 'src/b.ts', 'test/a.test.ts'].map((path) => ({ path, content: '\n'.repeat(20) })),
      nodes: [
        node('render_row', 'test/a.test.ts', 1), node('render_row', 'src/b.ts', 3), node('render_row', 'src/b.ts', 9),
        node('render_rows', 'src/a.ts', 5), node('render_raw', 'src/a.ts', 7), node('unrelated', 'src/a.ts', 1),
      ],
    });
    const own = openProject({ path: made.root, cwd: made.root });
    try {
      const places = (max: number) => similarDeclarations(own, 'render_roww', () => true, max).map((n) => `${n.name}@${n.filePath}:${n.startLine}`);
      // render_row and render_rows are one edit away (the same score); render_raw two.
      expect(places(10)).toEqual(['render_rows@src/a.ts:5', 'render_row@src/b.ts:3', 'render_row@test/a.test.ts:1', 'render_raw@src/a.ts:7']);
      expect(places(2)).toEqual(['render_rows@src/a.ts:5', 'render_row@src/b.ts:3']);
      expect(similarDeclarations(own, 'render_roww', (n) => n.name !== 'render_row', 10).map((n) => n.name)).toEqual(['render_rows', 'render_raw']);
    } finally {
      own.close();
      rmSync(made.root, { recursive: true, force: true });
    }
  });
});
