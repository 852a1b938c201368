/**
 * One configuration for every entry point, on git repositories made here: `arbor.config.json` is
 * what `index`, `watch`, `mcp` (its codegraph_index) and the git hooks build the graph with, a flag
 * given overrides it, a mistake in it is an error naming the key, and `status` says which
 * configuration built the graph and whether the file changed since.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, git, GIT_ENV, removeTemps, tempDir } from '../git-hooks/git-test-repo.js';

const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  removeTemps();
});

const CONFIG = { languages: ['typescript'], exclude: ['generated/'], maxFileSize: '64KiB', mcp: { maxLimit: 3 } };

/** A repository with TypeScript, Python and generated TypeScript, its configuration committed. */
function repository(config: unknown = CONFIG): string {
  const root = tempDir('arbor-config-');
  git(root, 'init', '-q');
  mkdirSync(join(root, 'src'));
  mkdirSync(join(root, 'generated'));
  writeFileSync(join(root, '.gitignore'), '.codegraph/\n');
  writeFileSync(join(root, 'src', 'app.ts'), "import { helper } from './helper';\nexport function main() { return helper(); }\n");
  writeFileSync(join(root, 'src', 'helper.ts'), 'export function helper() { return 1; }\n');
  writeFileSync(join(root, 'src', 'tool.py'), 'def tool():\n    return 2\n');
  writeFileSync(join(root, 'generated', 'api.ts'), 'export function generatedApi() { return 3; }\n');
  writeFileSync(join(root, 'arbor.config.json'), JSON.stringify(config, null, 2));
  git(root, 'add', '.');
  git(root, 'commit', '-qm', 'start');
  return root;
}

const arbor = (root: string, ...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd: root, encoding: 'utf8' });
const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
function status(root: string) {
  const r = arbor(root, 'status', '--json');
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}
const indexedFiles = (root: string) => Object.keys(JSON.parse(arbor(root, 'files', '--json').stdout).files.reduce(
  (all: Record<string, true>, f: { filePath: string }) => ({ ...all, [f.filePath]: true }), {},
)).sort();

async function until(check: () => boolean, what: string, ms = 45_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('arbor index with arbor.config.json', () => {
  it('indexes what the file says, reports other languages as skipped by choice, and status names the configuration', () => {
    const root = repository();
    const index = arbor(root, 'index', '--json', '-q');
    expect(index.status, index.stderr).toBe(0);
    const report = JSON.parse(index.stdout);
    expect(report.files.skipped['language-not-chosen']).toBe(1);
    expect(report.files.skipped['language-not-supported-yet']).toBeUndefined();
    expect(indexedFiles(root)).toEqual(['src/app.ts', 'src/helper.ts']);
    const s = status(root);
    expect(s.configuration).toEqual({
      file: 'arbor.config.json', sha256: sha256(join(root, 'arbor.config.json')), fromFlags: [],
      settings: { languages: ['typescript'], exclude: ['generated/'], maxFileSize: 65536 }, onDisk: 'same',
    });
    const human = arbor(root, 'status').stdout;
    expect(human).toMatch(/Config {5}arbor\.config\.json \(sha256 [0-9a-f]{12}\): languages typescript; exclude generated\/; maxFileSize 65536\n/);
    // New files the configuration leaves out are not news to status; one it would index is.
    writeFileSync(join(root, 'generated', 'later.ts'), 'export const later = 1;\n');
    writeFileSync(join(root, 'src', 'later.py'), 'later = 1\n');
    writeFileSync(join(root, 'src', 'later.ts'), 'export const later = 1;\n');
    expect(status(root).staleness.files.added).toEqual(['src/later.ts']);
    const summary = arbor(root, 'index').stderr;
    expect(summary).toContain('language-not-chosen 2');
    expect(summary).toMatch(/config {3}arbor\.config\.json \(sha256 [0-9a-f]{12}\); languages typescript\n/);
  });

  it('flags given override the file key by key, and status says which keys came from flags', () => {
    const root = repository();
    expect(arbor(root, 'index', '-q', '--languages', 'typescript,python', '--exclude', 'nothing/').status).toBe(0);
    expect(indexedFiles(root)).toEqual(['generated/api.ts', 'src/app.ts', 'src/helper.ts', 'src/tool.py']);
    const s = status(root);
    expect(s.configuration.fromFlags).toEqual(['languages', 'exclude']);
    expect(s.configuration.settings).toEqual({ languages: ['typescript', 'python'], exclude: ['nothing/'], maxFileSize: 65536 });
    expect(arbor(root, 'status').stdout).toContain('; from flags: languages, exclude');
  });

  it('a changed file shows in status until the next index; a mistake in it is an error naming the key, and the graph stays', () => {
    const root = repository();
    expect(arbor(root, 'index', '-q').status).toBe(0);
    writeFileSync(join(root, 'arbor.config.json'), JSON.stringify({ ...CONFIG, languages: ['typescript', 'python'] }));
    expect(status(root).configuration.onDisk).toBe('changed');
    expect(arbor(root, 'status').stdout).toContain('arbor.config.json has changed since: re-index to apply it');
    writeFileSync(join(root, 'arbor.config.json'), JSON.stringify({ ...CONFIG, gitignore: 'sometimes' }));
    const bad = arbor(root, 'index');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe('arbor index: arbor.config.json: "gitignore" must be true or false, not "sometimes"\n');
    expect(indexedFiles(root)).toEqual(['src/app.ts', 'src/helper.ts']);
    writeFileSync(join(root, 'arbor.config.json'), '{ "languages": ["typescript"], }');
    expect(arbor(root, 'index').stderr).toMatch(/^arbor index: arbor\.config\.json: not valid JSON: /);
    // A broken file is an error even where flags would override every key it sets.
    expect(arbor(root, 'index', '--languages', 'typescript').status).toBe(1);
    writeFileSync(join(root, 'arbor.config.json'), JSON.stringify(CONFIG));
    const unknown = arbor(root, 'index', '--languages', 'typescript,cobol');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('--languages: unknown language "cobol" (one of typescript, tsx, javascript');
  });

  it('an empty configuration is recorded as the defaults', () => {
    const root = repository({});
    expect(arbor(root, 'index', '-q').status).toBe(0);
    expect(arbor(root, 'status').stdout).toContain('Config     arbor.config.json (sha256');
    expect(arbor(root, 'status').stdout).toContain(', defaults');
  });
});

describe('the git hooks, arbor watch and arbor mcp build the same graph', () => {
  it('a commit re-indexes through the hook with the committed configuration', async () => {
    const root = repository();
    expect(arbor(root, 'index', '-q', '--languages', 'python').status).toBe(0);
    expect(indexedFiles(root)).toEqual(['src/tool.py']);
    expect(arbor(root, 'hooks', 'install').status).toBe(0);
    writeFileSync(join(root, 'src', 'more.ts'), 'export function more() { return 4; }\n');
    git(root, 'add', '.');
    spawnSync('git', ['commit', '-qm', 'more'], { cwd: root, env: GIT_ENV });
    // The hook runs `arbor index` in the background: no flags, so the file decides again.
    await until(() => indexedFiles(root).join() === 'src/app.ts,src/helper.ts,src/more.ts', 'the hook to re-index');
    expect(status(root).configuration.fromFlags).toEqual([]);
  });

  it('arbor watch indexes with the configuration, and refuses to start on a bad one', async () => {
    const root = repository();
    const watch = spawn(process.execPath, [BIN, 'watch', root, '-q'], { stdio: 'ignore', env: { ...process.env, ARBOR_FORCE_WATCH: '1' } });
    try {
      await until(() => existsSync(join(root, '.codegraph', 'codegraph.db')) && arbor(root, 'status', '--json').status === 0 && status(root).configuration !== null, 'watch to index');
      expect(indexedFiles(root)).toEqual(['src/app.ts', 'src/helper.ts']);
      expect(status(root).configuration.file).toBe('arbor.config.json');
    } finally {
      watch.kill('SIGTERM');
    }
    writeFileSync(join(root, 'arbor.config.json'), JSON.stringify({ watch: { debounce: -5 } }));
    const bad = arbor(root, 'watch', root);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toBe('arbor watch: arbor.config.json: "watch.debounce" must be a whole number ≥ 0, not -5\n');
  });

  it('arbor mcp takes its limits from the file, and codegraph_index builds the configured graph (a bad file is a tool error naming the key)', async () => {
    const root = repository();
    const transport = new StdioClientTransport({
      command: process.execPath, args: [BIN, 'mcp', root, '--no-watch'], env: { ...(process.env as Record<string, string>) }, stderr: 'ignore',
    });
    const client = new Client({ name: 'arbor-config-test', version: '1.0.0' });
    await client.connect(transport);
    clients.push(client);
    const call = async (name: string, args: Record<string, unknown>) => {
      const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
      return { text: result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n'), isError: result.isError === true };
    };
    const tools = await client.listTools();
    expect(tools.tools.find((t) => t.name === 'codegraph')!.description).toContain('limit at most 3');
    const indexed = await call('codegraph_index', {});
    expect(indexed.isError, indexed.text).toBe(false);
    expect(indexedFiles(root)).toEqual(['src/app.ts', 'src/helper.ts']);
    const s = await call('codegraph', { operation: 'status' });
    expect(s.text).toMatch(/configuration: arbor\.config\.json \(sha256 [0-9a-f]{12}\): languages typescript; exclude generated\//);
    writeFileSync(join(root, 'arbor.config.json'), JSON.stringify({ languages: ['typescript'], unknownThing: 1 }));
    const refused = await call('codegraph_index', {});
    expect(refused.isError).toBe(true);
    expect(refused.text).toContain('arbor.config.json: unknown key "unknownThing"');
    expect(indexedFiles(root)).toEqual(['src/app.ts', 'src/helper.ts']);
    // The server cannot start on a bad file at all: it says why, exit 1.
    const start = spawnSync(process.execPath, [BIN, 'mcp', root], { encoding: 'utf8', input: '' });
    expect(start.status).toBe(1);
    expect(start.stderr).toContain('arbor mcp: arbor.config.json: unknown key "unknownThing"');
  });
});
