/**
 * Swift's scoping, as rules for the shared engine (`src/extraction/core/scopes.ts`): block scopes
 * (a function body, every `{}` of a statement, closures, `for` patterns, `catch`), locals visible
 * from their declaration on (`guard let` too: to the end of its block), parameters in the whole
 * function. A nested `func` is visible in its whole block. A type body binds nothing here:
 * properties and methods are members, found through implicit `self`.
 */
import type { ScopeRules } from '../../extraction/core/scopes.js';

export type SwiftScopeKind = 'file' | 'class' | 'method' | 'lambda' | 'block';

export type SwiftBindingKind =
  | 'local'
  | 'parameter'
  | 'local-function'
  | 'local-type'; // a struct, class or enum declared in a function body (`let t = T()` is a T: the resolver finds T by name)

export const SWIFT_SCOPES: ScopeRules<SwiftScopeKind, SwiftBindingKind> = {
  scopes: { file: { fileLevel: true }, class: {}, method: {}, lambda: {}, block: {} },
  bindings: { local: { fromPosition: true }, parameter: {}, 'local-function': {}, 'local-type': { fromPosition: true, typeFoundByName: true } },
};
