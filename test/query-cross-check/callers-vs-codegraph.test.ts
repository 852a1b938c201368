/**
 * Cross-check with the real codegraph CLI (0.9.9): on graphs it wrote, arbor's `callers` of a
 * sample of symbols lists the same callers as codegraph's own `callers`.
 *
 * codegraph's `callers` follows calls, references and imports edges, so arbor is asked for
 * the same kinds; for sampled symbols reached only through `calls` edges (checked in SQL,
 * independently of arbor), arbor's default `callers` must equal codegraph's answer too.
 * Samples are functions/methods whose name is unique in the graph: codegraph resolves a
 * symbol by name, and arbor (rightly) refuses to choose among several.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { callers, openProject } from '../../packages/query/src/index.js';
import { codegraphJson, indexWithCodegraph, REPO_ROOT, tempCopy } from '../../packages/query/src/test-support/codegraph-cli.js';

const temps: string[] = [];
afterAll(() => temps.forEach((t) => rmSync(t, { recursive: true, force: true })));

interface CodegraphCaller {
  name: string;
  kind: string;
  filePath: string;
  startLine: number;
}

interface Sample {
  id: string;
  name: string;
  onlyCalls: boolean;
}

/** Functions/methods with incoming calls edges and a name no other node has, busiest first. */
function sampleSymbols(dbPath: string, count: number): Sample[] {
  const db = new Database(dbPath, { readonly: true });
  try {
    const rows = db
      .prepare(
        `SELECT n.id, n.name,
                (SELECT COUNT(*) FROM edges x WHERE x.target = n.id AND x.kind IN ('references', 'imports')) AS other
         FROM nodes n
         WHERE n.kind IN ('function', 'method')
           AND EXISTS (SELECT 1 FROM edges e WHERE e.target = n.id AND e.kind = 'calls')
           AND (SELECT COUNT(*) FROM nodes m WHERE m.name = n.name) = 1
         ORDER BY (SELECT COUNT(*) FROM edges e WHERE e.target = n.id AND e.kind = 'calls') DESC, n.name
         LIMIT ?`,
      )
      .all(count) as Array<{ id: string; name: string; other: number }>;
    return rows.map((r) => ({ id: r.id, name: r.name, onlyCalls: r.other === 0 }));
  } finally {
    db.close();
  }
}

const key = (c: { name: string; kind: string; filePath: string; startLine: number }) => `${c.filePath}:${c.startLine} ${c.kind} ${c.name}`;

/** Two codegraph processes at a time: each one takes a second or more to start. */
async function inPairs<T, R>(items: T[], fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += 2) out.push(...(await Promise.all(items.slice(i, i + 2).map(fn))));
  return out;
}

async function crossCheck(source: string, count: number) {
  const root = tempCopy(source, 'arbor-crosscheck-');
  temps.push(root);
  const dbPath = indexWithCodegraph(root);
  const samples = sampleSymbols(dbPath, count);
  const theirs = await inPairs(samples, (s) => codegraphJson<{ callers: CodegraphCaller[] }>(['callers', s.name, '-p', root, '-l', '1000']));
  const project = openProject({ path: root, cwd: root });
  try {
    samples.forEach((sample, i) => {
      const expected = [...new Set(theirs[i].callers.map(key))].sort();
      // Every sample has an incoming calls edge: an empty answer would prove nothing.
      expect(expected.length, `codegraph callers of ${sample.name}`).toBeGreaterThan(0);
      const sameKinds = callers(project, sample.id, { edgeKinds: ['calls', 'references', 'imports'], limit: 0 });
      // codegraph leaves a recursive call out; arbor lists it apart, marked (compared without it).
      const ours = [...new Set(sameKinds.hops.filter((h) => !h.recursive).map((h) => key(h.node)))].sort();
      expect(ours, `callers of ${sample.name}`).toEqual(expected);
      if (sample.onlyCalls) {
        const byDefault = callers(project, sample.name, { edgeKinds: ['calls'], limit: 0 });
        expect(byDefault.hops.filter((h) => !h.recursive).map((h) => key(h.node)).sort(), `calls-only callers of ${sample.name}`).toEqual(expected);
      }
    });
  } finally {
    project.close();
  }
  return samples;
}

describe('arbor callers = codegraph callers on graphs codegraph wrote', () => {
  it('fixtures/query-demo (TypeScript + Python)', async () => {
    const samples = await crossCheck(join(REPO_ROOT, 'fixtures', 'query-demo'), 3);
    expect(samples.length).toBe(3);
  });

  it('a real library: express (JavaScript, installed with the MCP SDK)', async () => {
    const samples = await crossCheck(join(REPO_ROOT, 'node_modules', 'express', 'lib'), 5);
    expect(samples.length).toBe(5);
    expect(samples.filter((s) => s.onlyCalls).length).toBeGreaterThan(0);
  });
});
