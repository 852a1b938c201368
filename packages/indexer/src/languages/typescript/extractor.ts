/**
 * Extraction for the ECMAScript family (TypeScript, TSX, JavaScript, JSX): declarations, imports,
 * exports and reference sites from one parsed file.
 *
 * The walk is iterative (an explicit stack of frames), so deeply nested code cannot overflow the
 * JS call stack. Each frame carries an immutable context (local scope, enclosing declaration,
 * container for new declarations), so leaving a node needs no bookkeeping.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type {
  Declaration, ExportStatement, FileExtraction, ImportBinding, MemberTypeFact, ReferenceKind, ReferenceSite, TypeRef,
} from '../../model/extraction.js';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import type { ExtractInput, LanguageExtractor } from '../../model/language-support.js';
import { DeclarationBuilder, type DeclarationDetails } from '../../extraction/core/declaration-builder.js';
import { countLines } from '../../extraction/core/line-count.js';
import { SyntaxErrorCollector } from '../../extraction/core/syntax-errors.js';
import { repairedTree } from './ecmascript-syntax-repair.js';
import { Scope, type ReceiverWords } from '../../extraction/core/scopes.js';
import { bindParameters, ECMASCRIPT_SCOPES, patternNames } from './ecmascript-scopes.js';
import { annotatedType, callResultType, initialiserType } from './ecmascript-types.js';
import {
  CLASS_DECLARATION_TYPES, compactText, decoratorText, decoratorTexts, declarationName, docCommentText, firstChildOfType,
  firstStringArgument, FUNCTION_VALUE_TYPES, functionReturnsJsx, hasToken, headerText, isPascalCase,
  memberTarget, namedChildrenOf, propertyName, receiverChain, requireSpecifier, startAfterDecorators, statementText,
  stringLiteralValue, TYPE_ONLY_TYPES, typeParameterNames, visibilityOf, type MemberTarget,
} from './ecmascript-syntax.js';
import { splitMemberChain, type MemberAccessShape } from '../../extraction/core/tree-walk.js';

/** Node types that never contain a declaration, import or reference site. */
const NOTHING_INSIDE: ReadonlySet<string> = new Set([
  ...TYPE_ONLY_TYPES, 'comment', 'identifier', 'property_identifier', 'private_property_identifier',
  'shorthand_property_identifier', 'shorthand_property_identifier_pattern', 'statement_identifier', 'number', 'string',
  'string_fragment', 'escape_sequence', 'regex', 'this', 'super', 'true', 'false', 'null', 'undefined', 'jsx_text',
  'hash_bang_line', 'html_comment', 'formal_parameters_placeholder', 'accessibility_modifier', 'override_modifier',
]);
/** Wrappers whose first argument is the component itself (`memo(() => <div/>)`). */
const COMPONENT_WRAPPERS: ReadonlySet<string> = new Set(['memo', 'forwardRef', 'observer']);

interface Context {
  /** Innermost scope: names used here are looked up in it, names declared here are bound in it. */
  scope: Scope;
  /** Declaration that owns reference sites here (null: the file). */
  enclosing: number | null;
  /** Parent of declarations created here. */
  container: number | null;
  /** Statements here run at module or namespace level. */
  moduleLevel: boolean;
  inFunction: boolean;
  /** `this` here is an instance of the enclosing class (methods, field initialisers, arrows within). */
  thisIsClass: boolean;
  /** A module-level variable whose initialiser we are in: callbacks inside it belong to it. */
  pendingOwner: number | null;
  /** Inside an anonymous class expression: members are not extracted. */
  suppressDeclarations: boolean;
  /** In the body of a function or method without a declared return type: what its `return`s give. */
  results?: FunctionResults | null;
}

/** The `return`s of a function whose return type is not declared, each with where it is written. */
interface FunctionResults {
  id: number;
  /** null: a `return` whose value proves nothing; 'none': `return;`. */
  returns: Array<{ value: TypeRef | { local: string } | null | 'none'; scope: Scope; words: ReceiverWords }>;
}

interface ExportInfo {
  isDefault: boolean;
  /** The doc comment before the export statement. */
  doc?: string;
  /** The statement list holding the export statement (for overload detection). */
  scope?: SyntaxNode;
  decorators: string[];
}

interface Frame {
  node: SyntaxNode;
  ctx: Context;
  /** The syntactic parent, when known (tree-sitter's own parent lookup is not O(1)). */
  parent?: SyntaxNode;
  /** The cleaned `/** … *\/` comment right before this node, if any. */
  doc?: string;
  /** Decorators the grammar leaves as preceding siblings (class members). */
  leadingDecorators?: SyntaxNode[];
  exportInfo?: ExportInfo;
  /** This function/class value is the body of an already created declaration. */
  bound?: number;
}

export const ecmascriptExtractor: LanguageExtractor = {
  extract(input: ExtractInput): FileExtraction {
    const repaired = repairedTree(input.tree, input.source, input.language);
    if (!repaired) return new EcmascriptFileExtractor(input).run();
    try {
      return new EcmascriptFileExtractor({ ...input, tree: repaired }).run();
    } finally {
      repaired.delete();
    }
  },
};

class EcmascriptFileExtractor {
  private readonly builder = new DeclarationBuilder();
  /** The builder's declarations (local id = index), read and completed during the walk. */
  private readonly declarations: Declaration[] = this.builder.declarations;
  private readonly exports: ExportStatement[] = [];

  private readonly stack: Frame[] = [];
  /** Sites to classify once every local binding is known (`Scope.completeSite`). */
  private readonly pendingSites: Array<{ site: ReferenceSite; scope: Scope; words: ReceiverWords }> = [];
  /** Stated types of declarations and member facts, proven once every local binding is known. */
  /** Functions without a declared return type, whose `return`s may agree on one. */
  private readonly functionResults: FunctionResults[] = [];
  private readonly pendingTypes: Array<{ type: TypeRef; scope: Scope; words: ReceiverWords; apply: (type: TypeRef | undefined) => void }> = [];
  /** Overload signatures already emitted, per container. */
  private readonly emittedSignatures = new Set<string>();
  /** Module-level declarations by name, for `X.prototype.m = …`. */
  private readonly topLevelByName = new Map<string, number>();
  /** Statement list / class body id → names with an implementation there. */
  private readonly implementedNames = new Map<number, Set<string>>();
  private readonly jsxComponents: boolean;
  /** `this.x = …` inside classes: what each assignment proves about attribute x. */
  private readonly memberTypes: MemberTypeFact[] = [];
  /** Type parameters declared anywhere in the file: a stated type naming one proves no class. */
  private readonly typeParameterNames = new Set<string>();

  constructor(private readonly input: ExtractInput) {
    this.jsxComponents = input.language === 'tsx' || input.language === 'jsx';
  }

  run(): FileExtraction {
    const root = this.input.tree.rootNode;
    const ctx: Context = {
      scope: Scope.file(ECMASCRIPT_SCOPES, 'module'), enclosing: null, container: null, moduleLevel: true, inFunction: false,
      thisIsClass: false, pendingOwner: null, suppressDeclarations: false,
    };
    const syntaxErrors = new SyntaxErrorCollector();
    syntaxErrors.collect(root, this.input.source);
    this.pushChildren(root, ctx);
    reverseFrom(this.stack, 0);
    while (this.stack.length > 0) {
      const frame = this.stack.pop()!;
      const mark = this.stack.length;
      this.visit(frame);
      // Handlers push in source order; reversing their frames makes the stack pop them in that order.
      reverseFrom(this.stack, mark);
    }
    this.finish();
    return {
      path: this.input.path,
      language: this.input.language,
      lineCount: countLines(this.input.source),
      ...this.builder.finish(this.memberTypes),
      exports: this.exports,
      errors: syntaxErrors.errors(),
    };
  }

  // ---------------------------------------------------------------- walking

  private push(node: SyntaxNode | null, ctx: Context, extra?: Partial<Frame>): void {
    if (!node) return;
    this.stack.push({ node, ctx, ...extra });
  }

  /**
   * Named children that can hold something to extract (leaves and type-only subtrees cannot),
   * each with the doc comment and decorators written before it.
   */
  private pushChildren(node: SyntaxNode, ctx: Context, skip?: (child: SyntaxNode) => boolean): void {
    let comment: SyntaxNode | undefined;
    let anchorRow = -1;
    let decorators: SyntaxNode[] | undefined;
    for (const child of node.namedChildren) {
      if (!child) continue;
      const type = child.type;
      if (type === 'comment') {
        comment = child;
        anchorRow = -1;
        decorators = undefined;
        continue;
      }
      if (anchorRow === -1) anchorRow = child.startPosition.row;
      let doc: string | undefined;
      let leading: SyntaxNode[] | undefined;
      if (type === 'decorator') {
        (decorators ??= []).push(child);
      } else {
        doc = comment ? docCommentText(comment, anchorRow) : undefined;
        leading = decorators;
        comment = undefined;
        decorators = undefined;
        anchorRow = -1;
      }
      if (NOTHING_INSIDE.has(type) || (skip && skip(child))) continue;
      this.stack.push({ node: child, ctx, parent: node, doc, leadingDecorators: leading });
    }
  }

  private visit(frame: Frame): void {
    const { node, ctx } = frame;
    const type = node.type;
    if (NOTHING_INSIDE.has(type) || !node.isNamed) return;

    switch (type) {
      case 'import_statement': return this.visitImport(frame);
      case 'export_statement': return this.visitExport(frame);
      case 'lexical_declaration':
      case 'variable_declaration': return this.visitVariables(frame);
      case 'function_declaration':
      case 'generator_function_declaration':
      case 'function_expression':
      case 'function':
      case 'generator_function':
      case 'arrow_function': return this.visitFunction(frame);
      case 'method_definition':
        if (frame.parent?.type === 'class_body') return this.visitMethod(frame);
        return this.visitFunction(frame);
      case 'function_signature': return this.visitFunctionSignature(frame);
      case 'public_field_definition':
      case 'field_definition': return this.visitField(frame);
      case 'method_signature':
        if (frame.parent?.type === 'class_body' || frame.parent?.type === 'interface_body') this.visitClassMemberSignature(frame, false);
        return;
      case 'property_signature':
        if (frame.parent?.type === 'interface_body') this.visitPropertySignature(frame);
        return;
      case 'abstract_method_signature': return this.visitClassMemberSignature(frame, true);
      case 'class_static_block':
        // Runs once when the class is defined: its sites belong to the class; its `var`s are its own.
        return this.pushChildren(node, { ...ctx, scope: ctx.scope.open('function'), enclosing: ctx.container, pendingOwner: null });
      case 'class_declaration':
      case 'abstract_class_declaration':
      case 'class': return this.visitClass(frame);
      case 'interface_declaration': return this.visitInterface(frame);
      case 'type_alias_declaration': return this.visitTypeAlias(frame);
      case 'enum_declaration': return this.visitEnum(frame);
      case 'internal_module':
      case 'module': return this.visitNamespace(frame);
      case 'ambient_declaration': return this.visitAmbient(frame);
      case 'expression_statement': return this.visitExpressionStatement(frame);
      case 'call_expression': return this.visitCall(frame);
      case 'new_expression': return this.visitNew(frame);
      case 'jsx_opening_element':
      case 'jsx_self_closing_element': return this.visitJsxElement(frame);
      case 'decorator': return this.visitDecorator(frame);
      case 'return_statement': {
        const value = node.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
        ctx.results?.returns.push(value ? this.returnedValue(value, ctx) : { value: 'none', scope: ctx.scope, words: PLAIN_THIS });
        return this.pushChildren(node, ctx);
      }
      case 'statement_block':
      case 'switch_body':
      case 'for_statement':
        return this.pushChildren(node, { ...ctx, moduleLevel: false, scope: ctx.scope.open('block') });
      case 'for_in_statement':
      case 'catch_clause': {
        const scope = ctx.scope.open('block');
        // `for (const x of …)`, `for (var k in …)`, `catch (e)`: the head binds; a `var` is the function's.
        const declarationKind = type === 'catch_clause' ? 'let' : node.childForFieldName('kind')?.text;
        const bound = type === 'catch_clause' ? node.childForFieldName('parameter') : node.childForFieldName('left');
        if (declarationKind !== undefined) {
          for (const name of patternNames(bound)) scope.bind(name, declarationKind === 'var' ? 'var' : 'lexical');
        }
        return this.pushChildren(node, { ...ctx, moduleLevel: false, scope });
      }
      default:
        return this.pushChildren(node, ctx);
    }
  }

  // ---------------------------------------------------------------- declarations

  /**
   * The builder's declaration (one per kind, name and start line: a repeat gets the first one's id),
   * indexed at top level by name.
   */
  private addDeclaration(kind: NodeKind, name: string, span: SyntaxNode, ctx: Context, details: DeclarationDetails): number {
    const id = this.builder.declare(kind, name, ctx.container, span, details);
    if (this.declarations[id].parent === null && kind !== 'import' && !this.topLevelByName.has(name)) this.topLevelByName.set(name, id);
    return id;
  }

  /** The context inside a declaration that owns its body's reference sites. */
  private insideDeclaration(ctx: Context, id: number, scope: Scope, thisIsClass: boolean): Context {
    return {
      scope, enclosing: id, container: id, moduleLevel: false,
      inFunction: true, thisIsClass, pendingOwner: null, suppressDeclarations: ctx.suppressDeclarations,
    };
  }

  private docstring(frame: Frame): string | undefined {
    return frame.exportInfo ? frame.exportInfo.doc : frame.doc;
  }

  /** Decorators of a class member: its own and those written as preceding siblings. */
  private memberDecorators(frame: Frame): string[] {
    return [...(frame.leadingDecorators ?? []).map(decoratorText), ...decoratorTexts(frame.node)];
  }

  /** Does `scope` hold a function/method with a body named `name` (so signatures are overloads)? */
  private hasImplementation(scope: SyntaxNode, name: string): boolean {
    let names = this.implementedNames.get(scope.id);
    if (!names) {
      names = new Set();
      for (const child of scope.namedChildren) {
        if (!child) continue;
        const candidate = child.type === 'export_statement' ? child.childForFieldName('declaration') : child;
        if (candidate && (candidate.type === 'function_declaration' || candidate.type === 'generator_function_declaration' ||
            candidate.type === 'method_definition')) {
          const implemented = declarationName(candidate);
          if (implemented !== undefined) names.add(implemented);
        }
      }
      this.implementedNames.set(scope.id, names);
    }
    return names.has(name);
  }

  private functionKind(name: string, fn: SyntaxNode): NodeKind {
    return this.jsxComponents && isPascalCase(name) && functionReturnsJsx(fn) ? 'component' : 'function';
  }

  private functionSignature(start: SyntaxNode, fn: SyntaxNode): string {
    const body = fn.childForFieldName('body');
    const end = body ? body.startIndex : fn.endIndex;
    return headerText(this.input.source, startAfterDecorators(start), end).replace(/;$/, '');
  }

  private addDefaultExport(local: string, node: SyntaxNode): void {
    this.exports.push({ specifier: null, names: [{ exported: 'default', local }], line: node.startPosition.row + 1 });
  }

  private visitFunction(frame: Frame): void {
    const { node, ctx, exportInfo } = frame;
    const ownName = node.childForFieldName('name');
    // Error recovery can turn a declaration into a named function expression directly inside an ERROR.
    const isStatement = node.type === 'function_declaration' || node.type === 'generator_function_declaration' ||
      (ownName !== null && frame.parent?.type === 'ERROR' && node.type !== 'arrow_function');
    let id: number | undefined = frame.bound;
    if (id === undefined && !ctx.suppressDeclarations && (isStatement || exportInfo)) {
      const name = ownName?.text ?? 'default';
      id = this.addDeclaration(this.functionKind(name, node), name, node, ctx, {
        signature: this.functionSignature(node, node),
        docstring: this.docstring(frame),
        isExported: exportInfo !== undefined || undefined,
        isAsync: hasToken(node, 'async'),
        typeParameters: typeParameterNames(node),
      });
      if (exportInfo?.isDefault) this.addDefaultExport(name, node);
    }
    if (id !== undefined) this.stateType(id, 'returnType', annotatedType(node.childForFieldName('return_type')), ctx);
    for (const name of typeParameterNames(node) ?? []) this.typeParameterNames.add(name);

    // A function declaration binds its name in the enclosing block; a function expression, in its own scope.
    const scope = ctx.scope.open('function');
    if (ownName && (node.type === 'function_declaration' || node.type === 'generator_function_declaration')) {
      ctx.scope.bind(ownName.text, 'lexical', id);
    } else if (ownName && (node.type === 'function_expression' || node.type === 'function' || node.type === 'generator_function')) {
      scope.bind(ownName.text, 'lexical', id);
    }
    bindParameters(node, scope, ctx.scope);
    const isArrow = node.type === 'arrow_function';
    const thisIsClass = isArrow ? ctx.thisIsClass : false;
    let inner: Context;
    if (id !== undefined) {
      inner = { ...this.insideDeclaration(ctx, id, scope, thisIsClass), results: this.resultsOf(id, node) };
    } else {
      // An anonymous function belongs to whatever encloses it (or to the variable it initialises).
      const owner = ctx.enclosing ?? ctx.pendingOwner;
      const adopt = ctx.enclosing === null && ctx.pendingOwner !== null;
      inner = {
        ...ctx,
        scope, enclosing: owner, moduleLevel: false, inFunction: true, thisIsClass, pendingOwner: null,
        container: adopt ? owner : ctx.container, results: null,
      };
    }
    // `const f = () => new Client()`: an expression body is the returned value.
    const body = node.childForFieldName('body');
    if (inner.results && body && body.type !== 'statement_block') inner.results.returns.push(this.returnedValue(body, inner));
    this.pushChildren(node, inner, (child) => child === ownName);
  }

  private visitFunctionSignature(frame: Frame): void {
    const { node, ctx, exportInfo } = frame;
    if (ctx.suppressDeclarations) return;
    const name = declarationName(node);
    if (!name) return;
    // Overload signatures: the implementation (if any) is the declaration; otherwise the first signature.
    const scopeNode = exportInfo ? exportInfo.scope : frame.parent;
    if (scopeNode && this.hasImplementation(scopeNode, name)) return;
    const key = `${ctx.container}\0${name}`;
    if (this.emittedSignatures.has(key)) return;
    this.emittedSignatures.add(key);
    const id = this.addDeclaration('function', name, node, ctx, {
      signature: compactText(this.input.source.slice(node.startIndex, node.endIndex)).replace(/;$/, ''),
      docstring: this.docstring(frame),
      isExported: exportInfo !== undefined || undefined,
      isAsync: hasToken(node, 'async'),
      typeParameters: typeParameterNames(node),
    });
    this.stateType(id, 'returnType', annotatedType(node.childForFieldName('return_type')), ctx);
    if (exportInfo?.isDefault) this.addDefaultExport(name, node);
  }

  private visitClass(frame: Frame): void {
    const { node, ctx, exportInfo } = frame;
    const nameNode = node.childForFieldName('name');
    let id = frame.bound;
    const decorators = [...(exportInfo?.decorators ?? []), ...decoratorTexts(node)];
    if (id === undefined && !ctx.suppressDeclarations && (nameNode || exportInfo)) {
      const name = nameNode?.text ?? 'default';
      const body = node.childForFieldName('body');
      id = this.addDeclaration('class', name, node, ctx, {
        signature: headerText(this.input.source, startAfterDecorators(node), body ? body.startIndex : node.endIndex),
        docstring: this.docstring(frame),
        isExported: exportInfo !== undefined || undefined,
        isAbstract: node.type === 'abstract_class_declaration' || hasToken(node, 'abstract'),
        decorators,
        typeParameters: typeParameterNames(node),
      });
      if (exportInfo?.isDefault) this.addDefaultExport(name, node);
    } else if (id !== undefined && decorators.length > 0) {
      this.declarations[id].decorators = decorators;
    }
    if (nameNode && CLASS_DECLARATION_TYPES.has(node.type)) ctx.scope.bind(nameNode.text, 'lexical', id);

    // Decorators and heritage expressions run where the class is defined.
    for (const child of node.children) {
      if (!child) continue;
      if (child.type === 'decorator') this.push(child, ctx);
      if (child.type === 'class_heritage') {
        if (id !== undefined) this.heritageReferences(child, id, ctx);
        this.push(child, ctx);
      }
    }
    const body = node.childForFieldName('body');
    if (!body) return;
    const memberCtx: Context = id !== undefined
      ? { ...ctx, container: id, thisIsClass: true, pendingOwner: null }
      : { ...ctx, suppressDeclarations: true, thisIsClass: false, pendingOwner: null };
    this.pushChildren(body, memberCtx);
  }

  private heritageReferences(heritage: SyntaxNode, classId: number, ctx: Context): void {
    const siteCtx = { ...ctx, enclosing: classId };
    for (const clause of heritage.namedChildren) {
      if (!clause) continue;
      if (clause.type === 'extends_clause') {
        for (const value of clause.childrenForFieldName('value')) {
          if (value) this.addTypeReference('extends', value, siteCtx);
        }
      } else if (clause.type === 'implements_clause') {
        for (const type of clause.namedChildren) if (type) this.addTypeReference('implements', type, siteCtx);
      } else {
        // JavaScript: `class A extends <expression>` has no extends_clause wrapper.
        this.addTypeReference('extends', clause, siteCtx);
      }
    }
  }

  private addTypeReference(kind: ReferenceKind, node: SyntaxNode, ctx: Context): void {
    const named = node.type === 'generic_type' ? node.childForFieldName('name') ?? node.namedChild(0) : node;
    const target = memberTarget(named);
    if (!target) return;
    this.addReference(kind, target, node, ctx);
  }

  private visitMethod(frame: Frame): void {
    const { node, ctx } = frame;
    const nameNode = node.childForFieldName('name');
    if (ctx.suppressDeclarations || !nameNode) return this.visitFunction(frame);
    const name = propertyName(nameNode);
    const id = this.addDeclaration('method', name, node, ctx, {
      signature: this.functionSignature(node, node),
      docstring: this.docstring(frame),
      visibility: visibilityOf(node, nameNode),
      isStatic: hasToken(node, 'static'),
      isAsync: hasToken(node, 'async'),
      isAbstract: hasToken(node, 'abstract'),
      decorators: this.memberDecorators(frame),
      typeParameters: typeParameterNames(node),
    });
    // A getter's declared type is the property's; a method's is what calling it returns.
    const declared = annotatedType(node.childForFieldName('return_type'));
    this.stateType(id, hasToken(node, 'get') ? 'valueType' : 'returnType', declared, ctx);
    const scope = ctx.scope.open('function');
    bindParameters(node, scope, ctx.scope);
    const inner = { ...this.insideDeclaration(ctx, id, scope, true), results: hasToken(node, 'get') ? null : this.resultsOf(id, node) };
    for (const child of node.children) {
      if (!child || child === nameNode) continue;
      // Member decorators run when the class is defined, not inside the method.
      this.push(child, child.type === 'decorator' ? ctx : inner);
    }
    if (name === 'constructor') this.parameterProperties(node, ctx);
  }

  /** `constructor(private readonly db: Db)` declares a class property `db`. */
  private parameterProperties(constructor: SyntaxNode, classCtx: Context): void {
    const params = constructor.childForFieldName('parameters');
    if (!params) return;
    for (const param of params.namedChildren) {
      if (!param || (param.type !== 'required_parameter' && param.type !== 'optional_parameter')) continue;
      const declaresProperty = firstChildOfType(param, 'accessibility_modifier') !== null || hasToken(param, 'readonly') ||
        hasToken(param, 'override');
      const pattern = param.childForFieldName('pattern');
      if (!declaresProperty || !pattern || pattern.type !== 'identifier') continue;
      const id = this.addDeclaration('property', pattern.text, param, classCtx, {
        signature: compactText(this.input.source.slice(param.startIndex, param.endIndex)),
        visibility: visibilityOf(param, null),
        decorators: decoratorTexts(param),
      });
      this.stateType(id, 'valueType', annotatedType(param.childForFieldName('type')), classCtx);
    }
  }

  private visitClassMemberSignature(frame: Frame, abstract: boolean): void {
    const { node, ctx } = frame;
    const nameNode = node.childForFieldName('name');
    if (ctx.suppressDeclarations || !nameNode) return;
    const name = propertyName(nameNode);
    if (!abstract && frame.parent && this.hasImplementation(frame.parent, name)) return;
    const key = `${ctx.container}\0${name}`;
    if (this.emittedSignatures.has(key)) return;
    this.emittedSignatures.add(key);
    const id = this.addDeclaration('method', name, node, ctx, {
      signature: compactText(this.input.source.slice(startAfterDecorators(node), node.endIndex)).replace(/;$/, ''),
      docstring: this.docstring(frame),
      visibility: visibilityOf(node, nameNode),
      isStatic: hasToken(node, 'static'),
      isAbstract: abstract || hasToken(node, 'abstract'),
      decorators: this.memberDecorators(frame),
      typeParameters: typeParameterNames(node),
    });
    this.stateType(id, 'returnType', annotatedType(node.childForFieldName('return_type')), ctx);
  }

  /** `client: Client` in an interface: a property whose type calls through it are checked against. */
  private visitPropertySignature(frame: Frame): void {
    const { node, ctx } = frame;
    const nameNode = node.childForFieldName('name');
    if (ctx.suppressDeclarations || !nameNode) return;
    const id = this.addDeclaration('property', propertyName(nameNode), node, ctx, {
      signature: compactText(this.input.source.slice(node.startIndex, node.endIndex)).replace(/[;,]$/, ''),
      docstring: this.docstring(frame),
    });
    this.stateType(id, 'valueType', annotatedType(node.childForFieldName('type')), ctx);
  }

  /**
   * Records a stated type on a declaration, once the walk is over and its names are known to mean
   * what the global pass will look up (see `proveLater`).
   */
  /**
   * A collector for the `return`s of a function that declares no return type (TypeScript infers
   * one from them); null for generators and functions that declare it.
   */
  private resultsOf(id: number, fn: SyntaxNode): FunctionResults | null {
    if (fn.childForFieldName('return_type') || fn.type.startsWith('generator') || hasToken(fn, '*')) return null;
    const results: FunctionResults = { id, returns: [] };
    this.functionResults.push(results);
    return results;
  }

  /** What a returned expression states: a local's value, or the expression's stated type. */
  private returnedValue(value: SyntaxNode, ctx: Context): FunctionResults['returns'][number] {
    const words = ctx.thisIsClass ? CLASS_THIS : PLAIN_THIS;
    // `return null` / `return undefined` neither prove nor contradict a class (a call on them fails).
    if (value.type === 'null' || value.type === 'undefined') return { value: 'none', scope: ctx.scope, words };
    const stated = value.type === 'identifier' ? { local: value.text } : initialiserType(value);
    return { value: stated, scope: ctx.scope, words };
  }

  private stateType(id: number, field: 'valueType' | 'returnType', type: TypeRef | null, ctx: Context): void {
    if (type) this.proveLater(type, ctx, (proven) => { if (proven) this.declarations[id][field] = proven; });
  }

  /**
   * A stated type, proven in the scope it is written in after the walk (`Scope.provenType`):
   * `this.make()` only in a class, nothing through `super`.
   */
  private proveLater(type: TypeRef, ctx: Context, apply: (type: TypeRef | undefined) => void): void {
    this.pendingTypes.push({ type, scope: ctx.scope, words: ctx.thisIsClass ? CLASS_THIS : PLAIN_THIS, apply });
  }

  private visitField(frame: Frame): void {
    const { node, ctx } = frame;
    const nameNode = node.childForFieldName('name') ?? node.childForFieldName('property');
    const value = node.childForFieldName('value');
    if (ctx.suppressDeclarations || !nameNode) {
      this.push(value, ctx);
      return;
    }
    const name = propertyName(nameNode);
    const isFunction = value !== null && FUNCTION_VALUE_TYPES.has(value.type);
    const id = this.addDeclaration(isFunction ? 'method' : 'property', name, node, ctx, {
      signature: isFunction
        ? this.functionSignature(node, value!)
        : compactText(this.input.source.slice(startAfterDecorators(node), node.endIndex)),
      docstring: this.docstring(frame),
      visibility: visibilityOf(node, nameNode),
      isStatic: hasToken(node, 'static'),
      isAsync: isFunction && hasToken(value!, 'async'),
      isAbstract: hasToken(node, 'abstract'),
      decorators: this.memberDecorators(frame),
    });
    if (!isFunction) this.stateType(id, 'valueType', annotatedType(node.childForFieldName('type')) ?? initialiserType(value), ctx);
    for (const child of node.children) {
      if (child?.type === 'decorator') this.push(child, ctx);
    }
    if (!value) return;
    if (isFunction) {
      this.push(value, ctx, { bound: id });
    } else {
      // A field initialiser runs per instance: its sites belong to the field.
      this.push(value, { ...this.insideDeclaration(ctx, id, ctx.scope, true), inFunction: ctx.inFunction });
    }
  }

  private visitInterface(frame: Frame): void {
    const { node, ctx, exportInfo } = frame;
    const name = declarationName(node);
    if (!name || ctx.suppressDeclarations) return;
    const body = node.childForFieldName('body');
    const id = this.addDeclaration('interface', name, node, ctx, {
      signature: headerText(this.input.source, node.startIndex, body ? body.startIndex : node.endIndex),
      docstring: this.docstring(frame),
      isExported: exportInfo !== undefined || undefined,
      typeParameters: typeParameterNames(node),
    });
    const siteCtx = { ...ctx, enclosing: id };
    const heritage = firstChildOfType(node, 'extends_type_clause');
    if (heritage) {
      for (const type of heritage.childrenForFieldName('type')) if (type) this.addTypeReference('extends', type, siteCtx);
    }
    // Members, so that a call through an interface-typed value links to the method it declares.
    if (body) this.pushChildren(body, { ...ctx, container: id, thisIsClass: false, pendingOwner: null });
  }

  private visitTypeAlias(frame: Frame): void {
    const { node, ctx, exportInfo } = frame;
    const name = declarationName(node);
    if (!name || ctx.suppressDeclarations) return;
    this.addDeclaration('type_alias', name, node, ctx, {
      signature: compactText(this.input.source.slice(node.startIndex, node.endIndex)).replace(/;$/, ''),
      docstring: this.docstring(frame),
      isExported: exportInfo !== undefined || undefined,
      typeParameters: typeParameterNames(node),
    });
  }

  private visitEnum(frame: Frame): void {
    const { node, ctx, exportInfo } = frame;
    const name = declarationName(node);
    const body = node.childForFieldName('body');
    if (name && ctx.suppressDeclarations) ctx.scope.bind(name, 'lexical');
    if (!name || ctx.suppressDeclarations) return;
    const id = this.addDeclaration('enum', name, node, ctx, {
      signature: headerText(this.input.source, node.startIndex, body ? body.startIndex : node.endIndex),
      docstring: this.docstring(frame),
      isExported: exportInfo !== undefined || undefined,
    });
    ctx.scope.bind(name, 'lexical', id);
    if (!body) return;
    const memberCtx = { ...ctx, container: id };
    let comment: SyntaxNode | undefined;
    for (const member of body.namedChildren) {
      if (!member) continue;
      if (member.type === 'comment') {
        comment = member;
        continue;
      }
      const doc = comment ? docCommentText(comment, member.startPosition.row) : undefined;
      comment = undefined;
      const nameNode = member.type === 'enum_assignment' ? member.childForFieldName('name') : member;
      if (!nameNode) continue;
      this.addDeclaration('enum_member', propertyName(nameNode), member, memberCtx, {
        signature: compactText(this.input.source.slice(member.startIndex, Math.min(member.endIndex, member.startIndex + 800)), 200),
        docstring: doc,
      });
      if (member.type === 'enum_assignment') this.push(member.childForFieldName('value'), ctx);
    }
  }

  private visitNamespace(frame: Frame): void {
    const { node, ctx, exportInfo } = frame;
    const nameNode = node.childForFieldName('name');
    const body = node.childForFieldName('body');
    if (!nameNode || ctx.suppressDeclarations) {
      if (body) this.pushChildren(body, ctx);
      return;
    }
    const isModule = nameNode.type === 'string';
    const name = isModule ? stringLiteralValue(nameNode) ?? nameNode.text : nameNode.text;
    const id = this.addDeclaration(isModule ? 'module' : 'namespace', name, node, ctx, {
      signature: headerText(this.input.source, node.startIndex, body ? body.startIndex : node.endIndex),
      docstring: this.docstring(frame),
      isExported: exportInfo !== undefined || undefined,
    });
    if (!body) return;
    // A namespace body is module-like: its declarations are members, not locals.
    this.pushChildren(body, { ...ctx, container: id, moduleLevel: true });
  }

  private visitAmbient(frame: Frame): void {
    const { node, ctx } = frame;
    for (const child of node.children) {
      if (!child) continue;
      // `declare global { … }`: its declarations augment the global scope, at module level.
      if (child.type === 'statement_block') this.pushChildren(child, { ...ctx, moduleLevel: true });
      else if (child.isNamed) this.push(child, ctx, { exportInfo: frame.exportInfo, doc: frame.doc, parent: node });
    }
  }

  // ---------------------------------------------------------------- variables

  private visitVariables(frame: Frame): void {
    const { node, ctx, exportInfo } = frame;
    const kindToken = node.childForFieldName('kind')?.text ?? (node.type === 'variable_declaration' ? 'var' : 'let');
    const declarators = namedChildrenOf(node).filter((c) => c.type === 'variable_declarator');
    const single = declarators.length === 1;
    const extractLocals = ctx.moduleLevel || (ctx.inFunction && !ctx.suppressDeclarations);

    for (const declarator of declarators) {
      const nameNode = declarator.childForFieldName('name');
      const value = declarator.childForFieldName('value');
      const span = single ? node : declarator;
      if (!nameNode) continue;
      const boundToCode = nameNode.type === 'identifier' && value !== null && (FUNCTION_VALUE_TYPES.has(value.type) || value.type === 'class');
      // A function or class value extracted below binds its name to that declaration.
      if (boundToCode && !extractLocals) ctx.scope.bind(nameNode.text, kindToken === 'var' ? 'var' : 'lexical');
      else if (!boundToCode) this.bindDeclarator(declarator, nameNode, value, kindToken, ctx);

      if (ctx.moduleLevel && !ctx.suppressDeclarations && this.visitRequireBinding(node, declarator, nameNode, value, span, ctx)) continue;

      const fnValue = value && FUNCTION_VALUE_TYPES.has(value.type) ? value : null;
      if (nameNode.type === 'identifier' && fnValue && extractLocals) {
        const name = nameNode.text;
        const id = this.addDeclaration(this.functionKind(name, fnValue), name, span, ctx, {
          signature: this.variableFunctionSignature(node, declarator, fnValue, single),
          docstring: this.docstring(frame),
          isExported: exportInfo !== undefined || undefined,
          isAsync: hasToken(fnValue, 'async'),
          typeParameters: typeParameterNames(fnValue),
        });
        ctx.scope.bind(name, kindToken === 'var' ? 'var' : 'lexical', id);
        this.push(fnValue, ctx, { bound: id });
        continue;
      }
      if (nameNode.type === 'identifier' && value?.type === 'class' && extractLocals) {
        const body = value.childForFieldName('body');
        const name = nameNode.text;
        const id = this.addDeclaration('class', name, span, ctx, {
          signature: headerText(this.input.source, span.startIndex, body ? body.startIndex : value.endIndex),
          docstring: this.docstring(frame),
          isExported: exportInfo !== undefined || undefined,
          typeParameters: typeParameterNames(value),
        });
        ctx.scope.bind(name, kindToken === 'var' ? 'var' : 'lexical', id);
        this.push(value, ctx, { bound: id });
        continue;
      }
      if (!ctx.moduleLevel || ctx.suppressDeclarations) {
        this.push(value, ctx);
        continue;
      }

      // Module-level data: one declaration per bound name.
      const wrapped = this.wrappedComponent(nameNode, value);
      const names = nameNode.type === 'identifier' ? [nameNode.text] : patternNames(nameNode);
      let owner: number | null = null;
      for (const name of names) {
        const kind: NodeKind = wrapped ? 'component' : kindToken === 'const' ? 'constant' : 'variable';
        const id = this.addDeclaration(kind, name, names.length === 1 ? span : declarator, ctx, {
          signature: compactText(`${kindToken} ${this.input.source.slice(declarator.startIndex, declarator.endIndex)}`, 200),
          docstring: this.docstring(frame),
          isExported: exportInfo !== undefined || undefined,
        });
        owner ??= id;
        if (nameNode.type === 'identifier') {
          const initialised = kindToken === 'const' ? initialiserType(value) : null;
          this.stateType(id, 'valueType', annotatedType(declarator.childForFieldName('type')) ?? initialised, ctx);
        }
      }
      if (value) this.push(value, { ...ctx, pendingOwner: names.length === 1 ? owner : null });
    }
    // Type annotations and the `kind` keyword hold nothing to walk.
  }

  /**
   * Binds the names one declarator declares where it stands (a `var`: in the function). A plain
   * variable states its value's type by its annotation, else — when nothing can reassign it — by
   * its initialiser.
   */
  private bindDeclarator(declarator: SyntaxNode, nameNode: SyntaxNode, value: SyntaxNode | null, kindToken: string, ctx: Context): void {
    const kind = kindToken === 'var' ? 'var' : 'lexical';
    if (nameNode.type !== 'identifier') {
      for (const name of patternNames(nameNode)) ctx.scope.bind(name, kind);
      return;
    }
    const type = annotatedType(declarator.childForFieldName('type')) ?? (kindToken === 'const' ? initialiserType(value) : null);
    ctx.scope.bind(nameNode.text, kind, undefined, type ? { type, scope: ctx.scope } : undefined);
  }

  private variableFunctionSignature(statement: SyntaxNode, declarator: SyntaxNode, fn: SyntaxNode, single: boolean): string {
    const body = fn.childForFieldName('body');
    const end = body ? body.startIndex : fn.endIndex;
    if (single) return headerText(this.input.source, statement.startIndex, end);
    const kind = statement.childForFieldName('kind')?.text ?? 'var';
    return `${kind} ${headerText(this.input.source, declarator.startIndex, end)}`;
  }

  /** `const Button = memo((props) => <button/>)` in TSX/JSX. */
  private wrappedComponent(nameNode: SyntaxNode, value: SyntaxNode | null): boolean {
    if (!this.jsxComponents || nameNode.type !== 'identifier' || !isPascalCase(nameNode.text)) return false;
    if (!value || value.type !== 'call_expression') return false;
    const callee = memberTarget(value.childForFieldName('function'));
    if (!callee || !COMPONENT_WRAPPERS.has(callee.name)) return false;
    const args = value.childForFieldName('arguments');
    const first = args?.namedChildren.find((c) => c && c.type !== 'comment');
    return first !== undefined && first !== null && FUNCTION_VALUE_TYPES.has(first.type) && functionReturnsJsx(first);
  }

  /** Module-level `const x = require('m')` and friends. Returns false when the value is no require. */
  private visitRequireBinding(
    statement: SyntaxNode, declarator: SyntaxNode, nameNode: SyntaxNode, value: SyntaxNode | null, span: SyntaxNode, ctx: Context,
  ): boolean {
    if (!value) return false;
    let specifier = requireSpecifier(value);
    let member: string | undefined;
    if (specifier === undefined && value.type === 'member_expression') {
      specifier = requireSpecifier(value.childForFieldName('object'));
      const property = value.childForFieldName('property');
      if (specifier !== undefined && property?.type === 'property_identifier') member = property.text;
      else specifier = undefined;
    }
    if (specifier === undefined) return false;

    const bindings: ImportBinding[] = [];
    if (nameNode.type === 'identifier') {
      bindings.push({ local: nameNode.text, imported: member ?? '*' });
    } else if (nameNode.type === 'object_pattern' && member === undefined) {
      for (const entry of nameNode.namedChildren) {
        if (!entry) continue;
        if (entry.type === 'shorthand_property_identifier_pattern') bindings.push({ local: entry.text, imported: entry.text });
        else if (entry.type === 'pair_pattern') {
          const key = entry.childForFieldName('key');
          const local = entry.childForFieldName('value');
          if (key && local?.type === 'identifier') bindings.push({ local: local.text, imported: propertyName(key) });
        } else if (entry.type === 'object_assignment_pattern') {
          const left = entry.childForFieldName('left');
          if (left) bindings.push({ local: left.text, imported: left.text });
        } else if (entry.type === 'rest_pattern') {
          const rest = entry.namedChild(0);
          if (rest?.type === 'identifier') bindings.push({ local: rest.text, imported: '*' });
        }
      }
    }
    const text = span === statement ? statementText(this.input.source, statement)
      : `${statement.childForFieldName('kind')?.text ?? 'var'} ${statementText(this.input.source, declarator)}`;
    this.addImport(specifier, span, ctx, text, bindings, { sideEffectOnly: bindings.length === 0 || undefined });
    return true;
  }

  private addImport(
    specifier: string, node: SyntaxNode, ctx: Context, text: string, bindings: ImportBinding[],
    flags: { typeOnly?: boolean; sideEffectOnly?: boolean },
  ): void {
    this.builder.addImport(specifier, ctx.container, node, text, bindings, flags);
  }

  // ---------------------------------------------------------------- imports and exports

  private visitImport(frame: Frame): void {
    const { node, ctx } = frame;
    const text = statementText(this.input.source, node);
    const requireClause = firstChildOfType(node, 'import_require_clause');
    if (requireClause) {
      const specifier = stringLiteralValue(requireClause.childForFieldName('source'));
      const local = requireClause.namedChildren.find((c) => c?.type === 'identifier');
      if (specifier !== undefined) {
        this.addImport(specifier, node, ctx, text, local ? [{ local: local.text, imported: '*' }] : [], {});
      }
      return;
    }
    const specifier = stringLiteralValue(node.childForFieldName('source'));
    if (specifier === undefined) return;
    const statementTypeOnly = hasToken(node, 'type') || hasToken(node, 'typeof');
    const clause = firstChildOfType(node, 'import_clause');
    const bindings: ImportBinding[] = [];
    let allTypeOnly = true;
    if (clause) {
      for (const part of clause.namedChildren) {
        if (!part) continue;
        if (part.type === 'identifier') {
          bindings.push({ local: part.text, imported: 'default' });
          allTypeOnly = false;
        } else if (part.type === 'namespace_import') {
          const local = part.namedChildren.find((c) => c?.type === 'identifier');
          if (local) bindings.push({ local: local.text, imported: '*' });
          allTypeOnly = false;
        } else if (part.type === 'named_imports') {
          for (const spec of part.namedChildren) {
            if (!spec || spec.type !== 'import_specifier') continue;
            const imported = spec.childForFieldName('name');
            const alias = spec.childForFieldName('alias');
            if (!imported) continue;
            bindings.push({ local: (alias ?? imported).text, imported: propertyName(imported) });
            if (!hasToken(spec, 'type') && !hasToken(spec, 'typeof')) allTypeOnly = false;
          }
        }
      }
    }
    this.addImport(specifier, node, ctx, text, bindings, {
      typeOnly: statementTypeOnly || (bindings.length > 0 && allTypeOnly) || undefined,
      sideEffectOnly: !clause || undefined,
    });
  }

  private visitExport(frame: Frame): void {
    const { node, ctx } = frame;
    const line = node.startPosition.row + 1;
    const isDefault = hasToken(node, 'default');
    const exportInfo: ExportInfo = { isDefault, doc: frame.doc, scope: frame.parent, decorators: decoratorTexts(node) };
    const declaration = node.childForFieldName('declaration');
    for (const child of node.children) {
      if (child?.type === 'decorator') this.push(child, ctx);
    }
    if (declaration) {
      this.push(declaration, ctx, { exportInfo, parent: node });
      return;
    }
    const source = node.childForFieldName('source');
    const specifier = source ? stringLiteralValue(source) ?? null : null;
    if (source && specifier === null) return;
    const clause = firstChildOfType(node, 'export_clause');
    if (clause) {
      const names: Array<{ exported: string; local: string }> = [];
      for (const spec of clause.namedChildren) {
        if (!spec || spec.type !== 'export_specifier') continue;
        const local = spec.childForFieldName('name');
        const alias = spec.childForFieldName('alias');
        if (local) names.push({ exported: propertyName(alias ?? local), local: propertyName(local) });
      }
      this.exports.push({ specifier, names, line });
      return;
    }
    const namespaceExport = firstChildOfType(node, 'namespace_export');
    if (namespaceExport && specifier !== null) {
      const alias = namespaceExport.namedChildren.find((c) => c && c.type !== 'comment');
      if (alias) this.exports.push({ specifier, names: [{ exported: propertyName(alias), local: '*' }], line });
      return;
    }
    if (specifier !== null) {
      this.exports.push({ specifier, names: '*', line });
      return;
    }
    // `export default <expression>` and TypeScript `export = <expression>`.
    const value = node.childForFieldName('value') ?? (hasToken(node, '=') ? node.namedChildren.find((c) => c && c.type !== 'comment') ?? null : null);
    if (!value) return;
    const unwrapped = value.type === 'parenthesized_expression' ? value.namedChild(0) ?? value : value;
    if (unwrapped.type === 'identifier') {
      this.addDefaultExport(unwrapped.text, node);
      return;
    }
    if (FUNCTION_VALUE_TYPES.has(unwrapped.type) || unwrapped.type === 'class') {
      this.push(unwrapped, ctx, { exportInfo: { ...exportInfo, isDefault: true } });
      return;
    }
    this.push(value, ctx);
  }

  // ---------------------------------------------------------------- CommonJS and prototypes

  private visitExpressionStatement(frame: Frame): void {
    const { node, ctx } = frame;
    const expression = node.namedChild(0);
    if (expression?.type === 'assignment_expression' && ctx.moduleLevel && ctx.container === null && !ctx.suppressDeclarations) {
      if (this.visitModuleAssignment(expression, node, ctx, frame.doc)) return;
    }
    if (expression?.type === 'assignment_expression' && ctx.thisIsClass) this.recordThisAssignment(expression, ctx);
    // `namespace X {}` parses as an expression statement: the statement's doc comment is the namespace's.
    if (expression?.type === 'internal_module') this.push(expression, ctx, { doc: frame.doc, parent: node });
    else this.pushChildren(node, ctx);
  }

  /** `this.client = new Client()` in a class: a fact about the instance attribute `client`. */
  private recordThisAssignment(assignment: SyntaxNode, ctx: Context): void {
    const left = assignment.childForFieldName('left');
    const right = assignment.childForFieldName('right');
    if (left?.type !== 'member_expression' || left.childForFieldName('object')?.type !== 'this') return;
    const property = left.childForFieldName('property');
    let owner = ctx.container;
    while (owner !== null && this.declarations[owner].kind !== 'class') owner = this.declarations[owner].parent;
    if (!property || owner === null || right === null) return;
    // `null`/`undefined` prove nothing and contradict nothing (a call on them fails at run time).
    if (right.type === 'null' || right.type === 'undefined') return;
    const fact: MemberTypeFact = { owner, name: property.text, type: initialiserType(right), enclosing: ctx.enclosing };
    this.memberTypes.push(fact);
    if (fact.type) this.proveLater(fact.type, ctx, (proven) => { fact.type = proven ?? null; });
  }

  /** `module.exports = …`, `exports.x = …`, `X.prototype.m = function …`. Returns false if none. */
  private visitModuleAssignment(assignment: SyntaxNode, statement: SyntaxNode, ctx: Context, doc: string | undefined): boolean {
    const left = assignment.childForFieldName('left');
    let right = assignment.childForFieldName('right');
    // `exports = module.exports = fn`: rebinding the `exports` alias exports nothing by itself.
    if (left?.type === 'identifier' && left.text === 'exports' && right?.type === 'assignment_expression') {
      return this.visitModuleAssignment(right, statement, ctx, doc);
    }
    // `module.exports = exports = fn`: the value is the innermost right-hand side.
    while (right?.type === 'assignment_expression' && right.childForFieldName('left')?.text === 'exports') {
      right = right.childForFieldName('right');
    }
    if (!left || !right || left.type !== 'member_expression') return false;
    const chain = receiverChain(left)?.names;
    if (!chain) return false;
    const line = statement.startPosition.row + 1;

    if (chain.length === 2 && chain[0] === 'module' && chain[1] === 'exports') {
      this.moduleExportsValue(right, statement, ctx, doc);
      return true;
    }
    const exportedName = chain.length === 2 && chain[0] === 'exports' ? chain[1]
      : chain.length === 3 && chain[0] === 'module' && chain[1] === 'exports' ? chain[2] : undefined;
    if (exportedName !== undefined) {
      const required = requireSpecifier(right);
      if (required !== undefined) {
        this.addImport(required, statement, ctx, statementText(this.input.source, statement), [], { sideEffectOnly: true });
        this.exports.push({ specifier: required, names: [{ exported: exportedName, local: '*' }], line });
        return true;
      }
      if (right.type === 'identifier') {
        this.exports.push({ specifier: null, names: [{ exported: exportedName, local: right.text }], line });
        return true;
      }
      this.boundValueDeclaration(exportedName, right, statement, ctx, doc);
      return true;
    }
    if (chain.length === 3 && chain[1] === 'prototype' && FUNCTION_VALUE_TYPES.has(right.type)) {
      const owner = this.topLevelByName.get(chain[0]);
      if (owner === undefined) return false;
      const ownerDecl = this.declarations[owner];
      if (ownerDecl.kind !== 'function' && ownerDecl.kind !== 'class' && ownerDecl.kind !== 'variable' && ownerDecl.kind !== 'constant') return false;
      const memberCtx = { ...ctx, container: owner };
      const id = this.addDeclaration('method', chain[2], statement, memberCtx, {
        signature: headerText(this.input.source, statement.startIndex, right.childForFieldName('body')?.startIndex ?? right.endIndex),
        docstring: doc,
        isAsync: hasToken(right, 'async'),
      });
      this.push(right, ctx, { bound: id });
      return true;
    }
    return false;
  }

  private moduleExportsValue(value: SyntaxNode, statement: SyntaxNode, ctx: Context, doc: string | undefined): void {
    const line = statement.startPosition.row + 1;
    const required = requireSpecifier(value);
    if (required !== undefined) {
      // `module.exports = require('./x')`: this module is that one, its default export included.
      this.addImport(required, statement, ctx, statementText(this.input.source, statement), [], { sideEffectOnly: true });
      this.exports.push({ specifier: required, names: '*', line });
      this.exports.push({ specifier: required, names: [{ exported: 'default', local: 'default' }], line });
      return;
    }
    if (value.type === 'identifier') {
      this.addDefaultExport(value.text, statement);
      return;
    }
    if (FUNCTION_VALUE_TYPES.has(value.type) || value.type === 'class') {
      const name = value.childForFieldName('name')?.text ?? 'default';
      this.boundValueDeclaration(name, value, statement, ctx, doc);
      this.addDefaultExport(name, statement);
      return;
    }
    if (value.type !== 'object') {
      this.push(value, ctx);
      return;
    }
    const names: Array<{ exported: string; local: string }> = [];
    let comment: SyntaxNode | undefined;
    for (const entry of value.namedChildren) {
      if (!entry) continue;
      if (entry.type === 'comment') {
        comment = entry;
        continue;
      }
      const entryDoc = comment ? docCommentText(comment, entry.startPosition.row) : undefined;
      comment = undefined;
      if (entry.type === 'shorthand_property_identifier') {
        names.push({ exported: entry.text, local: entry.text });
      } else if (entry.type === 'pair') {
        const key = entry.childForFieldName('key');
        const entryValue = entry.childForFieldName('value');
        if (!key || !entryValue || key.type === 'computed_property_name') {
          this.push(entryValue, ctx);
          continue;
        }
        const exported = propertyName(key);
        if (entryValue.type === 'identifier') names.push({ exported, local: entryValue.text });
        else if (FUNCTION_VALUE_TYPES.has(entryValue.type) || entryValue.type === 'class') {
          this.boundValueDeclaration(exported, entryValue, entry, ctx, entryDoc);
        } else this.push(entryValue, ctx);
      } else if (entry.type === 'method_definition') {
        const key = entry.childForFieldName('name');
        if (key && key.type !== 'computed_property_name') this.boundValueDeclaration(propertyName(key), entry, entry, ctx, entryDoc);
        else this.push(entry, ctx);
      } else {
        this.push(entry, ctx);
      }
    }
    if (names.length > 0) this.exports.push({ specifier: null, names, line });
  }

  /** An exported CommonJS function/class value, named by what it is exported as. */
  private boundValueDeclaration(name: string, value: SyntaxNode, span: SyntaxNode, ctx: Context, doc: string | undefined): void {
    const isClass = value.type === 'class';
    if (!isClass && !FUNCTION_VALUE_TYPES.has(value.type) && value.type !== 'method_definition') {
      const id = this.addDeclaration('variable', name, span, ctx, {
        signature: compactText(this.input.source.slice(span.startIndex, span.endIndex), 200),
        docstring: doc,
        isExported: true,
      });
      this.push(value, { ...ctx, pendingOwner: id });
      return;
    }
    const body = value.childForFieldName('body');
    const id = this.addDeclaration(isClass ? 'class' : this.functionKind(name, value), name, span, ctx, {
      signature: headerText(this.input.source, span.startIndex, body ? body.startIndex : value.endIndex),
      docstring: doc,
      isExported: true,
      isAsync: !isClass && hasToken(value, 'async'),
    });
    this.push(value, ctx, { bound: id });
  }

  // ---------------------------------------------------------------- reference sites

  private visitCall(frame: Frame): void {
    const { node, ctx } = frame;
    const callee = node.childForFieldName('function');
    if (callee?.type === 'import') {
      const specifier = firstStringArgument(node);
      if (specifier !== undefined) this.addImport(specifier, node, ctx, statementText(this.input.source, node), [], { sideEffectOnly: true });
      this.pushChildren(node, ctx, (c) => c === callee);
      return;
    }
    if (callee?.type === 'identifier' && callee.text === 'require') {
      const specifier = firstStringArgument(node);
      if (specifier !== undefined) {
        this.addImport(specifier, node, ctx, statementText(this.input.source, node), [], { sideEffectOnly: true });
        return;
      }
    }
    const target = memberTarget(callee);
    if (target) this.addReference('calls', target, node, ctx, callee?.type === 'member_expression' ? callee.childForFieldName('object') : null);
    this.pushChildren(node, ctx);
  }

  private visitNew(frame: Frame): void {
    const { node, ctx } = frame;
    const target = memberTarget(node.childForFieldName('constructor'));
    if (target) this.addReference('instantiates', target, node, ctx);
    this.pushChildren(node, ctx);
  }

  private visitJsxElement(frame: Frame): void {
    const { node, ctx } = frame;
    const nameNode = node.childForFieldName('name');
    if (nameNode) {
      const target = memberTarget(nameNode);
      const isComponentTag = target !== undefined &&
        (target.receiver === undefined || target.receiver.length > 0 || /^[A-Z]/.test(target.name));
      if (target && isComponentTag) this.addReference('calls', target, node, ctx);
    }
    this.pushChildren(node, ctx, (c) => c === nameNode);
  }

  /** `@sealed` invokes `sealed`; `@Component({…})` is an ordinary call inside the decorator. */
  private visitDecorator(frame: Frame): void {
    const { node, ctx } = frame;
    const expression = node.namedChildren.find((c) => c && c.type !== 'comment') ?? null;
    if (expression && expression.type !== 'call_expression') {
      const target = memberTarget(expression);
      if (target) this.addReference('calls', target, node, ctx);
    }
    this.pushChildren(node, ctx);
  }

  private addReference(kind: ReferenceKind, target: MemberTarget, site: SyntaxNode, ctx: Context, receiverNode: SyntaxNode | null = null): void {
    let receiver = target.receiver;
    const headName = receiver === undefined ? undefined : receiver.length === 0 ? target.name : receiver[0];
    // `this` outside a class method (a plain `function`, module level) is not the class instance.
    if (headName === 'this' && !ctx.thisIsClass) receiver = undefined;
    const reference = this.builder.addReference(kind, target.name, ctx.enclosing, site);
    if (receiver !== undefined) reference.receiver = receiver;
    // `new Client().m()`, `makeClient().m()`: a receiver that is itself a call (its type proven after the walk).
    if (receiver === undefined && receiverNode) {
      const typed = statedReceiverType(receiverNode);
      if (typed) reference.typedReceiver = typed;
    }
    // Whether the head is a local (and the receiver's type through it) is known once the walk is over.
    if (reference.receiver || reference.typedReceiver) {
      this.pendingSites.push({ site: reference, scope: ctx.scope, words: ctx.thisIsClass ? CLASS_THIS : PLAIN_THIS });
    }
  }

  // ---------------------------------------------------------------- finishing

  /** `x: T` with T a type parameter somewhere in the file proves no class (precision over recall). */
  private dropTypesNamingTypeParameters(): void {
    for (const decl of this.declarations) for (const name of decl.typeParameters ?? []) this.typeParameterNames.add(name);
    if (this.typeParameterNames.size === 0) return;
    const names = this.typeParameterNames;
    for (const decl of this.declarations) {
      if (decl.valueType && namesTypeParameter(decl.valueType, names)) delete decl.valueType;
      if (decl.returnType && namesTypeParameter(decl.returnType, names)) delete decl.returnType;
    }
    for (const site of this.builder.references) {
      if (site.typedReceiver && namesTypeParameter(site.typedReceiver.type, names)) delete site.typedReceiver;
    }
    for (const fact of this.memberTypes) {
      if (fact.type && namesTypeParameter(fact.type, names)) fact.type = null;
    }
  }

  private finish(): void {
    for (const { site, scope, words } of this.pendingSites) scope.completeSite(site, words);
    for (const { type, scope, words, apply } of this.pendingTypes) apply(scope.provenType(type, words));
    for (const { id, returns } of this.functionResults) {
      const inferred = agreeingReturn(returns);
      if (inferred) this.declarations[id].returnType = inferred;
    }
    this.dropTypesNamingTypeParameters();
    // `export { a, b as c }` marks the module's own declarations as exported.
    const exportedLocals = new Set<string>();
    for (const statement of this.exports) {
      if (statement.specifier !== null || statement.names === '*') continue;
      for (const entry of statement.names) exportedLocals.add(entry.local);
    }
    if (exportedLocals.size === 0) return;
    for (const decl of this.declarations) {
      if (decl.parent === null && decl.kind !== 'import' && exportedLocals.has(decl.name)) decl.isExported = true;
    }
  }
}

/** `this` and `super` are words, not names: `this.make()` proves a type only where `this` is the class instance. */
const CLASS_THIS: ReceiverWords = {
  has: (word) => word === 'this' || word === 'super',
  typeThrough: (type) => (type.kind === 'call' && type.callee[0] === 'this' && type.callee.length === 2 ? type : undefined),
};
const PLAIN_THIS: ReceiverWords = { has: CLASS_THIS.has, typeThrough: () => undefined };

/** A receiver expression that is a call (or `new`), then member names: its stated type and those names. */
function statedReceiverType(node: SyntaxNode): { type: TypeRef; path: string[] } | undefined {
  const chain = splitMemberChain(node, MEMBER_EXPRESSION);
  if (!chain) return undefined;
  const stated = chain.base.type === 'call_expression' ? callResultType(chain.base) : initialiserType(chain.base);
  return stated ? { type: stated, path: chain.path } : undefined;
}

const MEMBER_EXPRESSION: MemberAccessShape = {
  nodeType: 'member_expression', object: 'object', property: 'property', propertyTypes: new Set(['property_identifier']),
};

/** The one type every `return` proves (`return;`, `null` and `undefined` aside), as TypeScript would infer it. */
function agreeingReturn(returns: FunctionResults['returns']): TypeRef | undefined {
  let found: TypeRef | undefined;
  for (const { value, scope, words } of returns) {
    if (value === 'none') continue;
    let type: TypeRef | undefined;
    if (value && 'local' in value) {
      const verdict = scope.classify(value.local, false);
      const bound = verdict.locallyBound ? verdict.scope?.provenValue(value.local) : undefined;
      type = bound ? bound.scope.provenType(bound.type, words) : undefined;
    } else if (value) {
      type = scope.provenType(value, words);
    }
    if (!type || (found && JSON.stringify(found) !== JSON.stringify(type))) return undefined;
    found ??= type;
  }
  return found;
}

function namesTypeParameter(type: TypeRef, names: ReadonlySet<string>): boolean {
  if (type.kind === 'member-call') return namesTypeParameter(type.of, names);
  return type.kind === 'named' && names.has(type.chain[0]);
}

function reverseFrom<T>(items: T[], start: number): void {
  for (let i = start, j = items.length - 1; i < j; i++, j--) {
    const t = items[i];
    items[i] = items[j];
    items[j] = t;
  }
}
