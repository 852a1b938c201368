/**
 * Unproven sites: references the writer declined to link (`unresolved_refs`) that could still
 * reach a declaration because they use its name. arbor never turns them into edges (a guessed
 * caller sends the reader to the wrong file), but an answer built from edges alone is then a
 * lower bound, and the reader must be told so and where to look.
 *
 * A site may reach declaration D when it is of a followed edge kind, in D's language family, and
 *   - the writer recorded candidates for it and D is one of them, or
 *   - it recorded none, D is a member (method, property, field, …) and the site's last name
 *     segment is D's name: `ctx.app.ensure_sync()` whose receiver's class was not proven, or a
 *     chained call such as `expect(x).toBe()`, recorded by its bare member name.
 * A top-level declaration is reached through a name or a module: when the writer could not link
 * such a site and listed no candidates, the name is bound to something else (a local, a builtin,
 * an import from outside the index), so only candidate lists count for it.
 *
 * The store finds the sites by name in one scan, filtering in SQLite (GraphStore.unresolvedByTail).
 */
import { languageFamily, type Language } from '@arbor/vocabulary';
import type { NodeRef } from '../model.js';
import type { Project } from '../project.js';
import { isTestFile } from '../tests-convention.js';
import { compareText } from '../text/compare.js';
import { referenceTail } from '../text/reference-tail.js';

export { referenceTail };

export interface UnprovenSite {
  /** The reference as written at the site (`ctx.app.ensure_sync`). */
  reference: string;
  /** Edge kind the site would have made (`calls`, `instantiates`, `extends`, …). */
  kind: string;
  filePath: string;
  line: number;
  column: number;
  /** The declaration containing the site, when it is in the graph. */
  from: NodeRef | null;
  /** The declaration(s) it may reach (same name), by id. */
  mayReach: string[];
  /** The writer itself listed the declaration as a candidate (an ambiguous name). */
  candidate: boolean;
  isTest: boolean;
}

/** Whether an answer built from edges is the whole answer, and if not, why and where to look. */
export interface Completeness {
  /** True when nothing the graph records could add to the answer. */
  complete: boolean;
  /** One line per reason the answer may be a lower bound. */
  reasons: string[];
  /** Unproven sites, tests last, at most the command's limit. */
  unprovenSites: UnprovenSite[];
  /** Unproven sites before the limit. */
  unprovenTotal: number;
}

/** Kinds whose same-named sites are reported (the kinds an unresolved ref can have). */
export const MEMBER_KINDS = new Set(['method', 'property', 'field', 'getter', 'setter', 'enum_member', 'constructor']);
/** Names that are not declarations a reference could reach. */
const NOT_TARGETS = new Set(['file', 'import', 'export', 'parameter']);

export const familyOf = (language: string): string => languageFamily(language.toLowerCase() as Language);


/**
 * The unproven sites that could reach any of `targets` along `kinds`, sorted (non-test files
 * first, then by file and line).
 */
export function unprovenSites(project: Project, targets: NodeRef[], kinds: readonly string[]): UnprovenSite[] {
  const { store } = project;
  if (!store.schema.hasUnresolvedRefs) return [];
  const reachable = targets.filter((t) => !NOT_TARGETS.has(t.kind) && t.name !== '');
  if (reachable.length === 0) return [];
  const byName = new Map<string, NodeRef[]>();
  for (const t of reachable) {
    const list = byName.get(t.name) ?? [];
    list.push(t);
    byName.set(t.name, list);
  }
  const byId = new Map(reachable.map((t) => [t.id, t]));
  const rows = store.unresolvedByTail([...byName.keys()], kinds);
  if (rows.length === 0) return [];
  const fromNodes = store.refs(rows.map((r) => r.from_node_id));
  const sites: UnprovenSite[] = [];
  for (const row of rows) {
    const name = referenceTail(row.reference_name);
    const from = fromNodes.get(row.from_node_id) ?? null;
    const filePath = row.file_path || from?.filePath || '';
    const candidates = parseIds(row.candidates);
    let reach: NodeRef[];
    let candidate = false;
    if (candidates.length > 0) {
      reach = candidates.map((id) => byId.get(id)).filter((n): n is NodeRef => n !== undefined);
      candidate = reach.length > 0;
    } else {
      reach = (byName.get(name) ?? []).filter((t) => MEMBER_KINDS.has(t.kind));
    }
    // The containing node's language is the file's; the column is absent or 'unknown' in some writers.
    const language = from?.language ?? (row.language && row.language !== 'unknown' ? row.language : undefined);
    // A reference reaches declarations of its own language family only (the vocabulary's families). The
    // column holds whatever a writer put there: an unknown value is a family of its own.
    if (language) reach = reach.filter((t) => familyOf(t.language) === familyOf(language));
    if (reach.length === 0) continue;
    sites.push({
      reference: row.reference_name,
      kind: row.reference_kind,
      filePath,
      line: Number(row.line),
      column: Number(row.col ?? 0),
      from: from ?? null,
      mayReach: reach.map((t) => t.id).sort(compareText),
      candidate,
      isTest: isTestFile(filePath),
    });
  }
  return sites.sort(
    (a, b) => Number(a.isTest) - Number(b.isTest) || compareText(a.filePath, b.filePath) || a.line - b.line || a.column - b.column,
  );
}

/** The one-line reason for a list of unproven sites, or undefined when there are none. */
export function unprovenReason(sites: UnprovenSite[]): string | undefined {
  if (sites.length === 0) return undefined;
  const files = new Set(sites.map((s) => s.filePath)).size;
  const tests = new Set(sites.filter((s) => s.isTest).map((s) => s.filePath)).size;
  const candidates = sites.filter((s) => s.candidate).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const where = `${plural(files, 'file')}${tests > 0 ? `, ${tests} of them test${tests === 1 ? '' : 's'}` : ''}`;
  const ambiguous = candidates > 0 ? `, ${candidates} with an ambiguous name` : '';
  return `${plural(sites.length, 'unresolved same-name site')} (${where}${ambiguous}) may also reach it: receiver or name not proven`;
}

/** Completeness of an answer from its unproven sites and any other reasons, cut at `limit`. */
export function completeness(sites: UnprovenSite[], limit: number, otherReasons: string[] = []): Completeness {
  const reason = unprovenReason(sites);
  const reasons = [...(reason ? [reason] : []), ...otherReasons];
  return {
    complete: reasons.length === 0,
    reasons,
    unprovenSites: limit > 0 ? sites.slice(0, limit) : sites,
    unprovenTotal: sites.length,
  };
}

function parseIds(text: string | null): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}
