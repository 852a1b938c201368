/**
 * Collections whose elements the code states: an array or a hash held by an instance variable (in its class body)
 * or a local (in its `def`), every assignment of which is an empty or constructed literal (`@docs = []`,
 * `@collections = {}`, `[Foo.new]`) and every write of an element constructs one class (`@docs << Document.new(…)`,
 * `push`, `unshift`, `@collections[label] = Collection.new(…)`). Their elements are instances of that class: the
 * block parameter of an iterator (`@docs.each { |doc| … }`, `collection.docs.map! { |doc| … }` through a method
 * returning the collection), an element read (`site.collections["posts"]`, `docs.first`).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import { assignedValues, constantChain } from './syntax-values.js';

/** Writes that add the arguments as elements; any other call on the collection that replaces elements rules it out. */
const APPENDS = new Set(['push', 'append', 'unshift', 'prepend', '<<']);
const REPLACES = new Set(['concat', 'replace', 'insert', 'store', 'fill', 'merge!', 'update', 'collect!', 'map!', 'flatten!']);
/** Iterators whose block's first parameter is an element (of an array; of a hash, `each_value`). */
const ELEMENT_FIRST = new Set([
  'each', 'map', 'collect', 'flat_map', 'select', 'filter', 'reject', 'find', 'detect', 'find_all', 'filter_map', 'each_with_index',
  'each_with_object', 'sort_by', 'min_by', 'max_by', 'group_by', 'partition', 'any?', 'all?', 'none?', 'count', 'sum', 'map!',
  'collect!', 'select!', 'reject!', 'each_value', 'uniq', 'index', 'find_index', 'take_while', 'drop_while', 'reverse_each', 'one?',
]);
/** Iterators of a hash whose block's second parameter is a value (`each { |label, collection| … }`). */
const VALUE_SECOND = new Set(['each', 'each_pair', 'map', 'collect', 'flat_map', 'select', 'filter', 'reject', 'any?', 'all?', 'find', 'detect', 'count', 'sort_by', 'min_by', 'max_by', 'filter_map']);
/** Calls without arguments that give an element. */
const ELEMENT_READS = new Set(['first', 'last', 'sample', 'min', 'max', 'shift', 'pop']);

/** The class every element of the collection `name` holds in `region`, or undefined. */
export function statedElements(region: SyntaxNode, name: string): string[] | undefined {
  const values = assignedValues(region, name, true);
  if (!values || values.length === 0) return undefined;
  const chains: string[][] = [];
  let shape: 'array' | 'hash' | undefined;
  for (const value of values) {
    const literal = value.type === 'array' ? 'array' : value.type === 'hash' ? 'hash' : emptyNew(value);
    if (!literal || (shape && shape !== literal)) return undefined;
    shape = literal;
    if (value.type === 'hash' && value.namedChildren.some((c) => c !== null && c.type !== 'comment')) return undefined;
    for (const element of value.type === 'array' ? value.namedChildren : []) {
      if (!element || element.type === 'comment') continue;
      const chain = constructed(element);
      if (!chain) return undefined;
      chains.push(chain);
    }
  }
  return writtenElements(region, name, chains);
}

/**
 * `names.each_with_object({}) do |name, hash| hash[name] = Collection.new(name) end`: a new hash (or array) the block
 * fills with instances of one class only. The class's chain, or undefined.
 */
export function builtElements(node: SyntaxNode): string[] | undefined {
  if (node.type !== 'call' || node.childForFieldName('method')?.text !== 'each_with_object') return undefined;
  const args = node.childForFieldName('arguments')?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? [];
  const empty = args.length === 1 && (args[0].type === 'array' || args[0].type === 'hash') && args[0].namedChildren.every((c) => c === null || c.type === 'comment');
  const block = node.childForFieldName('block');
  const parameters = block?.childForFieldName('parameters')?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? [];
  const body = block?.childForFieldName('body');
  const memo = parameters.length === 2 && parameters[1].type === 'identifier' ? parameters[1].text : undefined;
  if (!empty || !body || memo === undefined || assignedValues(body, memo)?.length !== 0) return undefined;
  return writtenElements(body, memo, []);
}

/** The one class every element write of `name` in `region` constructs (beside `chains` already found), or undefined. */
function writtenElements(region: SyntaxNode, name: string, chains: string[][]): string[] | undefined {
  for (const write of region.descendantsOfType(['binary', 'call', 'assignment', 'operator_assignment'])) {
    if (!write) continue;
    if (write.type === 'binary') {
      if (write.childForFieldName('left')?.text !== name || write.childForFieldName('operator')?.text !== '<<') continue;
      const chain = constructed(write.childForFieldName('right'));
      if (!chain) return undefined;
      chains.push(chain);
    } else if (write.type === 'call') {
      if (write.childForFieldName('receiver')?.text !== name) continue;
      const method = write.childForFieldName('method')?.text ?? '';
      if (REPLACES.has(method)) return undefined;
      if (!APPENDS.has(method)) continue;
      for (const argument of write.childForFieldName('arguments')?.namedChildren ?? []) {
        if (!argument || argument.type === 'comment') continue;
        const chain = constructed(argument);
        if (!chain) return undefined;
        chains.push(chain);
      }
    } else {
      const left = write.childForFieldName('left');
      if (left?.type !== 'element_reference' || left.childForFieldName('object')?.text !== name) continue;
      const memo = write.type === 'assignment' || write.child(1)?.type === '||=';
      const chain = memo ? constructed(write.childForFieldName('right')) : undefined;
      if (!chain) return undefined;
      chains.push(chain);
    }
  }
  const first = chains[0]?.join('::');
  return first !== undefined && chains.every((c) => c.join('::') === first) ? chains[0] : undefined;
}

/** `Foo::Bar.new(...)` (no block): the class's chain. */
function constructed(node: SyntaxNode | null): string[] | undefined {
  if (node?.type !== 'call' || node.childForFieldName('method')?.text !== 'new' || node.childForFieldName('block')) return undefined;
  return constantChain(node.childForFieldName('receiver'));
}

/** `Array.new` / `Hash.new` without arguments or a block: an empty collection. */
function emptyNew(node: SyntaxNode): 'array' | 'hash' | undefined {
  if (node.type !== 'call' || node.childForFieldName('method')?.text !== 'new' || node.childForFieldName('arguments') || node.childForFieldName('block')) return undefined;
  const receiver = constantChain(node.childForFieldName('receiver'))?.join('::');
  return receiver === 'Array' ? 'array' : receiver === 'Hash' ? 'hash' : undefined;
}

/** The stated type of a collection of instances of `chain`. */
export function collectionOf(chain: string[]): TypeRef {
  return { kind: 'collection', element: { kind: 'call', callee: chain, construct: true } };
}

/** An element of the collection `type` states (through each alternative of an `any-of`). */
export function elementOf(type: TypeRef): TypeRef {
  return type.kind === 'any-of' ? { kind: 'any-of', of: type.of.map(elementOf) } : { kind: 'element', of: type };
}

/**
 * Which parameter of an iterator's block is an element of the collection it is called on: `each { |doc| }`,
 * `each_with_index { |doc, i| }` (the first), `each { |label, collection| }` (the second: a hash's value).
 */
export function elementParameter(method: string, count: number): number | undefined {
  if (count === 1 && ELEMENT_FIRST.has(method) && method !== 'each_with_index' && method !== 'each_with_object') return 0;
  if (count === 2 && (method === 'each_with_index' || method === 'each_with_object' || method === 'each_value')) return 0;
  if (count === 2 && VALUE_SECOND.has(method)) return 1;
  if (count === 1 && (method === 'each_with_index' || method === 'each_with_object' || method === 'each_value')) return 0;
  return undefined;
}

/** Whether a call without arguments reads one element (`docs.first`). */
export function readsElement(method: string): boolean {
  return ELEMENT_READS.has(method);
}
