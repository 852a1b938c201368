/**
 * Constants seen through mixins (`NameBindingRules.constantsThroughMixins`): where a constant is looked up in
 * the ancestors of the class around it after its lexical scopes (Ruby), `include Liquid` in a test class makes
 * `Template` mean `Liquid::Template`. The ancestors are walked nearest first; two found at one distance: none.
 */
import type { SymbolLookup } from './lookup-steps/symbol-lookup.js';
import type { DeclarationRef, Target } from './targets.js';

const CONSTANT_KINDS: ReadonlySet<string> = new Set(['class', 'module', 'constant']);
const MAX_DEPTH = 8;
const key = (ref: DeclarationRef) => `${ref.file}\0${ref.localId}`;

/** `name` declared in an ancestor of `classRef` (not in itself: its own constants are lexical), through `ancestors`. */
export function ancestorConstant(
  symbols: SymbolLookup,
  classRef: DeclarationRef,
  name: string,
  ancestors: (ref: DeclarationRef) => DeclarationRef[],
): Target | undefined {
  const seen = new Set<string>([key(classRef)]);
  let level = ancestors(classRef);
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0; depth++) {
    const found = new Map<string, DeclarationRef>();
    const next: DeclarationRef[] = [];
    for (const ref of level) {
      if (seen.has(key(ref))) continue;
      seen.add(key(ref));
      const members = symbols.partMembers(ref, name).filter((member) => CONSTANT_KINDS.has(symbols.declaration(member).kind));
      // A class reopened in several files is one constant.
      if (members.length > 0) {
        const picked = symbols.pickRef(members);
        found.set(key(picked), picked);
      }
      next.push(...ancestors(ref));
    }
    if (found.size === 1) return { type: 'declaration', ref: [...found.values()][0], samePackage: true };
    if (found.size > 1) return { type: 'ambiguous', candidates: [...found.values()] };
    level = next;
  }
  return undefined;
}

/** `name` declared in one of `modules` (modules included at some file's top level: mixed into every object); several: none. */
export function topLevelIncludedConstant(symbols: SymbolLookup, modules: readonly DeclarationRef[], name: string): Target | undefined {
  const found = new Map<string, DeclarationRef>();
  for (const module of modules) {
    const members = symbols.partMembers(module, name).filter((member) => CONSTANT_KINDS.has(symbols.declaration(member).kind));
    if (members.length === 0) continue;
    const picked = symbols.pickRef(members);
    found.set(key(picked), picked);
  }
  if (found.size === 1) return { type: 'declaration', ref: [...found.values()][0], samePackage: true };
  return found.size > 1 ? { type: 'ambiguous', candidates: [...found.values()] } : undefined;
}
