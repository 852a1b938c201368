/**
 * Fuzzing the whole pipeline (issue 11, Proof): random bytes, and truncated, mutated and
 * spliced real files in every supported language (TS, TSX, JS, JSX, Python, Go, Java, C#, Scala, C, C++, Rust, Zig, PHP, Ruby, Dart, Kotlin, Swift) plus
 * mangled config files (tsconfig.json, package.json, go.mod, pyproject.toml, .gitignore) go
 * through discovery, extraction, resolution and the write, then through every query. Nothing
 * may crash (a coded QueryError is an answer; anything else is a crash), hang, or read outside
 * the root: a canary file beside the root, reachable through symlinks, `extends`, `paths` and
 * imports, must never show up in the graph or in any answer. The human renderings (as the binary
 * wires them) must not fail either, nor pass a raw control character from the files through.
 *
 * Bounded for CI: a fixed seed and a few rounds. ARBOR_FUZZ_SEED picks another seed,
 * ARBOR_FUZZ_ROUNDS runs longer (each round is one repository of FILES_PER_ROUND files).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { indexRepository } from '@arbor/indexer';
import {
  affected, callees, callers, context, explore, files, impact, nodeInfo, openProject, search, status, toQueryError, trace,
  type Project,
} from '@arbor/query';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { runQueryCli } from '../../packages/cli/src/test-support/run-query-cli.js';

const SEED = Number.parseInt(process.env.ARBOR_FUZZ_SEED ?? '20261203', 10);
const ROUNDS = Number.parseInt(process.env.ARBOR_FUZZ_ROUNDS ?? '2', 10);
const FILES_PER_ROUND = 42;
const INDEX_TIMEOUT_MS = 45_000;

const FIXTURES = path.join(import.meta.dirname, '..', '..', 'fixtures');
const EXTENSIONS = ['ts', 'tsx', 'js', 'jsx', 'py', 'go', 'java', 'rs', 'zig', 'cs', 'scala', 'c', 'h', 'cc', 'cpp', 'php', 'rb', 'dart', 'kt', 'swift'] as const;

const temps: string[] = [];
afterAll(() => temps.forEach((t) => fs.rmSync(t, { recursive: true, force: true })));

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
  };
}
type Rng = ReturnType<typeof prng>;

/** Every real source file of the repository's fixtures, per extension. */
function realFiles(): Map<string, Buffer[]> {
  const byExtension = new Map<string, Buffer[]>(EXTENSIONS.map((e) => [e, []]));
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) byExtension.get(path.extname(entry.name).slice(1))?.push(fs.readFileSync(full));
    }
  };
  walk(FIXTURES);
  return byExtension;
}

const TOKENS = [
  '{', '}', '(', ')', '[', ']', '<', '>', '"', "'", '`', '${', '/*', '*/', '//', '#', '"""', '\\', '\n', '\r', '\r\n', '\t',
  '\u0000', '\u001b]0;t\u0007', '\u202e', '\uFEFF', 'é', '😀', ';', ',', '.', '...', '=>', ':', '::', '@', '=', '?.', '!',
  'class ', 'interface ', 'def ', 'async ', 'await ', 'func ', 'package ', 'import ', 'from ', 'export ', 'extends ',
  'implements ', 'new ', 'this.', 'super.', 'self.', 'return ', 'yield ', 'lambda ', 'go ', 'defer ', 'static ', 'enum ',
  'record ', 'type ', 'struct ', 'require(', 'module.exports', '__init__', 'constructor', 'prototype', '__proto__',
  "import x from '../../outside/secret';\n", "from ...outside import secret\n", 'import "../outside/secret"\n',
];

function mutate(rng: Rng, input: Buffer, sameLanguage: Buffer[]): Buffer {
  let bytes = Buffer.from(input);
  const steps = 1 + rng.int(4);
  for (let s = 0; s < steps; s++) {
    const at = rng.int(bytes.length + 1);
    switch (rng.int(7)) {
      case 0: // truncate
        bytes = bytes.subarray(0, at);
        break;
      case 1: // flip bytes
        for (let k = 0; k < 1 + rng.int(8) && bytes.length > 0; k++) bytes[rng.int(bytes.length)] = rng.int(256);
        break;
      case 2: // delete a range
        bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(Math.min(bytes.length, at + rng.int(200)))]);
        break;
      case 3: // duplicate a range
        bytes = Buffer.concat([bytes.subarray(0, at), bytes.subarray(at, at + rng.int(300)), bytes.subarray(at)]);
        break;
      case 4: // insert tokens
        bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(Array.from({ length: 1 + rng.int(6) }, () => rng.pick(TOKENS)).join('')), bytes.subarray(at)]);
        break;
      case 5: { // splice in part of another file of the language
        const other = rng.pick(sameLanguage);
        const from = rng.int(other.length + 1);
        bytes = Buffer.concat([bytes.subarray(0, at), other.subarray(from, from + rng.int(600)), bytes.subarray(at)]);
        break;
      }
      default: { // deep nesting
        const depth = 50 + rng.int(400);
        const [open, close] = rng.pick([['(', ')'], ['{', '}'], ['[', ']'], ['if (a) {', '}']]);
        bytes = Buffer.concat([bytes.subarray(0, at), Buffer.from(open.repeat(depth) + (rng.int(2) ? close.repeat(depth) : '')), bytes.subarray(at)]);
      }
    }
  }
  return bytes;
}

function randomBytes(rng: Rng, length: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[i] = rng.int(256);
  return bytes;
}

/** A random but mostly path-like name, sometimes with odd characters. */
function fileName(rng: Rng, index: number, extension: string): string {
  const dir = rng.pick(['src', 'src/deep/er', 'lib', 'tests', 'pkg/sub', 'app']);
  const odd = rng.pick(['', '', '', ' space', '"q', '\\b', 'ü', '\u001b[1m', '\t', '[x]', '*']);
  const test = rng.int(5) === 0 ? (extension === 'py' ? 'test_' : '') : '';
  const suffix = test === '' && rng.int(5) === 0 && extension !== 'py' ? ((extension === 'go' || extension === 'rb' || extension === 'dart') ? '_test' : (extension === 'java' || extension === 'cs' || extension === 'php' || extension === 'kt') ? 'Test' : (extension === 'scala') ? 'Spec' : (extension === 'swift') ? 'Tests' : '.test') : '';
  return `${dir}/${test}f${index}${odd}${suffix}.${extension}`;
}

const CANARY = `CANARY_${SEED.toString(36)}_OUTSIDE_THE_ROOT`;

/** `<base>/outside` holds the canary; `<base>/repo` is the fuzzed repository pointing at it. */
function buildRound(rng: Rng, real: Map<string, Buffer[]>): string {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'arbor-fuzz-'));
  temps.push(base);
  const outside = path.join(base, 'outside');
  const root = path.join(base, 'repo');
  fs.mkdirSync(outside);
  fs.mkdirSync(root);
  const secret = `export function ${CANARY}() { return "${CANARY}"; }\n// ${CANARY}\n`;
  for (const name of ['secret.ts', 'secret.py', 'secret.go', 'Secret.java', 'secret.rs', 'secret.zig', 'Secret.cs', 'Secret.scala', 'tsconfig.json', 'package.json', 'go.mod', 'Cargo.toml', '.gitignore', 'secret.h', 'secret.c', 'secret.php', 'secret.rb', 'composer.json', 'secret.dart', 'pubspec.yaml', 'Secret.swift', 'Package.swift']) {
    fs.writeFileSync(path.join(outside, name), name.endsWith('.json') ? `{"compilerOptions": {"baseUrl": "${CANARY}"}, "name": "${CANARY}"}` : secret);
  }
  const write = (relative: string, content: string | Buffer) => {
    const full = path.join(root, relative);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, content);
  };
  for (let i = 0; i < FILES_PER_ROUND; i++) {
    const extension = EXTENSIONS[i % EXTENSIONS.length];
    const pool = real.get(extension)!;
    const kind = rng.int(10);
    const content = kind === 0 ? randomBytes(rng, rng.int(3000)) : kind === 1 ? rng.pick(pool).subarray(0, rng.int(rng.pick(pool).length + 1)) : mutate(rng, rng.pick(pool), pool);
    write(fileName(rng, i, extension), content);
  }
  // Config files, mangled, pointing out of the root.
  const configs: Record<string, string> = {
    'tsconfig.json': `{"extends": "../outside/tsconfig.json", "compilerOptions": {"baseUrl": ".", "paths": {"@s/*": ["../outside/*"], "*": ["../outside/*"]}}}`,
    'package.json': '{"name": "fuzz", "exports": {".": "../outside/secret.ts"}, "workspaces": ["../outside"]}',
    'go.mod': 'module example.com/fuzz\n\nreplace example.com/x => ../outside\n',
    'compile_commands.json': '[{"directory": "..", "arguments": ["cc", "-I../outside", "-I/", "-isystem", "outside"]}]',
    'pyproject.toml': '[tool.setuptools]\npackage-dir = {"" = "../outside"}\n',
    'build.zig': 'const m = b.addModule("x", .{ .root_source_file = b.path("../outside/secret.zig") });\n',
    'Cargo.toml': '[package]\nname = "fuzz"\n\n[lib]\npath = "../outside/secret.rs"\n\n[[bin]]\npath = "../outside/secret.rs"\n\n[workspace]\nmembers = ["../outside"]\n',
    'composer.json': '{"autoload": {"psr-4": {"Out\\\\": "../outside/"}, "psr-0": {"": ["../outside", "/"]}}}',
    '.gitignore': `${'a/**/'.repeat(8)}b\n!*\n[z-a]\n`,
    'Package.swift': 'import PackageDescription\nlet package = Package(name: "fuzz", targets: [.target(name: "Out", path: "../outside"), .target(name: "Root", path: "/")])\n',
  };
  for (const [name, text] of Object.entries(configs)) write(name, rng.int(2) ? text : mutate(rng, Buffer.from(text), [Buffer.from(text)]));
  write('src/imports-out.php', "<?php\nnamespace Fuzz;\n\nuse Out\\secret;\nrequire __DIR__ . '/../../outside/secret.php';\ninclude '/etc/passwd';\nsecret();\n");
  write('src/imports-out.rb', "require_relative '../../outside/secret'\nrequire '../outside/secret'\nrequire '/etc/passwd'\n");
  write('src/imports-out.ts', "import { x } from '../../outside/secret';\nimport y from '@s/secret';\nexport const z = x + y;\n");
  write('src/imports-out.swift', 'import Out\nimport Root\nfunc z() { secret() }\n');
  write('src/includes-out.c', '#include "../../outside/secret.h"\n#include <secret.h>\nint z(void) { return secret(); }\n');
  // Links out of the root: never followed.
  fs.symlinkSync(path.join(outside, 'secret.ts'), path.join(root, 'src', 'linked.ts'));
  fs.symlinkSync(outside, path.join(root, 'linked-dir'));
  fs.symlinkSync('../../outside/secret.py', path.join(root, 'src', 'linked.py'));
  return root;
}

async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer after ${ms} ms (hang)`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs one query; a coded QueryError is an answer, anything else is recorded as a crash. */
function ask(crashes: string[], outputs: string[], what: string, run: () => unknown): void {
  try {
    outputs.push(JSON.stringify(run()));
  } catch (error) {
    if (toQueryError(error)) return;
    crashes.push(`${what}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
}

function everyQuery(project: Project, root: string, rng: Rng): { crashes: string[]; outputs: string[] } {
  const crashes: string[] = [];
  const outputs: string[] = [];
  const db = new Database(path.join(root, '.codegraph', 'codegraph.db'), { readonly: true });
  const nodes = db.prepare('SELECT id, name, qualified_name AS qualifiedName, file_path AS filePath, start_line AS line FROM nodes ORDER BY id').all() as Array<{ id: string; name: string; qualifiedName: string; filePath: string; line: number }>;
  db.close();
  const garbage = () => Array.from({ length: 1 + rng.int(5) }, () => rng.pick(TOKENS)).join('');
  const symbols = Array.from({ length: 12 }, () => {
    const n = rng.pick(nodes);
    return rng.pick([n.id, n.name, n.qualifiedName, `${n.filePath}:${n.line}`, garbage()]);
  });
  ask(crashes, outputs, 'status', () => status({ path: root }));
  for (const filter of [undefined, 'src/', '**/*.ts', '**/**/**/*.{py,go}', rng.pick(nodes).filePath, garbage()]) {
    ask(crashes, outputs, `files ${filter}`, () => files(project, filter));
  }
  for (const symbol of symbols) {
    ask(crashes, outputs, `search ${symbol}`, () => search(project, symbol));
    ask(crashes, outputs, `node ${symbol}`, () => nodeInfo(project, symbol));
    ask(crashes, outputs, `callers ${symbol}`, () => callers(project, symbol));
    ask(crashes, outputs, `callees ${symbol}`, () => callees(project, symbol));
    ask(crashes, outputs, `impact ${symbol}`, () => impact(project, symbol));
    ask(crashes, outputs, `trace ${symbol}`, () => trace(project, symbol, rng.pick(symbols)));
    ask(crashes, outputs, `explore ${symbol}`, () => explore(project, symbol));
    ask(crashes, outputs, `context ${symbol}`, () => context(project, `${symbol} ${rng.pick(symbols)}`));
  }
  const changed = Array.from({ length: 5 }, () => rng.pick([rng.pick(nodes).filePath, garbage(), '../outside/secret.ts']));
  ask(crashes, outputs, 'affected', () => affected(project, changed));
  ask(crashes, outputs, 'search --file glob', () => search(project, rng.pick(symbols), { file: `${'**/'.repeat(20)}*.ts` }));
  return { crashes, outputs };
}

describe(`pipeline fuzz (seed ${SEED}, ${ROUNDS} rounds of ${FILES_PER_ROUND} files)`, () => {
  const real = realFiles();

  it('has real files of every supported language to mutate', () => {
    for (const extension of EXTENSIONS) expect(real.get(extension)!.length, extension).toBeGreaterThan(0);
  });

  for (let round = 0; round < ROUNDS; round++) {
    it(`round ${round}: no crash, no hang, nothing read outside the root`, async () => {
      const rng = prng(SEED + round * 7919);
      const root = buildRound(rng, real);
      const report = await withTimeout(indexRepository(root, { threads: 2, onNotice: () => {} }), INDEX_TIMEOUT_MS, 'index');
      expect(report.files.indexed).toBeGreaterThan(FILES_PER_ROUND / 2);

      // Nothing from outside the root reached the graph (SQLite pages, FTS index and all).
      expect(fs.readFileSync(report.database).includes(CANARY)).toBe(false);

      const project = openProject({ path: root, cwd: root });
      let result;
      try {
        result = everyQuery(project, root, rng);
      } finally {
        project.close();
      }
      expect(result.crashes).toEqual([]);
      expect(result.outputs.length).toBeGreaterThan(20);
      for (const output of result.outputs) expect(output.includes(CANARY)).toBe(false);

      // The same through the CLI's human output, for a few names.
      const db = new Database(report.database, { readonly: true });
      const names = db.prepare("SELECT name FROM nodes WHERE kind != 'file' ORDER BY id").pluck().all() as string[];
      const paths = db.prepare('SELECT path FROM files ORDER BY path').pluck().all() as string[];
      db.close();
      for (let k = 0; k < 3; k++) {
        const name = names.length > 0 ? rng.pick(names) : 'x';
        const other = names.length > 0 ? rng.pick(names) : 'y';
        const commands = [['status'], ['files'], ['search', name], ['node', name], ['callers', name], ['callees', name], ['impact', name],
          ['trace', name, other], ['explore', name], ['context', `${name} ${other}`], ['affected', paths.length > 0 ? rng.pick(paths) : 'x']];
        for (const args of commands) {
          const run = await runQueryCli([...args, '-p', root], { cwd: root });
          const what = `arbor ${JSON.stringify(args)}`;
          expect(run.stderr, what).not.toMatch(/internal error/);
          expect(`${run.stdout}${run.stderr}`.includes(CANARY), what).toBe(false);
          // Only newline and tab survive from the files; no colour here (not a TTY).
          const shown = `${run.stdout}${run.stderr}`;
          const raw = shown.search(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
          expect(raw === -1 ? '' : JSON.stringify(shown.slice(Math.max(0, raw - 120), raw + 40)), what).toBe('');
        }
      }
    }, INDEX_TIMEOUT_MS + 60_000);
  }
});
