/**
 * The shared shapes of extraction (receiver chains, member call sites, type parameters, modifiers), each read on two
 * grammars through the data a language states about it.
 */
import type { Node as SyntaxNode, Tree } from 'web-tree-sitter';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '../../model/graph-vocabulary.js';
import { parseForTest } from '../../test-support/test-parser.js';
import { memberCallTarget } from './calls.js';
import { flatSignature } from './declaration-text.js';
import { modifiersOf, type ModifierShape } from './modifiers.js';
import { receiverChain, type ReceiverChainShape } from './receiver-chain.js';
import { typeParameterNames, type TypeParameterShape } from './type-parameters.js';

const trees: Tree[] = [];
afterEach(() => trees.splice(0).forEach((tree) => tree.delete()));

async function parse(language: Language, source: string): Promise<SyntaxNode> {
  const tree = await parseForTest(language, source);
  trees.push(tree);
  return tree.rootNode;
}

/** The first node of `type` in document order. */
function first(root: SyntaxNode, type: string): SyntaxNode {
  const found = root.descendantsOfType(type)[0];
  if (!found) throw new Error(`no ${type} in ${root.text}`);
  return found;
}

const JAVA_CHAIN: ReceiverChainShape = {
  accesses: [{ nodeType: 'field_access', object: 'object', property: 'field', propertyTypes: new Set(['identifier']) }],
  head: (node) => (['identifier', 'this', 'super'].includes(node.type) ? [node.text] : undefined),
  superWord: 'super',
};

const PHP_CHAIN: ReceiverChainShape = {
  accesses: ['member_access_expression', 'nullsafe_member_access_expression'].map((nodeType) => ({ nodeType, object: 'object', property: 'name', propertyTypes: new Set(['name']) })),
  head: (node) => (node.type === 'variable_name' ? [node.text] : undefined),
};

describe('receiverChain', () => {
  it('reads a chain of names through member accesses (Java)', async () => {
    const root = await parse('java', 'class A { void f() { this.repo.items.add(x); make().items.add(y); super.x.add(z); } }');
    const [first, second, third] = root.descendantsOfType('method_invocation').filter((call) => call!.childForFieldName('name')!.text === 'add').map((call) => call!.childForFieldName('object')!);
    expect(receiverChain(first, JAVA_CHAIN)).toEqual(['this', 'repo', 'items']);
    // A chain starting at a call is none; a member of `super` is none.
    expect(receiverChain(second, JAVA_CHAIN)).toBeUndefined();
    expect(receiverChain(third, JAVA_CHAIN)).toBeUndefined();
    expect(receiverChain(third.childForFieldName('object')!, JAVA_CHAIN)).toEqual(['super']);
  });

  it('takes every access node type the language writes (PHP -> and ?->)', async () => {
    const root = await parse('php', '<?php $a->b?->c->m(); $f()->b->m();');
    const [first, second] = root.descendantsOfType('member_call_expression').map((call) => call!.childForFieldName('object')!);
    expect(receiverChain(first, PHP_CHAIN)).toEqual(['$a', 'b', 'c']);
    expect(receiverChain(second, PHP_CHAIN)).toBeUndefined();
  });
});

describe('typeParameterNames', () => {
  it('reads the names of a list of entries that name their parameter in a child (Java)', async () => {
    const root = await parse('java', 'class Box<T extends Comparable<T>, U> { }');
    const shape: TypeParameterShape = { listField: 'type_parameters', listType: 'type_parameters', nameTypes: new Set(['type_identifier', 'identifier']) };
    expect(typeParameterNames(first(root, 'class_declaration'), shape)).toEqual(['T', 'U']);
    expect(typeParameterNames(await parse('java', 'class Plain { }').then((r) => first(r, 'class_declaration')), shape)).toEqual([]);
  });

  it('skips entries of other types and reads a name field (TypeScript)', async () => {
    const root = await parse('typescript', 'function pick<K extends string, V = number>(k: K): V { return null!; }');
    const shape: TypeParameterShape = { listField: 'type_parameters', entries: new Set(['type_parameter']), nameField: 'name' };
    expect(typeParameterNames(first(root, 'function_declaration'), shape)).toEqual(['K', 'V']);
  });
});

describe('modifiersOf', () => {
  const annotation = (node: SyntaxNode) => [flatSignature(node.text).replace(/^@\s*/, '')];

  it('reads keywords and annotations from a modifier list, every child (Java)', async () => {
    const root = await parse('java', 'class A { @Override @SuppressWarnings("x") public static final void f() { } }');
    const shape: ModifierShape = { container: 'modifiers', everyChild: true, annotations: new Map([['marker_annotation', annotation], ['annotation', annotation]]), skip: new Set(['line_comment']) };
    const method = first(root, 'method_declaration');
    const modifiers = modifiersOf(method, shape);
    expect([...modifiers.keywords]).toEqual(['public', 'static', 'final']);
    expect(modifiers.decorators).toEqual(['Override', 'SuppressWarnings("x")']);
    expect(method.text.slice(modifiers.start - method.startIndex)).toMatch(/^ public static final void f/);
  });

  it('reads named keyword entries and skips comments (Kotlin)', async () => {
    const root = await parse('kotlin', 'class A { @JvmStatic /* c */ private inline fun f() {} }');
    const shape: ModifierShape = { container: 'modifiers', annotations: new Map([['annotation', annotation]]), skip: new Set(['line_comment', 'block_comment']) };
    const modifiers = modifiersOf(first(root, 'function_declaration'), shape);
    expect([...modifiers.keywords]).toEqual(['private', 'inline']);
    expect(modifiers.decorators).toEqual(['JvmStatic']);
  });

  it('without a container, ends the list at the first entry that is no modifier (C#)', async () => {
    const root = await parse('csharp', 'class A { [Obsolete, Pure] public static int F() => 1; }');
    const shape: ModifierShape = {
      annotations: new Map([['attribute_list', (list: SyntaxNode) => list.namedChildren.filter((c) => c?.type === 'attribute').map((c) => flatSignature(c!.text))]]),
      skip: new Set(['comment']),
      keywordEntries: new Set(['modifier']),
    };
    const modifiers = modifiersOf(first(root, 'method_declaration'), shape);
    expect([...modifiers.keywords]).toEqual(['public', 'static']);
    expect(modifiers.decorators).toEqual(['Obsolete', 'Pure']);
  });
});

describe('memberCallTarget', () => {
  const GO_CHAIN: ReceiverChainShape = {
    accesses: [{ nodeType: 'selector_expression', object: 'operand', property: 'field', propertyTypes: new Set(['field_identifier']) }],
    head: (node) => (node.type === 'identifier' ? [node.text] : undefined),
  };
  const stated = (base: SyntaxNode) => (base.type === 'call_expression' || base.type === 'method_invocation' ? { kind: 'named' as const, chain: ['Made'] } : null);

  it('names the receiver chain, or the stated type of the value at its base and the members after it (Go)', async () => {
    const root = await parse('go', 'package p\nfunc f() { a.b.M(); NewT().x.M(); (<-ch).M() }\n');
    const [chained, typed, unknown] = root.descendantsOfType('selector_expression')
      .filter((s) => s!.childForFieldName('field')!.text === 'M').map((s) => memberCallTarget('M', s!.childForFieldName('operand')!, GO_CHAIN, stated));
    expect(chained).toEqual({ name: 'M', receiver: ['a', 'b'] });
    expect(typed).toEqual({ name: 'M', receiver: undefined, typedReceiver: { type: { kind: 'named', chain: ['Made'] }, path: ['x'] } });
    expect(unknown).toEqual({ name: 'M', receiver: undefined, typedReceiver: undefined });
  });

  it('reads the same shape through another grammar (Java)', async () => {
    const root = await parse('java', 'class A { void f() { this.repo.add(x); make().items.add(y); } }');
    const [chained, typed] = root.descendantsOfType('method_invocation').filter((c) => c!.childForFieldName('name')!.text === 'add')
      .map((c) => memberCallTarget('add', c!.childForFieldName('object')!, JAVA_CHAIN, stated));
    expect(chained).toEqual({ name: 'add', receiver: ['this', 'repo'] });
    expect(typed.typedReceiver).toEqual({ type: { kind: 'named', chain: ['Made'] }, path: ['items'] });
  });
});
