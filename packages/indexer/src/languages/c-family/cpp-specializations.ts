/**
 * Which class-template specialization written arguments select (`NameBindingRules.specializationMatch`): the arguments
 * are compared position by position with the specialization's, its own template parameters matching anything
 * (`View<E[N]>` is `View<int[3]>`'s). Only what the text proves counts: two different built-in types (or two
 * different numbers) never match; any other difference may be an alias (`size_t` for `unsigned long`), so unknown.
 */

/** `<a, b<c, d>, e>` → ['a', 'b<c, d>', 'e'] (split at the top level only). */
function splitArguments(list: string): string[] {
  const inner = list.trim().replace(/^<|>$/g, '');
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === '<' || c === '(' || c === '[') depth++;
    else if (c === '>' || c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(inner.slice(start, i).trim());
      start = i + 1;
    }
  }
  const last = inner.slice(start).trim();
  if (last !== '' || parts.length > 0) parts.push(last);
  return parts;
}

const BUILTIN_WORDS = new Set(['signed', 'unsigned', 'short', 'long', 'int', 'char', 'char8_t', 'char16_t', 'char32_t', 'wchar_t', 'bool', 'float', 'double', 'void']);

/** A built-in type's canonical spelling (`long int` and `long` alike), a number's value, or undefined for anything else. */
function builtinSpelling(text: string): string | undefined {
  const trimmed = text.trim();
  if (/^-?\d+[uUlL]*$/.test(trimmed)) return `#${BigInt(trimmed.replace(/[uUlL]+$/, ''))}`;
  if (trimmed === 'true' || trimmed === 'false') return `#${trimmed}`;
  const words = trimmed.split(/\s+/);
  if (!words.every((w) => BUILTIN_WORDS.has(w))) return undefined;
  let kept = words;
  if (kept.includes('int') && (kept.includes('short') || kept.includes('long') || kept.includes('unsigned') || kept.includes('signed'))) kept = kept.filter((w) => w !== 'int');
  if (kept.includes('signed') && !kept.includes('char')) kept = kept.filter((w) => w !== 'signed');
  if (kept.length === 0 || (kept.length === 1 && kept[0] === 'unsigned')) kept = [...kept, 'int'];
  return kept.sort().join(' ');
}

/** The standard library's names of integer types (`std::size_t`, `uint32_t`): some integer type, never a floating one. */
const INTEGER_ALIAS = /^(?:std::)?(?:u?int(?:_least|_fast)?(?:8|16|32|64)_t|u?intmax_t|u?intptr_t|size_t|ssize_t|ptrdiff_t)$/;
const NOT_INTEGERS = new Set(['float', 'double', 'long double', 'bool', 'void']);

/** Whether two spellings are proven different types: a standard integer name is no floating, `bool` or `void` type. */
function provenApart(a: string, b: string, declaresClass: (type: string) => boolean): boolean {
  const aBuiltin = builtinSpelling(a);
  const bBuiltin = builtinSpelling(b);
  // A class or enum of the workspace is a type of its own: no built-in one (`formatter<app::shade, C>` is no `<long long, C>`).
  if ((aBuiltin !== undefined && declaresClass(b)) || (bBuiltin !== undefined && declaresClass(a))) return true;
  if (aBuiltin !== undefined && bBuiltin !== undefined) return aBuiltin !== bBuiltin;
  if (INTEGER_ALIAS.test(a.trim()) && bBuiltin !== undefined) return NOT_INTEGERS.has(bBuiltin);
  if (INTEGER_ALIAS.test(b.trim()) && aBuiltin !== undefined) return NOT_INTEGERS.has(aBuiltin);
  return false;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

type Answer = 'yes' | 'no' | 'unknown';

function argumentMatch(written: string, declared: string, parameters: readonly string[], declaresClass: (type: string) => boolean): Answer {
  if (parameters.includes(declared)) return 'yes';
  const uses = parameters.filter((p) => new RegExp(`\\b${escape(p)}\\b`).test(declared));
  const writtenBuiltin = builtinSpelling(written);
  if (uses.length > 0) {
    let pattern = escape(declared).replace(/\s+/g, '\\s*');
    for (const p of uses) pattern = pattern.replace(new RegExp(`\\b${escape(p)}\\b`, 'g'), '(.+)');
    if (new RegExp(`^${pattern}$`).test(written)) return 'yes';
    // `E[N]` is no `int`; a name may alias an array.
    return writtenBuiltin !== undefined ? 'no' : 'unknown';
  }
  if (written.replace(/\s+/g, '') === declared.replace(/\s+/g, '')) return 'yes';
  const declaredBuiltin = builtinSpelling(declared);
  if (writtenBuiltin !== undefined && declaredBuiltin !== undefined && writtenBuiltin === declaredBuiltin) return 'yes';
  return provenApart(written, declared, declaresClass) ? 'no' : 'unknown';
}

export function cppSpecializationMatch(written: string, declared: string, parameters: readonly string[], declaresClass: (type: string) => boolean): Answer {
  const w = splitArguments(written);
  const d = splitArguments(declared);
  // Default arguments or a parameter pack: counts that differ prove nothing.
  if (w.length !== d.length) return 'unknown';
  let answer: Answer = 'yes';
  for (let i = 0; i < w.length; i++) {
    const each = argumentMatch(w[i], d[i], parameters, declaresClass);
    if (each === 'no') return 'no';
    if (each === 'unknown') answer = 'unknown';
  }
  return answer;
}
