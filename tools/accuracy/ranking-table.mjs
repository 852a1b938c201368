// The expected declaration's rank for realistic `search` queries and `context` tasks on public
// repositories: the numbers behind "does arbor find what was asked". Expected answers are data
// (ranking-table.json); each corpus must already be indexed (`arbor index <dir>`).
//
//   node tools/accuracy/ranking-table.mjs [--cases <json>] [--corpus name=<dir>]... [--query-dist <dir>] [--json]
//
// A corpus name is looked up as --corpus name=<dir>, else under $ARBOR_CORPUS_DIR or
// ~/.cache/arbor-corpus. --query-dist points at another build of packages/query/dist (an older
// checkout's, for a before/after table).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** 1-based position of the first node in `nodes` that `expect` accepts, or null. */
export function rankOf(nodes, expect) {
  const i = nodes.findIndex((n) => expect.some(([file, qualified]) => n.filePath === file && n.qualifiedName === qualified));
  return i === -1 ? null : i + 1;
}

/** Runs every case; `query` is the @arbor/query module to measure. */
export function measure(query, cases, dirOf) {
  const projects = new Map();
  const open = (corpus) => {
    if (!projects.has(corpus)) projects.set(corpus, query.openProject({ path: dirOf(corpus) }));
    return projects.get(corpus);
  };
  try {
    const search = cases.search.map((c) => {
      const result = query.search(open(c.corpus), c.query, { limit: 0 });
      return { corpus: c.corpus, query: c.query, rank: rankOf(result.results.map((h) => h.node), c.expect), total: result.total };
    });
    const context = cases.context.map((c) => {
      // Default budget and limit: the rank among what a reader is actually shown (null: not shown).
      const shown = query.context(open(c.corpus), c.task, {});
      return { corpus: c.corpus, task: c.task, rank: rankOf(shown.items.map((i) => i.node), c.expect), shown: shown.items.length };
    });
    return { search, context };
  } finally {
    for (const p of projects.values()) p.close();
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      cases: { type: 'string', default: path.join(HERE, 'ranking-table.json') },
      corpus: { type: 'string', multiple: true, default: [] },
      'query-dist': { type: 'string', default: path.join(HERE, '../../packages/query/dist') },
      json: { type: 'boolean', default: false },
    },
  });
  const cases = JSON.parse(fs.readFileSync(values.cases, 'utf8'));
  const named = new Map(values.corpus.map((c) => [c.slice(0, c.indexOf('=')), path.resolve(c.slice(c.indexOf('=') + 1))]));
  const corpusDir = process.env.ARBOR_CORPUS_DIR ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'arbor-corpus');
  const dirOf = (name) => named.get(name) ?? path.join(corpusDir, name);
  const query = await import(pathToFileURL(path.join(path.resolve(values['query-dist']), 'index.js')).href);
  const result = measure(query, cases, dirOf);
  if (values.json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return;
  }
  const cell = (r) => (r === null ? '—' : String(r));
  const lines = ['| corpus | search | rank |', '| --- | --- | --- |'];
  for (const r of result.search) lines.push(`| ${r.corpus} | \`${r.query}\` | ${cell(r.rank)} |`);
  lines.push('', '| corpus | context task | rank (of shown) |', '| --- | --- | --- |');
  for (const r of result.context) lines.push(`| ${r.corpus} | ${r.task} | ${cell(r.rank)} / ${r.shown} |`);
  const top = (list, k) => list.filter((r) => r.rank !== null && r.rank <= k).length;
  lines.push('', `search: ${top(result.search, 1)}/${result.search.length} first, ${top(result.search, 5)} in the top 5, ${top(result.search, 20)} in the top 20`);
  lines.push(`context: ${top(result.context, 1)}/${result.context.length} first, ${top(result.context, 3)} in the top 3, ${result.context.filter((r) => r.rank !== null).length} shown at all`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
