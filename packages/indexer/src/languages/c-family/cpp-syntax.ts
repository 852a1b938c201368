/**
 * What C++'s syntax means, as rules for the shared walk: everything C has (c-syntax.ts: includes,
 * macros, prototypes that stand for their definition, file-local `static`), plus:
 *
 *  - Namespaces are `namespace` declarations containing what they declare (`a::b` nests two); a
 *    namespace written in several files is one namespace for the resolver (`declarations.namespacesSpanFiles`).
 *    An anonymous namespace is transparent and file-local (its members are private to the file);
 *    an inline namespace is transparent (its members are the enclosing namespace's).
 *  - `class` → `class`, `struct`/`union` → `struct`, with `method`s and `field`s; a constructor is a
 *    method named like its class, a destructor `~Name`. A member function declared in its class and
 *    defined out of line (`void Foo::bar() {}`) is two declarations: the in-class one
 *    `definedElsewhere`, the definition a `method` written where it stands with `memberOf` naming
 *    its class (as Go's methods), so calls land on the body. A pure virtual one is abstract.
 *  - Base classes are `extends` sites of the class. Templates are walked through (a template's
 *    parameters are not types the workspace declares).
 *  - Methods state their parameter types and calls their arguments (count, and what a literal, a cast or a
 *    typed local proves: cpp-arguments.ts), so the resolver picks an overload by argument count, then by those
 *    types where built-in and string types decide (resolution/overloads.ts), else calls it ambiguous.
 *  - Receivers: `this->m()` and a bare `m()` in a member (implicit this), `x.m()` / `p->m()` with `x`
 *    a local, parameter or lambda parameter of a stated type (`Foo x;`, `Foo* p = new Foo`, `auto x = Foo(…)`,
 *    `auto p = std::make_unique<Foo>()`), `this->field_.m()` through a field's stated type,
 *    `Foo::Make()->m()` through a declared return type. `new Foo(…)` instantiates Foo.
 *  - `using ns::name;` binds `name` to that member of ns, `using namespace ns;` makes ns's members
 *    visible, where each stands (file, namespace, function): imports of a namespace (`namespaceImport`).
 *    `using T = U;` is a type alias.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import { handledNode, type SyntaxRules } from '../../extraction/core/syntax-walk.js';
import { NAMES, OPAQUE, declaratorName, visitInclude, visitMacro } from './c-syntax.js';
import type { CContext } from './file-state.js';
import { visitCall, visitNew } from './cpp-calls.js';
import {
  bindTypedParameters, block, catchFixtureHead, visitClass, visitDeclaration, visitEnum, visitFixtureBody, visitFunction, visitTypedef,
} from './cpp-declarations.js';
import { visitAlias, visitNamespace, visitUsing } from './cpp-namespaces.js';
import { typeRefOf, valueType } from './cpp-types.js';

const handled = handledNode<CContext>;

const CPP_OPAQUE = [
  ...OPAQUE, 'namespace_identifier', 'template_argument_list', 'template_parameter_list', 'access_specifier', 'this',
  'nullptr', 'auto', 'placeholder_type_specifier', 'raw_string_literal', 'user_defined_literal', 'operator_name', 'destructor_name',
  'static_assert_declaration', 'friend_declaration', 'requires_clause', 'virtual_specifier', 'noexcept', 'throw_specifier',
];

export const CPP_SYNTAX: SyntaxRules<CContext> = {
  opaque: CPP_OPAQUE,
  patternNames: (pattern) => {
    const name = declaratorName(pattern);
    return name ? [name.text] : [];
  },
  nodes: {
    compound_statement: {
      opensScope: { kind: 'block' },
      // Catch2's `TEST_CASE_METHOD(Fixture, "name") { … }`: the block is a member body of a subclass of Fixture.
      visit: ({ node, ctx }, walk) => {
        const fixture = ctx.scope.fileLevel || ctx.enclosing === null ? catchFixtureHead(node) : undefined;
        if (!fixture) return true;
        visitFixtureBody(node, fixture, ctx, walk);
        return false;
      },
    },
    for_statement: block,
    for_range_loop: {
      opensScope: { kind: 'block' },
      visit: ({ node, ctx }, walk) => {
        const right = node.childForFieldName('right');
        walk.push(right, ctx);
        const declarator = node.childForFieldName('declarator');
        const name = declaratorName(declarator);
        // `for (auto &x : xs)`: an element of xs, when xs is a stated collection (a map's: a key-value pair, `x.second`);
        // a stated element type wins.
        const stated = typeRefOf(node.childForFieldName('type'));
        const of = valueType(right);
        const type: TypeRef | null = stated ?? (of ? { kind: 'element', of, pairs: true } : null);
        if (name) ctx.scope.bind(name.text, 'local', undefined, type ? { type, scope: ctx.scope } : undefined);
        // `for (auto& [name, factory] : factories)`: a map's key and element.
        const structured = declarator?.type === 'structured_binding_declarator' ? declarator : declarator?.namedChildren.find((c) => c?.type === 'structured_binding_declarator');
        const names = structured?.namedChildren.filter((c) => c?.type === 'identifier') ?? [];
        names.forEach((one, i) => {
          const half: TypeRef | null = of && names.length === 2 && !stated ? { kind: 'element', of, pairHalf: i === 0 ? 'key' : 'value' } : null;
          ctx.scope.bind(one!.text, 'local', undefined, half ? { type: half, scope: ctx.scope } : undefined);
        });
        walk.push(node.childForFieldName('body'), ctx);
        return false;
      },
    },
    catch_clause: block,
    // `[&](tf::Runtime& rt) { rt.corun(); }`: a lambda's parameters are typed like a function's; its body sees the outer locals.
    lambda_expression: {
      opensScope: { kind: 'function' },
      visit: ({ node, ctx }) => {
        bindTypedParameters(node.childForFieldName('declarator')?.childForFieldName('parameters') ?? null, ctx.scope);
        return true;
      },
    },

    preproc_include: handled(visitInclude),
    preproc_def: handled(visitMacro),
    preproc_function_def: handled(visitMacro),
    namespace_definition: handled(visitNamespace),
    using_declaration: handled(visitUsing),
    alias_declaration: handled(visitAlias),
    function_definition: handled((node, ctx, walk) => visitFunction(node, ctx, walk)),
    declaration: handled(visitDeclaration),
    field_declaration: handled((node, ctx, walk) => {
      if (ctx.scope.fileLevel && node.parent?.type !== 'field_declaration_list') visitDeclaration(node, ctx, walk);
    }),
    type_definition: handled(visitTypedef),
    class_specifier: handled((node, ctx, walk) => visitClass(node, ctx, walk)),
    struct_specifier: handled((node, ctx, walk) => visitClass(node, ctx, walk)),
    union_specifier: handled((node, ctx, walk) => visitClass(node, ctx, walk)),
    enum_specifier: handled((node, ctx) => visitEnum(node, ctx)),

    // An unevaluated operand runs nothing, but names what it would call: `-> decltype(ctx.begin())` is begin's. Only a
    // member call: a bare one (`decltype(check<T>(nullptr))`) picks an overload by SFINAE, which no text proves.
    decltype: {
      visit: ({ node, ctx }, walk) => {
        for (const operand of unevaluatedCalls(node)) walk.push(operand, ctx);
        return false;
      },
    },
    call_expression: { visit: ({ node, ctx }) => visitCall(node, ctx) },
    new_expression: { visit: ({ node, ctx }) => visitNew(node, ctx) },
    ERROR: {
      visit: ({ node, ctx }) => {
        for (const child of node.children) if (child && NAMES.has(child.type) && !isCallHead(child)) ctx.file.namesInErrors.add(child.text);
        return true;
      },
    },
  },
};

/** The member calls `decltype(…)` names at its top (`a.f()`, each of `a.f(), void()`), receivers and all. */
function unevaluatedCalls(node: SyntaxNode): SyntaxNode[] {
  const calls: SyntaxNode[] = [];
  const visit = (expression: SyntaxNode | null): void => {
    // The grammar reads `decltype(a.f(), void())` as an error holding the first operand.
    if (expression?.type === 'comma_expression' || expression?.type === 'ERROR') {
      for (const operand of expression.namedChildren) visit(operand);
    } else if (expression?.type === 'call_expression' && expression.childForFieldName('function')?.type === 'field_expression') {
      calls.push(expression);
    }
  };
  for (const child of node.namedChildren) visit(child);
  return calls;
}

/** Tokens a declaration's name never follows: what ends a statement or an argument before a call. */
const BEFORE_CALL = new Set(['ERROR', 'comment', ';', '{', '}', ')', ',']);

/**
 * A name the broken region calls (`EXPECT_FATAL_FAILURE(` opening a statement, its block argument unreadable):
 * a use, not a declaration the region may hide. A declaration's name follows its type.
 */
function isCallHead(name: SyntaxNode): boolean {
  const previous = name.previousSibling;
  return name.nextSibling?.type === '(' && (previous === null || BEFORE_CALL.has(previous.type));
}

// ---------------------------------------------------------------------------------------------
// Names and types
