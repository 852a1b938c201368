/**
 * Top-level declarations by (language family, name), for the last-resort rule: a bare call
 * links to a declaration only when exactly one declaration of a fitting kind has that name.
 *
 * Only module-level declarations count: a method or a nested function cannot be reached by a
 * bare name from another file, so counting them would only manufacture ambiguity or, worse,
 * a wrong unique match.
 */
import type { FileExtraction, ReferenceKind } from '../model/extraction.js';
import type { NodeKind } from '../model/graph-vocabulary.js';
import type { DeclarationRef } from './workspace-symbols.js';

const KINDS_BY_SITE: Record<ReferenceKind, ReadonlySet<NodeKind>> = {
  calls: new Set(['function', 'class', 'component']),
  instantiates: new Set(['class', 'function']),
  extends: new Set(['class', 'interface', 'struct', 'trait', 'protocol']),
  implements: new Set(['interface', 'trait', 'protocol', 'class']),
  references: new Set(['function']),
};

// Variables are indexed only so that they make a shared name ambiguous; they are never targets.
const INDEXED_KINDS: ReadonlySet<NodeKind> = new Set([
  'function', 'class', 'component', 'interface', 'struct', 'trait', 'protocol', 'variable', 'constant', 'enum', 'type_alias',
]);

export class UniqueNameIndex {
  private readonly byName = new Map<string, Array<{ ref: DeclarationRef; kind: NodeKind }>>();

  add(family: string, file: FileExtraction): void {
    file.declarations.forEach((decl, localId) => {
      if (decl.parent !== null || !INDEXED_KINDS.has(decl.kind)) return;
      const key = `${family}\0${decl.name}`;
      const list = this.byName.get(key);
      const entry = { ref: { file: file.path, localId }, kind: decl.kind };
      if (list) list.push(entry);
      else this.byName.set(key, [entry]);
    });
  }

  /**
   * Every declaration that a bare `name` of this site kind could mean. Overloads and merged
   * declarations in one file count once (they are one symbol).
   */
  lookup(family: string, name: string, siteKind: ReferenceKind): DeclarationRef[] {
    const entries = this.byName.get(`${family}\0${name}`);
    if (!entries) return [];
    const accepted = KINDS_BY_SITE[siteKind];
    const perFile = new Map<string, DeclarationRef>();
    for (const entry of entries) {
      if (!accepted.has(entry.kind)) continue;
      if (!perFile.has(entry.ref.file)) perFile.set(entry.ref.file, entry.ref);
    }
    const linkable = [...perFile.values()];
    // A same-named declaration of another kind in another file (a variable, a type) still makes
    // a single linkable candidate ambiguous.
    if (linkable.length === 1) return [...linkable, ...entries.filter((e) => e.ref.file !== linkable[0].file).map((e) => e.ref)];
    return linkable;
  }
}
