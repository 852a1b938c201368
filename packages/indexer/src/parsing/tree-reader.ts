/**
 * A node's named children as numbers, not as web-tree-sitter `Node` objects.
 *
 * The extraction walk looks at every named node of a tree, but hands only a quarter of them to a
 * language's rules (vuejs/core: 127k of 535k); the rest it only needs to classify by type and walk
 * through. web-tree-sitter builds a `Node` object (and a position object) for every child it lists,
 * then answers `typeId` with another call that marshals the node back. Reading the same list
 * straight from the runtime's memory gives the walk five integers per child and the type id from
 * one WebAssembly call each, and the walk makes a `Node` only for the children it hands on
 * (`nodeAt`). Those are ordinary `Node`s: every method works on them, as on the ones the API lists.
 *
 * The direct reader needs the runtime's module as `runtime-memory.ts` sets it up (its i32 view, on a
 * little-endian host). Without it the portable reader lists children through the public API, with
 * the same results; the walk does not know which one it has.
 */
import { Node as NodeClass, type Node as SyntaxNode, type Tree } from 'web-tree-sitter';

/** Integers per child in a `ChildList`: the runtime's five (id, start index, row, column, context) and the type id. */
export const CHILD_STRIDE = 6;
const ID = 0;
const START_INDEX = 1;
const ROW = 2;
const COLUMN = 3;
const CONTEXT = 4;
const TYPE_ID = 5;

/** A growable stack of children, `CHILD_STRIDE` integers each; a walk appends a node's children and drops them when done. */
export class ChildList {
  data = new Int32Array(CHILD_STRIDE * 256);
  /** Integers in use. */
  length = 0;

  /** Makes room for `count` more children (the array may be replaced: read `data` after this). */
  reserve(count: number): void {
    const needed = this.length + count * CHILD_STRIDE;
    if (needed <= this.data.length) return;
    let size = this.data.length * 2;
    while (size < needed) size *= 2;
    const grown = new Int32Array(size);
    grown.set(this.data.subarray(0, this.length));
    this.data = grown;
  }

  typeIdAt(at: number): number {
    return this.data[at + TYPE_ID];
  }

  rowAt(at: number): number {
    return this.data[at + ROW];
  }
}

export interface TreeReader {
  /** Appends the named children of `node` (a `Node`) to `list`; returns how many. */
  appendNamedChildren(node: SyntaxNode, list: ChildList): number;
  /** Appends the named children of the child stored at `at` in `list`; returns how many. */
  appendNamedChildrenAt(tree: Tree, list: ChildList, at: number): number;
}

/** The `Node` for the child stored at `at` in `list`. */
export function nodeAt(tree: Tree, list: ChildList, at: number): SyntaxNode {
  const data = list.data;
  // What web-tree-sitter's own unmarshalling gives, fields in the order its class declares them.
  const node = Object.create(NodeClass.prototype) as SyntaxNode & NodeFields;
  node[0] = data[at + CONTEXT];
  node._children = undefined;
  node._namedChildren = undefined;
  node.id = data[at + ID];
  node.startIndex = data[at + START_INDEX];
  node.startPosition = { row: data[at + ROW], column: data[at + COLUMN] };
  node.tree = tree;
  return node;
}

/** The fields of a web-tree-sitter 0.25 `Node` that its type declarations leave out. */
interface NodeFields {
  0: number;
  _children: unknown;
  _namedChildren: unknown;
  id: number;
  tree: Tree;
  startIndex: number;
  startPosition: { row: number; column: number };
}

/** What the direct reader calls in the runtime's module (web-tree-sitter 0.25's C binding). */
export interface RuntimeModule {
  HEAP32?: Int32Array;
  _ts_init?: () => number;
  _ts_node_named_children_wasm?: (tree: number) => void;
  _ts_node_symbol_wasm?: (tree: number) => number;
  _free?: (pointer: number) => void;
}

/** Lists children through the public API (any runtime). */
export const portableReader: TreeReader = {
  appendNamedChildren(node, list) {
    return appendNodes(node.namedChildren, list);
  },
  appendNamedChildrenAt(tree, list, at) {
    return appendNodes(nodeAt(tree, list, at).namedChildren, list);
  },
};

function appendNodes(children: ReadonlyArray<SyntaxNode | null>, list: ChildList): number {
  list.reserve(children.length);
  const data = list.data;
  let count = 0;
  for (const child of children) {
    if (!child) continue;
    const at = list.length;
    storeNode(child, data, at);
    data[at + TYPE_ID] = child.typeId;
    list.length += CHILD_STRIDE;
    count++;
  }
  return count;
}

/**
 * A record's first five integers are laid out as the runtime marshals a node (id, start index,
 * row, column, context), so the same two helpers fill a record and the transfer buffer.
 */
function storeNode(node: SyntaxNode, into: Int32Array, at: number): void {
  into[at + ID] = node.id;
  into[at + START_INDEX] = node.startIndex;
  into[at + ROW] = node.startPosition.row;
  into[at + COLUMN] = node.startPosition.column;
  into[at + CONTEXT] = (node as unknown as NodeFields)[0];
}

function copyNode(from: Int32Array, fromAt: number, into: Int32Array, at: number): void {
  into[at + ID] = from[fromAt + ID];
  into[at + START_INDEX] = from[fromAt + START_INDEX];
  into[at + ROW] = from[fromAt + ROW];
  into[at + COLUMN] = from[fromAt + COLUMN];
  into[at + CONTEXT] = from[fromAt + CONTEXT];
}

/**
 * The reader that goes straight to the runtime's memory, or undefined when `module` lacks what it
 * needs. `directI32` says whether runtime-memory.ts found the i32 view usable.
 */
export function directReader(module: RuntimeModule, directI32: boolean): TreeReader | undefined {
  const { _ts_init: init, _ts_node_named_children_wasm: namedChildren, _ts_node_symbol_wasm: symbol, _free: free } = module;
  if (!directI32 || !init || !namedChildren || !symbol || !free || !(module.HEAP32 instanceof Int32Array)) return undefined;
  // The binding's transfer buffer is a static array: asking for it again returns the same address
  // (and writes two version numbers into it, which nothing reads back).
  const transfer = init() >> 2;

  /** Lists the children of the node now in the transfer buffer. */
  const appendFromTransfer = (treeAddress: number, list: ChildList): number => {
    namedChildren(treeAddress);
    // The list was allocated: the memory may have grown, and the view been replaced.
    let heap = module.HEAP32!;
    const count = heap[transfer];
    if (count === 0) return 0;
    const buffer = heap[transfer + 1];
    list.reserve(count);
    const data = list.data;
    let from = buffer >> 2;
    let at = list.length;
    for (let i = 0; i < count; i++, from += 5, at += CHILD_STRIDE) copyNode(heap, from, data, at);
    free(buffer);
    heap = module.HEAP32!;
    at = list.length;
    for (let i = 0; i < count; i++, at += CHILD_STRIDE) {
      copyNode(data, at, heap, transfer);
      data[at + TYPE_ID] = symbol(treeAddress);
    }
    list.length = at;
    return count;
  };

  return {
    appendNamedChildren(node, list) {
      storeNode(node, module.HEAP32!, transfer);
      return appendFromTransfer(treeAddressOf(node.tree), list);
    },
    appendNamedChildrenAt(tree, list, at) {
      copyNode(list.data, at, module.HEAP32!, transfer);
      return appendFromTransfer(treeAddressOf(tree), list);
    },
  };
}

function treeAddressOf(tree: Tree): number {
  return (tree as unknown as { 0: number })[0];
}
