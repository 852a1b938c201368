/**
 * Lookup steps of languages whose namespaces span files: the namespaces `using namespace`-style
 * directives bring in, and the types and namespaces of the global namespace in other files
 * (functions are left to `workspace-unique`, which tells a prototype from its definition).
 */
import type { NodeKind } from '../../model/graph-vocabulary.js';
import { dedupeTargets, type Target } from '../targets.js';
import type { NameQuery } from './name-query.js';
import type { SymbolLookup } from './symbol-lookup.js';

const NAMESPACE_KIND: ReadonlySet<NodeKind> = new Set(['namespace']);

/** Type and namespace kinds a global name of another file may be found as. */
const GLOBAL_TYPE_KINDS: ReadonlySet<NodeKind> = new Set(['namespace', 'class', 'struct', 'enum', 'type_alias', 'interface']);

/**
 * `namespace-directives`: `name` through the directives in force at a site: written at file level or
 * in a declaration that encloses it. A directive names its namespace as seen where it stands (an
 * enclosing namespace's nested one first). Several namespaces declaring the name: ambiguous.
 */
export function directiveMember(symbols: SymbolLookup, { file, enclosing, name }: NameQuery): Target | undefined {
  const extraction = symbols.extraction(file)!;
  const decls = extraction.declarations;
  const inForce = new Set<number | null>([null]);
  for (let id = enclosing; id !== null && id !== undefined; id = decls[id]?.parent ?? null) inForce.add(id);
  const found: Target[] = [];
  for (const statement of extraction.imports) {
    if (!statement.namespaceImport || !statement.bindings.some((b) => b.imported === '*')) continue;
    const owner = decls[statement.declaration]?.parent ?? null;
    if (!inForce.has(owner)) continue;
    const prefixes: string[] = [];
    for (let id = owner; id !== null && id !== undefined; id = decls[id]?.parent ?? null) {
      if (decls[id].kind === 'namespace') prefixes.push(`${decls[id].qualifiedName}::`);
    }
    prefixes.push('');
    for (const prefix of prefixes) {
      const namespace = symbols.namespaceMember(file, `${prefix}${statement.specifier}`, NAMESPACE_KIND);
      if (!namespace) continue;
      const member = symbols.namespaceMember(file, `${prefix}${statement.specifier}::${name}`);
      if (member?.type === 'declaration' || member?.type === 'ambiguous') found.push(member);
      break;
    }
  }
  const distinct = dedupeTargets(found);
  if (distinct.length === 1) return distinct[0];
  if (distinct.length > 1) return { type: 'ambiguous', candidates: distinct.flatMap((t) => (t.type === 'declaration' ? [t.ref] : t.type === 'ambiguous' ? t.candidates : [])) };
  return undefined;
}

/**
 * `script-globals`: a namespace a file without a scope of its own (a classic script, an ambient declaration file)
 * declares at top level, seen from any file: scripts share one global scope. Declared by several such files (merged
 * declarations): ambiguous.
 */
export function scriptGlobalNamespace(symbols: SymbolLookup, { file, name }: NameQuery): Target | undefined {
  const found = symbols.scriptGlobalNamespaces(file, name);
  if (found.length === 1) return { type: 'declaration', ref: found[0], samePackage: found[0].file !== file };
  return found.length > 1 ? { type: 'ambiguous', candidates: found } : undefined;
}

/** `global-namespace-types`: a type or namespace of the global namespace declared in another file. */
export function globalNamespaceType(symbols: SymbolLookup, { file, name }: NameQuery): Target | undefined {
  return symbols.namespaceMember(file, name, GLOBAL_TYPE_KINDS);
}
