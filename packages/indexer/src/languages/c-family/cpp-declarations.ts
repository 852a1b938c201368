/** C++ declarations: namespaces, `using` and aliases, functions and methods with their parameters, test fixtures (Catch2, GoogleTest), declarations, typedefs, enums, classes and their members. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import type { Declaration } from '../../model/extraction.js';
import { positionOf, type BoundValue, type Scope } from '../../extraction/core/scopes.js';
import type { NodeRule } from '../../extraction/core/syntax-walk.js';
import { declaratorName, functionDeclarator, hasStorageClass, isTagged, optInMacro, visitMacro } from './c-syntax.js';
import { docCommentOf, signatureOf, type CContext } from './file-state.js';
import { type CppWalk, iteratorType, nameParts, pairHalfType, specializationArguments, typeRefOf, valueType } from './cpp-types.js';
import { stateAliased, visitAlias } from './cpp-namespaces.js';
import { platformVariant } from './platform-branches.js';
import { declaredWrittenType, pointerDepth, referenceSuffix, stateWrittenType } from './cpp-arguments.js';

type Rule = NodeRule<CContext>;

export const block: Rule = { opensScope: { kind: 'block' } };

/**
 * Each parameter's type as written, for overload selection. Parameters with default values make the
 * arity a range: they are listed like the others, and `required` counts those before the first
 * default, so a call with fewer arguments still fits (`requiredParameters`), and a prototype with
 * defaults has as many parameters as the definition written without them.
 */
interface ParameterList { types: string[]; variadic: boolean; required?: number; typeParameters?: string[] }

/**
 * `template` written before each parameter type of a function template: deduction and SFINAE (`IsContainerTest(int)`
 * beside `IsContainerTest(long)`, one removed for most type arguments) decide which template runs, so its parameter
 * types never tell overloads apart (cpp-arguments.ts fits them `unknown`); their count still does.
 */
const TEMPLATE_PARAMETER = 'template ';

function parameterTypesOf(list: SyntaxNode | null, inTemplate = false, node?: SyntaxNode): ParameterList | null {
  const parameters = writtenParameterTypes(list);
  if (!parameters || !inTemplate) return parameters;
  const deduced = node ? deducedParameters(node, list) : undefined;
  if (deduced) return { ...parameters, types: parameters.types.map((t, i) => (deduced.at[i] ? DEDUCED_PARAMETER + t : t)), typeParameters: deduced.names };
  return { ...parameters, types: parameters.types.map((t) => (t === '...' ? t : TEMPLATE_PARAMETER + t)) };
}

/**
 * `deduced ` written before a parameter a plain function template deduces its type parameter from (`T expected`,
 * `const T& found`): an argument of a built-in type fits it exactly (cpp-arguments.ts), and arguments deducing one
 * type parameter as two different types leave the template out.
 */
const DEDUCED_PARAMETER = 'deduced ';

/**
 * A function template whose every type parameter (`typename T`, `class T`, no default, no pack, no value parameter) is a
 * parameter's whole type, by value or by `const&`, and nothing in its head selects it away (`enable_if`, `requires`,
 * `decltype`): which parameters deduce (their other parameters are ordinary ones, weighed as written) and the type
 * parameters' names. Undefined for any other template.
 */
function deducedParameters(node: SyntaxNode, list: SyntaxNode | null): { at: boolean[]; names: string[] } | undefined {
  const template = node.parent;
  if (template?.type !== 'template_declaration' || !list) return undefined;
  const names: string[] = [];
  for (const parameter of template.childForFieldName('parameters')?.namedChildren ?? []) {
    if (!parameter || parameter.type === 'comment') continue;
    if (parameter.type !== 'type_parameter_declaration') return undefined;
    const name = parameter.namedChildren.find((c) => c?.type === 'type_identifier');
    if (!name) return undefined;
    names.push(name.text);
  }
  const head = node.text.slice(0, (node.childForFieldName('body')?.startIndex ?? node.endIndex) - node.startIndex);
  if (names.length === 0 || /(?:enable_if\w*|requires|decltype|void_t)/.test(head)) return undefined;
  const at: boolean[] = [];
  const deducing = new Set<string>();
  for (const parameter of list.namedChildren) {
    if (!parameter || parameter.type === 'comment') continue;
    if (parameter.type !== 'parameter_declaration' && parameter.type !== 'optional_parameter_declaration') return undefined;
    const type = parameter.childForFieldName('type');
    const declarator = parameter.childForFieldName('declarator');
    const written = type?.text.replace(/\s+/g, '') ?? '';
    const mentions = names.filter((name) => new RegExp(`\\b${name}\\b`).test(parameter.text.replace(/=.*$/s, '')));
    if (mentions.length === 0) { at.push(false); continue; }
    const constant = parameter.children.some((c) => c?.type === 'type_qualifier' && c.text === 'const');
    const reference = referenceSuffix(declarator);
    const whole = type?.type === 'type_identifier' && names.includes(written) && pointerDepth(declarator) === 0
      && parameter.type === 'parameter_declaration' && (reference === '' || (reference === '&' && constant));
    // A parameter naming a type parameter otherwise (`std::vector<T>&`, `T*`): deduction this does not follow.
    if (!whole) return undefined;
    deducing.add(written);
    at.push(true);
  }
  return names.every((name) => deducing.has(name)) ? { at, names } : undefined;
}

/** Whether a function definition or member declaration is a template's (`template <class C> int f(C c)`). */
function isTemplated(node: SyntaxNode): boolean {
  return node.parent?.type === 'template_declaration';
}

/**
 * The type a function returns as written: `auto f() -> Foo` states it after the parameters (a trailing return type),
 * `auto` in front standing for it; any other `auto` result (deduced from the body) states nothing.
 */
function resultTypeNode(type: SyntaxNode | null | undefined, fn: SyntaxNode | null | undefined): SyntaxNode | null | undefined {
  if (type?.type !== 'placeholder_type_specifier' || !fn) return type;
  const trailing = fn.namedChildren.find((c) => c?.type === 'trailing_return_type');
  const descriptor = trailing?.namedChildren.find((c) => c?.type === 'type_descriptor');
  // `-> const Foo&`, `-> Foo*`: the declarator's pointers and references leave the type a Foo.
  return descriptor?.childForFieldName('type') ?? type;
}

/** `T&& value() &&`: a member function callable only on a temporary. */
/** `size() const`: the member's receiver is read-only. */
function constQualified(fn: SyntaxNode | null | undefined): boolean {
  return fn?.children.some((c) => c?.type === 'type_qualifier' && c.text === 'const') === true;
}

function rvalueQualified(fn: SyntaxNode | null | undefined): boolean {
  return fn?.children.some((c) => c?.type === 'ref_qualifier' && c.text === '&&') === true;
}

function writtenParameterTypes(list: SyntaxNode | null): ParameterList | null {
  const types: string[] = [];
  let variadic = false;
  let required: number | undefined;
  for (const parameter of list?.namedChildren ?? []) {
    if (!parameter || parameter.type === 'comment') continue;
    if (parameter.type === 'variadic_parameter_declaration' || parameter.type === 'variadic_parameter') {
      variadic = true;
      types.push('...');
      continue;
    }
    // `const char* s`, `Body&& b`: the declarator's pointers and reference are the parameter's type too (overloads on
    // `char*` and `char`, on `Body&&` and `const Body&`).
    const stars = '*'.repeat(pointerDepth(parameter.childForFieldName('declarator'))) + referenceSuffix(parameter.childForFieldName('declarator'));
    if (parameter.type === 'optional_parameter_declaration') {
      required ??= types.length;
      const written = parameter.childForFieldName('type')?.text.replace(/\s+/g, '');
      types.push(written !== undefined ? written + stars : '?');
      continue;
    }
    if (parameter.type !== 'parameter_declaration') continue;
    const type = parameter.childForFieldName('type');
    // `f(void)` takes nothing.
    if (type?.type === 'primitive_type' && type.text === 'void' && !parameter.childForFieldName('declarator')) continue;
    types.push(type ? type.text.replace(/\s+/g, '') + stars : '?');
  }
  if (list?.children.some((c) => c?.type === '...')) {
    variadic = true;
    types.push('...');
  }
  return { types, variadic, ...(required !== undefined ? { required } : {}) };
}

/**
 * States a function's parameter types on its declaration, an empty list too (the builder leaves empty
 * lists out): `f()` takes no argument, which overload selection must know to tell `f()` from `f(x)`,
 * and two definitions of `f()` (per-platform files) from one.
 */
function stateParameters(ctx: CContext, id: number, parameters: ParameterList | null): void {
  if (!parameters) return;
  const declaration = ctx.file.builder.declarations[id];
  declaration.parameterTypes = parameters.types;
  if (parameters.required !== undefined) declaration.requiredParameters = parameters.required;
  if (parameters.typeParameters) declaration.typeParameters = parameters.typeParameters;
}

/** `Declaration.writtenType`: the result or value type as arguments are compared (cpp-arguments.ts). */
function stateWrittenResult(declaration: Declaration, type: SyntaxNode | null | undefined, declarator: SyntaxNode | null | undefined, functions: number): void {
  const written = declaredWrittenType(type, declarator, functions);
  if (written !== undefined) declaration.writtenType = written;
}

export function bindTypedParameters(list: SyntaxNode | null, scope: Scope): void {
  for (const parameter of list?.namedChildren ?? []) {
    if (parameter?.type !== 'parameter_declaration' && parameter?.type !== 'optional_parameter_declaration') continue;
    const name = declaratorName(parameter.childForFieldName('declarator'));
    if (!name) continue;
    const type = typeRefOf(parameter.childForFieldName('type'));
    scope.bind(name.text, 'parameter', undefined, { type, scope });
    stateWrittenType(scope, name.text, parameter.childForFieldName('type'), parameter.childForFieldName('declarator'));
  }
}

// ---------------------------------------------------------------------------------------------
// Declarations

function fileLocalDetails(ctx: CContext, isStatic: boolean): { isStatic?: boolean; isExported?: boolean; visibility?: 'private' } {
  const local = isStatic || Boolean(ctx.fileLocal);
  return { isStatic: isStatic || undefined, isExported: !local || undefined, visibility: local ? 'private' : undefined };
}

/**
 * A function definition: at namespace level a `function`, or — written `Foo::bar` — a `method` of
 * Foo declared where it stands (`memberOf`); in a class body a `method` of that class.
 */
export function visitFunction(node: SyntaxNode, ctx: CContext, walk: CppWalk, owner: number | null = null, access?: string, friend = false): void {
  const file = ctx.file;
  const declarator = node.childForFieldName('declarator');
  const fn = functionDeclarator(declarator) ?? findFunctionDeclarator(declarator);
  const body = node.childForFieldName('body');
  const inner = fn?.childForFieldName('declarator') ?? null;
  const parts = nameParts(inner) ?? (declarator?.type === 'parenthesized_declarator' ? nameParts(declaratorName(declarator)) : null)
    ?? conversionName(declarator);
  if (!parts || parts.length === 0) {
    walk.push(body, ctx);
    return;
  }
  let name = parts[parts.length - 1];
  let scopeParts = parts.slice(0, -1);
  let parameters = parameterTypesOf(fn?.childForFieldName('parameters') ?? null, isTemplated(node), node);
  // GoogleTest: `TEST_F(Fixture, Name) { … }` is the body of class `Fixture_Name_Test`, a subclass of
  // Fixture (its bare calls mean Fixture's members); `TEST(Suite, Name)` of `Suite_Name_Test`. Known by
  // that generated name: the test's own name may be the name of the function it tests.
  const test = owner === null && !node.childForFieldName('type') ? gtestHead(fn) : undefined;
  if (test) {
    name = test.name;
    scopeParts = test.fixture ? [test.fixture] : [];
    parameters = { types: [], variadic: false };
  }
  // A friend defined in the class has the class's names in scope but no `this`: a static member, as far as its body's
  // lookups go (a bare call finds the class's static members, never an instance member).
  const isStatic = friend || hasStorageClass(node, 'static');
  const outOfLine = owner === null && scopeParts.length > 0;
  const kind: NodeKind = owner !== null || outOfLine ? 'method' : 'function';
  // C++ has no nested functions: a definition inside a function's body is the grammar's recovery from a macro
  // it could not read (`#define` inside a test body); it stands where the function around it does (its namespace).
  const around = owner === null && ctx.parentDecl === null && ctx.enclosing !== null ? file.builder.declarations[ctx.enclosing].parent : null;
  const written = around !== null && file.builder.declarations[around].kind === 'namespace' ? around : ctx.parentDecl;
  const id = file.builder.declare(kind, name, owner ?? written, node, {
    signature: signatureOf(node, body),
    docstring: docCommentOf(node),
    ...(owner === null && !outOfLine ? fileLocalDetails(ctx, isStatic || file.staticFunctions.has(name)) : { isStatic: isStatic || undefined }),
    visibility: owner !== null ? visibilityOf(access) : undefined,
    memberOf: outOfLine ? { kind: 'named', chain: scopeParts } : undefined,
    parameterTypes: parameters?.types,
    variadic: parameters?.variadic || undefined,
  });
  stateParameters(ctx, id, parameters);
  stateWrittenResult(file.builder.declarations[id], node.childForFieldName('type'), declarator, 1);
  if (rvalueQualified(fn)) file.builder.declarations[id].temporaryReceiverOnly = true;
  if (constQualified(fn)) file.builder.declarations[id].readOnlyReceiver = true;
  if (outOfLine) file.builder.declarations[id].qualifiedName = parts.join('::');
  // `#ifdef MYLIB_USE_UNICODE` … `#else` twins: the one a default build compiles is meant when both fit.
  const variant = optInMacro(node) ?? platformVariant(node);
  if (variant !== undefined) file.builder.declarations[id].buildVariant = variant;
  file.facts.stateType(id, 'returnType', typeRefOf(resultTypeNode(node.childForFieldName('type'), fn)), ctx.scope);
  const scope = ctx.scope.open('function');
  bindTypedParameters(fn?.childForFieldName('parameters') ?? null, scope);
  const bodyCtx: CContext = { file, scope, parentDecl: null, enclosing: id };
  // A constructor's member initialisers (`: base_(x), Base(y)`) are its code.
  for (const child of node.namedChildren) if (child?.type === 'field_initializer_list') walk.push(child, bodyCtx);
  // `auto parse(context& ctx) -> decltype(ctx.begin())`: the trailing return type sees the parameters.
  const trailing = fn?.namedChildren.find((c) => c?.type === 'trailing_return_type')?.namedChildren[0]?.childForFieldName('type');
  if (trailing?.type === 'decltype') walk.push(trailing, bodyCtx);
  walk.push(body, bodyCtx);
}

/**
 * Catch2 fixture tests: `TEST_CASE_METHOD(Fixture, "name", "[tags]") { … }` reads as a call statement
 * then a block at namespace level. The macro makes the block the body of a method of a subclass of
 * Fixture, so a bare `run()` in it means Fixture's `run`.
 */
const CATCH_FIXTURE_MACROS = new Set(['TEST_CASE_METHOD', 'TEMPLATE_TEST_CASE_METHOD', 'TEMPLATE_PRODUCT_TEST_CASE_METHOD', 'METHOD_AS_TEST_CASE']);

/** The fixture class and the test name when `block` is the body of a Catch2 fixture test; else undefined. */
export function catchFixtureHead(block: SyntaxNode): { fixture: string; name: string } | undefined {
  const parent = block.parent;
  if (!parent || !(['translation_unit', 'declaration_list'].includes(parent.type) || parent.type.startsWith('preproc_'))) return undefined;
  const head = block.previousNamedSibling;
  const call = head?.type === 'expression_statement' ? head.namedChildren[0] : null;
  if (call?.type !== 'call_expression') return undefined;
  const macro = call.childForFieldName('function');
  if (macro?.type !== 'identifier' || !CATCH_FIXTURE_MACROS.has(macro.text)) return undefined;
  const args = call.childForFieldName('arguments')?.namedChildren ?? [];
  const fixture = args[0];
  if (fixture?.type !== 'identifier') return undefined;
  const title = args.find((a) => a?.type === 'string_literal')?.text.slice(1, -1) ?? '';
  return { fixture: fixture.text, name: `${fixture.text}_${title.replace(/\W+/g, '_')}_${block.startPosition.row + 1}_Test` };
}

/** The block of a Catch2 fixture test, as a method of its fixture declared where it stands (as gtest's `TEST_F`). */
export function visitFixtureBody(block: SyntaxNode, head: { fixture: string; name: string }, ctx: CContext, walk: CppWalk): void {
  const file = ctx.file;
  const id = file.builder.declare('method', head.name, ctx.parentDecl, block, {
    signature: block.previousNamedSibling?.text.replace(/\s+/g, ' ').slice(0, 200),
    memberOf: { kind: 'named', chain: [head.fixture] },
  });
  stateParameters(ctx, id, { types: [], variadic: false });
  file.builder.declarations[id].qualifiedName = `${head.fixture}::${head.name}`;
  walk.descend(block, { file, scope: ctx.scope, parentDecl: null, enclosing: id });
}

const GTEST_FIXTURE_MACROS = new Set(['TEST_F', 'TEST_P', 'TYPED_TEST', 'TYPED_TEST_P']);

/** `TEST_F(Fixture, Name)` → `Fixture_Name_Test` of Fixture; `TEST(Suite, Name)` → `Suite_Name_Test`; else undefined. */
function gtestHead(fn: SyntaxNode | null): { name: string; fixture?: string } | undefined {
  const macro = fn?.childForFieldName('declarator');
  if (macro?.type !== 'identifier' || (macro.text !== 'TEST' && !GTEST_FIXTURE_MACROS.has(macro.text))) return undefined;
  const names = (fn!.childForFieldName('parameters')?.namedChildren ?? [])
    .map((p) => (p?.type === 'parameter_declaration' && !p.childForFieldName('declarator') ? p.childForFieldName('type') : null));
  if (names.length !== 2 || names.some((n) => n?.type !== 'type_identifier')) return undefined;
  return { name: `${names[0]!.text}_${names[1]!.text}_Test`, fixture: GTEST_FIXTURE_MACROS.has(macro.text) ? names[0]!.text : undefined };
}

/**
 * `auto f() -> T`, `T (Foo::*f)()` aside: the function declarator anywhere below (a trailing return type wraps
 * it; a `T& Foo::f()` returning a reference has it under a reference declarator, which names no field).
 */
/**
 * `operator const T&() const { … }`, `A::operator bool() const { … }`: a conversion function, named `operator T` (no
 * declarator names it); its scope parts when written out of line.
 */
function conversionName(declarator: SyntaxNode | null): string[] | null {
  const scope: string[] = [];
  let node = declarator;
  while (node?.type === 'qualified_identifier') {
    const part = nameParts(node.childForFieldName('scope'));
    if (!part) return null;
    scope.push(...part);
    node = node.childForFieldName('name');
  }
  if (node?.type !== 'operator_cast') return null;
  // The text before the abstract declarator (`()`, `&()`): `operator const int`, `operator bool`.
  const after = node.childForFieldName('declarator');
  const written = after ? node.text.slice(0, after.startIndex - node.startIndex) : node.text;
  return [...scope, written.replace(/\s+/g, ' ').trim()];
}

function findFunctionDeclarator(node: SyntaxNode | null): SyntaxNode | null {
  for (let current = node; current; ) {
    if (current.type === 'function_declarator') return current;
    current = current.childForFieldName('declarator')
      ?? (current.type === 'reference_declarator' ? current.namedChildren.find((c) => c !== null && c.type.endsWith('declarator')) ?? null : null);
  }
  return null;
}

/** `int operator()(int v);`, `T& operator=(const T&);` in a class: an operator member's function declarator (its name is no identifier). */
function operatorDeclarator(node: SyntaxNode): SyntaxNode | null {
  const fn = findFunctionDeclarator(node);
  return fn?.childForFieldName('declarator')?.type === 'operator_name' ? fn : null;
}

function visibilityOf(access: string | undefined): 'public' | 'private' | 'protected' | undefined {
  return access === 'public' || access === 'private' || access === 'protected' ? access : undefined;
}

const MODULE_KEYWORDS = new Set(['import', 'module']);

/** Namespace-level declarations (prototypes, variables) and locals, as in C, with C++'s stated types. */
export function visitDeclaration(node: SyntaxNode, ctx: CContext, walk: CppWalk): void {
  const file = ctx.file;
  const type = node.childForFieldName('type');
  const fileLevel = ctx.scope.fileLevel;
  // `import argparse;`, `module foo;` (C++20 modules, often beside the `#include` they replace): the grammar reads a
  // variable of type `import`, whose name would then hide the namespace of that name (`argparse::ArgumentParser`).
  if (fileLevel && type?.type === 'type_identifier' && MODULE_KEYWORDS.has(type.text)) return;
  if (type && (isTagged(type) || type.type === 'class_specifier')) {
    if (type.type === 'enum_specifier') {
      if (fileLevel) visitEnum(type, ctx);
    } else {
      visitClass(type, ctx, walk);
    }
  }
  const isStatic = hasStorageClass(node, 'static');
  const isExtern = hasStorageClass(node, 'extern');
  const stated = typeRefOf(type);
  for (const declarator of node.childrenForFieldName('declarator')) {
    if (!declarator) continue;
    const fn = functionDeclarator(declarator);
    const value = declarator.type === 'init_declarator' ? declarator.childForFieldName('value') : null;
    if (fn) {
      if (!fileLevel) {
        const local = constructedLocal(declarator, fn, ctx) ?? constructedFromCalls(declarator, fn, ctx);
        if (local) ctx.scope.bind(local.text, 'local', undefined, stated ? { type: stated, scope: ctx.scope } : undefined, positionOf(local));
        continue;
      }
      const parts = nameParts(fn.childForFieldName('declarator'));
      if (!parts || parts.length !== 1) continue; // `Foo::Foo();` outside a class: a redeclaration
      const name = parts[0];
      if (isStatic) file.staticFunctions.add(name);
      const parameters = parameterTypesOf(fn.childForFieldName('parameters'), isTemplated(node), node);
      const id = file.builder.declare('function', name, ctx.parentDecl, node, {
        signature: signatureOf(node, null),
        docstring: docCommentOf(node),
        ...fileLocalDetails(ctx, isStatic || file.staticFunctions.has(name)),
        definedElsewhere: true,
        parameterTypes: parameters?.types,
        variadic: parameters?.variadic || undefined,
      });
      stateParameters(ctx, id, parameters);
      stateWrittenResult(file.builder.declarations[id], type, declarator, 1);
      file.facts.stateType(id, 'returnType', typeRefOf(resultTypeNode(type, fn)), ctx.scope);
      continue;
    }
    const nameNode = declaratorName(declarator);
    if (!nameNode) continue;
    const name = nameNode.text;
    // `Foo x(1);`, `Foo x{1};`, `Foo* p = new Foo;`, `auto x = Foo(…)`: the stated type, else the value's.
    const valueRef = stated ?? pairHalfType(value, ctx.scope) ?? iteratorType(value) ?? valueType(value);
    if (fileLevel) {
      const id = file.builder.declare('variable', name, ctx.parentDecl, declarator, {
        signature: signatureOf(node, null),
        docstring: docCommentOf(node),
        ...fileLocalDetails(ctx, isStatic),
        definedElsewhere: isExtern && !value ? true : undefined,
      });
      stateWrittenResult(file.builder.declarations[id], type, declarator, 0);
      file.facts.stateType(id, 'valueType', valueRef, ctx.scope);
      walk.push(value, ctx);
      continue;
    }
    walk.push(value, ctx);
    for (const child of declarator.namedChildren) if (child?.type === 'argument_list' || child?.type === 'initializer_list') walk.push(child, ctx);
    const bound: BoundValue | undefined = valueRef ? { type: valueRef, scope: ctx.scope } : undefined;
    ctx.scope.bind(name, 'local', undefined, bound, positionOf(nameNode));
    stateWrittenType(ctx.scope, name, type, declarator);
  }
}

/**
 * `StringBuilder builder(buffer, size);` in a body: the grammar reads a function prototype whose parameter
 * types are `buffer` and `size` (it cannot know they are values). When one of those names is a local, a
 * parameter, or a variable, constant or enumerator the file declared before, it names no type, so the statement
 * declares a variable constructed from them: its name.
 */
function constructedLocal(declarator: SyntaxNode, fn: SyntaxNode, ctx: CContext): SyntaxNode | null {
  const target = declarator.type === 'reference_declarator' ? declarator.namedChildren[0] : declarator;
  const name = fn.childForFieldName('declarator');
  if (target?.id !== fn.id || name?.type !== 'identifier') return null;
  const parameters = fn.childForFieldName('parameters')?.namedChildren.filter((p) => p !== null && p.type !== 'comment') ?? [];
  // `sizeof(buf)` reads as a parameter of type `sizeof` returning a function: the keyword is never a type.
  const isSizeof = (p: SyntaxNode) => p.type === 'parameter_declaration' && p.childForFieldName('type')?.text === 'sizeof'
    && p.childForFieldName('declarator')?.type === 'abstract_function_declarator';
  const values = parameters.map((p) => (p!.type === 'parameter_declaration' && (!p!.childForFieldName('declarator') || isSizeof(p!)) ? p!.childForFieldName('type') : null));
  if (values.length === 0 || values.some((type) => type?.type !== 'type_identifier')) return null;
  return values.some((type) => type!.text === 'sizeof' || ctx.scope.classify(type!.text, false, positionOf(type!)).locallyBound || isFileValue(ctx, type!.text)) ? name : null;
}

/**
 * `xml_node n(impl::allocate_node(alloc, type_));`, `value_type entry(key, nullSingleton());` in a function body: the
 * grammar reads a local constructed from calls as a function's prototype, each call a parameter whose type is the callee
 * and whose declarator lists the call's arguments (`impl::allocate_node` taking `(alloc, type_)`). Where one of the names
 * it would read as a type is a local, a parameter or a value the file declared, no prototype can be meant: each such
 * parameter is the call it reads like (its sites recorded here, their arguments counted), and the name is the local.
 */
function constructedFromCalls(declarator: SyntaxNode, fn: SyntaxNode, ctx: CContext): SyntaxNode | null {
  const target = declarator.type === 'reference_declarator' ? declarator.namedChildren[0] : declarator;
  const name = fn.childForFieldName('declarator');
  if (target?.id !== fn.id || name?.type !== 'identifier') return null;
  const isValue = (node: SyntaxNode | null | undefined) => node?.type === 'type_identifier'
    && (ctx.scope.classify(node.text, false, positionOf(node)).locallyBound || isFileValue(ctx, node.text));
  const listed = (list: SyntaxNode | null | undefined) => list?.namedChildren.filter((p): p is SyntaxNode => p !== null && p.type !== 'comment') ?? [];
  const calls: Array<{ at: SyntaxNode; callee: SyntaxNode; count: number }> = [];
  let proven = false;
  for (const parameter of listed(fn.childForFieldName('parameters'))) {
    if (parameter.type !== 'parameter_declaration') return null;
    const type = parameter.childForFieldName('type');
    const inner = parameter.childForFieldName('declarator');
    if (!inner) {
      proven ||= isValue(type);
      continue;
    }
    if (inner.type !== 'abstract_function_declarator' || inner.childForFieldName('declarator')) return null;
    const args = listed(inner.childForFieldName('parameters'));
    if (!args.every((arg) => arg.type === 'parameter_declaration' && !arg.childForFieldName('declarator') && arg.childForFieldName('type')?.type === 'type_identifier')) return null;
    proven ||= args.some((arg) => isValue(arg.childForFieldName('type')));
    if (type && (type.type === 'type_identifier' || type.type === 'qualified_identifier') && type.text !== 'sizeof') calls.push({ at: parameter, callee: type, count: args.length });
  }
  if (!proven || calls.length === 0) return null;
  for (const { at, callee, count } of calls) {
    const parts = nameParts(callee);
    if (!parts || parts[0] === 'std') continue;
    const site = ctx.file.facts.addSite('calls', { name: parts[parts.length - 1], receiver: parts.slice(0, -1) }, ctx.enclosing, at, ctx.scope);
    site.argumentTypes = Array.from({ length: count }, () => null);
  }
  return name;
}

/** A variable, constant, macro constant or enumerator the file declared before: a value, never a type. */
function isFileValue(ctx: CContext, name: string): boolean {
  return ctx.file.builder.declarations.some((d) => d.name === name && (d.kind === 'variable' || d.kind === 'constant' || d.kind === 'enum_member'));
}

export function visitTypedef(node: SyntaxNode, ctx: CContext, walk?: CppWalk): void {
  if (!ctx.scope.fileLevel) return;
  const type = node.childForFieldName('type');
  if (type && (type.type === 'class_specifier' || type.type === 'struct_specifier' || type.type === 'union_specifier') && walk) visitClass(type, ctx, walk);
  if (type?.type === 'enum_specifier') visitEnum(type, ctx);
  for (const declarator of node.childrenForFieldName('declarator')) {
    const name = declaratorName(declarator);
    if (!name || name.text === type?.childForFieldName('name')?.text) continue;
    const id = ctx.file.builder.declare('type_alias', name.text, ctx.owner ?? ctx.parentDecl, node, {
      signature: node.text.replace(/\s+/g, ' ').slice(0, 200), docstring: docCommentOf(node), isExported: true,
    });
    // `typedef std::shared_ptr<App> App_p;` (not `typedef App *AppPtr;`: a pointer declarator is left alone).
    if (declarator?.type === 'type_identifier') stateAliased(ctx, id, type);
  }
}

export function visitEnum(node: SyntaxNode, ctx: CContext): void {
  const body = node.childForFieldName('body');
  if (!body || !ctx.scope.fileLevel) return;
  const name = node.childForFieldName('name')?.text ?? '<anonymous>';
  const builder = ctx.file.builder;
  const id = builder.declare('enum', name, ctx.owner ?? ctx.parentDecl, node, {
    signature: signatureOf(node, body), docstring: docCommentOf(node), isExported: true,
  });
  for (const enumerator of body.namedChildren) {
    const member = enumerator?.type === 'enumerator' ? enumerator.childForFieldName('name') : null;
    if (!member) continue;
    const constant = builder.declare('enum_member', member.text, id, enumerator!, { signature: enumerator!.text.replace(/\s+/g, ' ') });
    // An enumerator passed as an argument is of its enum's type.
    if (name !== '<anonymous>') builder.declarations[constant].writtenType = name;
  }
}

/** A class, struct or union with a body: its members, its bases (`extends` sites), its methods' bodies. */
export function visitClass(node: SyntaxNode, ctx: CContext, walk: CppWalk): void {
  const body = node.childForFieldName('body');
  if (!body) return;
  // A class local to a function (a callback's `struct Reporter : Base { … }`) is declared inside it.
  if (!ctx.scope.fileLevel) ctx = { ...ctx, owner: ctx.owner ?? ctx.enclosing };
  const nameNode = node.childForFieldName('name');
  const written = nameParts(nameNode);
  const name = written ? written[written.length - 1] : '<anonymous>';
  const kind: NodeKind = node.type === 'class_specifier' ? 'class' : 'struct';
  // A specialization (`template <typename C> struct formatter<double, C> { … }`) is a class of its own, named with its
  // arguments: the template's name means the primary template, never one specialization's members. Where the primary
  // template beside it is only declared (`template <typename F> class Action;` then `class Action<R(Args...)> { … }`),
  // the specialization is the template's one body and takes its name.
  // `struct fmt::formatter<Color, C>`, specialized from outside its namespace, is as much a specialization.
  const lastName = innermostName(nameNode);
  const declared = lastName?.type === 'template_type' && !onlyBodyOfTemplate(node, name) ? `${name}${specializationArguments(lastName)}` : name;
  const id = ctx.file.builder.declare(kind, declared, ctx.owner ?? ctx.parentDecl, node, {
    signature: signatureOf(node, body),
    docstring: docCommentOf(node.parent?.type === 'template_declaration' ? node.parent : node),
    isExported: !ctx.fileLocal || undefined,
    visibility: ctx.fileLocal ? 'private' : undefined,
    typeParameters: templateParameters(node.parent),
  });
  // `class Regexp::ParseState { … }`, `struct Foo::Impl { … }`: a nested class defined outside its class's body joins
  // that class as its out-of-line members do (where the qualifier is a namespace, it names no class and nothing joins).
  const scope = written && written.length > 1 && lastName?.type !== 'template_type' ? written.slice(0, -1) : undefined;
  if (scope && scope[0] !== 'std') ctx.file.builder.declarations[id].memberOf = { kind: 'named', chain: scope };
  for (const child of node.namedChildren) {
    if (child?.type !== 'base_class_clause') continue;
    for (const base of child.namedChildren) {
      const chain = base ? nameParts(base) : null;
      if (!chain || !base) continue;
      ctx.file.facts.addSite('extends', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, id, base, ctx.scope);
    }
  }
  const memberCtx: CContext = { ...ctx, owner: id };
  visitMembers(body, memberCtx, walk, node.type === 'class_specifier' ? 'private' : 'public', name);
}

/**
 * Whether the specialization `node` of template `name` is its only body in this block: the block declares the primary
 * template without one (a forward declaration) and specializes it no other time.
 */
function onlyBodyOfTemplate(node: SyntaxNode, name: string): boolean {
  const block = node.parent?.type === 'template_declaration' ? node.parent.parent : null;
  if (!block || !matchesEveryInstantiation(node)) return false;
  let forward = false;
  let bodies = 0;
  for (const item of block.namedChildren) {
    const declared = item?.type === 'template_declaration' ? item.namedChildren.find((c) => c?.type === 'class_specifier' || c?.type === 'struct_specifier') : undefined;
    const written = declared?.childForFieldName('name');
    if (!declared || !written) continue;
    const template = written.type === 'template_type' ? written.childForFieldName('name')?.text : written.text;
    if (template !== name) continue;
    if (declared.childForFieldName('body')) bodies++;
    else if (written.type === 'type_identifier') forward = true;
  }
  return forward && bodies === 1;
}

/**
 * Whether a specialization's argument list could be any instantiation's: every argument is written with the
 * specialization's own parameters (`Action<R(Args...)>`, `formatter<T, C, enable_if_t<…>>`). A full specialization
 * (`traits<int>`), or one pinning an argument to a type (`formatter<int, C>`), is the body of those arguments alone:
 * the template's name (`traits<double>::id()`) never means it.
 */
function matchesEveryInstantiation(node: SyntaxNode): boolean {
  const parameters = templateParameters(node.parent);
  const args = innermostName(node.childForFieldName('name'))?.childForFieldName('arguments');
  if (!parameters?.length || !args) return false;
  return args.namedChildren.every((arg) => arg !== null && parameters.some((p) => new RegExp(`\\b${p}\\b`).test(arg.text)));
}

/** The last name of a qualified one (`formatter<Color, C>` of `fmt::formatter<Color, C>`). */
function innermostName(node: SyntaxNode | null): SyntaxNode | null {
  while (node?.type === 'qualified_identifier') node = node.childForFieldName('name');
  return node;
}

function templateParameters(node: SyntaxNode | null): string[] | undefined {
  if (node?.type !== 'template_declaration') return undefined;
  const names: string[] = [];
  for (const parameter of node.childForFieldName('parameters')?.namedChildren ?? []) {
    const name = parameter?.namedChildren.find((c) => c?.type === 'type_identifier' || c?.type === 'identifier');
    if (name) names.push(name.text);
  }
  return names;
}

function visitMembers(body: SyntaxNode, ctx: CContext, walk: CppWalk, defaultAccess: string, className: string): void {
  let access = defaultAccess;
  const owner = ctx.owner!;
  const builder = ctx.file.builder;
  for (let member of body.namedChildren) {
    if (!member) continue;
    if (member.type === 'access_specifier') {
      access = member.text.replace(/\s|:/g, '');
      continue;
    }
    if (member.type === 'template_declaration') {
      member = member.namedChildren.find((c) => c !== null && c.type !== 'template_parameter_list') ?? null;
      if (!member) continue;
    }
    if (member.type.startsWith('preproc_if') || member.type === 'preproc_else' || member.type === 'preproc_elif') {
      visitMembers(member, ctx, walk, access, className);
      continue;
    }
    switch (member.type) {
      case 'function_definition':
        visitFunction(member, ctx, walk, owner, access);
        break;
      case 'friend_declaration': {
        // `friend bool operator==(const T& a, const T& b) { … }`, `friend int compare(…) { … }`: a function defined in the
        // class body, its code as much the class's as a member's. `friend class X;` and friend prototypes declare nothing here.
        const definition = member.namedChildren.find((c) => c?.type === 'function_definition');
        if (definition) visitFunction(definition, ctx, walk, owner, 'public', true);
        break;
      }
      case 'field_declaration':
      case 'declaration': {
        const type = member.childForFieldName('type');
        if (type && (type.type === 'class_specifier' || type.type === 'struct_specifier' || type.type === 'union_specifier')) visitClass(type, ctx, walk);
        if (type?.type === 'enum_specifier') visitEnum(type, ctx);
        const isStatic = hasStorageClass(member, 'static');
        const pure = member.childForFieldName('default_value')?.text === '0' || /=\s*0\s*;?\s*$/.test(member.text);
        for (const declarator of member.childrenForFieldName('declarator')) {
          if (!declarator) continue;
          const fn = functionDeclarator(declarator) ?? operatorDeclarator(declarator);
          if (fn) {
            const parts = nameParts(fn.childForFieldName('declarator'));
            if (!parts) continue;
            const name = parts[parts.length - 1];
            const parameters = parameterTypesOf(fn.childForFieldName('parameters'), isTemplated(member), member);
            const deleted = /=\s*(delete|default)\s*;?\s*$/.test(member.text);
            const id = builder.declare('method', name, owner, member, {
              signature: signatureOf(member, null),
              docstring: docCommentOf(member),
              visibility: visibilityOf(access),
              isStatic: isStatic || undefined,
              isAbstract: pure || undefined,
              definedElsewhere: !pure && !deleted ? true : undefined,
              parameterTypes: parameters?.types,
              variadic: parameters?.variadic || undefined,
            });
            stateParameters(ctx, id, parameters);
            stateWrittenResult(builder.declarations[id], type, declarator, 1);
            if (rvalueQualified(fn)) builder.declarations[id].temporaryReceiverOnly = true;
            if (constQualified(fn)) builder.declarations[id].readOnlyReceiver = true;
            ctx.file.facts.stateType(id, 'returnType', typeRefOf(resultTypeNode(type, fn)), ctx.scope);
            continue;
          }
          const nameNode = declaratorName(declarator);
          if (!nameNode) continue;
          const id = builder.declare('field', nameNode.text, owner, nameNode, {
            signature: member.text.replace(/\s+/g, ' ').slice(0, 200),
            docstring: docCommentOf(member),
            visibility: visibilityOf(access),
            isStatic: isStatic || undefined,
          });
          stateWrittenResult(builder.declarations[id], type, declarator, 0);
          ctx.file.facts.stateType(id, 'valueType', typeRefOf(type), ctx.scope);
          // `int level = DefaultLevel();`: a default member initialiser is the field's code, run by every constructor.
          const initial = member.childForFieldName('default_value');
          if (initial && !pure) walk.push(initial, { ...ctx, enclosing: id });
        }
        break;
      }
      case 'alias_declaration':
        visitAlias(member, ctx);
        break;
      case 'type_definition':
        visitTypedef(member, ctx, walk);
        break;
      case 'enum_specifier':
        visitEnum(member, ctx);
        break;
      case 'preproc_def':
      case 'preproc_function_def':
        // A `#define` written inside a class body is a macro of the file like any other (the preprocessor knows no classes).
        visitMacro(member, ctx);
        break;
      default:
        break;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Sites
