/**
 * What ECMAScript syntax (TypeScript, TSX, JavaScript, JSX) means, as rules for the shared walk
 * (`src/extraction/core/syntax-walk.ts`): node type → the scope it opens and the names it binds,
 * and — where data cannot say it — a hook that declares, records an import, an export or a
 * reference site, or hands parts to the walk with their own context.
 */
import { handledFrame, type NodeRule, type SyntaxRules } from '../../extraction/core/syntax-walk.js';
import { patternNames } from './ecmascript-scopes.js';
import { docCommentText, memberTarget, TYPE_ONLY_TYPES, type MemberTarget } from './ecmascript-syntax.js';
import { wordsOf, type EcmascriptContext, type EcmascriptExtra } from './file-state.js';
import { recordAssigned, visitCall, visitDecorator, visitExpressionStatement, visitJsxElement } from './calls.js';
import {
  returnedValue, visitClass, visitClassMemberSignature, visitField, visitFunction, visitFunctionSignature,
  visitMethod, visitPropertySignature
} from './declarations.js';
import { visitExport, visitImport } from './modules.js';
import { visitReturnedLiteral } from './ecmascript-returned-literals.js';
import { visitAmbient, visitEnum, visitInterface, visitNamespace, visitTypeAlias } from './type-declarations.js';
import { visitVariables } from './variables.js';

type Rule = NodeRule<EcmascriptContext, EcmascriptExtra>;

/** Node types that never contain a declaration, import or reference site. */
const NOTHING_INSIDE: readonly string[] = [
  ...TYPE_ONLY_TYPES, 'comment', 'identifier', 'property_identifier', 'private_property_identifier',
  'shorthand_property_identifier', 'shorthand_property_identifier_pattern', 'statement_identifier', 'number', 'string',
  'string_fragment', 'escape_sequence', 'regex', 'this', 'super', 'true', 'false', 'null', 'undefined', 'jsx_text',
  'hash_bang_line', 'html_comment', 'formal_parameters_placeholder', 'accessibility_modifier', 'override_modifier',
];
/** A hook that handles the node itself and walks none of its children by default. */
const handled = handledFrame<EcmascriptContext, EcmascriptExtra>;

/** A block: its own scope for `let`/`const`/class/function declarations; no longer module level. */
const block: Rule = { opensScope: { kind: 'block', context: (ctx, scope) => ({ ...ctx, moduleLevel: false, scope }) } };
/** `for (const x of …)`, `for (var k in …)`, `catch (e)`: a block whose head binds (a `var`, the function's). */
const headedBlock: Rule = {
  opensScope: block.opensScope,
  visit: ({ node, ctx }) => {
    const declarationKind = node.type === 'catch_clause' ? 'let' : node.childForFieldName('kind')?.text;
    const bound = node.type === 'catch_clause' ? node.childForFieldName('parameter') : node.childForFieldName('left');
    if (declarationKind !== undefined) {
      for (const name of patternNames(bound)) ctx.scope.bind(name, declarationKind === 'var' ? 'var' : 'lexical');
    } else if (node.type === 'for_in_statement') {
      // `for (x of xs)` writes an outer `x`.
      for (const name of patternNames(bound)) ctx.file.assignedNames.add(name);
    }
    return true;
  },
};
const functionRule: Rule = handled(visitFunction);
const classRule: Rule = handled(visitClass);
const namespaceRule: Rule = handled(visitNamespace);
const variablesRule: Rule = handled(visitVariables);
const fieldRule: Rule = handled(visitField);
const jsxElementRule: Rule = { visit: visitJsxElement };

export const ECMASCRIPT_SYNTAX: SyntaxRules<EcmascriptContext, EcmascriptExtra> = {
  opaque: NOTHING_INSIDE,
  patternNames: (pattern) => patternNames(pattern),
  comments: { types: ['comment'], doc: docCommentText },
  leadingAttributes: ['decorator'],
  // Handlers ask for these parents: a statement list (overloads), a class or interface body, an ERROR.
  keepParents: ['program', 'statement_block', 'class_body', 'interface_body', 'object_type', 'ERROR'],
  nodes: {
    // Scopes.
    statement_block: block,
    switch_body: block,
    for_statement: block,
    for_in_statement: headedBlock,
    catch_clause: headedBlock,
    // Runs once when the class is defined: its sites belong to the class; its `var`s are its own.
    class_static_block: {
      opensScope: { kind: 'function', context: (ctx, scope) => ({ ...ctx, scope, enclosing: ctx.container, pendingOwner: null }) },
    },

    // Imports and exports.
    import_statement: handled(visitImport),
    export_statement: handled(visitExport),

    // Declarations.
    lexical_declaration: variablesRule,
    variable_declaration: variablesRule,
    function_declaration: functionRule,
    generator_function_declaration: functionRule,
    function_expression: functionRule,
    function: functionRule,
    generator_function: functionRule,
    arrow_function: functionRule,
    method_definition: handled((frame, walk) => (frame.parent?.type === 'class_body' ? visitMethod(frame, walk) : visitFunction(frame, walk))),
    function_signature: handled(visitFunctionSignature),
    public_field_definition: fieldRule,
    field_definition: fieldRule,
    method_signature: handled((frame) => {
      const parent = frame.parent?.type;
      if (parent === 'class_body' || parent === 'interface_body' || parent === 'object_type') visitClassMemberSignature(frame, false);
    }),
    // Reached in an object type only where a type alias descends into it (its members).
    property_signature: handled((frame) => {
      if (frame.parent?.type === 'interface_body' || frame.parent?.type === 'object_type') visitPropertySignature(frame);
    }),
    abstract_method_signature: handled((frame) => visitClassMemberSignature(frame, true)),
    class_declaration: classRule,
    abstract_class_declaration: classRule,
    class: classRule,
    interface_declaration: handled(visitInterface),
    type_alias_declaration: handled(visitTypeAlias),
    enum_declaration: handled(visitEnum),
    internal_module: namespaceRule,
    module: namespaceRule,
    ambient_declaration: handled(visitAmbient),

    // Statements and expressions.
    expression_statement: handled(visitExpressionStatement),
    call_expression: { visit: visitCall },
    assignment_expression: { visit: recordAssigned },
    augmented_assignment_expression: { visit: recordAssigned },
    new_expression: {
      visit: ({ node, ctx }) => {
        const target = memberTarget(node.childForFieldName('constructor'));
        if (target) ctx.file.addReference('instantiates', heldClass(target, ctx) ?? target, node, ctx);
        return true;
      },
    },
    jsx_opening_element: jsxElementRule,
    jsx_self_closing_element: jsxElementRule,
    decorator: { visit: visitDecorator },
    return_statement: {
      visit: ({ node, ctx }, walk) => {
        const value = node.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
        const stated = ctx.results ? ctx.file.statedResults.get(ctx.results) : undefined;
        if (stated) {
          // Stated once, at the first `return`; the others return the same local.
          if (!stated.done) ctx.file.stateType(ctx.results!.id, 'returnType', stated.type, ctx);
          stated.done = true;
          return true;
        }
        ctx.results?.returns.push(value ? returnedValue(value, ctx) : { value: 'none', scope: ctx.scope, words: wordsOf(ctx) });
        // `return { modified, touch }`: an object whose members a call's value has (walked there).
        return !(value?.type === 'object' && visitReturnedLiteral(value, ctx, walk));
      },
    },
  },
};

// ---------------------------------------------------------------- declarations

/**
 * `new ctor()` where the local `ctor` is proven to hold what another name chain names (a parameter `ctor: typeof
 * AjvCore`, `const C = Base`): the construction of that chain, looked up where the site is. undefined otherwise.
 */
function heldClass(target: MemberTarget, ctx: EcmascriptContext): MemberTarget | undefined {
  if (!target.receiver) return undefined;
  // `new ctor()`, or `new lib.H3()` with `lib: typeof ns` (a namespace import): the local is the chain's head.
  const local = target.receiver.length === 0 ? target.name : target.receiver[0];
  const verdict = ctx.scope.classify(local, target.receiver.length > 0);
  if (!verdict.locallyBound || verdict.localTarget !== undefined) return undefined;
  const held = verdict.scope?.provenValue(local)?.type;
  if (held?.kind !== 'value' || ctx.scope.classify(held.chain[0], held.chain.length > 1).locallyBound) return undefined;
  if (target.receiver.length > 0) return { name: target.name, receiver: [...held.chain, ...target.receiver.slice(1)], head: target.head, object: target.object };
  return { name: held.chain[held.chain.length - 1], receiver: held.chain.slice(0, -1), head: target.head };
}
