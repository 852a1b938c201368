/**
 * gitignore matching (issue 11, item 19): the same answers as git (`git check-ignore` is the
 * oracle, on a tree of real files and folders), and bounded time on patterns that make a
 * backtracking matcher (and git) take seconds.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GitignoreRules } from './gitignore.js';

const temps: string[] = [];
afterAll(() => temps.forEach((t) => fs.rmSync(t, { recursive: true, force: true })));

const FILES = [
  'a/b/c/d.ts', 'a/x.ts', 'a/b/x.py', 'a/a/a/b', 'a/a/b/c.ts', 'src/lib/x/y.go', 'src/main.ts', 'src/main.test.ts',
  'build/out.js', 'docs/build/index.md', '.hidden/f.txt', 'sp ace/f.ts', 'foo.txt', 'a/b/c/[x].ts', 'x/y/z/abc.js',
  'logs/debug.log', 'logs/deep/trace.log', 'Foo.TXT', 'abc/def', 'abc/x/def', '#hash', '!bang', 'trail ', 'node_modules/p/i.js',
  'q?x.ts', 'star*.ts', 'lib/a.min.js', 'lib/sub/b.min.js', 'tmp/keep/me.ts', 'tmp/drop.ts',
];
const DIRS = ['emptydir', 'a/b/emptier'];

const PATTERNS: string[][] = [
  ['build/'], ['build'], ['/build'], ['*.ts'], ['a/*.ts'], ['a/**/d.ts'], ['**/b'], ['**/build/**'], ['a/**'], ['a/**/'],
  ['**'], ['*'], ['docs/**/*.md'], ['x/**/z/*.js'], ['*.log', '!debug.log'], ['logs/', '!logs/debug.log'],
  ['[abc]*.txt'], ['[!f]oo.txt'], ['[a-f]oo.txt'], ['[z-a]*'], ['[unclosed'], ['*.[tj]s'], ['[[:upper:]]oo.*'],
  ['\\#hash'], ['\\!bang'], ['trail\\ '], ['trail '], ['abc/**/def'], ['abc/*/def'], ['q\\?x.ts'], ['star\\*.ts'],
  ['**/*.min.js'], ['lib/*.min.js'], ['tmp/*', '!tmp/keep/'], ['tmp/**', '!tmp/keep/**'], ['emptydir/'], ['a/b/emptier'],
  ['.hidden'], ['sp ace/'], ['a**b'], ['a/**/a/**/b'], ['#comment', '', '   '], ['/a/b/'], ['node_modules'], ['src/*.test.*'],
];

/** `git check-ignore` over every path, with only `patterns` in the root .gitignore. */
function gitAnswers(root: string, patterns: string[], paths: string[]): Set<string> {
  fs.writeFileSync(path.join(root, '.gitignore'), `${patterns.join('\n')}\n`);
  let out = '';
  try {
    out = execFileSync('git', ['-c', 'core.ignoreCase=false', 'check-ignore', '--no-index', '-z', '--stdin'], { cwd: root, input: paths.join('\0'), encoding: 'utf8' });
  } catch (error) {
    // Exit 1: nothing ignored.
    if ((error as { status?: number }).status !== 1) throw error;
  }
  return new Set(out.split('\0').filter((p) => p !== ''));
}

describe('GitignoreRules against git check-ignore', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-gitignore-'));
  temps.push(root);
  execFileSync('git', ['init', '-q'], { cwd: root });
  for (const file of FILES) {
    fs.mkdirSync(path.join(root, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), '');
  }
  for (const dir of DIRS) fs.mkdirSync(path.join(root, dir), { recursive: true });
  const folders = new Set<string>(DIRS);
  for (const file of FILES) for (let d = path.dirname(file); d !== '.'; d = path.dirname(d)) folders.add(d);
  const paths = [...FILES, ...folders].sort();

  it.each(PATTERNS.map((p) => [JSON.stringify(p), p]))('%s', (_, patterns) => {
    const expected = gitAnswers(root, patterns as string[], paths);
    const rules = new GitignoreRules().add(patterns as string[]);
    const ours = new Set(paths.filter((p) => rules.ignores(folders.has(p) ? `${p}/` : p)));
    expect([...ours].sort()).toEqual([...expected].sort());
    // `test` answers by the patterns alone (names-only patterns take a shorter way there): git's answer for every path no folder above
    // which git ignores.
    const underIgnored = (p: string) => { for (let d = path.dirname(p); d !== '.'; d = path.dirname(d)) if (expected.has(d)) return true; return false; };
    for (const p of paths.filter((q) => !underIgnored(q))) {
      expect([p, rules.test(folders.has(p) ? `${p}/` : p).ignored]).toEqual([p, expected.has(p)]);
    }
  });

  it('answers for a .gitignore text as for its lines (CRLF too)', () => {
    const text = '# c\r\n*.log\r\n!debug.log\r\n';
    const rules = new GitignoreRules().add(text);
    expect(rules.ignores('logs/trace.log')).toBe(true);
    expect(rules.ignores('logs/debug.log')).toBe(false);
    expect(rules.test('debug.log')).toEqual({ ignored: false, unignored: true });
  });
});

describe('bounded time on pathological patterns', () => {
  it('a/**/a/**/…/b against deep paths answers at once', () => {
    const pattern = `${'a/**/'.repeat(40)}b`;
    const rules = new GitignoreRules().add([pattern, `${'**/'.repeat(100)}z`, `${'*a'.repeat(60)}b`]);
    const started = process.cpuUsage();
    for (let i = 0; i < 50; i++) {
      expect(rules.ignores(`${'a/'.repeat(200)}c.ts`)).toBe(false);
      expect(rules.ignores(`${'a'.repeat(250)}.ts`)).toBe(false);
    }
    expect(rules.ignores(`${'a/'.repeat(200)}b`)).toBe(true);
    const used = process.cpuUsage(started);
    // The `ignore` package took 5 s of CPU for 14 repetitions on one 30-folder path.
    expect((used.user + used.system) / 1000).toBeLessThan(3000);
  });
});
