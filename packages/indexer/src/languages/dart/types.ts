/**
 * Dart types as this grammar writes them: flat sibling runs (`p.Foo<X>?` is `type_identifier p`,
 * `.`, `type_identifier Foo`, `type_arguments`, `nullable_type`), so a type is read from a run of
 * children rather than from one node. A type proves a class when it is a name chain; function
 * types, records, `void`, `dynamic`, `var` and type variables prove none.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';

/** Types that are no class the workspace can declare a member of (`dynamic`, `Object?` is still Object). */
const NO_CLASS = new Set(['dynamic', 'void', 'Never', 'Function', 'Null']);

export function childrenOf(node: SyntaxNode): SyntaxNode[] {
  return node.children.filter((c): c is SyntaxNode => c !== null);
}

/**
 * The first type written in `nodes` (children in order, tokens included): `final p.Foo<T>? x` →
 * ['p', 'Foo']; null when the first type is no name chain (a function type, a record, `var`).
 */
export function typeChainIn(nodes: readonly SyntaxNode[]): string[] | null {
  const chain: string[] = [];
  let expectName = true;
  for (const node of nodes) {
    switch (node.type) {
      case 'type_identifier':
        if (!expectName) return chain;
        chain.push(node.text);
        expectName = false;
        continue;
      case '.':
        if (chain.length === 0) return null;
        expectName = true;
        continue;
      case 'final_builtin': case 'const_builtin': case 'late': case 'static': case 'external': case 'covariant':
      case 'required': case 'annotation': case 'marker_annotation': case 'comment': case 'documentation_comment':
      case 'final': case 'const': case 'abstract':
        if (chain.length > 0) return chain;
        continue;
      case 'type_arguments': case 'nullable_type':
        return chain.length > 0 ? chain : null;
      default:
        // `var`, `void`, a function type, a record type, the declared name: the type (if any) ended.
        return chain.length > 0 ? chain : null;
    }
  }
  return chain.length > 0 ? chain : null;
}

/** `A, p.B<X>, C` → [['A'], ['p', 'B'], ['C']], with the node of each type's last name. */
export function typeList(nodes: readonly SyntaxNode[]): Array<{ chain: string[]; at: SyntaxNode }> {
  const out: Array<{ chain: string[]; at: SyntaxNode }> = [];
  let chain: string[] = [];
  let at: SyntaxNode | null = null;
  let joined = true;
  const flush = () => {
    if (chain.length > 0 && at) out.push({ chain, at });
    chain = [];
    at = null;
    joined = true;
  };
  for (const node of nodes) {
    if (node.type === 'type_identifier') {
      if (!joined) flush();
      chain.push(node.text);
      at ??= node;
      joined = false;
    } else if (node.type === '.') {
      joined = true;
    } else if (node.type === ',') {
      flush();
    }
  }
  flush();
  return out;
}

/** The class a written type proves, or null (see the file comment). */
export function declaredType(chain: string[] | null, typeVariables: ReadonlySet<string>): TypeRef | null {
  if (!chain || chain.length === 0) return null;
  if (chain.length === 1 && (typeVariables.has(chain[0]) || NO_CLASS.has(chain[0]))) return null;
  return { kind: 'named', chain };
}

/**
 * A declared result: `Future<T>` (and `FutureOr<T>`) is T once awaited (`future`), as an async
 * function's result is stated to the resolver (the value an `await` of its call gives).
 */
export function resultTypeIn(nodes: readonly SyntaxNode[]): { chain: string[] | null; future: boolean } {
  const chain = typeChainIn(nodes);
  if (!chain || chain.length !== 1 || (chain[0] !== 'Future' && chain[0] !== 'FutureOr')) return { chain, future: false };
  const at = nodes.findIndex((n) => n.type === 'type_identifier' && n.text === chain[0]);
  const args = at >= 0 && nodes[at + 1]?.type === 'type_arguments' ? nodes[at + 1] : undefined;
  return { chain: args ? typeChainIn(childrenOf(args).filter((c) => c.isNamed)) : null, future: true };
}
