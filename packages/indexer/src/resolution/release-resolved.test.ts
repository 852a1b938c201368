import { describe, expect, it } from 'vitest';
import { extractFile } from '../extraction/extract-file.js';
import { extractionLanguages, resolutionLanguagesFor } from '../languages/index.js';
import type { Language } from '../model/graph-vocabulary.js';
import type { EdgeRow, NodeRow, UnresolvedRow } from '../storage/rows.js';
import { streamGraph, type IndexedFile } from './graph-builder.js';

// Heritage read across files in both orders (a base declared after and before its subclass), inherited
// members called through `self` / `this`, and a Ruby mixin whose includers the resolver gathers over
// every file: what a released file keeps must answer for files resolved after it.
const SOURCES: Array<[string, Language, string]> = [
  ['a/child.py', 'python', 'from z.base import Base\n\nclass Child(Base):\n    """A child."""\n    def run(self):\n        return self.helper()\n'],
  ['a/sub.py', 'python', 'from z.base import Base\n\nclass Sub(Base):\n    pass\n'],
  ['z/base.py', 'python', 'class Base:\n    def helper(self):\n        return 1\n\nclass Leaf(Base):\n    pass\n'],
  ['m/use.py', 'python', 'from a.child import Child\nfrom a.sub import Sub\nfrom z.base import Leaf\n\ndef main():\n    Child().run()\n    Child().helper()\n    Sub().helper()\n    Leaf().helper()\n'],
  ['src/shape.ts', 'typescript', 'export class Shape {\n  /** Area. */\n  area(): number { return 0; }\n}\n'],
  ['src/square.ts', 'typescript', "import { Shape } from './shape';\nexport class Square extends Shape {\n  size(): number { return this.area(); }\n}\n"],
  ['lib/greet.rb', 'ruby', 'module Greet\n  def greet\n    name\n  end\nend\n'],
  ['lib/person.rb', 'ruby', "require_relative 'greet'\nclass Person\n  include Greet\n  def name\n    'x'\n  end\nend\n"],
];

async function extracted(): Promise<IndexedFile[]> {
  const files: IndexedFile[] = [];
  for (const [path, language, text] of SOURCES) {
    const extraction = await extractFile(path, language, Buffer.from(text), extractionLanguages);
    files.push({ extraction, contentHash: path, size: text.length, modifiedAt: 0 });
  }
  return files.sort((a, b) => (a.extraction.path < b.extraction.path ? -1 : 1));
}

async function graphOf(files: IndexedFile[], releaseResolved: boolean) {
  const byPath = new Map(files.map((f) => [f.extraction.path, f.extraction]));
  const workspace = { root: '/nowhere', files: new Set(byPath.keys()), extraction: (p: string) => byPath.get(p), readText: () => undefined };
  const languages = await resolutionLanguagesFor(workspace, files.map((f) => f.extraction.language));
  const nodes: NodeRow[] = [];
  const edges: EdgeRow[] = [];
  const unresolved: UnresolvedRow[] = [];
  streamGraph(files, languages, {
    declared(nodeRows) { nodes.push(...nodeRows); },
    resolved(edgeRows, unresolvedRows) {
      edges.push(...edgeRows);
      unresolved.push(...unresolvedRows);
    },
  }, 0, { releaseResolved });
  return { nodes, edges, unresolved };
}

describe('streamGraph releasing what resolved files no longer need', () => {
  it('gives the rows it gives holding every file whole, and keeps only heritage sites and no docstrings', async () => {
    const whole = await graphOf(await extracted(), false);
    const released = await extracted();
    const graph = await graphOf(released, true);
    expect(graph).toEqual(whole);
    // The fixture exercises what is kept: inherited calls and heritage edges are there.
    expect(whole.edges.filter((e) => e.kind === 'extends').length).toBeGreaterThanOrEqual(3);
    expect(whole.nodes.some((n) => n.docstring !== undefined)).toBe(true);
    for (const { extraction } of released) {
      expect(extraction.references.every((s) => s.kind === 'extends' || s.kind === 'implements')).toBe(true);
      expect(extraction.declarations.every((d) => d.docstring === undefined)).toBe(true);
    }
    expect(released.some(({ extraction }) => extraction.references.length > 0)).toBe(true);
  });
});
