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
import { compareNodes, similarDeclarations } from '../symbols/resolve-symbol.js';
import { codeRole, type CodeRole } from '../code-role.js';
import { identifierSegments, matchesSegments } from '../text/identifiers.js';
import { likeSegments, relativeWeights, termRarity } from '../text/term-rarity.js';

export interface SearchOptions {
  kind?: string | string[];
  language?: string | string[];
  file?: string;
  /** Default 20; 0 for no limit. */
  limit?: number;
}

/**
 * How a result matched, best first. `segments`: the word's segments all appear in the name in
 * order with others between (`find_app` in `find_best_app`); `partial`: a query of several
 * words of which only some match (ranked by how many and how well).
 */
export type MatchQuality = 'exact' | 'exact-ignoring-case' | 'qualified' | 'prefix' | 'segment' | 'segments' | 'substring' | 'text' | 'partial';

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
  /** When nothing matched: declarations with a similar name ("did you mean"), best first. */
  suggestions: NodeRef[];
  /**
   * Why even the best hit is a weak match (only some words matched, or only in docs or inside a
   * longer name), or null: the reader should not take the first hit for the answer.
   */
  lowConfidence: string | null;
}

const WHOLE_SCORE = { exact: 100, 'exact-ignoring-case': 90, qualified: 85 } as const;
type WordQuality = 'prefix' | 'segment' | 'segments' | 'substring' | 'text';
const WORD_SCORE: Record<WordQuality, number> = { prefix: 70, segment: 55, segments: 50, substring: 35, text: 20 };
const WORD_ORDER: WordQuality[] = ['prefix', 'segment', 'segments', 'substring', 'text'];
/** A word found in the container's name (`Config` of Config::from_file) tells more than one in a docstring. */
const CONTAINER_SCORE = 25;
/** The words, joined, spell the name segment by segment (`ensure sync` → ensure_sync). */
const SPELLED_SCORE = 88;
/** A partial match keeps this share of its words' scores: below most full matches of the same words. */
const PARTIAL_FACTOR = 0.6;
/**
 * Kinds that restate a name rather than declare it rank below declarations; a property or field
 * (often a slot typed after the function of the same name) just below a function or class.
 */
const KIND_PENALTY: Record<string, number> = { import: 40, export: 30, parameter: 35, file: 5, property: 3, field: 3, enum_member: 5 };
/** Declarations in tests, benchmarks and examples rank below implementation code that matches as well. */
const ROLE_PENALTY: Record<CodeRole, number> = { implementation: 0, test: 15, example: 10 };
const CANDIDATE_CAP = 2000;

/** A 10,000-character query made bm25 score thousands of phrases per row (211 s): distinct words, this many, this long. */
const MAX_QUERY_WORDS = 16;
const MAX_WORD_LENGTH = 128;

export function search(project: Project, query: string, options: SearchOptions = {}): SearchResult {
  const words = [...new Set(query.trim().split(/\s+/).filter((w) => w !== '').map((w) => w.slice(0, MAX_WORD_LENGTH)))].slice(0, MAX_QUERY_WORDS);
  const limit = options.limit ?? 20;
  if (words.length === 0) return { query, engine: 'like', results: [], total: 0, truncated: false, suggestions: [], lowConfidence: null };

  const kinds = kindSet(options.kind);
  const languages = kindSet(options.language);
  const inFile = pathFilter(project, options.file);
  const keep = (n: NodeDetails) =>
    (!kinds || kinds.has(n.kind)) && (!languages || languages.has(n.language.toLowerCase())) && (!inFile || inFile(n.filePath));

  const candidates = new Map<string, { node: NodeDetails; rank: number }>();
  const fts = project.store.fullText(ftsExpression(words), CANDIDATE_CAP);
  for (const hit of fts ?? []) if (keep(hit.node)) candidates.set(hit.node.id, hit);
  if (words.length > 1) {
    // Declarations matching only some of the words are candidates too (ranked below full matches).
    for (const hit of project.store.fullText(words.map((w) => ftsExpression([w])).join(' OR '), CANDIDATE_CAP) ?? []) {
      if (keep(hit.node) && !candidates.has(hit.node.id)) candidates.set(hit.node.id, hit);
    }
  }
  for (const node of nameScan(project, words)) {
    if (keep(node) && !candidates.has(node.id)) candidates.set(node.id, { node, rank: 0 });
  }

  // Several words: each weighs by its rarity among declaration names, so a common word ("file",
  // "error") moves the ranking less than a rare one.
  const weights = words.length > 1
    ? relativeWeights(termRarity(project.store, words.map((w) => likeSegments(identifierSegments(w).length > 0 ? identifierSegments(w) : [w.toLowerCase()]))))
    : [1];
  const hits: SearchHit[] = [];
  const looseHits = new Set<SearchHit>();
  for (const { node, rank } of candidates.values()) {
    const found = matchQuality(node, words, query.trim(), weights);
    if (!found) continue;
    const penalty = (KIND_PENALTY[node.kind] ?? 0) + ROLE_PENALTY[codeRole(node.filePath)];
    // bm25 ranks are negative, better when lower: a small tie-breaker within one quality.
    const score = found.score - penalty + Math.min(5, Math.max(0, -rank));
    const hit: SearchHit = { node: toRef(node), match: found.match, score: Math.round(score * 100) / 100, signature: node.signature };
    hits.push(hit);
    if (found.docsOnly) looseHits.add(hit);
  }
  hits.sort((a, b) => b.score - a.score || a.node.name.length - b.node.name.length || compareNodes(a.node, b.node));
  breakTiesByUse(project, hits);
  const results = limit > 0 ? hits.slice(0, limit) : hits;
  const suggestions = hits.length === 0 ? similarDeclarations(project, words.join('_'), keep).map(toRef) : [];
  return {
    query, engine: fts === undefined ? 'like' : 'fts5', results, total: hits.length, truncated: results.length < hits.length, suggestions,
    lowConfidence: hits.length > 0 ? weakness(hits[0], words.length, looseHits.has(hits[0])) : null,
  };
}

/** Hits at the top whose ties are broken by use: beyond them the order matters little and costs a query. */
const TIE_WINDOW = 50;

/**
 * Equal scores at the top (`StaticFile` the wrapper, the interface method and the method itself):
 * the declaration more code calls or instantiates first, as what a reader most likely means.
 */
function breakTiesByUse(project: Project, hits: SearchHit[]): void {
  const top = hits.slice(0, TIE_WINDOW);
  const tied = top.filter((h, i) => (i > 0 && top[i - 1].score === h.score) || (i + 1 < top.length && top[i + 1].score === h.score));
  if (tied.length === 0) return;
  const uses = new Map<string, number>();
  for (const edge of project.store.edgesTo(tied.map((h) => h.node.id), ['calls', 'instantiates'])) {
    uses.set(edge.target, (uses.get(edge.target) ?? 0) + 1);
  }
  const used = (h: SearchHit) => uses.get(h.node.id) ?? 0;
  // Stable: only hits of one score change places among themselves.
  top.sort((a, b) => b.score - a.score || used(b) - used(a));
  hits.splice(0, top.length, ...top);
}

/** Why the best hit is weak, or null (see SearchResult.lowConfidence). */
function weakness(best: SearchHit, words: number, docsOnly: boolean): string | null {
  if (best.match === 'partial') return `the best match has only some of the ${words} words`;
  if (docsOnly) return 'the best match has some words only in its signature or docs, not in a name or its file';
  if (best.match === 'substring') return 'the best match has the words only inside longer words of its name';
  return null;
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

interface Quality {
  match: MatchQuality;
  score: number;
  /** Some word was found only in the signature or docstring, not in a name or the declaration's place. */
  docsOnly: boolean;
}

/**
 * How well `node` answers the query, or undefined. Whole-query matches first; otherwise each word
 * is matched against the name (prefix, segment, segments in order, substring), then the
 * container's name and the signature/docstring (text). The score is the mean of the words'
 * scores; a multi-word query where only some words match, at least one in the name, is partial.
 */
function matchQuality(node: NodeDetails, words: string[], whole: string, weights: number[]): Quality | undefined {
  const name = node.name;
  const lowerName = name.toLowerCase();
  if (name === whole) return { match: 'exact', score: WHOLE_SCORE.exact, docsOnly: false };
  if (lowerName === whole.toLowerCase()) return { match: 'exact-ignoring-case', score: WHOLE_SCORE['exact-ignoring-case'], docsOnly: false };
  if (node.qualifiedName === whole || node.qualifiedName.endsWith(`::${whole}`)) return { match: 'qualified', score: WHOLE_SCORE.qualified, docsOnly: false };
  const nameSegments = identifierSegments(name);
  if (words.length > 1 && nameSegments.join(' ') === words.flatMap((w) => identifierSegments(w)).join(' ')) {
    return { match: 'segment', score: SPELLED_SCORE, docsOnly: false };
  }

  const container = node.qualifiedName.length > name.length ? node.qualifiedName.slice(0, -name.length).toLowerCase() : '';
  const text = `${node.signature ?? ''} ${node.docstring ?? ''}`.toLowerCase();
  const place = node.filePath.replace(/\.[^./]*$/, '').toLowerCase();
  let worst: WordQuality = 'prefix';
  let total = 0;
  let matched = 0;
  let inName = 0;
  let inDocsOnly = 0;
  for (const [i, word] of words.entries()) {
    const lower = word.toLowerCase();
    const segments = identifierSegments(word);
    let quality: WordQuality | undefined;
    let score = 0;
    if (lowerName.startsWith(lower)) quality = 'prefix';
    else if (matchesSegments(name, word)) quality = 'segment';
    else if (segments.length > 1 && inOrder(nameSegments, segments)) quality = 'segments';
    else if (lowerName.includes(lower)) quality = 'substring';
    if (quality) {
      score = WORD_SCORE[quality];
      inName++;
    } else if (segments.length > 0 && (segments.every((s) => textHasWordPrefix(container, s)) || segments.every((s) => textHasWordPrefix(place, s)))) {
      // The container's name, or the folder and file the declaration lives in (`verify` in utils/jwt/jwt.ts).
      quality = 'text';
      score = CONTAINER_SCORE;
    } else if (segments.length > 0 && segments.every((s) => textHasWordPrefix(text, s))) {
      quality = 'text';
      score = WORD_SCORE.text;
      inDocsOnly++;
    }
    if (!quality) continue;
    matched++;
    total += score * (weights[i] ?? 1);
    if (WORD_ORDER.indexOf(quality) > WORD_ORDER.indexOf(worst)) worst = quality;
  }
  if (matched === words.length) return { match: worst, score: total / words.length, docsOnly: inDocsOnly > 0 };
  if (words.length > 1 && inName > 0) return { match: 'partial', score: (PARTIAL_FACTOR * total) / words.length, docsOnly: inDocsOnly > 0 };
  return undefined;
}

/** Every one of `wanted` appears in `segments` in order (gaps allowed), the last as a prefix. */
function inOrder(segments: string[], wanted: string[]): boolean {
  let at = 0;
  for (let j = 0; j < wanted.length; j++) {
    const last = j === wanted.length - 1;
    while (at < segments.length && !(last ? segments[at].startsWith(wanted[j]) : segments[at] === wanted[j])) at++;
    if (at === segments.length) return false;
    at++;
  }
  return true;
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
