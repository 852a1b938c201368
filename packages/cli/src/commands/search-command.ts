/** `arbor search <query>`: where is it declared. */
import { search, type SearchResult } from '@arbor/query';
import type { Argv } from 'yargs';
import { inlineSignature, location, plural } from '../output/format.js';
import type { CliIo } from '../output/io.js';
import { columns, type Style } from '../output/style.js';
import { commonOptions, runQuery } from './query-support.js';

export function registerSearchCommand(y: Argv, io: CliIo): Argv {
  return y.command(
    'search <query..>',
    'Find declarations by name, qualified name, signature or docstring (prefix and camelCase/snake_case segments)',
    (b) =>
      commonOptions(b, { default: 20, describe: 'Results shown' })
        .positional('query', { type: 'string', array: true, demandOption: true, describe: 'Words to look for' })
        .option('kind', { alias: 'k', type: 'string', describe: 'Only these kinds (comma-separated)' })
        .option('language', { alias: 'l', type: 'string', describe: 'Only these languages (comma-separated)' })
        .option('file', { alias: 'f', type: 'string', describe: 'Only in this file, folder or glob' }),
    (argv) => {
      const query = (argv.query as string[]).join(' ');
      runQuery(io, 'search', argv, (project) =>
        search(project!, query, { kind: argv.kind, language: argv.language, file: argv.file, limit: argv.limit }), renderSearch);
    },
  );
}

export function renderSearch(r: SearchResult, s: Style): string {
  if (r.results.length === 0) {
    if (r.suggestions.length === 0) return `No declarations match "${r.query}".`;
    const rows = r.suggestions.map((n) => [s.dim(n.kind), s.bold(n.qualifiedName), s.cyan(location(n))]);
    return [`No declarations match "${r.query}". Did you mean:`, ...columns(rows)].join('\n');
  }
  const head = `${plural(r.total, 'match', 'matches')} for "${r.query}"${r.truncated ? ` (showing ${r.results.length})` : ''}${r.engine === 'like' ? s.dim(' (no full-text index: name scan)') : ''}`;
  const rows = r.results.map((h) => [
    s.dim(h.node.kind),
    s.bold(h.node.kind === 'file' ? h.node.filePath : h.node.qualifiedName) + (h.node.kind === 'import' ? '' : s.dim(inlineSignature(h.signature, h.node.name))),
    h.node.kind === 'file' ? '' : s.cyan(location(h.node)),
  ]);
  return [head, ...columns(rows)].join('\n');
}
