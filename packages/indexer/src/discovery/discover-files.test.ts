import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { discoverFiles } from './discover-files.js';
import { walkFiles } from './walk.js';

const made: string[] = [];

/** A temp folder with the given files (path → content); `null` content makes a folder. */
function tree(files: Record<string, string | Buffer | null>): string {
  const root = mkdtempSync(join(tmpdir(), 'arbor-discovery-'));
  made.push(root);
  for (const [path, content] of Object.entries(files)) {
    const full = join(root, path);
    if (content === null) {
      mkdirSync(full, { recursive: true });
      continue;
    }
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }
  return root;
}

afterEach(() => {
  for (const root of made.splice(0)) {
    chmodAll(root);
    rmSync(root, { recursive: true, force: true });
  }
});

/** Undo chmod 000 so the temp tree can be removed. */
function chmodAll(dir: string): void {
  try {
    chmodSync(dir, 0o755);
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) chmodAll(join(dir, entry.name));
      else if (entry.isFile()) chmodSync(join(dir, entry.name), 0o644);
    }
  } catch {
    // already gone
  }
}

function hasGit(): boolean {
  try {
    execFileSync('git', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const paths = async (root: string, options = {}) => (await discoverFiles(root, options)).files.map((f) => f.path);

describe('gitignore semantics', () => {
  const gitTree = () =>
    tree({
      '.gitignore': ['generated/', '*.gen.ts', '!keep.gen.ts', 'docs/**/*.js', 'file[0-9].js', '/rooted.py', '!generated/inside.ts'].join('\n'),
      '.git/info/exclude': 'private-notes.py\n',
      '.git/HEAD': 'ref: refs/heads/main\n',
      'a.gen.ts': 'export {}',
      'keep.gen.ts': 'export {}',
      'important.gen.ts': 'export {}',
      'generated/inside.ts': 'export {}',
      'docs/guide/deep/example.js': 'x()',
      'docs/top.ts': 'x()',
      'file1.js': '1',
      'fileA.js': 'a',
      'rooted.py': 'pass',
      'lib/rooted.py': 'pass',
      'private-notes.py': 'pass',
      'local.ts': 'export {}',
      'sub/.gitignore': ['local.ts', '/only-here.ts', '!important.gen.ts', '!b.gen.ts'].join('\n'),
      'sub/local.ts': 'export {}',
      'sub/deeper/local.ts': 'export {}',
      'sub/only-here.ts': 'export {}',
      'sub/deeper/only-here.ts': 'export {}',
      'sub/b.gen.ts': 'export {}',
      'sub/c.gen.ts': 'export {}',
    });

  it('applies root and nested .gitignore files, negation, **, character classes and info/exclude', async () => {
    const root = gitTree();
    expect(await paths(root)).toEqual([
      'docs/top.ts',
      'fileA.js',
      'keep.gen.ts',
      'lib/rooted.py',
      'local.ts', // sub/.gitignore does not reach the root
      'sub/b.gen.ts', // re-included by the deeper file
      'sub/deeper/only-here.ts', // `/only-here.ts` is anchored to sub/
    ]);
  });

  it('counts what it ignored without listing it', async () => {
    const result = await discoverFiles(gitTree());
    expect(result.skipped).toEqual([]);
    // a.gen.ts, important.gen.ts, generated/, docs/guide/deep/example.js, file1.js, rooted.py,
    // private-notes.py, sub/local.ts, sub/deeper/local.ts, sub/only-here.ts, sub/c.gen.ts, .git/
    expect(result.ignored).toBe(12);
    expect(result.unsupported).toBe(2); // the two .gitignore files
  });

  it('indexes ignored files with respectGitignore: false, but still skips built-in folders', async () => {
    const root = gitTree();
    const all = await paths(root, { respectGitignore: false });
    expect(all).toContain('a.gen.ts');
    expect(all).toContain('generated/inside.ts');
    expect(all).toContain('private-notes.py');
    expect(all).toContain('sub/local.ts');
    expect(all.some((p) => p.startsWith('.git/'))).toBe(false);
    expect(all).toHaveLength(18);
  });

  it.skipIf(!hasGit())('agrees with git on what is ignored', async () => {
    const root = tree({
      '.gitignore': ['assets/*', '!assets/keep.ts', '**/gen/**', 'a/**/b.ts', '[!m]*.rb', '\\#odd.ts', '*.min.js', 'trail.ts   '].join('\n'),
      'assets/x.ts': '', 'assets/keep.ts': '', 'assets/sub/y.ts': '',
      'gen/g.ts': '', 'src/gen/deep/h.ts': '', 'src/generator.ts': '',
      'a/b.ts': '', 'a/x/y/b.ts': '', 'b.ts': '',
      'main.rb': '', 'other.rb': '', 'lib/z.rb': '',
      '#odd.ts': '', 'app.min.js': '', 'app.js': '', 'trail.ts': '',
      'go/.gitignore': '*\n!*.go\n!.gitignore\n',
      'go/main.go': '', 'go/notes.py': '', 'go/pkg/x.go': '',
    });
    execFileSync('git', ['init', '-q', root]);
    writeFileSync(join(root, '.git/info/exclude'), 'other.rb\n');
    const byGit = execFileSync('git', ['ls-files', '--others', '--exclude-standard'], { cwd: root })
      .toString()
      .split('\n')
      .filter((p) => p && !p.endsWith('.gitignore'))
      .sort();
    expect(await paths(root)).toEqual(byGit);
  });

  it('does not re-include a file whose folder is ignored', async () => {
    const root = tree({ '.gitignore': 'out/\n!out/main.ts\n', 'out/main.ts': '', 'src/main.ts': '' });
    expect(await paths(root)).toEqual(['src/main.ts']);
  });

  it('matches folder-only patterns against folders, not files or symlinks of that name', async () => {
    const root = tree({ '.gitignore': 'cache/\n', 'cache/a.ts': '', 'lib/cache.ts': '', 'src/cache': null, 'src/cache/b.ts': '' });
    expect(await paths(root)).toEqual(['lib/cache.ts']);
  });
});

describe('built-in excluded folders and exclude patterns', () => {
  const builtTree = () =>
    tree({
      'src/index.ts': '',
      'node_modules/pkg/index.js': '',
      'packages/app/node_modules/dep/index.js': '',
      'packages/app/src/app.ts': '',
      'dist/index.js': '',
      'build/out.js': '',
      'coverage/lcov.js': '',
      'target/debug/main.rs': '',
      '.codegraph/x.ts': '',
      '.git/hooks/pre-commit.py': '',
      '__pycache__/m.py': '',
      '.venv/lib/site.py': '',
      'venv/lib/site.py': '',
      'scripts/release.ts': '',
      'src/a.spec.ts': '',
      'src/keep.spec.ts': '',
    });

  it('never walks dependency, output, cache and VCS folders', async () => {
    const result = await discoverFiles(builtTree());
    expect(result.files.map((f) => f.path)).toEqual([
      'packages/app/src/app.ts',
      'scripts/release.ts',
      'src/a.spec.ts',
      'src/index.ts',
      'src/keep.spec.ts',
    ]);
    // The root's .codegraph/ is arbor's own output, not part of the tree: never walked, never counted.
    expect(result.ignored).toBe(10);
  });

  it('lets excludeDirs replace the list, but .git and .codegraph stay excluded', async () => {
    const all = await paths(builtTree(), { excludeDirs: [] });
    expect(all).toContain('dist/index.js');
    expect(all).toContain('node_modules/pkg/index.js');
    expect(all.some((p) => p.startsWith('.git/') || p.startsWith('.codegraph/'))).toBe(false);
  });

  it('applies exclude patterns in gitignore syntax, even with respectGitignore: false', async () => {
    const root = builtTree();
    const options = { exclude: ['./scripts/', '**/*.spec.ts', '!keep.spec.ts'], respectGitignore: false };
    expect(await paths(root, options)).toEqual(['packages/app/src/app.ts', 'src/index.ts', 'src/keep.spec.ts']);
  });
});

describe('files that are never read', () => {
  it('skips files over maxFileSize and keeps those at the limit', async () => {
    const root = tree({ 'big.ts': 'x'.repeat(101), 'exact.ts': 'x'.repeat(100) });
    const result = await discoverFiles(root, { maxFileSize: 100 });
    expect(result.files.map((f) => f.path)).toEqual(['exact.ts']);
    expect(result.skipped).toEqual([{ path: 'big.ts', reason: 'too-large', detail: '101 B' }]);
  });

  it('uses 1 MiB as the default size limit', async () => {
    const root = tree({ 'huge.js': Buffer.alloc(1024 * 1024 + 1, 0x61), 'ok.js': Buffer.alloc(1024 * 1024, 0x61) });
    const result = await discoverFiles(root);
    expect(result.files.map((f) => f.path)).toEqual(['ok.js']);
    expect(result.skipped.map((s) => [s.path, s.reason])).toEqual([['huge.js', 'too-large']]);
  });

  it('skips files with a NUL byte in their first bytes as binary', async () => {
    const root = tree({
      'blob.py': Buffer.from([0x70, 0x00, 0x01, 0x02]),
      'text.py': 'print("héllo")\n',
      'empty.py': '',
    });
    const result = await discoverFiles(root);
    expect(result.files.map((f) => f.path)).toEqual(['empty.py', 'text.py']);
    expect(result.skipped).toEqual([{ path: 'blob.py', reason: 'binary' }]);
    // The indexer reads every file whole anyway and checks there: discovery then lists the file.
    const unsniffed = await discoverFiles(root, { sniffBinary: false });
    expect(unsniffed.files.map((f) => f.path)).toEqual(['blob.py', 'empty.py', 'text.py']);
    expect(unsniffed.skipped).toEqual([]);
  });

  it('skips likely secrets by name before opening them', async () => {
    const root = tree({
      '.env': 'TOKEN=1',
      '.env.production.js': Buffer.from([0, 1, 2]), // binary content: being read first would say "binary"
      'deploy/server.pem': '-----BEGIN',
      'deploy/server.key': 'k',
      'home/.ssh/id_rsa': 'k',
      'home/.ssh/id_ed25519.pub': 'k',
      'cert.p12': 'k',
      'cert.pfx': 'k',
      'config/credentials.json': '{}',
      'auth/credentials.py': 'class Credentials: pass', // code, not a secret
      'lib/secrets.py': 'import os', // like Python's stdlib module
    });
    const result = await discoverFiles(root);
    expect(result.files.map((f) => f.path)).toEqual(['auth/credentials.py', 'lib/secrets.py']);
    expect(result.skipped.every((s) => s.reason === 'secret')).toBe(true);
    expect(result.skipped.map((s) => s.path)).toEqual([
      '.env',
      '.env.production.js',
      'cert.p12',
      'cert.pfx',
      'config/credentials.json',
      'deploy/server.key',
      'deploy/server.pem',
      'home/.ssh/id_ed25519.pub',
      'home/.ssh/id_rsa',
    ]);
  });
});

describe('symlinks', () => {
  it('survives a link to an enclosing folder and reports it as a loop', async () => {
    const root = tree({ 'a/x.ts': '', 'b.ts': '' });
    symlinkSync('..', join(root, 'a/up'));
    symlinkSync('.', join(root, 'self'));
    const result = await discoverFiles(root);
    expect(result.files.map((f) => f.path)).toEqual(['a/x.ts', 'b.ts']);
    expect(result.skipped).toEqual([
      { path: 'a/up/', reason: 'symlink-loop', detail: 'points to an enclosing folder' },
      { path: 'self/', reason: 'symlink-loop', detail: 'points to an enclosing folder' },
    ]);
  });

  it('survives a cycle of file links', async () => {
    const root = tree({ 'ok.go': 'package main' });
    symlinkSync('y.go', join(root, 'x.go'));
    symlinkSync('x.go', join(root, 'y.go'));
    const result = await discoverFiles(root);
    expect(result.files.map((f) => f.path)).toEqual(['ok.go']);
    expect(result.skipped.map((s) => [s.path, s.reason])).toEqual([
      ['x.go', 'symlink-loop'],
      ['y.go', 'symlink-loop'],
    ]);
  });

  it('never follows a link out of the root', async () => {
    const outside = tree({ 'leak.ts': 'export const secret = 1', 'deep/more.ts': '' });
    const root = tree({ 'src/main.ts': '' });
    symlinkSync(outside, join(root, 'vendor-link'));
    symlinkSync(join(outside, 'leak.ts'), join(root, 'src/leak.ts'));
    symlinkSync(join(outside, 'deep'), join(root, 'src/relative-escape'));
    const result = await discoverFiles(root);
    expect(result.files.map((f) => f.path)).toEqual(['src/main.ts']);
    expect(result.skipped).toEqual([
      { path: 'src/leak.ts', reason: 'symlink-outside-root' },
      { path: 'src/relative-escape/', reason: 'symlink-outside-root' },
      { path: 'vendor-link/', reason: 'symlink-outside-root' },
    ]);
  });

  it('indexes a file reached through links inside the root once, under its real path', async () => {
    const root = tree({ 'src/real.ts': '', 'src/util/helpers.ts': '' });
    symlinkSync('real.ts', join(root, 'src/alias.ts'));
    symlinkSync('src/util', join(root, 'util-link'));
    const result = await discoverFiles(root);
    expect(result.files.map((f) => f.path)).toEqual(['src/real.ts', 'src/util/helpers.ts']);
    expect(result.internalSymlinks).toBe(2);
    expect(result.skipped).toEqual([]);
  });

  it('reports a broken link to a source file as unreadable', async () => {
    const root = tree({ 'ok.rb': '' });
    symlinkSync('missing.rb', join(root, 'gone.rb'));
    symlinkSync('missing.txt', join(root, 'gone.txt'));
    const result = await discoverFiles(root);
    expect(result.files.map((f) => f.path)).toEqual(['ok.rb']);
    expect(result.skipped).toEqual([{ path: 'gone.rb', reason: 'unreadable', detail: 'broken symlink' }]);
  });
});

describe('unreadable entries', () => {
  it('skips a folder and a file it may not read (chmod 000), without crashing', async (context) => {
    const root = tree({ 'open/a.ts': '', 'locked/b.ts': '', 'closed.ts': '' });
    chmodSync(join(root, 'locked'), 0o000);
    chmodSync(join(root, 'closed.ts'), 0o000);
    let blocked = true;
    try {
      readdirSync(join(root, 'locked'));
      blocked = false;
    } catch {
      // permissions are enforced for this user
    }
    if (!blocked) {
      context.skip('running as root: chmod 000 does not block reads (the mocked-error test covers this path)');
      return;
    }
    const result = await discoverFiles(root);
    expect(result.files.map((f) => f.path)).toEqual(['open/a.ts']);
    expect(result.skipped).toEqual([
      { path: 'closed.ts', reason: 'unreadable', detail: 'EACCES' },
      { path: 'locked/', reason: 'unreadable', detail: 'EACCES' },
    ]);
  });
});

describe('output', () => {
  it('gives relative forward-slash paths, absolute paths, language, size and whole-ms mtime', async () => {
    const root = tree({ 'pkg/mod.py': 'x = 1\n', 'web/App.tsx': '<a/>', 'types/x.d.ts': 'export {}', 'notes.md': '# hi' });
    const result = await discoverFiles(root);
    expect(result.files.map((f) => [f.path, f.language, f.size])).toEqual([
      ['pkg/mod.py', 'python', 6],
      ['types/x.d.ts', 'typescript', 9],
      ['web/App.tsx', 'tsx', 4],
    ]);
    for (const file of result.files) {
      expect(file.absolutePath).toBe(join(root, ...file.path.split('/')));
      expect(Number.isInteger(file.mtimeMs)).toBe(true);
      expect(file.mtimeMs).toBeGreaterThan(0);
    }
    expect(result.seen).toBe(4);
    expect(result.unsupported).toBe(1);
  });

  it('is sorted in code-unit order and identical across runs', async () => {
    const names = ['b.ts', 'B.ts', 'a/z.ts', 'a-b.ts', 'a.ts', 'é.ts', '_.ts', 'a b/c.ts'];
    const root = tree(Object.fromEntries(names.map((n) => [n, ''])));
    const first = await paths(root);
    const sorted = [...first].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
    expect(first).toEqual(sorted);
    expect(first).toHaveLength(names.length);
    expect(await paths(root)).toEqual(first);
  });

  it('has no file-count cap', async () => {
    const many = Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`d${i % 30}/f${i}.js`, '']));
    expect((await discoverFiles(tree(many))).files).toHaveLength(2000);
  });

  it('streams the same entries through walkFiles', async () => {
    const root = tree({ 'a.ts': '', 'b/c.ts': '', 'big.ts': 'x'.repeat(50) });
    const seen: string[] = [];
    for await (const event of walkFiles(root, { maxFileSize: 10 })) {
      seen.push(event.type === 'file' ? event.file.path : `skipped:${event.entry.path}`);
    }
    expect(seen.sort()).toEqual(['a.ts', 'b/c.ts', 'skipped:big.ts']);
  });

  it('throws when the root is not a directory', async () => {
    const root = tree({ 'file.ts': '' });
    await expect(discoverFiles(join(root, 'file.ts'))).rejects.toThrow(/Not a directory/);
    await expect(discoverFiles(join(root, 'missing'))).rejects.toThrow(/ENOENT/);
  });
});
