/**
 * Dart's scoping, as rules for the shared engine (`src/extraction/core/scopes.ts`): block scopes
 * (a function body, every `{}`, `for` heads, `catch` clauses, function literals), and locals
 * visible from their declaration on. A class body binds nothing here: fields and methods are
 * members, found through implicit `this` by the resolver.
 */
import type { ScopeRules } from '../../extraction/core/scopes.js';

export type DartScopeKind = 'file' | 'class' | 'function' | 'lambda' | 'block';

export type DartBindingKind =
  | 'local' // a local variable, a for/catch variable, a pattern variable
  | 'parameter' // a function, method, constructor or function-literal parameter
  | 'local-function'; // a function declared in a block

export const DART_SCOPES: ScopeRules<DartScopeKind, DartBindingKind> = {
  scopes: { file: { fileLevel: true }, class: {}, function: {}, lambda: {}, block: {} },
  bindings: { local: { fromPosition: true }, parameter: {}, 'local-function': {} },
};
