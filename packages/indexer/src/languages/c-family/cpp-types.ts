/** C++ types and names as the extraction states them: qualified name parts, the `TypeRef` a type proves (smart pointers and sequences seen through), the type a value states, receiver chains. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import type { Walk } from '../../extraction/core/syntax-walk.js';
import type { CContext } from './file-state.js';
import { positionOf, type Scope } from '../../extraction/core/scopes.js';

export type CppWalk = Walk<CContext>;

/** `a::b::c` → ['a', 'b', 'c'] (template arguments dropped: `Box<int>::make` → ['Box', 'make']); null when a part is no name. */
export function nameParts(node: SyntaxNode | null | undefined): string[] | null {
  if (!node) return null;
  switch (node.type) {
    case 'identifier': case 'type_identifier': case 'namespace_identifier': case 'field_identifier':
      return [node.text];
    case 'destructor_name':
      return [`~${node.namedChildren[0]?.text ?? ''}`];
    case 'operator_name':
      return [node.text.replace(/\s+/g, '')];
    case 'template_type': case 'template_function': case 'template_method':
      return nameParts(node.childForFieldName('name'));
    case 'qualified_identifier': case 'nested_namespace_specifier': {
      const parts: string[] = [];
      for (const child of node.namedChildren) {
        if (!child) continue;
        const sub = nameParts(child);
        if (!sub) return null;
        parts.push(...sub);
      }
      // `::f` (global scope) has no scope part: the name alone.
      return parts.length > 0 ? parts : null;
    }
    default:
      return null;
  }
}

/** `<long long, Char>` of `formatter<long long, Char>` as written, spaces normalised (how a specialization is named). */
export function specializationArguments(template: SyntaxNode): string {
  const args = template.childForFieldName('arguments');
  return (args?.text ?? '<>').replace(/\s+/g, ' ').replace(/\s*([<>,])\s*/g, (_, c: string) => (c === ',' ? ', ' : c));
}

/**
 * The type arguments written on the last scope of a qualified name (`<std::size_t>` of `tr::get_idx<std::size_t>::get`),
 * or undefined.
 */
export function scopeArguments(node: SyntaxNode): string | undefined {
  let inner: SyntaxNode | null = node;
  while (inner?.type === 'qualified_identifier' && inner.childForFieldName('name')?.type === 'qualified_identifier') inner = inner.childForFieldName('name');
  const scope = inner?.type === 'qualified_identifier' ? inner.childForFieldName('scope') : null;
  return scope?.type === 'template_type' ? specializationArguments(scope) : undefined;
}

const SMART_POINTERS = new Set(['unique_ptr', 'shared_ptr', 'weak_ptr', 'optional', 'reference_wrapper']);
/** Standard containers whose range-for element is their one type argument. */
const SEQUENCES = new Set(['vector', 'list', 'deque', 'set', 'multiset', 'unordered_set', 'unordered_multiset', 'array', 'span', 'initializer_list', 'forward_list']);

/** Standard associative containers: iterating one gives key-value pairs (`first`, `second`); read by key, its element. */
const KEYED = new Set(['map', 'multimap', 'unordered_map', 'unordered_multimap']);

/** The class a type expression names (`Foo`, `ns::Foo`, `const Foo&`, `std::unique_ptr<Foo>`), or null. */
export function typeRefOf(node: SyntaxNode | null | undefined): TypeRef | null {
  if (!node) return null;
  const iterator = standardIteratorType(node);
  if (iterator) return iterator;
  if (node.type === 'template_type' || (node.type === 'qualified_identifier' && node.childForFieldName('name')?.type === 'template_type')) {
    const template = node.type === 'template_type' ? node : node.childForFieldName('name')!;
    const name = template.childForFieldName('name')?.text ?? '';
    if (SMART_POINTERS.has(name)) {
      const argument = template.childForFieldName('arguments')?.namedChildren.find((c) => c?.type === 'type_descriptor');
      return typeRefOf(argument?.childForFieldName('type'));
    }
    // `std::vector<Foo>`, `std::set<Foo *>`: a collection whose elements are Foos (what a range-for gives).
    const scope = node.type === 'qualified_identifier' ? node.childForFieldName('scope')?.text : undefined;
    if (SEQUENCES.has(name) && (scope === undefined || scope === 'std')) {
      const argument = template.childForFieldName('arguments')?.namedChildren.find((c) => c?.type === 'type_descriptor');
      const element = typeRefOf(argument?.childForFieldName('type'));
      return element ? { kind: 'collection', element } : null;
    }
    // `std::map<std::string, Foo*>`: keyed by a type no class need be (its written name, which proves nothing, marks it keyed).
    if (KEYED.has(name) && (scope === undefined || scope === 'std')) {
      const [keyArgument, elementArgument] = (template.childForFieldName('arguments')?.namedChildren ?? []).filter((c) => c?.type === 'type_descriptor');
      const keyType = keyArgument?.childForFieldName('type');
      const key = typeRefOf(keyType) ?? { kind: 'named', chain: nameParts(keyType) ?? [keyType?.text ?? '?'] };
      const element = typeRefOf(elementArgument?.childForFieldName('type'));
      return { kind: 'collection', key, ...(element ? { element } : {}) };
    }
  }
  if (node.type === 'type_identifier' || node.type === 'qualified_identifier' || node.type === 'template_type') {
    const chain = nameParts(node);
    return chain && chain[0] !== 'std' ? { kind: 'named', chain } : null;
  }
  return null;
}

/** The iterator types of the standard containers: `->` on one reaches an element (a map's: a key-value pair). */
const ITERATOR_TYPES = new Set(['iterator', 'const_iterator', 'reverse_iterator', 'const_reverse_iterator']);

/**
 * `std::list<Argument>::iterator`, `std::map<K, V>::const_iterator`: an iteration of that container (see iteratorType), or
 * null for any other type.
 */
function standardIteratorType(node: SyntaxNode): TypeRef | null {
  if (node.type !== 'qualified_identifier' || node.childForFieldName('scope')?.text !== 'std') return null;
  const inner = node.childForFieldName('name');
  if (inner?.type !== 'qualified_identifier') return null;
  const container = inner.childForFieldName('scope');
  const member = inner.childForFieldName('name');
  if (container?.type !== 'template_type' || member?.type !== 'type_identifier' || !ITERATOR_TYPES.has(member.text)) return null;
  const name = container.childForFieldName('name')?.text ?? '';
  if (!SEQUENCES.has(name) && !KEYED.has(name)) return null;
  const of = typeRefOf(container);
  return of ? { kind: 'element', of, pairs: true } : null;
}

/** The casts whose result is the type they name (`static_cast<Foo&>(x)` is a Foo). */
const CASTS = new Set(['static_cast', 'dynamic_cast', 'const_cast', 'reinterpret_cast']);

/**
 * What a value expression proves about its class: `new Foo`, `Foo(…)`, `make_unique<Foo>()`, `f()` (its declared
 * result), `*p` and `&x` (what the pointer, smart pointer or value holds: a type names its pointee already),
 * `static_cast<Foo&>(x)`, `xs[i]` (an element of a stated collection), `a.b` (a field of a typed value).
 */
export function valueType(node: SyntaxNode | null | undefined): TypeRef | null {
  if (!node) return null;
  switch (node.type) {
    case 'parenthesized_expression':
      return valueType(node.namedChildren[0]);
    case 'pointer_expression':
      return valueType(node.childForFieldName('argument'));
    case 'subscript_expression': {
      const of = valueType(node.childForFieldName('argument'));
      return of ? { kind: 'element', of } : null;
    }
    case 'field_expression': {
      const field = node.childForFieldName('field');
      const of = valueType(node.childForFieldName('argument'));
      return of && field?.type === 'field_identifier' ? { kind: 'field', of, path: [field.text] } : null;
    }
    case 'new_expression':
      return typeRefOf(node.childForFieldName('type'));
    case 'identifier':
      return { kind: 'value', chain: [node.text] };
    case 'compound_literal_expression':
      return typeRefOf(node.childForFieldName('type'));
    case 'call_expression': {
      const fn = node.childForFieldName('function');
      const name = fn?.type === 'qualified_identifier' ? fn.childForFieldName('name') : fn;
      // `std::make_unique<Foo>(…)`, `std::make_shared<Foo>(…)`: a Foo; `static_cast<Foo&>(x)`: a Foo.
      const template = name?.type === 'template_function' ? name.childForFieldName('name')?.text ?? '' : '';
      if (name && template !== '' && (/^make_(unique|shared)$/.test(template) || (fn?.type === 'template_function' && CASTS.has(template)))) {
        const argument = name.childForFieldName('arguments')?.namedChildren.find((c) => c?.type === 'type_descriptor');
        return typeRefOf(argument?.childForFieldName('type'));
      }
      const chain = nameParts(fn);
      // `std::next(it)`, `std::prev(it)`: an iterator of the same iteration as `it`.
      if (chain?.length === 2 && chain[0] === 'std' && STEPS.has(chain[1])) return valueType(node.childForFieldName('arguments')?.namedChildren[0]);
      if (chain && chain[0] !== 'std') return { kind: 'call', callee: chain };
      if (fn?.type === 'field_expression') {
        const field = fn.childForFieldName('field');
        // `this->make()`: the class's own member's result.
        if (fn.childForFieldName('argument')?.type === 'this' && field?.type === 'field_identifier') return { kind: 'call', callee: ['this', field.text] };
        const of = valueType(fn.childForFieldName('argument'));
        if (!of || !field) return null;
        // `xs.front()`, `m.at(k)`: an element of a stated standard container; where `xs` is a class declaring the member,
        // that member's result (the element reading proves nothing of a class that is no stated container).
        if (ELEMENT_ACCESSORS.has(field.text)) return { kind: 'any-of', of: [{ kind: 'member-call', of, name: field.text }, { kind: 'element', of }] };
        return { kind: 'member-call', of, name: field.text };
      }
      return null;
    }
    default:
      return null;
  }
}

/** `a.b`, `a->b`, `this->a.b` as a name chain (`this` kept as its word), or null. */
export function receiverChain(node: SyntaxNode | null | undefined): string[] | null {
  if (!node) return null;
  if (node.type === 'identifier' || node.type === 'field_identifier') return [node.text];
  if (node.type === 'this') return ['this'];
  if (node.type === 'parenthesized_expression' || node.type === 'pointer_expression') {
    // `(*p).m()`, `(p)->m()`.
    const inner = node.type === 'pointer_expression' ? node.childForFieldName('argument') : node.namedChildren[0];
    return receiverChain(inner);
  }
  if (node.type === 'qualified_identifier') return nameParts(node);
  if (node.type === 'field_expression') {
    const head = receiverChain(node.childForFieldName('argument'));
    const field = node.childForFieldName('field');
    return head && field && field.type === 'field_identifier' ? [...head, field.text] : null;
  }
  return null;
}

/** Members of the standard containers that give one of their elements (a map's `at(k)`: the element of that key). */
const ELEMENT_ACCESSORS = new Set(['front', 'back', 'at']);

/** `std::next(it)`, `std::prev(it, n)`: the iterator moved, of the same iteration. */
const STEPS = new Set(['next', 'prev']);

/** `std::begin(xs)`, `std::end(xs)`: an iterator over what `xs` holds, as `xs.begin()` is. */
const FREE_ITERATOR_FUNCTIONS = new Set(['begin', 'end', 'cbegin', 'cend', 'rbegin', 'rend']);

/** Members of the standard containers that give an iterator over their elements (a map's: over its key-value pairs). */
const ITERATOR_METHODS = new Set(['begin', 'end', 'cbegin', 'cend', 'rbegin', 'rend', 'find', 'lower_bound', 'upper_bound']);

/**
 * `xs.begin()`, `m.find(k)`: an iterator over the collection `xs` holds, stated as its iteration (`pairs`: a map's
 * gives key-value pairs); where xs is a class declaring `find` itself, that member's result (one of the two proves it).
 */
export function iteratorType(node: SyntaxNode | null | undefined): TypeRef | null {
  if (node?.type !== 'call_expression') return null;
  const fn = node.childForFieldName('function');
  const free = fn?.type === 'qualified_identifier' ? nameParts(fn) : null;
  if (free?.length === 2 && free[0] === 'std' && FREE_ITERATOR_FUNCTIONS.has(free[1])) {
    const of = valueType(node.childForFieldName('arguments')?.namedChildren[0]);
    return of ? { kind: 'element', of, pairs: true } : null;
  }
  const field = fn?.type === 'field_expression' ? fn.childForFieldName('field') : null;
  if (!field || !ITERATOR_METHODS.has(field.text)) return null;
  const of = valueType(fn!.childForFieldName('argument'));
  if (!of) return null;
  return { kind: 'any-of', of: [{ kind: 'member-call', of, name: field.text }, { kind: 'element', of, pairs: true }] };
}

/** The iteration an iterator or range-for variable's stated type is (see iteratorType), or undefined. */
function iterationOf(type: TypeRef | undefined): Extract<TypeRef, { kind: 'element' }> | undefined {
  if (type?.kind === 'element' && type.pairs) return type;
  return type?.kind === 'any-of' ? type.of.find((one): one is Extract<TypeRef, { kind: 'element' }> => one.kind === 'element' && one.pairs === true) : undefined;
}

/**
 * `kv.second`, `it->first`, `(*it).second` with `kv` a range-for variable or `it` an iterator (iteratorType) of a keyed
 * collection: the pair's element or key; over a collection without keys, the element's own field of that name.
 */
export function pairHalfType(node: SyntaxNode | null | undefined, scope: Scope): TypeRef | null {
  if (node?.type !== 'field_expression') return null;
  const field = node.childForFieldName('field')?.text;
  if (field !== 'first' && field !== 'second') return null;
  let head = node.childForFieldName('argument');
  while (head?.type === 'parenthesized_expression' || head?.type === 'pointer_expression') head = head.type === 'pointer_expression' ? head.childForFieldName('argument') : head.namedChildren[0];
  if (head?.type !== 'identifier') return null;
  const verdict = scope.classify(head.text, true, positionOf(head));
  const iteration = iterationOf(verdict.scope?.provenValue(head.text)?.type);
  if (!iteration) return null;
  const half: TypeRef = { kind: 'element', of: iteration.of, pairHalf: field === 'first' ? 'key' : 'value' };
  // Over a vector of structs, `e.second` is the struct's own field: whichever of the two readings proves a class.
  const own = valueType(node);
  return own ? { kind: 'any-of', of: [half, own] } : half;
}
