/**
 * What PHP's syntax means, as rules for the shared walk (`src/extraction/core/syntax-walk.ts`):
 * node type → the scope it opens and, where data cannot say it, a hook that declares, binds,
 * records a site or an import.
 *
 * Decisions:
 *  - Classes → `class`, interfaces → `interface`, traits → `trait`, enums → `enum` with `enum_member`
 *    cases; methods (constructors included, named `__construct`) → `method`; functions → `function`;
 *    properties (promoted constructor parameters too) → `field`, named without `$`; class and
 *    top-level constants → `constant`. Namespaces are no declaration (as the codegraph CLI writes PHP):
 *    a class's qualified name is `Class::member`. Top-level declarations are all exported.
 *  - `use A\B as C;` (and `use function`, `use const`, group uses `use A\{B, C as D}`) → one import
 *    per clause, specifier the fully qualified name, binding `{ local: 'C', imported: 'B' }`.
 *    `require`/`include` of a literal path (`__DIR__ . '/x.php'` too) → a side-effect import of that path.
 *  - Sites: `f()` calls, `$x->m()`, `$x?->m()`, `Foo::m()`, `self::`/`static::`/`parent::m()`,
 *    `new Foo` instantiates; `extends` and `implements` of classes, interfaces and enums; a trait
 *    `use T;` in a class body is an `implements` site of T (the resolver takes a used trait's
 *    members as the class's own). Names are written as `names.ts` settles them.
 *  - Receivers: `$this` (and `self`, `static`) is the class; a variable's class is what its parameter
 *    type, `new Foo`, or a called function's declared return type states; a property's is its declared
 *    type (promoted parameters too), or what every `$this->p = …` assignment agrees on.
 */
import { blockDocComment, flatSignature } from '../../extraction/core/declaration-text.js';
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import type { SiteTarget, StatedValue } from '../../extraction/core/file-facts.js';
import { handledFrame, type NodeRule, type SyntaxRules, type Walk } from '../../extraction/core/syntax-walk.js';
import type { PhpContext } from './file-state.js';
import { useClauses } from './names.js';

type PhpWalk = Walk<PhpContext>;
type Rule = NodeRule<PhpContext>;
type Frame = { node: SyntaxNode; ctx: PhpContext; doc?: string };

const TYPE_DECLARATIONS: Readonly<Record<string, NodeKind>> = {
  class_declaration: 'class',
  interface_declaration: 'interface',
  trait_declaration: 'trait',
  enum_declaration: 'enum',
};

/** Named node types with nothing to extract inside. */
const OPAQUE = [
  'name', 'qualified_name', 'namespace_name', 'variable_name', 'string', 'encapsed_string', 'heredoc', 'nowdoc',
  'integer', 'float', 'boolean', 'null', 'comment', 'named_type', 'optional_type', 'union_type', 'intersection_type',
  'primitive_type', 'visibility_modifier', 'static_modifier', 'abstract_modifier', 'final_modifier', 'readonly_modifier',
  'var_modifier', 'php_tag', 'text_interpolation', 'text', 'declare_statement', 'relative_scope',
];

const handled = handledFrame<PhpContext>;

/** PHP's line comments: `//` and `#`, but not `#[`, which opens an attribute. */
const PHP_LINE_COMMENTS = /(?:\/\/|#(?!\[))[^\n]*/g;

export const PHP_SYNTAX: SyntaxRules<PhpContext> = {
  opaque: OPAQUE,
  patternNames: () => [],
  comments: {
    types: ['comment'],
    doc: (comment) => blockDocComment(comment.text),
  },
  nodes: {
    namespace_definition: handled(visitNamespace),
    namespace_use_declaration: handled(({ node, ctx }) => visitUse(node, ctx)),
    require_expression: { visit: ({ node, ctx }) => visitRequire(node, ctx) },
    require_once_expression: { visit: ({ node, ctx }) => visitRequire(node, ctx) },
    include_expression: { visit: ({ node, ctx }) => visitRequire(node, ctx) },
    include_once_expression: { visit: ({ node, ctx }) => visitRequire(node, ctx) },

    class_declaration: handled(visitType),
    interface_declaration: handled(visitType),
    trait_declaration: handled(visitType),
    enum_declaration: handled(visitType),
    use_declaration: handled(({ node, ctx }) => visitTraitUse(node, ctx)),
    enum_case: handled(visitEnumCase),
    method_declaration: handled(visitFunction),
    function_definition: handled(visitFunction),
    property_declaration: handled(visitProperty),
    const_declaration: handled(visitConstants),

    anonymous_function_creation_expression: handled(({ node, ctx }, walk) => visitClosure(node, ctx, walk)),
    arrow_function: handled(({ node, ctx }, walk) => visitClosure(node, ctx, walk)),
    assignment_expression: { visit: ({ node, ctx }) => visitAssignment(node, ctx) },
    foreach_statement: { visit: ({ node, ctx }) => visitForeach(node, ctx) },
    catch_clause: { visit: ({ node, ctx }) => visitCatch(node, ctx) },

    if_statement: handled(({ node, ctx }, walk) => visitIf(node, ctx, walk)),
    else_if_clause: handled(({ node, ctx }, walk) => visitIf(node, ctx, walk)),
    conditional_expression: handled(({ node, ctx }, walk) => visitConditional(node, ctx, walk)),
    compound_statement: handled(({ node, ctx }, walk) => visitBlock(node, ctx, walk)),
    return_statement: { visit: ({ node, ctx }) => visitReturn(node, ctx) },
    yield_expression: { visit: ({ node, ctx }) => visitYield(ctx) },
    function_call_expression: { visit: ({ node, ctx }) => visitFunctionCall(node, ctx) },
    member_call_expression: { visit: ({ node, ctx }) => visitMemberCall(node, ctx) },
    nullsafe_member_call_expression: { visit: ({ node, ctx }) => visitMemberCall(node, ctx) },
    scoped_call_expression: { visit: ({ node, ctx }) => visitScopedCall(node, ctx) },
    object_creation_expression: handled(({ node, ctx }, walk) => visitCreation(node, ctx, walk)),
  },
};

/** The declaration's text from after its attributes to the start of `body` (its header). */
function header(node: SyntaxNode, body: SyntaxNode | null): string {
  const attributes = node.childForFieldName('attributes') ?? node.namedChildren.find((c) => c?.type === 'attribute_list');
  const start = attributes ? attributes.endIndex : node.startIndex;
  const end = body ? body.startIndex : node.endIndex;
  return flatSignature(node.text.slice(start - node.startIndex, end - node.startIndex), PHP_LINE_COMMENTS);
}

function decoratorsOf(node: SyntaxNode): string[] | undefined {
  const out: string[] = [];
  for (const list of node.namedChildren) {
    if (list?.type !== 'attribute_list') continue;
    for (const group of list.namedChildren) {
      for (const attribute of group?.namedChildren ?? []) if (attribute?.type === 'attribute') out.push(flatSignature(attribute.text, PHP_LINE_COMMENTS));
    }
  }
  return out.length > 0 ? out : undefined;
}

interface Modifiers {
  visibility?: 'public' | 'private' | 'protected';
  isStatic?: boolean;
  isAbstract?: boolean;
  readonly?: boolean;
}

function modifiersOf(node: SyntaxNode): Modifiers {
  const out: Modifiers = {};
  for (const child of node.children) {
    if (!child) continue;
    switch (child.type) {
      case 'visibility_modifier': {
        const word = child.text.toLowerCase().replace(/\(.*$/, '');
        if (word === 'public' || word === 'private' || word === 'protected') out.visibility ??= word;
        break;
      }
      case 'static_modifier':
        out.isStatic = true;
        break;
      case 'abstract_modifier':
        out.isAbstract = true;
        break;
      case 'readonly_modifier':
        out.readonly = true;
        break;
      default:
    }
  }
  return out;
}

function visitNamespace({ node, ctx }: Frame, walk: PhpWalk): void {
  // Its names are read before the walk (names.ts); `namespace A { … }`: the block's statements.
  // `namespace { … }`: a block of the global namespace ('').
  ctx.file.module.package((node.childForFieldName('name')?.text ?? '').replace(/^\\/, ''), node);
  const body = node.childForFieldName('body');
  if (body) walk.descend(body, ctx);
}

function visitUse(node: SyntaxNode, ctx: PhpContext): void {
  const signature = flatSignature(node.text, PHP_LINE_COMMENTS);
  for (const clause of useClauses(node)) {
    ctx.file.builder.addImport(clause.fqn, ctx.parentDecl, clause.node, signature, [{ local: clause.local, imported: clause.imported }]);
  }
}

/** `require __DIR__ . '/x.php'`, `include 'lib/y.php'`, `require dirname(__FILE__) . '/z.php'`: the literal path. */
function visitRequire(node: SyntaxNode, ctx: PhpContext): boolean {
  const argument = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
  const path = argument ? literalPath(argument) : undefined;
  if (path) ctx.file.builder.addImport(path, ctx.parentDecl, node, flatSignature(node.text, PHP_LINE_COMMENTS), [], { sideEffectOnly: true });
  return true;
}

function stringText(node: SyntaxNode): string | undefined {
  if (node.type !== 'string' && node.type !== 'encapsed_string') return undefined;
  const parts = node.namedChildren.filter((c) => c !== null);
  if (parts.some((c) => c.type !== 'string_content' && c.type !== 'string_value')) return undefined;
  return parts.map((c) => c.text).join('');
}

function literalPath(node: SyntaxNode): string | undefined {
  if (node.type === 'parenthesized_expression') {
    const inner = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
    return inner ? literalPath(inner) : undefined;
  }
  const text = stringText(node);
  if (text !== undefined) return text.length > 0 ? text : undefined;
  if (node.type !== 'binary_expression' || node.children.find((c) => c !== null && !c.isNamed)?.type !== '.') return undefined;
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  const rest = right ? stringText(right) : undefined;
  if (!left || rest === undefined) return undefined;
  // `__DIR__ . '/x.php'` and `dirname(__FILE__) . '/x.php'`: relative to the file's folder.
  const here = left.text.replace(/\s+/g, '');
  if (here === '__DIR__' || here === 'dirname(__FILE__)') return `./${rest.replace(/^\/+/, '')}`;
  return undefined;
}

function visitType({ node, ctx, doc }: Frame, walk: PhpWalk): void {
  const nameNode = node.childForFieldName('name');
  const body = node.childForFieldName('body');
  if (!nameNode) {
    walk.descend(node, ctx);
    return;
  }
  const file = ctx.file;
  const name = nameNode.text;
  const kind = TYPE_DECLARATIONS[node.type];
  const mods = modifiersOf(node);
  const id = file.builder.declare(kind, name, ctx.parentDecl, node, {
    signature: header(node, body),
    docstring: doc,
    isAbstract: mods.isAbstract,
    decorators: decoratorsOf(node),
    isExported: ctx.parentDecl === null || undefined,
  });
  const selfChain = file.names(node).chainOf(file.names(node).classFqn(name), 'class');
  const base = node.namedChildren.find((c) => c?.type === 'base_clause');
  const bases = base?.namedChildren.filter((c): c is SyntaxNode => c !== null && (c.type === 'name' || c.type === 'qualified_name')) ?? [];
  const inner: PhpContext = {
    file, scope: ctx.scope.open('class'), parentDecl: id, enclosing: id, classId: id, selfChain,
    parentChain: kind === 'class' && bases.length === 1 ? file.names(node).classChain(bases[0].text) : null,
  };
  for (const type of bases) file.addChainSite('extends', file.names(type).classChain(type.text), type, inner, 'type');
  const interfaces = node.namedChildren.find((c) => c?.type === 'class_interface_clause');
  for (const type of interfaces?.namedChildren ?? []) {
    if (type && (type.type === 'name' || type.type === 'qualified_name')) file.addChainSite('implements', file.names(type).classChain(type.text), type, inner, 'type');
  }
  walk.push(body, inner);
}

/** `use A, B { … }` in a class body: the class takes the traits' members. */
function visitTraitUse(node: SyntaxNode, ctx: PhpContext): void {
  if (ctx.classId === null) return;
  for (const type of node.namedChildren) {
    if (type && (type.type === 'name' || type.type === 'qualified_name')) ctx.file.addChainSite('implements', ctx.file.names(type).classChain(type.text), type, ctx, 'type');
  }
}

function visitEnumCase({ node, ctx, doc }: Frame, walk: PhpWalk): void {
  const nameNode = node.childForFieldName('name') ?? node.namedChildren.find((c) => c?.type === 'name');
  if (!nameNode) return;
  const id = ctx.file.builder.declare('enum_member', nameNode.text, ctx.parentDecl, node, {
    signature: flatSignature(node.text, PHP_LINE_COMMENTS), docstring: doc, visibility: 'public', isStatic: true, decorators: decoratorsOf(node),
  });
  // A case is an instance of its enum (`Suit::Hearts->color()`).
  if (ctx.selfChain) ctx.file.facts.stateType(id, 'valueType', { kind: 'named', chain: ctx.selfChain }, ctx.scope);
  walk.push(node.childForFieldName('value'), { ...ctx, enclosing: id });
}

/** A declared type as a receiver type: a class name (`?Foo`, `Foo|null` too); primitives, unions and `mixed` prove none. */
function declaredType(node: SyntaxNode | null, ctx: PhpContext): TypeRef | null {
  if (!node) return null;
  switch (node.type) {
    case 'optional_type':
    case 'named_type': {
      const inner = node.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
      if (!inner) return null;
      return inner.type === 'name' || inner.type === 'qualified_name' ? classType(inner, ctx) : declaredType(inner, ctx);
    }
    case 'union_type': {
      const members = node.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
      const classes = members.filter((c) => !(c.type === 'primitive_type' && c.text.toLowerCase() === 'null'));
      return classes.length === 1 ? declaredType(classes[0], ctx) : null;
    }
    case 'intersection_type': {
      // `Foo&MockObject`: the value is each of them; the first one's members are the value's.
      const first = node.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
      return declaredType(first, ctx);
    }
    case 'name':
    case 'qualified_name':
      return classType(node, ctx);
    default:
      return null;
  }
}

/** Type words of PHP and of docblocks that name no class. */
const DOC_SCALARS = new Set([
  'int', 'integer', 'float', 'double', 'string', 'bool', 'boolean', 'array', 'callable', 'iterable', 'object', 'mixed',
  'void', 'never', 'null', 'false', 'true', 'resource', 'scalar', 'numeric', 'list', 'class-string', 'non-empty-string',
  'positive-int', 'negative-int', 'array-key', 'closure',
]);

/**
 * A docblock type (`@param Foo|null $x`, `@return Foo`, `@var Foo`) naming one class: `Foo`, `?Foo`,
 * `Foo|null`, `\A\Foo`; `static`, `self` and `$this` are the class; an array of one class (`Foo[]`,
 * `array<Foo>`, `array<int, Foo>`, `list<Foo>`, `iterable<Foo>`) is a collection of it. Other generics
 * and unions of classes prove none.
 */
function docType(text: string | undefined, at: SyntaxNode, ctx: PhpContext): TypeRef | null {
  if (!text) return null;
  const parts = splitUnion(text.replace(/^\?/, '')).filter((part) => part.toLowerCase() !== 'null');
  if (parts.length !== 1) return null;
  const word = parts[0];
  const lower = word.toLowerCase();
  if (lower === 'static' || lower === 'self' || lower === '$this') return ctx.selfChain ? { kind: 'named', chain: ctx.selfChain } : null;
  const array = /^(\\?[A-Za-z_][\w\\]*)\[\]$/.exec(word)
    ?? /^(?:array|list|iterable|non-empty-array|non-empty-list)<(?:\s*(?:int|string|array-key)\s*,)?\s*(\\?[A-Za-z_][\w\\]*)\s*>$/i.exec(word);
  if (array) {
    const element = docType(array[1], at, ctx);
    return element?.kind === 'named' ? { kind: 'collection', element } : null;
  }
  if (!/^\\?[A-Za-z_][\w\\]*$/.test(word) || DOC_SCALARS.has(lower)) return null;
  return { kind: 'named', chain: ctx.file.names(at).classChain(word) };
}

/** `array $xs` (`?array`, `iterable`) with a docblock's `Foo[]`: the docblock says what the array holds. */
function arrayDocType(typeNode: SyntaxNode, text: string | undefined, at: SyntaxNode, ctx: PhpContext): TypeRef | null {
  const word = typeNode.text.replace(/^\?/, '').toLowerCase();
  if (word !== 'array' && word !== 'iterable') return null;
  const type = docType(text, at, ctx);
  return type?.kind === 'collection' ? type : null;
}

/** `A|B<C|D>|E` → ['A', 'B<C|D>', 'E']: the union's members, generics kept whole. */
function splitUnion(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '<' || c === '(' || c === '{') depth++;
    else if (c === '>' || c === ')' || c === '}') depth--;
    else if (c === '|' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((part) => part.trim());
}

/** The `@param` types of a docblock by variable (`$x`), its `@return` and `@var` types, as written. */
function docTags(doc: string | undefined): { params: Map<string, string>; returns?: string; var?: string } {
  const params = new Map<string, string>();
  if (!doc || !doc.includes('@')) return { params };
  let returns: string | undefined;
  let variable: string | undefined;
  // A type is written without `$`, except `$this` (a fluent method's `@return $this`).
  // Generics may hold spaces (`array<int, Foo>`): one level of `<…>` is read whole.
  for (const match of doc.matchAll(/@(param|return|var)\s+((?:\$this\b|[^\s$|<]|<[^<>]*>)(?:[^\s$|<]|<[^<>]*>|\|(?:\$this\b)?)*)(?:\s+(?:\.\.\.)?(\$\w+))?/g)) {
    if (match[1] === 'param' && match[3]) params.set(match[3], match[2]);
    else if (match[1] === 'return') returns ??= match[2];
    else if (match[1] === 'var') variable ??= match[2];
  }
  return { params, returns, var: variable };
}

function classType(at: SyntaxNode, ctx: PhpContext): TypeRef | null {
  const text = at.text;
  const word = text.toLowerCase();
  if (word === 'self' || word === 'static') return ctx.selfChain ? { kind: 'named', chain: ctx.selfChain } : null;
  if (word === 'parent') return ctx.parentChain ? { kind: 'named', chain: ctx.parentChain } : null;
  return { kind: 'named', chain: ctx.file.names(at).classChain(text) };
}

function parameterNodes(node: SyntaxNode): SyntaxNode[] {
  return node.childForFieldName('parameters')?.namedChildren.filter((c): c is SyntaxNode =>
    c !== null && (c.type === 'simple_parameter' || c.type === 'variadic_parameter' || c.type === 'property_promotion_parameter')) ?? [];
}

/** `$name` of a variable node, or undefined for `$$x` and other dynamic names. */
function variableName(node: SyntaxNode | null | undefined): string | undefined {
  if (node?.type !== 'variable_name') return undefined;
  const name = node.namedChildren.find((c) => c?.type === 'name');
  return name ? `$${name.text}` : undefined;
}

function visitFunction({ node, ctx, doc }: Frame, walk: PhpWalk): void {
  const file = ctx.file;
  const nameNode = node.childForFieldName('name');
  const body = node.childForFieldName('body');
  if (!nameNode) {
    walk.descend(node, ctx);
    return;
  }
  const isMethod = node.type === 'method_declaration';
  const mods = modifiersOf(node);
  const inInterface = ctx.classId !== null && file.builder.declarations[ctx.classId].kind === 'interface';
  const parameters = parameterNodes(node);
  const id = file.builder.declare(isMethod && ctx.classId !== null ? 'method' : 'function', nameNode.text, ctx.parentDecl, node, {
    signature: header(node, body),
    docstring: doc,
    visibility: isMethod ? mods.visibility ?? 'public' : undefined,
    isStatic: mods.isStatic,
    isAbstract: mods.isAbstract || (inInterface && !body) || undefined,
    decorators: decoratorsOf(node),
    isExported: (!isMethod && ctx.parentDecl === null) || undefined,
    variadic: parameters.some((p) => p.type === 'variadic_parameter') || undefined,
  });
  const returnNode = node.childForFieldName('return_type');
  const returnWord = returnNode?.text.replace(/^\?/, '').toLowerCase();
  // `: static` / `: self` (a fluent method): the class it is called on.
  const tags = docTags(doc);
  // A declared type wins; a docblock's `@return` / `@param` speaks only where the code states none.
  const docReturn = tags.returns?.toLowerCase();
  const returnType: TypeRef | null = returnWord === 'static' || returnWord === 'self' ? { kind: 'self' }
    : returnNode ? declaredType(returnNode, ctx) ?? arrayDocType(returnNode, tags.returns, node, ctx)
    // `@return $this` / `@return static` (a fluent builder's docblock): the class it is called on.
    : docReturn === '$this' || docReturn === 'static' ? { kind: 'self' } : docType(tags.returns, node, ctx);
  file.facts.stateType(id, 'returnType', returnType, ctx.scope);
  // Stating no result at all (no type, no `@return`), a function returns what every `return` of its body agrees on.
  const fn = !returnNode && tags.returns === undefined && body ? file.facts.functionResults(id) : null;

  const scope = ctx.scope.open('function');
  const inner: PhpContext = { ...ctx, scope, parentDecl: id, enclosing: id, fn, narrowed: undefined };
  for (const parameter of parameters) {
    const name = variableName(parameter.childForFieldName('name'));
    const typeNode = parameter.childForFieldName('type');
    const type = parameter.type === 'variadic_parameter' ? null
      : typeNode ? declaredType(typeNode, ctx) ?? arrayDocType(typeNode, name ? tags.params.get(name) : undefined, node, ctx)
      : docType(name ? tags.params.get(name) : undefined, node, ctx);
    if (name) scope.bind(name, 'parameter', undefined, type ? { type, scope: ctx.scope } : undefined);
    // `public function __construct(private Foo $foo)`: a property too.
    if (parameter.type === 'property_promotion_parameter' && name && ctx.classId !== null) {
      const promoted = modifiersOf(parameter);
      const field = file.builder.declare('field', name.slice(1), ctx.classId, parameter, {
        signature: flatSignature(parameter.text.replace(/=[\s\S]*$/, ''), PHP_LINE_COMMENTS), visibility: promoted.visibility ?? 'public',
      });
      file.facts.stateType(field, 'valueType', type, ctx.scope);
    }
    walk.push(parameter.childForFieldName('default_value'), inner);
  }
  walk.push(body, inner);
}

function visitProperty({ node, ctx, doc }: Frame, walk: PhpWalk): void {
  const file = ctx.file;
  const mods = modifiersOf(node);
  const typeNode = node.childForFieldName('type');
  const type = typeNode ? declaredType(typeNode, ctx) ?? arrayDocType(typeNode, docTags(doc).var, node, ctx) : docType(docTags(doc).var, node, ctx);
  for (const element of node.namedChildren) {
    if (element?.type !== 'property_element') continue;
    const name = variableName(element.namedChildren.find((c) => c?.type === 'variable_name'));
    if (!name) continue;
    const id = file.builder.declare('field', name.slice(1), ctx.parentDecl, element, {
      signature: flatSignature(`${typeNode?.text ?? ''} ${name}`, PHP_LINE_COMMENTS),
      docstring: doc,
      visibility: mods.visibility ?? 'public',
      isStatic: mods.isStatic,
      decorators: decoratorsOf(node),
    });
    file.facts.stateType(id, 'valueType', type, ctx.scope);
    walk.push(element.namedChildren.find((c) => c?.type === 'property_initializer'), { ...ctx, enclosing: id });
  }
}

function visitConstants({ node, ctx, doc }: Frame, walk: PhpWalk): void {
  const mods = modifiersOf(node);
  for (const element of node.namedChildren) {
    if (element?.type !== 'const_element') continue;
    const nameNode = element.namedChildren.find((c) => c?.type === 'name');
    if (!nameNode) continue;
    const id = ctx.file.builder.declare('constant', nameNode.text, ctx.parentDecl, element, {
      signature: flatSignature(`const ${element.text}`, PHP_LINE_COMMENTS),
      docstring: doc,
      visibility: ctx.classId !== null ? mods.visibility ?? 'public' : undefined,
      isStatic: ctx.classId !== null || undefined,
      isExported: ctx.parentDecl === null || undefined,
    });
    for (const value of element.namedChildren) if (value && value.startIndex !== nameNode.startIndex) walk.push(value, { ...ctx, enclosing: id });
  }
}

function visitClosure(node: SyntaxNode, ctx: PhpContext, walk: PhpWalk): void {
  // A closure's variables are its own; the enclosing function's (captured by `use` or by an arrow function) are seen through.
  const scope = ctx.scope.open('closure');
  const inner: PhpContext = { ...ctx, scope, fn: null, narrowed: undefined };
  for (const parameter of parameterNodes(node)) {
    const name = variableName(parameter.childForFieldName('name'));
    const type = parameter.type === 'variadic_parameter' ? null : declaredType(parameter.childForFieldName('type'), ctx);
    if (name) scope.bind(name, 'parameter', undefined, type ? { type, scope: ctx.scope } : undefined);
    walk.push(parameter.childForFieldName('default_value'), ctx);
  }
  walk.push(node.childForFieldName('body'), inner);
}

/** `$x = …` binds `$x` with what the value states; `$this->p = …` states what property p holds. */
function visitAssignment(node: SyntaxNode, ctx: PhpContext): boolean {
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  const name = variableName(left);
  // Plain `=` only: `??=`, `.=` keep the variable's value or make a string.
  const plain = node.type === 'assignment_expression';
  if (name && name !== '$this' && plain) {
    // `/** @var Foo $x */` right before the statement states what the value is.
    // `$x = $y`: what `$y` holds.
    const alias = right ? variableName(right) : undefined;
    const type = inlineVarType(node, name, ctx)
      ?? (alias && alias !== '$this' && alias !== name ? { kind: 'value', chain: [alias] } as TypeRef : right ? expressionType(right, ctx) : null);
    ctx.scope.bind(name, 'local', undefined, type ? { type, scope: ctx.scope } : undefined);
  } else if (left?.type === 'member_access_expression' && ctx.classId !== null && plain) {
    const object = left.childForFieldName('object');
    const property = left.childForFieldName('name');
    if (variableName(object) === '$this' && property?.type === 'name') {
      // `$this->p = $p`: what the local (a typed parameter, `$p = new Foo`) is proven to hold.
      // Only a name the function binds: a method never sees the file's variables.
      const named = right ? variableName(right) : undefined;
      const local = named && named !== '$this' && ctx.scope.classify(named, false).locallyBound ? named : undefined;
      const type = right && !named ? expressionType(right, ctx) : right && named === '$this' ? expressionType(right, ctx) : null;
      ctx.file.facts.memberFact({ owner: ctx.classId, name: property.text, type, enclosing: ctx.enclosing }, ctx.scope, undefined, local);
    }
  } else if (left && (left.type === 'list_literal' || left.type === 'array_creation_expression')) {
    for (const variable of descendantsOfType(left, 'variable_name')) {
      const bound = variableName(variable);
      if (bound) ctx.scope.bind(bound, 'local');
    }
  }
  return true;
}

/**
 * `/** @var Foo $x *\/` (or `/** @var Foo *\/`) as the doc comment right before the statement that
 * assigns `$x`: the type it states for `$x`, or null.
 */
function inlineVarType(assignment: SyntaxNode, name: string, ctx: PhpContext): TypeRef | null {
  const statement = assignment.parent;
  if (statement?.type !== 'expression_statement') return null;
  const comment = statement.previousNamedSibling;
  if (comment?.type !== 'comment' || !comment.text.startsWith('/**') || comment.endPosition.row + 1 < statement.startPosition.row) return null;
  const match = /@var\s+((?:[^\s$|])(?:[^\s$|]|\|)*)(?:\s+(\$\w+))?/.exec(comment.text);
  if (!match || (match[2] !== undefined && match[2] !== name)) return null;
  return docType(match[1], comment, ctx);
}

function descendantsOfType(node: SyntaxNode, type: string): SyntaxNode[] {
  return node.descendantsOfType(type).filter((c): c is SyntaxNode => c !== null);
}

/**
 * `if ($x instanceof Foo) { … }` (also `$x instanceof Foo && …`): in the body, `$x` is a Foo — unless
 * the body assigns `$x`. `elseif` clauses alike; `else` and the condition are walked as they are.
 */
function visitIf(node: SyntaxNode, ctx: PhpContext, walk: PhpWalk): void {
  const condition = node.childForFieldName('condition');
  const body = node.childForFieldName('body');
  const proven = new Map(ctx.narrowed ?? []);
  let narrows = false;
  for (const [name, type] of condition && body ? instanceChecks(condition, ctx) : []) {
    if (!assigns(body!, name)) {
      proven.set(name, type);
      narrows = true;
    }
  }
  const inBody: PhpContext = narrows ? { ...ctx, narrowed: proven } : ctx;
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (condition && child.startIndex === condition.startIndex) pushCondition(child, ctx, walk);
    else walk.push(child, body && child.startIndex === body.startIndex ? inBody : ctx);
  }
}

/**
 * A block's statements in order; after `if (!$x instanceof Foo) { return; }` (an `if` without `else`
 * whose body always leaves: `return`, `throw`, `continue`, `break`; `||` of such negations too), the
 * rest of the block sees `$x` as a Foo — unless the rest rebinds `$x`.
 */
function visitBlock(node: SyntaxNode, ctx: PhpContext, walk: PhpWalk): void {
  const statements = node.namedChildren.filter((c): c is SyntaxNode => c !== null);
  if (!statements.some((statement) => statement.type === 'if_statement' && exitChecks(statement, ctx).length > 0)) {
    walk.descend(node, ctx);
    return;
  }
  let now = ctx;
  for (let i = 0; i < statements.length; i++) {
    const statement = statements[i];
    const before = statements[i - 1];
    // Pushed one by one, a statement keeps the doc comment the walk would have handed it.
    const doc = before?.type === 'comment' && before.endPosition.row + 1 >= statement.startPosition.row ? blockDocComment(before.text) : undefined;
    walk.push(statement, now, doc !== undefined ? { doc } : undefined);
    const checks = statement.type === 'if_statement' ? exitChecks(statement, now) : [];
    if (checks.length === 0) continue;
    const rest = statements.slice(i + 1);
    const proven = new Map(now.narrowed ?? []);
    let narrows = false;
    for (const [name, type] of checks) {
      if (rest.some((later) => assigns(later, name))) continue;
      proven.set(name, type);
      narrows = true;
    }
    if (narrows) now = { ...now, narrowed: proven };
  }
}

/** `if (!$x instanceof Foo) return;` (no `else`): the checks that hold after it. */
function exitChecks(statement: SyntaxNode, ctx: PhpContext): Array<[string, TypeRef]> {
  const condition = statement.childForFieldName('condition');
  const body = statement.childForFieldName('body');
  if (!condition || !body || statement.namedChildren.some((c) => c?.type === 'else_clause' || c?.type === 'else_if_clause')) return [];
  if (!alwaysLeaves(body)) return [];
  return negatedChecks(condition, ctx);
}

/** The checks a condition disproves when false: `!($x instanceof Foo)`, and each side of `||`. */
function negatedChecks(node: SyntaxNode, ctx: PhpContext): Array<[string, TypeRef]> {
  if (node.type === 'parenthesized_expression') {
    const inner = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
    return inner ? negatedChecks(inner, ctx) : [];
  }
  if (node.type === 'binary_expression') {
    const operator = node.childForFieldName('operator')?.type;
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    if ((operator === '||' || operator === 'or') && left && right) {
      const both = [negatedChecks(left, ctx), negatedChecks(right, ctx)];
      return both.every((side) => side.length > 0) ? both.flat() : [];
    }
    return [];
  }
  if (node.type !== 'unary_op_expression' || node.childForFieldName('operator')?.type !== '!') return [];
  const argument = node.childForFieldName('argument');
  return argument ? instanceChecks(argument, ctx).filter(() => argument.type === 'binary_expression' || argument.type === 'parenthesized_expression') : [];
}

/** A body whose last statement leaves the block: `return`, `throw`, `continue`, `break`. */
function alwaysLeaves(body: SyntaxNode): boolean {
  const last = body.type === 'compound_statement'
    ? [...body.namedChildren].reverse().find((c) => c !== null && c.type !== 'comment')
    : body;
  if (!last) return false;
  if (last.type === 'return_statement' || last.type === 'continue_statement' || last.type === 'break_statement') return true;
  return last.type === 'expression_statement' && last.namedChildren.some((c) => c?.type === 'throw_expression');
}

/** `$x instanceof Foo ? $x->m() : …`: in the first branch, `$x` is a Foo (unless it rebinds `$x`). */
function visitConditional(node: SyntaxNode, ctx: PhpContext, walk: PhpWalk): void {
  const condition = node.childForFieldName('condition');
  const body = node.childForFieldName('body');
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (condition && child.startIndex === condition.startIndex) pushCondition(child, ctx, walk);
    else walk.push(child, body && condition && child.startIndex === body.startIndex ? narrowedBy(condition, body, ctx) : ctx);
  }
}

/** A condition's parts: the right side of `$x instanceof Foo && …` sees `$x` as a Foo. */
function pushCondition(node: SyntaxNode, ctx: PhpContext, walk: PhpWalk): void {
  if (node.type === 'parenthesized_expression') {
    for (const child of node.namedChildren) if (child) pushCondition(child, ctx, walk);
    return;
  }
  if (node.type === 'binary_expression') {
    const operator = node.childForFieldName('operator')?.type;
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    if ((operator === '&&' || operator === 'and') && left && right) {
      pushCondition(left, ctx, walk);
      pushCondition(right, narrowedBy(left, right, ctx), walk);
      return;
    }
  }
  walk.push(node, ctx);
}

/** `ctx` with what `condition` proves when true, for code in `scope` that does not rebind the variable. */
function narrowedBy(condition: SyntaxNode, scope: SyntaxNode, ctx: PhpContext): PhpContext {
  const checks = instanceChecks(condition, ctx).filter(([name]) => !assigns(scope, name));
  if (checks.length === 0) return ctx;
  const proven = new Map(ctx.narrowed ?? []);
  for (const [name, type] of checks) proven.set(name, type);
  return { ...ctx, narrowed: proven };
}

/** The `$x instanceof Foo` checks a condition proves when true: itself, both sides of `&&`/`and`. */
function instanceChecks(node: SyntaxNode, ctx: PhpContext): Array<[string, TypeRef]> {
  if (node.type === 'parenthesized_expression') {
    const inner = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
    return inner ? instanceChecks(inner, ctx) : [];
  }
  if (node.type !== 'binary_expression') return [];
  const operator = node.childForFieldName('operator')?.type;
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  if (!left || !right) return [];
  if (operator === '&&' || operator === 'and') return [...instanceChecks(left, ctx), ...instanceChecks(right, ctx)];
  if (operator !== 'instanceof') return [];
  const name = variableName(left);
  if (!name || name === '$this' || (right.type !== 'name' && right.type !== 'qualified_name')) return [];
  const type = classType(right, ctx);
  return type ? [[name, type]] : [];
}

/** Types of nodes in which a variable written is (re)bound, not read. */
const BINDING_PARENTS = new Set(['foreach_statement', 'pair', 'list_literal', 'by_ref', 'anonymous_function_use_clause', 'global_declaration', 'static_variable_declaration', 'unset_statement']);

/** Whether `body` may give `$name` another value: an assignment to it, a loop or list binding, a reference. */
function assigns(body: SyntaxNode, name: string): boolean {
  for (const variable of descendantsOfType(body, 'variable_name')) {
    if (variableName(variable) !== name) continue;
    const parent = variable.parent;
    if (!parent) continue;
    if (BINDING_PARENTS.has(parent.type)) return true;
    if (parent.type.endsWith('assignment_expression') && parent.childForFieldName('left')?.startIndex === variable.startIndex) return true;
    if (parent.type === 'array_element_initializer' && parent.parent?.parent?.type.endsWith('assignment_expression')) return true;
  }
  return false;
}

/** `return …` in a function that states no result: what the value proves (`new Foo`, `$this`, a typed local). */
function visitReturn(node: SyntaxNode, ctx: PhpContext): boolean {
  if (!ctx.fn) return true;
  const value = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
  ctx.fn.returns.push({ value: value ? returnedValue(value, ctx) : 'none', scope: ctx.scope });
  return true;
}

function returnedValue(node: SyntaxNode, ctx: PhpContext): StatedValue {
  if (node.type === 'parenthesized_expression') {
    const inner = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
    return inner ? returnedValue(inner, ctx) : null;
  }
  const name = variableName(node);
  // `return $this`: the instance the method was called on (a subclass's, called on one).
  if (name === '$this') return ctx.classId !== null ? { kind: 'self' } : null;
  if (name) return { local: name };
  return expressionType(node, ctx);
}

/** A generator returns a Generator, whatever its `return`s say. */
function visitYield(ctx: PhpContext): boolean {
  ctx.fn?.yields.push({ value: null, scope: ctx.scope });
  return true;
}

/** `foreach ($xs as $k => $v)`: `$v` is an element of what `$xs` is proven to be (`Foo[]`); the key, nothing proven. */
function visitForeach(node: SyntaxNode, ctx: PhpContext): boolean {
  const named = node.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
  const body = node.childForFieldName('body') ?? named[named.length - 1];
  const of = named[0] ? valueRef(named[0], ctx) : null;
  for (const part of named.slice(1)) {
    if (body && part.startIndex >= body.startIndex) break; // nodes are compared by position: each access makes a new object
    // `as $v`, `as &$v`, `as $k => $v`: the value variable is the last one written.
    const value = part.type === 'pair' ? part.namedChildren[part.namedChildren.length - 1] : part;
    const valueVariable = value?.type === 'by_ref' ? value.namedChildren.find((c) => c?.type === 'variable_name') : value;
    for (const variable of part.type === 'variable_name' ? [part] : descendantsOfType(part, 'variable_name')) {
      const bound = variableName(variable);
      const element = of && valueVariable && variable.startIndex === valueVariable.startIndex && valueVariable.type === 'variable_name'
        ? { type: { kind: 'element', of } as TypeRef, scope: ctx.scope } : undefined;
      if (bound) ctx.scope.bind(bound, 'local', undefined, element);
    }
  }
  return true;
}

/**
 * The value an expression reads, for its elements or fields: `$x` (what the local holds), `$this->a`,
 * `$x->a->b` (fields of it), else what the expression is stated to be.
 */
function valueRef(node: SyntaxNode, ctx: PhpContext): TypeRef | null {
  const chain = receiverChain(node);
  if (chain) {
    const narrowed = ctx.narrowed?.get(chain[0]);
    if (narrowed) return chain.length > 1 ? { kind: 'field', of: narrowed, path: chain.slice(1) } : narrowed;
    if (chain[0] === '$this') {
      if (!ctx.selfChain) return null;
      const self: TypeRef = { kind: 'named', chain: ctx.selfChain };
      return chain.length > 1 ? { kind: 'field', of: self, path: chain.slice(1) } : self;
    }
    return { kind: 'value', chain };
  }
  // `$this->items()`: a method of the class (written as one, so that its declared result is read).
  if (node.type === 'member_call_expression' && ctx.selfChain) {
    const object = node.childForFieldName('object');
    const name = node.childForFieldName('name');
    if (object && variableName(object) === '$this' && name?.type === 'name') return { kind: 'member-call', of: { kind: 'named', chain: ctx.selfChain }, name: name.text };
  }
  return expressionType(node, ctx);
}

/** `catch (Foo $e)`: `$e` is a Foo (one type only). */
function visitCatch(node: SyntaxNode, ctx: PhpContext): boolean {
  const name = variableName(node.childForFieldName('name') ?? node.namedChildren.find((c) => c?.type === 'variable_name'));
  const types = node.childForFieldName('type') ?? node.namedChildren.find((c) => c?.type === 'type_list');
  const named = types?.type === 'type_list' ? types.namedChildren.filter((c): c is SyntaxNode => c !== null) : types ? [types] : [];
  if (name) {
    const type = named.length === 1 ? declaredType(named[0], ctx) : null;
    ctx.scope.bind(name, 'local', undefined, type ? { type, scope: ctx.scope } : undefined);
  }
  return true;
}

/** `$a->b->c` → ['$a', 'b', 'c']; undefined for anything else. */
function receiverChain(node: SyntaxNode): string[] | undefined {
  if (node.type === 'variable_name') {
    const name = variableName(node);
    return name ? [name] : undefined;
  }
  if (node.type === 'member_access_expression' || node.type === 'nullsafe_member_access_expression') {
    const object = node.childForFieldName('object');
    const name = node.childForFieldName('name');
    if (!object || name?.type !== 'name') return undefined;
    const chain = receiverChain(object);
    return chain ? [...chain, name.text] : undefined;
  }
  return undefined;
}

/** The receiver a `Foo::` / `self::` / `parent::` scope is written as, or undefined (`$class::m()`). */
function scopeChain(scope: SyntaxNode, ctx: PhpContext): string[] | undefined {
  if (scope.type === 'relative_scope') {
    const word = scope.text.toLowerCase();
    return word === 'self' || word === 'static' || word === 'parent' ? [word] : undefined;
  }
  if (scope.type === 'name' || scope.type === 'qualified_name') return ctx.file.names(scope).classChain(scope.text);
  // `$this::m()`: the class of the instance, as `static::m()`.
  if (scope.type === 'variable_name' && variableName(scope) === '$this' && ctx.classId !== null) return ['static'];
  return undefined;
}

/** The class an expression's value is stated to be: `new Foo`, a call's declared result, `$this`. */
function expressionType(node: SyntaxNode, ctx: PhpContext): TypeRef | null {
  switch (node.type) {
    case 'parenthesized_expression': {
      const inner = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
      return inner ? expressionType(inner, ctx) : null;
    }
    case 'object_creation_expression': {
      const chain = creationChain(node, ctx);
      return chain ? { kind: 'call', callee: chain, construct: true } : null;
    }
    case 'member_call_expression':
    case 'nullsafe_member_call_expression': {
      const name = node.childForFieldName('name');
      const object = node.childForFieldName('object');
      if (name?.type !== 'name' || !object) return null;
      const chain = receiverChain(object);
      if (chain) return chainCall(chain, name.text, ctx);
      const of = expressionType(object, ctx);
      return of ? { kind: 'member-call', of, name: name.text } : null;
    }
    case 'scoped_call_expression': {
      const name = node.childForFieldName('name');
      const scope = node.childForFieldName('scope');
      const chain = scope ? scopeChain(scope, ctx) : undefined;
      if (name?.type !== 'name' || !chain || chain[0] === 'parent') return null;
      return { kind: 'call', callee: [...chain, name.text] };
    }
    case 'function_call_expression': {
      const fn = node.childForFieldName('function');
      if (fn?.type !== 'name' && fn?.type !== 'qualified_name') return null;
      return { kind: 'call', callee: ctx.file.names(fn).functionChain(fn.text) };
    }
    case 'variable_name':
      return variableName(node) === '$this' && ctx.selfChain ? { kind: 'named', chain: ctx.selfChain } : null;
    case 'class_constant_access_expression': {
      // `Suit::Hearts`: what the constant holds (an enum case: the enum).
      const parts = node.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
      if (parts.length !== 2 || parts[1].type !== 'name') return null;
      const scope = parts[0].type === 'relative_scope' && parts[0].text.toLowerCase() !== 'parent' ? ctx.selfChain ?? undefined : scopeChain(parts[0], ctx);
      return scope && scope[0] !== 'parent' && scope[0] !== 'static' && scope[0] !== 'self' ? { kind: 'value', chain: [...scope, parts[1].text] } : null;
    }
    case 'member_access_expression':
    case 'nullsafe_member_access_expression':
      // `$this->client`, `$x->a`: what the property is proven to hold.
      return receiverChain(node) && receiverChain(node)!.length > 1 ? valueRef(node, ctx) : null;
    case 'scoped_property_access_expression': {
      // `self::$instance`, `Foo::$x`: what the static property is proven to hold.
      const scope = node.childForFieldName('scope');
      const property = variableName(node.childForFieldName('name'));
      if (!scope || !property) return null;
      const word = scope.type === 'relative_scope' ? scope.text.toLowerCase() : undefined;
      // `static::$x` may be a subclass's redeclared property: only `self::` and a named class prove the owner.
      const owner = word === 'self' ? ctx.selfChain ?? undefined : word === undefined ? scopeChain(scope, ctx) : undefined;
      return owner && owner[0] !== 'static' ? { kind: 'field', of: { kind: 'named', chain: owner }, path: [property.slice(1)] } : null;
    }
    case 'subscript_expression': {
      // `$xs[$i]`: an element of what `$xs` is proven to be (`Foo[]`).
      const object = node.namedChildren.find((c) => c !== null && c.type !== 'comment');
      const of = object ? valueRef(object, ctx) : null;
      return of ? { kind: 'element', of } : null;
    }
    default:
      return null;
  }
}

/**
 * `$x->m()`: a call of m on what `$x` holds (the resolver reads `$this` as the class, a local as its
 * proven type); `$this->a->m()`: m on what property a of the class holds.
 */
function chainCall(chain: string[], name: string, ctx: PhpContext): TypeRef | null {
  const narrowed = ctx.narrowed?.get(chain[0]);
  if (narrowed) return { kind: 'member-call', of: chain.length > 1 ? { kind: 'field', of: narrowed, path: chain.slice(1) } : narrowed, name };
  if (chain.length === 1) return { kind: 'call', callee: [chain[0], name] };
  const head: TypeRef | null = chain[0] === '$this' ? (ctx.selfChain ? { kind: 'named', chain: ctx.selfChain } : null) : { kind: 'value', chain: [chain[0]] };
  return head ? { kind: 'member-call', of: { kind: 'field', of: head, path: chain.slice(1) }, name } : null;
}

/** The class `new X` names: a class name, `self`/`static`, `parent`; undefined for `new $x` and anonymous classes. */
function creationChain(node: SyntaxNode, ctx: PhpContext): string[] | undefined {
  const type = node.namedChildren.find((c) => c !== null && c.type !== 'comment' && c.type !== 'attribute_list');
  if (!type) return undefined;
  if (type.type !== 'name' && type.type !== 'qualified_name' && type.type !== 'relative_scope') return undefined;
  const word = type.text.toLowerCase();
  if (word === 'self' || word === 'static') return ctx.selfChain ?? undefined;
  if (word === 'parent') return ctx.parentChain ?? undefined;
  return type.type === 'relative_scope' ? undefined : ctx.file.names(type).classChain(type.text);
}

function visitFunctionCall(node: SyntaxNode, ctx: PhpContext): boolean {
  const fn = node.childForFieldName('function');
  if (fn && (fn.type === 'name' || fn.type === 'qualified_name')) {
    ctx.file.addChainSite('calls', ctx.file.names(fn).functionChain(fn.text), node, ctx);
  }
  return true;
}

function visitMemberCall(node: SyntaxNode, ctx: PhpContext): boolean {
  const name = node.childForFieldName('name');
  const object = node.childForFieldName('object');
  if (name?.type !== 'name' || !object) return true;
  let target: SiteTarget;
  const chain = receiverChain(object);
  const narrowed = chain ? ctx.narrowed?.get(chain[0]) : undefined;
  if (chain && narrowed) {
    // `if ($x instanceof Foo) { $x->m(); }`: a Foo, whatever else `$x` was declared as.
    target = { name: name.text, receiver: undefined, typedReceiver: { type: narrowed, path: chain.slice(1) } };
  } else if (chain) {
    target = { name: name.text, receiver: chain };
  } else {
    const type = expressionType(object, ctx);
    target = { name: name.text, receiver: undefined, typedReceiver: type ? { type, path: [] } : undefined };
  }
  ctx.file.addSite('calls', target, node, ctx);
  return true;
}

function visitScopedCall(node: SyntaxNode, ctx: PhpContext): boolean {
  const name = node.childForFieldName('name');
  const scope = node.childForFieldName('scope');
  if (name?.type !== 'name' || !scope) return true;
  const chain = scopeChain(scope, ctx);
  ctx.file.addSite('calls', { name: name.text, receiver: chain }, node, ctx);
  return true;
}

function visitCreation(node: SyntaxNode, ctx: PhpContext, walk: PhpWalk): void {
  const body = node.namedChildren.find((c) => c?.type === 'declaration_list');
  if (!body) {
    const chain = creationChain(node, ctx);
    if (chain) ctx.file.addChainSite('instantiates', chain, node, ctx);
    walk.descend(node, ctx);
    return;
  }
  // `new class(...) extends Base implements I { … }`: a class of its own (its methods' `$this`).
  const file = ctx.file;
  const base = node.namedChildren.find((c) => c?.type === 'base_clause');
  const baseType = base?.namedChildren.find((c) => c !== null && (c.type === 'name' || c.type === 'qualified_name'));
  const id = file.builder.declare('class', `<anonymous${baseType ? ` ${baseType.text}` : ''}>`, ctx.parentDecl, node, {});
  const inner: PhpContext = {
    file, scope: ctx.scope.open('class'), parentDecl: id, enclosing: id, classId: id, selfChain: null,
    parentChain: baseType ? file.names(baseType).classChain(baseType.text) : null,
  };
  if (baseType) file.addChainSite('extends', file.names(baseType).classChain(baseType.text), baseType, inner, 'type');
  const interfaces = node.namedChildren.find((c) => c?.type === 'class_interface_clause');
  for (const type of interfaces?.namedChildren ?? []) {
    if (type && (type.type === 'name' || type.type === 'qualified_name')) file.addChainSite('implements', file.names(type).classChain(type.text), type, inner, 'type');
  }
  walk.push(node.namedChildren.find((c) => c?.type === 'arguments'), ctx);
  walk.push(body, inner);
}
