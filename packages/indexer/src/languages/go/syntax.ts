/**
 * What Go's syntax means, as rules for the shared walk (`src/extraction/core/syntax-walk.ts`): the
 * scopes blocks and statements open, and hooks for declarations, bindings and call sites.
 *
 * Decisions (README.md in this folder has the full list):
 *  - A method is declared where it is written (`parent` null) with `memberOf` naming its receiver
 *    type, so it joins that type's members in whichever file of the package the type lives; its
 *    qualified name is `Type::Method`.
 *  - `struct` types are `struct`, interfaces `interface`, every other type definition or alias
 *    `type_alias`. Struct fields are `field`s, interface methods `method`s.
 *  - An embedded field or interface is a field named after its type *and* an `extends` site of the
 *    embedding type, so promoted methods are found through the embedding chain.
 *  - A call site starts at the call expression; `T(x)` is recorded like any call (only the resolver
 *    knows `T` is a type: it is then a conversion and gets no edge).
 *  - Locals are visible from the end of the statement that declares them; a function literal's body
 *    belongs to the function around it (its calls are that function's).
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import { endPositionOf, positionOf, type BoundValue, type Scope } from '../../extraction/core/scopes.js';
import { handledNode, type NodeRule, type SyntaxRules, type Walk } from '../../extraction/core/syntax-walk.js';
import { splitMemberChain } from '../../extraction/core/tree-walk.js';
import { defaultImportName } from './module-resolution.js';
import { docCommentOf, isExportedName, signatureOf, type GoContext } from './file-state.js';
import { firstResultType, instantiatedCallee, nameChain, namedType, resultTypes, SELECTOR, statedType, valueType } from './type-expressions.js';

type GoWalk = Walk<GoContext>;
type Rule = NodeRule<GoContext>;

const LEAF_TYPES = [
  'identifier', 'field_identifier', 'type_identifier', 'package_identifier', 'blank_identifier', 'label_name',
  'interpreted_string_literal', 'raw_string_literal', 'rune_literal', 'int_literal', 'float_literal', 'imaginary_literal',
  'nil', 'true', 'false', 'iota', 'comment', 'dot',
  // Type expressions hold no calls.
  'qualified_type', 'pointer_type', 'slice_type', 'array_type', 'map_type', 'channel_type', 'function_type',
  'struct_type', 'interface_type', 'generic_type', 'type_arguments', 'type_parameter_list', 'package_clause',
];

/** A hook that handles the node itself; its children are walked only where it pushes them. */
const handled = handledNode<GoContext>;

const block: Rule = { opensScope: { kind: 'block' } };

export const GO_SYNTAX: SyntaxRules<GoContext> = {
  opaque: LEAF_TYPES,
  patternNames: (pattern) => (pattern.type === 'identifier' ? [pattern.text] : []),
  nodes: {
    // Scopes.
    block,
    if_statement: block,
    for_statement: block,
    expression_switch_statement: block,
    select_statement: block,
    expression_case: block,
    default_case: block,
    type_case: {
      opensScope: { kind: 'block' },
      visit: ({ node, ctx }) => {
        bindCaseAlias(node, ctx);
        return true;
      },
    },
    communication_case: block,
    type_switch_statement: {
      opensScope: { kind: 'block' },
      // `switch v := x.(type)`: v is bound once for every clause (its type differs per clause: nothing proven).
      visit: ({ node, ctx }) => {
        const value = node.childForFieldName('value');
        for (const alias of node.childrenForFieldName('alias')) if (alias) bindNames(alias, ctx, value ?? alias, () => undefined);
        return true;
      },
    },

    // Declarations.
    // `package gin`: the file's package (a clause in a comment is no clause: the tree has none there).
    package_clause: handled((node, ctx) => {
      const name = node.namedChildren.find((c) => c?.type === 'package_identifier');
      if (name) ctx.file.module.package(name.text, node);
    }),
    import_declaration: handled(visitImports),
    function_declaration: handled((node, ctx, walk) => visitFunction(node, ctx, walk)),
    method_declaration: handled((node, ctx, walk) => visitFunction(node, ctx, walk)),
    type_spec: handled(visitTypeSpec),
    type_alias: handled(visitTypeSpec),
    var_spec: handled(visitValueSpec),
    const_spec: handled(visitValueSpec),

    // Local bindings.
    short_var_declaration: handled(visitShortVar),
    range_clause: {
      visit: ({ node, ctx }, walk) => {
        if (!node.children.some((c) => c?.type === ':=')) return true;
        const right = node.childForFieldName('right');
        walk.push(right, ctx);
        // `for i, x := range xs`: x an element (i the index); `for k, v := range m`: a key and a value; `for x := range ch`.
        const of = valueType(right);
        bindNames(node.childForFieldName('left'), ctx, node, (index) => (of && index < 2 ? { kind: 'element', of, ...(index === 0 ? { first: true } : {}) } : undefined));
        return false;
      },
    },
    receive_statement: {
      // `case v, ok := <-ch:`
      visit: ({ node, ctx }) => {
        if (node.children.some((c) => c?.type === ':=')) bindNames(node.childForFieldName('left'), ctx, node, () => undefined);
        return true;
      },
    },
    func_literal: handled(visitFunctionLiteral),

    // Sites.
    call_expression: { visit: ({ node, ctx }) => visitCall(node, ctx) },
    type_conversion_expression: { visit: ({ node, ctx }) => visitCall(node, ctx) },
  },
};

function visitImports(node: SyntaxNode, ctx: GoContext): void {
  const specs: SyntaxNode[] = [];
  for (const child of node.namedChildren) {
    if (child?.type === 'import_spec') specs.push(child);
    else if (child?.type === 'import_spec_list') for (const spec of child.namedChildren) if (spec?.type === 'import_spec') specs.push(spec);
  }
  for (const spec of specs) {
    const pathNode = spec.childForFieldName('path');
    if (!pathNode) continue;
    const specifier = pathNode.text.slice(1, -1);
    const name = spec.childForFieldName('name');
    const signature = `import ${spec.text.replace(/\s+/g, ' ')}`;
    if (name?.type === 'blank_identifier') {
      ctx.file.builder.addImport(specifier, null, spec, signature, [], { sideEffectOnly: true });
    } else if (name?.type === 'dot') {
      // A dot import binds the package's exported names in this file.
      ctx.file.builder.addImport(specifier, null, spec, signature, [{ local: '*', imported: '*' }]);
    } else {
      const local = name ? name.text : defaultImportName(specifier);
      ctx.file.builder.addImport(specifier, null, spec, signature, local ? [{ local, imported: '*' }] : []);
    }
  }
}

/** Binds the type parameters of a declaration (`[T any, K comparable]`) in `scope`. */
function bindTypeParameters(list: SyntaxNode | null, scope: Scope): string[] {
  const names: string[] = [];
  for (const declaration of list?.namedChildren ?? []) {
    if (declaration?.type !== 'parameter_declaration' && declaration?.type !== 'type_parameter_declaration') continue;
    for (const name of declaration.childrenForFieldName('name')) {
      if (!name) continue;
      scope.bind(name.text, 'type-parameter');
      names.push(name.text);
    }
  }
  return names;
}

/**
 * Binds a parameter list's names in `scope`, each with its stated type, read in `typeScope` (the
 * signature: type parameters are visible there, the parameters themselves are not).
 */
function bindParameters(list: SyntaxNode | null, scope: Scope, typeScope: Scope): void {
  for (const declaration of list?.namedChildren ?? []) {
    if (declaration?.type !== 'parameter_declaration' && declaration?.type !== 'variadic_parameter_declaration') continue;
    // `xs ...T` is a slice of T.
    const stated = statedType(declaration.childForFieldName('type'));
    const type = declaration.type === 'parameter_declaration' ? stated : stated ? { kind: 'collection' as const, element: stated } : null;
    for (const name of declaration.childrenForFieldName('name')) {
      if (!name || name.text === '_') continue;
      scope.bind(name.text, 'parameter', undefined, { type, scope: typeScope });
    }
  }
}

function visitFunction(node: SyntaxNode, ctx: GoContext, walk: GoWalk): void {
  const file = ctx.file;
  const nameNode = node.childForFieldName('name');
  const body = node.childForFieldName('body');
  if (!nameNode) {
    walk.push(body, ctx);
    return;
  }
  const name = nameNode.text;
  const signature = ctx.scope.open('signature');
  const typeParameters = bindTypeParameters(node.childForFieldName('type_parameters'), signature);
  const isMethod = node.type === 'method_declaration';
  let receiverType: string | undefined;
  const receiver = isMethod ? node.childForFieldName('receiver')?.namedChildren.find((c) => c?.type === 'parameter_declaration') : undefined;
  if (receiver) {
    const type = receiver.childForFieldName('type');
    const named = namedType(type);
    if (named?.kind === 'named' && named.chain.length === 1) receiverType = named.chain[0];
    // `func (g *G[K, V]) M()`: the receiver's type arguments are type parameters of the method.
    const generic = type?.type === 'pointer_type' ? type.namedChildren[0] : type;
    for (const argument of generic?.type === 'generic_type' ? generic.childForFieldName('type_arguments')?.namedChildren ?? [] : []) {
      if (argument?.type === 'type_identifier') signature.bind(argument.text, 'type-parameter');
    }
  }
  const result = node.childForFieldName('result');
  const id = file.builder.declare(isMethod ? 'method' : 'function', name, ctx.parentDecl, node, {
    signature: signatureOf(node, body),
    docstring: docCommentOf(node),
    isExported: isExportedName(name) || undefined,
    visibility: isExportedName(name) ? 'public' : 'private',
    typeParameters,
    memberOf: receiverType ? { kind: 'named', chain: [receiverType] } : undefined,
  });
  if (receiverType) file.builder.declarations[id].qualifiedName = `${receiverType}::${name}`;
  file.facts.stateType(id, 'returnType', firstResultType(result), signature);
  stateResults(id, result, signature, ctx);

  const scope = signature.open('function');
  if (receiver) bindParameters(node.childForFieldName('receiver'), scope, signature);
  bindParameters(node.childForFieldName('parameters'), scope, signature);
  if (result?.type === 'parameter_list') bindParameters(result, scope, signature);
  walk.push(body, { file, scope, parentDecl: id, enclosing: id });
}

/** `func f() (*T, U, error)`: every result's type, for `t, u, err := f()` (the first is the return type). */
function stateResults(id: number, result: SyntaxNode | null, scope: Scope, ctx: GoContext): void {
  const types = resultTypes(result);
  if (types.length < 2) return;
  types.forEach((type, index) => {
    if (!type || index === 0) return;
    ctx.file.facts.proveLater(type, scope, undefined, (proven) => {
      if (!proven) return;
      const declaration = ctx.file.builder.declarations[id];
      declaration.resultTypes ??= types.map(() => null);
      declaration.resultTypes[index] = proven;
    });
  });
}

function visitFunctionLiteral(node: SyntaxNode, ctx: GoContext, walk: GoWalk): void {
  const signature = ctx.scope.open('signature');
  const scope = signature.open('function');
  bindParameters(node.childForFieldName('parameters'), scope, signature);
  const result = node.childForFieldName('result');
  if (result?.type === 'parameter_list') bindParameters(result, scope, signature);
  walk.push(node.childForFieldName('body'), { ...ctx, scope });
}

const TYPE_KINDS = { struct_type: 'struct', interface_type: 'interface' } as const;
const COLLECTION_TYPES = new Set(['slice_type', 'array_type', 'map_type', 'channel_type']);

function visitTypeSpec(node: SyntaxNode, ctx: GoContext): void {
  const file = ctx.file;
  const nameNode = node.childForFieldName('name');
  if (!nameNode) return;
  const name = nameNode.text;
  // A type declared inside a function is a local name, not a declaration of the package.
  if (!ctx.scope.fileLevel) {
    ctx.scope.bind(name, 'local', undefined, undefined, endPositionOf(node));
    return;
  }
  const typeNode = node.childForFieldName('type');
  const kind = node.type === 'type_spec' && typeNode?.type && typeNode.type in TYPE_KINDS
    ? TYPE_KINDS[typeNode.type as keyof typeof TYPE_KINDS] : 'type_alias';
  const typeScope = ctx.scope.open('type');
  const typeParameters = bindTypeParameters(node.childForFieldName('type_parameters'), typeScope);
  const single = node.parent?.type === 'type_declaration' && node.parent.namedChildren.filter((c) => c?.type !== 'comment').length === 1;
  const members = typeNode?.type === 'struct_type'
    ? typeNode.namedChildren.find((c) => c?.type === 'field_declaration_list') ?? null
    : typeNode?.type === 'interface_type' ? typeNode : null;
  const id = file.builder.declare(kind, name, ctx.parentDecl, node, {
    signature: `type ${signatureOf(node, members)}`,
    docstring: docCommentOf(single ? node.parent! : node),
    isExported: isExportedName(name) || undefined,
    visibility: isExportedName(name) ? 'public' : 'private',
    typeParameters,
  });
  if (typeNode?.type === 'struct_type' && members) declareFields(members, id, typeScope, ctx);
  // `type Routes []Route`: a value of Routes has Route elements.
  const underlying = typeNode && COLLECTION_TYPES.has(typeNode.type) ? statedType(typeNode) : null;
  if (underlying) {
    file.facts.proveLater(underlying, typeScope, undefined, (proven) => {
      if (proven) file.builder.declarations[id].underlyingType = proven;
    });
  }
  if (typeNode?.type === 'interface_type') declareInterfaceMembers(typeNode, id, typeScope, ctx);
}

function declareFields(list: SyntaxNode, owner: number, typeScope: Scope, ctx: GoContext): void {
  const builder = ctx.file.builder;
  for (const field of list.namedChildren) {
    if (field?.type !== 'field_declaration') continue;
    const typeNode = field.childForFieldName('type');
    const type = namedType(typeNode);
    const names = field.childrenForFieldName('name').filter((n): n is SyntaxNode => n !== null);
    if (names.length === 0) {
      // An embedded field: named after its type, and its type's methods are promoted.
      if (type?.kind !== 'named' || !typeNode) continue;
      const fieldName = type.chain[type.chain.length - 1];
      const id = builder.declare('field', fieldName, owner, field, {
        signature: field.text.replace(/\s+/g, ' '), isExported: isExportedName(fieldName) || undefined,
      });
      ctx.file.facts.stateType(id, 'valueType', type, typeScope);
      embed(type, owner, typeNode, typeScope, ctx);
      continue;
    }
    for (const name of names) {
      const id = builder.declare('field', name.text, owner, name, {
        signature: field.text.replace(/\s+/g, ' '), isExported: isExportedName(name.text) || undefined,
      });
      ctx.file.facts.stateType(id, 'valueType', statedType(typeNode), typeScope);
    }
  }
}

function declareInterfaceMembers(node: SyntaxNode, owner: number, typeScope: Scope, ctx: GoContext): void {
  for (const member of node.namedChildren) {
    if (!member) continue;
    if (member.type === 'method_spec' || member.type === 'method_elem') {
      const nameNode = member.childForFieldName('name');
      if (!nameNode) continue;
      const id = ctx.file.builder.declare('method', nameNode.text, owner, member, {
        signature: member.text.replace(/\s+/g, ' '),
        docstring: docCommentOf(member),
        isExported: isExportedName(nameNode.text) || undefined,
        isAbstract: true,
      });
      ctx.file.facts.stateType(id, 'returnType', firstResultType(member.childForFieldName('result')), typeScope);
      stateResults(id, member.childForFieldName('result'), typeScope, ctx);
      continue;
    }
    // An embedded interface (`io.Reader`, `Base`); a union or `~T` constraint embeds nothing.
    const embedded = member.type === 'constraint_elem' || member.type === 'type_elem'
      ? (member.namedChildCount === 1 ? member.namedChildren[0] : null)
      : member;
    const type = namedType(embedded);
    if (type?.kind === 'named' && embedded) embed(type, owner, embedded, typeScope, ctx);
  }
}

/** An embedding: an `extends` site of the embedding type, resolved like any type name. */
function embed(type: TypeRef, owner: number, at: SyntaxNode, typeScope: Scope, ctx: GoContext): void {
  if (type.kind !== 'named') return;
  // A type parameter embeds nothing the graph knows.
  if (typeScope.classify(type.chain[0], type.chain.length > 1).locallyBound) return;
  const chain = type.chain;
  ctx.file.facts.addSite('extends', { name: chain[chain.length - 1], receiver: chain.slice(0, -1) }, owner, at, ctx.scope);
}

/** `var a, b T = x, y` / `const c = 1`: package-level declarations, or locals inside a function. */
function visitValueSpec(node: SyntaxNode, ctx: GoContext, walk: GoWalk): void {
  // The grammar's `name` field also holds the commas between the names.
  const names = node.childrenForFieldName('name').filter((n): n is SyntaxNode => n?.type === 'identifier');
  const typeNode = node.childForFieldName('type');
  const valueList = node.childForFieldName('value');
  const values = valueList?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? [];
  const typeAt = (index: number): TypeRef | null => {
    if (typeNode) return statedType(typeNode);
    if (values.length === names.length) return valueType(values[index]);
    return values.length === 1 ? valueType(values[0], index) : null;
  };
  walk.push(valueList, ctx);
  if (ctx.scope.fileLevel) {
    const kind = node.type === 'const_spec' ? 'constant' : 'variable';
    names.forEach((name, index) => {
      if (name.text === '_') return;
      const id = ctx.file.builder.declare(kind, name.text, ctx.parentDecl, name, {
        signature: `${node.type === 'const_spec' ? 'const' : 'var'} ${node.text.replace(/\s+/g, ' ')}`.slice(0, 200),
        docstring: docCommentOf(node.parent?.type === 'var_declaration' || node.parent?.type === 'const_declaration' ? node.parent : node),
        isExported: isExportedName(name.text) || undefined,
        visibility: isExportedName(name.text) ? 'public' : 'private',
      });
      ctx.file.facts.stateType(id, 'valueType', typeAt(index), ctx.scope);
    });
    return;
  }
  bindNames(names, ctx, node, typeAt);
}

/** `a, err := f()`: locals, visible after the statement. */
function visitShortVar(node: SyntaxNode, ctx: GoContext, walk: GoWalk): void {
  const right = node.childForFieldName('right');
  const values = right?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment') ?? [];
  const left = node.childForFieldName('left');
  const count = left?.namedChildren.filter((c) => c !== null && c.type !== 'comment').length ?? 0;
  walk.push(right, ctx);
  bindNames(left, ctx, node, (index) => (values.length === count ? valueType(values[index]) : values.length === 1 ? valueType(values[0], index) : null));
}

/**
 * Binds the identifiers of an expression list (or a list of name nodes) as locals visible from the
 * end of `statement` on, each with the type `typeAt` states for its position (undefined: unknown).
 */
function bindNames(
  names: SyntaxNode | SyntaxNode[] | null, ctx: GoContext, statement: SyntaxNode, typeAt: (index: number) => TypeRef | null | undefined,
): void {
  if (!names) return;
  const list = Array.isArray(names) ? names : names.type === 'identifier' ? [names] : names.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
  const at = endPositionOf(statement);
  // The values are evaluated before the names are bound: `x := x.Next()` reads the outer x.
  const evaluatedAt = positionOf(statement);
  list.forEach((name, index) => {
    if (name.type !== 'identifier' || name.text === '_') return;
    const type = typeAt(index);
    const value: BoundValue | undefined = type === undefined ? undefined : { type, scope: ctx.scope, at: evaluatedAt };
    ctx.scope.bind(name.text, 'local', undefined, value, at);
  });
}

/**
 * `switch v := x.(type) { case *T: … }`: in a clause that lists one type, v has that type (in a
 * clause of several, v is x's value again: nothing proven).
 */
function bindCaseAlias(clause: SyntaxNode, ctx: GoContext): void {
  const alias = clause.parent?.type === 'type_switch_statement' ? clause.parent.childForFieldName('alias') : null;
  const names = alias?.namedChildren.filter((c): c is SyntaxNode => c?.type === 'identifier' && c.text !== '_') ?? [];
  if (names.length === 0) return;
  // The grammar's `type` field also holds the commas between the types.
  const types = clause.childrenForFieldName('type').filter((t): t is SyntaxNode => t !== null && t.isNamed);
  if (types.length !== 1) return;
  const type = statedType(types[0]);
  const at = positionOf(clause);
  for (const name of names) ctx.scope.bind(name.text, 'local', undefined, type ? { type, scope: ctx.scope, at } : undefined, at);
}

/** Where a statement ends, as a binding position (1-based line). */
function visitCall(node: SyntaxNode, ctx: GoContext): boolean {
  const fn = node.childForFieldName('function');
  const file = ctx.file;
  // `f[T](x)`, `pkg.F[T](a, b)` (type-expressions.ts: instantiatedCallee).
  const instantiated = instantiatedCallee(node.type === 'type_conversion_expression' ? node.childForFieldName('type') : fn);
  if (instantiated) {
    file.facts.addSite('calls', { name: instantiated[instantiated.length - 1], receiver: instantiated.slice(0, -1) }, ctx.enclosing, node, ctx.scope);
  } else if (fn?.type === 'identifier') {
    file.facts.addSite('calls', { name: fn.text, receiver: [] }, ctx.enclosing, node, ctx.scope);
  } else if (fn?.type === 'selector_expression') {
    const field = fn.childForFieldName('field');
    const operand = fn.childForFieldName('operand');
    if (field?.type === 'field_identifier' && operand) {
      const chain = nameChain(operand);
      if (chain) {
        file.facts.addSite('calls', { name: field.text, receiver: chain }, ctx.enclosing, node, ctx.scope);
      } else {
        // `NewT().M()`, `T{}.M()`, `f().a.M()`: the value's stated type, then the fields after it.
        const split = splitMemberChain(operand, SELECTOR);
        const type = split ? valueType(split.base) : null;
        file.facts.addSite('calls', {
          name: field.text, receiver: undefined, typedReceiver: type && split ? { type, path: split.path } : undefined,
        }, ctx.enclosing, node, ctx.scope);
      }
    }
  }
  return true;
}
