/**
 * C#'s scoping, as rules for the shared engine (`src/extraction/core/scopes.ts`): block scopes (a
 * method body, every `{}`, `for`/`foreach`/`using` heads, `catch`), locals visible from their
 * declaration on, parameters in the whole member. A local function is visible in its whole block.
 * A class body binds nothing here: fields, properties and methods are members, found through
 * implicit `this` by the resolver.
 */
import type { ScopeRules } from '../../extraction/core/scopes.js';

export type CSharpScopeKind = 'file' | 'class' | 'method' | 'lambda' | 'block';

export type CSharpBindingKind =
  | 'local' // a local variable, a pattern variable, a foreach/catch/using variable, an out variable
  | 'parameter' // a method, constructor, lambda or indexer parameter
  | 'local-function'; // a local function (visible in its whole block)

export const CSHARP_SCOPES: ScopeRules<CSharpScopeKind, CSharpBindingKind> = {
  scopes: { file: { fileLevel: true }, class: {}, method: {}, lambda: {}, block: {} },
  bindings: { local: { fromPosition: true }, parameter: {}, 'local-function': {} },
};
