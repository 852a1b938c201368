/**
 * `--format mermaid|dot` on callers, callees, trace and impact, on a git repository made here:
 * every picture is read back by the real tools (Mermaid's flowchart parser, Graphviz `dot`), and
 * its labels, decoded as those tools decode them, are the names and file:line of the JSON answer:
 * quotes, brackets, `<>`, `#`, `&`, a backslash and non-ASCII names included.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runQueryCli } from '../../packages/cli/src/test-support/run-query-cli.js';
import { BIN, git, removeTemps, tempDir } from '../git-hooks/git-test-repo.js';
import { dotMissing, dotTextLines, parseFlowchart } from './diagram-oracles.js';

const ODD = '`say "hi" [now] <T> #1 & \\ end`';
let root: string;

beforeAll(() => {
  root = tempDir('arbor-pictures-');
  git(root, 'init', '-q');
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'Odd.kt'), [
    `fun ${ODD}(): Int = 1`,
    `fun naïveΔ(): Int = ${ODD}()`,
    'fun caller(): Int = naïveΔ()',
    'fun top(): Int = caller() + naïveΔ()',
    '',
  ].join('\n'));
  writeFileSync(join(root, 'src', 'ops.cpp'), [
    'struct Vec {',
    '  bool operator<(const Vec& o) const { return true; }',
    '};',
    'bool before(const Vec& a, const Vec& b) { return a.operator<(b); }',
    '',
  ].join('\n'));
  // `before` is bound by its unique name only: a name-based edge, drawn dashed.
  writeFileSync(join(root, 'src', 'use.cpp'), '#include "ops.cpp"\nbool twice(const Vec& a, const Vec& b) { return before(a, b) && before(b, a); }\n');
  git(root, 'add', '.');
  git(root, 'commit', '-qm', 'odd names');
  execFileSync(process.execPath, [BIN, 'index', '-q', root], { stdio: 'pipe' });
});
afterAll(removeTemps);

const run = (args: string[]) => runQueryCli(args, { cwd: root });

interface Ref { kind: string; qualifiedName: string; filePath: string; startLine: number }
const labelOf = (n: Ref) => (n.kind === 'file' ? `file ${n.filePath}` : `${n.kind} ${n.qualifiedName}|${n.filePath}:${n.startLine}`);

/** Node labels the JSON answer implies, one per distinct node. */
function expectedLabels(command: string, json: any): string[] {
  const nodes: Ref[] = [];
  if (command === 'trace') nodes.push(json.from, json.to, ...json.paths.flatMap((p: any) => p.hops.flatMap((h: any) => [h.from, h.to])));
  else if (command === 'impact') nodes.push(...(json.target.node ? [json.target.node] : [{ kind: 'file', filePath: json.target.filePath }]), ...json.affected.map((a: any) => a.node));
  else nodes.push(json.symbol, ...json.hops.map((h: any) => h.node));
  return [...new Set(nodes.map(labelOf))].sort();
}

const QUESTIONS: Array<[string, string[], number]> = [
  // command and operands, and how many edges the answer has
  ['callers', ['naïveΔ', '--depth', '2'], 2],
  ['callees', ['top', '--depth', '3'], 3],
  ['callers', [ODD, '--depth', '3'], 3],
  ['trace', ['top', ODD], 2],
  ['impact', [ODD], 3],
  ['impact', ['src/ops.cpp'], 2],
  ['impact', ['Vec::operator<'], 0],
];

describe('pictures read back by Mermaid\'s parser', () => {
  it.each(QUESTIONS)('%s %j: one vertex per answered node, labels lossless, one edge per hop', async (command, operands, edges) => {
    const answer = await run([command, ...operands, '--json']);
    expect(answer.code, answer.stderr).toBe(0);
    const json = JSON.parse(answer.stdout);
    const picture = await run([command, ...operands, '--format', 'mermaid']);
    expect(picture.code, picture.stderr).toBe(0);
    expect(picture.stdout.startsWith('flowchart LR\n')).toBe(true);
    const parsed = await parseFlowchart(picture.stdout);
    const labels = [...parsed.vertices.values()].map((text) => text.replace('<br>', '|')).sort();
    expect(labels).toEqual(expectedLabels(command, json));
    expect(parsed.edges).toHaveLength(edges);
    // Every edge label is where the call is: a path:line of the repository.
    for (const edge of parsed.edges.filter((e) => e.text !== '')) expect(edge.text).toMatch(/^src\/[^:]+:\d+/);
  });

  it('the odd name is written with entity codes only: no raw quote, bracket, angle bracket or backtick inside a label', async () => {
    const picture = (await run(['callers', ODD, '--format', 'mermaid'])).stdout;
    const line = picture.split('\n').find((l) => l.includes('say') && !l.startsWith('%%'))!;
    const label = line.slice(line.indexOf('["') + 2, line.indexOf('<br>'));
    expect(label).not.toMatch(/["<>`]|&(?!amp;)/);
    expect(label).toContain('#quot;hi#quot;');
    expect(label).toContain('#lt;T#gt; #35;1 #amp; \\ end');
    expect(picture).toContain('naïveΔ');
  });

  it('an edge only a name match made is drawn dashed, a proven one solid', async () => {
    const parsed = await parseFlowchart((await run(['impact', 'src/ops.cpp', '--format', 'mermaid'])).stdout);
    const strokes = new Map(parsed.edges.map((e) => [e.text.replace(/ .*/, ''), e.stroke]));
    expect(strokes.get('src/use.cpp:2')).toBe('dotted');
    expect(strokes.get('src/use.cpp:1')).toBe('normal');
    const dot = (await run(['impact', 'src/ops.cpp', '--format', 'dot'])).stdout;
    expect(dot).toMatch(/n2 -> n0 \[label="src\/use\.cpp:2 \(unique-name, name-based\)", style=dashed\];/);
  });
});

describe('pictures read back by Graphviz', () => {
  const missing = dotMissing();
  it.skipIf(missing !== null).each(QUESTIONS)('%s %j: dot lays it out and prints every label as the answer has it', async (command, operands) => {
    const json = JSON.parse((await run([command, ...operands, '--json'])).stdout);
    const picture = await run([command, ...operands, '--format', 'dot']);
    expect(picture.code, picture.stderr).toBe(0);
    const lines = dotTextLines(picture.stdout);
    for (const label of expectedLabels(command, json)) {
      for (const part of label.split('|')) expect(lines, part).toContain(part);
    }
  });

  it.skipIf(missing !== null)('a title, notes and a dashed name-based edge are valid DOT too', async () => {
    const picture = (await run(['callers', 'naïveΔ', '--depth', '1', '--limit', '1', '--format', 'dot'])).stdout;
    expect(picture).toMatch(/label="callers of naïveΔ/);
    expect(picture).toContain('1 of 2 callers shown (raise --limit)');
    expect(dotTextLines(picture).some((l) => l.startsWith('callers of naïveΔ'))).toBe(true);
  });
});

describe('--format as an option', () => {
  it('a format it does not know, or --format with --json, is a usage error (exit 2) naming the choices', async () => {
    const unknown = await run(['callers', 'caller', '--format', 'svg']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--format is one of text, mermaid, dot, not "svg"');
    const both = await run(['trace', 'top', 'caller', '--format', 'dot', '--json']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('cannot be combined');
  });

  it('a trace with no path is still a picture: both ends, no edge, and a note saying so', async () => {
    const picture = await run(['trace', ODD, 'top', '--format', 'mermaid']);
    expect(picture.code).toBe(0);
    const parsed = await parseFlowchart(picture.stdout);
    expect(parsed.vertices.size).toBe(2);
    expect(parsed.edges).toHaveLength(0);
    expect(picture.stdout).toMatch(/^%% .*no .*path/im);
  });
});
