/**
 * Lookup steps inside the file: imports written in enclosing functions, enclosing namespaces and
 * modules (or open classes and modules), then the module scope.
 */
import { dedupeTargets, type Target } from '../targets.js';
import { preferDefinitions } from '../prefer-definitions.js';
import type { NameQuery } from './name-query.js';
import type { SymbolLookup } from './symbol-lookup.js';

/** Scopes whose names their nested functions do not see (unlike a function's or a namespace's). */
export const CLASS_BODIES: ReadonlySet<string> = new Set(['class', 'struct', 'interface', 'trait', 'protocol', 'enum']);

/** Declarations a call's arguments choose among (a namespace written in several blocks is one namespace). */
const CALLABLES: ReadonlySet<string> = new Set(['function', 'method']);

/** What a constant name means where classes and modules are open: a class, a module or a constant. */
const CONSTANT_KINDS: ReadonlySet<string> = new Set(['class', 'module', 'constant']);

/** `scoped-imports`: an import inside an enclosing function binds before anything outside it. */
export function scopedImport(symbols: SymbolLookup, { file, enclosing, name }: NameQuery): Target | undefined {
  const scope = symbols.scope(file);
  if (scope.scopedImports.size === 0) return undefined;
  const decls = scope.file.declarations;
  const classBodies = symbols.modulesOf(file)?.bindings?.classBodyImports === true;
  for (let id = enclosing; id !== null && id !== undefined; id = decls[id]?.parent ?? null) {
    if (CLASS_BODIES.has(decls[id].kind) && !classBodies) continue;
    const imports = scope.scopedImports.get(id)?.get(name);
    if (!imports) continue;
    const distinct = dedupeTargets(imports.map((imported) => symbols.resolveImport(file, imported)));
    if (distinct.length === 1) return distinct[0];
    return { type: 'ambiguous', candidates: distinct.flatMap((t) => (t.type === 'declaration' ? [t.ref] : [])) };
  }
  return undefined;
}

/**
 * `enclosing-namespaces`: `namespace N { interface B extends A {} }` — N's own A shadows a module-level
 * or workspace A. Where namespaces span files, the same namespace's blocks in other files count too.
 */
export function enclosingNamespaceMember(symbols: SymbolLookup, { file, enclosing, name }: NameQuery): Target | undefined {
  const decls = symbols.scope(file).file.declarations;
  const spans = symbols.namespacesSpanFiles(file);
  const qualifiedOwner = spans ? outOfLineNamespaceMember(symbols, file, enclosing, name) : undefined;
  if (qualifiedOwner) return qualifiedOwner;
  for (let id = enclosing; id !== null && id !== undefined; id = decls[id]?.parent ?? null) {
    const kind = decls[id].kind;
    if (kind !== 'namespace' && kind !== 'module') continue;
    const members = symbols.members({ file, localId: id }).get(name);
    if (members && spans && members.every((localId) => CALLABLES.has(decls[localId].kind))) {
      // Overloads in one namespace block (`f(s)`, `f(s, filter)`), or in another block of the same namespace
      // (`namespace a { void f(int, std::string) … }` … `namespace a { void f(int, Matcher) … }`): the call's
      // arguments pick among them all, never the first found.
      const own = members.map((localId) => ({ file, localId }));
      const merged = symbols.namespaceMember(file, `${decls[id].qualifiedName}::${name}`);
      const others = merged?.type === 'ambiguous' ? merged.candidates : merged?.type === 'declaration' ? [merged.ref] : [];
      const all = [...own, ...others.filter((ref) => CALLABLES.has(symbols.declaration(ref).kind)
        && !own.some((o) => o.file === ref.file && o.localId === ref.localId))];
      const distinct = preferDefinitions(all, (ref) => symbols.declaration(ref));
      if (distinct.length > 1) return { type: 'ambiguous', candidates: distinct };
      if (members.length > 1) return { type: 'declaration', ref: distinct[0] };
    }
    if (members) return { type: 'declaration', ref: symbols.pickDeclaration(file, members) };
    if (spans) {
      const merged = symbols.namespaceMember(file, `${decls[id].qualifiedName}::${name}`);
      if (merged) return merged;
    }
  }
  return undefined;
}

/**
 * A function defined out of line under a qualified name (C++ `void detail::write(…) { … }` written in namespace fmt):
 * its body sees the names of the namespaces its name passes through (fmt::detail), innermost first, before those of
 * the namespace it is written in. Only where namespaces span files, and only names declared in such a namespace.
 */
function outOfLineNamespaceMember(symbols: SymbolLookup, file: string, enclosing: number | null, name: string): Target | undefined {
  const decls = symbols.scope(file).file.declarations;
  let id = enclosing;
  while (id !== null && id !== undefined && !decls[id].memberOf) {
    if (decls[id].kind === 'namespace' || CLASS_BODIES.has(decls[id].kind)) return undefined;
    id = decls[id].parent;
  }
  const owner = id !== null && id !== undefined ? decls[id].memberOf : undefined;
  if (owner?.kind !== 'named') return undefined;
  const chain = owner.chain;
  let around = decls[id!].parent;
  while (around !== null && decls[around].kind !== 'namespace') around = decls[around].parent;
  const prefix = around !== null ? `${decls[around].qualifiedName}::` : '';
  for (let length = chain.length; length > 0; length--) {
    const found = symbols.namespaceMember(file, `${prefix}${chain.slice(0, length).join('::')}::${name}`);
    if (found) return found;
  }
  return undefined;
}

/**
 * `reopened-scopes`: open classes and modules are lexical scopes of constants only (a method is found
 * through `self`), with the constants of every reopening of each.
 */
export function reopenedScopeConstant(symbols: SymbolLookup, { file, enclosing, name }: NameQuery): Target | undefined {
  const decls = symbols.scope(file).file.declarations;
  for (let id = enclosing; id !== null && id !== undefined; id = decls[id]?.parent ?? null) {
    const kind = decls[id].kind;
    if (kind !== 'namespace' && kind !== 'module' && !CLASS_BODIES.has(kind)) continue;
    const found = symbols.partMembers({ file, localId: id }, name).filter((ref) => CONSTANT_KINDS.has(symbols.declaration(ref).kind));
    if (found.length > 0) return { type: 'declaration', ref: symbols.pickRef(found), samePackage: found[0].file !== file || undefined };
  }
  return undefined;
}

/** Members a bare name cannot mean from inside their container: its instances' fields, its enum's values. */
const INSTANCE_PARTS: ReadonlySet<string> = new Set(['field', 'property', 'enum_member', 'import']);

/**
 * `enclosing-containers`: where a struct is a namespace to everything written in it (Zig), a bare name in
 * a method or a nested type may mean a declaration of any enclosing container (`Timeout.init()` with
 * `const Timeout = struct { … }` beside the method), innermost first.
 */
export function enclosingContainerMember(symbols: SymbolLookup, { file, enclosing, name }: NameQuery): Target | undefined {
  const decls = symbols.scope(file).file.declarations;
  for (let id = enclosing; id !== null && id !== undefined; id = decls[id]?.parent ?? null) {
    if (!CLASS_BODIES.has(decls[id].kind)) continue;
    const members = (symbols.members({ file, localId: id }).get(name) ?? []).filter((m) => !INSTANCE_PARTS.has(decls[m].kind));
    if (members.length > 0) return { type: 'declaration', ref: symbols.pickDeclaration(file, members) };
  }
  return undefined;
}

/** Declarations a function body may hold that a type position names. */
const LOCAL_TYPE_KINDS: ReadonlySet<string> = new Set(['class', 'interface', 'enum', 'struct', 'type_alias']);

/**
 * `function-local-types`: a class declared in an enclosing function's body (Kotlin `class C : Base()` inside a test
 * function), innermost function first: `val c = C()` is a C. Two of that name in one function (in two of its blocks)
 * are ambiguous.
 */
export function functionLocalType(symbols: SymbolLookup, { file, enclosing, name }: NameQuery): Target | undefined {
  const decls = symbols.scope(file).file.declarations;
  for (let id = enclosing; id !== null && id !== undefined; id = decls[id]?.parent ?? null) {
    if (!CALLABLES.has(decls[id].kind)) continue;
    const types = (symbols.members({ file, localId: id }).get(name) ?? []).filter((m) => LOCAL_TYPE_KINDS.has(decls[m].kind));
    if (types.length === 1) return { type: 'declaration', ref: { file, localId: types[0] } };
    if (types.length > 1) return { type: 'ambiguous', candidates: types.map((localId) => ({ file, localId })) };
  }
  return undefined;
}

/** `module-scope`: a top-level declaration or import of the file. */
export function moduleScopeName(symbols: SymbolLookup, { file, name }: NameQuery): Target | undefined {
  return symbols.resolveModuleName(file, name);
}

/** `global-constants`: a top-level open class or module of another file. */
export function globalConstant(symbols: SymbolLookup, { file, name }: NameQuery): Target | undefined {
  const global = symbols.topLevelOpenDeclaration(file, name);
  return global ? { type: 'declaration', ref: global, samePackage: true } : undefined;
}
