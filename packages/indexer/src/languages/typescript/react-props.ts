/**
 * React's typed component helpers, as its public type declarations state them: `forwardRef<E, P>(render)` calls
 * `render(props: P, ref)`, and a component annotated `FC<P>` (`FunctionComponent<P>`, `VFC<P>`) receives `props: P`.
 * React is a dependency, never indexed, so what its generics mean is written here: a function literal given to one
 * takes its props type from the type argument the code writes (`props.onScroll()` → `P`'s `onScroll`).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import { annotatedType } from './ecmascript-types.js';

/** Modules whose `forwardRef` / `FC` are React's (Preact's compat layer re-exports them). */
const REACT_MODULES: ReadonlySet<string> = new Set(['react', 'preact/compat']);
/** React's function-component types: their one type argument is the props. */
const COMPONENT_TYPES: ReadonlySet<string> = new Set(['FC', 'FunctionComponent', 'VFC', 'VoidFunctionComponent']);

/** Where a local name is bound by an import: the specifier and the imported name (`*`/`default` for a namespace). */
export type ImportOf = (local: string) => { specifier: string; imported: string } | null;

/**
 * The props type React passes a function literal's first parameter, when the code states it through `forwardRef<E, P>`
 * or an `FC<P>` annotation of the const holding it; undefined elsewhere.
 */
export function reactPropsOf(fn: SyntaxNode, importOf: ImportOf): ((parameter: number) => TypeRef | null) | undefined {
  const props = forwardRefProps(fn, importOf) ?? componentProps(fn, importOf);
  return props ? (parameter) => (parameter === 0 ? props : null) : undefined;
}

/** `forwardRef<E, P>(fn)` / `React.forwardRef<E, P>(fn)`, the literal its first argument: P. */
function forwardRefProps(fn: SyntaxNode, importOf: ImportOf): TypeRef | null {
  const list = fn.parent;
  const call = list?.parent;
  if (list?.type !== 'arguments' || call?.type !== 'call_expression') return null;
  if (list.namedChildren.find((c) => c !== null && c.type !== 'comment')?.id !== fn.id) return null;
  if (!isReactName(call.childForFieldName('function'), 'forwardRef', importOf)) return null;
  const args = typeArguments(call.childForFieldName('type_arguments'));
  return args.length === 2 ? annotatedType(args[1]) : null;
}

/** `const Button: React.FC<ButtonProps> = (props) => …`: ButtonProps. */
function componentProps(fn: SyntaxNode, importOf: ImportOf): TypeRef | null {
  const holder = fn.parent;
  if (holder?.type !== 'variable_declarator' || holder.childForFieldName('value')?.id !== fn.id) return null;
  const type = holder.childForFieldName('type')?.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
  if (type?.type !== 'generic_type') return null;
  const name = type.childForFieldName('name') ?? type.namedChild(0);
  const componentType = [...COMPONENT_TYPES].find((word) => isReactName(name, word, importOf));
  if (!componentType) return null;
  const args = typeArguments(type.childForFieldName('type_arguments'));
  return args.length === 1 ? annotatedType(args[0]) : null;
}

/** `word` imported from React by name, or `X.word` with `X` React's namespace or default import. */
function isReactName(node: SyntaxNode | null, word: string, importOf: ImportOf): boolean {
  if (!node) return false;
  if (node.type === 'identifier' || node.type === 'type_identifier') {
    const bound = importOf(node.text);
    return node.text === word ? bound !== null && REACT_MODULES.has(bound.specifier) && bound.imported === word : false;
  }
  if (node.type !== 'member_expression' && node.type !== 'nested_type_identifier') return false;
  const parts = node.namedChildren.filter((c) => c !== null && c.type !== 'comment');
  if (parts.length !== 2 || parts[1]!.text !== word || !['identifier'].includes(parts[0]!.type)) return false;
  const bound = importOf(parts[0]!.text);
  return bound !== null && REACT_MODULES.has(bound.specifier) && (bound.imported === '*' || bound.imported === 'default');
}

function typeArguments(node: SyntaxNode | null): SyntaxNode[] {
  return (node?.namedChildren ?? []).filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
}
