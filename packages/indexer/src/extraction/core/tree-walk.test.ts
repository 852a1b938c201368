import type { Tree } from 'web-tree-sitter';
import { afterEach, describe, expect, it } from 'vitest';
import { parseForTest } from '../../test-support/test-parser.js';
import { splitMemberChain, walkPreOrder } from './tree-walk.js';

const trees: Tree[] = [];
afterEach(() => trees.splice(0).forEach((tree) => tree.delete()));

async function parsePython(source: string): Promise<Tree> {
  const tree = await parseForTest('python', source);
  trees.push(tree);
  return tree;
}

const ATTRIBUTE = { nodeType: 'attribute', object: 'object', property: 'attribute', propertyTypes: new Set(['identifier']) };

describe('walkPreOrder', () => {
  it('visits named nodes in document order and skips the children of nodes it declines', async () => {
    const tree = await parsePython('def f(a):\n    return g(a)\nx = h()\n');
    const seen: string[] = [];
    const cursor = tree.walk();
    walkPreOrder(cursor, (at) => {
      if (at.nodeIsNamed) seen.push(at.nodeType);
      return at.nodeType !== 'function_definition';
    }, tree.rootNode);
    cursor.delete();
    expect(seen).toEqual(['module', 'function_definition', 'expression_statement', 'assignment', 'identifier', 'call', 'identifier', 'argument_list']);
  });
});

describe('splitMemberChain', () => {
  it('peels member accesses down to the first object that is not one', async () => {
    const tree = await parsePython('make().a.b\n');
    const expression = tree.rootNode.namedChild(0)!.namedChild(0)!;
    const chain = splitMemberChain(expression, ATTRIBUTE);
    expect(chain?.path).toEqual(['a', 'b']);
    expect(chain?.base.type).toBe('call');
    expect(splitMemberChain(tree.rootNode.namedChild(0)!, ATTRIBUTE)?.path).toEqual([]);
  });
});
