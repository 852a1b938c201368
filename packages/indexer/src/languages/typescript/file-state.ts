/**
 * What the ECMAScript rules record while the shared walk runs over one file, and the context and
 * frame extras they pass down.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { Declaration, ExportStatement, FileExtraction, ImportBinding, ReferenceKind, ReferenceSite, TypeRef } from '../../model/extraction.js';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import type { ExtractInput } from '../../model/language-support.js';
import { DeclarationBuilder, type DeclarationDetails } from '../../extraction/core/declaration-builder.js';
import { FileFacts, type FunctionResults } from '../../extraction/core/file-facts.js';
import type { ReceiverWords, Scope } from '../../extraction/core/scopes.js';
import type { Frame, Walk, WalkContext } from '../../extraction/core/syntax-walk.js';
import { splitMemberChain, type MemberAccessShape } from '../../extraction/core/tree-walk.js';
import { callResultType, initialiserType, noteMemberKeepingAliases } from './ecmascript-types.js';
import { AMBIENT_GLOBAL_TYPES } from './ecmascript-builtins.js';
import { contextFactories } from './context-hooks.js';
import { reassignedHeldValue } from './ecmascript-held-values.js';
import {
  declarationName, decoratorText, decoratorTexts, functionReturnsJsx, hasToken, headerText, isPascalCase, startAfterDecorators,
  type MemberTarget,
} from './ecmascript-syntax.js';

export interface EcmascriptContext extends WalkContext {
  file: EcmascriptFile;
  /** Declaration that owns reference sites here (null: the file). */
  enclosing: number | null;
  /** Parent of declarations created here. */
  container: number | null;
  /** Statements here run at module or namespace level. */
  moduleLevel: boolean;
  /** Inside `declare global { … }`: top-level declarations go into the global scope. */
  declaresGlobal?: boolean;
  inFunction: boolean;
  /** `this` here is an instance of the enclosing class (methods, field initialisers, arrows within). */
  thisIsClass: boolean;
  /** A module-level variable whose initialiser we are in: callbacks inside it belong to it. */
  pendingOwner: number | null;
  /** Inside an anonymous class expression: members are not extracted. */
  suppressDeclarations: boolean;
  /** In the body of a function or method without a declared return type: what its `return`s give. */
  results?: FunctionResults | null;
  /** In a function that declares its `this` (`function (this: Subscriber<T>) {…}`), and arrows within: that type. */
  thisType?: TypeRef;
  /** In a class that `extends` a plain name chain: that chain, which `super(…)` in its constructor constructs. */
  superclass?: MemberTarget;
  /**
   * In a method of a module object (`module.exports = { get() {…}, toJSON() { return this.get() } }`), and arrows
   * within: its members that are the module's own functions of the same name, which `this.get()` calls.
   */
  thisMembers?: ReadonlySet<string>;
}

export interface ExportInfo {
  isDefault: boolean;
  /** The doc comment before the export statement. */
  doc?: string;
  /** The statement list holding the export statement (for overload detection). */
  scope?: SyntaxNode;
  decorators: string[];
}

/** What a handler hands the node it pushes, beyond the context. */
export interface EcmascriptExtra {
  exportInfo?: ExportInfo;
  /** This function/class value is the body of an already created declaration. */
  bound?: number;
  /** This function value is a member assigned onto an object or a prototype (`Foo.prototype.m = function …`): its `this` is that instance. */
  thisIsInstance?: boolean;
  /** This function value is a method of a module object: the object's members it may call as `this.m()` (see `thisMembers`). */
  thisMembers?: ReadonlySet<string>;
}

export type EcmascriptFrame = Frame<EcmascriptContext, EcmascriptExtra>;

/** `this` and `super` are words, not names: `this.make()` proves a type only where `this` is the class instance. */
export const CLASS_THIS: ReceiverWords = {
  has: (word) => word === 'this' || word === 'super',
  typeThrough: (type) => (type.kind === 'call' && type.callee[0] === 'this' && type.callee.length === 2) ||
    (type.kind === 'value' && type.chain.length === 1 && type.chain[0] === 'this') ? type : undefined,
};
export const PLAIN_THIS: ReceiverWords = { has: CLASS_THIS.has, typeThrough: () => undefined };

export function wordsOf(ctx: EcmascriptContext): ReceiverWords {
  return ctx.thisIsClass ? CLASS_THIS : PLAIN_THIS;
}

/** Syntax node id of a function literal → the declaration its sites belong to, and whether its `this` is the instance. */
export type BoundFunctions = Map<number, { id: number; thisIsInstance: boolean }>;

export class EcmascriptFile {
  readonly builder = new DeclarationBuilder();
  /** The builder's declarations (local id = index), read and completed during the walk. */
  readonly declarations: Declaration[] = this.builder.declarations;
  readonly facts = new FileFacts(this.builder);
  readonly exports: ExportStatement[] = [];
  readonly source: string;
  readonly jsxComponents: boolean;
  /**
   * TypeScript (not JavaScript): a variable's declared type is its initialiser's, so a `let`/`var`
   * holds what its initialiser proves even where it is reassigned (another type would not compile).
   */
  readonly typeChecked: boolean;
  /** Overload signatures already emitted, per container. */
  readonly emittedSignatures = new Set<string>();
  /** The declaration each emitted member signature became (overloads after the first fold into it). */
  readonly signatureDeclarations = new Map<string, number>();
  private readonly signatureNamesByScope = new Map<number, Set<string>>();
  /**
   * Functions whose result is stated apart from what their `return`s prove (`mixin(app, proto); return app`): the
   * type, stated where the first `return` stands (the scope that sees the body's locals); their `return`s add nothing.
   * `local`: the local mixed into, which holds that value in the body too (`app.init()` before `return app`).
   */
  readonly statedResults = new Map<FunctionResults, { type: TypeRef; done: boolean; local?: string }>();
  /**
   * Function literals a declaration was made for before the walk reaches them, by syntax node id: assigned in a loop
   * over names (`app[method] = function …`), wrapped in `useCallback(() => …)`. Their sites belong to it.
   */
  readonly boundFunctions: BoundFunctions = new Map();
  /** Module-level declarations by name, for `X.prototype.m = …`. */
  readonly topLevelByName = new Map<string, number>();
  /**
   * Names of module-level functions the file gives prototype members (`Foo.prototype.m = …`, `Foo.prototype = {…}`):
   * constructors, whose body's `this` is the instance being built.
   */
  readonly constructorNames: ReadonlySet<string>;
  /** Module-level names holding a constructor's prototype (`const proto = Foo.prototype`): alias → `Foo`. */
  readonly prototypeAliases: ReadonlyMap<string, string>;
  private readonly program: SyntaxNode;
  /** The file exports names the CommonJS way (`exports.a = …`, `module.exports = { a }`). */
  commonJsNamedExports = false;
  private readonly fileName: string;
  /** Type parameters declared anywhere in the file: a stated type naming one proves no class. */
  readonly typeParameterNames = new Set<string>();
  /** Declarations that give a local function another name (`{ kill }`), settled at the end: `aliasOfLocal`. */
  readonly localAliases: Array<{ declaration: number; name: string; scope: Scope }> = [];
  /** Names an assignment anywhere in the file writes (`x = …`, `[x] = …`): a `let` of such a name may hold anything. */
  readonly assignedNames = new Set<string>();
  /**
   * Values a `let`/`var` holds by its initialiser alone (TypeScript): dropped at the end when the file assigns
   * the name anywhere (another value of a structurally compatible class would compile).
   */
  private readonly initialisedAlone: Array<{ name: string; value?: { type: TypeRef | null }; declaration?: number; global?: boolean; builds?: string }> = [];
  /**
   * TypeScript names assigned nowhere but by constructions (`ctx = new Context(…)`), with the classes written. A `let`
   * initialised by a construction of the one class every such assignment constructs keeps its type: the assigned value
   * narrows it to that same class.
   */
  private readonly constructedNames = new Map<string, Set<string>>();
  /** Statement list / class body id → names with an implementation there. */
  private readonly implementedNames = new Map<number, Set<string>>();

  constructor(input: ExtractInput) {
    this.source = input.source;
    this.jsxComponents = input.language === 'tsx' || input.language === 'jsx';
    this.typeChecked = input.language === 'typescript' || input.language === 'tsx';
    this.program = input.tree.rootNode;
    noteMemberKeepingAliases(this.program);
    this.prototypeAliases = prototypeAliases(input.tree.rootNode);
    this.constructorNames = prototypeOwners(input.tree.rootNode, this.prototypeAliases);
    this.fileName = input.path.slice(input.path.lastIndexOf('/') + 1);
  }

  /**
   * The builder's declaration (one per kind, name and start line: a repeat gets the first one's id),
   * indexed at top level by name.
   */
  addDeclaration(kind: NodeKind, name: string, span: SyntaxNode, ctx: EcmascriptContext, details: DeclarationDetails): number {
    const id = this.builder.declare(kind, name, ctx.container, span, details);
    if (ctx.declaresGlobal && ctx.container === null && kind !== 'import') this.declarations[id].declaresGlobal = true;
    if (this.declarations[id].parent === null && kind !== 'import' && !this.topLevelByName.has(name)) this.topLevelByName.set(name, id);
    return id;
  }

  /** Whether a module-level import statement binds `name` (`import { touch } from './x'`, `const touch = require(…)`). */
  importsName(name: string): boolean {
    return this.builder.imports.some((statement) => !statement.typeOnly && statement.bindings.some((binding) => binding.local === name));
  }

  /** The file's Radix context factories (see context-hooks.ts), found once the imports are read. */
  contextFactories(): ReadonlySet<string> {
    this.contextFactoryNames ??= contextFactories(this.program, (local) => this.importOf(local));
    return this.contextFactoryNames;
  }

  private contextFactoryNames: Set<string> | undefined;

  /** The module-level import binding `local`: its specifier and imported name (`*` / `default` for a whole module). */
  importOf(local: string): { specifier: string; imported: string } | null {
    for (const statement of this.builder.imports) {
      if (statement.typeOnly && statement.bindings.length === 0) continue;
      const binding = statement.bindings.find((b) => b.local === local);
      if (binding) return { specifier: statement.specifier, imported: binding.imported };
    }
    return null;
  }

  addImport(
    specifier: string, node: SyntaxNode, ctx: EcmascriptContext, text: string, bindings: ImportBinding[],
    flags: { typeOnly?: boolean; sideEffectOnly?: boolean },
  ): void {
    this.builder.addImport(specifier, ctx.container, node, text, bindings, flags);
  }

  addDefaultExport(local: string, node: SyntaxNode): void {
    this.exports.push({ specifier: null, names: [{ exported: 'default', local }], line: node.startPosition.row + 1 });
  }

  addReference(kind: ReferenceKind, target: MemberTarget, site: SyntaxNode, ctx: EcmascriptContext, receiverNode: SyntaxNode | null = null, space?: 'type'): ReferenceSite {
    let receiver = target.receiver;
    const headName = receiver === undefined ? undefined : receiver.length === 0 ? target.name : receiver[0];
    let declaredThis: { type: TypeRef; path: string[] } | undefined;
    // `this` outside a class method (a plain `function`, module level) is not the class instance…
    if (headName === 'this' && !ctx.thisIsClass) {
      // … but a function that declares it (`this: Subscriber<T>`) has one of that type …
      if (ctx.thisType && receiver && receiver.length > 0) declaredThis = { type: ctx.thisType, path: receiver.slice(1) };
      // … and a module object's method calls its sibling, the module's function of that name, as `this.get()`.
      const sibling = !declaredThis && receiver?.length === 1 && ctx.thisMembers?.has(target.name) && !ctx.scope.classify(target.name, false).locallyBound;
      receiver = sibling ? [] : undefined;
    }
    // `this.constructor.concat(…)` in a class's method: a static member of that class.
    if (headName === 'this' && receiver && receiver[1] === 'constructor') receiver = this.constructorReceiver(receiver, ctx) ?? receiver;
    // `new Client().m()`, `makeClient().m()`: a receiver that is itself a call (its type proven after the walk).
    const typedReceiver = declaredThis ?? (receiver === undefined && receiverNode ? statedReceiverType(receiverNode) : undefined);
    const added = this.facts.addSite(kind, { name: target.name, receiver, typedReceiver }, ctx.enclosing, site, ctx.scope, wordsOf(ctx));
    if (space) added.space = space;
    return added;
  }

  /** `['this', 'constructor', …rest]` in a method of class `C` (or of constructor function `C`): `['C', …rest]`. */
  private constructorReceiver(receiver: string[], ctx: EcmascriptContext): string[] | undefined {
    for (let id = ctx.enclosing; id !== null; id = this.declarations[id].parent) {
      const decl = this.declarations[id];
      if (decl.kind === 'class' || (decl.kind === 'function' && decl.parent === null && this.constructorNames.has(decl.name))) {
        return [decl.name, ...receiver.slice(2)];
      }
      // A nested plain function has a `this` of its own.
      if (decl.kind === 'function') return undefined;
    }
    return undefined;
  }

  /** A declaration's stated type, kept once proven where it is written (`this.make()` only in a class). */
  stateType(id: number, field: 'valueType' | 'returnType', type: TypeRef | null, ctx: EcmascriptContext): void {
    this.facts.stateType(id, field, type, ctx.scope, wordsOf(ctx));
  }

  /** Any other stated type, proven after the walk where it is written. */
  proveType(type: TypeRef, ctx: EcmascriptContext, apply: (type: TypeRef | undefined) => void): void {
    this.facts.proveLater(type, ctx.scope, wordsOf(ctx), apply);
  }

  docstring(frame: EcmascriptFrame): string | undefined {
    return frame.extra?.exportInfo ? frame.extra.exportInfo.doc : frame.doc;
  }

  /** Decorators of a class member: its own and those written as preceding siblings. */
  memberDecorators(frame: EcmascriptFrame): string[] {
    return [...(frame.leading ?? []).map(decoratorText), ...decoratorTexts(frame.node)];
  }

  /** The names of the method and function signatures `scope` holds (read once per scope). */
  signatureNames(scope: SyntaxNode): ReadonlySet<string> {
    let names = this.signatureNamesByScope.get(scope.id);
    if (!names) {
      names = new Set();
      for (const child of scope.namedChildren) {
        const candidate = child?.type === 'export_statement' ? child.childForFieldName('declaration') : child;
        if (candidate && (candidate.type === 'method_signature' || candidate.type === 'function_signature')) {
          const name = declarationName(candidate);
          if (name !== undefined) names.add(name);
        }
      }
      this.signatureNamesByScope.set(scope.id, names);
    }
    return names;
  }

  /** Does `scope` hold a function/method with a body named `name` (so signatures are overloads)? */
  hasImplementation(scope: SyntaxNode, name: string): boolean {
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

  functionKind(name: string, fn: SyntaxNode): NodeKind {
    return this.jsxComponents && isPascalCase(name) && functionReturnsJsx(fn) ? 'component' : 'function';
  }

  functionSignature(start: SyntaxNode, fn: SyntaxNode): string {
    const body = fn.childForFieldName('body');
    const end = body ? body.startIndex : fn.endIndex;
    return headerText(this.source, startAfterDecorators(start), end).replace(/;$/, '');
  }

  /**
   * A collector for the `return`s of a function that declares no return type (TypeScript infers
   * one from them); null for generators and functions that declare it.
   */
  resultsOf(id: number, fn: SyntaxNode): FunctionResults | null {
    if (fn.childForFieldName('return_type') || fn.type.startsWith('generator') || hasToken(fn, '*')) return null;
    return this.facts.functionResults(id);
  }

  /** A `let`/`var` whose value (a local's binding, or a module-level declaration's type) is its initialiser's alone. */
  initialisedOnly(name: string, held: { value?: { type: TypeRef | null }; declaration?: number; builds?: string }, moduleLevel = false): void {
    this.initialisedAlone.push({ name, ...held, global: moduleLevel && !this.typeChecked });
  }

  /** `name = new C(…)` (TypeScript): see `constructedNames`. */
  noteConstructed(name: string, built: string): void {
    let classes = this.constructedNames.get(name);
    if (!classes) this.constructedNames.set(name, (classes = new Set()));
    classes.add(built);
  }

  /** Is `name` assigned elsewhere in a way its initialiser's type does not survive? */
  private reassignedAway(entry: { name: string; builds?: string }): boolean {
    if (this.assignedNames.has(entry.name)) return true;
    const built = this.constructedNames.get(entry.name);
    return built !== undefined && (entry.builds === undefined || built.size !== 1 || !built.has(entry.builds));
  }

  /** Settles types and sites, drops types naming type parameters, marks `export { a }` locals exported. */
  finish(): Pick<FileExtraction, 'declarations' | 'imports' | 'references' | 'memberTypes' | 'exports'> {
    // A classic script's top-level `let`/`var` is a global another script may assign (JavaScript checks no types).
    const isModule = this.exports.length > 0 || this.builder.imports.length > 0;
    const reassigned = this.initialisedAlone.filter((entry) => this.reassignedAway(entry) || (entry.global && !isModule));
    for (const entry of reassigned) if (entry.value) entry.value.type = null;
    // A function declared later in the block is bound by now (ids before the builder puts declarations in source order).
    for (const { declaration, name, scope } of this.localAliases) {
      const target = scope.classify(name, false).localTarget;
      if (target !== undefined && target !== declaration) this.declarations[declaration].aliasOfLocal = target;
      else this.declarations[declaration].callsRunHeldValue = true;
    }
    const memberTypes = this.facts.finish();
    for (const entry of reassigned) {
      if (entry.declaration === undefined) continue;
      delete this.declarations[entry.declaration].valueType;
      reassignedHeldValue(this.declarations[entry.declaration]);
    }
    this.dropTypesNamingTypeParameters(memberTypes);
    this.typeAmbientGlobals();
    // `export { a, b as c }` marks the module's own declarations as exported.
    const exportedLocals = new Set<string>();
    for (const statement of this.exports) {
      if (statement.specifier !== null || statement.names === '*') continue;
      for (const entry of statement.names) exportedLocals.add(entry.local);
    }
    for (const decl of this.declarations) {
      if (decl.parent === null && decl.kind !== 'import' && exportedLocals.has(decl.name)) decl.isExported = true;
    }
    // A CommonJS module's value is its `exports` object: imported as a default (`import utils from './utils.cjs'`),
    // it is the module itself.
    const hasDefault = this.exports.some((statement) => statement.names !== '*' && statement.names.some((entry) => entry.exported === 'default'));
    if (this.commonJsNamedExports && !hasDefault) {
      this.exports.push({ specifier: `./${this.fileName}`, names: [{ exported: 'default', local: '*' }], line: 1 });
    }
    return { ...this.builder.finish(memberTypes), exports: this.exports };
  }

  /**
   * `cy.getDataTest()`: a test runner's global (`AMBIENT_GLOBAL_TYPES`) the file neither declares nor imports nor binds
   * locally is a value of the interface the runner declares it with; the workspace augments that interface with the
   * members it registers (`declare namespace Cypress { interface Chainable { getDataTest(…) } }`).
   */
  private typeAmbientGlobals(): void {
    const topLevel = new Set<string>();
    for (const decl of this.declarations) if (decl.parent === null) topLevel.add(decl.name);
    for (const statement of this.builder.imports) for (const binding of statement.bindings) topLevel.add(binding.local);
    for (const site of this.builder.references) {
      const head = site.receiver?.length === 1 ? site.receiver[0] : undefined;
      const global = head === undefined ? undefined : AMBIENT_GLOBAL_TYPES.get(head);
      if (!global || global.own.has(site.name) || site.typedReceiver || site.locallyBound || topLevel.has(head!)) continue;
      // Bound by the runner's declaration, not looked up by name: the stated type says what it holds.
      site.typedReceiver = { type: { kind: 'named', chain: global.type }, path: [] };
      site.locallyBound = true;
    }
  }

  /** `x: T` with T a type parameter somewhere in the file proves no class (precision over recall). */
  private dropTypesNamingTypeParameters(memberTypes: Array<{ type: TypeRef | null }>): void {
    for (const decl of this.declarations) for (const name of decl.typeParameters ?? []) this.typeParameterNames.add(name);
    if (this.typeParameterNames.size === 0) return;
    const names = this.typeParameterNames;
    for (const decl of this.declarations) {
      if (decl.valueType && namesTypeParameter(decl.valueType, names)) delete decl.valueType;
      if (decl.returnType && namesTypeParameter(decl.returnType, names)) delete decl.returnType;
      if (decl.underlyingType && namesTypeParameter(decl.underlyingType, names)) delete decl.underlyingType;
      for (const [member, type] of Object.entries(decl.resultMembers ?? {})) if (namesTypeParameter(type, names)) delete decl.resultMembers![member];
      if (decl.callbackParameters) {
        decl.callbackParameters = decl.callbackParameters.map((types) => types?.map((type) => (type && namesTypeParameter(type, names) ? null : type)) ?? null);
      }
      if (decl.callbackTypes) decl.callbackTypes = decl.callbackTypes.map((type) => (type && namesTypeParameter(type, names) ? null : type && withoutTypeParameterArguments(type, names)));
      for (const shape of decl.overloadShapes ?? []) {
        if (shape.callbackParameters) {
          shape.callbackParameters = shape.callbackParameters.map((types) => types?.map((type) => (type && namesTypeParameter(type, names) ? null : type)) ?? null);
        }
        if (shape.callbackTypes) shape.callbackTypes = shape.callbackTypes.map((type) => (type && namesTypeParameter(type, names) ? null : type && withoutTypeParameterArguments(type, names)));
      }
      if (decl.functionParameters) decl.functionParameters = decl.functionParameters.map((type) => (type && namesTypeParameter(type, names) ? null : type));
      if (decl.functionTypes?.some((type) => namesTypeParameter(type, names))) delete decl.functionTypes;
      if (decl.functionTypes) decl.functionTypes = decl.functionTypes.map((type) => withoutTypeParameterArguments(type, names));
      if (decl.typeParameterDefaults) decl.typeParameterDefaults = decl.typeParameterDefaults.map((type) => (type && namesTypeParameter(type, names) ? null : type && withoutTypeParameterArguments(type, names)));
    }
    for (const site of this.builder.references) {
      if (site.typedReceiver && namesTypeParameter(site.typedReceiver.type, names)) delete site.typedReceiver;
    }
    for (const fact of memberTypes) {
      if (fact.type && namesTypeParameter(fact.type, names)) fact.type = null;
    }
  }
}

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

/** Written type arguments (`Middleware<S, Context<S>>`) that name a type parameter of the file (`S`) prove nothing: null. */
function withoutTypeParameterArguments(type: TypeRef, names: ReadonlySet<string>): TypeRef {
  if (type.kind === 'any-of') return { ...type, of: type.of.map((member) => withoutTypeParameterArguments(member, names)) };
  if (type.kind !== 'named' || !type.typeArgumentRefs) return type;
  return { ...type, typeArgumentRefs: type.typeArgumentRefs.map((arg) => (arg && namesTypeParameter(arg, names) ? null : arg && withoutTypeParameterArguments(arg, names))) };
}

function namesTypeParameter(type: TypeRef, names: ReadonlySet<string>): boolean {
  if (type.kind === 'member-call') return namesTypeParameter(type.of, names);
  if (type.kind === 'any-of') return type.of.some((member) => namesTypeParameter(member, names));
  return type.kind === 'named' && names.has(type.chain[0]);
}

export type EcmascriptWalk = Walk<EcmascriptContext, EcmascriptExtra>;

/**
 * `const proto = Foo.prototype` at module level, the name never assigned again there: `proto.m = function …` gives
 * Foo an instance method, as `Foo.prototype.m = …` does.
 */
function prototypeAliases(program: SyntaxNode): Map<string, string> {
  const aliases = new Map<string, string>();
  const reassigned = new Set<string>();
  for (const statement of program.namedChildren) {
    if (statement?.type === 'expression_statement') {
      const assignment = statement.namedChild(0);
      const left = assignment?.type === 'assignment_expression' ? assignment.childForFieldName('left') : null;
      if (left?.type === 'identifier') reassigned.add(left.text);
      continue;
    }
    if (statement?.type !== 'lexical_declaration' && statement?.type !== 'variable_declaration') continue;
    const declarators = statement.namedChildren.filter((c) => c?.type === 'variable_declarator');
    if (declarators.length !== 1) continue;
    const name = declarators[0]!.childForFieldName('name');
    const value = declarators[0]!.childForFieldName('value');
    const owner = value?.type === 'member_expression' && value.childForFieldName('property')?.text === 'prototype'
      ? value.childForFieldName('object') : null;
    if (name?.type === 'identifier' && owner?.type === 'identifier') aliases.set(name.text, owner.text);
  }
  for (const name of reassigned) aliases.delete(name);
  return aliases;
}

/** `Foo` of every module-level `Foo.prototype.m = …` / `Foo.prototype = …` / `proto.m = …` (proto: Foo's prototype) statement. */
function prototypeOwners(program: SyntaxNode, aliases: ReadonlyMap<string, string>): Set<string> {
  const names = new Set<string>();
  for (const statement of program.namedChildren) {
    if (statement?.type !== 'expression_statement') continue;
    let assignment = statement.namedChild(0);
    // `Foo.prototype.a = Foo.prototype.b = function …`: every target of the chain.
    while (assignment?.type === 'assignment_expression') {
      const left = assignment.childForFieldName('left');
      let object = left?.type === 'member_expression' ? left.childForFieldName('object') : null;
      if (object?.type === 'member_expression' && object.childForFieldName('property')?.text === 'prototype') {
        object = object.childForFieldName('object');
      } else if (object?.type === 'identifier' && aliases.has(object.text)) {
        names.add(aliases.get(object.text)!);
        object = null;
      } else if (left?.type !== 'member_expression' || left.childForFieldName('property')?.text !== 'prototype') {
        object = null;
      }
      if (object?.type === 'identifier') names.add(object.text);
      assignment = assignment.childForFieldName('right');
    }
  }
  return names;
}
