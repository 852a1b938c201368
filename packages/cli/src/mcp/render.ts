/**
 * Query answers as compact text for a model to read: one line per hit, `file:line` on every one,
 * and for every edge the rule that made it (`via import`, `via unique-name, name-based`), because a
 * name-based edge may be wrong and the reader should know which ones to check. No colour, no tables.
 */
import type {
  CallersResult, ContextResult, ExploreResult, FilesResult, ImpactResult, NodeRef, NodeResult, SearchResult, Site,
  StatusResult, TraceResult,
} from '@arbor/query';
import type { WorktreeInfo } from '../git-hooks/worktree.js';
import { completenessLines } from '../output/completeness.js';
import { createStyle } from '../output/style.js';

/** The CLI's shared formatters (completeness, one answer per definition) without colour. */
export const PLAIN = createStyle(false);
import { configurationText } from '../output/configuration-text.js';

export function location(n: { filePath: string; startLine: number }): string {
  return `${n.filePath}:${n.startLine}`;
}

export function nodeText(n: NodeRef): string {
  if (n.kind === 'file') return `file ${n.filePath}`;
  const name = n.qualifiedName && n.qualifiedName !== n.name ? n.qualifiedName : n.name;
  return `${n.kind} ${name} ${location(n)}`;
}

function siteText(s: Site): string {
  const at = s.line === null ? s.filePath : `${s.filePath}:${s.line}`;
  const how = s.resolvedBy ?? 'unrecorded';
  const trust = s.nameBased === true ? ', name-based' : '';
  return `${s.kind} at ${at} via ${how}${trust}`;
}

function sitesText(sites: Site[]): string {
  if (sites.length === 0) return '';
  const shown = sites.slice(0, 3).map(siteText).join('; ');
  return ` [${shown}${sites.length > 3 ? `; +${sites.length - 3} more sites` : ''}]`;
}

function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

export function renderSearch(r: SearchResult): string {
  if (r.results.length === 0) return `search "${r.query}": no declarations match`;
  const lines = [`search "${r.query}": ${plural(r.total, 'match', 'matches')}${r.truncated ? `, first ${r.results.length} shown` : ''}`];
  if (r.lowConfidence) lines.push(`low confidence: ${r.lowConfidence}; the answer may not be here`);
  for (const hit of r.results) {
    lines.push(`- ${nodeText(hit.node)} (${hit.match})${hit.signature ? ` ${oneLine(hit.signature)}` : ''}`);
  }
  return lines.join('\n');
}

export function renderNode(r: NodeResult): string {
  const n = r.node;
  const lines = [`${nodeText(n)}-${n.endLine}${r.fileState === 'fresh' ? '' : ` (file ${r.fileState} since indexing)`}`];
  if (n.signature) lines.push(`signature: ${oneLine(n.signature)}`);
  if (n.docstring) lines.push(`doc: ${oneLine(n.docstring).slice(0, 300)}`);
  if (r.container) lines.push(`in: ${nodeText(r.container)}`);
  if (r.overloads.length > 0) lines.push(`overloads (stubs folded into this declaration): ${r.overloads.map(location).join(', ')}`);
  const section = (title: string, total: number, items: string[]) => {
    if (total === 0) return;
    lines.push(`${title} (${total}${items.length < total ? `, ${items.length} shown` : ''}):`);
    for (const item of items) lines.push(`- ${item}`);
  };
  section('members', r.counts.members, r.members.map(nodeText));
  const relation = (c: NodeResult['callers'][number]) => `${nodeText(c.node)}${sitesText(c.sites)}${c.recursive ? ' (recursive: calls itself)' : ''}`;
  section('callers', r.counts.callers, r.callers.map(relation));
  section('callees', r.counts.callees, r.callees.map(relation));
  section(
    'unresolved sites',
    r.counts.unresolved,
    r.unresolved.map((u) => `${u.kind} ${u.name} at ${u.filePath}:${u.line}${u.candidates.length ? ` (candidates: ${u.candidates.map(location).join(', ')})` : ''}`),
  );
  lines.push(...completenessLines(r.completeness, PLAIN));
  return lines.join('\n');
}

export function renderCalls(r: CallersResult): string {
  const title = `${r.direction} of ${nodeText(r.symbol)}, depth ${r.depth}, following ${r.edgeKinds.join(',')}`;
  if (r.hops.length === 0) return [title, 'none in the graph', ...completenessLines(r.completeness, PLAIN)].join('\n');
  const lines = [title];
  const arrow = r.direction === 'callers' ? '<-' : '->';
  for (const hop of r.hops) {
    lines.push(`${'  '.repeat(hop.depth - 1)}${arrow} ${nodeText(hop.node)}${sitesText(hop.sites)}${hop.recursive ? ' (recursive: calls itself)' : ''}`);
  }
  const notes = [`${plural(r.total, 'node')}${r.hops.some((h) => h.recursive) ? ', and itself (recursive)' : ''}`];
  if (r.truncated) notes.push(`cut at ${r.hops.length}`);
  if (r.moreBeyondDepth) notes.push('more beyond this depth');
  if (r.nameBasedHops > 0) notes.push(`${plural(r.nameBasedHops, 'hop')} rest on name-based edges`);
  lines.push(notes.join('; '));
  lines.push(...completenessLines(r.completeness, PLAIN, r.depth > 1 ? 'it or a caller above' : 'it'));
  return lines.join('\n');
}

export function renderImpact(r: ImpactResult): string {
  const target = r.target.node ? nodeText(r.target.node) : r.target.filePath ?? r.target.query;
  const lines = [`impact of ${target}: risk ${r.risk} (${r.riskReason})`, r.summary];
  if (r.affected.length > 0) {
    lines.push(`affected symbols (${r.counts.symbols}${r.truncated ? `, ${r.affected.length} shown` : ''}):`);
    for (const a of r.affected) lines.push(`- d${a.depth} ${nodeText(a.node)}${sitesText(a.sites)}`);
  }
  if (r.dependentFiles.length > 0) {
    lines.push(`dependent files (${r.dependentFiles.length}):`);
    for (const f of r.dependentFiles) lines.push(`- ${f.filePath} d${f.depth}, ${plural(f.symbols, 'symbol')}${f.isTest ? ', test' : ''}`);
  }
  if (r.affectedTests.length > 0) lines.push(`tests: ${r.affectedTests.join(', ')}`);
  const notes: string[] = [];
  if (r.moreBeyondDepth) notes.push(`more beyond depth ${r.depth}`);
  if (r.counts.nameBasedHops > 0) notes.push(`${plural(r.counts.nameBasedHops, 'hop')} rest on name-based edges`);
  if (notes.length) lines.push(notes.join('; '));
  if (r.possibleTests.length > 0) lines.push(`possible tests (not proven to reach the target, an unproven site in each): ${r.possibleTests.join(', ')}`);
  lines.push(...completenessLines(r.completeness, PLAIN, r.target.type === 'file' ? 'a declaration in it' : 'it'));
  return lines.join('\n');
}

export function renderTrace(r: TraceResult): string {
  const lines = [`trace ${nodeText(r.from)} -> ${nodeText(r.to)}: ${r.message}`];
  r.paths.forEach((path, i) => {
    lines.push(`path ${i + 1} (${plural(path.length, 'hop')}):`);
    for (const hop of path.hops) lines.push(`  ${nodeText(hop.from)} -> ${nodeText(hop.to)}${sitesText(hop.sites)}`);
  });
  lines.push(...completenessLines(r.completeness, PLAIN, `${r.to.qualifiedName} or a declaration calling it`));
  return lines.join('\n');
}

export function renderFiles(r: FilesResult): string {
  const filter = r.filter.type === 'all' ? 'all files' : `${r.filter.type} ${r.filter.value}`;
  const s = r.summary;
  const lines = [
    `${filter}: ${plural(s.files, 'file')}, ${plural(s.nodes, 'node')}${r.truncated ? `, ${r.files.length} shown` : ''}; ` +
      `modified ${s.modified}, removed ${s.removed}, new ${s.added}`,
  ];
  for (const f of r.files) {
    const state = f.state === 'fresh' ? '' : ` ${f.state}`;
    lines.push(`- ${f.filePath} ${f.language} ${f.nodeCount ?? '?'} nodes${f.errors ? `, ${plural(f.errors, 'parse error')}` : ''}${state}`);
  }
  for (const added of r.added) lines.push(`- ${added} new, not indexed`);
  return lines.join('\n');
}

export function renderStatus(r: StatusResult, extra: { worktree?: WorktreeInfo; watching?: string }): string {
  const lines: string[] = [];
  if (!r.indexed) {
    lines.push(`no index for ${r.root}: nothing has been indexed here yet. Run the codegraph_index tool to build the graph.`);
  } else {
    const c = r.counts;
    const writer = r.writer.tool ? `${r.writer.tool}${r.writer.version ? ` ${r.writer.version}` : ''}` : 'unrecorded writer';
    lines.push(`index of ${r.root}: schema v${r.schemaVersion}, written by ${writer}, built ${r.indexedAt ?? 'at an unrecorded time'}`);
    lines.push(`${c.files} files, ${c.nodes} nodes, ${c.edges} edges, ${c.unresolvedRefs} unresolved sites, ${c.filesWithErrors} files with parse errors`);
    lines.push(`languages: ${Object.entries(r.languages).map(([l, n]) => `${l} ${n}`).join(', ') || 'none'}`);
    const config = configurationText(r.configuration);
    lines.push(`configuration: ${config.text}${config.warning ? ` (${config.warning})` : ''}`);
    const st = r.staleness;
    if (!st.stale) lines.push(`fresh: every indexed file matches the disk`);
    else {
      lines.push(`stale: ${st.modified} modified, ${st.removed} removed, ${st.added} new since indexing (run codegraph_index to refresh)`);
      for (const [what, list] of Object.entries(st.files)) if (list.length) lines.push(`  ${what}: ${list.join(', ')}${st.truncated ? ' …' : ''}`);
    }
  }
  if (extra.worktree) lines.push(worktreeText(extra.worktree));
  if (extra.watching) lines.push(`watch: ${extra.watching}`);
  return lines.join('\n');
}

export function worktreeText(w: WorktreeInfo): string {
  if (!w.isRepository) return 'git: not a git repository';
  if (w.isLinkedWorktree) return `git: linked worktree of the repository at ${w.mainWorktree ?? w.commonDir}`;
  return 'git: main worktree';
}

export function renderExplore(r: ExploreResult): string {
  if (r.items.length === 0) return `explore "${r.query}": no declarations match`;
  const lines = [`explore "${r.query}": ${plural(r.items.length, 'declaration')}`];
  const byId = new Map(r.items.map((item) => [item.node.id, item.node]));
  for (const item of r.items) {
    const related = item.relatedTo === null ? undefined : byId.get(item.relatedTo);
    const rel = item.relation === 'match' ? 'match' : `${item.relation} of ${related ? nodeText(related) : item.relatedTo}`;
    lines.push(`## ${nodeText(item.node)}-${item.source.endLine} (${rel})${item.fileState === 'fresh' ? '' : ` file ${item.fileState}`}`);
    if (item.source.text !== null) lines.push(item.source.text.replace(/\n$/, '') + (item.source.truncated ? '\n…' : ''));
  }
  if (r.staleFiles.length) lines.push(`changed since indexing: ${r.staleFiles.join(', ')}`);
  return lines.join('\n');
}

export function renderContext(r: ContextResult): string {
  const notes = r.notes.map((n) => `(${n})`);
  if (r.items.length === 0) return [`context for "${r.task}": nothing in the graph matches ${r.terms.join(', ') || 'these words'}`, ...notes].join('\n');
  const lines = [`context for "${r.task}" (terms: ${r.terms.join(', ')}): ${plural(r.items.length, 'declaration')}${r.omitted ? `, ${r.omitted} more left out` : ''}`, ...notes];
  if (r.lowConfidence) lines.push(`low confidence: ${r.lowConfidence}`);
  for (const item of r.items) {
    lines.push(`## ${nodeText(item.node)}-${item.source.endLine}${item.fileState === 'fresh' ? '' : ` file ${item.fileState}`}`);
    if (item.calls.length) lines.push(`calls: ${item.calls.map(nodeText).join('; ')}`);
    if (item.calledBy.length) lines.push(`called by: ${item.calledBy.map(nodeText).join('; ')}`);
    if (item.source.text !== null) lines.push(item.source.text.replace(/\n$/, '') + (item.source.truncated ? '\n…' : ''));
  }
  if (r.staleFiles.length) lines.push(`changed since indexing: ${r.staleFiles.join(', ')}`);
  return lines.join('\n');
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Cuts `text` to at most `maxBytes` UTF-8 bytes at a line boundary and says so, so a client never
 * receives an answer (or an error) larger than it asked the server to send.
 */
export function capBytes(text: string, maxBytes: number, what: 'answer' | 'error' = 'answer'): string {
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  const hint = what === 'answer' ? '; narrow it with limit, file or kind' : '';
  const note = (kept: number) => `\n… ${what} cut at ${maxBytes} bytes (${kept} lines kept)${hint}`;
  const lines = text.split('\n');
  let size = 0;
  let kept = 0;
  const budget = maxBytes - Buffer.byteLength(note(lines.length), 'utf8');
  for (const line of lines) {
    const next = Buffer.byteLength(line, 'utf8') + 1;
    if (size + next > budget) break;
    size += next;
    kept++;
  }
  if (kept === 0) {
    // One enormous line: cut inside it, on a character boundary.
    const head = Buffer.from(lines[0], 'utf8').subarray(0, Math.max(0, budget)).toString('utf8').replace(/\uFFFD$/, '');
    return `${head}${note(0)}`;
  }
  return `${lines.slice(0, kept).join('\n')}${note(kept)}`;
}
