import { describe, expect, it } from 'vitest';
import type { Node as SyntaxNode, Tree } from 'web-tree-sitter';
import type { Language } from '../model/graph-vocabulary.js';
import { parseSource, treeReader } from './grammar-loader.js';
import { CHILD_STRIDE, ChildList, directReader, nodeAt, portableReader, type TreeReader } from './tree-reader.js';

const SOURCES: Array<[Language, string]> = [
  ['typescript', 'import { a } from "./a";\n/** doc */\nexport class C<T> extends B implements I {\n  @dec() m(x: T): number { return a(x) ?? this.n?.(1); }\n}\nconst f = async ({ p, q: [r] }) => `t${p}`;\n'],
  ['python', 'import os\n\n@decorator\nclass K(Base):\n    def m(self, *args, **kw):\n        return [x for x in args if x]\n\nk = K()\nk.m(1, key=2)\n'],
  ['java', 'package p;\nimport java.util.List;\nclass A<T> extends B {\n  @Override public int m(List<T> xs) { return xs.size() + new A<T>().hashCode(); }\n}\n'],
  // An ERROR node (its type id lies past the grammar's types) and a missing token.
  ['javascript', 'function f( {\n  return g(1, 2;\n}\nlet x = ;\n'],
];

/** Every named node of the tree, in pre-order, as the public API lists them. */
function namedNodes(root: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    out.push(node);
    const children = node.namedChildren.filter((c): c is SyntaxNode => c !== null);
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]);
  }
  return out;
}

/** What a walk could ask of a node, as text. */
function describe_(node: SyntaxNode): string {
  return [
    node.id, node.typeId, node.type, node.isNamed, node.startIndex, node.endIndex,
    `${node.startPosition.row}:${node.startPosition.column}`, `${node.endPosition.row}:${node.endPosition.column}`,
    node.text, node.childCount, node.namedChildCount, node.parent?.id ?? '-', node.hasError, node.isMissing,
    node.childForFieldName('name')?.text ?? '-', node.toString(),
  ].join('|');
}

/** Each named child of `node` through `reader`: its record and the Node made from it. */
function readChildren(reader: TreeReader, tree: Tree, node: SyntaxNode, list: ChildList, viaRecord?: number): string[] {
  const before = list.length;
  const count = viaRecord === undefined ? reader.appendNamedChildren(node, list) : reader.appendNamedChildrenAt(tree, list, viaRecord);
  expect(list.length - before).toBe(count * CHILD_STRIDE);
  const out: string[] = [];
  for (let at = before; at < list.length; at += CHILD_STRIDE) {
    const child = nodeAt(tree, list, at);
    expect(list.typeIdAt(at)).toBe(child.typeId);
    expect(list.rowAt(at)).toBe(child.startPosition.row);
    out.push(describe_(child));
  }
  return out;
}

describe('tree readers', () => {
  it('this thread reads the runtime directly once a grammar is loaded', async () => {
    const tree = await parseSource('javascript', 'x;');
    tree.delete();
    expect(treeReader()).not.toBe(portableReader);
  });

  for (const [language, source] of SOURCES) {
    it(`list every named node of a ${language} tree as the public API does, as records and as Nodes`, async () => {
      const tree = await parseSource(language, source);
      try {
        const nodes = namedNodes(tree.rootNode);
        expect(nodes.length).toBeGreaterThan(10);
        for (const reader of [treeReader(), portableReader]) {
          const list = new ChildList();
          for (const node of nodes) {
            const expected = node.namedChildren.filter((c): c is SyntaxNode => c !== null).map(describe_);
            expect(readChildren(reader, tree, node, list)).toEqual(expected);
            // The same children, asked for through the parent's own record (as the walk does below the top).
            list.length = 0;
            reader.appendNamedChildren(node.parent ?? node, list);
            const self = node.parent ? findRecord(list, tree, node) : -1;
            if (self >= 0) expect(readChildren(reader, tree, node, list, self)).toEqual(expected);
            list.length = 0;
          }
        }
      } finally {
        tree.delete();
      }
    });
  }

  it('grows its child list past its first size, keeping what it holds', async () => {
    const source = `const a = [${Array.from({ length: 1500 }, (_, i) => `f${i}(${i})`).join(', ')}];\n`;
    const tree = await parseSource('javascript', source);
    try {
      const array = tree.rootNode.descendantsOfType('array')[0]!;
      const list = new ChildList();
      const first = treeReader().appendNamedChildren(tree.rootNode, list);
      const kept = Array.from(list.data.subarray(0, list.length));
      expect(treeReader().appendNamedChildren(array, list)).toBe(1500);
      expect(list.data.length).toBeGreaterThanOrEqual((first + 1500) * CHILD_STRIDE);
      expect(Array.from(list.data.subarray(0, first * CHILD_STRIDE))).toEqual(kept);
      expect(nodeAt(tree, list, list.length - CHILD_STRIDE).text).toBe('f1499(1499)');
    } finally {
      tree.delete();
    }
  });

  it('has no direct reader without the runtime parts it calls', () => {
    const module = { HEAP32: new Int32Array(4), _ts_init: () => 0, _ts_node_named_children_wasm: () => {}, _ts_node_symbol_wasm: () => 0, _free: () => {} };
    expect(directReader(module, false)).toBeUndefined();
    expect(directReader({ ...module, _ts_node_symbol_wasm: undefined }, true)).toBeUndefined();
    expect(directReader({ ...module, HEAP32: undefined }, true)).toBeUndefined();
    expect(directReader(module, true)).toBeDefined();
  });
});

/** Where `node` sits among the records in `list` (-1: not there). */
function findRecord(list: ChildList, tree: Tree, node: SyntaxNode): number {
  for (let at = 0; at < list.length; at += CHILD_STRIDE) {
    const candidate = nodeAt(tree, list, at);
    if (candidate.id === node.id && candidate.typeId === node.typeId && candidate.startIndex === node.startIndex) return at;
  }
  return -1;
}
