/**
 * Small, pure questions about ECMAScript syntax nodes (TypeScript, TSX, JavaScript, JSX grammars):
 * names, string literals, receiver chains, signatures and doc comments. No state, no recursion
 * on tree depth: every loop is bounded by an explicit stack or a chain length.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { typeParameterNames as typeParameterNamesOf, type TypeParameterShape } from '../../extraction/core/type-parameters.js';

const SIGNATURE_LIMIT = 400;
const STATEMENT_TEXT_LIMIT = 1000;
/** A receiver chain longer than this is not a plain name anyone would link. */
const RECEIVER_LIMIT = 32;

/** Node types that start a new `function` body (they own params and a `this`, except arrows). */
export const FUNCTION_TYPES: ReadonlySet<string> = new Set([
  'function_declaration', 'generator_function_declaration', 'function_expression', 'function',
  'generator_function', 'arrow_function', 'method_definition',
]);

/** Function-valued expressions that may be bound to a name (`const f = () => …`). */
export const FUNCTION_VALUE_TYPES: ReadonlySet<string> = new Set([
  'arrow_function', 'function_expression', 'function', 'generator_function',
]);

export const CLASS_DECLARATION_TYPES: ReadonlySet<string> = new Set(['class_declaration', 'abstract_class_declaration']);

/** Subtrees that only hold types: no calls, no bindings, nothing to walk. */
export const TYPE_ONLY_TYPES: ReadonlySet<string> = new Set([
  'type_annotation', 'type_arguments', 'type_parameters', 'interface_body', 'object_type',
  'predefined_type', 'type_identifier', 'generic_type', 'union_type', 'intersection_type',
  'function_type', 'constructor_type', 'conditional_type', 'mapped_type_clause', 'index_type_query',
  'lookup_type', 'literal_type', 'tuple_type', 'array_type', 'nested_type_identifier',
  'type_predicate_annotation', 'asserts_annotation', 'omitting_type_annotation',
  'adding_type_annotation', 'opting_type_annotation',
]);

export function namedChildrenOf(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (const child of node.namedChildren) if (child) out.push(child);
  return out;
}

export function hasToken(node: SyntaxNode, token: string): boolean {
  // The type first: one WASM call for most children instead of two.
  for (const child of node.children) if (child && child.type === token && !child.isNamed) return true;
  return false;
}

export function firstChildOfType(node: SyntaxNode, type: string): SyntaxNode | null {
  for (const child of node.children) if (child && child.type === type) return child;
  return null;
}

/** The value of a string literal without substitutions (`'m'`, `"m"`, `` `m` ``), else undefined. */
export function stringLiteralValue(node: SyntaxNode | null | undefined): string | undefined {
  if (!node) return undefined;
  if (node.type === 'string') {
    let value = '';
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === 'string_fragment') value += child.text;
      else if (child.type === 'escape_sequence') value += unescape(child.text);
      else return undefined;
    }
    return value;
  }
  if (node.type === 'template_string') {
    let value = '';
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === 'string_fragment') value += child.text;
      else if (child.type === 'escape_sequence') value += unescape(child.text);
      else return undefined; // a substitution: not a constant
    }
    return value;
  }
  return undefined;
}

function unescape(escape: string): string {
  const simple: Record<string, string> = { n: '\n', t: '\t', r: '\r', '0': '\0', b: '\b', f: '\f', v: '\v' };
  const c = escape.slice(1);
  return simple[c] ?? c;
}

/** The first argument of a call when it is a constant string (`require('m')`, `import('m')`). */
export function firstStringArgument(call: SyntaxNode): string | undefined {
  const args = call.childForFieldName('arguments');
  if (!args || args.type !== 'arguments') return undefined;
  const first = args.namedChildren.find((c) => c && c.type !== 'comment');
  return stringLiteralValue(first);
}

/** `require('m')` with a constant specifier. */
export function requireSpecifier(node: SyntaxNode | null | undefined): string | undefined {
  if (!node || node.type !== 'call_expression') return undefined;
  const callee = node.childForFieldName('function');
  if (!callee || callee.type !== 'identifier' || callee.text !== 'require') return undefined;
  return firstStringArgument(node);
}

/** The name of a declaration's `name` field, with quotes stripped from string names. */
export function declarationName(node: SyntaxNode): string | undefined {
  const name = node.childForFieldName('name') ?? node.childForFieldName('property');
  if (!name) return undefined;
  return propertyName(name);
}

export function propertyName(name: SyntaxNode): string {
  if (name.type === 'string') return stringLiteralValue(name) ?? name.text;
  return name.text;
}

export interface MemberTarget {
  name: string;
  /** Undefined when the qualifier is not a plain chain of names. */
  receiver?: string[];
  /** The syntax node of the head of the chain (or the name for bare names). */
  head?: SyntaxNode;
  /** The qualifier expression (`a.b` of `a.b.f`), for a member expression. */
  object?: SyntaxNode | null;
}

/**
 * What an expression in call/new/extends/JSX-tag position names: `f` → f; `a.b.f` → f with ['a','b'];
 * `this.m` → m with ['this']; `foo().bar` → bar, receiver undefined. Undefined when it names nothing.
 */
export function memberTarget(expression: SyntaxNode | null, type: string | undefined = expression?.type): MemberTarget | undefined {
  if (!expression) return undefined;
  switch (type) {
    case 'identifier':
    case 'type_identifier':
      return { name: expression.text, receiver: [], head: expression };
    case 'member_expression':
    case 'nested_identifier':
    case 'nested_type_identifier': {
      const property = expression.childForFieldName('property') ?? expression.childForFieldName('name');
      if (!property) return undefined;
      const object = expression.childForFieldName('object') ?? expression.childForFieldName('module');
      const chain = receiverChain(object);
      return { name: property.text, receiver: chain?.names, head: chain?.head, object };
    }
    default:
      return undefined;
  }
}

/** `a.b.c` → ['a','b','c'] with head `a`; undefined unless a plain chain of names/this/super. */
export function receiverChain(node: SyntaxNode | null): { names: string[]; head: SyntaxNode } | undefined {
  const names: string[] = [];
  let current = node;
  while (current && names.length <= RECEIVER_LIMIT) {
    const type = current.type;
    switch (type) {
      case 'identifier':
      case 'this':
      case 'super':
      case 'type_identifier':
        names.unshift(current.text);
        return { names, head: current };
      case 'non_null_expression':
        current = current.namedChildren.find((c) => c !== null) ?? null;
        continue;
      case 'member_expression':
      case 'nested_identifier':
      case 'nested_type_identifier': {
        const property = current.childForFieldName('property') ?? current.childForFieldName('name');
        const propertyType = property?.type;
        if (!property || (propertyType !== 'property_identifier' && propertyType !== 'identifier' &&
            propertyType !== 'type_identifier' && propertyType !== 'private_property_identifier')) return undefined;
        names.unshift(property.text);
        current = current.childForFieldName('object') ?? current.childForFieldName('module');
        continue;
      }
      default:
        return undefined;
    }
  }
  return undefined;
}

export function isPascalCase(name: string): boolean {
  return /^[A-Z][A-Za-z0-9_$]*$/.test(name) && /[a-z]/.test(name);
}

/** Collapses whitespace and bounds length, so signatures of minified code stay small. */
export function compactText(text: string, limit = SIGNATURE_LIMIT): string {
  const collapsed = text.length > limit * 4 ? text.slice(0, limit * 4) : text;
  const compact = collapsed.replace(/\s+/g, ' ').trim();
  return compact.length > limit ? compact.slice(0, limit - 1) + '…' : compact;
}

/** The text of a statement (imports), bounded. */
export function statementText(source: string, node: SyntaxNode): string {
  const text = source.slice(node.startIndex, Math.min(node.endIndex, node.startIndex + STATEMENT_TEXT_LIMIT));
  return node.endIndex - node.startIndex > STATEMENT_TEXT_LIMIT ? text + '…' : text;
}

/** Source from `start` up to (not including) `bodyStart`, without a trailing `=>` or `{`. */
export function headerText(source: string, start: number, bodyStart: number): string {
  const end = Math.min(bodyStart, start + SIGNATURE_LIMIT * 4);
  let text = compactText(source.slice(start, end));
  text = text.replace(/\s*(=>|\{)\s*$/, '');
  return text;
}

/** Where a declaration's own text starts: after its decorators. */
export function startAfterDecorators(node: SyntaxNode): number {
  for (const child of node.children) {
    if (!child) continue;
    const type = child.type;
    if (type === 'decorator' || type === 'comment') continue;
    return child.startIndex;
  }
  return node.startIndex;
}

/** A decorator's text without `@`. */
export function decoratorText(decorator: SyntaxNode): string {
  return compactText(decorator.text.replace(/^@\s*/, ''), 200);
}

/** Decorators written on a node, text without `@`. */
export function decoratorTexts(node: SyntaxNode | null): string[] {
  if (!node) return [];
  const out: string[] = [];
  for (const child of node.children) {
    if (child && child.type === 'decorator') out.push(decoratorText(child));
  }
  return out;
}

/** `<T, U extends X>`: each `type_parameter` names its parameter in its `name` field. */
const TYPE_PARAMETERS: TypeParameterShape = { listField: 'type_parameters', entries: new Set(['type_parameter']), nameField: 'name' };

/** Names of `<T, U extends X>` (undefined: none). */
export function typeParameterNames(node: SyntaxNode): string[] | undefined {
  const names = typeParameterNamesOf(node, TYPE_PARAMETERS);
  return names.length > 0 ? names : undefined;
}

/**
 * The cleaned text of a `/** … *\/` comment that ends on the line before `anchorRow` (0-based)
 * or on that line; undefined for other comments or when a blank line separates them.
 */
export function docCommentText(comment: SyntaxNode, anchorRow: number): string | undefined {
  if (comment.endPosition.row < anchorRow - 1) return undefined;
  const text = comment.text;
  if (!text.startsWith('/**') || text.startsWith('/**/')) return undefined;
  return cleanDocComment(text);
}

export function cleanDocComment(text: string): string | undefined {
  const body = text.replace(/^\/\*\*/, '').replace(/\*\/$/, '');
  const lines = body.split('\n').map((line) => line.replace(/^\s*\* ?/, '').trimEnd());
  while (lines.length > 0 && lines[0].trim() === '') lines.shift();
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  const cleaned = lines.join('\n').trim();
  return cleaned.length > 0 ? cleaned : undefined;
}

/** The accessibility written on a class member, or `private` for an ECMAScript `#name`. */
export function visibilityOf(member: SyntaxNode, name: SyntaxNode | null): 'public' | 'private' | 'protected' | undefined {
  for (const child of member.children) {
    if (child && child.type === 'accessibility_modifier') {
      const text = child.text;
      if (text === 'public' || text === 'private' || text === 'protected') return text;
    }
  }
  if (name && name.type === 'private_property_identifier') return 'private';
  return undefined;
}

/** Is this expression (through parentheses, ternaries and `&&`/`||`) a JSX value? */
function isJsxValue(node: SyntaxNode | null): boolean {
  const stack: SyntaxNode[] = node ? [node] : [];
  let budget = 64;
  while (stack.length > 0 && budget-- > 0) {
    const current = stack.pop()!;
    switch (current.type) {
      case 'jsx_element':
      case 'jsx_self_closing_element':
      case 'jsx_fragment':
        return true;
      case 'parenthesized_expression':
      case 'as_expression':
      case 'satisfies_expression':
        for (const c of current.namedChildren) if (c) stack.push(c);
        break;
      case 'ternary_expression': {
        const a = current.childForFieldName('consequence');
        const b = current.childForFieldName('alternative');
        if (a) stack.push(a);
        if (b) stack.push(b);
        break;
      }
      case 'binary_expression': {
        const right = current.childForFieldName('right');
        if (right) stack.push(right);
        break;
      }
    }
  }
  return false;
}

/** Does this function return JSX (an expression body, or a `return` of its own body)? */
export function functionReturnsJsx(fn: SyntaxNode): boolean {
  const body = fn.childForFieldName('body');
  if (!body) return false;
  if (body.type !== 'statement_block') return isJsxValue(body);
  const stack: SyntaxNode[] = [body];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current.type === 'return_statement') {
      const value = current.namedChildren.find((c) => c && c.type !== 'comment') ?? null;
      if (isJsxValue(value)) return true;
      continue;
    }
    if (current !== body && (FUNCTION_TYPES.has(current.type) || current.type === 'class_body')) continue;
    // Only statements can hold a return of this function; expressions cannot.
    for (const child of current.namedChildren) {
      if (child && isStatementLike(child.type)) stack.push(child);
    }
  }
  return false;
}

function isStatementLike(type: string): boolean {
  return type.endsWith('_statement') || type === 'statement_block' || type === 'else_clause' ||
    type === 'switch_body' || type === 'switch_case' || type === 'switch_default' ||
    type === 'catch_clause' || type === 'finally_clause';
}

/**
 * An object literal's entry that names a value by an identifier: `{ touch }` or `{ stop: touch }`, as its key and
 * the name. A computed key, a method, a spread or any other value is none.
 */
export function namingEntry(entry: SyntaxNode): { key: string; name: string } | undefined {
  if (entry.type === 'shorthand_property_identifier') return { key: entry.text, name: entry.text };
  if (entry.type !== 'pair') return undefined;
  const keyNode = entry.childForFieldName('key');
  const value = entry.childForFieldName('value');
  if (!keyNode || keyNode.type === 'computed_property_name' || value?.type !== 'identifier') return undefined;
  return { key: propertyName(keyNode), name: value.text };
}

/** The class a `new C(…)` / `new ns.C<T>(…)` names, as written; undefined for any other expression. */
export function constructedClass(value: SyntaxNode | null): string | undefined {
  if (value?.type !== 'new_expression') return undefined;
  const constructor = value.childForFieldName('constructor');
  return constructor?.type === 'identifier' || constructor?.type === 'member_expression' ? constructor.text : undefined;
}
