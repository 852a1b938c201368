/**
 * `search <query>`: where is it declared. Full-text (FTS5) over names, qualified names,
 * signatures and docstrings with prefix matching, plus a name scan for camelCase/snake_case
 * segments inside one token (FTS sees `getUserName` as a single word). Without a usable FTS
 * table the name scan (LIKE) answers alone.
 */
import { kindSet, pathFilter } from '../filters.js';
import type { NodeDetails, NodeRef } from '../model.js';
import type { Project } from '../project.js';
import { toRef } from '../store/rows.js';
import { compareNodes } from '../symbols/resolve-symbol.js';
import { identifierSegments, matchesSegments } from '../text/identifiers.js';

export interface SearchOptions {
  kind?: string | string[];
  language?: string | string[];
  file?: string;
  /** Default 20; 0 for no limit. */
  limit?: number;
}

/** How a result matched, best first. */
export type MatchQuality = 'exact' | 'exact-ignoring-case' | 'qualified' | 'prefix' | 'segment' | 'substring' | 'text';

export interface SearchHit {
  node: NodeRef;
  match: MatchQuality;
  score: number;
  signature: string | null;
}

export interface SearchResult {
  query: string;
  /** `fts5` when the full-text index answered (with the name scan), `like` when only the scan could. */
  engine: 'fts5' | 'like';
  results: SearchHit[];
  total: number;
  truncated: boolean;
}

const QUALITY_SCORE: Record<MatchQuality, number> = {
  exact: 100, 'exact-ignoring-case': 90, qualified: 85, prefix: 70, segment: 55, substring: 35, text: 20,
};
/** Kinds that restate a name rather than declare it rank below declarations. */
const KIND_PENALTY: Record<string, number> = { import: 40, export: 30, parameter: 35, file: 5 };
const CANDIDATE_CAP = 2000;

/** A 10,000-character query made bm25 score thousands of phrases per row (211 s): distinct words, this many, this long. */
const MAX_QUERY_WORDS = 16;
const MAX_WORD_LENGTH = 128;

export function search(project: Project, query: string, options: SearchOptions = {}): SearchResult {
  const words = [...new Set(query.trim().split(/\s+/).filter((w) => w !== '').map((w) => w.slice(0, MAX_WORD_LENGTH)))].slice(0, MAX_QUERY_WORDS);
  const limit = options.limit ?? 20;
  if (words.length === 0) return { query, engine: 'like', results: [], total: 0, truncated: false };

  const kinds = kindSet(options.kind);
  const languages = kindSet(options.language);
  const inFile = pathFilter(project, options.file);
  const keep = (n: NodeDetails) =>
    (!kinds || kinds.has(n.kind)) && (!languages || languages.has(n.language.toLowerCase())) && (!inFile || inFile(n.filePath));

  const candidates = new Map<string, { node: NodeDetails; rank: number }>();
  const fts = project.store.fullText(ftsExpression(words), CANDIDATE_CAP);
  for (const hit of fts ?? []) if (keep(hit.node)) candidates.set(hit.node.id, hit);
  for (const node of nameScan(project, words)) {
    if (keep(node) && !candidates.has(node.id)) candidates.set(node.id, { node, rank: 0 });
  }

  const hits: SearchHit[] = [];
  for (const { node, rank } of candidates.values()) {
    const match = matchQuality(node, words, query.trim());
    if (!match) continue;
    // bm25 ranks are negative, better when lower: a small tie-breaker within one quality.
    const score = QUALITY_SCORE[match] - (KIND_PENALTY[node.kind] ?? 0) + Math.min(5, Math.max(0, -rank));
    hits.push({ node: toRef(node), match, score: Math.round(score * 100) / 100, signature: node.signature });
  }
  hits.sort((a, b) => b.score - a.score || a.node.name.length - b.node.name.length || compareNodes(a.node, b.node));
  const results = limit > 0 ? hits.slice(0, limit) : hits;
  return { query, engine: fts === undefined ? 'like' : 'fts5', results, total: hits.length, truncated: results.length < hits.length };
}

/**
 * Each word as a prefix term; a word with several segments (`userName`) also as the AND of
 * its segments, which finds `user_name` (tokenised by FTS into `user`, `name`).
 */
export function ftsExpression(words: string[]): string {
  const quote = (term: string) => `"${term.replace(/"/g, '""')}"*`;
  return words
    .map((word) => {
      const tokens = word.split(/[^A-Za-z0-9_\u00C0-\uFFFF]+/).filter((t) => t !== '');
      const whole = tokens.length > 1 ? `(${tokens.map(quote).join(' AND ')})` : quote(tokens[0] ?? word);
      const segments = identifierSegments(word);
      const sameAsTokens = segments.join(' ') === tokens.join(' ').toLowerCase();
      const bySegment = segments.length > 1 && !sameAsTokens ? ` OR (${segments.map(quote).join(' AND ')})` : '';
      return `(${whole}${bySegment})`;
    })
    .join(' AND ');
}

/** Names containing the query's first segment anywhere (for segments inside camelCase words). */
function nameScan(project: Project, words: string[]): NodeDetails[] {
  const patterns = new Set<string>();
  for (const word of words) {
    const segments = identifierSegments(word);
    const key = segments[0] ?? word.toLowerCase();
    if (key.length < 2) continue;
    patterns.add(`%${key.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  }
  return project.store.nodesWithNameLike([...patterns], CANDIDATE_CAP);
}

/** How well `node` answers the query (every word must match somewhere), or undefined. */
function matchQuality(node: NodeDetails, words: string[], whole: string): MatchQuality | undefined {
  const name = node.name;
  const lowerName = name.toLowerCase();
  if (name === whole) return 'exact';
  if (lowerName === whole.toLowerCase()) return 'exact-ignoring-case';
  if (node.qualifiedName === whole || node.qualifiedName.endsWith(`::${whole}`)) return 'qualified';

  const text = `${node.qualifiedName} ${node.signature ?? ''} ${node.docstring ?? ''}`.toLowerCase();
  let worst: MatchQuality = 'prefix';
  const order: MatchQuality[] = ['prefix', 'segment', 'substring', 'text'];
  for (const word of words) {
    const lower = word.toLowerCase();
    let quality: MatchQuality | undefined;
    if (lowerName.startsWith(lower)) quality = 'prefix';
    else if (matchesSegments(name, word)) quality = 'segment';
    else if (lowerName.includes(lower)) quality = 'substring';
    else if (identifierSegments(word).every((s) => textHasWordPrefix(text, s))) quality = 'text';
    if (!quality) return undefined;
    if (order.indexOf(quality) > order.indexOf(worst)) worst = quality;
  }
  return worst;
}

/** Word-prefix match in free text: `pars` finds "parses the ..." but not "sparse". */
function textHasWordPrefix(text: string, term: string): boolean {
  let from = 0;
  for (;;) {
    const at = text.indexOf(term, from);
    if (at === -1) return false;
    if (at === 0 || !/[a-z0-9]/.test(text[at - 1])) return true;
    // camelCase inside the text: accept a segment start too.
    from = at + 1;
  }
}
