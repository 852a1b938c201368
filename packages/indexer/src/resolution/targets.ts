/**
 * The data the resolver's modules pass each other: a declaration's address, what a name lookup
 * lands on, how a site resolved; and operations on lookup answers. Low in resolution/: it imports
 * only the model and the vocabulary, so the lookup steps and the symbol tables both build on it.
 */
import type { EdgeKind } from '../model/graph-vocabulary.js';
import type { ResolvedBy, UnresolvedReason } from './resolved-by.js';

export interface DeclarationRef {
  file: string;
  localId: number;
}

export type Target =
  /** `samePackage`: found among the declarations of another file of the site's package. */
  | { type: 'declaration'; ref: DeclarationRef; samePackage?: boolean }
  | { type: 'module'; file: string }
  /** A module that is a set of files (a package of several files), by its `packageOf` key. */
  | { type: 'file-set'; key: string }
  /** A package with no file of its own (a namespace package), reached by its dotted name. */
  | { type: 'package'; fromFile: string; specifier: string }
  | { type: 'external'; specifier: string }
  | { type: 'missing'; file: string; name: string }
  | { type: 'ambiguous'; candidates: DeclarationRef[] };

/** What the reference resolver answers for one site: the declaration it lands on, or why none. */
export type Resolution =
  | { resolved: true; target: DeclarationRef; edgeKind: EdgeKind; resolvedBy: ResolvedBy }
  | { resolved: false; reason: UnresolvedReason; candidates?: DeclarationRef[]; likelyInternal: boolean };

/** The targets without repeats (one declaration, module, package or file set once), in order. */
export function dedupeTargets(targets: Target[]): Target[] {
  const seen = new Set<string>();
  const out: Target[] = [];
  for (const t of targets) {
    const key =
      t.type === 'declaration' ? `d:${t.ref.file}:${t.ref.localId}` : t.type === 'module' ? `m:${t.file}` : t.type === 'package' ? `p:${t.specifier}`
        : t.type === 'file-set' ? `f:${t.key}` : t.type;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(t);
  }
  return out;
}
