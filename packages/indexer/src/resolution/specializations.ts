/**
 * Specializations: a type declared with arguments in its name (C++ `template <> struct get_idx<std::size_t>`,
 * `template <typename E, size_t N> class View<E[N]>`) is the body the type of its bare name has for those arguments.
 * A member reached through the bare name with arguments written (`get_idx<std::size_t>::get()`) is the matching
 * specialization's, never the primary type's; where the language cannot tell which body the arguments select, nothing.
 */
import type { Declaration, FileExtraction } from '../model/extraction.js';
import type { NodeKind } from '../model/graph-vocabulary.js';
import type { DeclarationRef } from './targets.js';
import type { NameBindingRules } from '../model/language-support.js';

const SPECIALIZED_KINDS: ReadonlySet<NodeKind> = new Set(['class', 'struct']);

interface Specialization {
  ref: DeclarationRef;
  declaration: Declaration;
  /** `<E[N]>` of `View<E[N]>`. */
  arguments: string;
}

/** What the written arguments select: the primary type (no specialization matches), one specialization, or unknown. */
export type SpecializationChoice = { kind: 'primary' } | { kind: 'specialization'; ref: DeclarationRef } | { kind: 'unknown' };

export class Specializations {
  private byName?: Map<string, Specialization[]>;

  constructor(
    private readonly files: () => Iterable<FileExtraction>,
    private readonly bindingOf: (file: FileExtraction) => NameBindingRules,
  ) {}

  private index(): Map<string, Specialization[]> {
    if (this.byName) return this.byName;
    this.byName = new Map();
    for (const file of this.files()) {
      if (!this.bindingOf(file).specializationMatch) continue;
      file.declarations.forEach((declaration, localId) => {
        const open = declaration.name.indexOf('<');
        if (open <= 0 || !SPECIALIZED_KINDS.has(declaration.kind)) return;
        const base = declaration.name.slice(0, open);
        const list = this.byName!.get(base) ?? [];
        list.push({ ref: { file: file.path, localId }, declaration, arguments: declaration.name.slice(open) });
        this.byName!.set(base, list);
      });
    }
    return this.byName;
  }

  /** Whether the workspace declares any specialization of a type named `name`. */
  has(name: string): boolean {
    return this.index().has(name);
  }

  /**
   * The body of `primary` (a type declared by its bare name) that `written` arguments select. Specializations written
   * in the primary's scope count, and those written from outside it (`struct fmt::formatter<Color, C>`, whose scope
   * arbor cannot place).
   */
  choose(primary: Declaration, written: string, rules: NameBindingRules, declaresClass: (type: string, scope: DeclarationRef) => boolean): SpecializationChoice {
    const match = rules.specializationMatch;
    const candidates = (this.index().get(primary.name) ?? []).filter(({ declaration }) =>
      declaration.qualifiedName === `${primary.qualifiedName}${declaration.name.slice(primary.name.length)}` || declaration.qualifiedName === declaration.name);
    if (!match || candidates.length === 0) return { kind: 'primary' };
    // A full specialization written with exactly these arguments is the most specialized body there is (two of one type
    // would not compile): whatever the others are for.
    const exact = candidates.filter((s) => (s.declaration.typeParameters ?? []).length === 0 && match(written, s.arguments, [], (type) => declaresClass(type, s.ref)) === 'yes');
    if (exact.length === 1) return { kind: 'specialization', ref: exact[0].ref };
    const matching: Specialization[] = [];
    for (const candidate of candidates) {
      const answer = match(written, candidate.arguments, candidate.declaration.typeParameters ?? [], (type) => declaresClass(type, candidate.ref));
      if (answer === 'unknown') return { kind: 'unknown' };
      if (answer === 'yes') matching.push(candidate);
    }
    if (matching.length === 0) return { kind: 'primary' };
    // Several match (`View<E[N]>` and `View<int[3]>`): the one written for exactly these arguments, else unknown.
    const full = matching.length === 1 ? matching : matching.filter((s) => (s.declaration.typeParameters ?? []).length === 0);
    return full.length === 1 ? { kind: 'specialization', ref: full[0].ref } : { kind: 'unknown' };
  }
}
