/**
 * Kotlin's scoping, as rules for the shared engine (`src/extraction/core/scopes.ts`): block scopes
 * (a function body, every `{}`, `for` heads, `catch`, `when` subjects), lambdas, and locals visible
 * from their declaration on. Parameters are visible in the whole function. A class body binds
 * nothing here: properties and functions are members, found through implicit `this` by the resolver.
 */
import type { ScopeRules } from '../../extraction/core/scopes.js';

export type KotlinScopeKind = 'file' | 'class' | 'function' | 'lambda' | 'block';

export type KotlinBindingKind =
  | 'local' // a `val`/`var` in a block, a destructured name, a for/catch/when-subject variable
  | 'parameter' // a function, constructor or lambda parameter (`it` too)
  | 'local-function' // a `fun` declared in a block
  | 'local-class'; // a class or object declared in a block (`val c = C()` is a C: the resolver finds C by name)

export const KOTLIN_SCOPES: ScopeRules<KotlinScopeKind, KotlinBindingKind> = {
  scopes: { file: { fileLevel: true }, class: {}, function: {}, lambda: {}, block: {} },
  bindings: { local: { fromPosition: true }, parameter: {}, 'local-function': {}, 'local-class': { fromPosition: true, typeFoundByName: true } },
};
