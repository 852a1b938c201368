/**
 * `explore <query>`: the declarations matching a query plus the ones they call and are called
 * by, each with its source text read from disk. A file changed since indexing is flagged
 * (its content hash differs), never shown as if current.
 */
import { CALL_KINDS, neighbours } from '../graph/traversal.js';
import type { FileState, NodeDetails, NodeRef } from '../model.js';
import type { Project } from '../project.js';
import { toRef } from '../store/rows.js';
import { SourceReader } from '../text/source.js';
import { compareText } from '../text/compare.js';
import { search, type SearchOptions } from './search.js';

export interface ExploreOptions extends Pick<SearchOptions, 'kind' | 'language' | 'file'> {
  /** Declarations in all (matches first, then related). Default 8. */
  limit?: number;
  /** How many search matches seed the exploration. Default 3. */
  matches?: number;
  /** Source lines shown per declaration. Default 60. */
  maxLines?: number;
}

export interface ExploreItem {
  node: NodeRef;
  /** `match` for a search result; `callee`/`caller` of `relatedTo` otherwise. */
  relation: 'match' | 'callee' | 'caller';
  relatedTo: string | null;
  signature: string | null;
  docstring: string | null;
  /** `oversized`: the text was cut to the byte caps (a minified line can be megabytes). */
  source: { startLine: number; endLine: number; text: string | null; truncated: boolean; oversized: boolean };
  fileState: FileState;
}

export interface ExploreResult {
  query: string;
  items: ExploreItem[];
  /** Files shown whose content changed (or vanished) since indexing. */
  staleFiles: string[];
}

/** Source bytes shown per declaration and in all: 8 items of a minified file were 7 MB. */
export const MAX_ITEM_SOURCE_BYTES = 16 * 1024;
export const MAX_TOTAL_SOURCE_BYTES = 128 * 1024;

/** `text` cut to at most `max` UTF-8 bytes, never inside a character. */
function cutToBytes(text: string, max: number): { text: string; cut: boolean } {
  if (Buffer.byteLength(text) <= max) return { text, cut: false };
  return { text: Buffer.from(text).subarray(0, Math.max(0, max)).toString('utf8').replace(/\uFFFD+$/, ''), cut: true };
}

/** Kinds that are not declarations worth reading. */
const NOT_DECLARATIONS = new Set(['file', 'import', 'export', 'parameter']);

export function explore(project: Project, query: string, options: ExploreOptions = {}): ExploreResult {
  const limit = Math.max(1, options.limit ?? 8);
  const seedCount = Math.max(1, Math.min(limit, options.matches ?? 3));
  const maxLines = options.maxLines ?? 60;
  const reader = new SourceReader(project.root, project.store);

  const hits = search(project, query, { kind: options.kind, language: options.language, file: options.file, limit: 0 })
    .results.filter((h) => !NOT_DECLARATIONS.has(h.node.kind))
    .slice(0, seedCount);
  const seeds = [...project.store.nodes(hits.map((h) => h.node.id)).values()];
  const order = new Map(hits.map((h, i) => [h.node.id, i]));
  seeds.sort((a, b) => order.get(a.id)! - order.get(b.id)!);

  const chosen = new Map<string, { node: NodeRef; relation: ExploreItem['relation']; relatedTo: string | null }>();
  for (const node of seeds) chosen.set(node.id, { node, relation: 'match', relatedTo: null });
  // Related declarations round-robin over the matches, callees before callers.
  const related = seeds.map((seed) => [
    ...neighbours(project.store, seed, 'out', CALL_KINDS).map((r) => ({ node: r.node, relation: 'callee' as const, relatedTo: seed.id })),
    ...neighbours(project.store, seed, 'in', CALL_KINDS).map((r) => ({ node: r.node, relation: 'caller' as const, relatedTo: seed.id })),
  ].filter((r) => !NOT_DECLARATIONS.has(r.node.kind)));
  for (let i = 0; chosen.size < limit && related.some((list) => i < list.length); i++) {
    for (const list of related) {
      const candidate = list[i];
      if (candidate && !chosen.has(candidate.node.id) && chosen.size < limit) chosen.set(candidate.node.id, candidate);
    }
  }

  const details = project.store.nodes(chosen.keys());
  let budget = MAX_TOTAL_SOURCE_BYTES;
  const items: ExploreItem[] = [...chosen.values()].map(({ node: ref, relation, relatedTo }) => {
    const node: NodeDetails = details.get(ref.id) ?? { ...ref, startColumn: 0, endColumn: 0, signature: null, docstring: null, visibility: null,
      isExported: false, isAsync: false, isStatic: false, isAbstract: false, decorators: [], typeParameters: [] };
    const block = reader.read(node, maxLines);
    const shown = block.text === null ? { text: null, cut: false } : cutToBytes(block.text, Math.min(MAX_ITEM_SOURCE_BYTES, budget));
    if (shown.text !== null) budget -= Buffer.byteLength(shown.text);
    return {
      node: toRef(node),
      relation,
      relatedTo,
      signature: node.signature,
      docstring: node.docstring,
      source: { startLine: block.startLine, endLine: block.endLine, text: shown.text, truncated: block.truncated || shown.cut, oversized: shown.cut },
      fileState: block.fileState,
    };
  });
  const staleFiles = [...new Set(items.filter((i) => i.fileState !== 'fresh').map((i) => i.node.filePath))].sort(compareText);
  return { query, items, staleFiles };
}
