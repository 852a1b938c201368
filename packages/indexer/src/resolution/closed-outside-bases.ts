/**
 * Overload selection's answer for a workspace class passed where a parameter names a type outside the
 * workspace (`addParameter(name, type: Type)` or `(name, modifiers: Iterable<KModifier>)` beside
 * `(name, type: TypeName)`, called with a `ClassName`): a workspace class is an outside type only through
 * the outside bases it extends. Where every outside base on its way up is one the language vouches for
 * (`NameBindingRules.closedOutsideBases`: `Comparable`, an enum's implicit `Enum`, with all of their own
 * bases), the class's supertypes are known in full, so such a parameter takes it exactly when it names
 * one of them. Anything else (a base that does not resolve, an alias, an outside base not vouched for):
 * no answer.
 */
import type { Declaration, FileExtraction, ReferenceSite } from '../model/extraction.js';
import type { NameBindingRules } from '../model/language-support.js';
import type { SymbolLookup } from './lookup-steps/symbol-lookup.js';
import type { DeclarationRef, Resolution } from './targets.js';

export interface ClosedBasesWorld {
  symbols: SymbolLookup;
  bindingOf(file: FileExtraction): NameBindingRules;
  heritageSites(classRef: DeclarationRef): Iterable<[FileExtraction, ReferenceSite]>;
  resolve(file: FileExtraction, site: ReferenceSite): Resolution;
  /** Whether the workspace declares a type of this simple name (then an unresolved clause naming it is no outside base). */
  declaresType(name: string): boolean;
}

/** Kinds a heritage clause resolving to continues the walk through: the rest (an alias) leave the bases unknown. */
const CLASS_KINDS = new Set(['class', 'interface', 'enum', 'struct', 'trait']);
const MAX_CLASSES = 64;

/** Every outside supertype of a workspace class, by simple name, or undefined where one is not vouched for. */
export function closedOutsideBases(classRef: DeclarationRef, world: ClosedBasesWorld): Set<string> | undefined {
  const names = new Set<string>();
  const seen = new Set<string>();
  const queue = [classRef];
  while (queue.length > 0) {
    const current = queue.shift()!;
    const key = `${current.file}\0${current.localId}`;
    if (seen.has(key)) continue;
    if (seen.add(key).size > MAX_CLASSES) return undefined;
    const file = world.symbols.extraction(current.file);
    const rules = file && world.bindingOf(file).closedOutsideBases;
    if (!file || !rules) return undefined;
    const declaration: Declaration = world.symbols.declaration(current);
    const implicit = rules.implicit?.(declaration) ?? [];
    if (implicit.length === 0 && world.bindingOf(file).implicitOutsideBase?.(declaration)) return undefined;
    for (const name of implicit) if (!vouch(name, rules.bases, names)) return undefined;
    for (const [siteFile, site] of world.heritageSites(current)) {
      const result = world.resolve(siteFile, site);
      if (result.resolved) {
        if (!CLASS_KINDS.has(world.symbols.declaration(result.target).kind)) return undefined;
        queue.push(result.target);
      } else if ((site.receiver?.length ?? 0) > 0 || world.declaresType(site.name) || !vouch(site.name, rules.bases, names)) {
        return undefined;
      }
    }
  }
  return names;
}

function vouch(name: string, bases: Readonly<Record<string, readonly string[]>>, into: Set<string>): boolean {
  const own = bases[name];
  if (!own) return false;
  into.add(name);
  for (const base of own) into.add(base);
  return true;
}
