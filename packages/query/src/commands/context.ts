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
import { codeRole, type CodeRole } from '../code-role.js';
import { isTestFile } from '../tests-convention.js';
import { compareText } from '../text/compare.js';
import { identifierSegments, taskTerms } from '../text/identifiers.js';
import { SourceReader } from '../text/source.js';
import { termRarity } from '../text/term-rarity.js';
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
  /** Set when the item is here as a direct neighbour (container, caller, callee) of this top hit. */
  relatedTo: NodeRef | null;
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
  /** Terms of the task left out by the bounds below, and why; empty when every term was used. */
  notes: string[];
  /** Why even the best match is weak (no word of the task in its name), or null. */
  lowConfidence: string | null;
}

const NOT_DECLARATIONS = ['file', 'import', 'export', 'parameter'];
const KIND_WEIGHT: Record<string, number> = {
  function: 1, method: 1, class: 1, struct: 1, interface: 0.9, trait: 0.9, protocol: 0.9, enum: 0.8, type_alias: 0.8,
  module: 0.8, namespace: 0.7, component: 1, route: 1,
};
const CANDIDATE_CAP = 5000;
/**
 * Terms matched at most, in order of appearance: each is one LIKE pattern OR-ed into one SQLite
 * query, and SQLite refuses an expression deeper than 1,000 (a 1,500-word task failed as an
 * unreadable database).
 */
const MAX_TERMS = 64;
/**
 * Longest term matched: SQLite refuses a LIKE pattern over 50,000 bytes (a 50,000-character word
 * failed as an unreadable database), and no identifier segment worth matching is this long.
 */
const MAX_TERM_LENGTH = 128;

/** The task's terms within the bounds above, and a note for each bound that left terms out. */
function boundedTerms(task: string): { terms: string[]; notes: string[] } {
  const all = taskTerms(task);
  const notes: string[] = [];
  const short = all.filter((t) => t.length <= MAX_TERM_LENGTH);
  if (short.length < all.length) {
    const n = all.length - short.length;
    notes.push(`${n} term${n === 1 ? '' : 's'} over ${MAX_TERM_LENGTH} characters left out: no identifier is matched on so long a word`);
  }
  if (short.length > MAX_TERMS) {
    notes.push(`only the first ${MAX_TERMS} of ${short.length} terms used: each term is one more pattern in a single database query`);
  }
  return { terms: short.slice(0, MAX_TERMS), notes };
}

export function context(project: Project, task: string, options: ContextOptions = {}): ContextResult {
  const budget = Math.max(256, Math.floor(options.budget ?? 16 * 1024));
  const limit = Math.max(1, options.limit ?? 12);
  const maxLines = options.maxLines ?? 80;
  const { terms, notes } = boundedTerms(task);
  const empty: ContextResult = { task, terms, budgetBytes: budget, usedBytes: 0, items: [], omitted: 0, staleFiles: [], notes, lowConfidence: null };
  if (terms.length === 0) return empty;

  const ranked = rank(project, task, terms);
  const reader = new SourceReader(project.root, project.store);
  const selected = ranked.slice(0, limit);
  const selectedIds = new Set(selected.map((r) => r.node.id));
  const items: ContextItem[] = [];
  let used = 0;
  const shown: Array<{ filePath: string; startLine: number; endLine: number }> = [];
  let skipped = 0;
  for (const { node, score, matched, relatedTo } of ranked) {
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
      relatedTo: relatedTo ?? null,
      signature: node.signature,
      calls: related('out'),
      calledBy: related('in'),
      source: { startLine: block.startLine, endLine: text === null ? block.startLine : block.endLine, text, truncated: block.truncated || text === null },
      fileState: block.fileState,
    });
  }
  const staleFiles = [...new Set(items.filter((i) => i.fileState !== 'fresh').map((i) => i.node.filePath))].sort(compareText);
  const best = ranked[0];
  const lowConfidence = best && !best.relatedTo && !best.named
    ? `the best match shares words with the task only in its signature or docs: ${best.node.qualifiedName}`
    : null;
  return { task, terms, budgetBytes: budget, usedBytes: used, items, omitted: ranked.length - items.length - skipped, staleFiles, notes, lowConfidence };
}

interface Ranked {
  node: NodeDetails;
  score: number;
  matched: string[];
  /** Some term of the task is in the name, its container's or its file's (not only in docs or signature). */
  named?: boolean;
  /** For a neighbour brought in by a top hit: that hit. */
  relatedTo?: NodeRef;
}

/** A declaration named exactly as an identifier in the task (`parseAsync`, `find_best_app`). */
const EXACT_BONUS = 3;
/** A name whose segments are consecutive task words (`test client` → test_client). */
const SPELLED_BONUS = 2;
/** Declarations in test files weigh this much: the task's subject is usually the code under test. */
const ROLE_WEIGHT: Record<CodeRole, number> = { implementation: 1, test: 0.5, example: 0.7 };
/** Neighbours (container, callers, callees) of this many top hits join the ranking... */
const NEIGHBOUR_SEEDS = 3;
/** ...at this share of the hit's score, so they follow it unless they match the task themselves. */
const NEIGHBOUR_SHARE = 0.6;
const NEIGHBOURS_PER_SEED = 3;

/**
 * Candidates whose name, container, file name or docs share a term, scored by term overlap
 * weighted by each term's rarity in the whole repository (idf over declaration names, so filler
 * such as "option" or "value" weighs little), with bonuses for exact identifiers, a penalty for
 * test files, and the direct neighbours of the top hits added after them.
 */
function rank(project: Project, task: string, terms: string[]): Ranked[] {
  const { store } = project;
  const candidates = new Map<string, NodeDetails>();
  const stems = terms.map(stem);
  const likes = stems.map((t) => `%${t.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  for (const node of store.nodesWithNameLike(likes, CANDIDATE_CAP, NOT_DECLARATIONS)) candidates.set(node.id, node);
  const fts = store.fullText(stems.map((t) => ftsExpression([t])).join(' OR '), CANDIDATE_CAP) ?? [];
  for (const { node } of fts) if (!NOT_DECLARATIONS.includes(node.kind)) candidates.set(node.id, node);
  // One lookup each: bounded like the terms.
  const identifiers = new Set([...taskIdentifiers(task)].slice(0, MAX_TERMS));
  for (const word of identifiers) {
    for (const node of store.nodesByName(word)) if (!NOT_DECLARATIONS.includes(node.kind)) candidates.set(node.id, node);
  }

  // Repository-wide rarity: how many declarations carry the term in their name.
  const idf = termRarity(store, likes);

  const ranked: Ranked[] = [];
  for (const node of candidates.values()) {
    const nameSegments = identifierSegments(node.name).map(stem);
    const nameStems = new Set(nameSegments);
    const container = node.qualifiedName.slice(0, -node.name.length);
    const base = node.filePath.slice(node.filePath.lastIndexOf('/') + 1).replace(/\.[^.]*$/, '');
    const containerStems = new Set(identifierSegments(container === '' ? base : container).map(stem));
    const textStems = new Set(identifierSegments(`${node.docstring ?? ''} ${node.signature ?? ''}`).map(stem));
    const where: number[] = stems.map((s) => (nameStems.has(s) ? 1 : containerStems.has(s) ? 0.5 : textStems.has(s) ? 0.3 : 0));
    const matched = terms.filter((_, i) => where[i] > 0);
    if (matched.length === 0) continue;
    const overlap = where.reduce((sum, w, i) => sum + w * idf[i], 0);
    const coverage = matched.length / terms.length;
    let score = overlap * (1 + coverage) * (KIND_WEIGHT[node.kind] ?? 0.6);
    if (identifiers.has(node.name)) score *= EXACT_BONUS;
    else if (nameSegments.length > 1 && spelledByTerms(nameSegments, stems)) score *= SPELLED_BONUS;
    score *= ROLE_WEIGHT[codeRole(node.filePath)];
    ranked.push({ node, score, matched, named: where.some((w) => w >= 0.5) });
  }
  ranked.sort(byScore);
  return withNeighbours(project, ranked);
}

function byScore(a: Ranked, b: Ranked): number {
  return b.score - a.score || compareNodes(a.node, b.node);
}

/** Words of the task written as code: with an underscore, a `$`, or a capital inside (`parseAsync`, `find_best_app`). */
export function taskIdentifiers(task: string): Set<string> {
  const out = new Set<string>();
  for (const word of task.split(/[^A-Za-z0-9_$\u00C0-\uFFFF]+/)) {
    if (word.length >= 3 && /[A-Za-z]/.test(word) && (/[_$]/.test(word.slice(1)) || /[a-z][A-Z]/.test(word))) out.add(word);
  }
  return out;
}

/** The name's segments are a run of consecutive task terms. */
function spelledByTerms(segments: string[], stems: string[]): boolean {
  for (let i = 0; i + segments.length <= stems.length; i++) {
    if (segments.every((s, j) => stems[i + j] === s)) return true;
  }
  return false;
}

/**
 * The top hits' direct neighbours — the class of a method, what it calls and what calls it
 * (implementation first) — join the ranking right behind the hit unless they scored better
 * on their own.
 */
function withNeighbours(project: Project, ranked: Ranked[]): Ranked[] {
  const byId = new Map(ranked.map((r) => [r.node.id, r]));
  const added: Ranked[] = [];
  for (const hit of ranked.slice(0, NEIGHBOUR_SEEDS)) {
    const near: NodeRef[] = [];
    const parent = project.store.edgesTo([hit.node.id], ['contains']).find((e) => e.source !== hit.node.id);
    const seen = new Set<string>([hit.node.id]);
    const push = (n: NodeRef | undefined) => {
      if (n && !seen.has(n.id) && !NOT_DECLARATIONS.includes(n.kind)) {
        seen.add(n.id);
        near.push(n);
      }
    };
    if (parent) push(project.store.node(parent.source));
    const related = [...neighbours(project.store, hit.node, 'out', CALL_KINDS), ...neighbours(project.store, hit.node, 'in', CALL_KINDS)]
      .map((r) => r.node)
      .sort((a, b) => Number(isTestFile(a.filePath)) - Number(isTestFile(b.filePath)) || compareNodes(a, b));
    for (const n of related) push(n);
    const details = project.store.nodes(near.slice(0, NEIGHBOURS_PER_SEED + 1).map((n) => n.id));
    let taken = 0;
    for (const n of near) {
      if (taken >= NEIGHBOURS_PER_SEED + (parent ? 1 : 0)) break;
      const node = details.get(n.id);
      if (!node) continue;
      taken++;
      const score = hit.score * NEIGHBOUR_SHARE * ROLE_WEIGHT[codeRole(node.filePath)];
      const known = byId.get(node.id);
      if (known && known.score >= score) continue;
      const entry: Ranked = { node, score, matched: known?.matched ?? [], relatedTo: toRef(hit.node) };
      if (known) Object.assign(known, entry);
      else {
        byId.set(node.id, entry);
        added.push(entry);
      }
    }
  }
  return [...ranked, ...added].sort(byScore);
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
