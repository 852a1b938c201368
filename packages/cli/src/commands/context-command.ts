/** `arbor context <task>`: declarations relevant to a task in words, with code, within a byte budget. */
import { context, type ContextResult } from '@arbor/query';
import type { Argv } from 'yargs';
import { bytes, location, plural } from '../output/format.js';
import type { CliIo } from '../output/io.js';
import { parseByteSize } from '../output/byte-size.js';
import type { Style } from '../output/style.js';
import { codeBlock, staleNote } from './code-block.js';
import { commonOptions, runQuery } from './query-support.js';

export function registerContextCommand(y: Argv, io: CliIo): Argv {
  return y.command(
    'context <task..>',
    'Gather the declarations relevant to a task described in words, ranked by identifier overlap, within a byte budget',
    (b) =>
      commonOptions(b, { default: 12, describe: 'Declarations at most' })
        .positional('task', { type: 'string', array: true, demandOption: true })
        .option('budget', { type: 'string', default: '16KiB', describe: 'Bytes of code and headers at most (e.g. 8000, 16KiB)' })
        .option('max-lines', { type: 'number', default: 80, describe: 'Source lines per declaration' })
        .check((argv) => {
          if (parseByteSize(String(argv.budget)) === undefined) throw new Error(`--budget: not a size: ${argv.budget}`);
          return true;
        }),
    (argv) => {
      const task = (argv.task as string[]).join(' ');
      runQuery(io, 'context', argv, (project) =>
        context(project!, task, {
          budget: parseByteSize(String(argv.budget)), limit: argv.limit === 0 ? 1000 : argv.limit, maxLines: argv['max-lines'],
        }), renderContext);
    },
  );
}

export function renderContext(r: ContextResult, s: Style): string {
  if (r.terms.length === 0) return `No searchable terms in "${r.task}".`;
  const head = `Context for "${r.task}": terms ${r.terms.join(', ')}; ${plural(r.items.length, 'declaration')}, ${bytes(r.usedBytes)} of ${bytes(r.budgetBytes)}${r.omitted > 0 ? `, ${r.omitted} more ranked` : ''}`;
  if (r.items.length === 0) return `${head}\nNo declaration shares these terms.`;
  const lines = [head];
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
