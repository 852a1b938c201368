import { beforeEach, describe, expect, it, vi } from 'vitest';

// The grammar's bytes are read with fs/promises' readFile: the first read fails, as a file being
// replaced or a short-lived lack of memory would make it fail.
const failures = vi.hoisted(() => ({ left: 0 }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>();
  return {
    ...actual,
    readFile: (async (...args: Parameters<typeof actual.readFile>) => {
      if (String(args[0]).endsWith('.wasm') && failures.left > 0) {
        failures.left--;
        throw new Error('EIO: simulated read failure');
      }
      return actual.readFile(...args);
    }) as typeof actual.readFile,
  };
});

const { compiledGrammar, grammarEntry, linkCompiledGrammar, linkGrammar, loadedGrammars, parseSource, readVerifiedGrammar } = await import('./grammar-loader.js');
const { Parser } = await import('web-tree-sitter');

describe('grammar loading', () => {
  beforeEach(() => {
    failures.left = 0;
  });

  it('does not keep a failed load: the next file of that language loads the grammar again', async () => {
    failures.left = 1;
    await expect(parseSource('python', 'x = 1\n')).rejects.toThrow('simulated read failure');
    expect(loadedGrammars()).not.toContain('python');

    const tree = await parseSource('python', 'x = 1\n');
    try {
      expect(tree.rootNode.type).toBe('module');
    } finally {
      tree.delete();
    }
    expect(loadedGrammars()).toContain('python');
  });

  it('links a grammar from the compiled module a worker is handed, and parses with it', async () => {
    const module = await compiledGrammar('java');
    expect(module).toBeInstanceOf(WebAssembly.Module);
    // The same module again: compiled once per process.
    expect(await compiledGrammar('java')).toBe(module);
    const grammar = await linkCompiledGrammar(module);
    const parser = new Parser();
    try {
      parser.setLanguage(grammar);
      const tree = parser.parse('class A { void f() {} }\n')!;
      expect(tree.rootNode.type).toBe('program');
      expect(tree.rootNode.hasError).toBe(false);
      tree.delete();
    } finally {
      parser.delete();
    }
  });

  it('links grammars given at the same time one after another, so none fails for the others', async () => {
    // Linked concurrently, Scala failed while Swift's link was in flight (bad export type for a Swift symbol).
    const languages = ['scala', 'swift', 'kotlin', 'rust'] as const;
    const wasm = await Promise.all(languages.map((language) => readVerifiedGrammar(grammarEntry(language))));
    const grammars = await Promise.all(wasm.map((bytes) => linkGrammar(bytes)));
    const parser = new Parser();
    try {
      for (const [i, grammar] of grammars.entries()) {
        parser.setLanguage(grammar);
        const tree = parser.parse('x\n')!;
        expect(tree.rootNode.type.length, languages[i]).toBeGreaterThan(0);
        tree.delete();
      }
    } finally {
      parser.delete();
    }
  });

  it('loads a grammar once, however many files ask for it at the same time', async () => {
    const trees = await Promise.all(['a = 1\n', 'b = 2\n', 'c = 3\n'].map((text) => parseSource('python', text)));
    expect(trees.map((t) => t.rootNode.type)).toEqual(['module', 'module', 'module']);
    trees.forEach((t) => t.delete());
    failures.left = 1; // a loaded grammar is not read again, so this failure is never met
    const again = await parseSource('python', 'd = 4\n');
    expect(again.rootNode.text).toBe('d = 4\n');
    again.delete();
    expect(failures.left).toBe(1);
  });
});
