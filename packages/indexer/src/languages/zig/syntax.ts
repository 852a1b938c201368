/**
 * What Zig's syntax means, as rules for the shared walk (`src/extraction/core/syntax-walk.ts`).
 *
 * Decisions:
 *  - A file is a struct: its container-level `fn`s are `function`s, its `pub` ones exported. A
 *    `const T = struct { … }` is a `struct` (a `union` and an `opaque` too), `enum { … }` an `enum`;
 *    their `fn`s are `method`s (parent: the container), their fields `field`s (an enum's
 *    `enum_member`s). A type function's `return struct { … }` is a `struct` named after the function
 *    and declared beside it, so `Self` inside it has members to find.
 *  - `const x = @import("a.zig")` binds `x` to that file; `const A = @import("a.zig").A` binds `A` to
 *    the file's `A`. Other container-level `const`/`var`s are `constant`/`variable`.
 *  - `test "name" { … }` is a `function` named `test "name"` (never the name of a callable), with the
 *    decorator `test`.
 *  - Sites: `f()`, `a.b.f()`, `x.m()`, `T.init()`, `f().m()`, `T{ … }` (`instantiates`).
 */
import { posix } from 'node:path';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import { endPositionOf, positionOf, type SourcePosition } from '../../extraction/core/scopes.js';
import { handledNode, type NodeRule, type SyntaxRules, type Walk } from '../../extraction/core/syntax-walk.js';
import { selectedForBuild } from './build-selection.js';
import { docCommentOf, isPub, signatureOf, type ZigContext } from './file-state.js';
import { elementsOf, memberTail, nameChain, statedType, typeArgumentsOf, valueType, zigName } from './type-expressions.js';

/** Modules outside the workspace whatever the build says: a constant computed from them names nothing here. */
const OUTSIDE_MODULES = new Set(['std', 'builtin', 'root']);

type ZigWalk = Walk<ZigContext>;
type Rule = NodeRule<ZigContext>;

const LEAF_TYPES = [
  'identifier', 'builtin_identifier', 'builtin_type', 'string', 'string_content', 'multiline_string', 'integer', 'float',
  'character', 'comment', 'escape_sequence', 'pointer_type', 'slice_type', 'array_type', 'error_union_type', 'error_set_declaration',
];

const handled = handledNode<ZigContext>;

/** A statement with a payload (`|x|`): a scope whose captures are visible in all of it. */
const withPayload: Rule = {
  opensScope: { kind: 'block' },
  visit: ({ node, ctx }) => {
    bindPayload(node, ctx);
    return true;
  },
};

const CONTAINERS = new Set(['struct_declaration', 'enum_declaration', 'union_declaration', 'opaque_declaration']);

export const ZIG_SYNTAX: SyntaxRules<ZigContext> = {
  opaque: LEAF_TYPES,
  patternNames: (pattern) => (pattern.type === 'identifier' ? [pattern.text] : []),
  nodes: {
    variable_declaration: handled(visitVariable),
    using_namespace_declaration: handled(visitUsingNamespace),
    function_declaration: handled(visitFunction),
    test_declaration: handled(visitTest),
    container_field: handled(visitField),
    struct_declaration: handled(visitAnonymousContainer),
    enum_declaration: handled(visitAnonymousContainer),
    union_declaration: handled(visitAnonymousContainer),
    opaque_declaration: handled(visitAnonymousContainer),

    block: { opensScope: { kind: 'block' } },
    if_statement: withPayload,
    if_expression: withPayload,
    while_statement: withPayload,
    while_expression: withPayload,
    for_statement: withPayload,
    for_expression: withPayload,
    switch_case: withPayload,
    catch_expression: withPayload,

    call_expression: { visit: ({ node, ctx }) => visitCall(node, ctx) },
    struct_initializer: { visit: ({ node, ctx }) => visitInitializer(node, ctx) },
  },
};

// ---------------------------------------------------------------------------------------------

/** The parts of `[pub] const|var name [: type] [= value];`. */
function variableParts(node: SyntaxNode): {
  name: SyntaxNode | null; type: SyntaxNode | null; value: SyntaxNode | null; isVar: boolean; declares: boolean; target: SyntaxNode | null;
} {
  let name: SyntaxNode | null = null;
  let value: SyntaxNode | null = null;
  let afterEquals = false;
  let isVar = false;
  let declares = false;
  const type = node.childForFieldName('type');
  for (const child of node.children) {
    if (!child) continue;
    if (child.type === 'var') isVar = true;
    if (child.type === 'var' || child.type === 'const') declares = true;
    if (child.type === '=') afterEquals = true;
    else if (!child.isNamed || child.type === 'comment') continue;
    else if (afterEquals && !value) value = child;
    else if (!afterEquals && !name && child.type === 'identifier' && (!type || child.id !== type.id)) name = child;
  }
  // Without `const`/`var` the grammar's variable declaration is an assignment (`x = …`, `self.a.b += …`) to its first part.
  const target = declares ? null : node.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
  return { name, type, value, isVar, declares, target };
}

/** `@import("x")` → "x"; null for anything else. */
function importedPath(node: SyntaxNode | null): string | null {
  if (node?.type !== 'builtin_function') return null;
  if (node.namedChildren[0]?.text !== '@import') return null;
  const argument = node.namedChildren.find((c) => c?.type === 'arguments')?.namedChildren[0];
  const content = argument?.type === 'string' ? argument.namedChildren.find((c) => c?.type === 'string_content') : null;
  return content ? content.text : null;
}

/** `@import("x").A.B` → the import and the member names after it. */
function importChain(node: SyntaxNode | null): { specifier: string; members: string[] } | null {
  const split = memberTail(node);
  if (!split) return null;
  const { members } = split;
  const specifier = importedPath(split.head);
  return specifier === null ? null : { specifier, members };
}

/** The key `selfNames` gives `@This()` itself (no name can be written so). */
export const THIS = '@This()';

function isThis(node: SyntaxNode | null): boolean {
  return node?.type === 'builtin_function' && node.namedChildren[0]?.text === '@This';
}

/**
 * A file is a struct. When its top level names it (`const Tokenizer = @This();`), that name is declared as
 * a `struct` that is the whole file (its members are the file's top-level declarations), so that
 * `self: *Tokenizer` and `var t: Tokenizer` (through an import of the file) have members to find.
 * The names bound to it, each meaning that struct; an empty map when the file does not name itself.
 */
export function declareFileStruct(root: SyntaxNode, ctx: ZigContext): ReadonlyMap<string, string[]> {
  const names = [...selfNamesOf(root, [], new Map()).keys()];
  if (names.length === 0) {
    // A file with fields is a struct too, named by nothing in it: a type position reaches it through an
    // import of the file. It is called by the file's name, which no code can write as a name.
    if (!root.namedChildren.some((c) => c?.type === 'container_field')) return new Map();
    const fileName = posix.basename(ctx.file.path);
    ctx.file.wholeFileStruct = ctx.file.builder.declare('struct', fileName, null, root, {
      signature: `${fileName}: a struct with fields`, isExported: true, visibility: 'public', wholeFile: true,
    });
    // `self: @This()` at its top level: that struct, by the name no code can write.
    return new Map([[THIS, [fileName]]]);
  }
  ctx.file.wholeFileStruct = ctx.file.builder.declare('struct', names[0], null, root, {
    signature: `const ${names[0]} = @This()`,
    isExported: true,
    visibility: 'public',
    wholeFile: true,
  });
  return new Map([...names, THIS].map((name) => [name, [names[0]]]));
}

/** The names a container body binds to `@This()` (`const Self = @This();`), read before its members. */
function selfNamesOf(body: SyntaxNode, chain: string[], outer: ReadonlyMap<string, string[]>): ReadonlyMap<string, string[]> {
  let names: Map<string, string[]> | undefined;
  for (const child of body.namedChildren) {
    if (child?.type !== 'variable_declaration') continue;
    const { name, value } = variableParts(child);
    if (name && isThis(value)) (names ??= new Map(outer)).set(name.text, chain);
  }
  return names ?? outer;
}

function visitVariable(node: SyntaxNode, ctx: ZigContext, walk: ZigWalk): void {
  const { name, type, value, isVar, declares, target } = variableParts(node);
  if (!declares && !ctx.containerLevel) {
    // An assignment binds nothing: `x = T.init()` leaves what `var x: T` proved (the target may call: `a.get().b = 1`).
    if (target && target.type !== 'identifier' && target.id !== value?.id) walk.push(target, ctx);
    walk.push(value, ctx);
    return;
  }
  if (!name) {
    walk.push(value, ctx);
    return;
  }
  if (!ctx.containerLevel) {
    if (value && CONTAINERS.has(value.type)) {
      // `const Ctx = struct { fn worker() … };` in a function: a local type, its members reached through the local name
      // (`Self`, `@This()` in it name it too: the `function-local-types` lookup finds it from inside).
      const id = declareContainer(value, name.text, node, ctx, walk, false, ctx.enclosing, [name.text]);
      ctx.scope.bind(name.text, 'local-type', id, undefined, endPositionOf(node));
      return;
    }
    if (localFunction(name.text, node, value, ctx, walk)) return;
    walk.push(value, ctx);
    walk.push(type, ctx); // `var loop: Loop(Event) = …`: a type function's call is a call too
    const stated = statedType(type, ctx.selfNames) ?? valueType(value, ctx.selfNames);
    if (name.text !== '_') ctx.scope.bind(name.text, 'local', undefined, { type: stated, scope: ctx.scope, at: positionOf(node) }, endPositionOf(node));
    return;
  }
  if (isThis(value)) return;
  const imported = importChain(value);
  if (imported) {
    if (imported.members.length > 1) {
      // `const config = @import("config.zig").configs.default;`: the file is bound under a name no code can write
      // (`inlineImport`), and the constant stands for the path through it.
      const hidden = inlineImport(imported.specifier, node, ctx);
      const exported = isPub(node);
      ctx.file.builder.declare('constant', name.text, ctx.parentDecl, node, {
        signature: signatureOf(node, null).slice(0, 200),
        docstring: docCommentOf(node),
        isExported: exported || undefined,
        visibility: exported ? 'public' : 'private',
        aliasOf: [hidden, ...imported.members],
      });
      return;
    }
    const binding = imported.members.length === 0 ? { local: name.text, imported: '*' } : { local: name.text, imported: imported.members[0] };
    ctx.file.builder.addImport(imported.specifier, ctx.parentDecl, node, signatureOf(node, null), [binding]);
    // A file's `pub` import is one of its members: `zap.Request` where zap.zig says `pub const Request = @import("request.zig");`.
    if (ctx.parentDecl === null && isPub(node)) {
      ctx.file.exports.push({ specifier: imported.specifier, names: [{ exported: name.text, local: binding.imported }], line: node.startPosition.row + 1 });
    }
    return;
  }
  const exported = isPub(node);
  if (value && CONTAINERS.has(value.type)) {
    declareContainer(value, name.text, node, ctx, walk, exported);
    return;
  }
  const importedCall = value?.type === 'call_expression' && !isVar && !type ? importChain(value.childForFieldName('function')) : null;
  if (importedCall && importedCall.members.length > 0 && !OUTSIDE_MODULES.has(importedCall.specifier)) {
    // `const TableMemory = @import("table_memory.zig").TableMemoryType(Table);`: what that file's type function returns,
    // its callee named through the file bound under a name no code can write (`inlineImport`).
    const hidden = inlineImport(importedCall.specifier, node, ctx);
    const id = ctx.file.builder.declare('constant', name.text, ctx.parentDecl, node, {
      signature: signatureOf(node, null).slice(0, 200),
      docstring: docCommentOf(node),
      isExported: exported || undefined,
      visibility: exported ? 'public' : 'private',
    });
    const typeArguments = typeArgumentsOf(value!, ctx.selfNames);
    const callee = [hidden, ...importedCall.members];
    ctx.file.facts.stateType(id, 'valueType', typeArguments ? { kind: 'call', callee, typeArguments } : { kind: 'call', callee }, ctx.scope);
    walk.push(value, ctx);
    return;
  }
  // `const Tty = switch (builtin.os.tag) { … }`: the declaration the build read for (see build-selection.ts) compiles.
  const selected = isVar || type ? null : selectedForBuild(value);
  if (selected && CONTAINERS.has(selected.type)) {
    declareContainer(selected, name.text, node, ctx, walk, exported);
    return;
  }
  const id = ctx.file.builder.declare(isVar ? 'variable' : 'constant', name.text, ctx.parentDecl, node, {
    signature: signatureOf(node, null).slice(0, 200),
    docstring: docCommentOf(node),
    isExported: exported || undefined,
    visibility: exported ? 'public' : 'private',
    aliasOf: isVar || type ? undefined : aliasChain(selected ?? value, ctx.selfNames),
  });
  ctx.file.facts.stateType(id, 'valueType', statedType(type, ctx.selfNames) ?? valueType(selected ?? value, ctx.selfNames), ctx.scope);
  walk.push(value, ctx);
  walk.push(type, ctx);
}

/**
 * `pub usingnamespace @import("containers.zig");` at file level (Zig before 0.15): every `pub` declaration of that
 * file is one of this file's members too (`capy.row` where capy.zig says so); with or without `pub`, its names are
 * in the file's scope. Inside a container (its members) or of another value: nothing the graph can name.
 */
function visitUsingNamespace(node: SyntaxNode, ctx: ZigContext, walk: ZigWalk): void {
  const value = node.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
  const specifier = importedPath(value);
  if (specifier !== null && ctx.parentDecl === null) {
    ctx.file.builder.addImport(specifier, null, node, signatureOf(node, null), [{ local: '*', imported: '*' }]);
    if (isPub(node)) ctx.file.exports.push({ specifier, names: '*', line: node.startPosition.row + 1 });
    return;
  }
  walk.push(value, ctx);
}

/**
 * `const assert = std.debug.assert;`, `pub const Loop = xev.Loop;`: a constant whose value is a plain
 * name chain is a second name for what the chain names (Zig has no other meaning for it); null otherwise.
 * A name bound to `@This()` at its head is its container.
 */
function aliasChain(value: SyntaxNode | null, selfNames: ReadonlyMap<string, string[]>): string[] | undefined {
  const chain = nameChain(value);
  if (!chain) return undefined;
  const self = selfNames.get(chain[0]);
  const resolved = self ? [...self, ...chain.slice(1)] : chain;
  return resolved.length > 0 ? resolved : undefined;
}

/** A named container: its declaration, and its body walked as a container level. */
function declareContainer(container: SyntaxNode, name: string, at: SyntaxNode, ctx: ZigContext, walk: ZigWalk, exported: boolean, parent = ctx.parentDecl, chain = [...ctx.container, name], typeParameters?: string[]): number {
  const kind = container.type === 'enum_declaration' ? 'enum' : 'struct';
  const id = ctx.file.builder.declare(kind, name, parent, at, {
    signature: signatureOf(at, firstBrace(container)),
    docstring: docCommentOf(at),
    isExported: exported || undefined,
    visibility: exported ? 'public' : 'private',
    typeParameters: typeParameters && typeParameters.length > 0 ? typeParameters : undefined,
  });
  // `@This()` written in a type position here (`fn init() @This()`, `self: *@This()`) is this container.
  const selfNames = new Map([...selfNamesOf(container, chain, ctx.selfNames), [THIS, chain]]);
  const inScope = typeParameters && typeParameters.length > 0 ? new Set([...(ctx.typeParameters ?? []), ...typeParameters]) : ctx.typeParameters;
  walk.descend(container, { ...ctx, parentDecl: id, containerLevel: true, selfNames, container: chain, fn: undefined, enclosing: null, typeParameters: inScope });
  return id;
}

/**
 * A type function's parameters, in order (every one is known at compile time; a call's arguments fill them by
 * position): the struct it returns is generic in them. Only a `T: type` one can be named as a method's result; an
 * unnamed one is `_`.
 */
function typeFunctionParameters(fn: SyntaxNode): string[] {
  const names: string[] = [];
  for (const parameter of fn.namedChildren.find((c) => c?.type === 'parameters')?.namedChildren ?? []) {
    if (parameter?.type !== 'parameter') continue;
    names.push(parameter.childForFieldName('name')?.text ?? '_');
  }
  return names;
}

/**
 * A result written as one of the type function's parameters (`fn nextEvent(self: *Self) T`, `?T`): that parameter,
 * which the struct's instance binds to the type argument its type was written with (`Loop(Event)`).
 */
function boundTypeParameter(stated: TypeRef | null, inScope: ReadonlySet<string> | undefined): TypeRef | null {
  if (!stated || !inScope) return stated;
  if (stated.kind === 'named' && stated.chain.length === 1 && inScope.has(stated.chain[0])) return { kind: 'type-parameter', name: stated.chain[0] };
  if (stated.kind === 'collection' && stated.element && !stated.key) {
    const element = boundTypeParameter(stated.element, inScope);
    return element === stated.element ? stated : { ...stated, element: element ?? undefined };
  }
  return stated;
}

/** The `{` of a container, for its signature. */
function firstBrace(container: SyntaxNode): SyntaxNode | null {
  return container.namedChildren.find((c) => c !== null && c.type !== 'comment' && c.type !== 'identifier') ?? null;
}

/** The name of a container no name is given (`(struct { fn cb() … }).cb`, `.{ .x = struct { … } }`): codegraph's. */
const ANONYMOUS = '<anonymous>';

/**
 * A container written as an expression: named after its function when the function returns it; any other
 * (a callback's `(struct { fn cb(…) … }).cb`, an argument, a parameter's type) is declared as `<anonymous>`, so the
 * calls in its functions are sites, its own declarations are found from inside it (container scope), and `@This()`
 * in it is itself: the innermost enclosing container of that name.
 */
function visitAnonymousContainer(node: SyntaxNode, ctx: ZigContext, walk: ZigWalk): void {
  if (ctx.fn && node.parent?.type === 'return_expression') {
    declareContainer(node, ctx.fn.name, node, ctx, walk, true, ctx.fn.parent, ctx.fn.chain, ctx.fn.typeParameters);
    return;
  }
  // A tuple type (`struct { u8, u8 }`) has no members to call.
  if (!isTuple(node)) declareAnonymous(node, ctx, walk);
}

/**
 * `const define = struct { fn define(…) … }.define;` (`(struct { … }).f` too): Zig's local function, which a bare
 * `define(…)` calls. The anonymous container is declared (see `declareAnonymous`) and the name bound to its function
 * once the walk has declared it; false for any other value (nothing done).
 */
function localFunction(name: string, statement: SyntaxNode, value: SyntaxNode | null, ctx: ZigContext, walk: ZigWalk): boolean {
  if (value?.type !== 'field_expression') return false;
  const member = value.childForFieldName('member');
  let container = value.childForFieldName('object');
  while (container?.type === 'parenthesized_expression') container = container.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
  if (member?.type !== 'identifier' || !container || !CONTAINERS.has(container.type)) return false;
  const owner = declareAnonymous(container, ctx, walk);
  const { scope } = ctx;
  const { file } = ctx;
  file.afterWalk.push(() => {
    const target = file.builder.declarations.findIndex((d) => d.parent === owner && d.name === zigName(member.text) && d.kind === 'method');
    if (target >= 0) scope.bind(name, 'local-function', target, undefined, endPositionOf(statement));
  });
  return true;
}

/** An anonymous container (see `visitAnonymousContainer`), its parent the function it is written in, else the container. */
function declareAnonymous(node: SyntaxNode, ctx: ZigContext, walk: ZigWalk): number {
  const inFunction = ctx.enclosing !== null;
  return declareContainer(node, ANONYMOUS, node, ctx, walk, false, inFunction ? ctx.enclosing : ctx.parentDecl, inFunction ? [ANONYMOUS] : [...ctx.container, ANONYMOUS]);
}

function visitFunction(node: SyntaxNode, ctx: ZigContext, walk: ZigWalk): void {
  const nameNode = node.childForFieldName('name');
  const body = node.childForFieldName('body');
  if (!nameNode) return;
  const file = ctx.file;
  const name = zigName(nameNode.text);
  const exported = isPub(node);
  const inContainer = ctx.parentDecl !== null && file.builder.declarations[ctx.parentDecl].kind !== 'function';
  const id = file.builder.declare(inContainer ? 'method' : 'function', name, ctx.parentDecl, node, {
    signature: signatureOf(node, body),
    docstring: docCommentOf(node),
    isExported: exported || undefined,
    visibility: exported ? 'public' : 'private',
  });
  const returns = node.childForFieldName('type');
  // A type function (`fn List(comptime T: type) type { return struct { … }; }`): the struct declared beside it.
  const builds = returns?.text === 'type' && body && returnsContainer(body);
  const anonymousResult = returnedStruct(returns, name, node, ctx, walk);
  const stated = anonymousResult ?? boundTypeParameter(statedType(returns, ctx.selfNames), inContainer ? ctx.typeParameters : undefined);
  file.facts.stateType(id, 'returnType', builds ? { kind: 'named', chain: [name] } : stated, ctx.scope);
  const typeParameters = builds ? typeFunctionParameters(node) : [];
  if (typeParameters.length > 0) file.builder.declarations[id].typeParameters = typeParameters;
  stateParameterSlots(node, id, ctx);
  if (!body) return;
  const scope = ctx.scope.open('function');
  for (const parameter of node.namedChildren.find((c) => c?.type === 'parameters')?.namedChildren ?? []) {
    if (parameter?.type !== 'parameter') continue;
    const parameterName = parameter.childForFieldName('name');
    if (!parameterName || parameterName.text === '_') continue;
    scope.bind(parameterName.text, 'parameter', undefined, { type: statedType(parameter.childForFieldName('type'), ctx.selfNames), scope: ctx.scope });
  }
  // `fn f(tree: *Tree(T)) Box(u8)`: a type function called in the signature is called by the function.
  const signatureCtx = { ...ctx, scope, enclosing: id, containerLevel: false, fn: undefined };
  for (const parameter of node.namedChildren.find((c) => c?.type === 'parameters')?.namedChildren ?? []) {
    if (parameter?.type === 'parameter') walk.push(parameter.childForFieldName('type'), signatureCtx);
  }
  if (!anonymousResult) walk.push(returns, signatureCtx);
  walk.push(body, {
    ...ctx, scope, enclosing: id, containerLevel: false,
    fn: { name, parent: ctx.parentDecl, chain: [...ctx.container, name], returns: stated, literalType: literalType(returns, ctx), typeParameters: builds ? typeParameters : undefined },
  });
}

/**
 * `fn base(qt: QualType) struct { type: Type, qt: QualType }` (`!struct { … }` too): the anonymous struct a function
 * returns, declared beside it as `@TypeOf(base())` (what Zig calls it; no name in code can be that), so
 * `qt.base(comp).qt.eql(…)` reaches its fields' types. Declared where the container has a name chain (as a field's
 * anonymous type is); null for any other result.
 */
function returnedStruct(returns: SyntaxNode | null, name: string, at: SyntaxNode, ctx: ZigContext, walk: ZigWalk): TypeRef | null {
  let type = returns;
  while (type?.type === 'error_union_type') type = type.childForFieldName('ok') ?? type.namedChildren.at(-1) ?? null;
  if (!type || type.type !== 'struct_declaration' || isTuple(type) || (ctx.parentDecl !== null && ctx.container.length === 0)) return null;
  const typeName = `@TypeOf(${name}())`;
  const chain = [...ctx.container, typeName];
  declareContainer(type, typeName, type, ctx, walk, false, ctx.parentDecl, chain);
  return { kind: 'named', chain };
}

/**
 * The type each parameter states (`self` included: a call on a value fills the parameters after it), which a decl
 * literal passed there is looked up in (`argumentType`). Zig has no overloads and no default values.
 */
function stateParameterSlots(node: SyntaxNode, id: number, ctx: ZigContext): void {
  const parameters = node.namedChildren.find((c) => c?.type === 'parameters')?.namedChildren.filter((c) => c?.type === 'parameter') ?? [];
  const slots = parameters.map((parameter) => ({ type: literalType(parameter!.childForFieldName('type'), ctx) }));
  if (slots.some((slot) => slot.type !== null)) ctx.file.builder.declarations[id].parameterSlots = slots;
}

/** A function body whose own statements include `return struct { … }` (or enum, union, opaque). */
function returnsContainer(body: SyntaxNode): boolean {
  return body.namedChildren.some((statement) => statement?.type === 'return_expression'
    && statement.namedChildren.some((value) => value !== null && CONTAINERS.has(value.type)))
    || body.namedChildren.some((statement) => statement?.type === 'expression_statement'
      && statement.namedChildren.some((e) => e?.type === 'return_expression' && e.namedChildren.some((v) => v !== null && CONTAINERS.has(v.type))));
}

function visitTest(node: SyntaxNode, ctx: ZigContext, walk: ZigWalk): void {
  const label = node.namedChildren.find((c) => c?.type === 'string' || c?.type === 'identifier');
  const name = label ? `test ${label.text}` : 'test';
  const body = node.namedChildren.find((c) => c?.type === 'block') ?? null;
  const id = ctx.file.builder.declare('function', name, ctx.parentDecl, node, {
    signature: signatureOf(node, body),
    docstring: docCommentOf(node),
    decorators: ['test'],
  });
  walk.push(body, { ...ctx, scope: ctx.scope.open('function'), enclosing: id, containerLevel: false, fn: undefined });
}

function visitField(node: SyntaxNode, ctx: ZigContext, walk: ZigWalk): void {
  const name = node.childForFieldName('name');
  // A top-level field is a field of the file's struct, when the file names it (a member of it through `wholeFile`).
  if (!name || (ctx.parentDecl === null && ctx.file.wholeFileStruct === null)) return;
  const owner = ctx.parentDecl === null ? null : ctx.file.builder.declarations[ctx.parentDecl];
  if (owner?.kind === 'enum') {
    ctx.file.builder.declare('enum_member', name.text, ctx.parentDecl, node, { signature: node.text.replace(/\s+/g, ' ').slice(0, 200) });
    return;
  }
  const type = node.childForFieldName('type');
  const id = ctx.file.builder.declare('field', zigName(name.text), ctx.parentDecl, node, {
    signature: node.text.replace(/\s+/g, ' ').slice(0, 200),
    docstring: docCommentOf(node),
  });
  const declaresType = type !== null && CONTAINERS.has(type.type) && !isTuple(type) && (ctx.parentDecl === null || ctx.container.length > 0);
  if (declaresType) {
    // `_scan: struct { file: PathName },`: the anonymous struct is the field's type, declared beside the field as
    // `@TypeOf(_scan)` (what Zig calls it; no name in code can be that), where the container has a name chain.
    const typeName = `@TypeOf(${name.text})`;
    const chain = [...ctx.container, typeName];
    declareContainer(type, typeName, node, ctx, walk, false, ctx.parentDecl, chain);
    ctx.file.facts.stateType(id, 'valueType', { kind: 'named', chain }, ctx.scope);
  } else {
    ctx.file.facts.stateType(id, 'valueType', statedType(type, ctx.selfNames), ctx.scope);
  }
  // A default value may call something, and so may the type (`tree: Tree(u8)`), unless it is the struct declared above.
  for (const child of node.namedChildren) if (child && child.id !== name.id && !(declaresType && child.id === type.id)) walk.push(child, ctx);
}

/** `struct { u8, u8 }`: a tuple, its fields types without names. */
function isTuple(container: SyntaxNode): boolean {
  return container.namedChildren.some((c) => c?.type === 'container_field' && !c.childForFieldName('type'));
}

/**
 * `if (x) |v|`, `while (it.next()) |v|`, `for (xs) |x|`, `catch |e|`, a switch prong's `|v|`: the
 * captures, typed where the code states it: an optional's element (the first capture of `if`/`while`);
 * each object's element of a `for` (`for (xs, ys) |x, y|`: `|*x|` points at it, which reaches the same
 * members; a range `0..` gives an index); the payload of a tagged union's field for a prong naming one
 * field (`.failed => |err|`: the type of the union's field `failed`).
 */
function bindPayload(node: SyntaxNode, ctx: ZigContext): void {
  const payload = node.namedChildren.find((c) => c?.type === 'payload');
  if (!payload) return;
  const captures = payload.namedChildren.filter((c): c is SyntaxNode => c?.type === 'identifier');
  const typeOf = captureTypes(node, payload, ctx);
  captures.forEach((capture, index) => {
    if (capture.text === '_') return;
    ctx.scope.bind(capture.text, 'capture', undefined, { type: typeOf(index), scope: ctx.scope });
  });
}

/** The type of each capture of `node`'s payload, by its position (see `bindPayload`). */
function captureTypes(node: SyntaxNode, payload: SyntaxNode, ctx: ZigContext): (index: number) => TypeRef | null {
  if (node.type === 'catch_expression') return () => null;
  if (node.type === 'for_statement' || node.type === 'for_expression') {
    const objects = node.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment' && c.id !== payload.id && c.startIndex < payload.startIndex);
    return (index) => (objects[index] ? elementsOf(objects[index], ctx.selfNames) : null);
  }
  if (node.type === 'switch_case') {
    const field = unionFieldOf(node);
    // `loop: switch (x)`: the label is no subject.
    const subject = node.parent?.type === 'switch_expression' ? node.parent.namedChildren.find((c) => c !== null && c.type !== 'comment' && c.type !== 'block_label') : null;
    const of = field && subject ? valueType(subject, ctx.selfNames) : null;
    return (index) => (of && index === 0 ? { kind: 'field', of, path: [field!] } : null);
  }
  const subject = node.childForFieldName('condition');
  const element = subject ? elementsOf(subject, ctx.selfNames) : null;
  return (index) => (index === 0 ? element : null);
}

/** A switch prong naming one field of a tagged union (`.failed => |e|`): `failed`; null for several, a range, `else`. */
function unionFieldOf(prong: SyntaxNode): string | null {
  const items = prong.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment' && c.type !== 'payload' && c.startIndex < (prong.namedChildren.find((p) => p?.type === 'payload')?.startIndex ?? 0));
  if (items.length !== 1 || items[0].type !== 'field_expression' || items[0].childForFieldName('object')) return null;
  const member = items[0].childForFieldName('member');
  return member?.type === 'identifier' ? zigName(member.text) : null;
}

function visitCall(node: SyntaxNode, ctx: ZigContext): boolean {
  const fn = notOperand(node.childForFieldName('function'));
  const facts = ctx.file.facts;
  const typeCall = calledUnderTypeOperators(fn);
  if (typeCall) {
    // `*Box(u8)`, `?*const lib.Tree(K)`: the grammar hangs the type operators on the callee's head; the call is Box's.
    const self = ctx.selfNames.get(typeCall[0]);
    const chain = self ? (self.length > 0 ? [...self, ...typeCall.slice(1)] : null) : typeCall;
    if (chain) facts.addSite('calls', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, ctx.enclosing, node, ctx.scope);
    return true;
  }
  if (fn?.type === 'identifier') {
    facts.addSite('calls', { name: zigName(fn.text), receiver: [] }, ctx.enclosing, node, ctx.scope);
  } else if (fn?.type === 'field_expression') {
    const member = fn.childForFieldName('member');
    const object = notOperand(fn.childForFieldName('object'));
    if (member?.type !== 'identifier') return true;
    if (!object) {
      // A decl literal (`.init(…)`): a declaration of the type the result must have, where the code states it.
      // Where it is not stated, the site is still one (unresolved: its receiver is unknown).
      const typed = resultType(node, ctx) ?? argumentType(node, ctx);
      facts.addSite('calls', { name: zigName(member.text), receiver: undefined, typedReceiver: typed ?? undefined }, ctx.enclosing, node, ctx.scope);
      return true;
    }
    const chain = nameChain(object);
    if (chain) {
      const self = ctx.selfNames.get(chain[0]);
      // `Self.init()`: the container by its name chain (a file's own `@This()` has none: no receiver).
      const receiver = self ? (self.length > 0 ? [...self, ...chain.slice(1)] : undefined) : chain;
      facts.addSite('calls', { name: zigName(member.text), receiver }, ctx.enclosing, node, ctx.scope);
    } else {
      const imported = importChain(object);
      if (imported) {
        // `@import("internal.zig").genericWidgetFrom(x)`: the import, bound under a name no code can write.
        const local = inlineImport(imported.specifier, node, ctx);
        facts.addSite('calls', { name: zigName(member.text), receiver: [local, ...imported.members] }, ctx.enclosing, node, ctx.scope);
        return true;
      }
      const type = valueType(object, ctx.selfNames);
      facts.addSite('calls', { name: zigName(member.text), receiver: undefined, typedReceiver: type ? { type, path: [] } : undefined }, ctx.enclosing, node, ctx.scope);
    }
  }
  return true;
}

const TYPE_OPERATORS = new Set(['pointer_type', 'nullable_type', 'optional_type', 'slice_type', 'array_type', 'error_union_type']);

/**
 * The name chain a type function is called by when the grammar hangs prefix type operators on the callee's head
 * (`*Box` called in `*Box(u8)`, `[]const lib` then `.Tree` in `[]const lib.Tree(K)`); null for any other callee.
 */
function calledUnderTypeOperators(fn: SyntaxNode | null): string[] | null {
  const split = memberTail(fn);
  let head = split?.head ?? null;
  if (!split || !head || !TYPE_OPERATORS.has(head.type)) return null;
  while (head && TYPE_OPERATORS.has(head.type)) {
    head = head.type === 'error_union_type'
      ? head.childForFieldName('ok') ?? head.namedChildren.at(-1) ?? null
      : head.namedChildren.filter((c) => c !== null && c.type !== 'comment').at(-1) ?? null;
  }
  const chain = nameChain(head);
  return chain ? [...chain, ...split.members] : null;
}

/**
 * A decl literal passed as an argument (`vx.queryTerminal(tty, .fromSeconds(1))`): the type the callee's parameter
 * there states. A call on a value (`x.m(…)`, its head a local value: a lowercase parameter, capture or local) passes
 * the value as the first parameter, so its arguments fill the parameters after it; a call of a function by its name
 * or through a type (`f(…)`, `Duration.of(…)`) fills them from the first. Any other receiver (a file-level name: a
 * module or a value) says neither: no type.
 */
function argumentType(node: SyntaxNode, ctx: ZigContext): { type: TypeRef; path: string[] } | null {
  const call = node.parent;
  const fn = call?.type === 'call_expression' ? notOperand(call.childForFieldName('function')) : null;
  if (!call || !fn || fn.id === node.id) return null;
  const args = call.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment' && c.id !== call.childForFieldName('function')?.id);
  const index = args.findIndex((a) => a.id === node.id);
  const chain = nameChain(fn);
  if (index < 0 || !chain || ctx.selfNames.has(chain[0])) return null;
  if (chain.length === 1) return { type: { kind: 'argument', of: { kind: 'call', callee: chain }, argument: index }, path: [] };
  const head = chain[0];
  const local = ctx.scope.classify(head, true, positionOf(call)).locallyBound;
  if (local && /^[a-z_]/.test(head)) {
    const of: TypeRef = { kind: 'member-call', of: { kind: 'value', chain: chain.slice(0, -1) }, name: chain[chain.length - 1] };
    return { type: { kind: 'argument', of, argument: index + 1 }, path: [] };
  }
  if (!local && /^[A-Z]/.test(chain[chain.length - 2])) return { type: { kind: 'argument', of: { kind: 'call', callee: chain }, argument: index }, path: [] };
  return null;
}

/** An `@import("x")` written inside an expression: one file-level import binding `@import("x")` per specifier. */
function inlineImport(specifier: string, at: SyntaxNode, ctx: ZigContext): string {
  const local = `@import("${specifier}")`;
  if (!ctx.file.inlineImports.has(specifier)) {
    ctx.file.inlineImports.add(specifier);
    ctx.file.builder.addImport(specifier, null, at, local, [{ local, imported: '*' }]);
  }
  return local;
}

/**
 * `!done()`, `!self.done()`: the grammar reads the boolean `!` as an error union type (`!done`, `!self`) that
 * is called or whose member is; in a call (an expression, where no error union type can stand) it is the
 * operand it negates.
 */
function notOperand(node: SyntaxNode | null): SyntaxNode | null {
  let current = node;
  while (current?.type === 'error_union_type' && current.text.startsWith('!')) current = current.childForFieldName('ok');
  return current;
}

/**
 * The type a decl literal at `node` is looked up in, where the code states it (see `expectedType`): a named
 * type, or a field or element reached from one, as a receiver the resolver walks.
 */
function resultType(node: SyntaxNode, ctx: ZigContext): { type: TypeRef; path: string[] } | null {
  const type = expectedType(node, ctx, 0);
  // A named type, or what a type function returns (`var loop: vaxis.Loop(Event) = .init(…)`).
  if (type?.kind === 'named' || type?.kind === 'call') return { type, path: [] };
  if (type?.kind === 'field' && type.of.kind === 'named') return { type: type.of, path: type.path };
  return type?.kind === 'field' || type?.kind === 'element' || type?.kind === 'value' ? { type, path: [] } : null;
}

/**
 * The type a value written at `node` must have, where the code states it: `var x: T = node`, `return node`
 * in a function whose result is T (`!T`, `?T` too), a field's default `f: T = node`, a field's value in an
 * initializer whose type is known (`T{ .f = node }`, `var x: T = .{ .f = node }`: T's field `f`), and an
 * element of an array literal whose type is known (`const xs: []const T = &.{ node, … }`, `.items = &.{ node }`:
 * an element of the slice). Nested initializers compose: a field of an element of a field.
 */
function expectedType(node: SyntaxNode, ctx: ZigContext, depth: number): TypeRef | null {
  const parent = node.parent;
  if (!parent || depth > 8) return null;
  if (parent.type === 'variable_declaration' && variableParts(parent).value?.id === node.id) {
    const parts = variableParts(parent);
    // `self.loop = .init(…)`, `x = .fromSeconds(1)` (the grammar's assignment): the type of what is assigned to.
    if (!parts.declares) return parts.target && parent.child(1)?.type === '=' ? valueType(parts.target, ctx.selfNames) : null;
    return literalType(parts.type, ctx);
  }
  if (parent.type === 'return_expression') return ctx.fn?.literalType ?? null;
  // `try .init(…)`, `.init(…) catch …`: the value without its error has the type the whole must have.
  if (parent.type === 'try_expression' || (parent.type === 'catch_expression' && parent.namedChildren[0]?.id === node.id)) {
    return expectedType(parent, ctx, depth + 1);
  }
  if (parent.type === 'container_field' && parent.childForFieldName('type')?.id !== node.id) {
    return literalType(parent.childForFieldName('type'), ctx);
  }
  // `&.{ … }`: the array a slice of it is taken from has the slice's elements.
  if (parent.type === 'unary_expression' && parent.child(0)?.type === '&') return expectedType(parent, ctx, depth + 1);
  if (parent.type === 'assignment_expression' && parent.childForFieldName('right')?.id === node.id) {
    const field = initializedField(parent);
    const initializer = parent.parent?.type === 'initializer_list' ? parent.parent.parent : null;
    if (!field || !initializer) return null;
    const owner = initializer.type === 'struct_initializer'
      ? statedType(initializer.namedChildren.find((c) => c !== null && c.type !== 'comment'), ctx.selfNames)
      : initializer.type === 'anonymous_struct_initializer' ? expectedType(initializer, ctx, depth + 1) : null;
    if (owner?.kind === 'named' || owner?.kind === 'element') return { kind: 'field', of: owner, path: [field] };
    if (owner?.kind === 'field') return { kind: 'field', of: owner.of, path: [...owner.path, field] };
    return null;
  }
  if (parent.type === 'initializer_list' && parent.parent?.type === 'anonymous_struct_initializer') {
    // A positional value: an element of the array (or tuple) literal. Only a collection type has elements.
    const owner = expectedType(parent.parent, ctx, depth + 1);
    if (owner?.kind === 'collection') return owner.element?.kind === 'named' ? owner.element : null;
    return owner?.kind === 'field' ? { kind: 'element', of: owner } : null;
  }
  return null;
}

/**
 * The type a decl literal (`.init()`) is looked up in where `node` states the result type: Zig looks
 * through an optional (`?T`) as it does through an error union (`!T`) and a pointer (`*T`).
 */
function literalType(node: SyntaxNode | null, ctx: ZigContext): TypeRef | null {
  let type = node;
  while (type && (type.type === 'nullable_type' || type.type === 'optional_type')) {
    type = type.namedChildren.filter((c) => c !== null && c.type !== 'comment').at(-1) ?? null;
  }
  return statedType(type, ctx.selfNames);
}

/** `.f = value` in an initializer list: `f`. */
function initializedField(assignment: SyntaxNode): string | null {
  const left = assignment.childForFieldName('left');
  const member = left?.type === 'field_expression' && !left.childForFieldName('object') ? left.childForFieldName('member') : null;
  return member?.type === 'identifier' ? zigName(member.text) : null;
}

/** `T{ .a = 1 }`: an instance of T. */
function visitInitializer(node: SyntaxNode, ctx: ZigContext): boolean {
  const type = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
  const chain = nameChain(type);
  if (!chain) return true;
  const self = ctx.selfNames.get(chain[0]);
  const resolved = self ? (self.length > 0 ? [...self, ...chain.slice(1)] : null) : chain;
  if (!resolved) return true;
  ctx.file.facts.addSite('instantiates', { name: resolved[resolved.length - 1], receiver: resolved.slice(0, -1) }, ctx.enclosing, node, ctx.scope);
  return true;
}
