/** `arbor impact <symbol|file>`: what a change can reach, the tests among it, and a risk level. */
import { DEPENDENCY_KINDS, impact, type ImpactResult } from '@arbor/query';
import { defineCommand } from '../command-line/command-spec.js';
import { completenessLines } from '../output/completeness.js';
import { location, nodeName, plural, sitesText } from '../output/format.js';
import { columns, type Style } from '../output/style.js';
import { drawAnswers, formatOption, formatProblem } from './picture-format.js';
import { commonOptions, countProblem, depthOption, edgeKindsOption, parseEdgeKinds, runSymbolQuery, symbolOptions } from './query-support.js';

export const impactCommand = defineCommand({
  name: 'impact',
  describe: 'Show what changing a symbol or file can reach: dependents, dependent files, affected tests, risk',
  positionals: [{ name: 'target', required: true, describe: 'Symbol (name, Class::method, path:line, id) or indexed file' }],
  options: { ...commonOptions({ default: 50, describe: 'Affected symbols listed' }), ...symbolOptions, ...depthOption(3), ...edgeKindsOption(DEPENDENCY_KINDS), ...formatOption },
  check: (args) => countProblem(args) ?? formatProblem(args),
  run: (args, io) =>
    runSymbolQuery(io, 'impact', args, args.target, (project, target, filter) =>
      impact(project, target, { ...filter, depth: args.depth, limit: args.limit, edgeKinds: parseEdgeKinds(args['edge-kinds']) }), renderImpact,
      args.format === 'text' ? {} : { renderAll: (answers, notes) => drawAnswers('impact', args.format as 'mermaid' | 'dot', answers, notes) }),
});

const RISK_STYLE = { low: 'green', medium: 'yellow', high: 'red', unknown: 'dim' } as const;

export function renderImpact(r: ImpactResult, s: Style): string {
  const lines = [r.summary];
  lines.push(`${s.bold('risk')} ${s[RISK_STYLE[r.risk]](r.risk)}: ${r.riskReason}`);
  if (r.target.type === 'unknown') return lines.join('\n');
  if (r.affected.length > 0) {
    lines.push(s.bold(`affected symbols (${r.counts.symbols}${r.truncated ? `, showing ${r.affected.length}` : ''}), by hops from the target`));
    lines.push(...columns(r.affected.map((a) => [String(a.depth), s.bold(nodeName(a.node)), s.dim(a.node.kind), a.node.kind === 'file' ? '' : s.cyan(location(a.node)), sitesText(a.sites, s)])));
  }
  if (r.dependentFiles.length > 0) {
    lines.push(s.bold(`dependent files (${r.dependentFiles.length})`));
    lines.push(...columns(r.dependentFiles.map((f) => [f.filePath, plural(f.symbols, 'symbol'), `${plural(f.depth, 'hop')} away`, f.isTest ? s.magenta('test') : ''])));
  }
  if (r.affectedTests.length > 0) {
    lines.push(s.bold(`affected tests (${r.affectedTests.length})`));
    lines.push(...r.affectedTests.map((t) => `  ${t}`));
  }
  if (r.fileTests && r.fileTests.count !== r.affectedTests.length) {
    lines.push(s.dim(`tests above: those this walk reached within ${plural(r.depth, 'hop')}; \`arbor affected ${r.fileTests.filePath}\` lists ${plural(r.fileTests.count, 'test file')}, every test importing the file however indirectly`));
  }
  if (r.counts.nameBasedHops > 0) lines.push(s.dim(`${plural(r.counts.nameBasedHops, 'hop')} rest on name-based edges`));
  if (r.possibleTests.length > 0) {
    lines.push(s.bold(`possible tests (${r.possibleTests.length}): not proven to reach the target, an unproven site in each`));
    lines.push(...r.possibleTests.map((t) => `  ${t}`));
  }
  lines.push(...completenessLines(r.completeness, s, r.target.type === 'file' ? 'a declaration in it' : 'it'));
  return lines.join('\n');
}
