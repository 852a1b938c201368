/** `arbor search <query>`: where is it declared. */
import { search, type SearchResult } from '@arbor/query';
import { defineCommand, text } from '../command-line/command-spec.js';
import { inlineSignature, location, plural } from '../output/format.js';
import { columns, type Style } from '../output/style.js';
import { commonOptions, countProblem, runQuery } from './query-support.js';

export const searchCommand = defineCommand({
  name: 'search',
  describe: 'Find declarations by name, qualified name, signature or docstring (prefix and camelCase/snake_case segments)',
  positionals: [{ name: 'query', required: true, variadic: true, describe: 'Words to look for' }],
  options: {
    ...commonOptions({ default: 20, describe: 'Results shown' }),
    kind: text('Only these kinds (comma-separated)', { short: 'k' }),
    language: text('Only these languages (comma-separated)', { short: 'l' }),
    file: text('Only in this file, folder or glob', { short: 'f' }),
  },
  check: countProblem,
  run: (args, io) => {
    const query = args.query.join(' ');
    runQuery(io, 'search', args, (project) =>
      search(project!, query, { kind: args.kind, language: args.language, file: args.file, limit: args.limit }), renderSearch);
  },
});

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
  const weak = r.lowConfidence ? [s.yellow(`low confidence: ${r.lowConfidence}; the answer may not be here`)] : [];
  return [head, ...weak, ...columns(rows)].join('\n');
}
