import { collectOracleSites, SCRIPT_FILE } from '../accuracy/oracle.mjs';
import { readGraph } from '../accuracy/graph.mjs';
import { judgeEdge } from '../accuracy/compare.mjs';
const root = process.argv[2];
const g = readGraph(root + '/.codegraph/codegraph.db');
const o = collectOracleSites(root, { graphFiles: g.files.map(f => f.path).filter(p => SCRIPT_FILE.test(p)) });
const idx = new Map();
for (const s of o.sites) for (const l of new Set([s.line, s.nameLine])) idx.set(`${s.file}:${l}`, [...(idx.get(`${s.file}:${l}`) ?? []), s]);
const claimed = new Map(); const seen = new Map();
for (const e of g.edges) {
  const r = judgeEdge(e, idx, claimed);
  if (r.verdict === 'confirmed' && e.resolvedBy === process.argv[3]) {
    const prev = seen.get(r.site); seen.set(r.site, e);
    if (prev || r.site.answer !== 'workspace') console.log(e.sourceFile, e.line, e.targetName, r.site.answer, r.site.calleeText, prev ? 'DUP with ' + prev.resolvedBy + ' ' + prev.line + ' ' + prev.col + ' vs ' + e.col: '');
  }
}
