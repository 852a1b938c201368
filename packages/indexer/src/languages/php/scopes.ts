/**
 * PHP's scoping, as rules for the shared engine (`src/extraction/core/scopes.ts`): a variable is
 * local to its whole function (PHP has no block scope); a closure and an arrow function open a
 * scope of their own that sees the enclosing function's variables (an arrow function captures them,
 * a closure through `use (...)`, whose values are the outer ones). Variables are kept with their `$`,
 * so a local never shares a name with a class, a function or a constant. File-level code binds
 * nothing local: its names are the file's.
 */
import type { ScopeRules } from '../../extraction/core/scopes.js';

export type PhpScopeKind = 'file' | 'class' | 'function' | 'closure';

export type PhpBindingKind = 'parameter' | 'local';

export const PHP_SCOPES: ScopeRules<PhpScopeKind, PhpBindingKind> = {
  scopes: { file: { fileLevel: true }, class: { visibleToNested: false }, function: {}, closure: {} },
  bindings: { parameter: {}, local: {} },
};
