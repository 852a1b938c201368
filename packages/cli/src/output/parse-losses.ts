/**
 * The one sentence, shared by `arbor index` and the MCP server, that says what the syntax errors of
 * a run cost: "rest of each file still indexed" only where that was checked (lost-declarations.ts in
 * @arbor/indexer), otherwise the declarations lost and the files not checked.
 */
import type { IndexReport } from '@arbor/indexer';
import { escapeControls } from './terminal-text.js';

/** Paths named per list; the rest are counted. */
const SHOWN = 5;

/** `syntax errors in …` for a run with syntax errors, undefined without; `listFiles`: name the files (the terminal) or only count them (MCP). */
export function syntaxErrorsSentence(r: Pick<IndexReport, 'filesWithParseErrors' | 'parseLosses'>, listFiles: boolean): string | undefined {
  const total = r.filesWithParseErrors.length;
  if (total === 0) return undefined;
  const { declarations, files: lossy, unchecked } = r.parseLosses;
  const list = (paths: string[]) => {
    if (!listFiles) return '';
    const more = paths.length > SHOWN ? ` and ${paths.length - SHOWN} more` : '';
    return `: ${paths.slice(0, SHOWN).map((path) => escapeControls(path)).join(', ')}${more}`;
  };
  if (lossy.length === 0 && unchecked.length === 0) {
    return listFiles ? `syntax errors in ${total} files (rest of each file still indexed)${list(r.filesWithParseErrors)}` : `syntax errors in ${total} files (the rest of each file is indexed)`;
  }
  const parts: string[] = [];
  if (lossy.length > 0) {
    const perFile = lossy.map((f) => `${f.path} ${f.declarations}`);
    parts.push(`${declarations} declaration${declarations === 1 ? '' : 's'} after them NOT indexed in ${files(lossy.length)}${list(perFile)}`);
  }
  if (unchecked.length > 0) parts.push(`${files(unchecked.length)} not checked for lost declarations${list(unchecked)}`);
  const marked = new Set([...lossy.map((f) => f.path), ...unchecked]);
  const rest = r.filesWithParseErrors.filter((path) => !marked.has(path));
  if (rest.length > 0) parts.push(`rest of ${files(rest.length)} still indexed${list(rest)}`);
  return `syntax errors in ${total} files; ${parts.join('; ')}`;
}

function files(n: number): string {
  return `${n} file${n === 1 ? '' : 's'}`;
}
