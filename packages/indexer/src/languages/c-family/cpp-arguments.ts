/**
 * C++ argument and parameter types for overload selection, as text: what a call's arguments prove (a literal, a
 * cast, a local or parameter of a written type) and how such a type fits a parameter's. Only the built-in types
 * and `std::string` decide: a class may convert from or to anything through its constructors and conversion
 * operators, so a class type, an alias or a template parameter fits `unknown` — never `no`.
 */
import type { Node as SyntaxNode } from 'web-tree-sitter';
import type { ArgumentFit } from '../../model/language-support.js';
import { positionOf, type Scope } from '../../extraction/core/scopes.js';

/** A string literal's type as arguments state it (`"x"`: an array of char, passed as `const char*`). */
export const STRING_LITERAL = '"';

/** `const std::string &` → `string`, `const char *` → `char*`: qualifiers, references, spaces and `std::` dropped. */
export function typeText(text: string): string {
  return text
    .replace(/\b(?:const|volatile|struct|class|typename)\b/g, '')
    .replace(/&/g, '')
    .replace(/\s+/g, '')
    .replace(/^::/, '')
    .replace(/^std::/, '');
}

/** How many pointers a declarator adds to its type (`*p`, `**argv`, `*const p`). */
export function pointerDepth(declarator: SyntaxNode | null | undefined): number {
  let depth = 0;
  for (let current = declarator; current; ) {
    if (current.type === 'pointer_declarator' || current.type === 'abstract_pointer_declarator') depth++;
    current = current.childForFieldName('declarator') ?? current.namedChildren.find((c) => c !== null && c.type.endsWith('declarator')) ?? null;
  }
  return depth;
}

/** `&&` for an rvalue reference declarator (`Body&& b`), `&` for an lvalue one, else nothing. */
export function referenceSuffix(declarator: SyntaxNode | null | undefined): string {
  for (let current = declarator; current; ) {
    if (current.type === 'reference_declarator' || current.type === 'abstract_reference_declarator') return current.child(0)?.type === '&&' ? '&&' : '&';
    current = current.childForFieldName('declarator') ?? current.namedChildren.find((c) => c !== null && c.type.endsWith('declarator')) ?? null;
  }
  return '';
}

/** The written types of locals and parameters, by the scope binding them: what an argument naming one passes. */
const writtenTypes = new WeakMap<Scope, Map<string, string>>();

/** Records that `name`, bound in `scope`, is declared with type `type` (and the declarator's pointers). */
export function stateWrittenType(scope: Scope, name: string, type: SyntaxNode | null | undefined, declarator: SyntaxNode | null | undefined): void {
  if (type && pointerDepth(declarator) === 1) {
    let pointers = pointerNames.get(scope);
    if (!pointers) pointerNames.set(scope, (pointers = new Set()));
    pointers.add(name);
  }
  const readOnly = declaredReadOnly(type, declarator);
  if (readOnly !== undefined) {
    let known = readOnlyNames.get(scope);
    if (!known) readOnlyNames.set(scope, (known = new Map()));
    known.set(name, readOnly);
  }
  if (!type || type.type === 'placeholder_type_specifier') return;
  let names = writtenTypes.get(scope);
  if (!names) writtenTypes.set(scope, (names = new Map()));
  names.set(name, typeText(type.text) + '*'.repeat(pointerDepth(declarator)));
}

/** Whether the object a local or parameter reaches (itself, or what its one pointer or reference names) is `const`. */
const readOnlyNames = new WeakMap<Scope, Map<string, boolean>>();

/**
 * `const App& a`, `App const* a`: read-only; `App& a`, `App* a`, `App a`, `auto a = …`: writable; `auto& a`, `auto* a`
 * (whatever they bind may be const), two levels of pointers: undefined.
 */
function declaredReadOnly(type: SyntaxNode | null | undefined, declarator: SyntaxNode | null | undefined): boolean | undefined {
  const declaration = type?.parent;
  if (!type || !declaration) return undefined;
  const constant = declaration.children.some((c) => c?.type === 'type_qualifier' && c.text === 'const');
  if (constant) return true;
  const indirect = pointerDepth(declarator) + (referenceSuffix(declarator) !== '' ? 1 : 0);
  if (indirect > 1) return undefined;
  if (type.type === 'placeholder_type_specifier') return indirect === 0 ? false : undefined;
  return false;
}

/** Whether an identifier receiver names a local or parameter declared read-only (true) or writable (false). */
export function receiverReadOnly(node: SyntaxNode | null | undefined, scope: Scope): boolean | undefined {
  if (node?.type !== 'identifier') return undefined;
  const verdict = scope.classify(node.text, false, positionOf(node));
  return verdict.locallyBound && verdict.scope ? readOnlyNames.get(verdict.scope)?.get(node.text) : undefined;
}

/** Locals and parameters declared as one pointer (`Option *opt`, `auto *opt = …`), by the scope binding them. */
const pointerNames = new WeakMap<Scope, Set<string>>();

/**
 * The local or parameter an argument names where it is declared a raw pointer (`auto *opt`): its class, which the
 * resolver evaluates, compares with pointer parameters as a class pointer converts, along its bases only.
 */
export function pointerArgumentName(node: SyntaxNode, scope: Scope): string | undefined {
  // `this`: a pointer to the class around.
  if (node.type === 'this') return 'this';
  if (node.type !== 'identifier') return undefined;
  const verdict = scope.classify(node.text, false, positionOf(node));
  return verdict.locallyBound && verdict.scope && pointerNames.get(verdict.scope)?.has(node.text) ? node.text : undefined;
}

/** `Option *` (a pointer to one class named bare, `const` aside) → `Option`; undefined for any other parameter type. */
export function pointerParameterClass(parameter: string): string | undefined {
  const text = typeText(parameter);
  const name = /^([A-Za-z_]\w*)\*$/.exec(text)?.[1];
  return name !== undefined && !ARITHMETIC.has(name) && name !== 'void' && !STRINGS.has(name) ? name : undefined;
}

/** What each argument of a call proves about its type, null where nothing. */
export function argumentTypesOf(args: SyntaxNode, scope: Scope): Array<string | null> {
  return args.namedChildren.filter((c) => c !== null && c.type !== 'comment').map((arg) => argumentType(arg!, scope));
}

function argumentType(node: SyntaxNode, scope: Scope): string | null {
  switch (node.type) {
    case 'string_literal': case 'concatenated_string': case 'raw_string_literal': case 'char_literal': {
      // `L"x"`, `u"x"`, `U'x'`: wide and unicode literals are of other character types (`u8"x"` too, since C++20).
      if (/^(?:L|u8?|U)/.test(node.text)) return null;
      return node.type === 'char_literal' ? 'char' : STRING_LITERAL;
    }
    case 'true': case 'false':
      return 'bool';
    case 'number_literal':
      // The grammar reads a sign into the literal (`-1`): the type is the unsigned literal's.
      return numberType(node.text.replace(/'/g, '').replace(/^[-+]\s*/, ''));
    case 'unary_expression': {
      // `-1`, `-0.5f`: the literal's type (a negated literal is no literal of its own, but of the same type).
      const operand = node.namedChildren[node.namedChildren.length - 1];
      return ['-', '+'].includes(node.child(0)?.type ?? '') && node.namedChildren.length === 1 && operand?.type === 'number_literal' ? argumentType(operand, scope) : null;
    }
    case 'parenthesized_expression':
      return node.namedChildren.length === 1 ? argumentType(node.namedChildren[0]!, scope) : null;
    case 'compound_literal_expression': {
      // `Body{"x=5"}`: a temporary (an rvalue, `&&`) of the type it names.
      const type = node.childForFieldName('type');
      return type && type.type !== 'placeholder_type_specifier' ? `${typeText(type.text)}&&` : null;
    }
    case 'call_expression': {
      const fn = node.childForFieldName('function');
      // `std::move(payload)`: the local's type, as an rvalue.
      if (fn?.type === 'qualified_identifier' && fn.text.replace(/\s+/g, '') === 'std::move') {
        const [moved] = node.childForFieldName('arguments')?.namedChildren ?? [];
        const type = moved?.type === 'identifier' ? argumentType(moved, scope) : null;
        return type && !type.endsWith('&&') && type !== STRING_LITERAL ? `${type}&&` : null;
      }
      // `std::string(value)`: a temporary standard string.
      if (fn?.type === 'qualified_identifier' && STANDARD_STRING_TYPES.has(fn.text.replace(/\s+/g, ''))) return `${typeText(fn.text)}&&`;
      // `static_cast<int64_t>(v)`: the type it names.
      if (fn?.type !== 'template_function' || fn.childForFieldName('name')?.text !== 'static_cast') return null;
      const descriptor = fn.childForFieldName('arguments')?.namedChildren.find((c) => c?.type === 'type_descriptor');
      const type = descriptor?.childForFieldName('type');
      return type ? typeText(type.text) + '*'.repeat(pointerDepth(descriptor!.childForFieldName('declarator'))) : null;
    }
    case 'identifier': {
      const verdict = scope.classify(node.text, false, positionOf(node));
      return (verdict.locallyBound && verdict.scope && writtenTypes.get(verdict.scope)?.get(node.text)) || null;
    }
    default:
      return null;
  }
}

/** An integer literal's suffix and the type it gives (`1u`, `2L`, `3ull`), for values an `int` or a `long` holds. */
const INTEGER_SUFFIXES: Record<string, string> = { '': 'int', u: 'unsigned', l: 'long', ul: 'unsignedlong', lu: 'unsignedlong', ll: 'longlong', ull: 'unsignedlonglong', llu: 'unsignedlonglong' };

/**
 * A number literal's type: `1` an int (a decimal one past `int`'s range a `long`), `1u` unsigned, `2L` long, `3ull`
 * unsigned long long, `0.5` a double, `0.5f` a float; null where it depends on more (a hexadecimal or binary literal past
 * `int`'s range, `1.0L`, user-defined suffixes).
 */
function numberType(text: string): string | null {
  const integer = /^(0[xX][0-9a-fA-F]+|0[bB][01]+|\d+)([uUlL]*)$/.exec(text);
  if (integer) {
    const type = INTEGER_SUFFIXES[integer[2].toLowerCase()];
    if (type === undefined) return null;
    const value = Number(integer[1].replace(/^0[bB]/, '0b'));
    // `0L`, `0u`: a null pointer constant as `0` is (which the fit rule knows by its `int`).
    if (value === 0 && type !== 'int') return null;
    if (value <= 0x7fffffff) return type;
    if (value > Number.MAX_SAFE_INTEGER) return null;
    // Past `int`: a decimal literal without a suffix is a `long` (every 64-bit platform's); other forms may be unsigned.
    if (type === 'int') return /^\d+$/.test(integer[1]) ? 'long' : null;
    return type === 'unsigned' ? (value <= 0xffffffff ? type : null) : type;
  }
  const floating = /^((?:\d+\.\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?)([fF]?)$/.exec(text);
  if (floating && /[.eE]/.test(floating[1])) return floating[2] ? 'float' : 'double';
  return null;
}

/** The standard string types a call constructs by name (`std::string(p)`, `std::string_view(p, n)`). */
const STANDARD_STRING_TYPES = new Set(['std::string', 'std::string_view']);

const INTEGERS = [
  'char', 'signedchar', 'unsignedchar', 'short', 'unsignedshort', 'int', 'unsigned', 'unsignedint', 'long', 'unsignedlong', 'longlong',
  'unsignedlonglong', 'longint', 'unsignedlongint', 'size_t', 'ptrdiff_t', 'int8_t', 'int16_t', 'int32_t', 'int64_t', 'uint8_t', 'uint16_t',
  'uint32_t', 'uint64_t', 'intptr_t', 'uintptr_t', 'wchar_t', 'char16_t', 'char32_t',
];
/** Arithmetic types: each converts to every other (a standard conversion). */
const ARITHMETIC = new Set([...INTEGERS, 'bool', 'float', 'double', 'longdouble']);
/** Standard string types: no conversion to or from an arithmetic type or a pointer but `const char*` into them. */
const STRINGS = new Set(['string', 'string_view']);

/**
 * Whether an argument is proven to be of a type neither built in nor a standard string (a class the project declares,
 * most likely): what a project's own overload added to namespace std (`std::to_string(const ErrorCode&)`) takes.
 */
export function provesClassArgument(types: ReadonlyArray<string | null>): boolean {
  return types.some((type) => {
    const value = type?.replace(/&&$/, '');
    return value !== undefined && type !== STRING_LITERAL && !ARITHMETIC.has(value.replace(/\*+$/, '')) && !STRINGS.has(value);
  });
}

/**
 * How an argument of type `argument` (argumentType's text, `&&` marking a temporary) fits a parameter written
 * `parameter` (a declaration's `parameterTypes` entry, with its reference: `Body&&`, `std::string&`): equal types
 * exactly, but a named value never to an rvalue reference and a temporary better to one than to an lvalue reference; arithmetic types among themselves and a pointer to `bool` by a
 * standard conversion; a string literal or `const char*` into a standard string by the string's constructor; the
 * rest of what built-in and standard string types can prove cannot be passed. Anything else may convert: unknown.
 */
export function cppArgumentFits(argument: string | null, parameter: string): ArgumentFit {
  // A function template's parameter (written `template T`): deduction and SFINAE decide, not this.
  if (argument === null || parameter.startsWith('template ')) return 'unknown';
  // A plain template's `T x` or `const T& x`: deduced as a built-in type's argument, exactly that type (`matchArguments`
  // leaves out the template where two arguments deduce T differently); a string literal by `const&` is an array of its length.
  if (parameter.startsWith(DEDUCED)) return deducedType(argument, parameter.endsWith('&')) !== undefined ? 'exact' : 'unknown';
  const param = typeText(parameter);
  const rvalue = argument.endsWith('&&');
  const arg = argument === STRING_LITERAL ? 'char*' : argument.replace(/&&$/, '');
  // `cpr::Body` passed where the class's own namespace writes `Body`: one name, written with and without its scope.
  if (arg === param || sameName(arg, param) || (SAME_BUILT_IN[arg] ?? arg) === (SAME_BUILT_IN[param] ?? param)) {
    // Move overloads (`SetBody(Body&&)` beside `SetBody(const Body&)`): a named value cannot bind to an rvalue
    // reference; a temporary binds to both, the rvalue reference better.
    if (parameter.endsWith('&&')) return rvalue ? 'exact' : 'no';
    return rvalue && parameter.endsWith('&') ? 'converts' : 'exact';
  }
  const pointer = (t: string) => t.endsWith('*');
  const known = (t: string) => ARITHMETIC.has(t) || STRINGS.has(t) || pointer(t) && ARITHMETIC.has(t.replace(/\*+$/, ''));
  // A class, an alias, an enum or a template parameter (`T&&` binds anything): conversions are the class's to state.
  if (!known(arg) || !known(param)) return 'unknown';
  if (ARITHMETIC.has(arg) && ARITHMETIC.has(param)) return 'converts';
  if (pointer(arg) && param === 'bool') return 'converts';
  if (arg === 'char*' && STRINGS.has(param)) return 'converts';
  if (STRINGS.has(arg) && STRINGS.has(param)) return 'converts';
  // `0` is also a null pointer.
  if (argument === 'int' && pointer(param)) return 'unknown';
  return 'no';
}

/** `cpr::Body` and `Body`: the same last name, one of them unqualified. */
function sameName(a: string, b: string): boolean {
  if (a.includes('::') === b.includes('::')) return false;
  const [qualified, bare] = a.includes('::') ? [a, b] : [b, a];
  return /^\w+$/.test(bare) && qualified.endsWith(`::${bare}`);
}

/**
 * A built-in value (a number, `bool`, a character, a string literal or a `const char*`) for a parameter naming a class
 * (`StringRef`, `const Catch::StringRef&`, not a pointer, not a template's parameter, nothing of `std::`): the class's
 * name. Such a value becomes a class only through the class's own one-argument constructor (one user-defined
 * conversion at most), which the resolver looks for.
 */
export function cppConstructorConversion(argument: string, parameter: string): string | undefined {
  if (parameter.startsWith('template ') || parameter.startsWith(DEDUCED) || /\bstd::/.test(parameter)) return undefined;
  const arg = argument === STRING_LITERAL ? 'char*' : argument.replace(/&&$/, '');
  if (!ARITHMETIC.has(arg) && !(arg.endsWith('*') && ARITHMETIC.has(arg.replace(/\*+$/, '')))) return undefined;
  const param = typeText(parameter);
  if (!/^[A-Za-z_]\w*(?:::[A-Za-z_]\w*)*$/.test(param) || ARITHMETIC.has(param) || STRINGS.has(param) || param === 'void') return undefined;
  return param;
}

/**
 * A pointer to a built-in type (a string literal, `const char*`) for a parameter pointing to a type named bare
 * (`const App *subcom`): that name, for the resolver to rule the overload out where it names a class (`got_subcommand("x")`
 * beside `got_subcommand(const App*)` and `got_subcommand(std::string)`). A pointer converts to `void*` and `bool`, to
 * its own type's and, for a class, its bases': never from a built-in type to a class.
 */
export function cppPointerConversion(argument: string, parameter: string): string | undefined {
  if (parameter.startsWith('template ')) return undefined;
  const arg = argument === STRING_LITERAL ? 'char*' : argument.replace(/&&$/, '');
  if (!/^\w+\*$/.test(arg) || !ARITHMETIC.has(arg.slice(0, -1))) return undefined;
  return pointerParameterClass(parameter);
}

/**
 * The type a declaration writes — a function's result, a field's or variable's type — as arguments are compared
 * (`const char *GetText()` → `char*`, `LargestInt asLargestInt()` → `LargestInt`): what a call of it or a read of it passes
 * (`Declaration.writtenType`). `functions`: how many function declarators the declarator holds (1 for a function, 0 for a
 * value). Undefined for `auto` and `void` results, arrays, function pointers, and a type naming a template's parameter
 * (each instantiation has its own).
 */
export function declaredWrittenType(type: SyntaxNode | null | undefined, declarator: SyntaxNode | null | undefined, functions: number): string | undefined {
  if (!type || type.type === 'placeholder_type_specifier' || type.type === 'decltype') return undefined;
  let found = 0;
  for (let current = declarator; current; ) {
    if (current.type === 'array_declarator') return undefined;
    if (current.type === 'function_declarator') found++;
    current = current.childForFieldName('declarator') ?? current.namedChildren.find((c) => c !== null && c.type.endsWith('declarator')) ?? null;
  }
  if (found !== functions) return undefined;
  const text = typeText(type.text);
  if (text === 'void' || !/^[A-Za-z_][\w:]*$/.test(text)) return undefined;
  const templates = enclosingTemplateParameters(type);
  if (text.split('::').some((part) => templates.has(part))) return undefined;
  return text + '*'.repeat(pointerDepth(declarator));
}

/** The names of the template parameters in force at `node` (of every `template <…>` around it). */
function enclosingTemplateParameters(node: SyntaxNode): Set<string> {
  const names = new Set<string>();
  for (let current = node.parent; current; current = current.parent) {
    if (current.type !== 'template_declaration') continue;
    for (const parameter of current.childForFieldName('parameters')?.namedChildren ?? []) {
      const name = parameter?.namedChildren.find((c) => c?.type === 'type_identifier' || c?.type === 'identifier');
      if (name) names.add(name.text);
    }
  }
  return names;
}

/** The mark cpp-declarations.ts writes before a parameter a plain function template deduces its type parameter from. */
const DEDUCED = 'deduced ';

/** Spellings of one built-in type (`unsigned` and `unsigned int`). */
const SAME_BUILT_IN: Record<string, string> = { unsignedint: 'unsigned', longint: 'long', unsignedlongint: 'unsignedlong', longlongint: 'longlong', signed: 'int', signedint: 'int' };
/** The built-in and standard string types a deduced type parameter is known to become, each one type whatever the platform. */
const DEDUCIBLE = new Set(['bool', 'char', 'short', 'int', 'unsigned', 'long', 'unsignedlong', 'longlong', 'unsignedlonglong', 'float', 'double', 'char*', 'string']);

/**
 * The type a template parameter written `T` (`byReference`: `const T&`) deduces from an argument of type `argument`, where
 * it is one built-in or standard string type; undefined otherwise (a class, an alias such as `size_t`, a string literal
 * by reference).
 */
function deducedType(argument: string, byReference: boolean): string | undefined {
  if (argument === STRING_LITERAL) return byReference ? undefined : 'char*';
  const plain = argument.replace(/&&$/, '');
  const type = SAME_BUILT_IN[plain] ?? plain;
  return DEDUCIBLE.has(type) ? type : undefined;
}

/**
 * A plain function template's arguments (`XMLTest(const char*, T, T, bool)`): false where two of them deduce one type
 * parameter as two different built-in types (the template does not apply); undefined otherwise (no opinion).
 */
export function cppDeducedArguments(argumentTypes: ReadonlyArray<string | null>, parameterTypes: readonly string[]): false | undefined {
  const deduced = new Map<string, string>();
  for (let i = 0; i < argumentTypes.length && i < parameterTypes.length; i++) {
    const parameter = parameterTypes[i];
    const argument = argumentTypes[i];
    if (!parameter.startsWith(DEDUCED) || argument === null) continue;
    const type = deducedType(argument, parameter.endsWith('&'));
    if (type === undefined) continue;
    const name = typeText(parameter.slice(DEDUCED.length));
    const before = deduced.get(name);
    if (before !== undefined && before !== type) return false;
    deduced.set(name, type);
  }
  return undefined;
}
