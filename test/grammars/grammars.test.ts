import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Node } from 'web-tree-sitter';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../packages/indexer/src/model/graph-vocabulary.js';
import {
  grammarEntry,
  grammarFilePath,
  grammarManifest,
  loadGrammar,
  loadedGrammars,
  parseSource,
  readVerifiedGrammar,
} from '../../packages/indexer/src/parsing/grammar-loader.js';

/** A small, valid program per language, each declaring something named `answer`. */
const SNIPPETS: Record<Language, string> = {
  typescript: 'export function answer(x: number): number {\n  return x * 2;\n}\n',
  tsx: 'export const answer = (p: { n: number }) => <b className="n">{p.n}</b>;\n',
  javascript: 'function answer(x) {\n  return x * 2;\n}\nmodule.exports = { answer };\n',
  jsx: 'export const answer = () => <div className="a">{1 + 1}</div>;\n',
  python: 'def answer(x: int) -> int:\n    return x * 2\n',
  go: 'package main\n\nfunc answer(x int) int { return x * 2 }\n',
  java: 'class A {\n  int answer(int x) { return x * 2; }\n}\n',
  c: 'int answer(int x) { return x * 2; }\n',
  cpp: 'namespace n {\ntemplate <typename T> T answer(T x) { return x * 2; }\n}\n',
  csharp: 'class A {\n  int answer(int x) => x * 2;\n}\n',
  php: '<?php\nfunction answer(int $x): int { return $x * 2; }\n',
  rust: 'fn answer(x: i32) -> i32 {\n    x * 2\n}\n',
  ruby: 'def answer(x)\n  x * 2\nend\n',
  zig: 'fn answer(x: i32) i32 {\n    return x * 2;\n}\n',
  kotlin: 'fun answer(x: Int): Int = x * 2\n',
  swift: 'func answer(x: Int) -> Int {\n    return x * 2\n}\n',
  dart: 'int answer(int x) => x * 2;\n',
  scala: 'object A {\n  def answer(x: Int): Int = x * 2\n}\n',
};

function namedLeaves(node: Node, out: string[] = []): string[] {
  if (node.namedChildCount === 0 && node.isNamed) out.push(node.text);
  for (const child of node.namedChildren) if (child) namedLeaves(child, out);
  return out;
}

describe('grammars.json', () => {
  it('lists exactly one grammar for each of the 18 languages', () => {
    const listed = grammarManifest().map((g) => g.language);
    expect([...listed].sort()).toEqual([...LANGUAGES].sort());
  });

  for (const language of LANGUAGES) {
    describe(language, () => {
      it('has an installed wasm whose sha256 matches', () => {
        const entry = grammarEntry(language);
        const bytes = readFileSync(grammarFilePath(entry));
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(entry.sha256);
        expect(JSON.parse(readFileSync(grammarFilePath(entry).slice(0, -entry.file.length) + 'package.json', 'utf8')).version).toBe(entry.version);
      });

      it('loads once and parses a snippet without errors', async () => {
        const grammar = await loadGrammar(language);
        expect(await loadGrammar(language)).toBe(grammar);
        expect(loadedGrammars()).toContain(language);
        const tree = await parseSource(language, SNIPPETS[language]);
        try {
          expect(tree.rootNode.hasError, tree.rootNode.toString()).toBe(false);
          expect(namedLeaves(tree.rootNode)).toContain('answer');
        } finally {
          tree.delete();
        }
      });
    });
  }
});

describe('grammar loader', () => {
  it('refuses a wasm whose sha256 differs from grammars.json', async () => {
    const entry = { ...grammarEntry('python'), sha256: '0'.repeat(64) };
    await expect(readVerifiedGrammar(entry)).rejects.toThrow(/sha256 mismatch for the python grammar/);
  });

  it('reports a grammar package that is not installed', () => {
    const entry = { ...grammarEntry('go'), package: 'tree-sitter-not-a-real-package' };
    expect(() => grammarFilePath(entry)).toThrow(/not installed/);
  });

  it('records syntax errors in the tree instead of throwing', async () => {
    const tree = await parseSource('python', 'def broken(:\n  return )\n\x00\x01');
    try {
      expect(tree.rootNode.hasError).toBe(true);
    } finally {
      tree.delete();
    }
  });

  it('gives up on a parse that exceeds its time budget, then parses again normally', async () => {
    const huge = 'x = [' + '1, '.repeat(200_000) + ']\n';
    await expect(parseSource('python', huge, { timeoutMs: 0 })).rejects.toThrow(/took longer than 0 ms/);
    const tree = await parseSource('python', 'y = 1\n');
    try {
      expect(tree.rootNode.hasError).toBe(false);
      expect(tree.rootNode.text).toBe('y = 1\n');
    } finally {
      tree.delete();
    }
  });
});
