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
import type { TypeRef } from '../../model/extraction.js';
import type { Scope, ScopeRules } from '../../extraction/core/scopes.js';
import { annotatedType } from './ecmascript-types.js';
import { propertyName } from './ecmascript-syntax.js';

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
  localCallsProve: true,
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
 * The names an object pattern binds straight to a member of the destructured value, with that member:
 * `{ a, b: c }` → a→a, c→b. Defaults (`{ a = f }`), nested patterns and rests are left out: they may hold
 * something else.
 */
export function destructuredMembers(pattern: SyntaxNode): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of pattern.namedChildren) {
    if (!entry) continue;
    if (entry.type === 'shorthand_property_identifier_pattern') out.set(entry.text, entry.text);
    else if (entry.type === 'pair_pattern') {
      const key = entry.childForFieldName('key');
      const local = entry.childForFieldName('value');
      if (key && local?.type === 'identifier' && (key.type === 'property_identifier' || key.type === 'string')) out.set(local.text, propertyName(key));
    }
  }
  return out;
}

/**
 * Binds a function's parameters in its scope; an annotated plain parameter states its value's
 * type, evaluated where the function is written (`outer`).
 */
export function bindParameters(fn: SyntaxNode, scope: Scope, outer: Scope, given?: (parameter: number) => TypeRef | null): void {
  const single = fn.childForFieldName('parameter');
  if (single) {
    // `c => c.text()` passed to a call: `c` takes what the callee states its callback receives.
    const type = single.type === 'identifier' ? given?.(0) ?? null : null;
    for (const name of patternNames(single)) scope.bind(name, 'parameter', undefined, type ? { type, scope: outer } : undefined);
  }
  const params = fn.childForFieldName('parameters');
  if (!params) return;
  let index = 0;
  for (const param of params.namedChildren) {
    if (!param || param.type === 'comment') continue;
    const pattern = param.childForFieldName('pattern');
    // A `this` parameter takes no argument: the callback's parameters are counted after it.
    const position = pattern?.type === 'this' ? -1 : index++;
    if (pattern?.type === 'identifier') {
      const typeNode = param.childForFieldName('type');
      const type = typeNode ? annotatedType(typeNode) : given?.(position) ?? null;
      scope.bind(pattern.text, 'parameter', undefined, type ? { type, scope: outer } : undefined);
      continue;
    }
    // `({ gen }: SchemaCxt)`: each name holds that member of the parameter's stated type, as a receiver
    // (`gen.assign()`). Called directly (`onSelect()`), a destructured prop runs whatever the caller passed: the
    // member read is wrapped in an empty `field` step, which a bare call does not take for a member of its own.
    const members = pattern?.type === 'object_pattern' ? destructuredMembers(pattern) : undefined;
    const typeNode = members && members.size > 0 ? param.childForFieldName('type') : null;
    const of = members && members.size > 0 ? (typeNode ? annotatedType(typeNode) : given?.(position) ?? null) : null;
    for (const name of patternNames(param)) {
      const member = of ? members!.get(name) : undefined;
      const read: TypeRef | undefined = member !== undefined ? { kind: 'field', of: { kind: 'field', of: of!, path: [member] }, path: [] } : undefined;
      scope.bind(name, 'parameter', undefined, read ? { type: read, scope: outer } : undefined);
    }
  }
}

/**
 * Per parameter of a function, where its annotation is a function type (`cb: (c: Context, n: number) => void`),
 * the types that function type states for its own parameters ([Context, null]); null for other parameters.
 * Undefined when no parameter states any. A leading `this` parameter takes no argument and is skipped.
 */
export function callbackParametersOf(fn: SyntaxNode): Array<Array<TypeRef | null> | null> | undefined {
  const params = fn.childForFieldName('parameters');
  if (!params) return undefined;
  const out: Array<Array<TypeRef | null> | null> = [];
  let stated = false;
  for (const param of params.namedChildren) {
    if (!param || param.type === 'comment') continue;
    if (out.length === 0 && param.childForFieldName('pattern')?.type === 'this') continue;
    const fnType = functionTypeOf(param.childForFieldName('type'));
    const inner = fnType?.childForFieldName('parameters');
    if (!inner) {
      out.push(null);
      continue;
    }
    const types: Array<TypeRef | null> = [];
    for (const p of inner.namedChildren) {
      if (!p || p.type === 'comment') continue;
      if (types.length === 0 && p.childForFieldName('pattern')?.type === 'this') continue;
      const type = p.type === 'required_parameter' || p.type === 'optional_parameter' ? annotatedType(p.childForFieldName('type')) : null;
      if (type) stated = true;
      types.push(type);
    }
    out.push(types);
  }
  return stated ? out : undefined;
}

/** The function type an annotation states (`(x: X) => void`, also `((x: X) => void) | undefined`), or null. */
function functionTypeOf(node: SyntaxNode | null): SyntaxNode | null {
  let current = node;
  for (let depth = 0; current && depth < 6; depth++) {
    if (current.type === 'function_type') return current;
    if (current.type === 'type_annotation' || current.type === 'parenthesized_type') {
      current = current.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
    } else if (current.type === 'union_type') {
      const members = current.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment' && !isNothingType(c));
      current = members.length === 1 ? members[0] : null;
    } else return null;
  }
  return null;
}

function isNothingType(node: SyntaxNode): boolean {
  const text = node.text;
  return text === 'undefined' || text === 'null' || text === 'void';
}
