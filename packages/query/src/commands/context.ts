/**
 * `context <task>`: what is relevant to a task described in words. Declarations are ranked by
 * how many of the task's terms their identifiers share (camelCase and snake_case split, rare
 * terms weigh more), then given with their relationships and code until a byte budget is used.
 */
import { CALL_KINDS, neighbours } from '../graph/traversal.js';
import type { FileState, NodeDetails, NodeRef } from '../model.js';
import type { Project } from '../project.js';
import { toRef } from '../store/rows.js';
import { compareNodes } from '../symbols/resolve-symbol.js';
import { compareText } from '../text/compare.js';
import { identifierSegments, taskTerms } from '../text/identifiers.js';
import { SourceReader } from '../text/source.js';
import { ftsExpression } from './search.js';

export interface ContextOptions {
  /** Bytes of code and headers to return at most. Default 16 KiB. */
  budget?: number;
  /** At most this many declarations. Default 12. */
  limit?: number;
  /** Source lines per declaration at most. Default 80. */
  maxLines?: number;
}

export interface ContextItem {
  node: NodeRef;
  score: number;
  matchedTerms: string[];
  signature: string | null;
  /** Declarations this one calls / is called by (those in the context first, at most 5 each). */
  calls: NodeRef[];
  calledBy: NodeRef[];
  /** The code, or null when it did not fit the budget (or the file is gone). */
  source: { startLine: number; endLine: number; text: string | null; truncated: boolean };
  fileState: FileState;
}

export interface ContextResult {
  task: string;
  terms: string[];
  budgetBytes: number;
  usedBytes: number;
  items: ContextItem[];
  /** Ranked declarations left out (limit or budget), members of a shown container not counted. */
  omitted: number;
  staleFiles: string[];
}

const NOT_DECLARATIONS = ['file', 'import', 'export', 'parameter'];
const KIND_WEIGHT: Record<string, number> = {
  function: 1, method: 1, class: 1, struct: 1, interface: 0.9, trait: 0.9, protocol: 0.9, enum: 0.8, type_alias: 0.8,
  module: 0.8, namespace: 0.7, component: 1, route: 1,
};
const CANDIDATE_CAP = 5000;

export function context(project: Project, task: string, options: ContextOptions = {}): ContextResult {
  const budget = Math.max(256, Math.floor(options.budget ?? 16 * 1024));
  const limit = Math.max(1, options.limit ?? 12);
  const maxLines = options.maxLines ?? 80;
  const terms = taskTerms(task);
  const empty: ContextResult = { task, terms, budgetBytes: budget, usedBytes: 0, items: [], omitted: 0, staleFiles: [] };
  if (terms.length === 0) return empty;

  const ranked = rank(project, terms);
  const reader = new SourceReader(project.root, project.store);
  const selected = ranked.slice(0, limit);
  const selectedIds = new Set(selected.map((r) => r.node.id));
  const items: ContextItem[] = [];
  let used = 0;
  const shown: Array<{ filePath: string; startLine: number; endLine: number }> = [];
  let skipped = 0;
  for (const { node, score, matched } of ranked) {
    if (items.length >= limit) break;
    // A member whose container is already shown in full adds nothing but bytes.
    if (shown.some((o) => o.filePath === node.filePath && o.startLine <= node.startLine && o.endLine >= node.endLine)) {
      skipped++;
      continue;
    }
    const related = (direction: 'in' | 'out') =>
      neighbours(project.store, node, direction, CALL_KINDS)
        .map((r) => r.node)
        .sort((a, b) => Number(selectedIds.has(b.id)) - Number(selectedIds.has(a.id)) || compareNodes(a, b))
        .slice(0, 5)
        .map(toRef);
    const header = `${node.kind} ${node.qualifiedName} ${node.filePath}:${node.startLine} ${node.signature ?? ''}\n`;
    const headerBytes = Buffer.byteLength(header);
    if (used + headerBytes > budget) break;
    used += headerBytes;
    let block = reader.read(node, maxLines);
    let text = block.text;
    if (text !== null && used + Buffer.byteLength(text) > budget) {
      // Keep the leading lines that fit; a declaration's head is its most telling part.
      const lines = text.split('\n');
      const kept: string[] = [];
      let bytes = 0;
      for (const line of lines) {
        const size = Buffer.byteLength(line) + 1;
        if (used + bytes + size > budget) break;
        kept.push(line);
        bytes += size;
      }
      text = kept.length > 0 ? kept.join('\n') : null;
      block = { ...block, endLine: block.startLine + Math.max(0, kept.length - 1), truncated: true };
    }
    if (text !== null) used += Buffer.byteLength(text);
    if (text !== null && !block.truncated) shown.push({ filePath: node.filePath, startLine: node.startLine, endLine: node.endLine });
    items.push({
      node: toRef(node),
      score: Math.round(score * 1000) / 1000,
      matchedTerms: matched,
      signature: node.signature,
      calls: related('out'),
      calledBy: related('in'),
      source: { startLine: block.startLine, endLine: text === null ? block.startLine : block.endLine, text, truncated: block.truncated || text === null },
      fileState: block.fileState,
    });
  }
  const staleFiles = [...new Set(items.filter((i) => i.fileState !== 'fresh').map((i) => i.node.filePath))].sort(compareText);
  return { task, terms, budgetBytes: budget, usedBytes: used, items, omitted: ranked.length - items.length - skipped, staleFiles };
}

interface Ranked {
  node: NodeDetails;
  score: number;
  matched: string[];
}

/** Candidates whose name, container or docs share a term, scored by weighted term overlap. */
function rank(project: Project, terms: string[]): Ranked[] {
  const { store } = project;
  const candidates = new Map<string, NodeDetails>();
  const stems = terms.map(stem);
  const likes = stems.map((t) => `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  for (const node of store.nodesWithNameLike(likes, CANDIDATE_CAP, NOT_DECLARATIONS)) candidates.set(node.id, node);
  const fts = store.fullText(stems.map((t) => ftsExpression([t])).join(' OR '), CANDIDATE_CAP) ?? [];
  for (const { node } of fts) if (!NOT_DECLARATIONS.includes(node.kind)) candidates.set(node.id, node);

  const matches = [...candidates.values()].map((node) => {
    const nameStems = new Set(identifierSegments(node.name).map(stem));
    const containerStems = new Set(identifierSegments(node.qualifiedName.slice(0, -node.name.length)).map(stem));
    const textStems = new Set(identifierSegments(`${node.docstring ?? ''} ${node.signature ?? ''}`).map(stem));
    const where: number[] = stems.map((s) => (nameStems.has(s) ? 1 : containerStems.has(s) ? 0.5 : textStems.has(s) ? 0.3 : 0));
    return { node, where };
  });
  // Rarer terms tell more: weight each by its inverse frequency among the candidates.
  const frequency = stems.map((_, i) => matches.filter((m) => m.where[i] > 0).length);
  const idf = frequency.map((f) => Math.log(1 + (matches.length + 1) / (f + 1)));
  const ranked: Ranked[] = [];
  for (const { node, where } of matches) {
    const matched = terms.filter((_, i) => where[i] > 0);
    if (matched.length === 0) continue;
    const overlap = where.reduce((sum, w, i) => sum + w * idf[i], 0);
    const coverage = matched.length / terms.length;
    ranked.push({ node, score: overlap * (1 + coverage) * (KIND_WEIGHT[node.kind] ?? 0.6), matched });
  }
  return ranked.sort((a, b) => b.score - a.score || compareNodes(a.node, b.node));
}

/** A light stemmer so `parsing`, `parser` and `parse` meet. */
export function stem(word: string): string {
  for (const suffix of ['ings', 'ing', 'ers', 'er', 'ies', 'ed', 'es', 's']) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      const base = word.slice(0, -suffix.length);
      return suffix === 'ies' ? `${base}y` : dropFinalE(base);
    }
  }
  return dropFinalE(word);
}

function dropFinalE(word: string): string {
  return word.length > 3 && word.endsWith('e') ? word.slice(0, -1) : word;
}
