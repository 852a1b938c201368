/**
 * Scala's scoping, as rules for the shared engine (`src/extraction/core/scopes.ts`): block scopes
 * (a method body, every `{}` block, lambdas, `for` enumerators, `case` clauses), locals visible from
 * their definition on, parameters in the whole method. A local `def` is visible in its whole block.
 * A template body binds nothing here: vals and defs are members, found through implicit `this`.
 */
import type { ScopeRules } from '../../extraction/core/scopes.js';

export type ScalaScopeKind = 'file' | 'class' | 'method' | 'lambda' | 'block';

export type ScalaBindingKind = 'local' | 'parameter' | 'local-function';

export const SCALA_SCOPES: ScopeRules<ScalaScopeKind, ScalaBindingKind> = {
  scopes: { file: { fileLevel: true }, class: {}, method: {}, lambda: {}, block: {} },
  bindings: { local: { fromPosition: true }, parameter: {}, 'local-function': {} },
  // `val Check = new Check(height = 15)`: the local value hides no class named Check from `new`.
  valuesHideNoTypes: true,
  // `val x = make(a)` with a local `def make`: x holds what that def returns (tests declare their own helpers).
  localCallsProve: true,
};
