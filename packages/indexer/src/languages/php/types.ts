/** The types PHP code states: a parameter's, property's or result's declared type, and the PHPDoc tags (`@param`, `@return`, `@var`) that state one where the code does not. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import type { PhpContext } from './file-state.js';

/** A declared type as a receiver type: a class name (`?Foo`, `Foo|null` too); primitives, unions and `mixed` prove none. */
export function declaredType(node: SyntaxNode | null, ctx: PhpContext): TypeRef | null {
  if (!node) return null;
  switch (node.type) {
    case 'optional_type':
    case 'named_type': {
      const inner = node.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
      if (!inner) return null;
      return inner.type === 'name' || inner.type === 'qualified_name' ? classType(inner, ctx) : declaredType(inner, ctx);
    }
    case 'union_type': {
      const members = node.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
      const classes = members.filter((c) => !(c.type === 'primitive_type' && c.text.toLowerCase() === 'null'));
      return classes.length === 1 ? declaredType(classes[0], ctx) : null;
    }
    case 'intersection_type': {
      // `Foo&MockObject`: the value is each of them; the first one's members are the value's.
      const first = node.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
      return declaredType(first, ctx);
    }
    case 'name':
    case 'qualified_name':
      return classType(node, ctx);
    default:
      return null;
  }
}

/** Type words of PHP and of docblocks that name no class. */
const DOC_SCALARS = new Set([
  'int', 'integer', 'float', 'double', 'string', 'bool', 'boolean', 'array', 'callable', 'iterable', 'object', 'mixed',
  'void', 'never', 'null', 'false', 'true', 'resource', 'scalar', 'numeric', 'list', 'class-string', 'non-empty-string',
  'positive-int', 'negative-int', 'array-key', 'closure',
]);

/**
 * A docblock type (`@param Foo|null $x`, `@return Foo`, `@var Foo`) naming one class: `Foo`, `?Foo`,
 * `Foo|null`, `\A\Foo`; `static`, `self` and `$this` are the class; an array of one class (`Foo[]`,
 * `array<Foo>`, `array<int, Foo>`, `list<Foo>`, `iterable<Foo>`) is a collection of it. Other generics
 * and unions of classes prove none.
 */
export function docType(text: string | undefined, at: SyntaxNode, ctx: PhpContext): TypeRef | null {
  if (!text) return null;
  const parts = splitUnion(text.replace(/^\?/, '')).filter((part) => part.toLowerCase() !== 'null');
  if (parts.length !== 1) return null;
  const word = parts[0];
  const lower = word.toLowerCase();
  if (lower === 'static' || lower === 'self' || lower === '$this') return ctx.selfChain ? { kind: 'named', chain: ctx.selfChain } : null;
  const array = /^(\\?[A-Za-z_][\w\\]*)\[\]$/.exec(word)
    ?? /^(?:array|list|iterable|non-empty-array|non-empty-list)<(?:\s*(?:int|string|array-key)\s*,)?\s*(\\?[A-Za-z_][\w\\]*)\s*>$/i.exec(word);
  if (array) {
    const element = docType(array[1], at, ctx);
    return element?.kind === 'named' ? { kind: 'collection', element } : null;
  }
  if (!/^\\?[A-Za-z_][\w\\]*$/.test(word) || DOC_SCALARS.has(lower)) return null;
  return { kind: 'named', chain: ctx.file.names(at).classChain(word) };
}

/** `array $xs` (`?array`, `iterable`) with a docblock's `Foo[]`: the docblock says what the array holds. */
export function arrayDocType(typeNode: SyntaxNode, text: string | undefined, at: SyntaxNode, ctx: PhpContext): TypeRef | null {
  const word = typeNode.text.replace(/^\?/, '').toLowerCase();
  if (word !== 'array' && word !== 'iterable') return null;
  const type = docType(text, at, ctx);
  return type?.kind === 'collection' ? type : null;
}

/** `A|B<C|D>|E` → ['A', 'B<C|D>', 'E']: the union's members, generics kept whole. */
function splitUnion(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '<' || c === '(' || c === '{') depth++;
    else if (c === '>' || c === ')' || c === '}') depth--;
    else if (c === '|' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim());
}

/** The `@param` types of a docblock by variable (`$x`), its `@return` and `@var` types, as written. */
export function docTags(doc: string | undefined): { params: Map<string, string>; returns?: string; var?: string } {
  const params = new Map<string, string>();
  if (!doc || !doc.includes('@')) return { params };
  let returns: string | undefined;
  let variable: string | undefined;
  // A type is written without `$`, except `$this` (a fluent method's `@return $this`).
  // Generics may hold spaces (`array<int, Foo>`): one level of `<…>` is read whole.
  for (const match of doc.matchAll(/@(param|return|var)\s+((?:\$this\b|[^\s$|<]|<[^<>]*>)(?:[^\s$|<]|<[^<>]*>|\|(?:\$this\b)?)*)(?:\s+(?:\.\.\.)?(\$\w+))?/g)) {
    if (match[1] === 'param' && match[3]) params.set(match[3], match[2]);
    else if (match[1] === 'return') returns ??= match[2];
    else if (match[1] === 'var') variable ??= match[2];
  }
  return { params, returns, var: variable };
}

export function classType(at: SyntaxNode, ctx: PhpContext): TypeRef | null {
  const text = at.text;
  const word = text.toLowerCase();
  if (word === 'self' || word === 'static') return ctx.selfChain ? { kind: 'named', chain: ctx.selfChain } : null;
  if (word === 'parent') return ctx.parentChain ? { kind: 'named', chain: ctx.parentChain } : null;
  return { kind: 'named', chain: ctx.file.names(at).classChain(text) };
}
