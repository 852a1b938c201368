import type { Tree } from 'web-tree-sitter';
import { afterEach, describe, expect, it } from 'vitest';
import { parseForTest } from '../../test-support/test-parser.js';
import type { Language } from '../../model/graph-vocabulary.js';
import { Scope, type ScopeRules } from './scopes.js';
import { walkSyntax, type SyntaxRules, type WalkContext } from './syntax-walk.js';

const trees: Tree[] = [];
afterEach(() => trees.splice(0).forEach((tree) => tree.delete()));

async function parse(language: Language, source: string): Promise<Tree> {
  const tree = await parseForTest(language, source);
  trees.push(tree);
  return tree;
}

const SCOPES: ScopeRules = { scopes: { file: { fileLevel: true }, block: {}, function: {} }, bindings: { lexical: {} } };

interface Ctx extends WalkContext {
  /** What the test records, shared by every context of one walk. */
  log: string[];
  label: string;
}

function start(): Ctx {
  return { scope: Scope.file(SCOPES, 'file'), log: [], label: 'file' };
}

describe('walkSyntax', () => {
  it('handles nodes with a rule in document order, walks through the rest, never enters opaque nodes', async () => {
    const tree = await parse('typescript', 'f(a(b()));\nconst x = { k: c() };\nlet s = `${d()}`;\n');
    const rules: SyntaxRules<Ctx> = {
      opaque: ['template_string'],
      patternNames: () => [],
      nodes: {
        call_expression: { visit: ({ node, ctx }) => { ctx.log.push(node.childForFieldName('function')!.text); return true; } },
      },
    };
    const ctx = start();
    walkSyntax(rules, tree.rootNode, ctx);
    expect(ctx.log).toEqual(['f', 'a', 'b', 'c']);
  });

  it('runs pushed parts after the subtree that pushed them, in document order, each in its own context', async () => {
    const tree = await parse('python', 'def f():\n    g()\n    h()\nk()\n');
    const rules: SyntaxRules<Ctx> = {
      opaque: ['identifier'],
      patternNames: () => [],
      nodes: {
        function_definition: {
          visit: ({ node, ctx }, walk) => {
            for (const statement of node.childForFieldName('body')!.namedChildren) walk.push(statement, { ...ctx, label: 'in f' });
            return false;
          },
        },
        call: { visit: ({ node, ctx }) => { ctx.log.push(`${node.childForFieldName('function')!.text} ${ctx.label}`); return true; } },
      },
    };
    const ctx = start();
    walkSyntax(rules, tree.rootNode, ctx);
    expect(ctx.log).toEqual(['k file', 'g in f', 'h in f']);
  });

  it('binds pattern names and opens scopes from data, the children walked in the new scope', async () => {
    const tree = await parse('typescript', 'for (const [a, b] of xs) { use(a); }\n');
    let scopeOfCall: Scope | undefined;
    const rules: SyntaxRules<Ctx> = {
      opaque: [],
      patternNames: (pattern) => pattern.namedChildren.filter((c) => c?.type === 'identifier').map((c) => c!.text),
      nodes: {
        for_in_statement: { opensScope: { kind: 'block' }, visit: ({ node, ctx }) => {
          for (const name of rules.patternNames(node.childForFieldName('left')!)) ctx.scope.bind(name, 'lexical');
          return true;
        } },
        statement_block: { opensScope: { kind: 'block', context: (ctx, scope) => ({ ...ctx, scope, label: 'block' }) } },
        call_expression: { visit: ({ ctx }) => { scopeOfCall = ctx.scope; ctx.log.push(ctx.label); return true; } },
      },
    };
    const ctx = start();
    walkSyntax(rules, tree.rootNode, ctx);
    expect(ctx.log).toEqual(['block']);
    expect(scopeOfCall?.kind).toBe('block');
    expect(scopeOfCall?.classify('a', false).locallyBound).toBe(true);
    expect(scopeOfCall?.classify('xs', false).locallyBound).toBe(false);
  });

  it('gives each handled node the doc comment and the attribute siblings written before it, and its kept parent', async () => {
    const source = [
      'class A {',
      '  /** the field */',
      '  @dec() @other',
      '  x() {}',
      '  // plain comment',
      '  y() {}',
      '  /** far away */',
      '',
      '  z() {}',
      '}',
    ].join('\n');
    const tree = await parse('typescript', source);
    const rules: SyntaxRules<Ctx> = {
      opaque: [],
      patternNames: () => [],
      comments: { types: ['comment'], doc: (comment, anchorRow) => (comment.endPosition.row >= anchorRow - 1 && comment.text.startsWith('/**') ? comment.text : undefined) },
      leadingAttributes: ['decorator'],
      keepParents: ['class_body'],
      nodes: {
        method_definition: {
          visit: ({ node, ctx, doc, leading, parent }) => {
            const name = node.childForFieldName('name')!.text;
            ctx.log.push(`${name} doc=${doc ?? '-'} attributes=${(leading ?? []).map((d) => d.text).join(' ') || '-'} parent=${parent?.type ?? '-'}`);
            return false;
          },
        },
      },
    };
    const ctx = start();
    walkSyntax(rules, tree.rootNode, ctx);
    expect(ctx.log).toEqual([
      'x doc=/** the field */ attributes=@dec() @other parent=class_body',
      'y doc=- attributes=- parent=class_body',
      'z doc=- attributes=- parent=class_body',
    ]);
  });

  it('applies the ERROR rule to error nodes (whose type id lies past the grammar types); a parent is only the immediate one', async () => {
    const tree = await parse('python', 'x = (1 +\nok()\n');
    const rules: SyntaxRules<Ctx> = {
      opaque: [],
      patternNames: () => [],
      keepParents: ['ERROR'],
      nodes: {
        ERROR: { visit: ({ ctx }) => { ctx.log.push('error'); return true; } },
        call: { visit: ({ node, ctx, parent }) => { ctx.log.push(`${node.text} in ${parent?.type ?? '-'}`); return true; } },
      },
    };
    const ctx = start();
    walkSyntax(rules, tree.rootNode, ctx);
    // `ok()` sits in a binary operator inside the ERROR: no kept parent of its own.
    expect(ctx.log).toEqual(['error', 'ok() in -']);
  });

  it('handles a part now when asked (walk.visit), so later statements of the same walk see what it recorded', async () => {
    const tree = await parse('python', 'def f():\n    pass\ng()\n');
    const rules: SyntaxRules<Ctx> = {
      opaque: [],
      patternNames: () => [],
      nodes: {
        module: {
          visit: ({ node, ctx }, walk) => {
            // Visit the call first, now, then the definition later: the log shows the order asked for.
            walk.push(node.namedChild(0), ctx);
            walk.visit(node.namedChild(1)!.namedChild(0)!, ctx);
            return false;
          },
        },
        function_definition: { visit: ({ ctx }) => { ctx.log.push('def'); return false; } },
        call: { visit: ({ ctx }) => { ctx.log.push('call'); return true; } },
      },
    };
    const ctx = start();
    walkSyntax(rules, tree.rootNode, ctx);
    expect(ctx.log).toEqual(['call', 'def']);
  });
});
