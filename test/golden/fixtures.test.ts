/**
 * Golden graphs: each fixture under fixtures/<name>/ is indexed (in a temp copy) and its graph,
 * rendered as text, must equal fixtures/<name>.graph.txt. Update deliberately with
 * `npm run golden:update`, then review the diff like code.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { indexRepository } from '@arbor/indexer';
import { afterAll, describe, expect, it } from 'vitest';
import { renderGraph } from './render-graph.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');
const UPDATE = process.env.ARBOR_UPDATE_GOLDEN === '1';
const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

// fixtures/expectations/ holds the inline-expectation cases, checked by test/expectations instead.
const INLINE_EXPECTATIONS = 'expectations';
const fixtureNames = readdirSync(FIXTURES).filter((name) => name !== INLINE_EXPECTATIONS && statSync(join(FIXTURES, name)).isDirectory());

describe('golden graphs', () => {
  it('has fixtures to check', () => {
    expect(fixtureNames.length).toBeGreaterThan(0);
  });

  for (const name of fixtureNames) {
    it(`fixtures/${name}`, async () => {
      const work = mkdtempSync(join(tmpdir(), `arbor-golden-${name}-`));
      temps.push(work);
      cpSync(join(FIXTURES, name), work, { recursive: true });
      const report = await indexRepository(work, { threads: 2 });
      const rendered = renderGraph(report.database);
      const expectedPath = join(FIXTURES, `${name}.graph.txt`);
      if (UPDATE || !existsSync(expectedPath)) {
        if (!UPDATE) throw new Error(`no golden file ${expectedPath}: run \`npm run golden:update\` and review it`);
        writeFileSync(expectedPath, rendered);
      }
      expect(rendered).toBe(readFileSync(expectedPath, 'utf8'));
    });
  }
});
