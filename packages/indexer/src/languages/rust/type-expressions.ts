/**
 * What Rust code states about types, as `TypeRef`s resolved in the global pass.
 *
 *  - A reference, a raw pointer and the owning wrappers `Box<T>`, `Rc<T>`, `Arc<T>` reach T's methods
 *    (auto-deref): they are T. `dyn Tr` and `impl Tr` are the trait.
 *  - `Option<T>`, `Result<T, E>`, `Vec<T>`, slices, arrays and the std collections are collections of
 *    T (no instance: `opt.map(…)` is Option's, never a workspace `map`); `x?`, `x.unwrap()`,
 *    `x.expect(…)`, `v[i]` and a `for` over them give an element.
 *  - `Self` inside an `impl` block is the implemented type; inside a trait, the receiver's own type.
 *  - `self` and its fields (`self.items`) in an `impl T` block are T and T's stated fields.
 *  - A `let` binding proves its type for its whole life: `let x: T`, `let x = T::new()`,
 *    `let x = T { … }`, `let x = f()` with f's declared result, `let x = y.m()` with m's.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';

/** Smart pointers whose methods are their content's (through `Deref`). */
const TRANSPARENT = new Set(['Box', 'Rc', 'Arc', 'Cow', 'Pin', 'ManuallyDrop']);
/** Auto and marker traits: bounds that give a value no methods to call. */
const MARKERS = new Set(['Send', 'Sync', 'Unpin', 'Sized', 'Copy', "'static"]);
/** One-element containers: a value of them is no instance of their element. */
const SEQUENCES = new Set(['Option', 'Result', 'Vec', 'VecDeque', 'LinkedList', 'HashSet', 'BTreeSet', 'BinaryHeap', 'RefCell', 'Cell', 'Mutex', 'RwLock', 'OnceCell', 'OnceLock', 'Receiver', 'Sender', 'IntoIter', 'Iter', 'Weak']);
const MAPS = new Set(['HashMap', 'BTreeMap', 'IndexMap']);
/** Methods of Option/Result that hand out the element. */
const UNWRAPS = new Set(['unwrap', 'expect', 'unwrap_or_default', 'unwrap_unchecked']);
/**
 * Methods whose result is the value itself, whatever its type (`Clone::clone` returns Self). Not
 * `as_ref`/`borrow`/`lock`: on a workspace type they may return another type.
 */
const SAME_VALUE = new Set(['clone']);
/**
 * What a `for` iterates: `v.iter()`, `v.iter_mut()`, `v.into_iter()`, `v.drain(..)` walk v's
 * elements; `m.values()` / `m.values_mut()` a map's values (its elements).
 */
export const ITERATES = new Set(['iter', 'iter_mut', 'into_iter', 'drain', 'values', 'values_mut', 'into_values']);

/** The collection a `for` loop walks: `for x in v.iter()` walks v (only there: `let it = v.iter()` is an iterator, not v). */
export function iterated(node: SyntaxNode | null): SyntaxNode | null {
  if (node?.type !== 'call_expression') return node;
  const fn = calledFunction(node);
  const method = fn?.type === 'field_expression' ? fn.childForFieldName('field') : null;
  return method && ITERATES.has(method.text) ? fn!.childForFieldName('value') : node;
}

/** How `Self` reads where a type is written: the `impl` target's chain, or the receiver's own type (a trait). */
export type SelfType = string[] | 'self' | undefined;

/**
 * The type parameters in scope, each with its one trait bound (`M: Matcher` → [Matcher]: a value of
 * M has only Matcher's methods), or null when it has none or several (nothing proven — and never a
 * workspace type that happens to share the parameter's name).
 */
export type Generics = ReadonlyMap<string, string[] | null>;

/** `<M: Matcher, T>` and `where T: Sink` added to the generics around them. */
export function genericsOf(parameters: SyntaxNode | null, where: SyntaxNode | null, outer: Generics): Generics {
  const bounds = new Map<string, string[][]>();
  const add = (name: SyntaxNode | null, list: SyntaxNode | null) => {
    if (name?.type !== 'type_identifier') return;
    const found = bounds.get(name.text) ?? [];
    bounds.set(name.text, found);
    for (const bound of list?.namedChildren ?? []) {
      if (!bound || bound.type === 'lifetime' || bound.type === 'removed_trait_bound' || bound.type === 'comment') continue;
      const chain = pathChain(bound);
      // An unreadable bound (`for<'a> Fn(&'a T)`) still counts: the parameter then has several.
      found.push(chain ?? []);
    }
  };
  for (const parameter of parameters?.namedChildren ?? []) {
    if (parameter?.type === 'type_parameter') add(parameter.childForFieldName('name'), parameter.childForFieldName('bounds'));
    else if (parameter?.type === 'constrained_type_parameter') add(parameter.childForFieldName('left'), parameter.childForFieldName('bounds'));
    else if (parameter?.type === 'type_identifier') add(parameter, null);
  }
  for (const predicate of where?.namedChildren ?? []) {
    if (predicate?.type === 'where_predicate') add(predicate.childForFieldName('left'), predicate.childForFieldName('bounds'));
  }
  if (bounds.size === 0) return outer;
  const out = new Map(outer);
  for (const [name, list] of bounds) out.set(name, list.length === 1 && list[0].length > 0 ? list[0] : null);
  return out;
}

function typeArguments(node: SyntaxNode): SyntaxNode[] {
  return (node.childForFieldName('type_arguments')?.namedChildren ?? []).filter((c): c is SyntaxNode => c !== null && c.type !== 'lifetime' && c.type !== 'comment');
}

/** `a::b::T` → [a, b, T]; null when a part is no plain name (`<T as Tr>::X`). */
export function pathChain(node: SyntaxNode | null | undefined): string[] | null {
  if (!node) return null;
  switch (node.type) {
    case 'identifier':
    case 'type_identifier':
    case 'field_identifier':
    case 'self':
    case 'super':
    case 'crate':
      return [node.text];
    case 'scoped_identifier':
    case 'scoped_type_identifier': {
      const name = node.childForFieldName('name');
      const path = node.childForFieldName('path');
      if (!name) return null;
      if (!path) return [name.text];
      // `S::<T>::new`: the generic type's name.
      const head = path.type === 'generic_type' ? pathChain(path.childForFieldName('type')) : pathChain(path);
      return head ? [...head, name.text] : null;
    }
    case 'generic_type':
      return pathChain(node.childForFieldName('type'));
    default:
      return null;
  }
}

/** The chain with `Self` read as the impl target (null when `Self` means the receiver's own type). */
function withSelf(chain: string[], self: SelfType): string[] | null {
  if (chain[0] !== 'Self') return chain;
  return Array.isArray(self) ? [...self, ...chain.slice(1)] : null;
}

/** What a type expression states about a value (see the module comment), or null. */
export function statedType(node: SyntaxNode | null | undefined, self: SelfType, generics?: Generics): TypeRef | null {
  if (!node) return null;
  switch (node.type) {
    case 'type_identifier':
    case 'scoped_type_identifier': {
      const chain = pathChain(node);
      if (!chain) return null;
      if (chain.length === 1 && chain[0] === 'Self') return self === 'self' ? { kind: 'self' } : Array.isArray(self) ? { kind: 'named', chain: self } : null;
      if (chain.length === 1 && generics?.has(chain[0])) {
        const bound = generics.get(chain[0]);
        return bound ? { kind: 'named', chain: bound } : null;
      }
      const resolved = withSelf(chain, self);
      return resolved ? { kind: 'named', chain: resolved } : null;
    }
    case 'reference_type':
    case 'pointer_type':
      return statedType(node.childForFieldName('type'), self, generics);
    case 'dynamic_type':
    case 'abstract_type': {
      const trait = node.childForFieldName('trait');
      return trait && (trait.type === 'type_identifier' || trait.type === 'scoped_type_identifier' || trait.type === 'generic_type') ? statedType(trait, self, generics) : null;
    }
    case 'bounded_type': {
      // `dyn Tr + 's`, `dyn Tr + Send + Sync`: the one trait with methods; marker traits and lifetimes add none.
      const parts = node.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'lifetime' && c.type !== 'comment' && !MARKERS.has(c.text));
      return parts.length === 1 ? statedType(parts[0], self, generics) : null;
    }
    case 'array_type': {
      const element = statedType(node.childForFieldName('element'), self, generics);
      return element ? { kind: 'collection', element } : null;
    }
    case 'generic_type': {
      const chain = pathChain(node.childForFieldName('type'));
      if (!chain) return null;
      const last = chain[chain.length - 1];
      const args = typeArguments(node);
      if (TRANSPARENT.has(last)) return args.length >= 1 ? statedType(args[args.length - 1], self, generics) : null;
      if (SEQUENCES.has(last) || last === 'Result') {
        const element = args.length >= 1 ? statedType(args[0], self, generics) : null;
        return element ? { kind: 'collection', element } : null;
      }
      if (MAPS.has(last)) {
        const key = args.length >= 1 ? statedType(args[0], self, generics) : null;
        const element = args.length >= 2 ? statedType(args[1], self, generics) : null;
        return key || element ? { kind: 'collection', ...(element ? { element } : {}), ...(key ? { key } : {}) } : null;
      }
      const resolved = withSelf(chain, self);
      return resolved ? { kind: 'named', chain: resolved } : null;
    }
    default:
      return null;
  }
}

/** A value expression as a name chain: `x`, `self.a.b`, `a.b`; null otherwise. */
export function valueChain(node: SyntaxNode | null | undefined): string[] | null {
  if (!node) return null;
  if (node.type === 'identifier' || node.type === 'self') return [node.text];
  if (node.type === 'field_expression') {
    const field = node.childForFieldName('field');
    const value = valueChain(node.childForFieldName('value'));
    return value && field?.type === 'field_identifier' ? [...value, field.text] : null;
  }
  return null;
}

/** The function a call calls, without its turbofish (`f::<T>`, `x.m::<T>`). */
export function calledFunction(call: SyntaxNode): SyntaxNode | null {
  const fn = call.childForFieldName('function');
  return fn?.type === 'generic_function' ? fn.childForFieldName('function') : fn;
}

/** The type a value expression proves, or null. */
export function valueType(node: SyntaxNode | null | undefined, self: SelfType, depth = 0): TypeRef | null {
  if (!node || depth > 32) return null;
  switch (node.type) {
    case 'parenthesized_expression':
      return valueType(node.namedChildren.find((c) => c !== null && c.type !== 'comment'), self, depth + 1);
    case 'reference_expression':
      return valueType(node.childForFieldName('value'), self, depth + 1);
    case 'type_cast_expression':
      // `x as Box<dyn Tr>`: the type it is cast to.
      return statedType(node.childForFieldName('type'), self);
    case 'unary_expression':
      // `*x`: a dereference reaches the same methods.
      return node.child(0)?.type === '*' ? valueType(node.namedChildren[0], self, depth + 1) : null;
    case 'struct_expression': {
      const name = node.childForFieldName('name');
      return name ? statedType(name.type === 'generic_type_with_turbofish' ? name.childForFieldName('type') : name, self) : null;
    }
    case 'try_expression': {
      // `x?`: the Ok / Some value.
      const of = valueType(node.namedChildren[0], self, depth + 1);
      return of ? { kind: 'element', of } : null;
    }
    case 'index_expression': {
      const of = valueType(node.namedChildren[0], self, depth + 1);
      return of ? { kind: 'element', of } : null;
    }
    case 'identifier':
      // `let s = Shop;`: a CamelCase name alone is a unit struct's value (constants are UPPER_CASE).
      if (/^[A-Z]\w*[a-z]\w*$/.test(node.text)) return { kind: 'call', callee: [node.text], construct: true };
    // falls through
    case 'self':
    case 'field_expression': {
      const chain = valueChain(node);
      if (!chain) return null;
      // `self`, `self.a.b` in an impl block: the implemented type, its fields.
      if (chain[0] === 'self' && Array.isArray(self)) return chain.length === 1 ? { kind: 'named', chain: self } : { kind: 'field', of: { kind: 'named', chain: self }, path: chain.slice(1) };
      return { kind: 'value', chain };
    }
    case 'call_expression': {
      const fn = calledFunction(node);
      if (!fn) return null;
      if (fn.type === 'identifier') return { kind: 'call', callee: [fn.text] };
      if (fn.type === 'scoped_identifier') {
        const chain = pathChain(fn);
        if (!chain || chain.length < 2) return null;
        const owner = chain[chain.length - 2];
        // `Box::new(x)`, `Arc::new(x)`: x.
        if (chain.length === 2 && TRANSPARENT.has(owner) && chain[1] === 'new') {
          const args = node.childForFieldName('arguments')?.namedChildren.filter((c) => c !== null && c.type !== 'comment') ?? [];
          return args.length === 1 ? valueType(args[0], self, depth + 1) : null;
        }
        if (chain[0] === 'super' || chain[0] === 'self') return null; // relative to an inline module, perhaps: not walkable
        const callee = chain[0] === 'Self' ? (Array.isArray(self) ? [...self, ...chain.slice(1)] : null) : chain;
        if (!callee) return null;
        // `T::default()`: `Default::default` returns Self, derived or written.
        if (callee[callee.length - 1] === 'default') return { kind: 'named', chain: callee.slice(0, -1) };
        return { kind: 'call', callee };
      }
      if (fn.type === 'field_expression') {
        const method = fn.childForFieldName('field');
        const value = fn.childForFieldName('value');
        if (method?.type !== 'field_identifier' || !value) return null;
        const of = valueType(value, self, depth + 1);
        if (!of) return null;
        if (UNWRAPS.has(method.text)) return { kind: 'element', of };
        if (SAME_VALUE.has(method.text)) return of;
        return { kind: 'member-call', of, name: method.text };
      }
      return null;
    }
    default:
      return null;
  }
}
