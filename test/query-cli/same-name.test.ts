/**
 * A name several declarations share (issue 12, "smaller"): never merged into one answer. One
 * top-level declaration outside tests is answered and the others named; otherwise each definition
 * gets its own bounded answer, through the binary, in text and JSON.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'arbor.mjs');
let root = '';

function arbor(args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8', timeout: 60_000, cwd: root });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const FILES: Record<string, string> = {
  // `render`: one top-level function, a method of the same name, and a test helper.
  'src/render.ts': 'export function render(x: string): string {\n  return x.trim();\n}\n',
  'src/view.ts': "import { render } from './render';\nexport class View {\n  render(): string {\n    return render(' v ');\n  }\n}\n",
  'src/view.test.ts': "import { View } from './view';\nfunction render(): string {\n  return new View().render();\n}\nrender();\n",
  // `open`: methods only, in three classes; each is called once.
  'src/doors.ts': [
    'export class Door {\n  open(): void {}\n}',
    'export class Window {\n  open(): void {}\n}',
    'export class Gate {\n  open(): void {}\n}',
    'export function useAll(d: Door, w: Window, g: Gate): void {\n  d.open();\n  w.open();\n  g.open();\n}',
    '',
  ].join('\n'),
};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'arbor-same-name-'));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const run = arbor(['index', root, '--quiet']);
  expect(run.status, run.stderr).toBe(0);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a name with several declarations', () => {
  it('answers for the one top-level non-test declaration and names the others', () => {
    const text = arbor(['callers', 'render']);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toContain('callers of function render src/render.ts:1');
    expect(text.stdout).toContain('View::render');
    expect(text.stdout).toMatch(/also named render: render src\/view\.test\.ts:2, View::render src\/view\.ts:3/);

    const json = JSON.parse(arbor(['callers', 'render', '--json']).stdout);
    expect(json.symbol.qualifiedName).toBe('render');
    expect(json.alsoNamed.map((n: { filePath: string }) => n.filePath)).toEqual(['src/view.test.ts', 'src/view.ts']);
  });

  it('answers each definition apart when none is the principal one, never merging them', () => {
    const text = arbor(['callers', 'open']);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toContain('"open" has 3 definitions');
    for (const cls of ['Door', 'Window', 'Gate']) expect(text.stdout).toContain(`method ${cls}::open`);

    const json = JSON.parse(arbor(['node', 'open', '--json']).stdout);
    expect(json.definitions).toBe(3);
    expect(json.answers).toHaveLength(3);
    expect(json.more).toEqual([]);
    // Each answer is about its own definition only.
    for (const { definition, answer } of json.answers) expect(answer.node.id).toBe(definition.id);
  });

  it('a qualified name, a path:line or --kind still picks exactly one', () => {
    const qualified = JSON.parse(arbor(['callers', 'Window::open', '--json']).stdout);
    expect(qualified.symbol.qualifiedName).toBe('Window::open');
    expect(qualified.alsoNamed).toBeUndefined();
  });
});
