/** `arbor context <task>`: declarations relevant to a task in words, with code, within a byte budget. */
import { context, type ContextResult } from '@arbor/query';
import { count, defineCommand, text } from '../command-line/command-spec.js';
import { bytes, location, plural } from '../output/format.js';
import { parseByteSize } from '../output/byte-size.js';
import type { Style } from '../output/style.js';
import { codeBlock, staleNote } from './code-block.js';
import { commonOptions, countProblem, runQuery } from './query-support.js';

export const contextCommand = defineCommand({
  name: 'context',
  describe: 'Gather the declarations relevant to a task described in words, ranked by identifier overlap, within a byte budget',
  positionals: [{ name: 'task', required: true, variadic: true, describe: 'The task, in words' }],
  options: {
    ...commonOptions({ default: 12, describe: 'Declarations at most' }),
    budget: text('Bytes of code and headers at most (e.g. 8000, 16KiB)', { default: '16KiB' }),
    'max-lines': count('Source lines per declaration', { default: 80 }),
  },
  check: (args) => countProblem(args) ?? (parseByteSize(args.budget) === undefined ? `--budget: not a size: ${args.budget}` : undefined),
  run: (args, io) => {
    const task = args.task.join(' ');
    runQuery(io, 'context', args, (project) =>
      context(project!, task, {
        budget: parseByteSize(args.budget), limit: args.limit === 0 ? 1000 : args.limit, maxLines: args['max-lines'],
      }), renderContext);
  },
});

export function renderContext(r: ContextResult, s: Style): string {
  const notes = r.notes.map((n) => s.dim(`(${n})`));
  if (r.terms.length === 0) return [`No searchable terms in "${r.task}".`, ...notes].join('\n');
  const head = `Context for "${r.task}": terms ${r.terms.join(', ')}; ${plural(r.items.length, 'declaration')}, ${bytes(r.usedBytes)} of ${bytes(r.budgetBytes)}${r.omitted > 0 ? `, ${r.omitted} more ranked` : ''}`;
  if (r.items.length === 0) return [head, ...notes, 'No declaration shares these terms.'].join('\n');
  const lines = [head, ...notes, ...(r.lowConfidence ? [s.yellow(`low confidence: ${r.lowConfidence}`)] : [])];
  for (const item of r.items) {
    lines.push(`${s.bold(`── ${item.node.kind} ${item.node.qualifiedName}`)}  ${s.cyan(location(item.node, true))}  ${s.dim(`score ${item.score} [${item.matchedTerms.join(', ')}]${item.relatedTo ? ` near ${item.relatedTo.qualifiedName}` : ''}`)}`);
    const rel = [
      item.calls.length > 0 ? `calls ${item.calls.map((c) => c.qualifiedName).join(', ')}` : '',
      item.calledBy.length > 0 ? `called by ${item.calledBy.map((c) => c.qualifiedName).join(', ')}` : '',
    ].filter((x) => x);
    if (rel.length > 0) lines.push(s.dim(`  ${rel.join('; ')}`));
    const note = staleNote(item.fileState, s);
    if (note) lines.push(note);
    lines.push(...codeBlock(item.source, s));
  }
  return lines.join('\n');
}
