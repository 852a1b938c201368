/**
 * ECMAScript scoping, as rules for the shared engine (`src/extraction/core/scopes.ts`), and the
 * names a binding pattern or a parameter list introduces.
 *
 * A function has its own scope (parameters, hoisted `var`s, a function expression's own name);
 * each block, `for` head and `catch` clause another (`let`, `const`, class and function
 * declarations). Names are bound as the walk meets them and classified after it, so a `let` or a
 * function declaration is seen from its whole block (hoisting; the TDZ aside).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { Scope, ScopeRules } from '../../extraction/core/scopes.js';
import { annotatedType } from './ecmascript-types.js';

export type EcmascriptScopeKind = 'module' | 'function' | 'block';
/** `var` is function-wide; everything else binds in the scope where it stands. */
export type EcmascriptBindingKind = 'lexical' | 'var' | 'parameter';

export const ECMASCRIPT_SCOPES: ScopeRules<EcmascriptScopeKind, EcmascriptBindingKind> = {
  scopes: {
    module: { fileLevel: true },
    function: {},
    block: {},
  },
  bindings: {
    lexical: {},
    // At file level a block's `var` stays in its block: the module's names are the resolver's.
    var: { hoistsTo: ['function'] },
    parameter: {},
  },
};

/** Identifiers a binding pattern introduces: `a`, `{ a, b: c, ...d }`, `[e = 1, [f]]`, `g = 2`. */
export function patternNames(pattern: SyntaxNode | null): string[] {
  const names: string[] = [];
  const stack: SyntaxNode[] = pattern ? [pattern] : [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    switch (node.type) {
      case 'identifier':
      case 'shorthand_property_identifier_pattern':
        names.push(node.text);
        break;
      case 'object_pattern':
      case 'array_pattern':
      case 'rest_pattern': {
        // Reversed onto the stack, so names come out in source order.
        const children = node.namedChildren;
        for (let i = children.length - 1; i >= 0; i--) if (children[i]) stack.push(children[i]!);
        break;
      }
      case 'pair_pattern': {
        const value = node.childForFieldName('value');
        if (value) stack.push(value);
        break;
      }
      case 'assignment_pattern':
      case 'object_assignment_pattern': {
        const left = node.childForFieldName('left');
        if (left) stack.push(left);
        break;
      }
      case 'required_parameter':
      case 'optional_parameter': {
        const inner = node.childForFieldName('pattern');
        if (inner) stack.push(inner);
        break;
      }
      default:
        break; // types, default values, `this` parameters: bind nothing
    }
  }
  return names;
}

/**
 * Binds a function's parameters in its scope; an annotated plain parameter states its value's
 * type, evaluated where the function is written (`outer`).
 */
export function bindParameters(fn: SyntaxNode, scope: Scope, outer: Scope): void {
  const single = fn.childForFieldName('parameter');
  if (single) for (const name of patternNames(single)) scope.bind(name, 'parameter');
  const params = fn.childForFieldName('parameters');
  if (!params) return;
  for (const param of params.namedChildren) {
    if (!param) continue;
    const pattern = param.childForFieldName('pattern');
    if (pattern?.type === 'identifier') {
      const type = annotatedType(param.childForFieldName('type'));
      scope.bind(pattern.text, 'parameter', undefined, type ? { type, scope: outer } : undefined);
      continue;
    }
    for (const name of patternNames(param)) scope.bind(name, 'parameter');
  }
}
