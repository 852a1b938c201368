/**
 * Golden answers for every query command on fixtures/query-demo, as indexed by the real
 * codegraph CLI 0.9.9 in a temp copy. One expected file per command under expected/: each
 * invocation, then its stdout (and stderr, and exit code when not 0). A second phase edits
 * the copy (a file changed, one removed, one added) so staleness shows in the answers.
 * Regenerate deliberately with ARBOR_UPDATE_GOLDEN=1, then review the diff like code.
 */
import { existsSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runQueryCli } from '../../packages/cli/src/test-support/run-query-cli.js';
import { indexWithCodegraph, REPO_ROOT, tempCopy } from '../../packages/query/src/test-support/codegraph-cli.js';

const UPDATE = process.env.ARBOR_UPDATE_GOLDEN === '1';
const EXPECTED = join(import.meta.dirname, 'expected');

type Phase = 'indexed' | 'edited';
const CASES: Array<{ command: string; phase?: Phase; args: string[] }> = [
  { command: 'status', args: ['status'] },
  { command: 'status', args: ['status', '--json'] },
  { command: 'status', phase: 'edited', args: ['status'] },

  { command: 'search', args: ['search', 'user'] },
  { command: 'search', args: ['search', 'userName'] },
  { command: 'search', args: ['search', 'find', '--kind', 'method'] },
  { command: 'search', args: ['search', 'total', '--language', 'python'] },
  { command: 'search', args: ['search', 'discount', '--json', '--limit', '2'] },
  { command: 'search', args: ['search', 'nothing_here'] },

  { command: 'node', args: ['node', 'Cart::addItem'] },
  { command: 'node', args: ['node', 'validate'] },
  { command: 'node', args: ['node', 'validate', '--file', 'src/users'] },
  { command: 'node', args: ['node', 'src/cart/pricing.ts:8'] },
  { command: 'node', args: ['node', 'ReportWriter', '--json'] },

  { command: 'callers', args: ['callers', 'roundCents'] },
  { command: 'callers', args: ['callers', 'roundCents', '--depth', '3'] },
  { command: 'callers', args: ['callers', 'build_report'] },
  { command: 'callers', args: ['callers', 'Cart::total', '--json'] },
  { command: 'callers', args: ['callers', 'validate'] },

  { command: 'callees', args: ['callees', 'handleCheckout', '--depth', '2'] },
  { command: 'callees', args: ['callees', 'build_report'] },
  { command: 'callees', args: ['callees', 'checkSignup', '--json'] },

  { command: 'impact', args: ['impact', 'roundCents'] },
  { command: 'impact', args: ['impact', 'src/users/validate.ts'] },
  { command: 'impact', args: ['impact', 'nothingHere'] },
  { command: 'impact', args: ['impact', 'normalizeEmail', '--depth', '2', '--json'] },

  { command: 'trace', args: ['trace', 'handleCheckout', 'roundCents'] },
  { command: 'trace', args: ['trace', 'test_build_report', 'parse_amount'] },
  { command: 'trace', args: ['trace', 'roundCents', 'handleCheckout'] },
  { command: 'trace', args: ['trace', 'handleCheckout', 'Cart::validate', '--json'] },

  { command: 'files', args: ['files'] },
  { command: 'files', args: ['files', 'src/cart'] },
  { command: 'files', args: ['files', '**/*.py'] },
  { command: 'files', args: ['files', 'scripts', '--json'] },
  { command: 'files', phase: 'edited', args: ['files'] },

  { command: 'explore', args: ['explore', 'applyDiscount'] },
  { command: 'explore', args: ['explore', 'write_total', '--limit', '2', '--json'] },
  { command: 'explore', phase: 'edited', args: ['explore', 'formatPrice', '--limit', '2'] },

  { command: 'context', args: ['context', 'apply a discount to the cart total', '--budget', '1500'] },
  { command: 'context', args: ['context', 'normalize the email when saving users', '--limit', '2', '--json'] },

  { command: 'affected', args: ['affected', 'src/cart/pricing.ts'] },
  { command: 'affected', args: ['affected', 'src/users/validate.ts', 'scripts/orders.py', '--json'] },
  { command: 'affected', args: ['affected', 'tests/test_report.py', 'src/new.ts'] },
];

let root: string;
const outputs = new Map<string, string[]>();

beforeAll(async () => {
  root = tempCopy(join(REPO_ROOT, 'fixtures', 'query-demo'), 'arbor-query-golden-');
  indexWithCodegraph(root);
  for (const phase of ['indexed', 'edited'] as const) {
    if (phase === 'edited') edit(root);
    for (const c of CASES.filter((x) => (x.phase ?? 'indexed') === phase)) {
      const run = await runQueryCli(c.args, { cwd: root, env: {} });
      const parts = [`$ arbor ${c.args.map(quote).join(' ')}${phase === 'edited' ? '    # after edits' : ''}`, run.stdout.trimEnd()];
      if (run.stderr !== '') parts.push(`[stderr]\n${run.stderr.trimEnd()}`);
      if (run.code !== 0) parts.push(`[exit ${run.code}]`);
      const list = outputs.get(c.command) ?? [];
      list.push(normalise(parts.filter((p) => p !== '').join('\n'), root));
      outputs.set(c.command, list);
    }
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** After indexing: one file changed, one removed, one added. */
function edit(dir: string): void {
  const format = join(dir, 'src/util/format.ts');
  writeFileSync(format, `// Money formatting.\n${readFileSync(format, 'utf8')}`);
  unlinkSync(join(dir, 'scripts/orders.py'));
  writeFileSync(join(dir, 'src/util/currency.ts'), "export const CURRENCY = 'EUR';\n");
}

function quote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** What differs between runs: the temp folder, times, database size. */
function normalise(text: string, dir: string): string {
  return text
    .split(dir).join('<project>')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>')
    .replace(/\(\d+(\.\d+)? (B|KiB|MiB), schema/g, '(<size>, schema')
    .replace(/"databaseBytes": \d+/g, '"databaseBytes": "<size>"');
}

describe('query golden answers (fixtures/query-demo, indexed by codegraph 0.9.9)', () => {
  const commands = [...new Set(CASES.map((c) => c.command))];
  it('covers every query command', () => {
    expect(commands.sort()).toEqual(['affected', 'callees', 'callers', 'context', 'explore', 'files', 'impact', 'node', 'search', 'status', 'trace']);
  });
  for (const command of commands) {
    it(command, () => {
      const actual = `${outputs.get(command)!.join('\n\n')}\n`;
      const path = join(EXPECTED, `${command}.txt`);
      if (UPDATE) writeFileSync(path, actual);
      if (!existsSync(path)) throw new Error(`no golden file ${path}: run with ARBOR_UPDATE_GOLDEN=1 and review it`);
      expect(actual).toBe(readFileSync(path, 'utf8'));
    });
  }
});
