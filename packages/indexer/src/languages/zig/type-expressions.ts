/**
 * What Zig code states about types, as `TypeRef`s resolved in the global pass.
 *
 *  - `T`, `*T`, `*const T`, `mod.T`, and an error union `E!T` / `!T` (what `try` gives) are T;
 *    `F(T)` is what the type function F returns;
 *    `?T`, `[]T`, `[n]T` are collections of T (`x.?`, `xs[i]`, a `for` capture give an element), and so is a std
 *    array list (`std.ArrayList(T)`), whose elements `list.items` holds.
 *    A name bound to `@This()` is the container it is written in.
 *  - A `const`/`var` proves its type for its whole life: `var x: T`, `T{ … }`, `T.init(…)` with
 *    init's declared result, `try f()`, `f() catch …`, `x orelse …` (x's element), `x.m()` with m's.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { TypeRef } from '../../model/extraction.js';

const KEYWORDS = new Set([
  'addrspace', 'align', 'allowzero', 'and', 'anyframe', 'anytype', 'asm', 'break', 'callconv', 'catch', 'comptime', 'const',
  'continue', 'defer', 'else', 'enum', 'errdefer', 'error', 'export', 'extern', 'fn', 'for', 'if', 'inline', 'noalias',
  'nosuspend', 'noinline', 'opaque', 'or', 'orelse', 'packed', 'pub', 'resume', 'return', 'linksection', 'struct', 'suspend',
  'switch', 'test', 'threadlocal', 'try', 'union', 'unreachable', 'var', 'volatile', 'while',
]);

/**
 * An identifier's name: `@"type"` is the identifier `type` (declared quoted because it names a primitive, called as
 * `qt.type(comp)`); a keyword (`@"enum"`) or any other text stays quoted, as code must write it.
 */
export function zigName(text: string): string {
  const quoted = /^@"([A-Za-z_][A-Za-z0-9_]*)"$/.exec(text);
  return quoted && !KEYWORDS.has(quoted[1]) ? quoted[1] : text;
}

/**
 * `x.a.b` read from the right: the object the member names hang on (`x`) and the names (['a', 'b']); null when a
 * member is no plain name.
 */
export function memberTail(node: SyntaxNode | null): { head: SyntaxNode | null; members: string[] } | null {
  const members: string[] = [];
  let current = node;
  while (current?.type === 'field_expression') {
    const member = current.childForFieldName('member');
    if (member?.type !== 'identifier') return null;
    members.unshift(zigName(member.text));
    current = current.childForFieldName('object');
  }
  return { head: current, members };
}

/** `a.b.c` as a name chain; null when a part is no plain name. */
export function nameChain(node: SyntaxNode | null | undefined): string[] | null {
  if (!node) return null;
  if (node.type === 'identifier') return [node.text];
  if (node.type === 'field_expression') {
    const object = nameChain(node.childForFieldName('object'));
    const member = node.childForFieldName('member');
    return object && member?.type === 'identifier' ? [...object, zigName(member.text)] : null;
  }
  return null;
}

function firstNamed(node: SyntaxNode): SyntaxNode | null {
  return node.namedChildren.find((c) => c !== null && c.type !== 'comment') ?? null;
}

/** What a type expression states about a value (see the module comment), or null. */
export function statedType(node: SyntaxNode | null | undefined, selfNames: ReadonlyMap<string, string[]>): TypeRef | null {
  if (!node) return null;
  switch (node.type) {
    case 'identifier':
    case 'field_expression': {
      const chain = nameChain(node);
      if (!chain) return hoisted(node, selfNames);
      const self = selfNames.get(chain[0]);
      if (self) return self.length > 0 ? { kind: 'named', chain: [...self, ...chain.slice(1)] } : null;
      return { kind: 'named', chain };
    }
    case 'call_expression': {
      // `Pool(T)`, `lib.List(T)`: what the type function returns (its `returnType` names the struct it builds).
      const fn = node.childForFieldName('function');
      const callee = nameChain(fn);
      return arrayList(node, selfNames) ?? (callee ? typeCall(callee, selfNames, node) : hoistedCall(fn, selfNames));
    }
    case 'builtin_function': {
      // `@This()`: the container it is written in, where that has a name chain (see `THIS` in syntax.ts).
      if (node.namedChildren[0]?.text !== '@This') return null;
      const self = selfNames.get('@This()');
      return self && self.length > 0 ? { kind: 'named', chain: self } : null;
    }
    case 'pointer_type':
    case 'parenthesized_expression':
      return statedType(node.namedChildren.filter((c) => c !== null && c.type !== 'comment').at(-1), selfNames);
    case 'error_union_type':
      return statedType(node.childForFieldName('ok') ?? node.namedChildren.at(-1), selfNames);
    case 'nullable_type':
    case 'optional_type':
    case 'slice_type':
    case 'array_type': {
      const element = statedType(node.namedChildren.filter((c) => c !== null && c.type !== 'comment').at(-1), selfNames);
      return element ? { kind: 'collection', element } : null;
    }
    default:
      return null;
  }
}

/**
 * `*A.B`, `?*const a.B`: the grammar reads a prefix type operator as applying to the chain's head only
 * (`(*A).B`); the type is the operator applied to the whole chain.
 */
function hoisted(node: SyntaxNode, selfNames: ReadonlyMap<string, string[]>): TypeRef | null {
  const split = memberTail(node);
  if (!split) return null;
  const { members } = split;
  const current = split.head;
  if (!current || current.type === 'identifier' || current.type === 'field_expression') return null;
  const head = statedType(current, selfNames);
  return head ? extended(head, members) : null;
}

/**
 * std's array lists (`std.ArrayList(T)`, `std.ArrayListUnmanaged(T)`, `std.array_list.Managed(T)`, …): their values hold
 * their elements in the field `items: []T`, so a list is read as a collection of T (see `itemsOf`). Written through
 * `std` only: a bare `ArrayList(T)` may be the workspace's own type function.
 */
const STD_ARRAY_LISTS = new Set([
  'std.ArrayList', 'std.ArrayListUnmanaged', 'std.ArrayListAligned', 'std.ArrayListAlignedUnmanaged',
  'std.array_list.Managed', 'std.array_list.Aligned', 'std.array_list.AlignedManaged',
]);

/** `std.ArrayList(T)` (see `STD_ARRAY_LISTS`): a collection of T; null for any other call. */
function arrayList(call: SyntaxNode, selfNames: ReadonlyMap<string, string[]>, callee = nameChain(call.childForFieldName('function'))): TypeRef | null {
  if (!callee || !STD_ARRAY_LISTS.has(callee.join('.'))) return null;
  const first = call.namedChildren.find((c) => c !== null && c.type === 'arguments')?.namedChildren.find((c) => c !== null && c.type !== 'comment')
    ?? call.namedChildren.filter((c) => c !== null && c.type !== 'comment')[1];
  const element = first ? statedType(first, selfNames) : null;
  return element ? { kind: 'collection', element } : null;
}

/**
 * The value whose elements `node` iterates or indexes (`for (node) |x|`, `node[i]`, `node.?`). `x.items` is the field
 * a value states, or, where x is a std array list (a collection, see `STD_ARRAY_LISTS`), x itself: whichever x proves.
 * The resolver weighs both (`any-of`); only one can hold for code that compiles.
 */
export function elementsOf(node: SyntaxNode | null | undefined, selfNames: ReadonlyMap<string, string[]>, depth = 0): TypeRef | null {
  // `xs.items[a..b]`: a slice of the same elements.
  if (node?.type === 'index_expression' && node.childForFieldName('index')?.type === 'range_expression') return elementsOf(firstNamed(node), selfNames, depth + 1);
  const chain = node?.type === 'field_expression' ? nameChain(node) : null;
  if (chain && chain.length > 1 && chain[chain.length - 1] === 'items' && !selfNames.has(chain[0])) {
    return { kind: 'any-of', of: [{ kind: 'element', of: { kind: 'value', chain } }, { kind: 'element', of: { kind: 'value', chain: chain.slice(0, -1) } }] };
  }
  const of = valueType(node, selfNames, depth);
  return of ? { kind: 'element', of } : null;
}

/** `F(…)` as a type: what type function F returns. */
function typeCall(callee: string[], selfNames: ReadonlyMap<string, string[]>, call?: SyntaxNode): TypeRef | null {
  const self = selfNames.get(callee[0]);
  if (self) return self.length > 0 && callee.length > 1 ? { kind: 'call', callee: [...self, ...callee.slice(1)] } : null;
  const typeArguments = call ? typeArgumentsOf(call, selfNames) : undefined;
  return typeArguments ? { kind: 'call', callee, typeArguments } : { kind: 'call', callee };
}

/** `Loop(Event)`: the arguments, as types (null where one is no type a name states), which a generic result binds. */
export function typeArgumentsOf(call: SyntaxNode, selfNames: ReadonlyMap<string, string[]>): Array<TypeRef | null> | undefined {
  const named = call.namedChildren.filter((c) => c !== null && c.type !== 'comment');
  const written = (named.find((c) => c?.type === 'arguments')?.namedChildren.filter((c) => c !== null && c.type !== 'comment')) ?? named.slice(1);
  return written.length > 0 ? written.map((argument) => statedType(argument, selfNames)) : undefined;
}

const POINTER_LIKE = new Set(['pointer_type', 'error_union_type']);
const COLLECTION_LIKE = new Set(['nullable_type', 'optional_type', 'slice_type', 'array_type']);

/**
 * `!*Router(H, A)`, `*lib.List(T)`, `?*const F(T)`: the grammar reads the prefix operators as applying to the
 * callee's head (`(!*Router)(H, A)`); the type is the operators applied to the whole call.
 */
function hoistedCall(fn: SyntaxNode | null, selfNames: ReadonlyMap<string, string[]>): TypeRef | null {
  const split = memberTail(fn);
  if (!split) return null;
  const { members } = split;
  let current = split.head;
  const operators: string[] = [];
  while (current && (POINTER_LIKE.has(current.type) || COLLECTION_LIKE.has(current.type))) {
    operators.push(current.type);
    current = current.type === 'error_union_type'
      ? current.childForFieldName('ok') ?? current.namedChildren.at(-1) ?? null
      : current.namedChildren.filter((c) => c !== null && c.type !== 'comment').at(-1) ?? null;
  }
  const head = nameChain(current);
  if (!head || operators.length === 0) return null;
  // `*std.ArrayList(T)`: the list (a collection of T) behind the pointer.
  let type = (fn?.parent ? arrayList(fn.parent, selfNames, [...head, ...members]) : null) ?? typeCall([...head, ...members], selfNames);
  for (const operator of operators.reverse()) if (type && COLLECTION_LIKE.has(operator)) type = { kind: 'collection', element: type };
  return type;
}

/** A stated type whose named part goes on by `members` (`*A` then `.B`: `*A.B`). */
function extended(type: TypeRef, members: string[]): TypeRef | null {
  if (type.kind === 'named') return { kind: 'named', chain: [...type.chain, ...members] };
  if (type.kind === 'collection' && type.element) {
    const element = extended(type.element, members);
    return element ? { kind: 'collection', element } : null;
  }
  return null;
}

/** The type a value expression proves, or null. */
export function valueType(node: SyntaxNode | null | undefined, selfNames: ReadonlyMap<string, string[]>, depth = 0): TypeRef | null {
  if (!node || depth > 32) return null;
  switch (node.type) {
    case 'parenthesized_expression':
    case 'try_expression':
      return valueType(firstNamed(node), selfNames, depth + 1);
    case 'catch_expression':
      // `f() catch …`: the value when there is no error.
      return valueType(firstNamed(node), selfNames, depth + 1);
    case 'unary_expression': {
      // `&x`: a pointer reaches the same methods.
      return node.child(0)?.type === '&' ? valueType(node.namedChildren.at(-1), selfNames, depth + 1) : null;
    }
    case 'binary_expression': {
      // `x orelse y`: the value x's optional holds (`try p.next() orelse return null`).
      if (node.childForFieldName('operator')?.type !== 'orelse' && node.child(1)?.type !== 'orelse') return null;
      const of = valueType(node.childForFieldName('left'), selfNames, depth + 1);
      return of ? { kind: 'element', of } : null;
    }
    case 'dereference_expression':
      // `p.*`: what the pointer points at has the same members.
      return valueType(firstNamed(node), selfNames, depth + 1);
    case 'if_expression':
      return ifValueType(node, selfNames, depth);
    case 'labeled_type_expression':
      return blockValueType(node, selfNames, depth);
    case 'struct_initializer':
      return statedType(firstNamed(node), selfNames);
    case 'index_expression':
      // `xs[a..b]`: a slice of the same elements, not one of them.
      if (node.childForFieldName('index')?.type === 'range_expression') return valueType(firstNamed(node), selfNames, depth + 1);
    // falls through: `xs[i]` is an element
    case 'null_coercion_expression':
      return elementsOf(firstNamed(node), selfNames, depth + 1);
    case 'identifier':
    case 'field_expression': {
      const chain = nameChain(node);
      if (!chain) return fieldOfValue(node, selfNames, depth);
      const self = selfNames.get(chain[0]);
      if (self) return null; // the type itself, not a value of it
      return { kind: 'value', chain };
    }
    case 'call_expression': {
      const fn = node.childForFieldName('function');
      const allocated = fn?.type === 'field_expression' ? allocation(node, fn, selfNames) : null;
      if (allocated) return allocated;
      const chain = nameChain(fn);
      if (chain) {
        const self = selfNames.get(chain[0]);
        if (self) return self.length > 0 && chain.length > 1 ? { kind: 'call', callee: [...self, ...chain.slice(1)] } : null;
        // `const KeyQueue = Queue(Key);`: a type function's arguments, which the type it returns is generic in (the
        // resolver binds them only where the callee builds a generic struct).
        const typeArguments = typeArgumentsOf(node, selfNames);
        return typeArguments ? { kind: 'call', callee: chain, typeArguments } : { kind: 'call', callee: chain };
      }
      if (fn?.type !== 'field_expression') return null;
      const member = fn.childForFieldName('member');
      // `std.ArrayList(T).init(gpa)`, `.initCapacity(gpa, n)`: the list.
      const object = fn.childForFieldName('object');
      if (object?.type === 'call_expression' && /^init(?:Capacity)?$/.test(member?.text ?? '')) {
        const list = arrayList(object, selfNames);
        if (list) return list;
      }
      const of = valueType(fn.childForFieldName('object'), selfNames, depth + 1);
      return of && member?.type === 'identifier' ? { kind: 'member-call', of, name: zigName(member.text) } : null;
    }
    default:
      return null;
  }
}

/** `f().x`, `xs[i].x`, `p.*.x`: the field of a value that is no name chain (a name chain is a `value` already). */
function fieldOfValue(node: SyntaxNode, selfNames: ReadonlyMap<string, string[]>, depth: number): TypeRef | null {
  if (node.type !== 'field_expression') return null;
  const member = node.childForFieldName('member');
  const of = member?.type === 'identifier' ? valueType(node.childForFieldName('object'), selfNames, depth + 1) : null;
  if (!of) return null;
  const name = zigName(member!.text);
  return of.kind === 'field' ? { kind: 'field', of: of.of, path: [...of.path, name] } : { kind: 'field', of, path: [name] };
}

const NO_BREAKS_OF_OUTER_BLOCK = new Set(['function_declaration', 'struct_declaration', 'enum_declaration', 'union_declaration', 'opaque_declaration']);

/**
 * `blk: { …; break :blk v; }`: the type every `break :blk` value shares (peer types, as for `if`), the first one known;
 * a `null` value makes it an optional of that type, and a value naming a type proves nothing. The values are read in the scope the block stands in, where
 * the block's own locals are not (Zig forbids shadowing, so no other binding of their names is there either).
 */
function blockValueType(node: SyntaxNode, selfNames: ReadonlyMap<string, string[]>, depth: number): TypeRef | null {
  const label = node.namedChildren.find((c) => c?.type === 'block_label')?.namedChildren.find((c) => c?.type === 'identifier')?.text;
  const block = node.namedChildren.find((c) => c?.type === 'block');
  if (!label || !block) return null;
  const values: SyntaxNode[] = [];
  const pending: SyntaxNode[] = [block];
  while (pending.length > 0 && values.length < 16) {
    const current = pending.pop()!;
    if (current.type === 'break_expression') {
      const target = current.namedChildren.find((c) => c?.type === 'break_label')?.namedChildren.find((c) => c?.type === 'identifier')?.text;
      const value = current.children.find((c) => c !== null && (c.isNamed || c.type === 'null') && c.type !== 'break_label' && c.type !== 'comment');
      if (target === label && value) values.push(value);
      continue;
    }
    if (NO_BREAKS_OF_OUTER_BLOCK.has(current.type)) continue;
    for (const child of current.namedChildren) if (child) pending.push(child);
  }
  if (values.some((v) => namesType(v))) return null;
  for (const value of values) {
    const type = value.type === 'null' ? null : valueType(value, selfNames, depth + 1);
    if (type) return values.some((v) => v.type === 'null') ? { kind: 'collection', element: type } : type;
  }
  return null;
}

/**
 * `if (c) a else b`: both branches have the one type of the whole (peer types: a struct coerces to no other), so the
 * else branch's proves it, else the then branch's. A capture (`if (x) |p| p.child else q`) is not in the scope the
 * type is read in, and Zig forbids shadowing, so a branch naming it proves nothing rather than something else. A
 * `null` branch makes it an optional of the other's type. A branch naming a type (a capitalized name or type function)
 * makes it a comptime choice of types, which proves nothing.
 */
function ifValueType(node: SyntaxNode, selfNames: ReadonlyMap<string, string[]>, depth: number): TypeRef | null {
  const condition = node.childForFieldName('condition');
  let afterElse = false;
  let then: SyntaxNode | null = null;
  let otherwise: SyntaxNode | null = null;
  for (const child of node.children) {
    if (!child || child.id === condition?.id || child.type === 'comment') continue;
    if (child.type === 'else') afterElse = true;
    else if (child.type === 'payload') continue;
    else if (child.isNamed || child.type === 'null') {
      if (afterElse) otherwise ??= child;
      else then ??= child;
    }
  }
  // `if (blocking) Blocking(S) else NonBlocking(S)`: a choice between types (named so by Zig's style), not a value.
  if (!then || !otherwise || namesType(then) || namesType(otherwise)) return null;
  const ofThen = () => valueType(then, selfNames, depth + 1);
  if (then.type === 'null' || otherwise.type === 'null') {
    const other = then.type === 'null' ? valueType(otherwise, selfNames, depth + 1) : ofThen();
    return other ? { kind: 'collection', element: other } : null;
  }
  return valueType(otherwise, selfNames, depth + 1) ?? ofThen();
}

/** `Foo`, `lib.Foo`, `Pool(T)`, `lib.List(T)`, `@This()`: an expression Zig's style names a type (capitalized), or a type builtin. */
function namesType(node: SyntaxNode): boolean {
  const callee = node.type === 'call_expression' ? node.childForFieldName('function') : node;
  if (callee?.type === 'builtin_function' || callee?.type === 'builtin_type') return true;
  const chain = nameChain(callee);
  return chain !== null && /^[A-Z]/.test(chain[chain.length - 1]);
}

/** A receiver std's `Allocator` is conventionally passed as: `allocator`, `alloc`, `gpa`, `arena`, `self.allocator`, `arena.allocator()`. */
const ALLOCATOR_NAME = /^(?:alloc|allocator|gpa|arena|\w*_allocator|\w*Allocator)$/;

/**
 * `allocator.create(T)` is a `*T`, `allocator.alloc(T, n)` and `allocator.dupe(T, xs)` a `[]T` (std.mem.Allocator), where
 * the receiver is named as an allocator and the type argument is written as a type (a capitalized name, `Self`).
 */
function allocation(call: SyntaxNode, fn: SyntaxNode, selfNames: ReadonlyMap<string, string[]>): TypeRef | null {
  const member = fn.childForFieldName('member')?.text;
  const arity = member === 'create' ? 1 : member === 'alloc' || member === 'dupe' ? 2 : 0;
  if (arity === 0 || !isAllocator(fn.childForFieldName('object'))) return null;
  const args = call.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment' && c.id !== fn.id);
  if (args.length !== arity) return null;
  const chain = nameChain(args[0]);
  const isType = chain !== null && (selfNames.has(chain[0]) || /^[A-Z]/.test(chain[chain.length - 1]));
  const element = isType ? statedType(args[0], selfNames) : null;
  if (!element) return null;
  return member === 'create' ? element : { kind: 'collection', element };
}

function isAllocator(object: SyntaxNode | null): boolean {
  if (object?.type === 'call_expression') {
    // `arena.allocator()`, `gpa.allocator()`: the allocator interface of an allocator implementation.
    const fn = object.childForFieldName('function');
    return fn?.type === 'field_expression' && fn.childForFieldName('member')?.text === 'allocator'
      && object.namedChildren.filter((c) => c !== null && c.type !== 'comment').length === 1;
  }
  const chain = nameChain(object);
  return chain !== null && ALLOCATOR_NAME.test(chain[chain.length - 1]);
}
