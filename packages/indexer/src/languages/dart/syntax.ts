/**
 * What Dart's syntax means, as rules for the shared walk (`src/extraction/core/syntax-walk.ts`).
 *
 * The grammar is flat in two places this file works around:
 *  - A declaration's signature and its body are siblings (`method_signature` then `function_body`
 *    in a class body, `function_signature` then `function_body` at the top level): the signature's
 *    rule declares and walks the body; the body's own rule skips it.
 *  - A postfix expression is a run of siblings: a primary (`a`, `this`, `Foo`, `new Foo()`) then
 *    `selector`s (`.name`, `?.name`, `!`, `(args)`). A call is a `selector` holding arguments; what
 *    it calls is read from the siblings before it.
 *
 * Decisions:
 *  - Classes and enums as themselves; a mixin is a `trait`; an extension is a `class` whose members
 *    state `memberOf` the extended type (callable on a proven value of that type).
 *  - Constructors are methods: the unnamed one named like its class, a named one (`C.named`,
 *    `factory C.of`) by its own name, so `C.named()` walks class C to it; each states C as its
 *    result. `C()` of a class is an instantiation (Dart 2 `new` is optional).
 *  - `extends` and `with` are `extends` clauses (a mixin's members are the class's); `implements`
 *    and a mixin's `on` are `implements`.
 *  - Getters and setters are methods whose signature says `get`/`set` (read, not called).
 *  - Annotations are decorators; `///` and `/** … *\/` comments are docstrings.
 *  - Top-level names without a leading `_` are exported; `_names` are private to the library.
 */
import { blockDocComment, cappedDocstring, flatSignature } from '../../extraction/core/declaration-text.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { Declaration, TypeRef } from '../../model/extraction.js';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import type { SiteTarget } from '../../extraction/core/file-facts.js';
import { handledFrame, type NodeRule, type SyntaxRules, type Walk } from '../../extraction/core/syntax-walk.js';
import type { DartContext } from './file-state.js';
import { childrenOf, declaredType, resultTypeIn, typeChainIn, typeList } from './types.js';
import { withTypeVariables } from '../../extraction/core/type-body-file.js';

type DartWalk = Walk<DartContext>;
type Rule = NodeRule<DartContext>;
type FrameIn = { node: SyntaxNode; ctx: DartContext; doc?: string; leading?: SyntaxNode[] };

const SIGNATURES = new Set([
  'function_signature', 'getter_signature', 'setter_signature', 'operator_signature', 'constructor_signature',
  'constant_constructor_signature', 'factory_constructor_signature', 'redirecting_factory_constructor_signature',
]);
const CONSTRUCTORS = new Set([
  'constructor_signature', 'constant_constructor_signature', 'factory_constructor_signature', 'redirecting_factory_constructor_signature',
]);
const FIELD_LISTS = new Set(['initialized_identifier_list', 'static_final_declaration_list']);
/** Primaries a receiver chain can start with. */
const CHAIN_HEADS = new Set(['identifier', 'this']);

/** Named node types with nothing to extract inside. */
const OPAQUE = [
  'type_identifier', 'type_arguments', 'type_parameters', 'nullable_type', 'void_type', 'function_type', 'inferred_type',
  'string_literal', 'decimal_integer_literal', 'hex_integer_literal', 'decimal_floating_point_literal', 'true', 'false',
  'null_literal', 'symbol_literal', 'library_name', 'part_of_directive', 'comment', 'documentation_comment',
  'final_builtin', 'const_builtin', 'annotation', 'marker_annotation', 'script_tag',
];

const handled = handledFrame<DartContext>;

const block: Rule = { opensScope: { kind: 'block' } };

export const DART_SYNTAX: SyntaxRules<DartContext> = {
  opaque: OPAQUE,
  patternNames: (pattern) => (pattern.type === 'identifier' ? [pattern.text] : []),
  comments: {
    types: ['comment', 'documentation_comment'],
    doc: (comment) => docOf(comment),
  },
  leadingAttributes: ['annotation', 'marker_annotation'],
  nodes: {
    import_or_export: handled(({ node, ctx }) => visitDirective(node, ctx)),
    part_directive: handled(({ node, ctx }) => visitPart(node, ctx)),
    library_name: handled(({ node, ctx }) => {
      // `library a.b;` (an unnamed `library;` names nothing).
      const name = node.namedChildren.find((c) => c?.type === 'dotted_identifier_list');
      const parts = name?.namedChildren.map((c) => c?.text ?? '') ?? [];
      if (parts.length > 0 && parts.every((part) => part !== '')) ctx.file.module.library(parts.join('.'));
    }),
    part_of_directive: handled(({ node, ctx }) => {
      // `part of 'lib.dart';` names the library's file, the older `part of a.b;` its name.
      const uri = uriOf(node.namedChildren.find((c) => c?.type === 'uri'));
      const name = node.namedChildren.find((c) => c?.type === 'dotted_identifier_list');
      if (uri) ctx.file.module.partOf({ uri });
      else if (name) ctx.file.module.partOf({ library: name.namedChildren.map((c) => c?.text ?? '').join('.') });
    }),
    class_definition: handled(visitType),
    mixin_declaration: handled(visitType),
    extension_declaration: handled(visitType),
    enum_declaration: handled(visitType),
    enum_constant: handled(visitEnumConstant),
    type_alias: handled(visitTypeAlias),
    // Members in a class body; functions, getters, setters and variables at the top level.
    method_signature: handled(visitMember),
    declaration: handled(visitMember),
    function_signature: handled(visitMember),
    getter_signature: handled(visitMember),
    setter_signature: handled(visitMember),
    initialized_identifier_list: handled(visitTopLevelVariables),
    static_final_declaration_list: handled(visitTopLevelVariables),
    // Walked by the declaration it belongs to.
    function_body: handled(() => undefined),

    // Scopes and the names they bind.
    block,
    for_statement: block,
    for_loop_parts: {
      visit: ({ node, ctx }) => {
        const name = node.childForFieldName('name');
        if (name) bindTyped(ctx, name, typeChainIn(childrenOf(node).filter((c) => c.startIndex < name.startIndex)), null);
        return true;
      },
    },
    catch_clause: {
      opensScope: { kind: 'block' },
      visit: ({ node, ctx }) => {
        const parameters = node.namedChildren.find((c) => c?.type === 'catch_parameters');
        for (const name of parameters?.namedChildren ?? []) if (name?.type === 'identifier') ctx.file.bindLocal(ctx.scope, name.text, 'local', null);
        return true;
      },
    },
    local_variable_declaration: handled(({ node, ctx }, walk) => visitLocal(node, ctx, walk)),
    local_function_declaration: handled(({ node, ctx }, walk) => visitLocalFunction(node, ctx, walk)),
    function_expression: handled(({ node, ctx }, walk) => visitLambda(node, ctx, walk)),

    // Sites.
    selector: { visit: ({ node, ctx }) => visitSelector(node, ctx) },
    cascade_section: { visit: ({ node, ctx }) => visitCascade(node, ctx) },
    new_expression: { visit: ({ node, ctx }) => visitCreation(node, ctx) },
    const_object_expression: { visit: ({ node, ctx }) => visitCreation(node, ctx) },
    initializer_list_entry: { visit: ({ node, ctx }) => visitInitializer(node, ctx) },
    redirection: { visit: ({ node, ctx }) => visitRedirection(node, ctx) },
  },
};

/** `///` lines (every one of a run) or a `/** … *\/` block, without their markers. */
function docOf(comment: SyntaxNode): string | undefined {
  if (!comment.text.startsWith('///')) return blockDocComment(comment.text);
  const lines: string[] = [];
  let current: SyntaxNode | null = comment;
  let row = comment.startPosition.row + 1;
  while (current && (current.type === 'documentation_comment' || current.type === 'comment') && current.text.startsWith('///')
    && current.endPosition.row === row - 1) {
    lines.unshift(current.text.replace(/^\/\/\/ ?/, '').trimEnd());
    row = current.startPosition.row;
    current = current.previousSibling;
  }
  const body = lines.join('\n').trim();
  return body ? cappedDocstring(body) : undefined;
}

function decoratorsOf(leading: SyntaxNode[] | undefined): string[] | undefined {
  const names = (leading ?? []).map((a) => flatSignature(a.text).replace(/^@\s*/, ''));
  return names.length > 0 ? names : undefined;
}

function hasToken(node: SyntaxNode, token: string): boolean {
  return node.children.some((c) => c?.text === token && (c.type === token || !c.isNamed));
}

function privacy(name: string): Declaration['visibility'] {
  return name.startsWith('_') ? 'private' : 'public';
}

function typeParameterNames(node: SyntaxNode): string[] {
  const list = node.childForFieldName('type_parameters') ?? node.namedChildren.find((c) => c?.type === 'type_parameters');
  const names: string[] = [];
  for (const parameter of list?.namedChildren ?? []) {
    const name = parameter?.namedChildren.find((c) => c?.type === 'type_identifier' || c?.type === 'identifier');
    if (name) names.push(name.text);
  }
  return names;
}

function spanOf(first: SyntaxNode, last: SyntaxNode): { startPosition: SyntaxNode['startPosition']; endPosition: SyntaxNode['endPosition'] } {
  return { startPosition: first.startPosition, endPosition: last.endPosition };
}

// ---------------------------------------------------------------------------------------------
// Directives

function uriOf(node: SyntaxNode | null | undefined): string | undefined {
  if (!node) return undefined;
  const literal = node.type === 'string_literal' ? node : node.descendantsOfType('string_literal')[0];
  if (!literal) return undefined;
  const text = literal.text.replace(/^r/, '');
  return text.replace(/^('''|"""|'|")/, '').replace(/('''|"""|'|")$/, '');
}

/** `show A, B` / `hide C` clauses: the names of each. */
function combinators(node: SyntaxNode): { show?: string[]; hide: string[] } {
  let show: string[] | undefined;
  const hide: string[] = [];
  for (const combinator of node.namedChildren) {
    if (combinator?.type !== 'combinator') continue;
    const names = combinator.namedChildren.filter((c) => c?.type === 'identifier').map((c) => c!.text);
    if (combinator.text.trimStart().startsWith('show')) show = [...(show ?? []), ...names];
    else hide.push(...names);
  }
  return { show, hide };
}

function visitDirective(node: SyntaxNode, ctx: DartContext): void {
  const file = ctx.file;
  const directive = node.namedChildren.find((c) => c?.type === 'library_import' || c?.type === 'library_export');
  if (!directive) return;
  const spec = directive.type === 'library_import' ? directive.namedChildren.find((c) => c?.type === 'import_specification') ?? directive : directive;
  // `import 'a.dart' if (dart.library.io) 'b.dart'`: the default URI.
  const uriNode = spec.namedChildren.find((c) => c?.type === 'configurable_uri' || c?.type === 'uri');
  const uri = uriOf(uriNode?.type === 'configurable_uri' ? uriNode.namedChildren.find((c) => c?.type === 'uri') : uriNode);
  if (!uri) return;
  const signature = flatSignature(node.text);
  const { show, hide } = combinators(spec);
  if (directive.type === 'library_export') {
    file.exports.push({
      specifier: uri,
      names: show ? show.map((name) => ({ exported: name, local: name })) : '*',
      ...(hide.length > 0 && !show ? { hides: hide } : {}),
      line: node.startPosition.row + 1,
    });
    // An export is also a dependency on the file it re-exports.
    file.builder.addImport(uri, ctx.parentDecl, node, signature, [], { sideEffectOnly: true });
    return;
  }
  const prefix = spec.namedChildren.find((c) => c?.type === 'identifier');
  if (prefix) {
    // `import 'a.dart' as p;`: `p.f()` only, through that library.
    file.builder.addImport(uri, ctx.parentDecl, node, signature, [{ local: prefix.text, imported: '*' }]);
    return;
  }
  if (show) {
    file.builder.addImport(uri, ctx.parentDecl, node, signature, show.map((name) => ({ local: name, imported: name })));
    return;
  }
  const statement = file.builder.addImport(uri, ctx.parentDecl, node, signature, [{ local: '*', imported: '*' }]);
  if (hide.length > 0) statement.hides = hide;
}

/** `part 'a_part.dart';`: the part's names are the library's (an importer sees its public ones). */
function visitPart(node: SyntaxNode, ctx: DartContext): void {
  const uri = uriOf(node.namedChildren.find((c) => c?.type === 'uri'));
  if (!uri) return;
  ctx.file.module.part(uri);
  ctx.file.exports.push({ specifier: uri, names: '*', line: node.startPosition.row + 1 });
  ctx.file.builder.addImport(uri, ctx.parentDecl, node, flatSignature(node.text), [], { sideEffectOnly: true });
}

// ---------------------------------------------------------------------------------------------
// Types

function visitType({ node, ctx, doc, leading }: FrameIn, walk: DartWalk): void {
  const file = ctx.file;
  const children = childrenOf(node);
  let nameNode = node.childForFieldName('name');
  if (!nameNode && node.type === 'mixin_declaration') nameNode = node.namedChildren.find((c) => c?.type === 'identifier') ?? null;
  const body = node.childForFieldName('body') ?? node.namedChildren.find((c) => c?.type === 'class_body' || c?.type === 'extension_body' || c?.type === 'enum_body') ?? null;
  const typeParameters = typeParameterNames(node);
  const typeVariables = withTypeVariables(ctx, typeParameters);
  // `extension on T` has no name: it is still a scope for its members.
  const name = nameNode?.text ?? '<extension>';
  const kind: NodeKind = node.type === 'enum_declaration' ? 'enum' : node.type === 'mixin_declaration' ? 'trait' : 'class';
  const header = flatSignature(node.text.slice(0, (body ? body.startIndex : node.endIndex) - node.startIndex));
  const id = file.builder.declare(kind, name, ctx.parentDecl, node, {
    signature: header,
    docstring: doc,
    visibility: privacy(name),
    isExported: (ctx.parentDecl === null && nameNode !== null && !name.startsWith('_')) || undefined,
    isAbstract: hasToken(node, 'abstract') || node.namedChildren.some((c) => c?.type === 'abstract') || undefined,
    decorators: decoratorsOf(leading),
    typeParameters,
  });
  const info = file.classInfo(id);
  const inner: DartContext = { file, scope: ctx.scope.open('class'), parentDecl: id, enclosing: id, classId: id, typeVariables };
  const outer: DartContext = { ...inner, classId: ctx.classId };

  const superclass = node.childForFieldName('superclass') ?? node.namedChildren.find((c) => c?.type === 'superclass');
  const mixins = (superclass ?? node).namedChildren.find((c) => c?.type === 'mixins');
  const interfaces = node.childForFieldName('interfaces') ?? node.namedChildren.find((c) => c?.type === 'interfaces');
  if (superclass) {
    const [base] = typeList(childrenOf(superclass).filter((c) => c.type !== 'mixins'));
    if (base) {
      info.superName = base.chain[base.chain.length - 1];
      addHeritage('extends', base.chain, base.at, outer);
    }
  }
  for (const mixin of mixins ? typeList(childrenOf(mixins)) : []) addHeritage('extends', mixin.chain, mixin.at, outer);
  for (const type of interfaces ? typeList(childrenOf(interfaces)) : []) addHeritage('implements', type.chain, type.at, outer);
  if (node.type === 'mixin_declaration') {
    // `mixin M on A, B`: the types between `on` and the body (or `implements`).
    const on = children.findIndex((c) => c.type === 'on');
    if (on >= 0) {
      const until = children.findIndex((c, i) => i > on && (c.type === 'interfaces' || c.type === 'class_body'));
      for (const type of typeList(children.slice(on + 1, until < 0 ? undefined : until))) addHeritage('implements', type.chain, type.at, outer);
    }
  }
  if (node.type === 'extension_declaration') {
    // `extension E on p.T<X>`: its members are T's, callable on a proven T.
    const on = children.findIndex((c) => c.type === 'on');
    const chain = on >= 0 ? typeChainIn(children.slice(on + 1)) : null;
    const extended = declaredType(chain, typeVariables);
    if (extended) info.extends = extended;
  }
  walk.push(body, inner);
}

function addHeritage(kind: 'extends' | 'implements', chain: string[], at: SyntaxNode, ctx: DartContext): void {
  ctx.file.addSite(kind, { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, at, ctx);
}

function visitEnumConstant({ node, ctx, doc, leading }: FrameIn, walk: DartWalk): void {
  const nameNode = node.childForFieldName('name') ?? node.namedChildren.find((c) => c?.type === 'identifier');
  if (!nameNode) return;
  const id = ctx.file.builder.declare('enum_member', nameNode.text, ctx.parentDecl, node, {
    signature: flatSignature(node.text), docstring: doc, visibility: 'public', isStatic: true, decorators: decoratorsOf(leading),
  });
  if (ctx.classId !== null) {
    // An enum's value is an instance of the enum: `Color.red.hex()`.
    const enumType: TypeRef = { kind: 'named', chain: [ctx.file.builder.declarations[ctx.classId].name] };
    ctx.file.classInfo(ctx.classId).fields.set(nameNode.text, enumType);
    ctx.file.facts.stateType(id, 'valueType', enumType, ctx.scope);
  }
  for (const child of node.namedChildren) if (child && child !== nameNode) walk.push(child, { ...ctx, enclosing: id });
}

function visitTypeAlias({ node, ctx, doc }: FrameIn): void {
  const nameNode = node.namedChildren.find((c) => c?.type === 'type_identifier');
  if (!nameNode) return;
  ctx.file.builder.declare('type_alias', nameNode.text, ctx.parentDecl, node, {
    signature: flatSignature(node.text), docstring: doc, visibility: privacy(nameNode.text),
    isExported: (ctx.parentDecl === null && !nameNode.text.startsWith('_')) || undefined,
  });
}

// ---------------------------------------------------------------------------------------------
// Members, functions, variables

/** A class member (`method_signature`/`declaration` and the body after it) or a top-level function. */
function visitMember(frame: FrameIn, walk: DartWalk): void {
  const { node, ctx } = frame;
  const signature = SIGNATURES.has(node.type) ? node : node.namedChildren.find((c) => c !== null && SIGNATURES.has(c.type)) ?? null;
  if (!signature) {
    const list = node.namedChildren.find((c) => c !== null && FIELD_LISTS.has(c.type));
    if (list) visitVariables(frame, list, childrenOf(node).filter((c) => c.startIndex < list.startIndex), walk);
    return;
  }
  const next = node.nextNamedSibling;
  const body = next?.type === 'function_body' ? next : null;
  declareFunction(frame, signature, body, walk);
}

function declareFunction({ node, ctx, doc, leading }: FrameIn, signature: SyntaxNode, body: SyntaxNode | null, walk: DartWalk): number | undefined {
  const file = ctx.file;
  const inClass = ctx.classId !== null && ctx.parentDecl === ctx.classId;
  const className = inClass ? file.builder.declarations[ctx.classId!].name : undefined;
  const isConstructor = CONSTRUCTORS.has(signature.type);
  let name: string | undefined;
  let nameNode: SyntaxNode | null = null;
  if (isConstructor) {
    const names = signature.childrenForFieldName('name').filter((c): c is SyntaxNode => c?.type === 'identifier');
    const identifiers = names.length > 0 ? names : signature.namedChildren.filter((c): c is SyntaxNode => c?.type === 'identifier');
    // `C(...)` / `C.named(...)`: the unnamed one is named like its class.
    nameNode = identifiers.length > 1 ? identifiers[1] : identifiers[0] ?? null;
    name = nameNode?.text;
  } else if (signature.type === 'operator_signature') {
    const operator = signature.namedChildren.find((c) => c !== null && c.type !== 'formal_parameter_list' && c.type !== 'type_identifier' && c.type !== 'type_arguments' && c.type !== 'void_type' && c.type !== 'nullable_type');
    name = `operator ${operator ? operator.text : '?'}`;
  } else {
    nameNode = signature.childForFieldName('name') ?? signature.namedChildren.find((c) => c?.type === 'identifier') ?? null;
    name = nameNode?.text;
  }
  if (!name) return undefined;
  const typeParameters = typeParameterNames(signature);
  const typeVariables = withTypeVariables(ctx, typeParameters);
  const parameters = signature.childForFieldName('parameters') ?? signature.namedChildren.find((c) => c?.type === 'formal_parameter_list') ?? null;
  const isStatic = hasToken(node, 'static') || signature.type === 'factory_constructor_signature' || signature.type === 'redirecting_factory_constructor_signature';
  const isAbstract = inClass && !body && !isConstructor && !hasToken(node, 'external') && signature.type !== 'operator_signature' ? true : undefined;
  const until = parameters ?? nameNode ?? signature;
  const header = flatSignature(node.text.slice(0, until.endIndex - node.startIndex).replace(/^@[\w.]+(\([^)]*\))?\s*/g, ''));
  const kind: NodeKind = inClass ? 'method' : 'function';
  const id = file.builder.declare(kind, name, ctx.parentDecl, spanOf(node, body ?? node), {
    signature: header,
    docstring: doc,
    visibility: privacy(isConstructor && nameNode === null ? '' : name),
    isExported: (ctx.parentDecl === null && !name.startsWith('_')) || undefined,
    isStatic: isStatic || undefined,
    isAbstract,
    isAsync: (body !== null && body.children.some((c) => c?.text === 'async' || c?.text === 'async*')) || undefined,
    decorators: decoratorsOf(leading),
    typeParameters,
  });
  const info = inClass ? file.classInfo(ctx.classId!) : undefined;
  if (isConstructor) {
    if (className) file.facts.stateType(id, 'returnType', { kind: 'named', chain: [className] }, ctx.scope);
  } else {
    const returned = resultTypeIn(childrenOf(signature).filter((c) => nameNode === null || c.startIndex < nameNode.startIndex));
    // A `Future<T>` result is T to whoever awaits the call: stated as an async function's result.
    if (returned.future) file.builder.declarations[id].isAsync = true;
    const stated = signature.type === 'setter_signature' ? null : declaredType(returned.chain, typeVariables);
    file.facts.stateType(id, 'returnType', stated, ctx.scope);
    if (signature.type === 'getter_signature') info?.fields.set(name, stated);
    else if (signature.type !== 'setter_signature') info?.methods.add(name);
  }
  // An extension's members belong to the type it extends.
  const extended = info?.extends;
  if (extended && !isStatic) file.builder.declarations[id].memberOf = extended;

  const scope = ctx.scope.open('function');
  const inner: DartContext = { file, scope, parentDecl: id, enclosing: id, classId: ctx.classId, typeVariables };
  bindParameters(parameters, inner);
  // Initializers (`: super(x), _a = b`) and a redirection (`: this(x)`) run in the constructor.
  for (const part of node.namedChildren) {
    if (part && (part.type === 'initializers' || part.type === 'redirection')) walk.push(part, inner);
  }
  if (body) walk.descend(body, inner);
  return id;
}

function bindParameters(list: SyntaxNode | null, ctx: DartContext): void {
  for (const parameter of list?.descendantsOfType('formal_parameter') ?? []) {
    if (!parameter) continue;
    const name = parameter.childForFieldName('name');
    if (name) {
      bindTyped(ctx, name, typeChainIn(childrenOf(parameter).filter((c) => c.startIndex < name.startIndex)), null, 'parameter');
      continue;
    }
    // `this.x`: the field's stated type, when the field is declared above (fields usually come first);
    // `super.x`: nothing stated here.
    const field = parameter.namedChildren.find((c) => c?.type === 'constructor_param' || c?.type === 'super_formal_parameter');
    const identifier = field?.namedChildren.filter((c) => c?.type === 'identifier').pop();
    const ofThis = field?.type === 'constructor_param' && field.namedChildren.some((c) => c?.type === 'this');
    const type = ofThis && identifier && ctx.classId !== null ? ctx.file.classes.get(ctx.classId)?.fields.get(identifier.text) ?? null : null;
    if (identifier) ctx.file.bindLocal(ctx.scope, identifier.text, 'parameter', type);
  }
}

/** Top-level variables: the list's type and keywords are the siblings before it. */
function visitTopLevelVariables(frame: FrameIn, walk: DartWalk): void {
  const before: SyntaxNode[] = [];
  for (let prev = frame.node.previousSibling; prev; prev = prev.previousSibling) {
    if (prev.type === ';' || prev.type === '}' || prev.type === 'function_body' || prev.isNamed && !['type_identifier', 'type_arguments', 'nullable_type', 'final_builtin', 'const_builtin', 'inferred_type', 'function_type', 'void_type', 'record_type'].includes(prev.type)) break;
    before.unshift(prev);
  }
  visitVariables(frame, frame.node, before, walk);
}

function visitVariables({ node, ctx, doc, leading }: FrameIn, list: SyntaxNode, before: SyntaxNode[], walk: DartWalk): void {
  const file = ctx.file;
  const inClass = ctx.classId !== null && ctx.parentDecl === ctx.classId;
  const keywords = new Set(before.flatMap((c) => (c.type === 'final_builtin' ? ['final'] : c.type === 'const_builtin' ? ['const'] : c.isNamed ? [] : [c.text])));
  const isStatic = keywords.has('static') || hasToken(node, 'static');
  const stated = declaredType(typeChainIn(before), ctx.typeVariables);
  const constant = keywords.has('const') || before.some((c) => c.type === 'const_builtin');
  const typeText = before.map((c) => c.text).join(' ');
  for (const item of list.namedChildren) {
    if (!item) continue;
    const nameNode = item.namedChildren.find((c) => c?.type === 'identifier');
    if (!nameNode) continue;
    const name = nameNode.text;
    const kind: NodeKind = inClass ? (constant && isStatic ? 'constant' : 'field') : constant ? 'constant' : 'variable';
    const id = file.builder.declare(kind, name, ctx.parentDecl, item, {
      signature: flatSignature(`${typeText} ${item.text}`),
      docstring: doc,
      visibility: privacy(name),
      isExported: (ctx.parentDecl === null && !name.startsWith('_')) || undefined,
      isStatic: (inClass && isStatic) || undefined,
      decorators: decoratorsOf(leading),
    });
    const value = item.namedChildren.filter((c): c is SyntaxNode => c !== null && c.startIndex > nameNode.startIndex);
    const valueCtx: DartContext = { ...ctx, enclosing: id };
    const type = stated ?? (value.length > 0 ? expressionType(value, valueCtx) : null);
    file.facts.stateType(id, 'valueType', type, ctx.scope);
    if (inClass) file.classInfo(ctx.classId!).fields.set(name, type);
    for (const part of value) walk.push(part, valueCtx);
  }
}

function visitLocal(node: SyntaxNode, ctx: DartContext, walk: DartWalk): void {
  for (const definition of node.namedChildren) {
    if (!definition) continue;
    if (definition.type !== 'initialized_variable_definition') {
      walk.push(definition, ctx);
      continue;
    }
    const name = definition.childForFieldName('name');
    const value = definition.childrenForFieldName('value').filter((c): c is SyntaxNode => c !== null);
    const before = name ? childrenOf(definition).filter((c) => c.startIndex < name.startIndex) : [];
    if (name) bindTyped(ctx, name, typeChainIn(before), value.length > 0 ? value : null);
    for (const part of value) walk.push(part, ctx);
    // `var a = 1, b = f();`
    for (const more of definition.namedChildren) {
      if (more?.type !== 'initialized_identifier') continue;
      const moreName = more.namedChildren.find((c) => c?.type === 'identifier');
      const moreValue = more.namedChildren.filter((c): c is SyntaxNode => c !== null && c !== moreName);
      if (moreName) bindTyped(ctx, moreName, typeChainIn(before), moreValue.length > 0 ? moreValue : null);
      for (const part of moreValue) walk.push(part, ctx);
    }
  }
}

/** Binds a local or parameter with its declared type, or (`var`, `final`) the type its initialiser proves. */
function bindTyped(ctx: DartContext, name: SyntaxNode, chain: string[] | null, value: SyntaxNode[] | null, kind = 'local'): void {
  const type = declaredType(chain, ctx.typeVariables) ?? (value ? expressionType(value, ctx) : null);
  ctx.file.bindLocal(ctx.scope, name.text, kind, type, kind === 'parameter' ? undefined : name);
}

function visitLocalFunction(node: SyntaxNode, ctx: DartContext, walk: DartWalk): void {
  const lambda = node.namedChildren.find((c) => c?.type === 'lambda_expression');
  const signature = lambda?.childForFieldName('parameters');
  const body = lambda?.childForFieldName('body') ?? null;
  if (!lambda || signature?.type !== 'function_signature') {
    walk.descend(node, ctx);
    return;
  }
  const nameNode = signature.childForFieldName('name');
  const id = declareFunction({ node: lambda, ctx: { ...ctx, classId: null } }, signature, body, {
    ...walk,
    // The body runs with the class around it (`this` is still the method's).
    push: (n, c, f) => walk.push(n, { ...c, classId: ctx.classId }, f),
    descend: (n, c) => walk.descend(n, { ...c, classId: ctx.classId }),
    visit: (n, c, f) => walk.visit(n, { ...c, classId: ctx.classId }, f),
  });
  if (nameNode && id !== undefined) ctx.file.bindLocal(ctx.scope, nameNode.text, 'local-function', null, undefined, id);
}

function visitLambda(node: SyntaxNode, ctx: DartContext, walk: DartWalk): void {
  const scope = ctx.scope.open('lambda');
  const inner: DartContext = { ...ctx, scope };
  bindParameters(node.childForFieldName('parameters'), inner);
  const body = node.childForFieldName('body');
  if (body) walk.descend(body, inner);
}

// ---------------------------------------------------------------------------------------------
// Expressions and sites

/** The member name a selector reads (`.name`, `?.name`), or undefined (`!`, `[i]`, a call). */
function selectorName(selector: SyntaxNode): SyntaxNode | undefined {
  const access = selector.type === 'unconditional_assignable_selector' || selector.type === 'conditional_assignable_selector'
    ? selector
    : selector.namedChildren.find((c) => c?.type === 'unconditional_assignable_selector' || c?.type === 'conditional_assignable_selector');
  const name = access?.namedChildren[0];
  return name?.type === 'identifier' ? name : undefined;
}

function isCall(selector: SyntaxNode): boolean {
  return selector.type === 'selector' && selector.namedChildren.some((c) => c?.type === 'argument_part');
}

/** `!` (a non-null assertion): no name, no call. */
function isTransparent(selector: SyntaxNode): boolean {
  return selector.type === 'selector' && selector.namedChildCount === 0;
}

/** The postfix run ending right before `node`: its primary, then its selectors. */
function runBefore(node: SyntaxNode): SyntaxNode[] {
  const run: SyntaxNode[] = [];
  let current = node.previousNamedSibling;
  while (current && (current.type === 'selector' || current.type === 'comment')) {
    if (current.type === 'selector') run.unshift(current);
    current = current.previousNamedSibling;
  }
  if (!current) return [];
  run.unshift(current);
  return run;
}

/** `a.b.c` or `this.a` as a name chain; undefined when the run is anything else. */
function chainOf(run: SyntaxNode[]): string[] | undefined {
  if (run.length === 0 || !CHAIN_HEADS.has(run[0].type)) return undefined;
  const chain = [run[0].text];
  for (const selector of run.slice(1)) {
    if (isTransparent(selector)) continue;
    const name = selectorName(selector);
    if (!name || isCall(selector)) return undefined;
    chain.push(name.text);
  }
  return chain;
}

/**
 * The class a postfix run's value is stated to be: a constructor or a function's declared result
 * (`Foo()`, `p.Foo.named()`, `make()`), then members called on it (`.m()`) and fields read
 * (`.f`, kept as a path). null when the code proves none.
 */
function expressionType(run: SyntaxNode[], ctx: DartContext): TypeRef | null {
  if (run.length === 0) return null;
  const [primary, ...selectors] = run;
  let type: TypeRef | null = null;
  let names: string[] = [];
  let path: string[] = [];
  switch (primary.type) {
    case 'identifier':
      names = [primary.text];
      break;
    case 'this': {
      type = thisType(ctx);
      if (!type) return null;
      break;
    }
    case 'new_expression':
    case 'const_object_expression': {
      const target = creationTarget(primary);
      if (!target) return null;
      type = target.kind === 'instantiates' ? { kind: 'call', callee: target.chain, construct: true } : { kind: 'call', callee: target.chain };
      break;
    }
    case 'parenthesized_expression': {
      const inner = primary.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
      type = expressionType(inner, ctx);
      if (!type) return null;
      break;
    }
    case 'unary_expression':
    case 'await_expression': {
      // `await f()`: what the call's Future completes with.
      const awaitNode = primary.type === 'await_expression' ? primary : primary.namedChildren.find((c) => c?.type === 'await_expression');
      if (!awaitNode || selectors.length > 0) return null;
      const inner = expressionType(awaitNode.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment'), ctx);
      return inner && (inner.kind === 'call' || inner.kind === 'member-call') && !inner.awaited ? { ...inner, awaited: true } : null;
    }
    default:
      return null;
  }
  for (let i = 0; i < selectors.length; i++) {
    const selector = selectors[i];
    if (isTransparent(selector)) continue;
    if (isCall(selector)) {
      if (type === null) {
        if (names.length === 0) return null;
        type = { kind: 'call', callee: names };
        names = [];
      } else {
        const name = path.pop();
        if (!name) return null; // a call of a call's result
        if (path.length > 0) type = { kind: 'field', of: type, path };
        type = { kind: 'member-call', of: type, name };
        path = [];
      }
      continue;
    }
    const name = selectorName(selector);
    if (!name) return null; // `[i]`
    if (type === null) names.push(name.text);
    else path.push(name.text);
  }
  if (type === null) {
    // A bare name chain: a value whose type the resolver finds (a local, a field, a top-level variable).
    return { kind: 'value', chain: names };
  }
  return path.length > 0 ? { kind: 'field', of: type, path } : type;
}

/** What `this` is: the enclosing class, or for an extension's members the type it extends. */
function thisType(ctx: DartContext): TypeRef | null {
  if (ctx.classId === null) return null;
  const info = ctx.file.classes.get(ctx.classId);
  if (info?.extends) return info.extends;
  const declaration = ctx.file.builder.declarations[ctx.classId];
  return declaration.kind === 'enum_member' || declaration.parent !== null ? null : { kind: 'named', chain: [declaration.name] };
}

/** The site for a call written as `receiver.name(args)` / `name(args)`, from the run before its argument selector. */
function callTarget(callSelector: SyntaxNode, ctx: DartContext): { target: SiteTarget; at: SyntaxNode } | undefined {
  const run = runBefore(callSelector);
  if (run.length === 0) return undefined;
  const last = run[run.length - 1];
  if (run.length === 1) {
    if (last.type === 'identifier') return { target: { name: last.text, receiver: [] }, at: last };
    if (last.type === 'unconditional_assignable_selector') return undefined;
    return undefined;
  }
  const nameNode = selectorName(last);
  if (!nameNode || isCall(last)) return undefined;
  const receiverRun = run.slice(0, -1);
  const chain = chainOf(receiverRun);
  if (chain) return { target: { name: nameNode.text, receiver: chain }, at: run[0] };
  // `make().a.m()`: the stated type of the value, then the fields read after it.
  const type = expressionType(receiverRun, ctx);
  return { target: { name: nameNode.text, receiver: undefined, typedReceiver: type ? { type, path: [] } : undefined }, at: run[0] };
}

function visitSelector(node: SyntaxNode, ctx: DartContext): boolean {
  if (!isCall(node)) return true;
  // `super.m()`: the grammar puts the name right after `super`, outside a selector.
  const prev = node.previousNamedSibling;
  if (prev?.type === 'unconditional_assignable_selector' && prev.previousNamedSibling?.type === 'super') {
    const name = selectorName(prev);
    if (name) ctx.file.addSite('calls', { name: name.text, receiver: ['super'] }, spanOf(prev.previousNamedSibling, node), ctx);
    return true;
  }
  const call = callTarget(node, ctx);
  if (call) ctx.file.addSite('calls', call.target, spanOf(call.at, node), ctx);
  return true;
}

/** `x..m()..n()`: calls on the value before the first cascade section. */
function visitCascade(node: SyntaxNode, ctx: DartContext): boolean {
  const parts = childrenOf(node).filter((c) => c.isNamed);
  const selector = parts[0];
  if (selector?.type !== 'cascade_selector' || parts[1]?.type !== 'argument_part') return true;
  const name = selector.namedChildren.find((c) => c?.type === 'identifier');
  if (!name) return true;
  let first: SyntaxNode = node;
  while (first.previousNamedSibling?.type === 'cascade_section') first = first.previousNamedSibling;
  const run = runBefore(first);
  if (run.length === 0) return true;
  const chain = chainOf(run);
  const type = chain ? undefined : expressionType(run, ctx);
  const target: SiteTarget = chain
    ? { name: name.text, receiver: chain }
    : { name: name.text, receiver: undefined, typedReceiver: type ? { type, path: [] } : undefined };
  ctx.file.addSite('calls', target, spanOf(node, node), ctx);
  return true;
}

/**
 * `new p.Foo()`, `const Foo()`: an instantiation of the class. The grammar writes `const a.B()` as a
 * type name then a name, which is `prefix.Class` or `Class.named` alike: a call of the chain, which
 * lands on the class (an instantiation) or on its named constructor.
 */
function creationTarget(node: SyntaxNode): { kind: 'instantiates' | 'calls'; chain: string[] } | undefined {
  const [type] = typeList(childrenOf(node));
  if (!type) return undefined;
  const named = node.namedChildren.find((c) => c?.type === 'identifier');
  return named ? { kind: 'calls', chain: [...type.chain, named.text] } : { kind: 'instantiates', chain: type.chain };
}

function visitCreation(node: SyntaxNode, ctx: DartContext): boolean {
  const target = creationTarget(node);
  if (target) ctx.file.addSite(target.kind, { name: target.chain[target.chain.length - 1], receiver: target.chain.slice(0, -1) }, node, ctx);
  return true;
}

/** `: super(x)` / `: super.named(x)` in a constructor's initializer list. */
function visitInitializer(node: SyntaxNode, ctx: DartContext): boolean {
  const superNode = node.namedChildren.find((c) => c?.type === 'super');
  if (!superNode || ctx.classId === null) return true;
  const named = node.namedChildren.find((c) => c?.type === 'identifier');
  const name = named?.text ?? ctx.file.classInfo(ctx.classId).superName;
  if (name) ctx.file.addSite('calls', { name, receiver: ['super'] }, node, ctx);
  return true;
}

/** `: this(x)` / `: this.named(x)`: another constructor of the class. */
function visitRedirection(node: SyntaxNode, ctx: DartContext): boolean {
  if (ctx.classId === null) return true;
  const named = node.namedChildren.find((c) => c?.type === 'identifier');
  const name = named?.text ?? ctx.file.builder.declarations[ctx.classId].name;
  ctx.file.addSite('calls', { name, receiver: ['this'] }, node, ctx);
  return true;
}
