/** C++ call sites: calls with their receivers and argument counts, `new`. */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { ReferenceSite, TypeRef } from '../../model/extraction.js';
import type { CContext } from './file-state.js';
import { argumentTypesOf, pointerArgumentName, provesClassArgument, receiverReadOnly } from './cpp-arguments.js';
import { nameParts, pairHalfType, receiverChain, scopeArguments, specializationArguments, valueType } from './cpp-types.js';

/** What each argument proves about its type (a literal, a cast, a local of a written type), for overload selection. */
function argumentTypes(node: SyntaxNode, ctx: CContext): Array<string | null> | undefined {
  const args = node.childForFieldName('arguments');
  if (!args || args.type !== 'argument_list') return undefined;
  return argumentTypesOf(args, ctx.scope);
}

/**
 * Arguments naming a local or parameter declared a raw pointer: the class it points to, proven after the walk, for the
 * resolver to compare with pointer parameters (`deprecate_option(opt, s)` with `auto *opt = app->get_option(s)`).
 */
function statePointerArguments(node: SyntaxNode, site: ReferenceSite, ctx: CContext): void {
  const args = node.childForFieldName('arguments');
  if (!args || args.type !== 'argument_list') return;
  const list = args.namedChildren.filter((c) => c !== null && c.type !== 'comment');
  list.forEach((arg, i) => {
    const name = pointerArgumentName(arg!, ctx.scope);
    if (!name) return;
    ctx.file.facts.proveLater({ kind: 'value', chain: [name] }, ctx.scope, undefined, (proven) => {
      if (!proven) return;
      site.argumentTypeRefs ??= list.map(() => null);
      site.argumentTypeRefs[i] = proven;
    });
  });
}

/**
 * Arguments whose type the extraction does not see — a call's result (`XMLTest("id", XML_SUCCESS, doc.ErrorID())`), a
 * field (`valueToString(value_.int_)`), an enumerator or a constant, a local declared `auto` — as the value they read or
 * call, proven after the walk, for the resolver to weigh by the type its declaration writes.
 */
function stateDeclaredArguments(node: SyntaxNode, site: ReferenceSite, written: ReadonlyArray<string | null>, ctx: CContext): void {
  const args = node.childForFieldName('arguments');
  if (!args || args.type !== 'argument_list') return;
  const list = args.namedChildren.filter((c) => c !== null && c.type !== 'comment');
  list.forEach((arg, i) => {
    if (written[i] !== null || pointerArgumentName(arg!, ctx.scope)) return;
    const value = declaredValue(arg!);
    if (!value) return;
    ctx.file.facts.proveLater(value, ctx.scope, undefined, (proven) => {
      if (!proven || site.argumentTypes?.[i] !== null) return;
      site.argumentDeclaredRefs ??= list.map(() => null);
      site.argumentDeclaredRefs[i] = proven;
    });
  });
}

/** The value an argument reads or calls, where a declaration writes its type: a call, a field, a (qualified) name. */
function declaredValue(node: SyntaxNode): TypeRef | null {
  switch (node.type) {
    case 'parenthesized_expression':
      return node.namedChildren.length === 1 ? declaredValue(node.namedChildren[0]!) : null;
    case 'call_expression': {
      const type = valueType(node);
      return type?.kind === 'call' || type?.kind === 'member-call' ? type : null;
    }
    case 'field_expression': {
      const type = valueType(node);
      return type?.kind === 'field' ? type : null;
    }
    case 'identifier':
      return { kind: 'value', chain: [node.text] };
    case 'qualified_identifier': {
      const chain = nameParts(node);
      return chain && chain[0] !== 'std' ? { kind: 'value', chain } : null;
    }
    default:
      return null;
  }
}

export function visitCall(node: SyntaxNode, ctx: CContext): boolean {
  const fn = node.childForFieldName('function');
  const file = ctx.file;
  // `Check<int>(…)`: type arguments written at the call instantiate a template whatever the arguments would deduce.
  const explicit = fn?.type === 'template_function' || (fn?.type === 'qualified_identifier' && fn.childForFieldName('name')?.type === 'template_function');
  const written = explicit ? argumentTypes(node, ctx)?.map(() => null) : argumentTypes(node, ctx);
  const record = (name: string, receiver: string[] | undefined, typedReceiver?: { type: TypeRef; path: string[] }) => {
    const site = file.facts.addSite('calls', { name, receiver, typedReceiver }, ctx.enclosing, node, ctx.scope);
    if (written) {
      site.argumentTypes = written;
      statePointerArguments(node, site, ctx);
      if (!explicit) stateDeclaredArguments(node, site, written, ctx);
    }
    return site;
  };
  if (!fn) return true;
  // `(*this)(x)`: the class's own call operator.
  if (fn.type === 'parenthesized_expression' && fn.namedChildren[0]?.type === 'pointer_expression' && fn.namedChildren[0].childForFieldName('argument')?.type === 'this') {
    record('operator()', ['this']);
  } else if (fn.type === 'identifier' || fn.type === 'template_function' || fn.type === 'qualified_identifier') {
    const parts = nameParts(fn);
    // `std::to_string(n)`: the standard library's overload set, which a project's overload added to namespace std
    // (`to_string(const ErrorCode&)`) only joins: that one is meant only where an argument is of a project's type.
    // Such a call is kept as a site, bound outside the workspace (as a local's call is): never linked.
    const standard = parts !== null && parts.length > 1 && parts[0] === 'std' && !provesClassArgument(written ?? []);
    if (parts) {
      const site = record(parts[parts.length - 1], parts.slice(0, -1));
      if (standard) site.locallyBound = true;
      // `get_idx<std::size_t>::get()`, `Box<int>(x)`: arguments select a specialization (name-binding.ts).
      const receiverArguments = fn.type === 'qualified_identifier' ? scopeArguments(fn) : undefined;
      if (receiverArguments) site.receiverArguments = receiverArguments;
      const named = innermostName(fn);
      if (named?.type === 'template_function') site.nameArguments = specializationArguments(named);
    }
  } else if (fn.type === 'field_expression') {
    const field = fn.childForFieldName('field');
    const fieldName = field ? nameParts(field) : null;
    if (!fieldName) return true;
    const argument = fn.childForFieldName('argument');
    // `it->second->create()`: the element of the map `it` iterates.
    const half = pairHalfType(argument, ctx.scope);
    const chain = half ? null : receiverChain(argument);
    if (half) {
      record(fieldName[fieldName.length - 1], undefined, { type: half, path: [] });
    } else if (chain) {
      const site = record(fieldName[fieldName.length - 1], chain);
      // `app.get_option()` through `const App& app`: the `const` overload (and through `App& app` the other).
      const readOnly = chain.length === 1 ? receiverReadOnly(argument, ctx.scope) : undefined;
      if (readOnly !== undefined) site.receiverReadOnly = readOnly;
    } else {
      const type = valueType(argument);
      record(fieldName[fieldName.length - 1], undefined, type ? { type, path: [] } : undefined);
    }
  }
  return true;
}

export function visitNew(node: SyntaxNode, ctx: CContext): boolean {
  const parts = nameParts(node.childForFieldName('type'));
  if (parts && parts[0] !== 'std') {
    const site = ctx.file.facts.addSite('instantiates', { name: parts[parts.length - 1], receiver: parts.slice(0, -1) }, ctx.enclosing, node, ctx.scope);
    const written = argumentTypes(node, ctx);
    if (written) site.argumentTypes = written;
    const type = innermostName(node.childForFieldName('type'));
    if (type?.type === 'template_type') site.nameArguments = specializationArguments(type);
    const receiverArguments = node.childForFieldName('type')?.type === 'qualified_identifier' ? scopeArguments(node.childForFieldName('type')!) : undefined;
    if (receiverArguments) site.receiverArguments = receiverArguments;
  }
  return true;
}

/** The last name of a qualified one (`make<int>` of `ns::make<int>`). */
function innermostName(node: SyntaxNode | null): SyntaxNode | null {
  while (node?.type === 'qualified_identifier') node = node.childForFieldName('name');
  return node;
}
