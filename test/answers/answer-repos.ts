/** The repositories the answer tests (CLI and MCP) ask about: real git repositories in temp folders, indexed. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { BIN, git, tempDir } from '../git-hooks/git-test-repo.js';

/** A git repository with `files` committed and indexed. */
export function indexedRepository(prefix: string, files: Record<string, string>): string {
  const root = tempDir(prefix);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'fixture');
  const r = spawnSync(process.execPath, [BIN, 'index', root, '-q'], { encoding: 'utf8', timeout: 120_000 });
  expect(r.status, r.stderr).toBe(0);
  return root;
}

export const PYTHON_FILES: Record<string, string> = {
  'shop/convert.py': [
    'from typing import overload',
    '',
    '',
    '@overload',
    'def convert(value: int) -> str: ...',
    '@overload',
    'def convert(value: str) -> int: ...',
    'def convert(value):',
    '    if isinstance(value, list):',
    '        return [convert(v) for v in value]',
    '    return value',
    '',
    '',
    'def factorial(n):',
    '    return 1 if n <= 1 else n * factorial(n - 1)',
    '',
  ].join('\n'),
  'shop/render.py': [
    'class Page:',
    '    def render(self):',
    '        return "page"',
    '',
    '',
    'class Card:',
    '    def render(self):',
    '        return "card"',
    '',
  ].join('\n'),
  'shop/views.py': 'def show(widget):\n    return widget.render()\n',
  'shop/main.py': [
    'from shop.convert import convert, factorial',
    'from shop.render import Page',
    'from shop.views import show',
    '',
    '',
    'def main():',
    '    print(len("x"))',
    '    return convert(3) + factorial(4) + show(Page())',
    '',
    '',
    'def lonely():',
    '    return 1',
    '',
  ].join('\n'),
  'tests/test_convert.py': [
    'from shop.convert import convert',
    '',
    '',
    'def test_convert():',
    '    assert convert(1)',
    '',
  ].join('\n'),
};

