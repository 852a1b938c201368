/**
 * How C binds names, for the shared resolver. There are no receivers and no members to call: a call
 * names a function (or a function-like macro) of the program, which the linker finds wherever it is
 * defined. So a bare name that no local scope or the file binds means the one workspace definition
 * of that name (`workspace-unique` in its lookup), never one of two (two programs, or per-platform
 * variants, each defining it). A prototype is a declaration of that definition (`definedElsewhere`):
 * the resolver links a call that lands on it to the definition.
 *
 * A `static` function or variable, and a macro a source file defines, is file-local: never reached
 * from another file. A `static`
 * function in a header is the exception that is not: every file that includes the header has it
 * (the `static inline` helpers of headers), so it stays a workspace name.
 */
import type { Declaration } from '../../model/extraction.js';
import { defineNameBinding, type NameSeen } from '../../model/language-support.js';
import { isHeaderPath } from './file-state.js';
import { cppArgumentFits, cppConstructorConversion, cppDeducedArguments, cppPointerConversion, pointerParameterClass } from './cpp-arguments.js';
import { LIBRARY_FALLBACK } from './c-library-names.js';
import { cppSpecializationMatch } from './cpp-specializations.js';

export const cNameBinding = defineNameBinding({
  instanceReceivers: [],
  classReceivers: [],
  superReceiver: null,
  lookup: ['scoped-imports', 'enclosing-namespaces', 'module-scope', 'workspace-unique'],
  // A program sees what its `#include`s reach: a copy of the same declarations elsewhere (an amalgamated
  // single header beside the sources) is another program's.
  // No overloads: two definitions of one name in a file are `#if` alternatives, not one symbol.
  declarations: { seenThroughImports: true, definitionsAreAlternatives: true },
  fileLocal,
  linkableByName,
  expandedBeforeLookup,
});

/** A function-like macro (c-syntax.ts declares it as a function whose signature is its `#define` line). */
function expandedBeforeLookup(declaration: Declaration): boolean {
  return declaration.kind === 'function' && declaration.signature?.startsWith('#define ') === true;
}

/**
 * A fallback for a C library function (c-library-names.ts) is not linked by name. A test's own functions are linked into the test's program, not the library's: a library file's bare
 * `puts()` or `write()` is the C library's even where a test file defines a function of that name (a stub).
 * Test files link by name among themselves.
 */
function linkableByName(path: string, from?: string, declaration?: Declaration): boolean {
  // `strsep` in `compat/strsep.c`, `#ifndef isinf` / `#define isinf(d) …`: the default build (glibc) calls libc's.
  if (declaration?.buildVariant?.startsWith(LIBRARY_FALLBACK)) return false;
  return !isTestPath(path) || (from !== undefined && isTestPath(from));
}

/**
 * C++ as C, and: a definition in a source file (`bool GreaterThan(int)` in one test's `.cc`) is another translation
 * unit's only through a declaration it sees: a header's (or its own) prototype, or the source file included. A name
 * no such declaration makes visible there is another entity (a library's, a macro's), never that definition.
 */
function cppLinkableByName(path: string, from?: string, declaration?: Declaration, seen?: NameSeen): boolean {
  if (!linkableByName(path, from, declaration)) return false;
  if (!seen || from === undefined || from === path || isHeaderPath(path) || declaration?.definedElsewhere) return true;
  const declaredIn = seen.declaredIn();
  return declaredIn.some((file) => isHeaderPath(file) || file === from) || seen.reachedFrom();
}

/** A file under a test folder (`test/`, `tests/`, `unittest/`, …) or named as a test (`foo_test.c`, `test_foo.cc`). */
export function isTestPath(path: string): boolean {
  const parts = path.split('/');
  const base = parts[parts.length - 1];
  return parts.slice(0, -1).some((dir) => /^(?:tests?|testing|unit[-_]?tests?|gtest|googletest)$/i.test(dir))
    || /^test_|_(?:unit)?tests?\.[^.]+$/i.test(base);
}

/** `static` declarations, a source file's macros and a C++ anonymous namespace's members (c-syntax.ts, cpp-syntax.ts). */
function fileLocal(declaration: Declaration, path: string): boolean {
  return declaration.visibility === 'private' && !isHeaderPath(path);
}

/**
 * C++ binds as C does (the linker's one definition, file-local `static`s), plus: `this->m()` and a bare
 * `m()` inside a member mean the class's member or a proven base's first (implicit this); a type nested in a class is
 * named bare in the class and in its members' bodies, also out of line (`enclosing-class-types`); a namespace
 * written in several files is one namespace; overloads are told apart by argument count and by what literals, casts and
 * locals of built-in types prove about the arguments. A file-level
 * `using namespace ns;` of a namespace the workspace declares hides no name (its members are looked up), one of
 * `std` or of a namespace nobody declares may bind any name: no name-only link in that file.
 */
export const cppNameBinding = defineNameBinding({
  ...cNameBinding,
  instanceReceivers: ['this'],
  lookup: ['class-members', 'enclosing-class-types', 'scoped-imports', 'enclosing-namespaces', 'module-scope', 'namespace-directives', 'global-namespace-types', 'workspace-unique'],
  declarations: { namespacesSpanFiles: true, namespaceMacros: true, seenThroughImports: true, libraryNamespaces: ['std'] },
  // `dbfull()->Compact()` in a member: `dbfull` is the class's own member (implicit this), and so is its result's type.
  members: { implicitSelfInTypes: true },
  // Overloads told apart by what literals, casts and locals of built-in or string types pass (cpp-arguments.ts); a
  // non-template overload fitting as exactly as a template one is the better (as the compiler ranks them).
  argumentFits: cppArgumentFits,
  // A class the resolver evaluated for a pointer argument (`auto *opt`) meets a pointer parameter (`Option *`) as a class:
  // a raw pointer converts only to its bases' (references, values and smart pointers stay the language rule's).
  parameterTypeName: pointerParameterClass,
  // A template's parameter fits no argument exactly (deduction and SFINAE decide), yet is of the type it writes:
  // `writeAttribute(StringRef, T const&)` beside `writeAttribute(StringRef, bool)` differ at the second position only.
  comparedParameterType: (parameter) => parameter.replace(/^(?:template|deduced) /, ''),
  // A plain template whose arguments deduce one type parameter as two types (`Check("n", 1, 2.5)` for `Check(const char*, T, T)`)
  // does not apply.
  matchArguments: (argumentTypes, parameterTypes) => cppDeducedArguments(argumentTypes, parameterTypes),
  // A number or a string literal passed for a class parameter (`writeAttribute(name, 0.5)` beside
  // `writeAttribute(StringRef, StringRef)`): only through one of the class's constructors taking it.
  constructorConversion: cppConstructorConversion,
  // A string literal for `const App *` beside `std::string` (`got_subcommand("x")`): never a pointer to a class.
  pointerConversion: cppPointerConversion,
  // `get_idx<std::size_t>::get()`: the member of the specialization the written arguments select (cpp-specializations.ts).
  specializationMatch: cppSpecializationMatch,
  linkableByName: cppLinkableByName,
  nonGenericFirst: true,
  arityBindsName: true,
});
