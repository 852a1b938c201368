/**
 * Class methods of outside classes that build an instance of the class they are called on
 * (`NameBindingRules.outsideBaseBuilders`): Ruby's `Hash.[]`, so `Configuration[{…}]` with
 * `class Configuration < Hash` is a Configuration. Proven only where the class's chain of workspace
 * superclasses ends at one of those outside classes (or at a workspace reopening of one: `class Hash`
 * in a core extension) and none of them declares a method of that name.
 */
import type { FileExtraction, ReferenceSite } from '../model/extraction.js';
import type { NameBindingRules } from '../model/language-support.js';
import type { SymbolLookup } from './lookup-steps/symbol-lookup.js';
import type { DeclarationRef, Resolution } from './targets.js';

export interface BuilderWorld {
  symbols: SymbolLookup;
  bindingOf(file: FileExtraction): NameBindingRules;
  heritageSites(classRef: DeclarationRef): Iterable<[FileExtraction, ReferenceSite]>;
  resolve(file: FileExtraction, site: ReferenceSite): Resolution;
  /** Whether the class or a proven base declares a class method `name`. */
  hasClassMethod(classRef: DeclarationRef, name: string): boolean;
}

const MAX_DEPTH = 16;

export function builtByOutsideBase(classRef: DeclarationRef, name: string, world: BuilderWorld): boolean {
  const file = world.symbols.extraction(classRef.file);
  const bases = file ? world.bindingOf(file).outsideBaseBuilders?.[name] : undefined;
  if (!bases || world.symbols.declaration(classRef).kind !== 'class' || world.hasClassMethod(classRef, name)) return false;
  let current = classRef;
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    // A reopening of the outside class itself (`class Hash` adding helpers) is still that class.
    if (depth > 0 && bases.includes(world.symbols.declaration(current).qualifiedName)) return true;
    const clauses = [...world.heritageSites(current)].filter(([, site]) => site.kind === 'extends');
    if (clauses.length === 0) return false;
    const resolved = clauses.map(([siteFile, site]) => world.resolve(siteFile, site));
    if (resolved.every((result) => !result.resolved)) {
      return clauses.every(([, site]) => bases.includes([...(site.receiver ?? []), site.name].join('::')));
    }
    const targets = new Set(resolved.map((result) => (result.resolved ? `${result.target.file}\0${result.target.localId}` : '')));
    if (targets.size !== 1 || !resolved[0].resolved) return false;
    current = resolved[0].target;
  }
  return false;
}
