/**
 * The one walk every language's extraction runs. A language does not walk its tree: it states, per
 * node type, what that node means (`SyntaxRules`) — which types hold nothing worth entering, which
 * open a scope, which bind names, which are a `return` — and hooks only what data cannot say. The
 * walk is the same for every grammar:
 *
 *  - The walk goes through the named nodes only (anonymous tokens mean nothing to it), getting each
 *    entered node's named children in one call.
 *  - A node with a rule is handled where the walk meets it, in document order. Its rule may walk
 *    on into its children with the same context, or push parts of it as new frames with their own
 *    context (a function body with the function's scope). Frames run after the subtree that pushed
 *    them, in document order; the stack is explicit, so deep nesting cannot overflow the JS stack.
 *  - Between siblings, the walk tracks the comment written right before a node and the attribute
 *    nodes (decorators) the grammar leaves as preceding siblings, so every language gets its doc
 *    comments and member decorators the same way.
 */
import type { Language as Grammar, Node as SyntaxNode } from 'web-tree-sitter';
import { treeReader } from '../../parsing/grammar-loader.js';
import { CHILD_STRIDE, ChildList, nodeAt } from '../../parsing/tree-reader.js';
import { fieldChild } from './node-fields.js';
import type { Scope } from './scopes.js';

/** What every language's walk context carries (a language adds its own fields). */
export interface WalkContext {
  /** Innermost scope: names used here are looked up in it, names bound here are recorded in it. */
  scope: Scope;
}

/** One node to handle, with the context it is handled in. */
export interface Frame<C extends WalkContext, X = never> {
  node: SyntaxNode;
  ctx: C;
  /** The syntactic parent, when it is of a type the language keeps (`keepParents`) or the pusher named it. */
  parent?: SyntaxNode;
  /** The doc comment written right before this node (after its leading attributes), as the language reads it. */
  doc?: string;
  /** Attribute nodes the grammar leaves as siblings before this node (class member decorators). */
  leading?: SyntaxNode[];
  /** What the frame's pusher adds (a declaration this node is the body of, an export around it). */
  extra?: X;
}

export interface Walk<C extends WalkContext, X = never> {
  /** Handles `node` itself later, in `ctx` (nothing for null). */
  push(node: SyntaxNode | null | undefined, ctx: C, frame?: Omit<Partial<Frame<C, X>>, 'node' | 'ctx'>): void;
  /** Walks the children of `node` (not the node itself) later, in `ctx`. */
  descend(node: SyntaxNode, ctx: C): void;
  /**
   * Handles `node` now, as if the walk met it here (its children later): for a part whose
   * declaration later statements of the same walk may look up (`export function f` before `f.x = …`).
   */
  visit(node: SyntaxNode, ctx: C, frame?: Omit<Partial<Frame<C, X>>, 'node' | 'ctx'>): void;
}

/**
 * What a node handler does: true walks on into the node's children with the frame's context;
 * false (or nothing) means it pushed what it wants walked.
 */
export type NodeHandler<C extends WalkContext, X = never> = (frame: Frame<C, X>, walk: Walk<C, X>) => boolean | void;

/**
 * What one node type means, as data, with a hook for the rest. The data parts run first, in the
 * order listed; without a hook the walk goes on into the children (in the scope the rule opened).
 */
export interface NodeRule<C extends WalkContext, X = never> {
  /** The node binds the names of the pattern in this field (or in every named child: 'children'), with this binding kind. */
  binds?: { field: string | 'children'; kind: string };
  /** The node opens a scope of this kind for its children; `context` adapts the rest of the context. */
  opensScope?: { kind: string; context?: (ctx: C, scope: Scope, node: SyntaxNode) => C };
  /** What data cannot say. Called with the context after `opensScope`. */
  visit?: NodeHandler<C, X>;
}

/**
 * A rule whose hook does all the walking of its node (it pushes what it wants walked): the walk
 * does not go on into the node's children. Languages instantiate it for their context
 * (`const handled = handledFrame<JavaContext>`).
 */
export function handledFrame<C extends WalkContext, X = never>(visit: (frame: Frame<C, X>, walk: Walk<C, X>) => void): NodeRule<C, X> {
  return {
    visit: (frame, walk) => {
      visit(frame, walk);
      return false;
    },
  };
}

/** `handledFrame` for a hook that needs only the node and its context. */
export function handledNode<C extends WalkContext, X = never>(visit: (node: SyntaxNode, ctx: C, walk: Walk<C, X>) => void): NodeRule<C, X> {
  return {
    visit: ({ node, ctx }, walk) => {
      visit(node, ctx, walk);
      return false;
    },
  };
}

/** A language's syntax, as the walk needs it. */
export interface SyntaxRules<C extends WalkContext, X = never> {
  /** Node type → what it means. A type without a rule is walked through. */
  nodes: Readonly<Record<string, NodeRule<C, X>>>;
  /** Named node types that hold nothing to extract: never entered (anonymous tokens never are). */
  opaque: Iterable<string>;
  /** The names a binding pattern binds (`[a, {b}]` → a, b). */
  patternNames(pattern: SyntaxNode): string[];
  /**
   * Doc comments: the comment node types, and how the text of one documents the node whose first
   * leading attribute (or itself) starts at `anchorRow` (undefined: it does not).
   */
  comments?: { types: Iterable<string>; doc(comment: SyntaxNode, anchorRow: number): string | undefined };
  /** Node types written as siblings before what they annotate (decorators in a class body). */
  leadingAttributes?: Iterable<string>;
  /** Node types a handled child may need as `frame.parent` (statement lists, class bodies). */
  keepParents?: Iterable<string>;
}

/** Per grammar and rule set: type ids, so the walk compares numbers (aliases give one name several ids). */
interface TypeTable<C extends WalkContext, X> {
  rules: Array<NodeRule<C, X> | undefined>;
  /** The rule for ERROR nodes, whose id lies outside the grammar's type count. */
  errorRule: NodeRule<C, X> | undefined;
  /** Ids whose children are never walked: anonymous tokens and opaque types. */
  closed: Uint8Array;
  comments: Uint8Array;
  attributes: Uint8Array;
  parents: Uint8Array;
  /** ERROR nodes are kept as parents. */
  errorParent: boolean;
}

const tables = new WeakMap<object, WeakMap<Grammar, unknown>>();

function typeTable<C extends WalkContext, X>(rules: SyntaxRules<C, X>, grammar: Grammar): TypeTable<C, X> {
  let perGrammar = tables.get(rules);
  if (!perGrammar) tables.set(rules, (perGrammar = new WeakMap()));
  let table = perGrammar.get(grammar) as TypeTable<C, X> | undefined;
  if (table) return table;
  const opaque = new Set(rules.opaque);
  const comments = new Set(rules.comments?.types ?? []);
  const attributes = new Set(rules.leadingAttributes ?? []);
  const parents = new Set(rules.keepParents ?? []);
  const count = grammar.nodeTypeCount;
  table = {
    rules: new Array(count),
    errorRule: ownRule(rules, 'ERROR'),
    closed: new Uint8Array(count),
    comments: new Uint8Array(count),
    attributes: new Uint8Array(count),
    parents: new Uint8Array(count),
    errorParent: parents.has('ERROR'),
  };
  for (let id = 0; id < count; id++) {
    const type = grammar.nodeTypeForId(id);
    if (type === null) continue;
    const named = grammar.nodeTypeIsNamed(id);
    if (!named) {
      table.closed[id] = 1;
      continue;
    }
    table.rules[id] = ownRule(rules, type);
    if (opaque.has(type) || comments.has(type)) table.closed[id] = 1;
    if (comments.has(type)) table.comments[id] = 1;
    if (attributes.has(type)) table.attributes[id] = 1;
    if (parents.has(type)) table.parents[id] = 1;
  }
  perGrammar.set(grammar, table);
  return table;
}

function ownRule<C extends WalkContext, X>(rules: SyntaxRules<C, X>, type: string): NodeRule<C, X> | undefined {
  return Object.prototype.hasOwnProperty.call(rules.nodes, type) ? rules.nodes[type] : undefined;
}

/** The rule of a type id (ERROR's id is past the grammar's types). */
function ruleOf<C extends WalkContext, X>(table: TypeTable<C, X>, id: number): NodeRule<C, X> | undefined {
  return id < table.rules.length ? table.rules[id] : table.errorRule;
}

/** Whether the walk goes through a node of this type id that has no rule (ERROR nodes: always). */
function isOpen<C extends WalkContext, X>(table: TypeTable<C, X>, id: number): boolean {
  return id < table.closed.length ? table.closed[id] === 0 : true;
}

/** Whether nodes of this type id are kept as `frame.parent` of their children. */
function keepsParent<C extends WalkContext, X>(table: TypeTable<C, X>, id: number): boolean {
  return id < table.parents.length ? table.parents[id] === 1 : table.errorParent;
}

interface QueuedFrame<C extends WalkContext, X> extends Frame<C, X> {
  /** Walk only the children (`Walk.descend`). */
  childrenOnly?: boolean;
}

/**
 * A declaration's name node. One the parser left without a name (a syntax error) declares nothing: its
 * children are walked as they stand, and null comes back.
 */
export function nameOrDescend<C extends WalkContext>(node: SyntaxNode, ctx: C, walk: Pick<Walk<C, any>, 'descend'>): SyntaxNode | null {
  const name = node.childForFieldName('name');
  if (!name) walk.descend(node, ctx);
  return name;
}

/**
 * Runs `rules` over `root` (handled itself, like any pushed node) in `ctx`. Each tree is walked by
 * one SyntaxWalker call; a language re-parsing a piece of a file walks that tree with another call.
 */
export function walkSyntax<C extends WalkContext, X = never>(rules: SyntaxRules<C, X>, root: SyntaxNode, ctx: C): void {
  new SyntaxWalker(rules, root).run(root, ctx);
}

class SyntaxWalker<C extends WalkContext, X> implements Walk<C, X> {
  private readonly table: TypeTable<C, X>;
  private readonly stack: Array<QueuedFrame<C, X>> = [];
  private readonly trackSiblings: boolean;
  private readonly reader = treeReader();
  /** The children of every open level of `walkChildren`, as numbers. */
  private readonly children = new ChildList();

  constructor(private readonly rules: SyntaxRules<C, X>, root: SyntaxNode) {
    this.table = typeTable(rules, root.tree.language);
    this.trackSiblings = rules.comments !== undefined || rules.leadingAttributes !== undefined;
  }

  push(node: SyntaxNode | null | undefined, ctx: C, frame?: Omit<Partial<Frame<C, X>>, 'node' | 'ctx'>): void {
    if (node) this.stack.push({ ...frame, node, ctx });
  }

  descend(node: SyntaxNode, ctx: C): void {
    this.stack.push({ node, ctx, childrenOnly: true });
  }

  visit(node: SyntaxNode, ctx: C, frame?: Omit<Partial<Frame<C, X>>, 'node' | 'ctx'>): void {
    const now: Frame<C, X> = { ...frame, node, ctx };
    if (this.handle(now, node.typeId)) this.descend(node, now.ctx);
  }

  run(root: SyntaxNode, ctx: C): void {
    try {
      this.push(root, ctx);
      while (this.stack.length > 0) {
        const frame = this.stack.pop()!;
        const mark = this.stack.length;
        const typeId = frame.node.typeId;
        if (frame.childrenOnly || this.handle(frame, typeId)) this.walkChildren(frame.node, typeId, frame.ctx);
        // Frames were pushed in document order; reversed, the stack pops them in that order.
        reverseFrom(this.stack, mark);
      }
    } finally {
      this.stack.length = 0;
    }
  }

  /**
   * Applies the node's rule; true: walk its children with the frame's (possibly new) context.
   * `typeId` is the node's (the walk has read it already: asking the node again is a WASM call).
   */
  private handle(frame: Frame<C, X>, typeId: number): boolean {
    const rule = ruleOf(this.table, typeId);
    if (!rule) return isOpen(this.table, typeId);
    if (rule.binds) this.bind(frame.node, frame.ctx, rule.binds);
    if (rule.opensScope) {
      const scope = frame.ctx.scope.open(rule.opensScope.kind);
      frame.ctx = rule.opensScope.context ? rule.opensScope.context(frame.ctx, scope, frame.node) : { ...frame.ctx, scope };
    }
    if (!rule.visit) return true;
    return rule.visit(frame, this) === true;
  }

  private bind(node: SyntaxNode, ctx: C, binds: { field: string; kind: string }): void {
    const targets = binds.field === 'children' ? node.namedChildren : [fieldChild(node, binds.field)];
    for (const target of targets) {
      if (target) for (const name of this.rules.patternNames(target)) ctx.scope.bind(name, binds.kind);
    }
  }

  /**
   * Pre-order walk of `node`'s named descendants: handles each node with a rule where it stands,
   * enters the children of those whose rule says so and of every node without a rule. Anonymous
   * tokens never matter to the walk, so it asks each entered node for its named children at once
   * (one WASM call per node entered) rather than stepping a cursor through every token. The
   * children are read as numbers (parsing/tree-reader.ts); a `Node` is made only for a child the
   * walk hands on: to a rule, as a kept parent, as a doc comment or an attribute.
   */
  private walkChildren(node: SyntaxNode, nodeTypeId: number, ctx: C): void {
    const table = this.table;
    const trackSiblings = this.trackSiblings;
    const tree = node.tree;
    const reader = this.reader;
    const list = this.children;
    // One entry per open level: where its children are in `list`, the context they are walked in
    // (a rule that opened a scope walks its children in it), their kept parent, and the sibling state.
    const levels: Array<Level<C>> = [];
    const base = list.length;
    try {
      pushLevel(levels, list, reader.appendNamedChildren(node, list), ctx, keepsParent(table, nodeTypeId) ? node : undefined);
      while (levels.length > 0) {
        const level = levels[levels.length - 1];
        if (level.next === level.end) {
          list.length = level.start;
          levels.pop();
          continue;
        }
        const at = level.next;
        level.next += CHILD_STRIDE;
        const typeId = list.typeIdAt(at);
        let child: SyntaxNode | undefined;
        let doc: string | undefined;
        let leading: SyntaxNode[] | undefined;
        if (trackSiblings) {
          if (table.comments[typeId]) {
            level.comment = nodeAt(tree, list, at);
            level.anchorRow = -1;
            level.attributes = undefined;
          } else {
            // The row a doc comment must reach: the first node after it (a leading attribute, else the node).
            if (level.comment && level.anchorRow === -1) level.anchorRow = list.rowAt(at);
            if (table.attributes[typeId]) {
              (level.attributes ??= []).push((child = nodeAt(tree, list, at)));
            } else {
              if (level.comment) doc = this.rules.comments?.doc(level.comment, level.anchorRow);
              leading = level.attributes;
              level.comment = undefined;
              level.attributes = undefined;
              level.anchorRow = -1;
            }
          }
        }
        let enter: boolean;
        let childContext = level.ctx;
        const rule = ruleOf(table, typeId);
        if (rule) {
          child ??= nodeAt(tree, list, at);
          const frame: Frame<C, X> = { node: child, ctx: childContext, parent: level.parent };
          if (doc !== undefined) frame.doc = doc;
          if (leading !== undefined) frame.leading = leading;
          enter = this.handle(frame, typeId);
          childContext = frame.ctx;
        } else {
          enter = isOpen(table, typeId);
        }
        if (enter) {
          const parent = keepsParent(table, typeId) ? (child ?? nodeAt(tree, list, at)) : undefined;
          pushLevel(levels, list, reader.appendNamedChildrenAt(tree, list, at), childContext, parent);
        }
      }
    } finally {
      list.length = base;
    }
  }
}

/** One open level of `walkChildren`: the named children of an entered node, stored in the walk's child list. */
interface Level<C> {
  /** Where its children start in the list, the next one to walk, and where they end. */
  start: number;
  next: number;
  end: number;
  ctx: C;
  parent: SyntaxNode | undefined;
  /** The comment before the next child, and the row of the first node after it (-1: none seen yet). */
  comment: SyntaxNode | undefined;
  anchorRow: number;
  /** Attribute nodes seen since the last other node (decorators before a class member). */
  attributes: SyntaxNode[] | undefined;
}

/** Opens a level for the `count` children just appended to `list` (none: nothing to walk). */
function pushLevel<C>(levels: Array<Level<C>>, list: ChildList, count: number, ctx: C, parent: SyntaxNode | undefined): void {
  if (count === 0) return;
  const end = list.length;
  const start = end - count * CHILD_STRIDE;
  levels.push({ start, next: start, end, ctx, parent, comment: undefined, anchorRow: -1, attributes: undefined });
}

function reverseFrom<T>(items: T[], start: number): void {
  for (let i = start, j = items.length - 1; i < j; i++, j--) {
    const t = items[i];
    items[i] = items[j];
    items[j] = t;
  }
}
