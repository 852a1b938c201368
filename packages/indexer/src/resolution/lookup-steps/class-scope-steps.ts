/**
 * Lookup steps of languages whose classes are scopes of the types they nest (C++): a nested type is named
 * by its bare name in its class's body and in the bodies of the class's members, also those defined outside it.
 */
import type { NodeKind } from '../../model/graph-vocabulary.js';
import type { DeclarationRef, Target } from '../targets.js';
import { CLASS_BODIES } from './lexical-steps.js';
import type { NameQuery } from './name-query.js';
import type { SymbolLookup } from './symbol-lookup.js';

const NESTED_TYPE_KINDS: ReadonlySet<NodeKind> = new Set(['class', 'struct', 'enum', 'interface', 'type_alias']);

/**
 * `enclosing-class-types`: a type nested in a class the name is written in, innermost first — the class whose
 * body holds it (`Options options_;` in `class RE2 { class Options {…}; }`), or the class a member written
 * outside it belongs to (`Inst* ip` in `void Prog::Optimize() {…}`), then the classes around that class.
 * Types only: a bare call means a member through `class-members`.
 */
export function enclosingClassType(symbols: SymbolLookup, { file, enclosing, name }: NameQuery): Target | undefined {
  const decls = symbols.scope(file).file.declarations;
  for (let id = enclosing; id !== null && id !== undefined; id = decls[id]?.parent ?? null) {
    const decl = decls[id];
    const owner = CLASS_BODIES.has(decl.kind) ? { file, localId: id } : decl.memberOf?.kind === 'named' ? outOfLineClass(symbols, file, decl.parent, decl.memberOf.chain) : undefined;
    const found = owner && nestedType(symbols, owner, name, file);
    if (found) return found;
  }
  return undefined;
}

/**
 * `enclosing-partial-types`: a type nested in a class around the name, in whichever part of it declares the type
 * (`Table` inside `partial class Mapper { class Row { Table t; } }` where another file's `partial class Mapper` nests
 * `class Table`), innermost class first. One type (or the parts of one partial type) only.
 */
export function enclosingPartialType(symbols: SymbolLookup, { file, enclosing, name }: NameQuery): Target | undefined {
  const decls = symbols.scope(file).file.declarations;
  for (let id = enclosing; id !== null && id !== undefined; id = decls[id]?.parent ?? null) {
    if (!CLASS_BODIES.has(decls[id].kind)) continue;
    const types = symbols.partMembers({ file, localId: id }, name).filter((ref) => NESTED_TYPE_KINDS.has(symbols.declaration(ref).kind));
    if (types.length === 0) continue;
    if (types.length > 1 && !symbols.onePartialType(types)) return undefined;
    const ref = types.length > 1 ? symbols.mainPart(types) : types[0];
    return { type: 'declaration', ref, samePackage: ref.file !== file || undefined };
  }
  return undefined;
}

/** The type `name` nested in `owner` or in a class around it (in its file). */
function nestedType(symbols: SymbolLookup, owner: DeclarationRef, name: string, from: string, depth = 0): Target | undefined {
  const decls = symbols.extraction(owner.file)!.declarations;
  let id: number | null = owner.localId;
  for (; id !== null && CLASS_BODIES.has(decls[id].kind); id = decls[id].parent) {
    const types = (symbols.members({ file: owner.file, localId: id }).get(name) ?? []).filter((m) => NESTED_TYPE_KINDS.has(decls[m].kind));
    if (types.length > 0) return { type: 'declaration', ref: symbols.pickDeclaration(owner.file, types), samePackage: owner.file !== from || undefined };
    const outside = typesDefinedOutside(symbols, { file: owner.file, localId: id }, name);
    if (outside.length === 1) return { type: 'declaration', ref: outside[0], samePackage: outside[0].file !== from || undefined };
    if (outside.length > 1) return undefined;
    // A class defined outside its owner's body (`class Prefilter::Info { … }`) sees the owner's nested types next.
    const memberOf = decls[id].memberOf;
    if (memberOf?.kind === 'named' && depth < 4) {
      const around = outOfLineClass(symbols, owner.file, decls[id].parent, memberOf.chain);
      return around ? nestedType(symbols, around, name, from, depth + 1) : undefined;
    }
  }
  return undefined;
}

/**
 * The types named `name` nested in `owner` but defined outside its body (`class Regexp::ParseState { … }`, pimpl's
 * `struct Widget::Impl { … }`), its body declaring at most `class ParseState;`. `depth` bounds the walk of qualifiers.
 */
function typesDefinedOutside(symbols: SymbolLookup, owner: DeclarationRef, name: string, depth = 0): DeclarationRef[] {
  if (depth > 4) return [];
  return symbols.typesDeclaredOutside(name).filter((ref) => {
    const decl = symbols.declaration(ref);
    const around = decl.memberOf?.kind === 'named' ? outOfLineClass(symbols, ref.file, decl.parent, decl.memberOf.chain, depth + 1) : undefined;
    return around !== undefined && around.file === owner.file && around.localId === owner.localId;
  });
}

/**
 * The class `chain` names as written where an out-of-line member stands (`Prog` in `void Prog::f()` inside
 * `namespace re2`: `re2::Prog`, else a global `Prog`), walking nested classes (`RE2::Options::Options`). One only.
 */
function outOfLineClass(symbols: SymbolLookup, file: string, parent: number | null, chain: string[], depth = 0): DeclarationRef | undefined {
  const decls = symbols.extraction(file)!.declarations;
  const prefixes: string[] = [];
  for (let id = parent; id !== null && id !== undefined; id = decls[id]?.parent ?? null) {
    if (decls[id].kind === 'namespace') prefixes.push(`${decls[id].qualifiedName}::`);
  }
  prefixes.push('');
  for (const prefix of prefixes) {
    const head = symbols.namespaceMember(file, `${prefix}${chain[0]}`, NESTED_TYPE_KINDS);
    if (!head) continue;
    if (head.type !== 'declaration') return undefined;
    let current: DeclarationRef = head.ref;
    for (const part of chain.slice(1)) {
      const currentDecls = symbols.extraction(current.file)!.declarations;
      const nested: number[] = (symbols.members(current).get(part) ?? []).filter((m) => NESTED_TYPE_KINDS.has(currentDecls[m].kind));
      if (nested.length === 1) {
        current = { file: current.file, localId: nested[0] };
        continue;
      }
      // `Prefilter::Info* Prefilter::Info::Concat(…)` with `class Prefilter::Info { … }` defined outside Prefilter's body.
      const outside: DeclarationRef[] = nested.length === 0 ? typesDefinedOutside(symbols, current, part, depth) : [];
      if (outside.length !== 1) return undefined;
      current = outside[0];
    }
    return current;
  }
  return undefined;
}
