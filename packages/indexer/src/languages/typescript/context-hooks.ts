/**
 * Radix's scoped React contexts (`@radix-ui/react-context`, re-exported by `radix-ui` as `Context`), as its public
 * declarations state them: `const [createMenuContext, createMenuScope] = createContextScope(NAME)` makes a context
 * factory, and `const [MenuProvider, useMenuContext] = createMenuContext<MenuContextValue>(NAME)` a provider and a hook
 * whose call gives the type argument (`const context = useMenuContext(…); context.onOpenToggle()`). What the generic
 * factory returns is this library's fact, written here, since its code (a dependency, or a generic the resolver does
 * not infer) does not say it to the global pass.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import { annotatedType } from './ecmascript-types.js';
import type { ImportOf } from './react-props.js';

/** Modules whose `createContext` is Radix's tuple-returning one (React's own returns a Context object). */
const RADIX_CONTEXT_MODULES: ReadonlySet<string> = new Set(['@radix-ui/react-context']);
const SCOPE_FACTORY = 'createContextScope';

/**
 * Names of the file's module-level context factories: the first element of `const [f, …] = createContextScope(…)`
 * (or `Context.createContextScope(…)`), and Radix's `createContext` imported by name.
 */
export function contextFactories(program: SyntaxNode, importOf: ImportOf): Set<string> {
  const out = new Set<string>();
  for (const statement of program.namedChildren) {
    const declaration = statement?.type === 'export_statement' ? statement.childForFieldName('declaration') : statement;
    if (declaration?.type !== 'lexical_declaration') continue;
    for (const declarator of declaration.namedChildren) {
      if (declarator?.type !== 'variable_declarator') continue;
      const pattern = declarator.childForFieldName('name');
      const value = declarator.childForFieldName('value');
      const first = pattern?.type === 'array_pattern' ? elements(pattern)[0] : undefined;
      if (first?.type !== 'identifier' || value?.type !== 'call_expression') continue;
      const callee = value.childForFieldName('function');
      const name = callee?.type === 'member_expression' ? callee.childForFieldName('property')?.text : callee?.type === 'identifier' ? callee.text : undefined;
      if (name === SCOPE_FACTORY) out.add(first.text);
    }
  }
  for (const statementName of ['createContext']) {
    const bound = importOf(statementName);
    if (bound && RADIX_CONTEXT_MODULES.has(bound.specifier) && bound.imported === statementName) out.add(statementName);
  }
  return out;
}

/**
 * `const [Provider, useHook] = factory<Value>(…)` of a context factory: the hook's name and its value's type (a
 * function whose call gives a Value); undefined for any other declaration.
 */
export function contextHook(pattern: SyntaxNode, value: SyntaxNode | null, factories: ReadonlySet<string>): { name: string; type: TypeRef } | undefined {
  if (pattern.type !== 'array_pattern' || value?.type !== 'call_expression') return undefined;
  const callee = value.childForFieldName('function');
  if (callee?.type !== 'identifier' || !factories.has(callee.text)) return undefined;
  const args = value.childForFieldName('type_arguments')?.namedChildren.filter((c) => c !== null && c.type !== 'comment') ?? [];
  const hook = elements(pattern)[1];
  const returns = args.length === 1 ? annotatedType(args[0]) : null;
  return hook?.type === 'identifier' && returns ? { name: hook.text, type: { kind: 'function', returns } } : undefined;
}

/** The elements of an array pattern, holes kept as null. */
function elements(pattern: SyntaxNode): Array<SyntaxNode | null> {
  const out: Array<SyntaxNode | null> = [];
  let pendingHole = true;
  for (const child of pattern.children) {
    if (!child || child.type === 'comment' || child.type === '[' || child.type === ']') continue;
    if (child.type === ',') {
      if (pendingHole) out.push(null);
      pendingHole = true;
      continue;
    }
    out.push(child);
    pendingHole = false;
  }
  return out;
}
