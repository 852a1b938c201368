/**
 * What TypeScript/JavaScript code states about a value's type, as TypeRefs the global pass
 * resolves: annotations (`c: Client`, `: Client | undefined`, `Box<T>` → Box), constructors
 * (`new Client()`), calls whose callee declares a return type, `x as Client`. Unions of several
 * types, `any` and anything else prove nothing. Whether a name is a type parameter rather than
 * a class is decided by the extractor, which knows the file's type parameters.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';
import { receiverChain } from './ecmascript-syntax.js';

const NOTHING = new Set(['null', 'undefined']);
const MAX_DEPTH = 8;

/** The class a type annotation (or a type node) names, or null. */
export function annotatedType(node: SyntaxNode | null, depth = 0): TypeRef | null {
  if (!node || depth > MAX_DEPTH) return null;
  switch (node.type) {
    case 'type_annotation':
    case 'parenthesized_type':
      return annotatedType(node.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null, depth + 1);
    case 'type_identifier':
      return { kind: 'named', chain: [node.text] };
    case 'this_type':
      return { kind: 'self' };
    case 'nested_type_identifier': {
      const chain = receiverChain(node)?.names;
      return chain ? { kind: 'named', chain } : null;
    }
    case 'type_query': {
      // `ctor: typeof AjvCore`: the value that name holds (a class: `new ctor()` makes one, `ctor.create()` is its static).
      const queried = node.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
      const chain = queried && (queried.type === 'identifier' || queried.type === 'member_expression') ? receiverChain(queried)?.names : undefined;
      return chain && chain[0] !== 'this' && chain[0] !== 'super' ? { kind: 'value', chain } : null;
    }
    case 'generic_type':
      return utilityType(node, depth) ?? annotatedType(node.childForFieldName('name') ?? node.namedChild(0), depth + 1);
    case 'function_type': {
      // `get: (url: string) => ResponsePromise`: no instance, but called it gives one.
      const returns = annotatedType(node.childForFieldName('return_type'), depth + 1);
      return returns ? { kind: 'function', returns } : null;
    }
    case 'conditional_type': {
      // `T extends 'global' ? Elysia<A> : Elysia<B>`: whichever branch the checker takes, the value is an Elysia.
      const consequence = annotatedType(node.childForFieldName('consequence'), depth + 1);
      const alternative = annotatedType(node.childForFieldName('alternative'), depth + 1);
      return consequence && alternative && JSON.stringify(consequence) === JSON.stringify(alternative) ? consequence : null;
    }
    case 'union_type': {
      // `Client | null | undefined` is a Client wherever a method can be called on it.
      const members = unionMembers(node);
      if (members.length === 1) return annotatedType(members[0], depth + 1);
      // `Storage<T> | Storage<any>`: the same class whatever its type arguments.
      const each = members.map((member) => annotatedType(member, depth + 1));
      const first = each[0];
      return first?.kind === 'named' && each.every((one) => one?.kind === 'named' && one.chain.join('.') === first.chain.join('.')) ? first : null;
    }
    default:
      return null;
  }
}

/**
 * Per syntax tree, the generic type aliases its file declares that add members to one of their type arguments
 * (Radix's `type ScopedProps<P> = P & { __scopeMenu?: Scope }`): name → that argument's index. `ScopedProps<Props>`
 * has Props's methods, as `Partial<Props>` does. Noted once per file (`noteMemberKeepingAliases`) before its walk.
 */
const memberKeepingAliases = new WeakMap<object, ReadonlyMap<string, number>>();

/** `type N<P> = P & { … }` (or `{ … } & P`) at a file's top level: N → P's index, for `annotatedType`. */
export function noteMemberKeepingAliases(program: SyntaxNode): void {
  const out = new Map<string, number>();
  for (const statement of program.namedChildren) {
    const declaration = statement?.type === 'export_statement' ? statement.childForFieldName('declaration') : statement;
    if (declaration?.type !== 'type_alias_declaration') continue;
    const name = declaration.childForFieldName('name')?.text;
    const parameters = (declaration.childForFieldName('type_parameters')?.namedChildren ?? [])
      .filter((c) => c?.type === 'type_parameter').map((c) => c!.childForFieldName('name')?.text);
    const value = declaration.childForFieldName('value');
    if (!name || parameters.length === 0 || value?.type !== 'intersection_type') continue;
    const parts = intersectionParts(value);
    const kept = parts.filter((part) => part.type === 'type_identifier' && parameters.includes(part.text));
    // The one type argument, joined only by members written in place.
    if (kept.length === 1 && parts.every((part) => part === kept[0] || part.type === 'object_type')) out.set(name, parameters.indexOf(kept[0].text));
  }
  memberKeepingAliases.set(program.tree, out);
}

function intersectionParts(node: SyntaxNode): SyntaxNode[] {
  if (node.type !== 'intersection_type') return node.type === 'parenthesized_type' ? intersectionParts(node.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? node) : [node];
  return node.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment').flatMap((c) => intersectionParts(c));
}

/** Standard utility types whose result keeps (some of) their argument's members: `Partial<Props>` has Props's methods. */
export const MEMBER_KEEPING_UTILITIES: ReadonlySet<string> = new Set(['Omit', 'Pick', 'Partial', 'Required', 'Readonly', 'NonNullable']);

/**
 * What a standard utility type applied to one type says: `ReturnType<typeof f>` is what calling `f` gives,
 * `Awaited<ReturnType<typeof f>>` what awaiting it gives, `InstanceType<typeof C>` a C, `Partial<Props>` a Props.
 * null for any other generic type (its own name is then the type).
 */
function utilityType(node: SyntaxNode, depth: number): TypeRef | null {
  const name = node.childForFieldName('name') ?? node.namedChild(0);
  const argument = node.childForFieldName('type_arguments')?.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
  if (name?.type !== 'type_identifier' || !argument) return null;
  if (MEMBER_KEEPING_UTILITIES.has(name.text)) return annotatedType(argument, depth + 1);
  const kept = memberKeepingAliases.get(node.tree)?.get(name.text);
  if (kept !== undefined) {
    const keptArgument = node.childForFieldName('type_arguments')?.namedChildren.filter((c) => c !== null && c.type !== 'comment')[kept] ?? null;
    return annotatedType(keptArgument, depth + 1);
  }
  if (name.text === 'Awaited') {
    const inner = argument.type === 'generic_type' ? utilityType(argument, depth + 1) : null;
    return inner?.kind === 'call' && !inner.construct && !inner.awaited ? { ...inner, awaited: true } : null;
  }
  if (name.text !== 'ReturnType' && name.text !== 'InstanceType') return null;
  // `typeof f`, `typeof a.b`: the value the chain names.
  const queried = argument.type === 'type_query' ? argument.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null : null;
  const chain = queried ? receiverChain(queried)?.names : undefined;
  if (!chain || chain[0] === 'this' || chain[0] === 'super') return null;
  return name.text === 'ReturnType' ? { kind: 'call', callee: chain } : { kind: 'named', chain };
}

/** The type an initialiser proves: `new C()`, `f()`, `a.b.f()`, `<value>.m()`, `await …`, `x as C`. */
export function initialiserType(node: SyntaxNode | null, depth = 0): TypeRef | null {
  if (!node || depth > MAX_DEPTH) return null;
  switch (node.type) {
    case 'parenthesized_expression':
    case 'non_null_expression':
      return initialiserType(node.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null, depth + 1);
    case 'as_expression':
    case 'satisfies_expression': {
      if (node.type === 'as_expression') return annotatedType(node.namedChild(1), depth + 1);
      return initialiserType(node.namedChild(0), depth + 1);
    }
    case 'await_expression': {
      const inner = initialiserType(node.namedChild(0), depth + 1);
      if (inner?.kind === 'member-call' || (inner?.kind === 'call' && !inner.construct)) return { ...inner, awaited: true };
      return null;
    }
    case 'new_expression': {
      const chain = receiverChain(node.childForFieldName('constructor'))?.names;
      return chain && chain[0] !== 'this' && chain[0] !== 'super' ? { kind: 'call', callee: chain, construct: true } : null;
    }
    case 'call_expression':
      return callResultType(node, depth);
    case 'identifier':
    case 'member_expression': {
      // `const numberType = ZodNumber.create`, `const s = schema`: whatever that name holds (and,
      // called, what it returns).
      const chain = receiverChain(node)?.names;
      if (chain) return chain[0] !== 'this' && chain[0] !== 'super' ? { kind: 'value', chain } : null;
      // `setup().context`, `make().store`: the member of what the expression before it gives.
      const object = node.type === 'member_expression' ? node.childForFieldName('object') : null;
      const property = node.type === 'member_expression' ? node.childForFieldName('property') : null;
      const of = object?.type === 'call_expression' && property?.type === 'property_identifier' ? initialiserType(object, depth + 1) : null;
      return of ? { kind: 'field', of, path: [property!.text] } : null;
    }
    default:
      return null;
  }
}

/** `f()` / `a.b.f()` → a call of that chain; `<expression>.m()` → a method call on its type. */
export function callResultType(call: SyntaxNode, depth = 0): TypeRef | null {
  const fn = call.childForFieldName('function');
  if (!fn || depth > MAX_DEPTH) return null;
  const chain = receiverChain(fn)?.names;
  if (chain) return chain[0] === 'super' || chain[0] === 'import' ? null : { kind: 'call', callee: chain };
  if (fn.type !== 'member_expression') return null;
  const property = fn.childForFieldName('property');
  const of = initialiserType(fn.childForFieldName('object'), depth + 1);
  return of && property ? { kind: 'member-call', of, name: property.text } : null;
}

/** A union type's members in source order (nested unions flattened), `null`, `undefined` and `void` left out. */
export function unionMembers(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const stack = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if (current.type === 'union_type') {
      for (const child of current.namedChildren) if (child && child.type !== 'comment') stack.push(child);
    } else if (!isNothing(current)) {
      out.unshift(current);
    }
  }
  return out;
}

function isNothing(node: SyntaxNode): boolean {
  if (node.type === 'literal_type') return NOTHING.has(node.namedChild(0)?.type ?? '') || NOTHING.has(node.text);
  return node.type === 'predefined_type' && (node.text === 'undefined' || node.text === 'void' || node.text === 'null');
}
