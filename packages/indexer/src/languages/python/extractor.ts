/**
 * Python extractor: declarations, imports and reference sites of one parsed file.
 *
 * Decisions (see README.md in this folder for the full list):
 *  - Qualified names chain every container with `::` (`Outer::Inner::method`, `f::inner`).
 *  - `@property` methods stay kind `method` (they have a body that encloses calls); their
 *    decorators say `property`. Class attributes are `field` (`constant` when UPPER_CASE).
 *  - `C()` is recorded as `calls`: only the resolver knows whether `C` is a class.
 *  - An `extends` site's `enclosing` is the class that extends.
 *  - Imports inside a function are ordinary import statements whose declaration's `parent` is
 *    that function; names they bind are not `locallyBound` (they resolve through the import).
 */
import type { Language as Grammar, Node as SyntaxNode, TreeCursor } from 'web-tree-sitter';
import type {
  Declaration,
  ExtractionError,
  FileExtraction,
  ImportBinding,
  MemberTypeFact,
  ReferenceKind,
  TypeRef,
} from '../../model/extraction.js';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import type { ExtractInput, LanguageExtractor } from '../../model/language-support.js';
import { DeclarationBuilder, type BuiltExtraction } from '../../extraction/core/declaration-builder.js';
import { countLines } from '../../extraction/core/line-count.js';
import { SyntaxErrorCollector } from '../../extraction/core/syntax-errors.js';
import { Scope, type BoundValue } from '../../extraction/core/scopes.js';
import { PYTHON_SCOPES, type BindingKind } from './scopes.js';
import { findRestartPoint, lineStartsOf, MAX_RECOVERIES, reparse } from './syntax-errors.js';
import { docstringOf, flatText, identifierChain, truncate } from './syntax-text.js';
import { FIXTURE_DECORATOR } from './name-binding.js';
import { annotationType, callType, valueType, type StatedType } from './type-expressions.js';
import { splitMemberChain, walkPreOrder, type MemberAccessShape } from '../../extraction/core/tree-walk.js';

const COMPREHENSIONS = new Set(['list_comprehension', 'set_comprehension', 'dictionary_comprehension', 'generator_expression']);
const ABSTRACT_DECORATOR = /^(abc\.)?abstract(method|property|classmethod|staticmethod)$/;
const UPPER_CASE = /^_*[A-Z][A-Z0-9_]*$/;

/** Node types the walk stops at; everything else is only descended through. */
const HANDLED_TYPES = new Set([
  'return_statement', 'yield',
  'function_definition', 'class_definition', 'decorated_definition', 'lambda', 'call', 'assignment',
  'augmented_assignment', 'for_statement', 'named_expression', 'as_pattern', 'case_pattern', 'keyword_pattern',
  'splat_pattern', 'delete_statement', 'global_statement', 'nonlocal_statement', 'import_statement',
  'import_from_statement', 'future_import_statement', 'type_alias_statement', 'if_statement', ...COMPREHENSIONS,
]);
/** Named node types that never have children worth visiting (tokens are skipped too). */
const LEAF_TYPES = new Set([
  'identifier', 'comment', 'integer', 'float', 'string_content', 'escape_sequence', 'string_start', 'string_end',
  'true', 'false', 'none', 'ellipsis', 'dotted_name', 'pass_statement', 'break_statement', 'continue_statement',
]);

interface TypeTable {
  /** Type ids with a handler in `FileWalker.visit`. */
  handled: ReadonlySet<number>;
  /** Type ids whose children are never visited: tokens and LEAF_TYPES. */
  leaves: ReadonlySet<number>;
}
const typeTables = new WeakMap<Grammar, TypeTable>();

/** Numeric type ids per grammar (a type name may have several ids through aliases). */
function typeTableOf(grammar: Grammar): TypeTable {
  let table = typeTables.get(grammar);
  if (!table) {
    const handled = new Set<number>();
    const leaves = new Set<number>();
    for (let id = 0; id < grammar.nodeTypeCount; id++) {
      const type = grammar.nodeTypeForId(id);
      if (type === null) continue;
      const named = grammar.nodeTypeIsNamed(id);
      if (named && HANDLED_TYPES.has(type)) handled.add(id);
      if (!named || LEAF_TYPES.has(type)) leaves.add(id);
    }
    const error = grammar.idForNodeType('ERROR', true);
    if (error !== null) {
      handled.add(error);
      leaves.delete(error);
    }
    table = { handled, leaves };
    typeTables.set(grammar, table);
  }
  return table;
}

interface Context {
  /** Scope in which names used here are looked up and names bound here are recorded. */
  scope: Scope;
  /** `parent` of declarations made here. */
  parentDecl: number | null;
  /** `enclosing` of reference sites made here. */
  enclosing: number | null;
  /** Inside `if TYPE_CHECKING:`. */
  typeOnly: boolean;
  /** In a method's own body: the name of its instance parameter and the class it belongs to. */
  self: { name: string; owner: number } | null;
  /** In a function's own body: what its `return` and `yield` statements give. */
  fn: FunctionResults | null;
}

/** A value as the code states it: a stated type, or a name whose proven type is the value's (`return app`). */
type StatedValue = StatedType | { local: string };

/** The values a function's `return`s and `yield`s give, each with the scope it is written in. */
interface FunctionResults {
  id: number;
  returns: Array<{ value: StatedValue; scope: Scope }>;
  yields: Array<{ value: StatedValue; scope: Scope }>;
}

/** Test modules, where pytest passes fixtures to tests by parameter name. */
const TEST_MODULE = /(?:^|\/)(?:test_[^/]*|[^/]*_test|conftest)\.py$/;

interface Callee {
  name: string;
  receiver: string[] | undefined;
  /** A receiver that is a call (`Foo().m()`, `make().a.m()`): its stated type and the members after it. */
  typedReceiver?: { type: TypeRef; path: string[] };
}

/** A stated type waiting for the end of the walk, when every local binding of the file is known. */
interface PendingType {
  type: TypeRef;
  scope: Scope;
}

export const pythonExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileExtraction {
    const walker = new FileWalker(input.path);
    const syntaxErrors = new SyntaxErrorCollector();
    const failures: ExtractionError[] = [];
    try {
      syntaxErrors.collect(input.tree.rootNode, input.source);
      walker.walk(input.tree.rootNode, input.source, 0);
      // Text swallowed by an ERROR node from a visible top-level restart point: parse it again.
      for (let done = 0; done < MAX_RECOVERIES; done++) {
        const piece = walker.takeRecovery();
        if (!piece) break;
        const tree = reparse(input.tree.language, piece.text);
        if (!tree) break;
        try {
          syntaxErrors.collect(tree.rootNode, piece.text, piece.rowOffset);
          walker.walk(tree.rootNode, piece.text, piece.rowOffset);
        } finally {
          tree.delete();
        }
      }
    } catch (error) {
      failures.push({
        message: `Python extraction stopped early: ${error instanceof Error ? error.message : String(error)}`,
        severity: 'error',
        code: 'extractor-failure',
      });
    }
    return {
      path: input.path,
      language: input.language,
      lineCount: countLines(input.source),
      ...walker.finish(),
      exports: [],
      errors: [...syntaxErrors.errors(), ...failures],
    };
  },
};

class FileWalker {
  private readonly builder = new DeclarationBuilder();
  /** Scope of each reference site, parallel to the builder's `references`; null when the site needs no lookup. */
  private readonly siteScopes: Array<Scope | null> = [];
  /** Types stated for declarations (return annotations, module-level and annotated data). */
  private readonly declarationTypes: Array<{ declaration: number; field: 'valueType' | 'returnType'; pending: PendingType }> = [];
  /** The module's `__all__`, when it states one (see `noteAll`). */
  private starExports: string[] | 'dynamic' | undefined;
  /** Module-level data declarations whose type comes from every assignment of their name. */
  private readonly moduleData: Array<{ declaration: number; name: string; scope: Scope }> = [];
  /** Attribute assignments of classes (`self.x = …` in methods, `x = …` in the class body). */
  private readonly memberFacts: Array<{ fact: MemberTypeFact; scope: Scope; local?: string }> = [];
  /** Functions without a declared return type, whose `return`s and `yield`s may agree on one. */
  private readonly functionResults: FunctionResults[] = [];
  private readonly testModule: boolean;

  constructor(path: string) {
    this.testModule = TEST_MODULE.test(path);
  }
  private readonly stack: Array<{ node: SyntaxNode; ctx: Context }> = [];
  /** Per container (parent local id, -1 for the file): names already declared as data or defs. */
  private readonly containerNames = new Map<number, Map<string, number | 'definition'>>();

  /** Text of the file (or of a re-parsed piece of it) being walked, and the row it starts at. */
  private source = '';
  private rowOffset = 0;
  private lineStarts: number[] | null = null;
  private readonly recoveries: Array<{ text: string; rowOffset: number }> = [];

  /**
   * Walks a whole tree: the file, or a piece of it re-parsed after a syntax error (its rows are
   * shifted by `rowOffset`; a piece always starts at a line start, so columns stay).
   */
  walk(root: SyntaxNode, source: string, rowOffset: number): void {
    this.source = source;
    this.rowOffset = rowOffset;
    this.builder.lineOffset = rowOffset;
    this.lineStarts = null;
    const ctx: Context = { scope: Scope.file(PYTHON_SCOPES, 'module'), parentDecl: null, enclosing: null, typeOnly: false, self: null, fn: null };
    const types = typeTableOf(root.tree.language);
    const cursor = root.walk();
    try {
      this.push(root, ctx);
      while (this.stack.length > 0) {
        const { node, ctx: current } = this.stack.pop()!;
        this.walkSubtree(cursor, node, current, types);
      }
    } finally {
      cursor.delete();
      this.stack.length = 0;
    }
  }

  /** The next piece of text to parse again, found behind an ERROR node. */
  takeRecovery(): { text: string; rowOffset: number } | undefined {
    return this.recoveries.shift();
  }

  /**
   * Pre-order walk of one subtree with a cursor (far cheaper than materialising every node).
   * Only node types with a handler become Node objects; a handler either lets the walk descend
   * into the children with the same context or pushes the parts it wants walked (with their
   * own contexts) onto the stack.
   */
  private walkSubtree(cursor: TreeCursor, root: SyntaxNode, ctx: Context, types: TypeTable): void {
    walkPreOrder(cursor, (at) => {
      const typeId = at.nodeTypeId;
      return types.handled.has(typeId) ? this.visit(at.currentNode, ctx) : !types.leaves.has(typeId);
    }, root);
  }


  /**
   * Decides `locallyBound`/`localTarget` now that every binding of the file is known, then puts
   * everything in source order (the walk visits function bodies after their surroundings).
   */
  finish(): BuiltExtraction & Pick<FileExtraction, 'starExports'> {
    const declarations = this.builder.declarations;
    this.builder.references.forEach((site, index) => this.siteScopes[index]?.completeSite(site));
    for (const { declaration, field, pending } of this.declarationTypes) {
      const type = this.provenType(pending);
      if (type) declarations[declaration][field] = type;
    }
    for (const { declaration, name, scope } of this.moduleData) {
      if (declarations[declaration].valueType) continue; // an annotation states it
      const value = scope.provenValue(name);
      const type = value ? this.provenType(value) : undefined;
      if (type) declarations[declaration].valueType = type;
    }
    const memberTypes = this.memberFacts.map(({ fact, scope, local }) => ({
      ...fact,
      type: (local !== undefined ? this.valueOf({ local }, scope) : fact.type ? this.provenType({ type: fact.type, scope }) : undefined) ?? null,
    }));
    for (const { id, returns, yields } of this.functionResults) {
      const yielded = this.agreeingValue(yields);
      if (yielded) declarations[id].yieldType = yielded;
      const returned = yields.length === 0 ? this.agreeingValue(returns) : undefined;
      if (returned) declarations[id].returnType = returned;
    }
    const finished = this.builder.finish(memberTypes);
    return this.starExports === undefined ? finished : { ...finished, starExports: this.starExports };
  }

  /**
   * `__all__` at module level: the names `from this_module import *` binds. Only literal lists of
   * strings (assigned, `+=`, `.extend([...])`, `.append('x')`) are followed; anything computed makes
   * the list unknowable ('dynamic').
   */
  private noteAll(change: 'assign' | 'add', value: SyntaxNode | null): void {
    const names = value ? literalStrings(value) : null;
    if (names === null) {
      this.starExports = 'dynamic';
    } else if (change === 'assign') {
      // Two different literal lists in one module (e.g. per platform): which one runs is unknown.
      const same = Array.isArray(this.starExports) && this.starExports.join('\0') === names.join('\0');
      this.starExports = this.starExports === undefined || same ? names : 'dynamic';
    } else if (Array.isArray(this.starExports)) {
      this.starExports = [...this.starExports, ...names];
    } else {
      this.starExports = 'dynamic';
    }
  }

  /** The one type all these values prove (`None` aside), or undefined. */
  private agreeingValue(values: Array<{ value: StatedValue; scope: Scope }>): TypeRef | undefined {
    let found: TypeRef | undefined;
    for (const { value, scope } of values) {
      if (value === 'none') continue;
      const type = this.valueOf(value, scope);
      if (!type || (found && JSON.stringify(found) !== JSON.stringify(type))) return undefined;
      found ??= type;
    }
    return found;
  }

  /** What a stated value proves where it is written; a name proves what its every binding does. */
  private valueOf(value: StatedValue, scope: Scope): TypeRef | undefined {
    if (value === null || value === 'none') return undefined;
    if (!('local' in value)) return this.provenType({ type: value, scope });
    const verdict = scope.classify(value.local, false);
    let binder: Scope | undefined = verdict.locallyBound ? verdict.scope : scope;
    if (!verdict.locallyBound) while (binder?.parent) binder = binder.parent; // a module-level name
    const bound = binder?.provenValue(value.local);
    return bound ? this.provenType(bound) : undefined;
  }

  /** A stated type, proven in the scope it was written in (see `Scope.provenType`). */
  private provenType(pending: PendingType): TypeRef | undefined {
    return pending.scope.provenType(pending.type);
  }

  private push(node: SyntaxNode | null | undefined, ctx: Context): void {
    if (node) this.stack.push({ node, ctx });
  }

  /**
   * ERROR children of a node whose handler walks only chosen parts: they may hide code (and
   * restart points) that would otherwise be skipped.
   */
  private pushErrorChildren(node: SyntaxNode, ctx: Context): void {
    if (!node.hasError) return;
    for (const child of node.children) if (child?.isError) this.push(child, ctx);
  }

  /** Walks a node's children (not the node itself) in document order. */
  private pushNamedChildren(node: SyntaxNode, ctx: Context): void {
    const children = node.namedChildren;
    for (let i = children.length - 1; i >= 0; i--) this.push(children[i], ctx);
  }

  /** Handles one node of a type in HANDLED_TYPES; returns whether to walk its children with `ctx`. */
  private visit(node: SyntaxNode, ctx: Context): boolean {
    switch (node.type) {
      case 'function_definition':
        this.visitFunction(node, ctx, []);
        return false;
      case 'class_definition':
        this.visitClass(node, ctx, []);
        return false;
      case 'decorated_definition':
        this.visitDecorated(node, ctx);
        return false;
      case 'lambda':
        this.visitLambda(node, ctx);
        return false;
      case 'call': {
        const callee = calleeOf(node.childForFieldName('function'));
        if (callee) this.addSite('calls', callee, ctx.enclosing, ctx.scope, node);
        if (ctx.scope.kind === 'module' && callee?.receiver?.length === 1 && callee.receiver[0] === '__all__') {
          const args = node.childForFieldName('arguments')?.namedChildren.filter((c) => c !== null && c.type !== 'comment') ?? [];
          if (callee.name === 'extend' && args.length === 1) this.noteAll('add', args[0]);
          else if (callee.name === 'append' && args.length === 1 && args[0]!.type === 'string') this.noteAll('add', args[0]);
          else if (callee.name !== 'index' && callee.name !== 'count') this.noteAll('add', null);
        }
        return true;
      }
      case 'assignment':
        this.visitAssignment(node, ctx);
        return false;
      case 'return_statement': {
        const value = node.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
        ctx.fn?.returns.push({ value: value ? statedValue(value) : 'none', scope: ctx.scope });
        return true;
      }
      case 'yield': {
        // `yield from g()` hands out g's items: nothing stated about them.
        const from = node.children.some((c) => c?.type === 'from');
        const value = node.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
        ctx.fn?.yields.push({ value: from ? null : value ? statedValue(value) : 'none', scope: ctx.scope });
        return true;
      }
      case 'augmented_assignment':
        if (ctx.scope.kind === 'module' && node.childForFieldName('left')?.text === '__all__') {
          this.noteAll(node.childForFieldName('operator')?.type === '+=' ? 'add' : 'assign', node.childForFieldName('operator')?.type === '+=' ? node.childForFieldName('right') : null);
        }
        this.bindTargets(node.childForFieldName('left'), ctx, 'assignment');
        return true;
      case 'for_statement':
        this.bindTargets(node.childForFieldName('left'), ctx, 'assignment');
        return true;
      case 'named_expression': {
        const name = node.childForFieldName('name');
        if (name?.type === 'identifier') ctx.scope.bind(name.text, 'walrus');
        return true;
      }
      case 'as_pattern': {
        // `with x as y`, `except E as e`, `case P() as p`
        const alias = node.childForFieldName('alias') ?? (node.lastNamedChild?.type === 'identifier' ? node.lastNamedChild : null);
        this.bindTargets(alias, ctx, 'assignment');
        return true;
      }
      case 'case_pattern':
      case 'keyword_pattern':
        // A capture pattern is a dotted name of one identifier (`case x:`, `case P(a=x)`).
        for (const child of node.namedChildren) {
          if (child?.type === 'dotted_name' && child.namedChildCount === 1) ctx.scope.bind(child.text, 'assignment');
        }
        return true;
      case 'splat_pattern':
        for (const child of node.namedChildren) if (child?.type === 'identifier') ctx.scope.bind(child.text, 'assignment');
        return false;
      case 'delete_statement':
        for (const child of node.namedChildren) this.bindTargets(child, ctx, 'assignment');
        return true;
      case 'global_statement':
      case 'nonlocal_statement':
        for (const child of node.namedChildren) {
          if (child?.type !== 'identifier') continue;
          ctx.scope.declare(child.text, node.type === 'global_statement' ? 'global' : 'nonlocal');
        }
        return false;
      case 'import_statement':
      case 'import_from_statement':
      case 'future_import_statement':
        this.visitImport(node, ctx);
        return false;
      case 'type_alias_statement':
        this.visitTypeAlias(node, ctx);
        return false;
      case 'if_statement':
        return this.visitIf(node, ctx);
      case 'ERROR':
        return this.visitError(node, ctx);
      default:
        if (COMPREHENSIONS.has(node.type)) {
          this.visitComprehension(node, ctx);
          return false;
        }
        return true;
    }
  }

  private visitFunction(node: SyntaxNode, ctx: Context, decorators: string[]): void {
    const nameNode = node.childForFieldName('name');
    if (!nameNode) return this.pushNamedChildren(node, ctx);
    const name = nameNode.text;
    const parameters = node.childForFieldName('parameters');
    const returnType = node.childForFieldName('return_type');
    const body = node.childForFieldName('body');
    const inClass = ctx.scope.kind === 'class';
    const isAsync = node.child(0)?.type === 'async';
    const isStatic = inClass && decorators.includes('staticmethod');
    const typeParameters = typeParametersOf(node);

    const signature = `${isAsync ? 'async ' : ''}def ${name}${typeParameters ? `[${typeParameters.join(', ')}]` : ''}`
      + `(${parameters ? parameterTexts(parameters).join(', ') : ''})${returnType ? ` -> ${flatText(returnType)}` : ''}`;
    const id = this.builder.declare(inClass ? 'method' : 'function', name, ctx.parentDecl, node, {
      signature: truncate(signature),
      docstring: docstringOf(body),
      ...visibilityFields(name, ctx),
      isAsync: isAsync || undefined,
      isStatic: isStatic || undefined,
      isAbstract: decorators.some((d) => ABSTRACT_DECORATOR.test(d)) || undefined,
      decorators: decorators.length > 0 ? decorators : undefined,
      typeParameters,
    });
    this.bindDefinition(name, id, ctx);
    this.stateType(id, 'returnType', annotationType(returnType), ctx.scope);

    const scope = ctx.scope.open('function');
    const instance = inClass && !isStatic && !decorators.includes('classmethod') && parameters ? firstParameterName(parameters) : undefined;
    const self = instance !== undefined && ctx.parentDecl !== null ? { name: instance, owner: ctx.parentDecl } : null;
    const fn: FunctionResults = { id, returns: [], yields: [] };
    if (!returnType) this.functionResults.push(fn);
    const inner: Context = { scope, parentDecl: id, enclosing: id, typeOnly: ctx.typeOnly, self, fn };
    this.pushErrorChildren(node, inner);
    this.push(body, inner);
    // Annotations and default values are evaluated where the def statement runs.
    this.push(returnType, ctx);
    // pytest hands tests and fixtures the fixture their parameter is named after.
    const injectable = this.testModule && !isStatic && (name.startsWith('test') || decorators.some((d) => FIXTURE_DECORATOR.test(d)));
    const parametrized = decorators.filter((d) => d.includes('parametrize')).join(' ');
    if (parameters) this.bindParameters(parameters, scope, ctx, inClass && !isStatic, injectable ? parametrized : null);
  }

  private stateType(declaration: number, field: 'valueType' | 'returnType', type: StatedType, scope: Scope): void {
    if (type !== null && type !== 'none') this.declarationTypes.push({ declaration, field, pending: { type, scope } });
  }

  private visitClass(node: SyntaxNode, ctx: Context, decorators: string[]): void {
    const nameNode = node.childForFieldName('name');
    if (!nameNode) return this.pushNamedChildren(node, ctx);
    const name = nameNode.text;
    const superclasses = node.childForFieldName('superclasses');
    const body = node.childForFieldName('body');
    const typeParameters = typeParametersOf(node);
    const id = this.builder.declare('class', name, ctx.parentDecl, node, {
      signature: truncate(`class ${name}${typeParameters ? `[${typeParameters.join(', ')}]` : ''}${superclasses ? flatText(superclasses) : ''}`),
      docstring: docstringOf(body),
      ...visibilityFields(name, ctx),
      decorators: decorators.length > 0 ? decorators : undefined,
      typeParameters,
    });
    this.bindDefinition(name, id, ctx);

    const classScope = ctx.scope.open('class');
    const inner: Context = {
      scope: classScope, parentDecl: id, enclosing: ctx.enclosing, typeOnly: ctx.typeOnly, self: null, fn: null,
    };
    this.pushErrorChildren(node, inner);
    this.push(body, inner);

    let isAbstract = false;
    const bases = superclasses?.namedChildren ?? [];
    for (let i = bases.length - 1; i >= 0; i--) {
      const base = bases[i];
      if (!base || base.type === 'comment') continue;
      this.push(base, ctx); // calls inside the base list still count
      if (base.type === 'keyword_argument') {
        const value = base.childForFieldName('value');
        const chain = value ? identifierChain(value) : null;
        if (base.childForFieldName('name')?.text === 'metaclass' && chain && isAbcName(chain, 'ABCMeta')) isAbstract = true;
        continue;
      }
      const target = base.type === 'subscript' ? base.childForFieldName('value') : base; // Base[T] extends Base
      const chain = target ? identifierChain(target) : null;
      if (!chain || (chain.length === 1 && chain[0] === 'object')) continue;
      if (isAbcName(chain, 'ABC')) isAbstract = true;
      this.addSite('extends', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, id, ctx.scope, target!);
    }
    if (isAbstract) this.builder.declarations[id].isAbstract = true;
  }

  private visitDecorated(node: SyntaxNode, ctx: Context): void {
    const decorators: string[] = [];
    const expressions: SyntaxNode[] = [];
    for (const child of node.namedChildren) {
      if (child?.type !== 'decorator') continue;
      const expression = child.namedChildren.find((c) => c !== null && c.type !== 'comment');
      if (!expression) continue;
      decorators.push(flatText(expression));
      expressions.push(expression);
    }
    const definition = node.childForFieldName('definition');
    this.pushErrorChildren(node, ctx);
    if (definition?.type === 'function_definition') this.visitFunction(definition, ctx, decorators);
    else if (definition?.type === 'class_definition') this.visitClass(definition, ctx, decorators);
    else this.push(definition, ctx);
    for (let i = expressions.length - 1; i >= 0; i--) {
      const expression = expressions[i];
      // `@foo` and `@a.b` apply foo / a.b: a call with the decorated object. `@foo(...)` is a call node.
      if (expression.type !== 'call') {
        const callee = calleeOf(expression);
        if (callee) this.addSite('calls', callee, ctx.enclosing, ctx.scope, expression);
      }
      this.push(expression, ctx);
    }
  }

  private visitLambda(node: SyntaxNode, ctx: Context): void {
    const scope = ctx.scope.open('lambda');
    this.pushErrorChildren(node, { ...ctx, scope, fn: null });
    this.push(node.childForFieldName('body'), { ...ctx, scope, fn: null });
    const parameters = node.childForFieldName('parameters');
    if (parameters) this.bindParameters(parameters, scope, ctx, false);
  }

  private visitComprehension(node: SyntaxNode, ctx: Context): void {
    const inner: Context = { ...ctx, scope: ctx.scope.open('comprehension') };
    this.pushErrorChildren(node, inner);
    const visits: Array<{ node: SyntaxNode; ctx: Context }> = [];
    let firstClause = true;
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type !== 'for_in_clause') {
        visits.push({ node: child, ctx: inner });
        continue;
      }
      for (const target of this.bindTargets(child.childForFieldName('left'), inner, 'assignment')) visits.push({ node: target, ctx: inner });
      // The first iterable is evaluated in the enclosing scope.
      for (const iterable of child.childrenForFieldName('right')) if (iterable) visits.push({ node: iterable, ctx: firstClause ? ctx : inner });
      firstClause = false;
    }
    for (let i = visits.length - 1; i >= 0; i--) this.stack.push(visits[i]);
  }

  private visitAssignment(node: SyntaxNode, ctx: Context): void {
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    const annotation = node.childForFieldName('type');
    const names: SyntaxNode[] = [];
    const others = collectTargets(left, names);
    // Only `x = value` / `x: T = value` states x's type; tuple targets and chains prove nothing.
    const single = left !== null && (left.type === 'identifier' || left.type === 'attribute') && !(right?.type === 'assignment');
    const stated: StatedType = !single ? null : annotation ? annotationType(annotation) : right ? valueType(right) : 'none';
    const bound = stated === 'none' ? 'none' : stated === null ? undefined : { type: stated, scope: ctx.scope };
    for (const name of names) ctx.scope.bind(name.text, 'assignment', undefined, single ? bound : undefined);

    if (ctx.scope.kind === 'module' && names.some((name) => name.text === '__all__')) this.noteAll('assign', single ? right : null);

    let initialiserEnclosing = ctx.enclosing;
    if (ctx.scope.kind === 'module' || ctx.scope.kind === 'class') {
      let first: number | undefined;
      for (const name of names) {
        const id = this.addDataDeclaration(name.text, node, ctx);
        first ??= id;
        if (id === undefined) continue;
        if (annotation && single) this.stateType(id, 'valueType', stated, ctx.scope);
        else if (ctx.scope.kind === 'module') this.moduleData.push({ declaration: id, name: name.text, scope: ctx.scope });
      }
      // A class attribute's initialiser is attributed to the attribute, as a class field's would be.
      if (ctx.scope.kind === 'class' && first !== undefined) initialiserEnclosing = first;
      if (ctx.scope.kind === 'class' && ctx.parentDecl !== null) {
        for (const name of names) this.addMemberFact(ctx.parentDecl, name.text, single ? stated : null, ctx);
      }
    }
    // `self.x = value` in a method: a fact about attribute x of the method's class.
    if (ctx.self) {
      // `self.app = app`: the attribute holds what the local (a typed parameter, say) holds.
      const local = single && !annotation && right?.type === 'identifier' ? right.text : undefined;
      for (const target of others) {
        const object = target.type === 'attribute' ? target.childForFieldName('object') : null;
        const attribute = target.childForFieldName('attribute');
        if (object?.type !== 'identifier' || object.text !== ctx.self.name || attribute?.type !== 'identifier') continue;
        this.addMemberFact(ctx.self.owner, attribute.text, single ? stated : null, ctx, local);
      }
    }
    this.pushErrorChildren(node, ctx);
    this.push(annotation, ctx);
    for (let i = others.length - 1; i >= 0; i--) this.push(others[i], ctx);
    this.push(right, { ...ctx, enclosing: initialiserEnclosing });
  }

  private addMemberFact(owner: number, name: string, type: StatedType, ctx: Context, local?: string): void {
    if (type === 'none') return;
    this.memberFacts.push({ fact: { owner, name, type, enclosing: ctx.enclosing }, scope: ctx.scope, local });
  }

  private visitImport(node: SyntaxNode, ctx: Context): void {
    this.pushErrorChildren(node, ctx);
    const signature = truncate(flatText(node));
    if (node.type === 'import_statement') {
      // `import a, b.c as d` is one statement per module, each with its own declaration.
      for (const item of node.childrenForFieldName('name')) {
        if (!item) continue;
        if (item.type === 'aliased_import') {
          const module = item.childForFieldName('name');
          const alias = item.childForFieldName('alias');
          if (!module || !alias) continue;
          this.addImport(compact(module.text), [{ local: alias.text, imported: '*' }], node, signature, ctx);
        } else if (item.type === 'dotted_name') {
          const specifier = compact(item.text);
          const top = specifier.split('.')[0];
          const binding: ImportBinding = top === specifier ? { local: top, imported: '*' } : { local: top, imported: '*', modulePath: top };
          this.addImport(specifier, [binding], node, signature, ctx);
        }
      }
      return;
    }
    const moduleNode = node.type === 'future_import_statement' ? null : node.childForFieldName('module_name');
    if (node.type !== 'future_import_statement' && !moduleNode) return;
    const specifier = moduleNode ? compact(moduleNode.text) : '__future__';
    const bindings: ImportBinding[] = [];
    for (const child of node.namedChildren) {
      if (!child || child === moduleNode || child.startIndex === moduleNode?.startIndex) continue;
      if (child.type === 'wildcard_import') bindings.push({ local: '*', imported: '*' });
      else if (child.type === 'dotted_name') bindings.push({ local: compact(child.text), imported: compact(child.text) });
      else if (child.type === 'aliased_import') {
        const name = child.childForFieldName('name');
        const alias = child.childForFieldName('alias');
        if (name && alias) bindings.push({ local: alias.text, imported: compact(name.text) });
      }
    }
    this.addImport(specifier, bindings, node, signature, ctx);
  }

  private visitTypeAlias(node: SyntaxNode, ctx: Context): void {
    const head = node.namedChildren.find((c) => c?.type === 'type');
    const nameNode = head?.namedChild(0)?.type === 'generic_type' ? head.namedChild(0)!.namedChild(0) : head?.namedChild(0);
    if (!nameNode || nameNode.type !== 'identifier') return;
    const name = nameNode.text;
    ctx.scope.bind(name, 'assignment');
    if (ctx.scope.kind !== 'module' && ctx.scope.kind !== 'class') return;
    this.builder.declare('type_alias', name, ctx.parentDecl, node, {
      signature: truncate(flatText(node)),
      ...visibilityFields(name, ctx),
    });
  }

  /**
   * An ERROR node that swallowed a visible top-level restart point: walk what comes before it
   * here, and queue the text from the restart point to be parsed again on its own.
   */
  private visitError(node: SyntaxNode, ctx: Context): boolean {
    if (node.startPosition.row === node.endPosition.row) return true;
    this.lineStarts ??= lineStartsOf(this.source);
    const restart = findRestartPoint(node, this.source, this.lineStarts);
    if (!restart) return true;
    const before = node.namedChildren.filter((child): child is SyntaxNode => child !== null && child.endIndex <= restart.index);
    for (let i = before.length - 1; i >= 0; i--) this.push(before[i], ctx);
    this.recoveries.push({ text: this.source.slice(restart.index, node.endIndex), rowOffset: this.rowOffset + restart.row });
    return false;
  }

  /** `if TYPE_CHECKING:` marks the imports of its first branch type-only. */
  private visitIf(node: SyntaxNode, ctx: Context): boolean {
    const condition = node.childForFieldName('condition');
    const chain = condition ? identifierChain(condition) : null;
    if (chain === null || chain.length > 2 || chain[chain.length - 1] !== 'TYPE_CHECKING') return true;
    const consequence = node.childForFieldName('consequence');
    for (const child of node.namedChildren.reverse()) {
      const isConsequence = child !== null && consequence !== null && child.startIndex === consequence.startIndex;
      this.push(child, isConsequence ? { ...ctx, typeOnly: true } : ctx);
    }
    return false;
  }

  private addImport(specifier: string, bindings: ImportBinding[], node: SyntaxNode, signature: string, ctx: Context): void {
    this.builder.addImport(specifier, ctx.parentDecl, node, signature, bindings, { typeOnly: ctx.typeOnly });
    if (ctx.scope.kind !== 'module') {
      for (const binding of bindings) if (binding.local !== '*') ctx.scope.bind(binding.local, 'import');
    }
  }

  /** Binds parameter names in `scope`; pushes defaults and annotations to run in `outer`. */
  /**
   * Binds parameter names in `scope`; pushes defaults and annotations to run in `outer`.
   * `injected` (a test or fixture): plain parameters hold the fixture of their name, except those the
   * given `parametrize` decorator text supplies.
   */
  private bindParameters(parameters: SyntaxNode, scope: Scope, outer: Context, hasReceiver: boolean, injected: string | null = null): void {
    let position = 0;
    const deferred: SyntaxNode[] = [];
    for (const parameter of parameters.namedChildren) {
      let annotation: SyntaxNode | null = null;
      if (!parameter || parameter.type === 'comment' || parameter.type === 'positional_separator' || parameter.type === 'keyword_separator') continue;
      let nameNode: SyntaxNode | null = null;
      switch (parameter.type) {
        case 'identifier':
          nameNode = parameter;
          break;
        case 'default_parameter':
        case 'typed_default_parameter':
          nameNode = parameter.childForFieldName('name');
          annotation = parameter.childForFieldName('type');
          deferred.push(...[annotation, parameter.childForFieldName('value')].filter((n): n is SyntaxNode => n !== null));
          break;
        case 'typed_parameter': {
          const type = parameter.childForFieldName('type');
          annotation = type;
          if (type) deferred.push(type);
          nameNode = parameter.namedChildren.find((c) => c !== null && c.type !== 'type') ?? null;
          break;
        }
        default:
          nameNode = parameter;
      }
      if (nameNode && (nameNode.type === 'list_splat_pattern' || nameNode.type === 'dictionary_splat_pattern')) {
        nameNode = nameNode.namedChildren.find((c) => c?.type === 'identifier') ?? null;
      }
      if (nameNode?.type === 'identifier') {
        const name = nameNode.text;
        const kind: BindingKind = hasReceiver && position === 0 && (name === 'self' || name === 'cls') ? 'receiver-parameter' : 'parameter';
        // An annotation is evaluated where the def statement runs, so its names are looked up there.
        let stated = kind === 'parameter' && annotation ? annotationType(annotation) : null;
        if (stated === null && kind === 'parameter' && injected !== null && parameter.type === 'identifier' && !new RegExp(`\\b${name}\\b`).test(injected)) {
          stated = { kind: 'injected', name };
        }
        const value: BoundValue | 'none' | undefined = stated === 'none' ? 'none' : stated ? { type: stated, scope: outer.scope } : undefined;
        scope.bind(name, kind, undefined, value);
      } else if (nameNode) {
        // Python 2 tuple parameters `def f((a, b))`.
        const names: SyntaxNode[] = [];
        collectTargets(nameNode, names);
        for (const name of names) scope.bind(name.text, 'parameter');
      }
      position++;
    }
    for (let i = deferred.length - 1; i >= 0; i--) this.push(deferred[i], outer);
  }

  /** Binds the plain names of an assignment target; returns the other target parts (to walk for calls). */
  private bindTargets(target: SyntaxNode | null, ctx: Context, kind: BindingKind): SyntaxNode[] {
    const names: SyntaxNode[] = [];
    const others = collectTargets(target, names);
    for (const name of names) ctx.scope.bind(name.text, kind);
    return others;
  }

  private bindDefinition(name: string, id: number, ctx: Context): void {
    ctx.scope.bind(name, 'definition', id);
    this.namesOf(ctx.parentDecl).set(name, 'definition');
  }

  /** Module variable / class attribute, once per name and container; a def of that name wins. */
  private addDataDeclaration(name: string, statement: SyntaxNode, ctx: Context): number | undefined {
    const names = this.namesOf(ctx.parentDecl);
    const existing = names.get(name);
    if (existing !== undefined) return existing === 'definition' ? undefined : existing;
    const kind: NodeKind = UPPER_CASE.test(name) ? 'constant' : ctx.scope.kind === 'class' ? 'field' : 'variable';
    const id = this.builder.declare(kind, name, ctx.parentDecl, statement, {
      signature: truncate(flatText(statement)),
      ...visibilityFields(name, ctx),
    });
    names.set(name, id);
    return id;
  }

  private namesOf(container: number | null): Map<string, number | 'definition'> {
    const key = container ?? -1;
    let names = this.containerNames.get(key);
    if (!names) {
      names = new Map();
      this.containerNames.set(key, names);
    }
    return names;
  }

  private addSite(kind: ReferenceKind, callee: Callee, enclosing: number | null, scope: Scope, node: SyntaxNode): void {
    const site = this.builder.addReference(kind, callee.name, enclosing, node);
    if (callee.receiver) site.receiver = callee.receiver;
    if (callee.typedReceiver) site.typedReceiver = callee.typedReceiver;
    this.siteScopes.push(callee.receiver || callee.typedReceiver ? scope : null);
  }
}

/**
 * What a call expression calls: `f` → f with receiver []; `a.b.f` → f with ['a', 'b'];
 * `super().f` → f with ['super']; `x[0].f` / `g().f` → f with no receiver; anything else → null.
 */
function calleeOf(fn: SyntaxNode | null): Callee | null {
  if (!fn) return null;
  if (fn.type === 'identifier') return { name: fn.text, receiver: [] };
  if (fn.type !== 'attribute') return null;
  const attribute = fn.childForFieldName('attribute');
  const object = fn.childForFieldName('object');
  if (!attribute || attribute.type !== 'identifier' || !object) return null;
  const chain = identifierChain(object);
  if (chain) return { name: attribute.text, receiver: chain };
  if (object.type === 'call') {
    const inner = object.childForFieldName('function');
    if (inner?.type === 'identifier' && inner.text === 'super') return { name: attribute.text, receiver: ['super'] };
  }
  return { name: attribute.text, receiver: undefined, typedReceiver: typedReceiverOf(object) };
}

/** `Foo().m()`, `make().a.b.m()`, `(await load()).m()`: a call's stated type, then member names. */
function typedReceiverOf(object: SyntaxNode): { type: TypeRef; path: string[] } | undefined {
  const chain = splitMemberChain(object, ATTRIBUTE);
  if (!chain) return undefined;
  const type = chain.base.type === 'call' ? callType(chain.base) : valueType(chain.base);
  return type !== null && type !== 'none' ? { type, path: chain.path } : undefined;
}

const ATTRIBUTE: MemberAccessShape = { nodeType: 'attribute', object: 'object', property: 'attribute', propertyTypes: new Set(['identifier']) };

/** `['a', "b"]` / `('a',)` / `'a'` → the strings; null for anything else (f-strings, names, calls). */
function literalStrings(node: SyntaxNode): string[] | null {
  const items = node.type === 'list' || node.type === 'tuple' ? node.namedChildren.filter((c) => c !== null && c.type !== 'comment') : [node];
  const out: string[] = [];
  for (const item of items) {
    if (item?.type !== 'string') return null;
    const parts = item.namedChildren.filter((c) => c !== null && c.type !== 'string_start' && c.type !== 'string_end');
    if (parts.length > 1 || (parts.length === 1 && parts[0]!.type !== 'string_content')) return null;
    out.push(parts.length === 1 ? parts[0]!.text : '');
  }
  return out;
}

/** `app` → the local's value; anything else → its stated type. */
function statedValue(node: SyntaxNode): StatedValue {
  return node.type === 'identifier' ? { local: node.text } : valueType(node);
}

function firstParameterName(parameters: SyntaxNode): string | undefined {
  const first = parameters.namedChildren.find((c) => c !== null && c.type !== 'comment');
  if (!first) return undefined;
  if (first.type === 'identifier') return first.text;
  if (first.type === 'typed_parameter') return first.namedChildren.find((c) => c?.type === 'identifier')?.text;
  if (first.type === 'default_parameter' || first.type === 'typed_default_parameter') return first.childForFieldName('name')?.text;
  return undefined;
}

/**
 * Splits an assignment target into the identifiers it binds (pushed to `names`) and the parts
 * that bind nothing but may contain calls (`a[f()]`, `obj.attr`), which are returned.
 */
function collectTargets(target: SyntaxNode | null, names: SyntaxNode[]): SyntaxNode[] {
  const others: SyntaxNode[] = [];
  if (!target) return others;
  const stack: SyntaxNode[] = [target];
  while (stack.length > 0) {
    const node = stack.pop()!;
    switch (node.type) {
      case 'identifier':
        names.push(node);
        break;
      case 'pattern_list': case 'tuple_pattern': case 'list_pattern': case 'tuple': case 'list':
      case 'expression_list': case 'parenthesized_expression': case 'as_pattern_target':
      case 'list_splat_pattern': case 'list_splat':
        for (let i = node.namedChildCount - 1; i >= 0; i--) {
          const child = node.namedChild(i);
          if (child && child.type !== 'comment') stack.push(child);
        }
        break;
      case 'comment':
        break;
      default:
        others.push(node);
    }
  }
  return others;
}

function parameterTexts(parameters: SyntaxNode): string[] {
  const texts: string[] = [];
  for (const parameter of parameters.namedChildren) {
    if (parameter && parameter.type !== 'comment') texts.push(flatText(parameter));
  }
  return texts;
}

function typeParametersOf(node: SyntaxNode): string[] | undefined {
  const list = node.childForFieldName('type_parameters');
  if (!list) return undefined;
  const names = list.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment').map((c) => flatText(c));
  return names.length > 0 ? names : undefined;
}

/** `ABC` / `abc.ABC` (or ABCMeta): the class is abstract. */
function isAbcName(chain: string[], name: string): boolean {
  return chain[chain.length - 1] === name && (chain.length === 1 || (chain.length === 2 && chain[0] === 'abc'));
}

/**
 * Python has no access modifiers; naming conventions stand in: dunder names are public,
 * `__x` is private (name-mangled), `_x` is protected in a class and private in a module.
 * Only module-level names not starting with `_` count as exported. Names local to a function
 * get neither.
 */
function visibilityFields(name: string, ctx: Context): Pick<Declaration, 'visibility' | 'isExported'> {
  if (ctx.scope.kind !== 'module' && ctx.scope.kind !== 'class') return {};
  const inClass = ctx.scope.kind === 'class';
  let visibility: Declaration['visibility'] = 'public';
  const dunder = name.length > 4 && name.startsWith('__') && name.endsWith('__');
  if (!dunder && name.startsWith('__')) visibility = 'private';
  else if (!dunder && name.startsWith('_')) visibility = inClass ? 'protected' : 'private';
  return inClass ? { visibility } : { visibility, isExported: !name.startsWith('_') || undefined };
}

function compact(text: string): string {
  return text.replace(/\s+/g, '');
}
