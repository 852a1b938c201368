/**
 * What C's syntax means, as rules for the shared walk (`src/extraction/core/syntax-walk.ts`).
 *
 * Decisions:
 *  - A function definition is a `function`; a file-level prototype (`int f(int);`, `extern` or not) is
 *    a `function` too, marked `definedElsewhere`: the resolver sends a call that lands on it to the one
 *    definition of the workspace (the linker's view), so a header and its `.c` file make one function
 *    for callers. A `static` function is file-local (`isStatic`, visibility private), and so is a
 *    definition that a `static` prototype of the same file declared first.
 *  - `struct` and `union` are `struct`s (the vocabulary has no union) with `field`s; `enum`s have
 *    `enum_member`s; a `typedef` is a `type_alias`, except that an anonymous struct, union or enum
 *    defined in a typedef takes the typedef's name (`typedef struct { … } point_t;` is one struct).
 *  - A function-like macro (`#define F(x) …`) is a `function` (a call `F(1)` links to it); an
 *    object-like macro with a value is a `constant` (include guards, with none, are not declared).
 *    A macro of a source file (not a header) is file-local (visibility private), like a `static`.
 *  - File-level variables are `variable`s (`extern` ones `definedElsewhere`).
 *  - `#include "x.h"` and `#include <x.h>` are imports with no bindings (the specifier keeps the
 *    angle brackets): an include makes no name visible that the linker would not, so it binds
 *    nothing; it gives the file's `imports` edge (module-resolution.ts finds the header).
 *  - Calls: `f()` is a bare call (a parameter or local of that name, a function pointer, shadows it);
 *    `s.f()` / `p->f()` call through a function-pointer field: recorded with an unknown receiver, never
 *    linked by name. Macro bodies are text: their calls are not seen.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { NodeKind } from '../../model/graph-vocabulary.js';
import { positionOf } from '../../extraction/core/scopes.js';
import { handledNode, type NodeRule, type SyntaxRules, type Walk } from '../../extraction/core/syntax-walk.js';
import { docCommentOf, isHeaderPath, signatureOf, type CContext } from './file-state.js';
import { platformVariant } from './platform-branches.js';
import { libraryFallback } from './c-library-names.js';
import { namespacesOpenedBy } from './namespace-macros.js';

type CWalk = Walk<CContext>;
type Rule = NodeRule<CContext>;

/** Named node types with nothing to extract inside. */
export const OPAQUE = [
  'identifier', 'field_identifier', 'type_identifier', 'statement_identifier', 'primitive_type', 'sized_type_specifier',
  'type_qualifier', 'storage_class_specifier', 'string_literal', 'concatenated_string', 'char_literal', 'number_literal',
  'system_lib_string', 'true', 'false', 'null', 'comment', 'preproc_arg', 'preproc_directive', 'preproc_call',
  'type_descriptor', 'attribute_specifier', 'attribute_declaration', 'ms_declspec_modifier', 'gnu_asm_expression',
  'macro_type_specifier', 'escape_sequence', 'preproc_defined',
];

/** Declarators that wrap the declared name (`*p`, `a[3]`, `(x)`, `x = 1`, attributes). */
const WRAPPERS = new Set([
  'pointer_declarator', 'array_declarator', 'parenthesized_declarator', 'init_declarator', 'attributed_declarator',
  'function_declarator', 'abstract_pointer_declarator',
  // C++ (the C grammar has none of these): `T& x`, `T&& x`, `T C::*x`.
  'reference_declarator',
]);

export const NAMES = new Set(['identifier', 'field_identifier', 'type_identifier']);

const handled = handledNode<CContext>;

const block: Rule = { opensScope: { kind: 'block' } };

export const C_SYNTAX: SyntaxRules<CContext> = {
  opaque: OPAQUE,
  patternNames: (pattern) => {
    const name = declaratorName(pattern);
    return name ? [name.text] : [];
  },
  nodes: {
    compound_statement: block,
    for_statement: block,

    preproc_include: handled(visitInclude),
    // Macros, and C library fallbacks among them.
    preproc_def: handled(visitCMacro),
    preproc_function_def: handled(visitCMacro),
    function_definition: handled(visitFunction),
    declaration: handled(visitDeclaration),
    // The grammar's error recovery can read the rest of a header as struct fields at file level
    // (after a macro it cannot parse): there they are the file's declarations (prototypes mostly).
    field_declaration: handled((node, ctx, walk) => {
      if (ctx.scope.fileLevel && node.parent?.type !== 'field_declaration_list') visitDeclaration(node, ctx, walk);
    }),
    type_definition: handled(visitTypedef),
    struct_specifier: handled((node, ctx) => visitTagged(node, ctx)),
    union_specifier: handled((node, ctx) => visitTagged(node, ctx)),
    enum_specifier: handled((node, ctx) => visitTagged(node, ctx)),

    call_expression: { visit: ({ node, ctx }) => visitCall(node, ctx) },
    ERROR: {
      visit: ({ node, ctx }) => {
        for (const child of node.children) if (child && NAMES.has(child.type)) ctx.file.namesInErrors.add(child.text);
        return true;
      },
    },
  },
};

/** The name a declarator declares (`*const p[3]` → p), or null (an abstract declarator). */
export function declaratorName(node: SyntaxNode | null | undefined): SyntaxNode | null {
  for (let current = node; current; ) {
    if (NAMES.has(current.type)) return current;
    if (!WRAPPERS.has(current.type)) return null;
    current = current.childForFieldName('declarator') ?? current.namedChildren.find((c) => c !== null && (NAMES.has(c.type) || WRAPPERS.has(c.type))) ?? null;
  }
  return null;
}

/**
 * The function declarator of a declarator that declares a function (`f(int)`, `*make(void)`,
 * `(*get(void))(int)`), or null when it declares anything else — a function pointer (`(*fp)(int)`:
 * a pointer binds closer to the name than the parameter list) or a plain value.
 */
export function functionDeclarator(node: SyntaxNode | null | undefined): SyntaxNode | null {
  let fn: SyntaxNode | null = null;
  let pointerAfterFn = false;
  for (let current = node; current; ) {
    if (NAMES.has(current.type)) return fn && !pointerAfterFn ? fn : null;
    if (!WRAPPERS.has(current.type)) return null;
    if (current.type === 'function_declarator') {
      fn = current;
      pointerAfterFn = false;
    } else if (current.type === 'pointer_declarator' && fn) {
      pointerAfterFn = true;
    }
    current = current.childForFieldName('declarator') ?? current.namedChildren.find((c) => c !== null && (NAMES.has(c.type) || WRAPPERS.has(c.type))) ?? null;
  }
  return null;
}

/**
 * The macro a build must define for `node` to be compiled, when a preprocessor branch around it says so:
 * `#ifdef NAME` / `#if defined(NAME)` (their first branch), `#ifndef NAME` / `#if !defined(NAME)` (their
 * `#else`). A default build defines no such option, so a twin in the other branch is the one it compiles.
 * Names with a leading underscore (`_WIN32`, `__cplusplus`) are the compiler's or platform's, not a
 * project's option: they say nothing here, nor does any other condition.
 */
export function optInMacro(node: SyntaxNode): string | undefined {
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    const branchOf = parent.type === 'preproc_else' ? parent.parent : parent;
    if (!branchOf || (branchOf.type !== 'preproc_ifdef' && branchOf.type !== 'preproc_if')) continue;
    const alternative = branchOf.childForFieldName('alternative');
    const inElse = parent.type === 'preproc_else';
    // A node in the first branch (not under `alternative`), or directly in a plain `#else` of it.
    if (!inElse && alternative && child.startIndex >= alternative.startIndex && child.endIndex <= alternative.endIndex) continue;
    let name: string | undefined;
    let negated: boolean;
    if (branchOf.type === 'preproc_ifdef') {
      name = branchOf.childForFieldName('name')?.text;
      negated = branchOf.child(0)?.type === '#ifndef';
    } else {
      let condition = branchOf.childForFieldName('condition');
      negated = condition?.type === 'unary_expression' && condition.child(0)?.type === '!';
      if (negated) condition = condition!.childForFieldName('argument');
      if (condition?.type !== 'preproc_defined') continue;
      name = condition.namedChildren.find((c) => c?.type === 'identifier')?.text;
    }
    if (!name || name.startsWith('_')) continue;
    if (negated === inElse) return name;
  }
  return undefined;
}

export function hasStorageClass(node: SyntaxNode, word: string): boolean {
  return node.namedChildren.some((c) => c?.type === 'storage_class_specifier' && c.text === word);
}

export function visitInclude(node: SyntaxNode, ctx: CContext): void {
  const path = node.childForFieldName('path');
  if (!path) return;
  let specifier: string;
  if (path.type === 'system_lib_string') specifier = path.text;
  else if (path.type === 'string_literal') specifier = path.namedChildren.find((c) => c?.type === 'string_content')?.text ?? '';
  else return; // `#include MACRO`: computed, nothing to resolve
  if (specifier === '' || specifier === '<>') return;
  ctx.file.builder.addImport(specifier, null, node, node.text.trim().replace(/\s+/g, ' '), []);
}

/** `#define F(x) …` → a function; `#define N 10` → a constant. Macros are file-level wherever written. */
function visitCMacro(node: SyntaxNode, ctx: CContext): void {
  const id = defineMacro(node, ctx);
  // `#ifndef isinf` / `#define isinf(d) …`: the C library's macro where it has one.
  const fallback = id === undefined ? undefined : libraryFallback(node, ctx.file.builder.declarations[id].name, ctx.file.path);
  if (fallback !== undefined) ctx.file.builder.declarations[id!].buildVariant = fallback;
}

export function visitMacro(node: SyntaxNode, ctx: CContext): void {
  defineMacro(node, ctx);
}

function defineMacro(node: SyntaxNode, ctx: CContext): number | undefined {
  const name = node.childForFieldName('name');
  if (!name) return undefined;
  const isFunction = node.type === 'preproc_function_def';
  const value = node.childForFieldName('value');
  // An include guard or a flag (`#define HAVE_X`) has no value: nothing a caller reaches.
  if (!isFunction && !value) return undefined;
  const head = isFunction ? `#define ${name.text}${node.childForFieldName('parameters')?.text ?? '()'}` : `#define ${name.text}`;
  // A macro of a source file exists in that translation unit only; a header's in every includer.
  const local = !isHeaderPath(ctx.file.path);
  const id = ctx.file.builder.declare(isFunction ? 'function' : 'constant', name.text, null, node, {
    signature: head.replace(/\s+/g, ' '),
    docstring: docCommentOf(node),
    isExported: !local || undefined,
    visibility: local ? 'private' : undefined,
  });
  // `#if defined(_WIN32)` … `#else` and `#ifdef MYLIB_OPTION` … `#else` twins: the
  // default build's definition is the one its uses mean (as for functions, cpp-declarations.ts).
  const variant = optInMacro(node) ?? platformVariant(node);
  if (variant !== undefined) ctx.file.builder.declarations[id].buildVariant = variant;
  // `#define FMT_BEGIN_NAMESPACE namespace fmt { inline namespace v11 {`: what the regions it opens are (namespace-macros.ts).
  const opened = !isFunction && value ? namespacesOpenedBy(value.text, (macro) => ctx.file.objectMacros.get(macro)) : undefined;
  if (opened) ctx.file.builder.declarations[id].expandsToNamespace = opened;
  if (!isFunction && value) ctx.file.objectMacros.set(name.text, value.text);
  return id;
}

function visitFunction(node: SyntaxNode, ctx: CContext, walk: CWalk): void {
  const declarator = node.childForFieldName('declarator');
  const fn = functionDeclarator(declarator);
  // `TEST_IMPL(name) { … }`: a macro that writes the function's head; the grammar reads the macro as
  // the type and `(name)` as the declarator. The function is known by that name (as codegraph names it).
  const nameNode = fn ? declaratorName(fn) : declarator?.type === 'parenthesized_declarator' ? declaratorName(declarator) : null;
  const body = node.childForFieldName('body');
  if (!nameNode) {
    walk.push(body, ctx);
    return;
  }
  const file = ctx.file;
  const name = nameNode.text;
  const isStatic = hasStorageClass(node, 'static') || file.staticFunctions.has(name);
  const id = file.builder.declare('function', name, ctx.parentDecl, node, {
    signature: signatureOf(node, body),
    docstring: docCommentOf(node),
    isStatic,
    isExported: !isStatic || undefined,
    visibility: isStatic ? 'private' : undefined,
  });
  // `#ifdef _WIN32` … `#else` twins: the one the default (POSIX) build compiles is what a call means. A name tested
  // by `#ifdef` may be a macro the project itself defines by a size or feature test (lua's `Rand64`), so a function's
  // `#ifdef NAME` … `#else` twins stay undecided.
  // `strsep` in `compat/strsep.c`, under `#ifndef HAVE_STRSEP`: compiled only where libc lacks it.
  const variant = libraryFallback(node, name, file.path) ?? platformVariant(node);
  if (variant !== undefined) file.builder.declarations[id].buildVariant = variant;
  const scope = ctx.scope.open('function');
  if (fn) bindParameters(fn.childForFieldName('parameters'), scope);
  walk.push(body, { file, scope, parentDecl: null, enclosing: id });
}

export function bindParameters(list: SyntaxNode | null, scope: CContext['scope']): void {
  for (const parameter of list?.namedChildren ?? []) {
    if (parameter?.type !== 'parameter_declaration') continue;
    const name = declaratorName(parameter.childForFieldName('declarator'));
    if (name) scope.bind(name.text, 'parameter');
  }
}

/**
 * `int f(int);`, `extern int x;`, `static T *p = …;`, `struct s { … } v;`. At file level each
 * declarator is a declaration; inside a function each is a local, visible from its declarator on.
 */
function visitDeclaration(node: SyntaxNode, ctx: CContext, walk: CWalk): void {
  const file = ctx.file;
  const type = node.childForFieldName('type');
  const fileLevel = ctx.scope.fileLevel;
  if (fileLevel && type && isTagged(type)) visitTagged(type, ctx);
  const isStatic = hasStorageClass(node, 'static');
  const isExtern = hasStorageClass(node, 'extern');
  for (const declarator of node.childrenForFieldName('declarator')) {
    if (!declarator) continue;
    const fn = functionDeclarator(declarator);
    const nameNode = declaratorName(declarator);
    if (!nameNode) continue;
    const name = nameNode.text;
    const value = declarator.type === 'init_declarator' ? declarator.childForFieldName('value') : null;
    if (fn) {
      // A prototype. Inside a function it declares the same external function: no local binding.
      if (!fileLevel) continue;
      if (isStatic) file.staticFunctions.add(name);
      const fileLocal = isStatic || file.staticFunctions.has(name);
      const id = file.builder.declare('function', name, ctx.parentDecl, node, {
        signature: signatureOf(node, null),
        docstring: docCommentOf(node),
        isStatic: fileLocal,
        isExported: !fileLocal || undefined,
        visibility: fileLocal ? 'private' : undefined,
        definedElsewhere: true,
      });
      const fallback = libraryFallback(node, name, file.path);
      if (fallback !== undefined) file.builder.declarations[id].buildVariant = fallback;
      continue;
    }
    if (fileLevel) {
      const isConst = !/\*/.test(declarator.text) && node.namedChildren.some((c) => c?.type === 'type_qualifier' && c.text === 'const');
      file.builder.declare(isConst ? 'constant' : 'variable', name, ctx.parentDecl, declarator, {
        signature: signatureOf(node, null),
        docstring: docCommentOf(node),
        isStatic,
        isExported: !isStatic || undefined,
        visibility: isStatic ? 'private' : undefined,
        definedElsewhere: isExtern && !value ? true : undefined,
      });
      walk.push(value, ctx);
      continue;
    }
    // A local: its initialiser is evaluated first (`int n = n0(); … n(…)` cannot happen in C, but the order is C's).
    walk.push(value, ctx);
    ctx.scope.bind(name, 'local', undefined, undefined, positionOf(nameNode));
  }
}

export function isTagged(node: SyntaxNode): boolean {
  return node.type === 'struct_specifier' || node.type === 'union_specifier' || node.type === 'enum_specifier';
}

/** `typedef struct { … } point_t;`, `typedef struct node node_t;`, `typedef int (*cb_t)(int);`. */
function visitTypedef(node: SyntaxNode, ctx: CContext): void {
  if (!ctx.scope.fileLevel) return;
  const type = node.childForFieldName('type');
  const names = node.childrenForFieldName('declarator').map((d) => declaratorName(d)).filter((n): n is SyntaxNode => n !== null);
  let named = names;
  if (type && isTagged(type)) {
    const anonymous = !type.childForFieldName('name') && type.childForFieldName('body');
    if (anonymous && names.length > 0) {
      // The anonymous type is known by the typedef's first name.
      visitTagged(type, ctx, names[0].text, node);
      named = names.slice(1);
    } else {
      visitTagged(type, ctx);
    }
  }
  for (const name of named) {
    ctx.file.builder.declare('type_alias', name.text, null, node, {
      signature: signatureOf(node, type && isTagged(type) ? type.childForFieldName('body') : null),
      docstring: docCommentOf(node),
      isExported: true,
    });
  }
}

const TAGGED_KINDS: Readonly<Record<string, NodeKind>> = { struct_specifier: 'struct', union_specifier: 'struct', enum_specifier: 'enum' };

/**
 * A struct, union or enum with a body, declared at file level under its tag (or `name`, for an
 * anonymous one a typedef names). A tag without a body (`struct node;`, `struct node *p`) declares nothing.
 */
function visitTagged(node: SyntaxNode, ctx: CContext, name?: string, at?: SyntaxNode): void {
  const body = node.childForFieldName('body');
  // An anonymous enum declares its members (file-level constants in C); codegraph names it `<anonymous>`.
  const tag = node.childForFieldName('name')?.text ?? name ?? (node.type === 'enum_specifier' ? '<anonymous>' : undefined);
  if (!body || !tag || !ctx.scope.fileLevel) return;
  const builder = ctx.file.builder;
  const id = builder.declare(TAGGED_KINDS[node.type], tag, null, at ?? node, {
    signature: signatureOf(at ?? node, body),
    docstring: docCommentOf(at ?? node),
    isExported: true,
  });
  if (node.type === 'enum_specifier') {
    for (const enumerator of body.namedChildren) {
      const member = enumerator?.type === 'enumerator' ? enumerator.childForFieldName('name') : null;
      if (member) builder.declare('enum_member', member.text, id, enumerator!, { signature: enumerator!.text.replace(/\s+/g, ' ') });
    }
    return;
  }
  declareFields(body, id, ctx);
}

/** The fields of a struct or union body; an anonymous member struct's fields are the outer one's (C11). */
function declareFields(body: SyntaxNode, owner: number, ctx: CContext): void {
  for (const field of body.namedChildren) {
    if (field?.type !== 'field_declaration') {
      // `#ifdef` inside a struct body: its fields are the struct's.
      if (field && field.type.startsWith('preproc_if')) declareFields(field, owner, ctx);
      continue;
    }
    const type = field.childForFieldName('type');
    const declarators = field.childrenForFieldName('declarator');
    if (type && isTagged(type) && type.childForFieldName('body')) {
      if (type.childForFieldName('name')) visitTagged(type, ctx);
      else if (declarators.length === 0 && type.type !== 'enum_specifier') declareFields(type.childForFieldName('body')!, owner, ctx);
    }
    for (const declarator of declarators) {
      const name = declaratorName(declarator);
      if (name) ctx.file.builder.declare('field', name.text, owner, name, { signature: field.text.replace(/\s+/g, ' ').slice(0, 200) });
    }
  }
}

function visitCall(node: SyntaxNode, ctx: CContext): boolean {
  const fn = node.childForFieldName('function');
  if (fn?.type === 'identifier') {
    ctx.file.facts.addSite('calls', { name: fn.text, receiver: [] }, ctx.enclosing, node, ctx.scope);
  } else if (fn?.type === 'field_expression') {
    // A function-pointer field: which function it holds is decided at run time.
    const field = fn.childForFieldName('field');
    if (field) ctx.file.facts.addSite('calls', { name: field.text, receiver: undefined }, ctx.enclosing, node, ctx.scope);
  }
  return true;
}

