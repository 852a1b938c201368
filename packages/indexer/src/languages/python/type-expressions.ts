/**
 * What Python code states about a value's type: annotations (`x: Foo`, `-> Optional[Foo]`) and
 * initialisers (`Foo(...)`, `lib.Request(...).prepare()`, `await make()`), as TypeRefs that the
 * global pass resolves. Anything else proves nothing (null). `None` is reported apart: it neither
 * proves nor contradicts a type, since calling a method on it fails at run time.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import { identifierChain } from './syntax-text.js';
import { fieldChild, fieldChildren } from '../../extraction/core/node-fields.js';
import { firstNonComment, firstNonCommentTyped } from './syntax-nodes.js';

export type StatedType = TypeRef | null | 'none';

const DOTTED = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/;
/** Wrappers whose first argument is the value's type. */
const PASS_THROUGH = new Set(['Optional', 'Annotated', 'Final', 'ClassVar']);

/** `Self`, `typing.Self`, `typing_extensions.Self` (PEP 673): the type of the instance a method was called on. */
const SELF_MODULES = new Set(['typing', 'typing_extensions', 't', 'te']);
function isSelfType(chain: string[]): boolean {
  return chain[chain.length - 1] === 'Self' && (chain.length === 1 || (chain.length === 2 && SELF_MODULES.has(chain[0])));
}

/** The class an annotation names, through `Optional[X]`, `X | None`, `"X"` and `Generic[T]` → Generic. */
export function annotationType(node: SyntaxNode | null, depth = 0, knownType?: string): StatedType {
  if (!node || depth > 8) return null;
  const type = knownType ?? node.type;
  switch (type) {
    case 'type':
    case 'parenthesized_expression': {
      const inner = firstNonCommentTyped(node);
      return inner ? annotationType(inner.node, depth + 1, inner.type) : null;
    }
    case 'none':
      return 'none';
    case 'identifier':
    case 'attribute': {
      const chain = identifierChain(node, type);
      if (!chain) return null;
      if (isSelfType(chain)) return { kind: 'self' };
      return chain.length === 1 && chain[0] === 'None' ? 'none' : { kind: 'named', chain };
    }
    case 'string': {
      const content = node.namedChildren.filter((c) => c?.type === 'string_content');
      const text = content.length === 1 ? content[0]!.text.trim() : '';
      return DOTTED.test(text) ? { kind: 'named', chain: text.split('.') } : null;
    }
    case 'binary_operator': {
      // `X | None`: the value is an X or None.
      if (fieldChild(node, 'operator')?.type !== '|') return null;
      return oneOf([annotationType(fieldChild(node, 'left'), depth + 1), annotationType(fieldChild(node, 'right'), depth + 1)]);
    }
    case 'generic_type':
    case 'subscript': {
      const value = type === 'subscript' ? fieldChild(node, 'value') : node.namedChild(0);
      const chain = value ? identifierChain(value) : null;
      if (!chain) return null;
      const last = chain[chain.length - 1];
      // The type arguments are read only for the wrappers that look into them.
      const args = (): SyntaxNode[] => (type === 'subscript'
        ? fieldChildren(node, 'subscript').filter((c): c is SyntaxNode => c !== null)
        : (node.namedChild(1)?.namedChildren ?? []).filter((c): c is SyntaxNode => c !== null));
      if (PASS_THROUGH.has(last)) {
        const wrapped = args();
        return wrapped.length > 0 ? annotationType(wrapped[0], depth + 1) : null;
      }
      if (last === 'Union') return oneOf(args().map((a) => annotationType(a, depth + 1)));
      // A generic class (`Box[int]`) is an instance of that class.
      return { kind: 'named', chain };
    }
    default:
      return null;
  }
}

/** The type an initialiser proves: a call of a name chain, a method call on such a value, `await` of either. */
export function valueType(node: SyntaxNode | null, depth = 0): StatedType {
  if (!node || depth > 8) return null;
  switch (node.type) {
    case 'none':
      return 'none';
    case 'parenthesized_expression':
      return valueType(firstNonComment(node), depth + 1);
    case 'await': {
      const inner = valueType(firstNonComment(node), depth + 1);
      return inner !== null && inner !== 'none' && (inner.kind === 'call' || inner.kind === 'member-call') ? { ...inner, awaited: true } : null;
    }
    case 'call':
      return callType(node, depth);
    default:
      return null;
  }
}

/** `f(...)`, `a.b.F(...)`, `<value>.m(...)`. */
export function callType(call: SyntaxNode, depth = 0): TypeRef | null {
  const fn = fieldChild(call, 'function');
  if (!fn) return null;
  const fnType = fn.type;
  const chain = identifierChain(fn, fnType);
  if (chain) return chain[0] === 'super' ? null : { kind: 'call', callee: chain };
  if (fnType !== 'attribute') return null;
  const attribute = fieldChild(fn, 'attribute');
  const object = fieldChild(fn, 'object');
  if (attribute?.type !== 'identifier' || !object) return null;
  const of = valueType(object, depth + 1);
  return of !== null && of !== 'none' ? { kind: 'member-call', of, name: attribute.text } : null;
}

/** Several alternatives where all but `None` must agree. */
function oneOf(types: StatedType[]): StatedType {
  const real = types.filter((t) => t !== 'none');
  if (real.length === 0) return 'none';
  if (real.some((t) => t === null)) return null;
  const key = JSON.stringify(real[0]);
  return real.every((t) => JSON.stringify(t) === key) ? real[0] : null;
}
